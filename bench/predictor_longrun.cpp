// SPDX-License-Identifier: Apache-2.0
// A long run of the predictor (spagm/predictor.h): one predictor per unit,
// each fed N transactions with up to K in flight, the responses returned in
// a seeded random order and the tags reused once answered (DESIGN §3: a
// tag names one transaction in flight). A checkpoint line
// (spagm_progress_checkpoint: predictions so far over all units, seconds,
// resident memory and its peak) is printed before the first prediction,
// after every M-th and at the end, when every response is in.
//
// The DUT's response to each request is the predictor's own expected
// response (what a correct DUT answers), so the figures are the
// predictor's: the model's execution, parking by tag, the comparison. The
// requests are the first epoch of spagm_stim (seed S), P per unit,
// replayed in a loop; the predictor's model gets that epoch's state.
// --wrong-at I answers the I-th response (0-based, over all units) with
// its fault changed, to show a mismatch is still reported and fails the
// run. Figures, not a test: bench/longrun_bench.sh runs it and reads the
// checkpoint lines (docs/predictor.md, "Long runs").
//
//   build/bench/predictor_longrun [--txns N] [--in-flight K] [--every M]
//       [--seed S] [--units attr,pix,tex] [--pool P] [--wrong-at I]
// Exit status 0 when every predictor passed, 1 when one failed, 2 on bad
// arguments.
#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "spagm/predictor.h"
#include "spagm/spagm.h"
#include "spagm/util/progress.h"
#include "spagm/stim/stim.h"

namespace {

const char kUsage[] =
    "usage: predictor_longrun [--txns N] [--in-flight K] [--every M] [--seed S]\n"
    "                         [--units attr,pix,tex] [--pool P] [--wrong-at I]\n"
    "  --txns N       transactions per unit (default 10000000)\n"
    "  --in-flight K  most requests in flight per unit (default 1024)\n"
    "  --every M      a checkpoint line every M predictions of all units\n"
    "                 (default a tenth of the run)\n"
    "  --seed S       stimulus and response-order seed (default 1)\n"
    "  --units LIST   the units, one predictor each (default attr,pix,tex)\n"
    "  --pool P       requests per unit replayed in a loop (default 1000)\n"
    "  --wrong-at I   answer the I-th response (0-based) wrongly\n";

struct Options {
  uint64_t txns = 10000000, in_flight = 1024, every = 0, seed = 1, pool = 1000;
  uint64_t wrong_at = UINT64_MAX;
  std::vector<spagm_unit> units;
  std::string unit_list = "attr,pix,tex";
};

bool parse_count(const char *s, uint64_t min, uint64_t max, uint64_t *v) {
  if (!s || *s < '0' || *s > '9') return false;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 10);
  if (*end || errno || x < min || x > max) return false;
  *v = x;
  return true;
}

bool parse_units(const std::string &list, std::vector<spagm_unit> *units) {
  size_t at = 0;
  while (at <= list.size()) {
    size_t end = list.find(',', at);
    if (end == std::string::npos) end = list.size();
    spagm_unit u;
    if (spagm_predictor_unit_by_name(list.substr(at, end - at).c_str(), &u) != SPAGM_OK)
      return false;
    for (spagm_unit v : *units)
      if (v == u) return false;
    units->push_back(u);
    at = end + 1;
  }
  return !units->empty();
}

// Returns -1 to run, else the exit status (a message printed).
int parse_args(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--help") {
      fputs(kUsage, stdout);
      return 0;
    }
    const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
    bool ok = v != nullptr;
    if (a == "--txns") ok = ok && parse_count(v, 1, UINT64_MAX / 4, &o->txns);
    else if (a == "--in-flight") ok = ok && parse_count(v, 1, 1u << 20, &o->in_flight);
    else if (a == "--every") ok = ok && parse_count(v, 1, UINT64_MAX, &o->every);
    else if (a == "--seed") ok = ok && parse_count(v, 0, UINT64_MAX, &o->seed);
    else if (a == "--pool") ok = ok && parse_count(v, 1, 1000000, &o->pool);
    else if (a == "--wrong-at") ok = ok && parse_count(v, 0, UINT64_MAX - 1, &o->wrong_at);
    else if (a == "--units") ok = ok && (o->unit_list = v, true);
    else {
      fprintf(stderr, "predictor_longrun: unknown argument '%s'\n%s", a.c_str(), kUsage);
      return 2;
    }
    if (!ok) {
      fprintf(stderr, "predictor_longrun: %s: bad or missing value%s%s\n%s", a.c_str(),
              v ? " " : "", v ? v : "", kUsage);
      return 2;
    }
    i++;
  }
  if (!parse_units(o->unit_list, &o->units)) {
    fprintf(stderr, "predictor_longrun: --units %s: expected a list of attr, pix, tex, each once\n",
            o->unit_list.c_str());
    return 2;
  }
  return -1;
}

// splitmix64: the order responses come back in.
uint64_t next_random(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// One unit: its predictor, the requests it replays, and the DUT side: the
// responses in flight and the tags free to issue, the oldest answered
// first.
struct Lane {
  spagm_predictor *p = nullptr;
  std::vector<spagm_request> reqs;
  size_t next_req = 0;
  std::vector<spagm_response> in_flight;  // in_flight[0 .. n) are out
  size_t n = 0;
  // The tags not in flight, a ring in the order they were freed: nothing
  // here allocates after the start, so the heap's changes are the
  // predictor's.
  std::vector<uint32_t> free_tags;
  size_t free_head = 0, nfree = 0;
  uint64_t rng = 0;

  void free_tag(uint32_t t) {
    free_tags[(free_head + nfree++) % free_tags.size()] = t;
  }
  uint32_t take_tag() {
    uint32_t t = free_tags[free_head];
    free_head = (free_head + 1) % free_tags.size();
    nfree--;
    return t;
  }
};

// The first epoch of spagm_stim for unit u, count requests, its state
// loaded into the predictor's model.
bool stimulus(const Options &o, spagm_unit u, Lane *l) {
  spagm_stim_opts so;
  spagm_stim_opts_default(&so);
  so.seed = o.seed;
  so.units = 1u << u;
  so.epoch_txns = (uint32_t)o.pool;
  spagm_diag d = {0, 0, ""};
  spagm_stim *st = spagm_stim_new(&so, &d);
  bool ok = st && spagm_stim_begin_epoch(st, 0, spagm_predictor_model(l->p), &d) == SPAGM_OK;
  spagm_request r;
  while (ok && spagm_stim_next(st, u, &r)) l->reqs.push_back(r);
  spagm_stim_free(st);
  if (!ok || l->reqs.empty())
    fprintf(stderr, "predictor_longrun: no %s stimulus: %s\n", spagm_unit_name(u), d.msg);
  return ok && !l->reqs.empty();
}

struct Run {
  const Options &o;
  std::vector<Lane> lanes;
  uint64_t predicted = 0, answered = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  explicit Run(const Options &opts) : o(opts) {}

  void checkpoint() const {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spagm_progress_checkpoint(stdout, "transactions", predicted, s);
  }

  // The DUT answers one of lane l's requests in flight, chosen at random.
  void answer(Lane *l) {
    size_t k = (size_t)(next_random(&l->rng) % l->n);
    spagm_response &rsp = l->in_flight[k];
    if (answered++ == o.wrong_at)
      rsp.fault = rsp.fault == SPAGM_FAULT_NONE ? SPAGM_FAULT_ILLEGAL_INSTR_ENCODING
                                                : SPAGM_FAULT_NONE;
    unsigned diffs = 0;
    const char *report = nullptr;
    spagm_predictor_check(l->p, &rsp, &diffs, &report);
    if (diffs && report) fputs(report, stdout);
    l->free_tag(rsp.tag);
    if (k != l->n - 1) rsp = l->in_flight[l->n - 1];
    l->n--;
  }

  // Lane l's DUT accepts its next request, under the oldest free tag.
  void issue(Lane *l) {
    if (l->n == o.in_flight) answer(l);
    spagm_request &req = l->reqs[l->next_req];
    l->next_req = l->next_req + 1 == l->reqs.size() ? 0 : l->next_req + 1;
    req.tag = l->take_tag();
    spagm_predictor_predict(l->p, &req, &l->in_flight[l->n++], nullptr);
    predicted++;
  }
};

}  // namespace

int main(int argc, char **argv) {
  Options o;
  int status = parse_args(argc, argv, &o);
  if (status >= 0) return status;
  const uint64_t total = o.txns * o.units.size();
  if (!o.every) o.every = total / 10 ? total / 10 : 1;
  setvbuf(stdout, nullptr, _IOLBF, 0);
  printf("predictor_longrun:");
  for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
  printf("\nseed %" PRIu64 ", units %s, %" PRIu64 " transactions per unit, up to %" PRIu64
         " in flight per unit, %" PRIu64 " tags per unit, %" PRIu64
         " requests per unit replayed, a checkpoint every %" PRIu64 "\n",
         o.seed, o.unit_list.c_str(), o.txns, o.in_flight, 2 * o.in_flight, o.pool, o.every);

  Run run(o);
  run.lanes.resize(o.units.size());
  for (size_t i = 0; i < o.units.size(); i++) {
    Lane &l = run.lanes[i];
    spagm_diag d = {0, 0, ""};
    l.p = spagm_predictor_new(o.units[i], o.seed, &d);
    if (!l.p) {
      fprintf(stderr, "predictor_longrun: %s\n", d.msg);
      return 1;
    }
    if (!stimulus(o, o.units[i], &l)) return 1;
    l.in_flight.resize(o.in_flight);
    l.free_tags.resize(2 * o.in_flight);
    for (uint32_t t = 0; t < 2 * o.in_flight; t++) l.free_tag(t);
    l.rng = o.seed ^ (0xA5A5u + (uint64_t)o.units[i]);
  }

  run.start = std::chrono::steady_clock::now();
  run.checkpoint();
  for (uint64_t i = 0; i < o.txns; i++)
    for (Lane &l : run.lanes) {
      run.issue(&l);
      if (run.predicted % o.every == 0 && run.predicted < total) run.checkpoint();
    }
  for (Lane &l : run.lanes)
    while (l.n) run.answer(&l);
  run.checkpoint();

  uint64_t failures = 0;
  for (Lane &l : run.lanes) {
    fputs(spagm_predictor_summary(l.p), stdout);
    failures += spagm_predictor_failures(l.p);
    spagm_predictor_free(l.p);
  }
  printf("predictor_longrun: %" PRIu64 " predicted, %" PRIu64 " answered, %" PRIu64 " failed\n",
         run.predicted, run.answered, failures);
  return failures ? 1 : 0;
}
