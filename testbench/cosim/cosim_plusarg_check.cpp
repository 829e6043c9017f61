// SPDX-License-Identifier: Apache-2.0
// spagm-cosim: strict plusarg checks (cosim_plusarg_check.h).
#include "cosim_plusarg_check.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "bug_catalogue.h"

namespace cosim {
namespace {

enum class Kind { Flag, Count, Text, Units, Bug };

// Each plusarg of spagm-cosim with its range. The testbench's variables are
// longint (seed, txns: Verilator's %d stops at 2^63-1) or int unsigned.
struct Rule {
  const char *name;
  Kind kind;
  uint64_t min, max;
};

constexpr uint64_t kI64 = INT64_MAX, kU32 = UINT32_MAX;
const Rule kRules[] = {
    {"seed", Kind::Count, 0, kI64},        {"txns", Kind::Count, 1, kI64},
    {"epoch_txns", Kind::Count, 1, kU32},  {"illegal_ppm", Kind::Count, 0, 1000000},
    {"max_errors", Kind::Count, 0, kU32},  {"bug", Kind::Bug, 0, 255},
    {"units", Kind::Units, 0, 0},          {"repro", Kind::Text, 0, 0},
    {"trace_start", Kind::Count, 0, UINT64_MAX}, {"trace_stop", Kind::Count, 0, UINT64_MAX},
    {"trace_file", Kind::Text, 0, 0},      {"no_check", Kind::Flag, 0, 0},
    {"trace", Kind::Flag, 0, 0},           {"waves_on_fail", Kind::Flag, 0, 0},
    {"waves_dir", Kind::Text, 0, 0},
    {"spagm_rerun", Kind::Flag, 0, 0},     {"help", Kind::Flag, 0, 0},
    {"list_bugs", Kind::Flag, 0, 0},       {"json", Kind::Text, 0, 0},
    {"cov", Kind::Text, 0, 0},             {"rtl_cov", Kind::Text, 0, 0},
    {"no_progress", Kind::Flag, 0, 0},     {"checkpoint", Kind::Count, 1, kI64},
};

// Decimal digits only: no sign, no base prefix, no overflow.
bool parse_decimal(const std::string &s, uint64_t *v) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t x = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    uint64_t d = (uint64_t)(c - '0');
    if (x > (UINT64_MAX - d) / 10) return false;
    x = x * 10 + d;
  }
  *v = x;
  return true;
}

std::string check_units(const std::string &v) {
  if (v.empty()) return "names no unit (attr, pix, tex)";
  std::vector<std::string> seen;
  for (const std::string &u : split_units(v)) {
    if (u != "attr" && u != "pix" && u != "tex") return "'" + u + "' is not a unit (attr, pix, tex)";
    if (std::find(seen.begin(), seen.end(), u) != seen.end()) return "names " + u + " twice";
    seen.push_back(u);
  }
  return "";
}

std::string check_bug(uint64_t n) {
  if (n == 0) return "";
  for (const auto &b : spagm_bug_catalogue)
    if (b.sel == n) return "";
  return "is not a defect of rtl_stubs/bugs.tsv (+list_bugs lists them)";
}

// What is wrong with VALUE (has_value: the plusarg had '=') under rule r.
std::string check_value(const Rule &r, bool has_value, const std::string &value) {
  if (r.kind == Kind::Flag) return has_value ? "takes no value" : "";
  if (!has_value) return "needs a value (+" + std::string(r.name) + "=...)";
  if (r.kind == Kind::Text) return value.empty() ? "is empty" : "";
  if (r.kind == Kind::Units) return check_units(value);
  uint64_t n;
  if (!parse_decimal(value, &n)) return "'" + value + "' is not a decimal number";
  if (n < r.min || n > r.max)
    return "'" + value + "' is out of range " + std::to_string(r.min) + ".." + std::to_string(r.max);
  return r.kind == Kind::Bug ? check_bug(n) : "";
}

// A plusarg name no rule has: an error when it looks like a misspelt one.
std::string check_unknown(const std::string &name) {
  if (name.compare(0, 9, "verilator") == 0) return "";
  for (const Rule &r : kRules) {
    size_t n = strlen(r.name);
    bool near = name.compare(0, n, r.name) == 0 ||
                std::string(r.name).compare(0, name.size(), name) == 0;
    if (near) return "is not a spagm-cosim plusarg (did you mean +" + std::string(r.name) + "?)";
  }
  return "";
}

}  // namespace

std::vector<std::string> split_units(const std::string &list) {
  std::vector<std::string> units;
  for (size_t at = 0; at <= list.size();) {
    size_t end = list.find(',', at);
    if (end == std::string::npos) end = list.size();
    units.push_back(list.substr(at, end - at));
    at = end + 1;
  }
  return units;
}

std::string check_plusargs(const std::vector<std::string> &args) {
  uint64_t start = 0, stop = UINT64_MAX;
  for (size_t i = 1; i < args.size(); i++) {
    const std::string &a = args[i];
    size_t eq = a.find('=');
    std::string name = a.substr(1, eq == std::string::npos ? std::string::npos : eq - 1);
    std::string value = eq == std::string::npos ? "" : a.substr(eq + 1);
    if (name.empty()) return "'" + a + "': a plusarg needs a name";
    const Rule *rule = nullptr;
    for (const Rule &r : kRules)
      if (name == r.name) rule = &r;
    std::string why = rule ? check_value(*rule, eq != std::string::npos, value) : check_unknown(name);
    if (!why.empty()) return "+" + name + ": " + why;
    if (name == "trace_start") parse_decimal(value, &start);
    if (name == "trace_stop") parse_decimal(value, &stop);
  }
  if (stop < start) return "+trace_stop: before +trace_start";
  return "";
}

}  // namespace cosim
