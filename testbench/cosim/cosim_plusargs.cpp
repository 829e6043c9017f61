// SPDX-License-Identifier: Apache-2.0
// spagm-cosim plusargs: parsing and validation (cosim_plusargs.h).
#include "cosim_plusargs.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bug_catalogue.h"
#include "cosim_plusarg_check.h"

namespace cosim {
namespace {

// After "usage: <program>".
const char *const kUsage =
    " [+seed=N] [+txns=N] [+units=attr,pix,tex] [+bug=NAME|N]\n"
    "                   [+max_errors=N] [+epoch_txns=N] [+illegal_ppm=N] [+no_check]\n"
    "                   [+trace] [+trace_start=CYCLE] [+trace_stop=CYCLE] [+trace_file=F]\n"
    "                   [+waves_on_fail] [+waves_dir=DIR] [+json=FILE] [+cov=FILE]\n"
    "                   [+rtl_cov=FILE] [+no_progress] [+checkpoint=N]\n"
    "                   [+list_bugs] [+help]\n"
    "\n"
    "Runs the rtl_stubs units against the spagm golden model in lock step and\n"
    "compares every transaction (docs/cosim.md). Exit status 0 only when every\n"
    "transaction matched and the final state images agree. +json=FILE writes the\n"
    "summary as JSON (docs/json-summary.md); progress lines go to stderr unless\n"
    "+no_progress. +cov=FILE writes a functional-coverage database (docs/coverage.md);\n"
    "+rtl_cov=FILE the RTL's line and toggle coverage (a -DSPAGM_RTL_COVERAGE=ON build).\n"
    "+checkpoint=N prints time and resident memory every N transactions.\n";

// The value of +name=VALUE among args, or nullptr.
const char *plusarg(const std::vector<std::string> &args, const char *name) {
  std::string key = std::string("+") + name + "=";
  for (const auto &a : args)
    if (a.compare(0, key.size(), key) == 0) return a.c_str() + key.size();
  return nullptr;
}

bool has_flag(const std::vector<std::string> &args, const char *name) {
  std::string key = std::string("+") + name;
  for (const auto &a : args)
    if (a == key) return true;
  return false;
}

bool parse_u64(const char *s, uint64_t *v) {
  if (!s || !*s) return false;
  char *end;
  unsigned long long x = strtoull(s, &end, 0);
  if (*end) return false;
  *v = x;
  return true;
}

void print_bug_list() {
  printf("%-4s %-5s %-34s %s\n", "sel", "unit", "name", "what it breaks");
  for (const auto &b : spagm_bug_catalogue)
    printf("%-4u %-5s %-34s %s\n", b.sel, b.unit, b.name, b.what);
}

// The catalogue's defect with bug_sel n, or nullptr.
const spagm_bug *bug_of_sel(uint64_t n) {
  for (const auto &b : spagm_bug_catalogue)
    if (b.sel == n) return &b;
  return nullptr;
}

// +bug=NAME becomes +bug=N for the testbench; *name is the defect's name
// whichever way it was given (reports and reproduce lines quote names,
// N172). False for an unknown name.
bool resolve_bug_names(std::vector<std::string> *args, const std::string &prog,
                       std::string *name) {
  for (auto &a : *args) {
    if (a.compare(0, 5, "+bug=") != 0) continue;
    std::string v = a.substr(5);
    uint64_t n;
    if (parse_u64(v.c_str(), &n)) {
      const spagm_bug *b = bug_of_sel(n);
      *name = b ? b->name : n == 0 ? "" : v;
      continue;
    }
    const spagm_bug *b = spagm_find_bug(v.c_str());
    if (!b) {
      fprintf(stderr, "%s: unknown bug '%s' (+list_bugs lists them)\n", prog.c_str(), v.c_str());
      return false;
    }
    *name = b->name;
    a = "+bug=" + std::to_string(b->sel);
  }
  return true;
}

// Every argument after the program name must be a plusarg.
bool only_plusargs(const std::vector<std::string> &args, const std::string &prog) {
  for (size_t i = 1; i < args.size(); i++) {
    const std::string &a = args[i];
    if (a.empty() || a[0] != '+') {
      fprintf(stderr, "%s: unexpected argument '%s'\nusage: %s%s", prog.c_str(), a.c_str(),
              prog.c_str(), kUsage);
      return false;
    }
  }
  return true;
}

// The command that reproduces this run, quoted in every report, with the
// defect by name (bug, "" for none).
std::string repro_command(const std::vector<std::string> &args, const std::string &bug) {
  std::string repro = args[0];
  for (size_t i = 1; i < args.size(); i++) {
    if (is_wave_option(args[i])) continue;
    if (args[i].compare(0, 5, "+bug=") == 0 && !bug.empty())
      repro += " +bug=" + bug;
    else
      repro += " " + args[i];
  }
  return repro;
}

// spagm-cosim-<units>-seed<N>: wave files of different runs side by side
// do not overwrite each other (units "attr,pix" give "attr-pix").
std::string wave_file_stem(const std::string &program, const char *units,
                           const std::string &seed) {
  std::string u = units && *units ? units : "attr,pix,tex";
  for (char &ch : u)
    if (ch == ',') ch = '-';
  return program + "-" + u + "-seed" + seed;
}

WaveWindow wave_window(const std::vector<std::string> &args, const std::string &base) {
  WaveWindow w;
  w.on = has_flag(args, "trace");
  uint64_t v;
  if (parse_u64(plusarg(args, "trace_start"), &v)) w.start = v;
  if (parse_u64(plusarg(args, "trace_stop"), &v)) w.stop = v;
  w.file = plusarg(args, "trace_file") ? plusarg(args, "trace_file") : base + ".fst";
  return w;
}

// +units against the units the model holds: one it lacks is refused (a
// run of it would compare nothing); without +units, the run is of the
// units built, given to the testbench as +units.
bool units_of_build(Options *o) {
  const char *units = plusarg(o->args, "units");
  if (!units) {
    if (o->units_built != "attr,pix,tex") o->args.push_back("+units=" + o->units_built);
    return true;
  }
  std::vector<std::string> built = split_units(o->units_built);
  for (const std::string &u : split_units(units)) {
    if (std::find(built.begin(), built.end(), u) == built.end()) {
      fprintf(stderr, "%s: +units=%s: this build holds only %s (-DSPAGM_COSIM_UNITS)\n",
              o->program.c_str(), units, o->units_built.c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

std::string verilator_seed(const std::vector<std::string> &args) {
  uint64_t seed = 1;
  if (!parse_u64(plusarg(args, "seed"), &seed)) seed = 1;
  // Verilator takes 1..INT_MAX (0 would seed from the system's entropy).
  return std::to_string(1 + seed % 2147483646u);
}

bool is_wave_option(const std::string &a) {
  for (const char *p : {"+trace", "+trace_start=", "+trace_stop=", "+trace_file=",
                        "+waves_on_fail", "+waves_dir=", "+spagm_rerun", "+repro=", "+json=", "+cov=", "+rtl_cov=",
                        "+no_progress", "+checkpoint="})
    if (a.compare(0, strlen(p), p) == 0) return true;
  return false;
}

int parse_plusargs(int argc, char **argv, Options *o) {
  o->args.assign(argv, argv + argc);
  if (has_flag(o->args, "help")) {
    printf("usage: %s%s", o->program.c_str(), kUsage);
    return 0;
  }
  if (has_flag(o->args, "list_bugs")) {
    print_bug_list();
    return 0;
  }
  std::string bug;
  if (!resolve_bug_names(&o->args, o->program, &bug) || !only_plusargs(o->args, o->program))
    return 2;
  std::string why = check_plusargs(o->args);
  if (!why.empty()) {
    fprintf(stderr, "%s: %s\nusage: %s%s", o->program.c_str(), why.c_str(), o->program.c_str(),
            kUsage);
    return 2;
  }
  const char *rtl_cov = plusarg(o->args, "rtl_cov");
  if (rtl_cov && !o->rtl_coverage_built) {
    fprintf(stderr, "%s: +rtl_cov=FILE needs a build with -DSPAGM_RTL_COVERAGE=ON "
                    "(scripts/rtl-coverage, docs/coverage.md)\n", o->program.c_str());
    return 2;
  }
  o->rtl_cov = rtl_cov ? rtl_cov : "";
  if (!o->waves_built && (has_flag(o->args, "trace") || has_flag(o->args, "waves_on_fail"))) {
    fprintf(stderr, "%s: +trace and +waves_on_fail need a build with waves "
                    "(-DSPAGM_COSIM_WAVES=ON, the default; mutation builds leave them out)\n",
            o->program.c_str());
    return 2;
  }
  if (!units_of_build(o)) return 2;
  o->rerun = has_flag(o->args, "spagm_rerun");
  o->waves_on_fail = has_flag(o->args, "waves_on_fail");
  o->run_args = o->args;
  // Every variable without an initialiser or a reset starts at a random
  // value drawn from the run's seed (the build verilates with --x-initial
  // unique), as on silicon or in a four-state simulator: a register whose
  // reset is missing shows, and the same seed draws the same values
  // (docs/cosim.md, "Initial values"). Put first, so a user's own
  // +verilator+ plusargs after them win.
  o->run_args.insert(o->run_args.begin() + 1,
                     {"+verilator+rand+reset+2", "+verilator+seed+" + verilator_seed(o->args)});
  o->run_args.push_back("+repro=" + repro_command(o->args, bug));
  // The run header names the harness and the defect (N210).
  o->run_args.push_back("+spagm_tool=" + o->program);
  o->run_args.push_back("+bug_name=" + (bug.empty() ? std::string("none") : bug));
  const char *seed = plusarg(o->args, "seed");
  o->seed = seed ? seed : "1";
  const char *dir = plusarg(o->args, "waves_dir");
  o->waves_dir = dir && *dir ? dir : ".";
  o->base = o->waves_dir + "/" + wave_file_stem(o->program, plusarg(o->args, "units"), o->seed);
  o->waves = wave_window(o->args, o->base);
  return -1;
}

}  // namespace cosim
