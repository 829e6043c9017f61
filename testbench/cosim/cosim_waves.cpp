// SPDX-License-Identifier: Apache-2.0
// spagm-cosim +waves_on_fail (cosim_waves.h): the re-run and the save file.
#include "cosim_waves.h"

#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace cosim {
namespace {

// The cycles of the first mismatching transaction and what the waves
// record and show around them. The view is centred on the response (the
// mismatch) and wide enough to hold the request too; the trace is three
// times wider, so scrolling out still finds signals.
struct Window {
  uint64_t req = 0, rsp = 0;          // accept and response cycles
  uint64_t dlv = 0;                   // the delivery: the cycle after the response's handshake
  uint64_t view_lo = 0, view_hi = 0;  // what GTKWave opens on
  uint64_t trace_lo = 0, trace_hi = 0;
};

Window window_for(uint64_t req, uint64_t rsp) {
  Window w;
  w.rsp = rsp;
  w.req = req <= rsp ? req : rsp;  // no request (hang, image word): the error cycle
  w.dlv = rsp + 1;
  uint64_t span = rsp - w.req;
  uint64_t half = std::max<uint64_t>(40, span + span / 4 + 10);
  w.view_lo = rsp > half ? rsp - half : 0;
  w.view_hi = rsp + half;
  w.trace_lo = rsp > 3 * half ? rsp - 3 * half : 1;
  w.trace_hi = rsp + 3 * half;
  return w;
}

// The fields of tb_cosim_view.sv a unit's instructions use, shown in the
// save file (every field is in the FST whatever the unit).
struct UnitView {
  const char *name;
  std::vector<const char *> req_lanes;  // per-lane request fields
  unsigned wb_slots;                    // write-back slots shown
  bool pd;                              // predicate write (AL2P, PIXLD)
  unsigned st_comps;                    // store components (AST, ISBEWR)
};

const UnitView kUnits[] = {
    {"attr", {"req_a0", "req_b0", "req_c", "req_d0", "req_d1", "req_d2", "req_d3", "req_vertex",
              "req_primitive"}, 4, true, 4},
    {"pix", {"req_a0", "req_coverage", "req_sample"}, 1, true, 0},
    {"tex", {"req_a0", "req_a1", "req_b0", "req_b1"}, 4, false, 0},
};

unsigned lane_field_bits(const std::string &field) {
  return field == "req_coverage" ? 16 : field == "req_sample" ? 4 : 32;
}

// Writes the lines of a GTKWave save file. Trace flags (@...): 22 hex, 24
// decimal, 28 binary (each right-justified), 29 binary highlighted, 4022
// hex through the process filter, 200 a comment line; group begin 800200
// (closed c00200) and group end 1000200 (closed 1401200).
class Gtkw {
 public:
  explicit Gtkw(FILE *f) : f_(f) {}
  void sig(const char *flags, const std::string &name) {
    fprintf(f_, "@%s\n%s\n", flags, name.c_str());
  }
  void begin(const std::string &label, bool closed) {
    fprintf(f_, "@%s\n-%s\n", closed ? "c00200" : "800200", label.c_str());
  }
  void end(const std::string &label, bool closed) {
    fprintf(f_, "@%s\n-%s\n", closed ? "1401200" : "1000200", label.c_str());
  }
  // A signal shown under a short name (GTKWave's alias).
  void alias(const char *flags, const std::string &label, const std::string &name) {
    fprintf(f_, "@%s\n+{%s} %s\n", flags, label.c_str(), name.c_str());
  }
  // One per-lane field as a closed group of its 32 lanes.
  void lanes(const char *flags, const std::string &field, unsigned bits) {
    std::string label = field.substr(field.rfind('.') + 1) + "[lane]";
    begin(label, true);
    for (unsigned l = 0; l < 32; l++)
      sig(flags, field + "[" + std::to_string(l) + "][" + std::to_string(bits - 1) + ":0]");
    end(label, true);
  }
  void filter(const std::string &cmd) { fprintf(f_, "^>%s\n", cmd.empty() ? "0" : ("1 " + cmd).c_str()); }

 private:
  FILE *f_;
};

void write_handshake(Gtkw &g, const std::string &u) {
  g.begin("handshake", false);
  g.sig("28", "TOP.tb_cosim.clk");
  g.sig("24", "TOP.tb_cosim.cycle[63:0]");
  for (const char *s : {"req_valid", "req_ready", "rsp_valid", "rsp_ready", "idle"}) g.sig("28", u + s);
  g.sig("24", u + "check_tag[31:0]");
  g.sig("29", u + "mismatch");
  g.sig("28", u + "mismatch_lanes[31:0]");            // lane 31 left, lane 0 right
  g.sig("820", u + "mismatch_rule_name[255:0]");  // ASCII: the rule of the first lane
  g.sig("24", u + "req_tag[31:0]");                   // the live ports' tags
  g.sig("24", u + "rsp_tag[31:0]");
  if (u.find("u_tex") != std::string::npos) {  // the texture unit's memory port
    for (const char *s : {"mem_req_valid", "mem_req_ready"}) g.sig("28", u + s);
    g.sig("22", u + "mem_req_addr[47:0]");
    g.sig("24", u + "mem_req_tag[7:0]");
    for (const char *s : {"mem_rsp_valid", "mem_rsp_ready"}) g.sig("28", u + s);
    g.sig("24", u + "mem_rsp_tag[7:0]");
  }
  g.end("handshake", false);
}

void write_request(Gtkw &g, const std::string &f, const UnitView &v, const std::string &filter) {
  g.begin("request", false);
  g.sig("24", f + "req_tag[31:0]");
  g.filter(filter);  // the instruction word as disassembly when the CLI is there
  g.sig(filter.empty() ? "22" : "4022", f + "req_insn[63:0]");
  g.filter("");
  g.sig("22", f + "req_opcode[15:0]");
  g.sig("22", f + "req_lane_mask[31:0]");
  for (const char *field : v.req_lanes) g.lanes("22", f + field, lane_field_bits(field));
  g.end("request", false);
}

// The first differing lane, open: per write-back slot the actual, expected
// and mismatching bits next to each other, then the predicate and the fault
// of both responses (N212: the save file opens on the answer).
void write_failing_lane(Gtkw &g, const std::string &f, const UnitView &v, unsigned lane) {
  std::string l = "[" + std::to_string(lane) + "][31:0]";
  std::string label = "lane " + std::to_string(lane) + ": actual, expected, mismatch bits";
  g.begin(label, false);
  for (unsigned i = 0; i < v.wb_slots; i++) {
    std::string n = std::to_string(i);
    g.alias("24", "R (slot " + n + ")", f + "exp_wb_reg" + n + "[7:0]");
    g.alias("22", "actual   slot " + n, f + "rsp_wb_value" + n + l);
    g.alias("22", "expected slot " + n, f + "exp_wb_value" + n + l);
    g.alias("22", "mismatch slot " + n, f + "mismatch_bits" + n + l);
  }
  if (v.pd) {
    g.alias("22", "actual   pd_value", f + "rsp_pd_value[31:0]");
    g.alias("22", "expected pd_value", f + "exp_pd_value[31:0]");
  }
  for (unsigned k = 0; k < v.st_comps; k++) {
    std::string n = std::to_string(k);
    g.alias("22", "actual   store " + n, f + "rsp_st_data" + n + l);
    g.alias("22", "expected store " + n, f + "exp_st_data" + n + l);
  }
  g.alias("24", "actual   fault", f + "rsp_fault[7:0]");
  g.alias("24", "expected fault", f + "exp_fault[7:0]");
  g.end(label, false);
}

// A response's fields in group `label`: the delivered one (prefix rsp_) or
// the model's expected one (exp_, with the mismatching bits per slot),
// laid out alike, each lane field a closed group.
void write_response(Gtkw &g, const std::string &f, const UnitView &v, bool expected) {
  const std::string label = expected ? "expected response (model)" : "response";
  const std::string p = f + (expected ? "exp_" : "rsp_");
  g.begin(label, false);
  if (!expected) g.sig("24", p + "tag[31:0]");
  g.sig("24", p + "fault[7:0]");
  g.sig("22", p + "fault_lanes[31:0]");
  for (unsigned i = 0; i < v.wb_slots; i++) {
    std::string n = std::to_string(i);
    g.sig("24", p + "wb_reg" + n + "[7:0]");
    g.sig("22", p + "wb_valid" + n + "[31:0]");
    g.lanes("22", p + "wb_value" + n, 32);
    g.lanes("22", p + "wb_dontcare" + n, 32);
    if (expected) g.lanes("22", f + "mismatch_bits" + n, 32);
  }
  if (v.pd) {
    g.sig("24", p + "pd[7:0]");
    g.sig("22", p + "pd_written[31:0]");
    g.sig("22", p + "pd_value[31:0]");
  }
  if (v.st_comps) g.sig("24", p + "st_space[7:0]");
  for (unsigned k = 0; k < v.st_comps; k++) {
    std::string n = std::to_string(k);
    g.sig("22", p + "st_mask" + n + "[31:0]");
    g.lanes("22", p + "st_addr" + n, 32);
    g.lanes("22", p + "st_data" + n, 32);
  }
  g.end(label, false);
}

// The window's layout: GTKWave's wave pane is about this wide with the
// [size] and [signals_width] below, and its zoom z shows 2^-z / 200 time
// units per pixel; the view then spans the window, centred on the mismatch.
constexpr int kWidth = 1600, kHeight = 1000, kSignalsWidth = 660, kWavePixels = 876;

// The last component of path.
std::string base_name(const std::string &path) { return path.substr(path.rfind('/') + 1); }

void write_header(FILE *f, const std::string &fst, const std::string &gtkw, const char *unit,
                  const Window &w, uint64_t t) {
  fprintf(f,
          "[*] first mismatch of unit %s: request accepted at cycle %" PRIu64
          ", response at cycle %" PRIu64 ", delivered (held with the expected values) from "
          "cycle %" PRIu64 " (cycle N is N ns)\n",
          unit, w.req, w.rsp, w.dlv);
  // Both by their names only: GTKWave finds a dump that is not where the
  // save file says next to the save file, so the pair holds no path of this
  // machine and can be copied anywhere together (N212).
  fprintf(f, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", base_name(fst).c_str(),
          base_name(gtkw).c_str());
  fprintf(f, "[timestart] %" PRIu64 "\n", w.view_lo * t);
  fprintf(f, "[size] %d %d\n[signals_width] %d\n[sst_expanded] 0\n", kWidth, kHeight,
          kSignalsWidth);
  double ticks = (double)(w.view_hi - w.view_lo) * (double)t;
  double zoom = -std::log2(200.0 * ticks / kWavePixels);
  // Primary marker on the delivery, where the fields hold the failing
  // transaction (request, actual and expected response) and `mismatch`
  // pulses; named markers A (the request's handshake) and B (the delivery).
  fprintf(f, "*%f %" PRIu64 " %" PRIu64 " %" PRIu64, zoom, w.dlv * t, w.req * t, w.dlv * t);
  for (int i = 2; i < 26; i++) fputs(" -1", f);
  fputs("\n[markername] Arequest\n[markername] Bdelivered\n", f);
}

// The GTKWave save file for the first mismatch of unit v in the dump fst
// (named without their folder; t FST time units per cycle). tests/cosim/
// expect_waves_on_fail.cmake and expect_gtkwave_opens.cmake check it.
bool write_gtkw(const std::string &gtkw, const std::string &fst, const UnitView &v,
                const Window &w, uint64_t t, const std::string &filter, unsigned lane) {
  std::string tmp = gtkw + ".tmp";
  FILE *f = fopen(tmp.c_str(), "w");
  if (!f) return false;
  write_header(f, fst, gtkw, v.name, w, t);
  std::string u = std::string("TOP.tb_cosim.u_") + v.name + ".";
  Gtkw g(f);
  write_handshake(g, u);
  write_failing_lane(g, u + "fields.", v, lane);
  write_request(g, u + "fields.", v, filter);
  write_response(g, u + "fields.", v, false);
  write_response(g, u + "fields.", v, true);
  bool ok = fclose(f) == 0 && rename(tmp.c_str(), gtkw.c_str()) == 0;
  if (!ok) remove(tmp.c_str());
  return ok;
}

// The directory of this program (the CLI `spagm` is built and installed
// beside it).
std::string program_dir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  buf[n] = '\0';
  std::string exe = buf;
  return exe.substr(0, exe.rfind('/'));
}

// The GTKWave process filter that shows instruction words as disassembly:
// `spagm gtkwave-filter`, named without a directory so that the FST and
// .gtkw pair holds no path of this machine and can be copied anywhere
// (N212); GTKWave finds `spagm` on PATH. Empty when there is no CLI beside
// this program: the words are then shown in hex.
std::string filter_command() {
  std::string cli = program_dir() + "/spagm";
  if (access(cli.c_str(), X_OK) != 0) return "";
  return "spagm gtkwave-filter";
}

// True when a `spagm` is on PATH (the filter above needs one).
bool cli_on_path() {
  const char *path = getenv("PATH");
  std::string p = path ? path : "";
  size_t at = 0;
  while (at <= p.size()) {
    size_t c = p.find(':', at);
    if (c == std::string::npos) c = p.size();
    std::string d = c > at ? p.substr(at, c - at) : ".";
    if (access((d + "/spagm").c_str(), X_OK) == 0) return true;
    at = c + 1;
  }
  return false;
}

// The absolute path of directory dir, made with its parents when missing;
// empty on failure.
std::string absolute_dir(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); i++)
    if (i == dir.size() || dir[i] == '/') mkdir(dir.substr(0, i).c_str(), 0777);  // existing: fine
  char buf[PATH_MAX];
  if (!realpath(dir.c_str(), buf)) return "";
  return buf;
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

void rerun_with_waves(const Options &o, const RunResult &r) {
  const UnitView &v = kUnits[r.first_err_unit < 3 ? r.first_err_unit : 0];
  Window w = window_for(r.first_err_req_cycle, r.first_err_cycle);
  std::string dir = absolute_dir(o.waves_dir);
  if (dir.empty()) {
    fprintf(stderr, "%s: +waves_dir=%s: cannot use it as a directory\n", o.program.c_str(),
            o.waves_dir.c_str());
    return;
  }
  std::string base = dir + "/" + o.program + "-" + v.name + "-seed" + o.seed;
  std::vector<std::string> again;
  for (const auto &a : o.args)
    if (!is_wave_option(a)) again.push_back(a);
  again.push_back("+trace");
  again.push_back("+trace_start=" + std::to_string(w.trace_lo));
  again.push_back("+trace_stop=" + std::to_string(w.trace_hi));
  again.push_back("+trace_file=" + base + ".fst");
  again.push_back("+spagm_rerun");
  const char *prog = o.program.c_str();
  printf("%s: re-running seed %s with waves for cycles %" PRIu64 "..%" PRIu64 "\n", prog,
         o.seed.c_str(), w.trace_lo, w.trace_hi);
  if (!run_quiet_child(again)) {
    fprintf(stderr, "%s: the waves re-run failed\n", prog);
    return;
  }
  std::string gtkw = base + ".gtkw";
  std::string filter = filter_command();
  if (!filter.empty() && !cli_on_path())
    printf("%s: GTKWave shows instructions through `spagm gtkwave-filter`: put %s on PATH\n",
           prog, program_dir().c_str());
  unsigned lane = r.first_err_lanes ? (unsigned)__builtin_ctz(r.first_err_lanes) : 0;
  if (write_gtkw(gtkw, base + ".fst", v, w, r.ticks_per_cycle, filter, lane))
    printf("%s: waves of the first mismatch (%s request at cycle %" PRIu64
           ", response at cycle %" PRIu64 ", lanes 0x%08x, lane %u opened): gtkwave %s\n",
           prog, v.name, w.req, w.rsp, r.first_err_lanes, lane, gtkw.c_str());
  else
    fprintf(stderr, "%s: could not write %s\n", prog, gtkw.c_str());
}

}  // namespace cosim
