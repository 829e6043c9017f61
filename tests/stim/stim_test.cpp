// SPDX-License-Identifier: Apache-2.0
// The stimulus generator (vectors/include/spagm/stim/stim.h): deterministic,
// per-unit independent, and covering the forms the co-simulation must see.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

struct Gen {
  spagm_stim *s = nullptr;
  spagm_model *m = nullptr;
  explicit Gen(uint64_t seed, uint32_t units = 3, uint32_t per_epoch = 500,
               uint32_t illegal_ppm = 10000) {
    spagm_stim_opts o;
    spagm_stim_opts_default(&o);
    o.seed = seed;
    o.units = units;
    o.epoch_txns = per_epoch;
    o.illegal_ppm = illegal_ppm;
    spagm_diag d{};
    s = spagm_stim_new(&o, &d);
    m = spagm_model_new();
  }
  ~Gen() {
    spagm_stim_free(s);
    spagm_model_free(m);
  }
};

std::vector<spagm_request> take(Gen &g, unsigned epoch, spagm_unit u) {
  spagm_diag d{};
  EXPECT_EQ(spagm_stim_begin_epoch(g.s, epoch, g.m, &d), SPAGM_OK) << d.msg;
  std::vector<spagm_request> out;
  spagm_request r;
  while (spagm_stim_next(g.s, u, &r)) out.push_back(r);
  return out;
}

bool same(const std::vector<spagm_request> &a, const std::vector<spagm_request> &b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); i++)
    if (std::memcmp(&a[i], &b[i], sizeof a[i]) != 0) return false;
  return true;
}

TEST(Stim, SameSeed_SameRequests) {
  Gen a(42), b(42);
  for (unsigned e = 0; e < 3; e++) {
    EXPECT_TRUE(same(take(a, e, SPAGM_UNIT_ATTR), take(b, e, SPAGM_UNIT_ATTR)));
    EXPECT_TRUE(same(take(a, e, SPAGM_UNIT_PIX), take(b, e, SPAGM_UNIT_PIX)));
  }
}

TEST(Stim, DifferentSeed_DifferentRequests) {
  Gen a(1), b(2);
  EXPECT_FALSE(same(take(a, 0, SPAGM_UNIT_ATTR), take(b, 0, SPAGM_UNIT_ATTR)));
}

TEST(Stim, UnitStreamsIndependentOfInterleaving) {
  // Taking pix requests first or interleaved must not change attr traffic.
  Gen a(7), b(7);
  spagm_diag d{};
  ASSERT_EQ(spagm_stim_begin_epoch(a.s, 0, a.m, &d), SPAGM_OK);
  ASSERT_EQ(spagm_stim_begin_epoch(b.s, 0, b.m, &d), SPAGM_OK);
  std::vector<spagm_request> ra, rb;
  spagm_request r;
  while (spagm_stim_next(a.s, SPAGM_UNIT_ATTR, &r)) ra.push_back(r);
  for (;;) {
    bool any = false;
    if (spagm_stim_next(b.s, SPAGM_UNIT_PIX, &r)) any = true;
    if (spagm_stim_next(b.s, SPAGM_UNIT_ATTR, &r)) {
      rb.push_back(r);
      any = true;
    }
    if (!any) break;
  }
  EXPECT_TRUE(same(ra, rb));
}

TEST(Stim, EpochStateIsDeterministic) {
  Gen a(9), b(9);
  spagm_diag d{};
  ASSERT_EQ(spagm_stim_begin_epoch(a.s, 3, a.m, &d), SPAGM_OK);
  ASSERT_EQ(spagm_stim_begin_epoch(b.s, 3, b.m, &d), SPAGM_OK);
  spagm_attr_config ca, cb;
  spagm_attr_get_config(a.m, &ca, nullptr);
  spagm_attr_get_config(b.m, &cb, nullptr);
  EXPECT_EQ(std::memcmp(&ca, &cb, sizeof ca), 0);
  std::vector<uint8_t> ia(SPAGM_ISBE_SPACE_BYTES), ib(SPAGM_ISBE_SPACE_BYTES);
  spagm_attr_read(a.m, SPAGM_SPACE_ISBE_IN, 0, ia.data(), ia.size(), nullptr);
  spagm_attr_read(b.m, SPAGM_SPACE_ISBE_IN, 0, ib.data(), ib.size(), nullptr);
  EXPECT_EQ(ia, ib);
  EXPECT_STREQ(spagm_stim_epoch_summary(a.s, SPAGM_UNIT_ATTR),
               spagm_stim_epoch_summary(b.s, SPAGM_UNIT_ATTR));
}

TEST(Stim, TagsCountUpPerUnitAcrossEpochs) {
  Gen g(3, 3, 10);
  auto e0 = take(g, 0, SPAGM_UNIT_ATTR);
  auto e1 = take(g, 1, SPAGM_UNIT_ATTR);
  ASSERT_EQ(e0.size(), 10u);
  ASSERT_EQ(e1.size(), 10u);
  EXPECT_EQ(e0.front().tag, 1u);
  EXPECT_EQ(e1.back().tag, 20u);
}

TEST(Stim, WordsAreTheUnitsOwnOrIllegal) {
  Gen g(11, 3, 2000);
  std::map<int, unsigned> ops;
  unsigned illegal = 0, total = 0;
  for (unsigned e = 0; e < 4; e++) {
    for (auto u : {SPAGM_UNIT_ATTR, SPAGM_UNIT_PIX}) {
      for (const auto &r : take(g, e, u)) {
        spagm_insn insn;
        total++;
        if (spagm_decode(r.insn, &insn, nullptr) != SPAGM_OK) {
          illegal++;
          continue;
        }
        EXPECT_EQ(spagm_op_unit(insn.op), u) << std::hex << r.insn;
        ops[insn.op]++;
      }
    }
  }
  // 1% illegal on average: between 0.3% and 3% of 16000.
  EXPECT_GT(illegal, total / 300);
  EXPECT_LT(illegal, total * 3 / 100);
  EXPECT_GT(ops[SPAGM_OP_ALD], 0u);
  EXPECT_GT(ops[SPAGM_OP_AST], 0u);
  EXPECT_GT(ops[SPAGM_OP_AL2P], 0u);
  EXPECT_GT(ops[SPAGM_OP_ISBERD], 0u);
  EXPECT_GT(ops[SPAGM_OP_PIXLD], 0u);
}

TEST(Stim, CoversEveryAttributeFormSizeAndStage) {
  Gen g(5, 1, 1000, 0);
  std::set<std::string> seen;
  std::set<int> stages;
  for (unsigned e = 0; e < 80; e++) {
    auto reqs = take(g, e, SPAGM_UNIT_ATTR);
    spagm_stage st;
    spagm_attr_get_stage(g.m, &st, nullptr);
    stages.insert(st);
    for (const auto &r : reqs) {
      spagm_insn i;
      ASSERT_EQ(spagm_decode(r.insn, &i, nullptr), SPAGM_OK);
      std::string key = std::string(spagm_op_name(i.op));
      if (i.op == SPAGM_OP_ALD || i.op == SPAGM_OP_AST || i.op == SPAGM_OP_AL2P)
        key += (i.out ? ".O" : ".I") + std::string(i.patch ? ".P" : "") +
               (i.phys ? ".PHYS" : "") + "." + std::to_string(32 * (i.asize + 1));
      if (i.op == SPAGM_OP_ISBERD)
        key += "." + std::to_string(i.region) + (i.skew ? ".SKEW" : "") + "." +
               std::to_string(i.isize);
      seen.insert(key);
    }
  }
  for (int s = SPAGM_STAGE_VSA; s <= SPAGM_STAGE_PS; s++) EXPECT_TRUE(stages.count(s)) << s;
  for (const char *k : {"ALD.I.32", "ALD.I.64", "ALD.I.96", "ALD.I.128", "ALD.O.128",
                        "ALD.I.P.64", "ALD.I.PHYS.32", "ALD.O.PHYS.32", "ALD.I.PHYS.128",
                        "AST.I.32", "AST.I.128", "AST.I.P.128", "AST.I.PHYS.32",
                        "AL2P.I.64", "AL2P.O.128", "ISBERD.0.0", "ISBERD.3.SKEW.2",
                        "ISBERD.1.1", "ISBERD.2.SKEW.0"})
    EXPECT_TRUE(seen.count(k)) << k;
}

TEST(Stim, CoversEveryPixldModeAndSampleCount) {
  Gen g(6, 2, 200, 0);
  std::set<int> modes, counts;
  unsigned full = 0, empty = 0, partial = 0;
  for (unsigned e = 0; e < 40; e++) {
    auto reqs = take(g, e, SPAGM_UNIT_PIX);
    unsigned n;
    spagm_pix_get_samples(g.m, &n, nullptr);
    counts.insert((int)n);
    uint16_t all = (uint16_t)(n >= 16 ? 0xFFFF : (1u << n) - 1);
    for (const auto &r : reqs) {
      spagm_insn i;
      ASSERT_EQ(spagm_decode(r.insn, &i, nullptr), SPAGM_OK);
      modes.insert(i.pmode);
      uint16_t c = r.coverage[0] & all;
      if (c == all) full++;
      else if (c == 0) empty++;
      else partial++;
    }
  }
  EXPECT_EQ(modes.size(), 6u);
  EXPECT_EQ(counts, (std::set<int>{1, 2, 4, 8, 16}));
  EXPECT_GT(full, 0u);
  EXPECT_GT(empty, 0u);
  EXPECT_GT(partial, 0u);
}

TEST(Stim, ModelExecutesEveryRequestWithoutApiError) {
  Gen g(13, 3, 1000);
  for (unsigned e = 0; e < 5; e++) {
    for (auto u : {SPAGM_UNIT_ATTR, SPAGM_UNIT_PIX}) {
      spagm_diag d{};
      ASSERT_EQ(spagm_stim_begin_epoch(g.s, e, g.m, &d), SPAGM_OK);
      spagm_request r;
      spagm_response resp;
      while (spagm_stim_next(g.s, u, &r)) ASSERT_EQ(spagm_execute(g.m, &r, &resp), SPAGM_OK);
    }
  }
}

TEST(Stim, CoversEveryTldsRowMaskAndF16_Issue7) {
  Gen g(8, 1u << SPAGM_UNIT_TEX, 300, 0);
  std::set<int> rows, masks2c, masks34c;
  unsigned f16 = 0, total = 0, oob_or_fault = 0;
  for (unsigned e = 0; e < 6; e++) {
    auto reqs = take(g, e, SPAGM_UNIT_TEX);
    for (const auto &r : reqs) {
      spagm_insn i;
      ASSERT_EQ(spagm_decode(r.insn, &i, nullptr), SPAGM_OK);
      ASSERT_EQ(i.op, SPAGM_OP_TLDS);
      rows.insert(i.tlds_encoding);
      (i.rd1 == SPAGM_RZ ? masks2c : masks34c).insert(i.wmsk);
      f16 += i.f16;
      total++;
    }
  }
  EXPECT_EQ(rows, (std::set<int>{0, 1, 2, 4, 5, 6, 7, 8, 12}));
  EXPECT_EQ(masks2c.size(), 8u);
  EXPECT_EQ(masks34c.size(), 5u);
  EXPECT_GT(f16, total / 10);
  (void)oob_or_fault;
}

TEST(Stim, TexturesReturnTexelDataOften) {
  // Many written lanes carry texel data, so the co-simulation compares real
  // texels, not only the zeros of R18. (Formats with fewer than four
  // components and ZERO swizzles return zeros by design, hence a quarter.)
  Gen g(9, 1u << SPAGM_UNIT_TEX, 400, 0);
  unsigned lanes = 0, nonzero = 0, faults = 0, n = 0;
  for (unsigned e = 0; e < 4; e++) {
    spagm_diag d{};
    ASSERT_EQ(spagm_stim_begin_epoch(g.s, e, g.m, &d), SPAGM_OK) << d.msg;
    spagm_request r;
    spagm_response resp;
    while (spagm_stim_next(g.s, SPAGM_UNIT_TEX, &r)) {
      ASSERT_EQ(spagm_execute(g.m, &r, &resp), SPAGM_OK);
      n++;
      if (resp.fault) {
        faults++;
        continue;
      }
      for (unsigned s = 0; s < 4; s++)
        for (unsigned l = 0; l < 32; l++)
          if (resp.wb_valid[s] >> l & 1u) {
            lanes++;
            nonzero += resp.wb_value[s][l] != 0;
          }
    }
  }
  EXPECT_LT(faults, n / 8);
  EXPECT_GT(nonzero, lanes / 4);
}

// Whether FP32 word w is an instance of stimulus 12's conversion corner k
// (docs/stimulus.md, N495), written from the corners' definitions.
bool is_f16_corner(unsigned k, uint32_t w) {
  uint32_t a = w & 0x7FFFFFFFu, exp = a >> 23, man = a & 0x7FFFFFu, low = a & 0x1FFFu;
  bool normal = exp >= 113 && exp <= 142;
  switch (k) {
    case SPAGM_STIM_F16_INF: return a == 0x7F800000u;
    case SPAGM_STIM_F16_QUIET_NAN: return exp == 255 && (man & 0x400000u);
    case SPAGM_STIM_F16_SIGNALLING_NAN: return exp == 255 && !(man & 0x400000u) && (man & 0x3FE000u);
    case SPAGM_STIM_F16_NAN_LOW_PAYLOAD: return exp == 255 && man && man < 0x2000u;
    case SPAGM_STIM_F16_BELOW_TIE: return normal && low == 0x0FFFu;
    case SPAGM_STIM_F16_ABOVE_TIE: return normal && low == 0x1001u;
    case SPAGM_STIM_F16_BELOW_MAX_TIE: return a == 0x477FEFFFu;
    case SPAGM_STIM_F16_ABOVE_MAX_TIE: return a == 0x477FF001u;
    case SPAGM_STIM_F16_OVERFLOW: return exp >= 143 && exp <= 254;
    case SPAGM_STIM_F16_SUBNORMAL_TIE: {
      if (exp < 103 || exp > 112) return false;
      uint32_t shift = 126 - exp;  // bits a subnormal result drops
      return (((man | 0x800000u) & ((1u << shift) - 1u)) == 1u << (shift - 1));
    }
    case SPAGM_STIM_F16_MIN_NORMAL_TIE: return a == 0x387FE000u;
    case SPAGM_STIM_F16_MIN_SUBNORMAL: return a == 0x33800000u;
    case SPAGM_STIM_F16_HALF_MIN_SUBNORMAL: return a == 0x33000000u;
    case SPAGM_STIM_F16_ABOVE_HALF_MIN_SUBNORMAL: return a == 0x33000001u;
    case SPAGM_STIM_F16_UNDERFLOW: return a && exp <= 101;
    case SPAGM_STIM_F16_ZERO: return a == 0;
    default: return false;
  }
}

// Stimulus 12 (N495): the texels a TLDS.F16 reads carry every conversion
// corner, and the corners the generator names at a texel's address are
// words of that texel (read back from texture memory; a block-linear
// 12-byte texel's words lie apart, N75, and are not read here).
TEST(Stim, Fp16ConversionCorners_ReadByTldsF16_AtTheTexelsTheyName) {
  Gen g(1, 1u << SPAGM_UNIT_TEX, 1000, 0);
  std::vector<unsigned> seen(SPAGM_STIM_F16_CORNERS, 0);
  unsigned named = 0, checked = 0;
  for (unsigned e = 0; e < 20; e++) {
    spagm_diag d{};
    ASSERT_EQ(spagm_stim_begin_epoch(g.s, e, g.m, &d), SPAGM_OK) << d.msg;
    spagm_request r;
    spagm_response resp;
    spagm_explain ex;
    while (spagm_stim_next(g.s, SPAGM_UNIT_TEX, &r)) {
      ASSERT_EQ(spagm_execute_explained(g.m, &r, &resp, &ex), SPAGM_OK);
      spagm_insn in;
      if (resp.fault || !ex.has_tex_header || spagm_decode(r.insn, &in, nullptr) != SPAGM_OK ||
          !in.f16)
        continue;
      spagm_tic t;
      ASSERT_EQ(spagm_tex_get_header(g.m, ex.tex_header, &t), SPAGM_OK);
      unsigned bytes = spagm_tex_texel_bytes(t.components);
      for (unsigned l = 0; l < SPAGM_LANES; l++) {
        if (!(ex.texel_read >> l & 1u)) continue;
        uint32_t corners = spagm_stim_f16_corners_at(g.s, ex.texel[l].address);
        if (!corners) continue;
        named++;
        EXPECT_EQ(t.data_type[0], (unsigned)SPAGM_TEXDT_FLOAT);
        if (bytes == 12 && t.layout != SPAGM_TEXLAYOUT_PITCH) continue;
        uint8_t b[16];
        ASSERT_EQ(spagm_tex_mem_read(g.m, ex.texel[l].address, b, bytes), SPAGM_OK);
        uint32_t w[4] = {0, 0, 0, 0};
        for (unsigned i = 0; i < bytes; i++) w[i / 4] |= (uint32_t)b[i] << (8 * (i % 4));
        checked++;
        for (unsigned k = 0; k < SPAGM_STIM_F16_CORNERS; k++) {
          if (!(corners >> k & 1u)) continue;
          bool found = false;
          for (unsigned i = 0; i < bytes / 4; i++) found = found || is_f16_corner(k, w[i]);
          EXPECT_TRUE(found) << "corner " << k << " not in the texel at 0x" << std::hex
                             << ex.texel[l].address;
          seen[k] += found;
        }
      }
    }
  }
  EXPECT_GT(checked, 100u) << named << " texels named";
  for (unsigned k = 0; k < SPAGM_STIM_F16_CORNERS; k++)
    EXPECT_GE(seen[k], 10u) << "conversion corner " << k << " read by TLDS.F16";
}

// Components a format stores (R21), for the data-type corner below.
unsigned stored_components(unsigned components) {
  switch (components) {
    case SPAGM_TEXFMT_R32: case SPAGM_TEXFMT_R16: case SPAGM_TEXFMT_R8: return 1;
    case SPAGM_TEXFMT_R32_G32: case SPAGM_TEXFMT_R16_G16: case SPAGM_TEXFMT_G8R8: return 2;
    case SPAGM_TEXFMT_R32_G32_B32: case SPAGM_TEXFMT_B5G6R5: case SPAGM_TEXFMT_BF10GF11RF11:
    case SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP: return 3;
    default: return 4;
  }
}

// The corners of stimulus 14 a header TLDS read shows, in the order of
// spagm_stim_tex_corner: its block shape, view, ignored fields, data types
// and bits outside the fields (raw against its fields alone, clean), a
// long dimension the type reads, and the epoch's bank word and pool (its
// place, and its size: MaximumIndex); the texture's place at twice or four
// times the pool's, a tall and deep 3D shape in 2^5 x 2^5 GOB blocks, 16384
// slices read from level 2 or later (N553).
void shown_corners(const spagm_tic &t, const uint8_t raw[32], const uint8_t clean[32],
                   const spagm_insn &in, uint64_t pool, uint32_t max_index,
                   bool shown[SPAGM_STIM_TEX_CORNERS]) {
  bool pitch = t.layout == SPAGM_TEXLAYOUT_PITCH, nomip = t.type == SPAGM_TEXTYPE_2D_NO_MIPMAP;
  bool oned = t.type == SPAGM_TEXTYPE_1D || t.type == SPAGM_TEXTYPE_1D_ARRAY;
  bool slices = t.type == SPAGM_TEXTYPE_3D || t.type == SPAGM_TEXTYPE_1D_ARRAY ||
                t.type == SPAGM_TEXTYPE_2D_ARRAY;
  unsigned stored = pitch || nomip ? 1 : t.max_mip_level + 1;
  unsigned n = stored_components(t.components);
  bool types = (t.srgb && t.components != SPAGM_TEXFMT_A8B8G8R8) ||
               (t.srgb && t.data_type[3] != SPAGM_TEXDT_UNORM);
  for (unsigned c = n; c < 4; c++) types = types || t.data_type[c] != t.data_type[0];
  shown[SPAGM_STIM_TEX_BLOCK_SHAPE] = !pitch && t.block_height_log2 >= 4 && t.block_height_log2 <= 5;
  shown[SPAGM_STIM_TEX_VIEW_PAST] = t.view_max_level >= stored;
  shown[SPAGM_STIM_TEX_IGNORED_FIELDS] =
      (oned && t.height > 1) || (!slices && !pitch && t.depth > 1) ||
      (pitch && (t.max_mip_level || t.msaa || (t.depth > 1 && !slices))) || (nomip && t.max_mip_level);
  shown[SPAGM_STIM_TEX_DATA_TYPES] = types;
  shown[SPAGM_STIM_TEX_UNUSED_BITS] = std::memcmp(raw, clean, 32) != 0;
  shown[SPAGM_STIM_TEX_LONG] = !pitch && (t.width > 256 || (!oned && t.height > 256) ||
                                          (slices && t.depth > 256));
  shown[SPAGM_STIM_TEX_BANK_ROWS] = in.tex_index >= 32;
  shown[SPAGM_STIM_TEX_POOL_32] = pool % 4096 != 0;
  shown[SPAGM_STIM_TEX_POOL_POWER_ON] = pool == 0 && max_index == 0;
  shown[SPAGM_STIM_TEX_POOL_LARGE] = max_index >= 1u << 19;
  shown[SPAGM_STIM_TEX_POOL_MULTIPLE] = pool && (t.address == 2 * pool || t.address == 4 * pool);
  bool three = t.type == SPAGM_TEXTYPE_3D && !pitch;
  shown[SPAGM_STIM_TEX_TALL_DEEP] = three && t.block_height_log2 == 5 && t.block_depth_log2 == 5 &&
                                    t.height > 128 && t.depth > 16;
  shown[SPAGM_STIM_TEX_SLICES_16384] = three && t.depth == 16384 && t.view_min_level >= 2;
}

// The texture-state corners of docs/stimulus.md (N516, N517) reach TLDS
// requests that read texels: each is in the header a read took, and the
// generator names it for the co-simulation's bins (N518); the bits a
// header holds beyond its fields are only ones the model's decode drops.
// Seeds 1-3: the pool's size corners are drawn in one epoch in ten.
TEST(Stim, TextureStateCorners_ReachTldsReads_OnlyIgnoredBitsAdded) {
  const char *names[SPAGM_STIM_TEX_CORNERS] = {
      "block shape", "view past the levels", "ignored fields", "data types",
      "bits outside the fields", "long texture", "bank rows", "pool 32-byte",
      "pool at power-on", "pool of 2^19 headers", "texels at 2 or 4 x the pool",
      "tall and deep 3D", "16384 slices past level 1"};
  unsigned seen[SPAGM_STIM_TEX_CORNERS] = {};
  for (unsigned seed = 1; seed <= 3; seed++) {
    Gen g(seed, 1u << SPAGM_UNIT_TEX, 1000, 0);
    for (unsigned e = 0; e < 20; e++) {
      spagm_diag d{};
      ASSERT_EQ(spagm_stim_begin_epoch(g.s, e, g.m, &d), SPAGM_OK) << d.msg;
      uint64_t pool = 0;
      uint32_t max_index = 0;
      spagm_tex_get_header_pool(g.m, &pool, &max_index);
      spagm_request r;
      spagm_response resp;
      spagm_explain ex;
      while (spagm_stim_next(g.s, SPAGM_UNIT_TEX, &r)) {
        ASSERT_EQ(spagm_execute_explained(g.m, &r, &resp, &ex), SPAGM_OK);
        spagm_insn in;
        if (resp.fault || !ex.has_tex_header || !ex.texel_read ||
            spagm_decode(r.insn, &in, nullptr) != SPAGM_OK)
          continue;
        uint8_t raw[32], clean[32];
        ASSERT_EQ(spagm_tex_mem_read(g.m, pool + 32ull * ex.tex_header, raw, 32), SPAGM_OK);
        spagm_tic t, again;
        ASSERT_EQ(spagm_tic_decode(raw, &t), SPAGM_OK);
        ASSERT_EQ(spagm_tic_encode(&t, clean, &d), SPAGM_OK) << d.msg;
        bool shown[SPAGM_STIM_TEX_CORNERS];
        shown_corners(t, raw, clean, in, pool, max_index, shown);
        uint32_t named = spagm_stim_tex_corners_at(g.s, ex.tex_header);
        for (unsigned k = 0; k < SPAGM_STIM_TEX_CORNERS; k++) {
          seen[k] += shown[k];
          EXPECT_TRUE(!shown[k] || (named >> k & 1u)) << names[k] << ", header " << ex.tex_header;
        }
        // Bits beyond the fields are ones no field of the decode reads: the
        // header with them dropped decodes to the same fields.
        ASSERT_EQ(spagm_tic_decode(clean, &again), SPAGM_OK);
        EXPECT_EQ(std::memcmp(&t, &again, sizeof t), 0) << "header " << ex.tex_header;
      }
    }
  }
  for (unsigned k = 0; k < SPAGM_STIM_TEX_CORNERS; k++) {
    std::printf("%s: %u reads\n", names[k], seen[k]);
    EXPECT_GE(seen[k], 10u) << names[k] << " in a header TLDS read";
  }
}

TEST(Stim, BadOptions_AreRefused) {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  spagm_diag d{};
  o.epoch_txns = 0;
  EXPECT_EQ(spagm_stim_new(&o, &d), nullptr);
  spagm_stim_opts_default(&o);
  o.units = 0;
  EXPECT_EQ(spagm_stim_new(&o, &d), nullptr);
  spagm_stim_opts_default(&o);
  o.illegal_ppm = 2000000;
  EXPECT_EQ(spagm_stim_new(&o, &d), nullptr);
  EXPECT_EQ(spagm_stim_new(nullptr, &d), nullptr);
  EXPECT_EQ(spagm_stim_begin_epoch(nullptr, 0, nullptr, &d), SPAGM_E_ARG);
}

}  // namespace
