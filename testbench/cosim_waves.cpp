// SPDX-License-Identifier: Apache-2.0
// spagm-cosim +waves_on_fail (cosim_waves.h): the re-run and the save file.
#include "cosim_waves.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

namespace cosim {
namespace {

// GTKWave save file showing one unit's handshakes, the tag under check and
// the mismatch marker, zoomed on the window with a marker at the mismatch.
// The signals are those of the unit's instance u_<unit> (tb_cosim_unit.sv);
// testbench/expect_waves_on_fail.cmake and the CTest
// cosim.waves_open_in_gtkwave check these names.
bool write_gtkw(const std::string &path, const std::string &fst, const char *unit,
                uint64_t start, uint64_t mark, const std::string &prog) {
  std::string tmp = path + ".tmp";
  FILE *f = fopen(tmp.c_str(), "w");
  if (!f) return false;
  std::string g = std::string("TOP.tb_cosim.u_") + unit + ".";
  fprintf(f, "[*] %s: first mismatch of unit %s at cycle %" PRIu64 "\n", prog.c_str(), unit,
          mark);
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
  bool ok = fclose(f) == 0 && rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok) remove(tmp.c_str());
  return ok;
}

// Runs this program again with args, its stdout silenced (its report
// repeats the first run's); true when it exits with status 0.
bool run_quiet_child(const std::vector<std::string> &args) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    std::vector<char *> cargv;
    for (auto &a : args) cargv.push_back(const_cast<char *>(a.c_str()));
    cargv.push_back(nullptr);
    if (!freopen("/dev/null", "w", stdout)) _exit(127);
    execv("/proc/self/exe", cargv.data());
    _exit(127);
  }
  int ws = 0;
  return pid > 0 && waitpid(pid, &ws, 0) >= 0 && WIFEXITED(ws) && WEXITSTATUS(ws) == 0;
}

}  // namespace

void rerun_with_waves(const Options &o, uint64_t first_err, unsigned first_unit) {
  uint64_t start = first_err > 200 ? first_err - 200 : 0, stop = first_err + 20;
  std::vector<std::string> again;
  for (const auto &a : o.args)
    if (!is_wave_option(a)) again.push_back(a);
  again.push_back("+trace");
  again.push_back("+trace_start=" + std::to_string(start));
  again.push_back("+trace_stop=" + std::to_string(stop));
  again.push_back("+trace_file=" + o.base + ".fst");
  again.push_back("+spagm_rerun");
  const char *prog = o.program.c_str();
  printf("%s: re-running seed %s with waves for cycles %" PRIu64 "..%" PRIu64 "\n", prog,
         o.seed.c_str(), start, stop);
  if (!run_quiet_child(again)) {
    fprintf(stderr, "%s: the waves re-run failed\n", prog);
    return;
  }
  const char *unit = first_unit == 2 ? "tex" : first_unit == 1 ? "pix" : "attr";
  std::string gtkw = o.base + ".gtkw";
  if (write_gtkw(gtkw, o.base + ".fst", unit, start, first_err, o.program))
    printf("%s: waves of the first mismatch: gtkwave %s\n", prog, gtkw.c_str());
  else
    fprintf(stderr, "%s: could not write %s\n", prog, gtkw.c_str());
}

}  // namespace cosim
