// SPDX-License-Identifier: Apache-2.0
// Functional coverage (docs/coverage.md): the plan covers every
// rule, collection is deterministic, databases merge in any order, and bad
// database files are refused with a clear error (N100..N103).
#include <algorithm>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <zlib.h>

extern "C" {
#include "spagm/spagm.h"
#include "spagm/cov/cov.h"
#include "spagm/stim/stim.h"
#include "cosim.h"
}
#include "test_scratch.h"

namespace {

// Collect `txns` requests per unit of seed `seed` into c, as `spagm gen` does.
void collect(spagm_cov *c, uint64_t seed, uint32_t txns) {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = seed;
  o.units = 7;
  o.epoch_txns = 200;
  spagm_stim *s = spagm_stim_new(&o, nullptr);
  spagm_model *m = spagm_model_new();
  ASSERT_TRUE(s && m);
  auto *req = new spagm_request, *dummy = new spagm_request;
  auto *rsp = new spagm_response;
  auto *ex = new spagm_explain;
  std::string name = "seed " + std::to_string(seed);
  ASSERT_EQ(spagm_cov_begin_input(c, name.c_str(), nullptr), SPAGM_OK);
  uint32_t done = 0;
  for (unsigned e = 0; done < txns; e++) {
    ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, nullptr), SPAGM_OK);
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
      while (spagm_stim_next(s, (spagm_unit)u, req)) {
        spagm_execute_explained(m, req, rsp, ex);
        ASSERT_EQ(spagm_cov_sample(c, m, nullptr, req, rsp, ex), SPAGM_OK);
        done++;
      }
  }
  delete req;
  delete dummy;
  delete rsp;
  delete ex;
  spagm_model_free(m);
  spagm_stim_free(s);
}

std::string slurp(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string tmp(const std::string &leaf) {
  return spagm_test::scratch(leaf);
}

std::string written(const spagm_cov *c, const std::string &leaf) {
  std::string p = tmp(leaf);
  EXPECT_EQ(spagm_cov_write(c, p.c_str(), nullptr), SPAGM_OK);
  return slurp(p);
}

// text with its first `n` bytes replaced by `head` and a valid crc32 line:
// a well-formed file of another version or plan.
std::string recrc(const std::string &good, size_t n, const std::string &head) {
  std::string body = head + good.substr(n, good.size() - n - 15);
  char line[32];
  snprintf(line, sizeof line, "crc32 %08lx\n",
           crc32(0L, reinterpret_cast<const Bytef *>(body.data()), (uInt)body.size()));
  return body + line;
}

}  // namespace

TEST(COV_Plan, EveryRuleHasABin) {
  size_t n = 0;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (unsigned r = 1; r < 0x400; r++) {
    const char *name = spagm_rule_name(r);
    if (!name) continue;
    bool found = false;
    for (size_t i = 0; i < n && !found; i++) {
      if (p[i].ndims != 1 || std::string(p[i].dim[0].name) != "rule") continue;
      for (unsigned b = 0; b < p[i].dim[0].n; b++)
        if (std::string(p[i].dim[0].bins[b]) == name) found = true;
    }
    EXPECT_TRUE(found) << name;
  }
}

TEST(COV_Plan, ExcludedBinsGiveAReason) {
  size_t n = 0;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++)
    for (const spagm_cov_except *e = p[i].except; e && e->reason; e++)
      EXPECT_GT(std::string(e->reason).size(), 10u) << p[i].name;
}

TEST(COV_Db, SameSeedSameBytes) {
  spagm_cov *a = spagm_cov_new(), *b = spagm_cov_new();
  collect(a, 3, 3000);
  collect(b, 3, 3000);
  EXPECT_EQ(written(a, "same_a"), written(b, "same_b"));
  spagm_cov_free(a);
  spagm_cov_free(b);
}

TEST(COV_Db, RoundTripsThroughTheFile) {
  spagm_cov *a = spagm_cov_new(), *r = nullptr;
  collect(a, 5, 2000);
  std::string text = written(a, "rt");
  spagm_diag d{};
  ASSERT_EQ(spagm_cov_read(tmp("rt").c_str(), &r, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(written(r, "rt2"), text);
  spagm_cov_free(a);
  spagm_cov_free(r);
}

TEST(COV_Merge, IsCommutative) {
  spagm_cov *a = spagm_cov_new(), *b = spagm_cov_new();
  collect(a, 1, 2000);
  collect(b, 2, 2000);
  spagm_cov *ab = spagm_cov_new(), *ba = spagm_cov_new();
  ASSERT_EQ(spagm_cov_merge(ab, a, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_cov_merge(ab, b, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_cov_merge(ba, b, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_cov_merge(ba, a, nullptr), SPAGM_OK);
  EXPECT_EQ(written(ab, "ab"), written(ba, "ba"));
  EXPECT_EQ(spagm_cov_hits(ab, 0, 0), spagm_cov_hits(a, 0, 0) + spagm_cov_hits(b, 0, 0));
  for (spagm_cov *c : {a, b, ab, ba}) spagm_cov_free(c);
}

// Each damaged copy of a good file is refused with a message naming the
// problem, and nothing is returned.
TEST(COV_Db, CorruptTruncatedOrOtherVersionRefused) {
  spagm_cov *a = spagm_cov_new();
  collect(a, 7, 500);
  std::string good = written(a, "good");
  spagm_cov_free(a);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x01;
  std::string version = recrc(good, 11, "spagm-cov 9");
  std::string plan = recrc(good, 25, "spagm-cov 2\nplan 00000000");
  std::string old = recrc(good, 11, "spagm-cov 1");
  struct {
    const char *leaf;
    std::string text;
    const char *says;
  } cases[] = {{"flipped", flipped, "CRC-32 mismatch"},
               {"truncated", good.substr(0, good.size() / 3), "truncated"},
               {"empty", "", "truncated"},
               {"version", version, "format version 9, this spagm reads version 2"},
               {"version1", old, "format version 1, this spagm reads version 2 (at_least"},
               {"plan", plan, "another coverage plan"},
               {"binary", std::string("\0\1\2", 3), "NUL"}};
  for (auto &k : cases) {
    std::string p = tmp(k.leaf);
    std::ofstream(p, std::ios::binary) << k.text;
    spagm_cov *r = reinterpret_cast<spagm_cov *>(1);
    spagm_diag d{};
    EXPECT_NE(spagm_cov_read(p.c_str(), &r, &d), SPAGM_OK) << k.leaf;
    EXPECT_EQ(r, nullptr) << k.leaf;
    EXPECT_NE(std::string(d.msg).find(k.says), std::string::npos) << k.leaf << ": " << d.msg;
  }
}

TEST(COV_Api, NullArgumentsAreErrors) {
  spagm_cov *c = spagm_cov_new();
  EXPECT_EQ(spagm_cov_sample(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_begin_input(c, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_begin_input(c, "two\nlines", nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_merge(nullptr, c, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_write(nullptr, "x", nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_read(nullptr, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_report_text(nullptr, stdout), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_rank(c, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_write_plan(nullptr), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// +cov=FILE of spagm-cosim: each accepted, checked request is sampled and
// the database is written at finish, whatever the RTL answered.
TEST(COV_Cosim, AcceptedRequestsAreSampledAndWrittenAtFinish) {
  spagm_cosim_opts o;
  spagm_cosim_opts_default(&o);
  o.txns = 300;
  o.epoch_txns = 100;
  o.max_errors = 0;  // every answer is wrong: never stop (N171 stops checking at the limit)
  spagm_cosim *c = spagm_cosim_new(&o, nullptr);
  ASSERT_NE(c, nullptr);
  std::string path = tmp("cosim");
  std::remove(path.c_str());
  ASSERT_TRUE(spagm_cosim_set_coverage(c, path.c_str()));
  spagm_request req;
  spagm_response rsp;
  uint64_t accepted = 0;
  while (spagm_cosim_begin_epoch(c))
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      // Two requests at a time, answered youngest first: every second
      // response is overtaken (N104). The answers are wrong (no RTL);
      // only sampling is tested.
      std::vector<uint32_t> tags;
      while (spagm_cosim_next_request(c, (spagm_unit)u, &req)) {
        spagm_cosim_accept(c, (spagm_unit)u, &req, accepted++);
        tags.push_back(req.tag);
        if (tags.size() < 2) continue;
        for (auto t = tags.rbegin(); t != tags.rend(); ++t) {
          spagm_response_init(&rsp, *t);
          spagm_cosim_check(c, (spagm_unit)u, &rsp, accepted);
        }
        tags.clear();
      }
    }
  FILE *devnull = std::fopen("/dev/null", "w");
  spagm_cosim_finish(c, devnull, accepted, 1.0);
  std::fclose(devnull);
  spagm_cosim_free(c);
  spagm_cov *r = nullptr;
  spagm_diag d{};
  ASSERT_EQ(spagm_cov_read(path.c_str(), &r, &d), SPAGM_OK) << d.msg;
  spagm_cov_totals t{};
  spagm_cov_unit_totals(r, SPAGM_UNIT_COUNT, &t);
  EXPECT_GT(t.hit, 100u);
  EXPECT_TRUE(spagm_cov_has_cosim(r));
  size_t n = 0;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++) {
    if (!p[i].cosim_only || std::string(p[i].name).find(".cosim_flow") == std::string::npos) continue;
    // order=overtaken in_flight=1 epoch=first and order=in_order in_flight=2-3 epoch=reloaded
    unsigned overtaken[3] = {1, 0, 0}, in_order[3] = {0, 1, 1};
    EXPECT_GT(spagm_cov_hits(r, i, (overtaken[0] * 3 + overtaken[1]) * 2 + overtaken[2]), 0u)
        << p[i].name;
    EXPECT_GT(spagm_cov_hits(r, i, (in_order[0] * 3 + in_order[1]) * 2 + in_order[2]), 0u)
        << p[i].name;
  }
  spagm_cov_free(r);
}

// A database without co-simulation samples does not count the
// co-simulation-only points: random traffic alone can close the plan.
TEST(COV_Cosim, OnlyPointsNeedACosimInput) {
  spagm_cov *c = spagm_cov_new();
  collect(c, 1, 500);
  EXPECT_FALSE(spagm_cov_has_cosim(c));
  spagm_cov_totals before{}, after{};
  spagm_cov_unit_totals(c, SPAGM_UNIT_ATTR, &before);
  ASSERT_EQ(spagm_cov_sample_response(c, SPAGM_UNIT_ATTR, false, 1, false), SPAGM_OK);
  EXPECT_TRUE(spagm_cov_has_cosim(c));
  spagm_cov_unit_totals(c, SPAGM_UNIT_ATTR, &after);
  // Every co-simulation-only point of the unit counts now (cosim_flow's 12
  // bins, illegal_write's 6, ...).
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  unsigned cosim_bins = 0;
  for (size_t i = 0; i < n; i++)
    if (plan[i].cosim_only && plan[i].unit == SPAGM_UNIT_ATTR) cosim_bins += spagm_cov_point_bins(plan + i);
  EXPECT_GE(cosim_bins, 18u);
  EXPECT_EQ(after.legal, before.legal + cosim_bins);
  EXPECT_EQ(after.hit, before.hit + 1);
  EXPECT_EQ(spagm_cov_sample_response(nullptr, SPAGM_UNIT_ATTR, false, 1, false), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// The text report of c, written to a scratch file named `name`.
static std::string report_text(const spagm_cov *c, const char *name) {
  std::string path = tmp(name);
  FILE *f = std::fopen(path.c_str(), "w");
  EXPECT_NE(f, nullptr);
  if (!f) return "";
  EXPECT_EQ(spagm_cov_report_text(c, f), SPAGM_OK);
  std::fclose(f);
  return slurp(path);
}

// Index of the plan's point `name`.
static size_t point_index(const char *name) {
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++)
    if (!std::strcmp(plan[i].name, name)) return i;
  ADD_FAILURE() << "no point " << name;
  return 0;
}

// Index of the co-simulation-only point `name` of unit u, which has `bins`
// bins (a failure otherwise).
static size_t cosim_corner_point(const char *name, spagm_unit u, unsigned bins) {
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  size_t pt = point_index(name);
  EXPECT_TRUE(plan[pt].cosim_only) << name;
  EXPECT_EQ(plan[pt].unit, u) << name;
  EXPECT_EQ(spagm_cov_point_bins(plan + pt), bins) << name;
  return pt;
}

// pix.unwritten (N280): a PIXLD accepted while the load left pixel
// registers out credits field x mode for each register left out, and
// nothing for other units, other instructions or no register left out.
TEST(COV_Cosim, UnwrittenPixelRegistersByMode) {
  spagm_cov *c = spagm_cov_new();
  spagm_request req;
  spagm_request_init(&req);
  spagm_insn in;
  spagm_insn_init(&in, SPAGM_OP_PIXLD);
  in.pmode = SPAGM_PIX_OFFSET;
  ASSERT_EQ(spagm_encode(&in, &req.insn, nullptr, nullptr), SPAGM_OK);
  size_t pt = point_index("pix.unwritten");
  const spagm_cov_point *p = spagm_cov_plan(nullptr) + pt;
  auto hits_of = [&](const char *bin) {
    char name[128];
    for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
      if (std::string(spagm_cov_bin_name(p, b, name, sizeof name)) == bin)
        return spagm_cov_hits(c, pt, b);
    ADD_FAILURE() << "no bin " << bin;
    return uint64_t{0};
  };
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_PIX, &req, 0x4u), SPAGM_OK); /* positions */
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_PIX, &req, 0xAu), SPAGM_OK); /* samples, ssaa */
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_ATTR, &req, 0xFu), SPAGM_OK);
  EXPECT_EQ(hits_of("field=positions mode=OFFSET"), 1u);
  EXPECT_EQ(hits_of("field=samples mode=OFFSET"), 1u);
  EXPECT_EQ(hits_of("field=ssaa mode=OFFSET"), 1u);
  EXPECT_EQ(hits_of("field=stage mode=OFFSET"), 0u);
  EXPECT_EQ(hits_of("field=positions mode=CENTROID_OFFSET"), 0u);
  EXPECT_TRUE(spagm_cov_has_cosim(c));
  req.insn = 0; /* no instruction: not sampled */
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_PIX, &req, 0xFu), SPAGM_OK);
  EXPECT_EQ(hits_of("field=stage mode=MSCOUNT"), 0u);
  EXPECT_EQ(spagm_cov_sample_unwritten(nullptr, SPAGM_UNIT_PIX, &req, 1u), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_PIX, nullptr, 1u), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_sample_unwritten(c, SPAGM_UNIT_COUNT, &req, 1u), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// Bin of point i named `bin`.
static unsigned bin_index(size_t i, const char *bin) {
  const spagm_cov_point *p = spagm_cov_plan(nullptr) + i;
  char name[192];
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
    if (!std::strcmp(spagm_cov_bin_name(p, b, name, sizeof name), bin)) return b;
  ADD_FAILURE() << "no bin " << bin;
  return 0;
}

// N243, N255: in a co-simulation database, the unhit bins no run through an
// RTL port can reach (ISBEWR, N241) and the overtaken bins of a unit that
// answered in order are listed under their class, not as holes, and the
// total gives both figures; once a unit's responses were overtaken at all,
// its other overtaken bins are holes again. Without a co-simulation input
// nothing changes. One function (spagm_cov_bin_gap) decides for the text
// report and --fail-on-holes (spagm_cov_report_holes).
TEST(COV_Cosim, UnreachableBinsListedApart) {
  spagm_cov *c = spagm_cov_new();
  collect(c, 1, 200);
  std::string text = report_text(c, "reach_model.txt");
  EXPECT_NE(text.find("    hole: op=ISBEWR stage=VSA\n"), std::string::npos);
  EXPECT_EQ(text.find("this co-simulation can reach"), std::string::npos);
  size_t op_stage = point_index("attr.op_stage"), tex_flow = point_index("tex.cosim_flow");
  unsigned isbewr = bin_index(op_stage, "op=ISBEWR stage=VSA");
  EXPECT_EQ(spagm_cov_bin_gap(c, op_stage, isbewr), SPAGM_COV_GAP_HOLE);
  unsigned holes_model = spagm_cov_report_holes(c, nullptr);

  ASSERT_EQ(spagm_cov_sample_response(c, SPAGM_UNIT_ATTR, false, 1, false), SPAGM_OK);
  text = report_text(c, "reach_cosim.txt");
  EXPECT_EQ(spagm_cov_bin_gap(c, op_stage, isbewr), SPAGM_COV_GAP_NO_PORT);
  EXPECT_NE(text.find("    not reachable by co-simulation (N241): op=ISBEWR stage=VSA\n"),
            std::string::npos);
  EXPECT_NE(text.find("    not reachable by co-simulation (N241): ISBEWR_WRITTEN\n"),
            std::string::npos);
  EXPECT_EQ(text.find("hole: op=ISBEWR"), std::string::npos);
  EXPECT_NE(text.find("    needs a reordering DUT (N243): order=overtaken in_flight=1 epoch=first\n"),
            std::string::npos);
  // No texture response at all: its overtaken bins need a reordering DUT too.
  unsigned first = bin_index(tex_flow, "order=overtaken in_flight=1 epoch=first");
  EXPECT_EQ(spagm_cov_bin_gap(c, tex_flow, first), SPAGM_COV_GAP_REORDER);
  // 21 ISBEWR + 6 overtaken bins of each of the three units apart; none of
  // them is a hole for --fail-on-holes.
  EXPECT_NE(text.find("; 39 it cannot (listed apart, N243)\n"), std::string::npos);
  unsigned holes_cosim = spagm_cov_report_holes(c, nullptr);
  spagm_cov_totals t{};
  spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &t);
  EXPECT_EQ(holes_cosim, t.holes - 39);
  // The cosim points count now: their 18 in-order bins are holes but the one
  // attr response hit, and so are the 24 bins of pix.unwritten (N280: no
  // load of this database left a register out), the 18 of the three
  // illegal_write points (N290: no load carried one), the 11 of
  // attr.unwritten and tex.unwritten (N291), the 3 of pix.load_corner
  // (N433: no load wrote twice or aliased), the 13 of attr.epoch_corner
  // (N466, N467, N531, N532: no epoch drew one), the 16 of tex.fp16_input (N495: no
  // TLDS.F16 read a corner) and the 13 of tex.state_corner (N518, N550,
  // N553: no header carried one); the 21 ISBEWR bins left the holes.
  EXPECT_EQ(holes_cosim + 21, holes_model + 17 + 24 + 18 + 11 + 3 + 13 + 16 + 13);

  // One overtaken texture response: the texture unit reorders, so its other
  // overtaken bins are holes of the stimulus; the other units' stay apart.
  ASSERT_EQ(spagm_cov_sample_response(c, SPAGM_UNIT_TEX, true, 5, false), SPAGM_OK);
  EXPECT_EQ(spagm_cov_bin_gap(c, tex_flow, first), SPAGM_COV_GAP_HOLE);
  EXPECT_EQ(spagm_cov_bin_gap(c, tex_flow, bin_index(tex_flow, "order=overtaken in_flight=4+ epoch=first")),
            SPAGM_COV_GAP_NONE);
  text = report_text(c, "reach_tex_reorders.txt");
  size_t tex = text.find("  tex.cosim_flow");
  ASSERT_NE(tex, std::string::npos);
  EXPECT_NE(text.find("    hole: order=overtaken in_flight=1 epoch=first", tex), std::string::npos);
  EXPECT_NE(text.find("; 33 it cannot (listed apart, N243)\n"), std::string::npos);
  EXPECT_EQ(spagm_cov_report_holes(c, nullptr), holes_cosim + 5);
  EXPECT_EQ(spagm_cov_bin_gap(c, op_stage, 100000), SPAGM_COV_GAP_NONE);
  EXPECT_EQ(spagm_cov_bin_gap(nullptr, op_stage, isbewr), SPAGM_COV_GAP_NONE);
  spagm_cov_free(c);
}

// Stimulus 10's pixel load corners (N420, N421, N433): each sample hits its
// bin of pix.load_corner; another unit or corner is refused.
TEST(COV_Cosim, LoadCorner_HitsItsBin_OtherUnitsAndCornersRefused) {
  spagm_cov *c = spagm_cov_new();
  ASSERT_NE(c, nullptr);
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  size_t pt = point_index("pix.load_corner");
  ASSERT_LT(pt, n);
  EXPECT_TRUE(plan[pt].cosim_only);
  ASSERT_EQ(spagm_cov_point_bins(plan + pt), 3u);
  EXPECT_EQ(spagm_cov_sample_load_corner(c, SPAGM_UNIT_PIX, SPAGM_COV_LOAD_ALIASED_ADDRESS_WRITE),
            SPAGM_OK);
  EXPECT_EQ(spagm_cov_sample_load_corner(c, SPAGM_UNIT_PIX, SPAGM_COV_LOAD_WRITTEN_TWICE),
            SPAGM_OK);
  EXPECT_EQ(spagm_cov_sample_load_corner(c, SPAGM_UNIT_PIX, SPAGM_COV_LOAD_WRITTEN_TWICE),
            SPAGM_OK);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "written_twice")), 2u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "aliased_target_write")), 0u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "aliased_address_write")), 1u);
  EXPECT_TRUE(spagm_cov_has_cosim(c));
  EXPECT_EQ(spagm_cov_sample_load_corner(c, SPAGM_UNIT_ATTR, SPAGM_COV_LOAD_WRITTEN_TWICE),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_sample_load_corner(c, SPAGM_UNIT_PIX, SPAGM_COV_LOAD_CORNERS), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_sample_load_corner(nullptr, SPAGM_UNIT_PIX, 0), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// The attribute corners (N466, N467, N531, N532): each sample hits its bin of
// attr.epoch_corner, a co-simulation-only point; a bad corner is refused.
TEST(COV_Cosim, AttrEpochCorner_HitsItsBin_BadCornerRefused) {
  spagm_cov *c = spagm_cov_new();
  ASSERT_NE(c, nullptr);
  size_t pt = cosim_corner_point("attr.epoch_corner", SPAGM_UNIT_ATTR, SPAGM_STIM_ATTR_CORNERS);
  EXPECT_EQ(spagm_cov_sample_attr_corner(c, SPAGM_STIM_ATTR_ONE_OUTPUT), SPAGM_OK);
  EXPECT_EQ(spagm_cov_sample_attr_corner(c, SPAGM_STIM_ATTR_AFTER_CLEAR), SPAGM_OK);
  EXPECT_EQ(spagm_cov_sample_attr_corner(c, SPAGM_STIM_ATTR_AFTER_CLEAR), SPAGM_OK);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "all_attributes_mapped")), 0u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "one_output_attribute")), 1u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "blocks_written_twice")), 0u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "memory_after_clear")), 2u);
  EXPECT_EQ(spagm_cov_sample_attr_corner(c, SPAGM_STIM_ATTR_ISBE_END), SPAGM_OK);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "isberd_at_isbe_end")), 1u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, "isbe_upper_half")), 0u);
  EXPECT_TRUE(spagm_cov_has_cosim(c));
  EXPECT_EQ(spagm_cov_sample_attr_corner(c, SPAGM_STIM_ATTR_CORNERS), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_sample_attr_corner(nullptr, 0), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// A co-simulation-only corner point of the texture unit with `bins` bins:
// corner `once` sampled once and `twice` twice hit their bins (named
// `once_bin`, `twice_bin`) and no other of `unhit`; corner `bins` and a
// NULL database are refused.
static void check_tex_corner_point(const char *point, unsigned bins,
                                   spagm_status (*sample)(spagm_cov *, unsigned), unsigned once,
                                   const char *once_bin, unsigned twice, const char *twice_bin,
                                   std::vector<const char *> unhit) {
  spagm_cov *c = spagm_cov_new();
  ASSERT_NE(c, nullptr);
  size_t pt = cosim_corner_point(point, SPAGM_UNIT_TEX, bins);
  EXPECT_EQ(sample(c, once), SPAGM_OK);
  EXPECT_EQ(sample(c, twice), SPAGM_OK);
  EXPECT_EQ(sample(c, twice), SPAGM_OK);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, once_bin)), 1u);
  EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, twice_bin)), 2u);
  for (const char *b : unhit) EXPECT_EQ(spagm_cov_hits(c, pt, bin_index(pt, b)), 0u) << b;
  EXPECT_TRUE(spagm_cov_has_cosim(c));
  EXPECT_EQ(sample(c, bins), SPAGM_E_ARG);
  EXPECT_EQ(sample(nullptr, 0), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// Stimulus 12's conversion corners (N495): each sample hits its bin of
// tex.fp16_input, a co-simulation-only point; a bad corner is refused.
TEST(COV_Cosim, Fp16InputCorner_HitsItsBin_BadCornerRefused) {
  check_tex_corner_point("tex.fp16_input", SPAGM_STIM_F16_CORNERS, spagm_cov_sample_f16_input,
                         SPAGM_STIM_F16_INF, "infinity", SPAGM_STIM_F16_ABOVE_TIE, "above_tie",
                         {"below_tie", "zero"});
}

// Stimulus 14's texture-state corners (N518): each sample hits its bin
// of tex.state_corner, a co-simulation-only point; a bad corner is refused.
TEST(COV_Cosim, TexStateCorner_HitsItsBin_BadCornerRefused) {
  check_tex_corner_point("tex.state_corner", SPAGM_STIM_TEX_CORNERS, spagm_cov_sample_tex_corner,
                         SPAGM_STIM_TEX_LONG, "long_texture", SPAGM_STIM_TEX_UNUSED_BITS,
                         "unused_bits", {"block_shape", "pool_32"});
}

// Depth (N161): a legal bin hit fewer times than its point's at_least is
// thin, counted apart from holes; the rule points and the boundary points
// (N245) need 10 hits, the others 1.
TEST(COV_Depth, BinBelowAtLeast_IsThinNotHole) {
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  spagm_cov *c = spagm_cov_new();
  ASSERT_NE(c, nullptr);
  collect(c, 1, 60);
  unsigned thin = 0, rule_thin = 0, deep_thin = 0;
  const std::string boundary[] = {"attr.boundary", "attr.streq", "pix.covmask", "pix.index",
                                  "pix.unwritten", "tex.boundary", "attr.illegal_write",
                                  "pix.illegal_write", "tex.illegal_write", "attr.unwritten",
                                  "tex.unwritten"};
  for (size_t i = 0; i < n; i++) {
    bool rule = std::string(plan[i].name).find(".rule") != std::string::npos;
    bool bound = std::find(std::begin(boundary), std::end(boundary), plan[i].name) !=
                 std::end(boundary);
    EXPECT_EQ(spagm_cov_bin_at_least(plan + i, 0), rule || bound ? 10u : 1u) << plan[i].name;
    for (unsigned b = 0; b < spagm_cov_point_bins(plan + i); b++) {
      uint64_t h = spagm_cov_hits(c, i, b);
      if (spagm_cov_bin_excluded(plan + i, b) || plan[i].cosim_only || !h) continue;
      if (h < spagm_cov_bin_at_least(plan + i, b)) {
        thin++;
        rule_thin += rule;
        deep_thin += rule || bound;
      }
    }
  }
  spagm_cov_totals t{};
  ASSERT_EQ(spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &t), SPAGM_OK);
  EXPECT_GT(rule_thin, 0u);  // 60 requests leave some rule below 10 hits
  EXPECT_GT(deep_thin, rule_thin); // and some boundary bin
  EXPECT_EQ(deep_thin, thin);
  EXPECT_EQ(t.thin, thin);
  EXPECT_EQ(t.hit + t.holes, t.legal);  // thin bins count as hit, not as holes
  std::string text = report_text(c, "thin_report.txt");
  EXPECT_NE(text.find("    thin: "), std::string::npos);
  EXPECT_NE(text.find(std::to_string(thin) + " thin, "), std::string::npos);
  spagm_cov_free(c);
}

// The UCIS export (docs/coverage.md, "UCIS"): what it refuses, through the
// C API the command line and spagm-regress call.
TEST(COV_Ucis, NullArgumentsAreErrors) {
  spagm_cov *c = spagm_cov_new();
  EXPECT_EQ(spagm_cov_export_ucis(nullptr, "x", nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_export_ucis(c, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_cov_export_ucis(c, "", nullptr), SPAGM_E_ARG);
  spagm_cov_free(c);
}

// c's export into scratch file `leaf` is refused with a message holding
// `why`, and nothing is written.
static void expect_export_refused(spagm_cov *c, const std::string &leaf, const char *why) {
  std::string path = tmp(leaf);
  std::remove(path.c_str());  // a file of an earlier run is not this one's
  spagm_diag d{};
  EXPECT_EQ(spagm_cov_export_ucis(c, path.c_str(), &d), SPAGM_E_FORMAT);
  EXPECT_NE(std::string(d.msg).find(why), std::string::npos) << d.msg;
  EXPECT_TRUE(slurp(path).empty()) << path << " was written";
}

TEST(COV_Ucis, DatabaseWithoutInputs_RefusedWritingNothing) {
  spagm_cov *c = spagm_cov_new();
  expect_export_refused(c, "no_inputs.ucis.xml", "no inputs");
  spagm_cov_free(c);
}

TEST(COV_Ucis, InputNameNotUtf8_RefusedWritingNothing) {
  spagm_cov *c = spagm_cov_new();
  ASSERT_EQ(spagm_cov_begin_input(c, "seed \xff", nullptr), SPAGM_OK);
  expect_export_refused(c, "not_utf8.ucis.xml", "not UTF-8");
  spagm_cov_free(c);
}

// Each coverpoint carries its point's depth goal (N161) as at_least, and
// each bin its hit count, as the database holds them (N390).
TEST(COV_Ucis, EveryCoverpointHasItsGoalAndEveryBinItsHits) {
  size_t n = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&n);
  spagm_cov *c = spagm_cov_new();
  ASSERT_NE(c, nullptr);
  collect(c, 1, 300);
  std::string path = tmp("goals.ucis.xml");
  ASSERT_EQ(spagm_cov_export_ucis(c, path.c_str(), nullptr), SPAGM_OK);
  const std::string xml = slurp(path);
  // The number after `attr="` at or after `from`; npos when there is none.
  auto number_after = [&](const std::string &attr, size_t from, size_t *at) -> uint64_t {
    *at = xml.find(attr + "=\"", from);
    return *at == std::string::npos ? 0 : std::stoull(xml.substr(*at + attr.size() + 2));
  };
  std::set<unsigned> goals;
  size_t points = 0, bins = 0;
  for (size_t at = xml.find("<coverpoint "); at != std::string::npos;
       at = xml.find("<coverpoint ", at + 1)) {
    size_t key_at = 0, goal_at = 0;
    const size_t i = number_after("key", at, &key_at);
    const size_t end = xml.find("</coverpoint>", at);
    ASSERT_LT(i, n);
    ASSERT_NE(end, std::string::npos);
    const unsigned goal = (unsigned)number_after("at_least", at, &goal_at);
    ASSERT_LT(goal_at, end) << plan[i].name;
    EXPECT_EQ(goal, spagm_cov_bin_at_least(plan + i, 0)) << plan[i].name;
    goals.insert(goal);
    size_t bin_at = at;
    for (unsigned b = 0; b < spagm_cov_point_bins(plan + i); b++) {
      bin_at = xml.find("<coverpointBin ", bin_at + 1);
      ASSERT_LT(bin_at, end) << plan[i].name << " bin " << b;
      size_t count_at = 0;
      EXPECT_EQ(number_after("coverageCount", bin_at, &count_at), spagm_cov_hits(c, i, b))
          << plan[i].name << " bin " << b;
      bins++;
    }
    EXPECT_GT(xml.find("<coverpointBin ", bin_at + 1), end) << plan[i].name << ": more bins";
    points++;
  }
  EXPECT_GT(points, 20u);
  EXPECT_GT(bins, 500u);
  EXPECT_EQ(goals, (std::set<unsigned>{1u, 10u}));  // the plan's two depths, both exported
  spagm_cov_free(c);
}

TEST(COV_Ucis, NamesEscapedAndInputsSortedByName) {
  spagm_cov *c = spagm_cov_new();
  ASSERT_EQ(spagm_cov_begin_input(c, "z <b> & \"q\"", nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_cov_begin_input(c, "a \xc3\xa9t\xc3\xa9", nullptr), SPAGM_OK);  // UTF-8
  std::string path = tmp("escaped.ucis.xml");
  ASSERT_EQ(spagm_cov_export_ucis(c, path.c_str(), nullptr), SPAGM_OK);
  std::string xml = slurp(path);
  size_t a = xml.find("logicalName=\"a \xc3\xa9t\xc3\xa9\"");
  size_t z = xml.find("logicalName=\"z &lt;b&gt; &amp; &quot;q&quot;\"");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(z, std::string::npos);
  EXPECT_LT(a, z);
  spagm_cov_free(c);
}
