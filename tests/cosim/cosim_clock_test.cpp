// SPDX-License-Identifier: Apache-2.0
// The clock behind the co-simulation's "time:" line (cosim/clock.h): the
// time-stamp counter where it is invariant, converted to
// seconds by the ratio of ticks to monotonic time over the run.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "clock.h"

namespace {

double steady_seconds(std::chrono::steady_clock::time_point a,
                      std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// An interval in ticks converts to the seconds std::chrono's steady clock
// measures around it, within 10 % (and 2 ms): the two read the same sleep,
// so a late wake on a shared machine moves both. A wrong conversion (ticks
// taken for nanoseconds at 2-4 GHz, a ratio upside down) is off by 2x or
// more.
TEST(CosimClock, TicksConvertToWallSeconds) {
  spagm_clock k;
  spagm_clock_start(&k);
  uint64_t t0 = spagm_clock_ticks(&k);
  auto c0 = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
  auto c1 = std::chrono::steady_clock::now();
  uint64_t t1 = spagm_clock_ticks(&k);
  ASSERT_GT(t1, t0);
  double want = steady_seconds(c0, c1);
  EXPECT_NEAR(spagm_clock_seconds(&k, t1 - t0), want, 0.1 * want + 0.002);
}

// Part of a run converts to its own seconds, not the run's: the first of
// two sleeps counted, converted after the second.
TEST(CosimClock, PartOfTheRunIsItsShare) {
  spagm_clock k;
  spagm_clock_start(&k);
  uint64_t t0 = spagm_clock_ticks(&k);
  auto c0 = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  auto c1 = std::chrono::steady_clock::now();
  uint64_t counted = spagm_clock_ticks(&k) - t0;
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  double want = steady_seconds(c0, c1);
  EXPECT_NEAR(spagm_clock_seconds(&k, counted), want, 0.1 * want + 0.002);
}

#if defined(__x86_64__) && defined(__linux__)
// Whether /proc/cpuinfo names both flags Linux derives from CPUID's
// invariant-TSC bit (constant_tsc: one rate; nonstop_tsc: runs in C-states).
bool cpuinfo_says_invariant_tsc() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line);
    bool constant = false, nonstop = false;
    for (std::string w; words >> w;) {
      constant = constant || w == "constant_tsc";
      nonstop = nonstop || w == "nonstop_tsc";
    }
    return constant && nonstop;
  }
  return false;
}

// On x86-64 whose TSC the kernel calls invariant the clock must be the TSC
// (a read of a few cycles); elsewhere it must not be.
TEST(CosimClock, UsesTheTimeStampCounterWhereInvariant) {
  spagm_clock k;
  spagm_clock_start(&k);
  EXPECT_EQ(k.tsc, cpuinfo_says_invariant_tsc());
}
#endif

}  // namespace
