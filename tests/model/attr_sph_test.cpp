// SPDX-License-Identifier: Apache-2.0
// SPH v3 parsing (DESIGN §7.3, N21, N22, N23): headers are built here bit by
// bit from the §7.3 positions, independently of the model's parser.
#include <gtest/gtest.h>

#include <cstring>

#include "attr_harness.h"

namespace {

using attrtest::Map;

// A 20-word header with named fields set at their §7.3 bit positions.
struct Sph {
  uint32_t w[SPAGM_SPH_WORDS] = {};
  void set(unsigned bit, bool on = true) {
    if (on) w[bit / 32] |= 1u << (bit % 32);
    else w[bit / 32] &= ~(1u << (bit % 32));
  }
  void field(unsigned hi, unsigned lo, uint32_t v) {
    for (unsigned b = lo; b <= hi; b++) set(b, (v >> (b - lo)) & 1u);
  }
  static Sph vtg(unsigned shader_type) {
    Sph s;
    s.field(4, 0, 1);  // SphType VTG
    s.field(13, 10, shader_type);
    return s;
  }
  // VTG maps: IMAP from bit 160, OMAP from bit 400, bit = address/4.
  Sph &imap(uint32_t lo, uint32_t hi) {
    for (uint32_t a = lo; a <= hi; a += 4) set(160 + a / 4);
    return *this;
  }
  Sph &omap(uint32_t lo, uint32_t hi) {
    for (uint32_t a = lo; a <= hi; a += 4) set(400 + a / 4);
    return *this;
  }
};

class SphLoad : public ::testing::Test {
 protected:
  spagm_model *m = nullptr;
  void SetUp() override { m = spagm_model_new(); }
  void TearDown() override { spagm_model_free(m); }
  spagm_attr_config cfg() {
    spagm_attr_config c;
    EXPECT_EQ(spagm_attr_get_config(m, &c, nullptr), SPAGM_OK);
    return c;
  }
  Map map_of(spagm_attr_map which) {
    Map mp;
    EXPECT_EQ(spagm_attr_get_map(m, which, mp.bits, nullptr), SPAGM_OK);
    return mp;
  }
};

TEST_F(SphLoad, VertexHeader_MapsStoreReqAndSharing) {
  Sph cur = Sph::vtg(1);
  cur.imap(0x070, 0x07C).imap(0x2FC, 0x2FC);
  cur.omap(0x070, 0x07C).omap(0x080, 0x08C).omap(0x300, 0x304);
  cur.field(147, 140, 0x80 / 4);  // StoreReqStart
  cur.field(159, 152, 0x88 / 4);  // StoreReqEnd
  cur.set(25);                    // ISBE space sharing
  spagm_diag d{};
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSB, cur.w, nullptr, nullptr, &d), SPAGM_OK) << d.msg;
  spagm_attr_config c = cfg();
  EXPECT_EQ(c.stage, SPAGM_STAGE_VSB);
  EXPECT_TRUE(c.shared);
  EXPECT_EQ(c.streq_start, 0x80u / 4);
  EXPECT_EQ(c.streq_end, 0x88u / 4);
  Map want_i{{0x070, 0x07C}, {0x2FC, 0x2FC}};
  Map want_o{{0x070, 0x08C}, {0x300, 0x304}};
  EXPECT_EQ(std::memcmp(c.imap, want_i.bits, sizeof want_i.bits), 0);
  EXPECT_EQ(std::memcmp(c.omap, want_o.bits, sizeof want_o.bits), 0);
  // Output BMAP with an empty next IMAP is exactly OMAP & ST_REQ (N21, inclusive).
  Map bout = map_of(SPAGM_MAP_BMAP_OUT);
  Map want_b{{0x080, 0x088}};
  EXPECT_EQ(std::memcmp(bout.bits, want_b.bits, sizeof bout.bits), 0);
}

TEST_F(SphLoad, PreviousAndNext_GiveOmapPrevAndImapNext_BmapsDerived) {
  Sph cur = Sph::vtg(4);  // GS
  cur.imap(0x070, 0x08C).omap(0x070, 0x09C);
  cur.field(139, 128, 6);  // MaxOutputVertexCount
  Sph prev = Sph::vtg(1);
  prev.omap(0x070, 0x07C);
  Sph next = Sph::vtg(1);  // a VTG header as the next stage (e.g. a VSB)
  next.imap(0x090, 0x094);
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_GS, cur.w, prev.w, next.w, nullptr), SPAGM_OK);
  EXPECT_EQ(cfg().gs_max_vertices, 6u);
  Map bin = map_of(SPAGM_MAP_BMAP_IN), bout = map_of(SPAGM_MAP_BMAP_OUT);
  Map wi{{0x070, 0x07C}}, wo{{0x090, 0x094}};
  EXPECT_EQ(std::memcmp(bin.bits, wi.bits, sizeof wi.bits), 0);
  EXPECT_EQ(std::memcmp(bout.bits, wo.bits, sizeof wo.bits), 0);
}

TEST_F(SphLoad, NullPrevNext_LeaveThoseMapsAsTheyWere) {
  Map keep{{0x100, 0x10C}};
  ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_OMAP_PREV, keep.bits, nullptr), SPAGM_OK);
  Sph cur = Sph::vtg(1);
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, cur.w, nullptr, nullptr, nullptr), SPAGM_OK);
  EXPECT_EQ(std::memcmp(cfg().omap_prev, keep.bits, sizeof keep.bits), 0);
}

TEST_F(SphLoad, SeparateLoaders_ForPrevAndNext) {
  Sph prev = Sph::vtg(3);
  prev.omap(0x2F0, 0x2F4);
  ASSERT_EQ(spagm_attr_load_sph_prev(m, prev.w, nullptr), SPAGM_OK);
  Map w{{0x2F0, 0x2F4}};
  EXPECT_EQ(std::memcmp(cfg().omap_prev, w.bits, sizeof w.bits), 0);
}

TEST_F(SphLoad, PatchCount_RoundsUpToLegalSize) {
  const uint32_t counts[] = {0, 6, 8, 9, 16, 17, 33, 64, 65, 128};
  const uint32_t want[] = {8, 8, 8, 16, 16, 32, 64, 64, 128, 128};
  for (unsigned i = 0; i < 10; i++) {
    Sph cur = Sph::vtg(2);  // TI
    cur.field(63, 56, counts[i]);
    ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_TI, cur.w, nullptr, nullptr, nullptr), SPAGM_OK);
    EXPECT_EQ(cfg().patch_words, want[i]) << counts[i];
  }
}

TEST_F(SphLoad, PatchCountAbove128_FormatError_StateUnchanged) {
  Sph cur = Sph::vtg(3);  // TS
  cur.field(63, 56, 129);
  cur.imap(0x070, 0x07C);
  spagm_diag d{};
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_TS, cur.w, nullptr, nullptr, &d), SPAGM_E_FORMAT);
  EXPECT_NE(std::strstr(d.msg, "PerPatchAttributeCount"), nullptr);
  spagm_attr_config c = cfg(), def;
  spagm_attr_config_default(&def);
  EXPECT_EQ(std::memcmp(&c, &def, sizeof c), 0);
}

TEST_F(SphLoad, ShaderTypeNotMatchingStage_FormatError) {
  Sph cur = Sph::vtg(4);  // GEOMETRY
  spagm_diag d{};
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_TS, cur.w, nullptr, nullptr, &d), SPAGM_E_FORMAT);
  EXPECT_NE(std::strstr(d.msg, "ShaderType"), nullptr);
  EXPECT_EQ(cfg().stage, SPAGM_STAGE_VSA);
}

TEST_F(SphLoad, BadSphType_FormatError) {
  Sph cur;
  cur.field(4, 0, 3);
  cur.field(13, 10, 1);
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, cur.w, nullptr, nullptr, nullptr),
            SPAGM_E_FORMAT);
  Sph mismatch;  // PS type with a VERTEX shader type
  mismatch.field(4, 0, 2);
  mismatch.field(13, 10, 1);
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, mismatch.w, nullptr, nullptr, nullptr),
            SPAGM_E_FORMAT);
}

TEST_F(SphLoad, GsMaxOutputVertexCountAbove1024_FormatError) {
  Sph cur = Sph::vtg(4);
  cur.field(139, 128, 1025);
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_GS, cur.w, nullptr, nullptr, nullptr),
            SPAGM_E_FORMAT);
}

TEST_F(SphLoad, PixelHeaderAsNext_InterpolationModesGiveImap) {
  Sph cur = Sph::vtg(1);
  cur.omap(0x000, 0x3BC);  // all 240 OMAP bits: BMAP_OUT == next IMAP
  Sph ps;
  ps.field(4, 0, 2);
  ps.field(13, 10, 5);
  ps.set(160 + 0x70 / 4);                // POSITION_X, one bit
  ps.field(193 + 2 * 1, 192 + 2 * 1, 2);  // GENERIC0.y perspective
  ps.field(193 + 2 * 5, 192 + 2 * 5, 1);  // GENERIC1.y constant
  ps.field(449 + 2 * 3, 448 + 2 * 3, 3);  // front diffuse alpha
  ps.set(464 + 15);                       // VERTEX_ID (0x2FC) in system values C
  ps.field(481 + 2 * 4, 480 + 2 * 4, 2);  // TEX_COORD1.x
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, cur.w, nullptr, ps.w, nullptr), SPAGM_OK);
  Map want{{0x070, 0x070}, {0x084, 0x084}, {0x094, 0x094}, {0x28C, 0x28C},
           {0x2AC, 0x2AC}, {0x2FC, 0x2FC}, {0x310, 0x310}};
  Map got = map_of(SPAGM_MAP_IMAP_NEXT);
  EXPECT_EQ(std::memcmp(got.bits, want.bits, sizeof want.bits), 0);
}

TEST_F(SphLoad, PixelHeaderAsPrevious_FormatError) {
  Sph cur = Sph::vtg(1);
  Sph ps;
  ps.field(4, 0, 2);
  ps.field(13, 10, 5);
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, cur.w, ps.w, nullptr, nullptr),
            SPAGM_E_FORMAT);
}

TEST_F(SphLoad, PixelCurrent_SetsStagePS) {
  Sph ps;
  ps.field(4, 0, 2);
  ps.field(13, 10, 5);
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_PS, ps.w, nullptr, nullptr, nullptr), SPAGM_OK);
  EXPECT_EQ(cfg().stage, SPAGM_STAGE_PS);
}

TEST_F(SphLoad, MapBitsBeyond239_NotInVtgMaps) {
  Sph cur = Sph::vtg(1);
  for (unsigned b = 160; b < 640; b++) cur.set(b);  // both maps full
  ASSERT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, cur.w, nullptr, nullptr, nullptr), SPAGM_OK);
  Map want{{0x000, 0x3BC}};  // 240 attributes; FRONT_FACE 0x3FC has no bit
  EXPECT_EQ(std::memcmp(cfg().imap, want.bits, sizeof want.bits), 0);
  EXPECT_EQ(std::memcmp(cfg().omap, want.bits, sizeof want.bits), 0);
}

}  // namespace
