// SPDX-License-Identifier: Apache-2.0
// The boundary, ST_REQ and power-on points (N245, N246):
// hand-built transactions whose values sit at known places against their
// limits must land in exactly those bins, so a sampler that credits the
// wrong position (or none) fails here, not only as a hole of a long run.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>

#include "spagm/spagm.h"
#include "spagm/cov/cov.h"

namespace {

// Index of a plan point by name.
size_t point(const char *name) {
  size_t n = 0;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++)
    if (std::string(p[i].name) == name) return i;
  ADD_FAILURE() << "no point " << name;
  return 0;
}

// Hits of the bin of point `pt` named `bin` (as the report names it).
uint64_t hits(const spagm_cov *c, const char *pt, const std::string &bin) {
  size_t i = point(pt);
  const spagm_cov_point *p = spagm_cov_plan(nullptr) + i;
  char name[200];
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
    if (bin == spagm_cov_bin_name(p, b, name, sizeof name)) return spagm_cov_hits(c, i, b);
  ADD_FAILURE() << pt << " has no bin " << bin;
  return 0;
}

// Hits over all bins of a point.
uint64_t total(const spagm_cov *c, const char *pt) {
  size_t i = point(pt);
  uint64_t t = 0;
  for (unsigned b = 0; b < spagm_cov_point_bins(spagm_cov_plan(nullptr) + i); b++)
    t += spagm_cov_hits(c, i, b);
  return t;
}

// The four position bins of `prefix` (e.g. "field=ald_vertex ") hit
// exactly want[] times: first_valid, last_valid, first_invalid, interior.
void expect_positions(const spagm_cov *c, const char *pt, const std::string &prefix,
                      const std::array<uint64_t, 4> &want) {
  const char *pos[4] = {"first_valid", "last_valid", "first_invalid", "interior"};
  for (unsigned k = 0; k < 4; k++)
    EXPECT_EQ(hits(c, pt, prefix + "position=" + pos[k]), want[k]) << pt << " " << prefix << pos[k];
}

struct Fixture {
  spagm_model *m = spagm_model_new();
  spagm_cov *c = spagm_cov_new();
  spagm_request req{};
  spagm_response rsp{};
  spagm_explain ex{};
  ~Fixture() {
    spagm_cov_free(c);
    spagm_model_free(m);
  }
  // Assemble `text`, execute it on lanes `mask` and sample it.
  void run(const char *text, uint32_t mask) {
    spagm_insn in;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(text, 1, 1, nullptr, &in, &d), SPAGM_OK) << text << ": " << d.msg;
    ASSERT_EQ(spagm_encode(&in, &req.insn, nullptr, &d), SPAGM_OK) << d.msg;
    req.lane_mask = mask;
    ASSERT_EQ(spagm_execute_explained(m, &req, &rsp, &ex), SPAGM_OK);
    ASSERT_EQ(spagm_cov_sample(c, m, nullptr, &req, &rsp, &ex), SPAGM_OK);
  }
};

// ALD vertex handles 0, 31, 32 and 5 of a 32-vertex ISBE: first valid,
// last valid, first invalid, interior; the word at 0x3FC is the last one.
TEST(COV_Bound, AldVertexAndAddress_AtTheirPlaces) {
  Fixture f;
  ASSERT_EQ(spagm_attr_set_stage(f.m, SPAGM_STAGE_TS, nullptr), SPAGM_OK);
  const uint32_t handle[4] = {0, 31, 32, 5};
  for (unsigned l = 0; l < 4; l++) f.req.b[0][l] = handle[l];
  f.run("ALD R0, a[0x3fc], R1;", 0xFu);
  expect_positions(f.c, "attr.boundary", "field=ald_vertex ", {1, 1, 1, 1});
  EXPECT_EQ(hits(f.c, "attr.boundary", "field=attr_address position=last_valid"), 1u);
  EXPECT_EQ(hits(f.c, "attr.boundary", "field=attr_address position=first_valid"), 0u);
  EXPECT_EQ(hits(f.c, "attr.boundary", "field=ast_vertex position=first_valid"), 0u);
  // Power-on fields still in place, except the stage set above.
  EXPECT_EQ(hits(f.c, "attr.power_on", "stage"), 0u);
  for (const char *field : {"shared", "trap", "vertex_count", "patch_words", "gs_max_vertices",
                            "streq", "defaults"})
    EXPECT_EQ(hits(f.c, "attr.power_on", field), 1u) << field;
  // ALD.I does not read the output BMAP: no ST_REQ sample.
  EXPECT_EQ(total(f.c, "attr.streq"), 0u);
}

// .P words against 4 x patch_words (32 words at power-on): 0, 31, 32.
TEST(COV_Bound, PatchWords_AtTheirPlaces) {
  Fixture f;
  ASSERT_EQ(spagm_attr_set_stage(f.m, SPAGM_STAGE_TS, nullptr), SPAGM_OK);
  const uint32_t addr[3] = {0, 124, 128};
  for (unsigned l = 0; l < 3; l++) f.req.a[0][l] = addr[l];
  f.run("ALD.P R0, a[R2];", 0x7u);
  expect_positions(f.c, "attr.boundary", "field=ald_patch ", {1, 1, 1, 0});
}

// ISBERD of the vertex-major view (ATTR without .SKEW) with an input BMAP
// of 3 attributes ends at byte 1024 x 3 (N281): B32 words 0, 3068, 3072 and
// 40 land in first valid, last valid, first invalid and interior; the
// plain region field stays empty.
TEST(COV_Bound, IsberdVertexMajorView_EndsAt1024N) {
  Fixture f;
  uint32_t map[SPAGM_ATTR_MAP_WORDS] = {0};
  map[1] = 0x7u; /* attributes 32..34 */
  ASSERT_EQ(spagm_attr_set_map(f.m, SPAGM_MAP_IMAP, map, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_set_map(f.m, SPAGM_MAP_OMAP_PREV, map, nullptr), SPAGM_OK);
  const uint32_t addr[4] = {0, 3068, 3072, 40};
  for (unsigned l = 0; l < 4; l++) f.req.a[0][l] = addr[l];
  f.run("ISBERD.ATTR.B32 R0, [R1];", 0xFu);
  expect_positions(f.c, "attr.boundary", "field=isberd_vertex_major ", {1, 1, 1, 1});
  expect_positions(f.c, "attr.boundary", "field=isberd_offset ", {0, 0, 0, 0});
  // U16 elements: the last valid one starts at 3070, 3072 is refused.
  f.req.a[0][0] = 3070;
  f.req.a[0][1] = 3072;
  f.run("ISBERD.ATTR.U16 R0, [R1];", 0x3u);
  expect_positions(f.c, "attr.boundary", "field=isberd_vertex_major ", {1, 2, 2, 1});
}

// GS stores against the lane's 1024 words (N26, N283): with an output BMAP
// of 3 attributes (32..34), vertex v rank k is word 3 v + k. Rank 0 at
// vertices 0, 341 and 5 is word 0, 1023 and 15; rank 1 at vertex 341 is
// word 1024, refused (AST_GS_FULL).
TEST(COV_Bound, GsWordAgainstTheLaneBuffer) {
  Fixture f;
  ASSERT_EQ(spagm_attr_set_stage(f.m, SPAGM_STAGE_GS, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_set_gs_max_vertices(f.m, 400, nullptr), SPAGM_OK);
  uint32_t map[SPAGM_ATTR_MAP_WORDS] = {0};
  map[1] = 0x7u;
  ASSERT_EQ(spagm_attr_set_map(f.m, SPAGM_MAP_OMAP, map, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_set_map(f.m, SPAGM_MAP_IMAP_NEXT, map, nullptr), SPAGM_OK);
  const uint32_t index[3] = {0, 341, 5};
  for (unsigned l = 0; l < 3; l++) f.req.c[l] = index[l];
  f.run("AST a[0x80], R4, R6;", 0x7u);
  expect_positions(f.c, "attr.boundary", "field=gs_word ", {1, 1, 0, 1});
  f.req.c[0] = 341;
  f.run("AST a[0x84], R4, R6;", 0x1u);
  expect_positions(f.c, "attr.boundary", "field=gs_word ", {1, 1, 1, 1});
}

// ST_REQ against the OMAP (attributes 40..43), when AST reads the output
// BMAP: empty at power-on, then one range per shape.
TEST(COV_Bound, StreqAgainstOmap) {
  Fixture f;
  ASSERT_EQ(spagm_attr_set_stage(f.m, SPAGM_STAGE_TI, nullptr), SPAGM_OK);
  uint32_t omap[SPAGM_ATTR_MAP_WORDS] = {0};
  omap[1] = 0x00000F00u;
  ASSERT_EQ(spagm_attr_set_map(f.m, SPAGM_MAP_OMAP, omap, nullptr), SPAGM_OK);
  f.run("AST a[0x0a0], R4;", 1u);
  EXPECT_EQ(hits(f.c, "attr.streq", "op=AST range=empty"), 1u);
  const struct {
    unsigned start, end;
    const char *shape;
  } ranges[] = {{7, 7, "end_eq_start"},     {30, 40, "end_at_omap_first"},
                {30, 43, "end_at_omap_last"}, {43, 50, "start_at_omap_last"},
                {1, 3, "other"}};
  for (const auto &r : ranges) {
    ASSERT_EQ(spagm_attr_set_store_req(f.m, r.start, r.end, nullptr), SPAGM_OK);
    f.run("AST a[0x0a0], R4;", 1u);
    EXPECT_EQ(hits(f.c, "attr.streq", std::string("op=AST range=") + r.shape), 1u) << r.shape;
  }
  EXPECT_EQ(total(f.c, "attr.streq"), 6u);
  EXPECT_EQ(hits(f.c, "attr.power_on", "streq"), 1u); // only the first ran at power-on
}

// 16-sample masks of each shape, one lane each, and COVERED indexes.
TEST(COV_Bound, CoverageMaskShapesAndIndex) {
  Fixture f;
  ASSERT_EQ(spagm_attr_set_stage(f.m, SPAGM_STAGE_PS, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_set_samples(f.m, 16, nullptr), SPAGM_OK);
  const uint16_t mask[5] = {0xFFFF, 0x0000, 0xFFFE, 0x0100, 0x00F0};
  for (unsigned l = 0; l < 5; l++) f.req.coverage[l] = mask[l];
  f.run("PIXLD.COVMASK R0;", 0x1Fu);
  for (const char *shape : {"all", "none", "all_but_one", "only_one", "other"})
    EXPECT_EQ(hits(f.c, "pix.covmask", std::string("mode=COVMASK samples=16 shape=") + shape), 1u)
        << shape;
  EXPECT_EQ(total(f.c, "pix.covmask"), 5u);
  EXPECT_EQ(hits(f.c, "pix.power_on", "samples"), 0u);
  EXPECT_EQ(hits(f.c, "pix.power_on", "ssaa"), 1u);
  const uint32_t index[4] = {0, 15, 16, 9};
  for (unsigned l = 0; l < 4; l++) f.req.a[0][l] = index[l];
  f.run("PIXLD.COVERED R0, [R2];", 0xFu);
  expect_positions(f.c, "pix.index", "mode=COVERED ", {1, 1, 1, 1});
  EXPECT_EQ(total(f.c, "pix.index"), 4u);
}

} // namespace
