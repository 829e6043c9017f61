// spagm-cosim: the C++ harness of the Verilator co-simulation.
//
// It clocks tb_cosim.sv (which runs the whole flow through DPI), records
// FST waves when asked, and implements +waves_on_fail: when a run fails, it
// runs the same seed again by itself with tracing on for a window around
// the first mismatch and writes a GTKWave save file that opens there.
#include <sys/wait.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vtb_cosim.h"
#include "bug_catalogue.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {

const char *const kUsage =
    "usage: spagm-cosim [+seed=N] [+txns=N] [+units=attr,pix,tex] [+bug=NAME|N]\n"
    "                   [+max_errors=N] [+epoch_txns=N] [+illegal_ppm=N] [+no_check]\n"
    "                   [+trace] [+trace_start=CYCLE] [+trace_stop=CYCLE] [+trace_file=F]\n"
    "                   [+waves_on_fail] [+list_bugs] [+help]\n"
    "\n"
    "Runs the rtl_stubs units against the spagm golden model in lock step and\n"
    "compares every transaction (docs/cosim.md). Exit status 0 only when every\n"
    "transaction matched and the final state images agree.\n";

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

// Options that only control waves are not part of the reproduction.
bool is_wave_option(const std::string &a) {
  for (const char *p : {"+trace", "+trace_start=", "+trace_stop=", "+trace_file=",
                        "+waves_on_fail", "+spagm_rerun", "+repro="})
    if (a.compare(0, strlen(p), p) == 0) return true;
  return false;
}

struct WaveWindow {
  bool on = false;
  uint64_t start = 0, stop = UINT64_MAX;
  std::string file;
};

// GTKWave save file showing one unit's handshakes, the tag under check and
// the mismatch marker, zoomed on the window with a marker at the mismatch.
bool write_gtkw(const std::string &path, const std::string &fst, const char *unit,
                uint64_t start, uint64_t stop, uint64_t mark) {
  std::string tmp = path + ".tmp";
  FILE *f = fopen(tmp.c_str(), "w");
  if (!f) return false;
  std::string g = std::string("TOP.tb_cosim.g_") + unit + ".";
  fprintf(f, "[*] spagm-cosim: first mismatch of unit %s at cycle %" PRIu64 "\n", unit, mark);
  fprintf(f, "[dumpfile] \"%s\"\n", fst.c_str());
  fprintf(f, "[timestart] %" PRIu64 "\n", start * 10);
  fprintf(f, "*-6.000000 %" PRIu64 " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n",
          mark * 10 + 5);
  fprintf(f, "@28\nTOP.tb_cosim.clk\n@22\nTOP.tb_cosim.cycle[63:0]\n");
  fprintf(f, "@200\n-request\n@28\n%sreq_valid\n%sreq_ready\n@22\n%sreq_tag[31:0]\n", g.c_str(),
          g.c_str(), g.c_str());
  fprintf(f, "@200\n-response\n@28\n%srsp_valid\n%srsp_ready\n@22\n%srsp_tag[31:0]\n", g.c_str(),
          g.c_str(), g.c_str());
  fprintf(f, "@200\n-check\n@22\n%scheck_tag[31:0]\n@29\n%smismatch\n", g.c_str(), g.c_str());
  fprintf(f, "@28\n%sidle\n%scfg_we\n%scfg_re\n", g.c_str(), g.c_str(), g.c_str());
  (void)stop;
  bool ok = fclose(f) == 0 && rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok) remove(tmp.c_str());
  return ok;
}

int run(const std::vector<std::string> &args, const WaveWindow &w, bool rerun,
        uint64_t *first_err, unsigned *first_unit) {
  auto ctx = std::make_unique<VerilatedContext>();
  std::vector<const char *> argv;
  for (const auto &a : args) argv.push_back(a.c_str());
  ctx->commandArgs((int)argv.size(), argv.data());
  if (w.on) ctx->traceEverOn(true);
  auto top = std::make_unique<Vtb_cosim>(ctx.get(), "TOP");
  std::unique_ptr<VerilatedFstC> tfp;
  uint64_t cyc = 0;
  top->clk = 0;
  top->eval();
  while (!ctx->gotFinish() && !top->done) {
    bool tracing = w.on && cyc >= w.start && cyc <= w.stop;
    if (tracing && !tfp) {
      tfp = std::make_unique<VerilatedFstC>();
      top->trace(tfp.get(), 99);
      tfp->open(w.file.c_str());
    }
    top->clk = 1;
    top->eval();
    if (tracing) tfp->dump(cyc * 10);
    top->clk = 0;
    top->eval();
    if (tracing) tfp->dump(cyc * 10 + 5);
    cyc++;
    if (rerun && cyc > w.stop) break;  // the window is written: enough
  }
  if (tfp) tfp->close();
  top->final();
  *first_err = top->first_err_cycle;
  *first_unit = top->first_err_unit;
  if (rerun) return 0;
  return top->done && top->failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv, argv + argc);
  if (has_flag(args, "help")) {
    fputs(kUsage, stdout);
    return 0;
  }
  if (has_flag(args, "list_bugs")) {
    printf("%-4s %-5s %-34s %s\n", "sel", "unit", "name", "what it breaks");
    for (const auto &b : spagm_bug_catalogue)
      printf("%-4u %-5s %-34s %s\n", b.sel, b.unit, b.name, b.what);
    return 0;
  }
  // +bug=NAME becomes +bug=N for the testbench.
  for (auto &a : args) {
    if (a.compare(0, 5, "+bug=") != 0) continue;
    std::string v = a.substr(5);
    uint64_t n;
    if (parse_u64(v.c_str(), &n)) continue;
    const spagm_bug *b = spagm_find_bug(v.c_str());
    if (!b) {
      fprintf(stderr, "spagm-cosim: unknown bug '%s' (+list_bugs lists them)\n", v.c_str());
      return 2;
    }
    a = "+bug=" + std::to_string(b->sel);
  }
  for (const auto &a : args) {
    if (&a == &args[0]) continue;
    if (a.empty() || a[0] != '+') {
      fprintf(stderr, "spagm-cosim: unexpected argument '%s'\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  bool rerun = has_flag(args, "spagm_rerun");
  // The command that reproduces this run, quoted in every report.
  std::string repro = args[0];
  for (size_t i = 1; i < args.size(); i++)
    if (!is_wave_option(args[i])) repro += " " + args[i];
  std::vector<std::string> run_args = args;
  run_args.push_back("+repro=" + repro);

  WaveWindow w;
  w.on = has_flag(args, "trace");
  uint64_t v;
  if (parse_u64(plusarg(args, "trace_start"), &v)) w.start = v;
  if (parse_u64(plusarg(args, "trace_stop"), &v)) w.stop = v;
  const char *seed = plusarg(args, "seed");
  std::string base = std::string("spagm-cosim-seed") + (seed ? seed : "1");
  w.file = plusarg(args, "trace_file") ? plusarg(args, "trace_file") : base + ".fst";

  uint64_t first_err = ~0ull;
  unsigned first_unit = 0;
  int status = run(run_args, w, rerun, &first_err, &first_unit);
  if (w.on) printf("spagm-cosim: waves in %s (cycles %" PRIu64 "..%" PRIu64 ")\n", w.file.c_str(),
                   w.start, w.stop == UINT64_MAX ? (uint64_t)0 : w.stop);
  if (status == 0 || rerun || !has_flag(args, "waves_on_fail") || first_err == ~0ull) {
    fflush(stdout);
    return status;
  }

  // Waves on fail: the same seed again, by itself, traced around the first
  // mismatch; then a save file that opens GTKWave there.
  uint64_t start = first_err > 200 ? first_err - 200 : 0, stop = first_err + 20;
  std::vector<std::string> again;
  for (const auto &a : args)
    if (!is_wave_option(a)) again.push_back(a);
  again.push_back("+trace");
  again.push_back("+trace_start=" + std::to_string(start));
  again.push_back("+trace_stop=" + std::to_string(stop));
  again.push_back("+trace_file=" + base + ".fst");
  again.push_back("+spagm_rerun");
  printf("spagm-cosim: re-running seed %s with waves for cycles %" PRIu64 "..%" PRIu64 "\n",
         seed ? seed : "1", start, stop);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    std::vector<char *> cargv;
    for (auto &a : again) cargv.push_back(const_cast<char *>(a.c_str()));
    cargv.push_back(nullptr);
    // Quiet child: its report repeats the first run's.
    if (!freopen("/dev/null", "w", stdout)) _exit(127);
    execv("/proc/self/exe", cargv.data());
    _exit(127);
  }
  int ws = 0;
  if (pid < 0 || waitpid(pid, &ws, 0) < 0 || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0) {
    fprintf(stderr, "spagm-cosim: the waves re-run failed\n");
    return status;
  }
  const char *unit = first_unit == 2 ? "tex" : first_unit == 1 ? "pix" : "attr";
  std::string gtkw = base + ".gtkw";
  if (write_gtkw(gtkw, base + ".fst", unit, start, stop, first_err))
    printf("spagm-cosim: waves of the first mismatch: gtkwave %s\n", gtkw.c_str());
  else
    fprintf(stderr, "spagm-cosim: could not write %s\n", gtkw.c_str());
  return status;
}
