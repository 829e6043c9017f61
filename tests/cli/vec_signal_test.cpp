// SPDX-License-Identifier: Apache-2.0
// An interrupted `spagm gen` or `spagm export-hex` (defect 10)
// removes its partial output and dies of the signal, so a shell or a job
// scheduler sees what stopped it (cli/signal_cleanup.h).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_scratch.h"

namespace fs = std::filesystem;

namespace {

class VecSignal : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = spagm_test::fresh_scratch_dir();
  }
  void TearDown() override {
    if (child > 0) stop(child, SIGKILL);  // a failed test leaves no writer behind
    fs::remove_all(dir);
  }

  // Start `spagm ARGS...` in dir.
  pid_t start(std::vector<std::string> args) {
    pid_t pid = fork();
    if (pid == 0) {
      if (chdir(dir.c_str()) != 0) _exit(127);
      std::vector<char *> argv{const_cast<char *>(SPAGM_CLI)};
      for (auto &a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(SPAGM_CLI, argv.data());
      _exit(127);
    }
    child = pid;
    return pid;
  }
  // The first entry of dir whose name contains ".partial", once it exists
  // and holds at least min_bytes (a directory: once it exists).
  fs::path wait_partial(uintmax_t min_bytes) {
    for (int i = 0; i < 6000; i++) {
      for (auto &e : fs::directory_iterator(dir)) {
        std::error_code ec;
        if (e.path().filename().string().find(".partial") == std::string::npos) continue;
        if (e.is_directory(ec) || fs::file_size(e.path(), ec) >= min_bytes) return e.path();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {};
  }
  bool any_partial() {
    for (auto &e : fs::directory_iterator(dir))
      if (e.path().filename().string().find(".partial") != std::string::npos) return true;
    return false;
  }
  // Send sig to pid; its wait status.
  int stop(pid_t pid, int sig) {
    kill(pid, sig);
    int st = 0;
    waitpid(pid, &st, 0);
    if (pid == child) child = 0;
    return st;
  }
  fs::path dir;
  pid_t child = 0;
};

TEST_F(VecSignal, Gen_Sigterm_RemovesPartial_DiesOfTheSignal) {
  pid_t pid = start({"gen", "--seed", "1", "--count", "1000000", "-o", "big.vec"});
  ASSERT_GT(pid, 0);
  ASSERT_FALSE(wait_partial(4u << 20).empty()) << "no growing .partial file";
  int st = stop(pid, SIGTERM);
  ASSERT_TRUE(WIFSIGNALED(st)) << "exit status " << st;
  EXPECT_EQ(WTERMSIG(st), SIGTERM);
  EXPECT_FALSE(any_partial());
  EXPECT_FALSE(fs::exists(dir / "big.vec"));
}

TEST_F(VecSignal, Gen_Sigint_RemovesPartial_DiesOfTheSignal) {
  pid_t pid = start({"gen", "--seed", "2", "--count", "1000000", "-o", "big.vec"});
  ASSERT_GT(pid, 0);
  ASSERT_FALSE(wait_partial(1u << 20).empty());
  int st = stop(pid, SIGINT);
  ASSERT_TRUE(WIFSIGNALED(st)) << "exit status " << st;
  EXPECT_EQ(WTERMSIG(st), SIGINT);
  EXPECT_FALSE(any_partial());
}

TEST_F(VecSignal, ExportHex_Sigterm_RemovesPartialDirectory_DiesOfTheSignal) {
  int rc = std::system(("cd '" + dir.string() + "' && '" + SPAGM_CLI +
                        "' gen --seed 1 --count 20000 -o in.vec").c_str());
  ASSERT_EQ(rc, 0);
  pid_t pid = start({"export-hex", "in.vec", "out"});
  ASSERT_GT(pid, 0);
  fs::path p = wait_partial(0);
  ASSERT_FALSE(p.empty()) << "no .partial directory";
  // Let it write into its files for a moment.
  for (int i = 0; i < 200; i++) {
    std::error_code ec;
    if (fs::exists(p / "pix_exp.hex", ec) && fs::file_size(p / "pix_exp.hex", ec) > (1u << 20)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  int st = stop(pid, SIGTERM);
  ASSERT_TRUE(WIFSIGNALED(st)) << "the export finished before the signal: exit status " << st;
  EXPECT_EQ(WTERMSIG(st), SIGTERM);
  EXPECT_FALSE(any_partial());
  EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace
