// SPDX-License-Identifier: Apache-2.0
// The attribute unit's public state API (attr.h): bad arguments return
// SPAGM_E_ARG without crashing or changing state, the configuration round
// trips, reset restores power-on, and several models do not interfere.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "attr_harness.h"

namespace {

using attrtest::Map;
using attrtest::r3_default;

class AttrApi : public ::testing::Test {
 protected:
  spagm_model *m = nullptr;
  void SetUp() override { m = spagm_model_new(); }
  void TearDown() override { spagm_model_free(m); }
  spagm_attr_config cfg() {
    spagm_attr_config c;
    EXPECT_EQ(spagm_attr_get_config(m, &c, nullptr), SPAGM_OK);
    return c;
  }
};

TEST_F(AttrApi, NullModel_EveryFunction_ReturnsArg) {
  uint32_t bits[8] = {}, v = 0, words[20] = {};
  bool b = false;
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  spagm_stage st;
  spagm_diag d{};
  EXPECT_EQ(spagm_attr_get_config(nullptr, &c, &d), SPAGM_E_ARG);
  EXPECT_NE(d.msg[0], '\0');
  EXPECT_EQ(spagm_attr_set_config(nullptr, &c, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_stage(nullptr, SPAGM_STAGE_GS, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_stage(nullptr, &st, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_map(nullptr, SPAGM_MAP_IMAP, bits, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_map(nullptr, SPAGM_MAP_IMAP, bits, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_store_req(nullptr, 0, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_shared(nullptr, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_vertex_count(nullptr, 3, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_patch_words(nullptr, 8, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_gs_max_vertices(nullptr, 3, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_trap(nullptr, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_default(nullptr, 0, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_default(nullptr, 0, &v, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_hw(nullptr, SPAGM_HW_VERTEX_ID, 0, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_hw(nullptr, SPAGM_HW_VERTEX_ID, 0, &v, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_load_sph(nullptr, SPAGM_STAGE_VSA, words, nullptr, nullptr, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_load_sph_prev(nullptr, words, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_load_sph_next(nullptr, words, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_space_size(nullptr, SPAGM_SPACE_ISBE_IN), 0u);
  EXPECT_EQ(spagm_attr_read(nullptr, SPAGM_SPACE_ISBE_IN, 0, &v, 4, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_write(nullptr, SPAGM_SPACE_ISBE_IN, 0, &v, 4, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_read32(nullptr, SPAGM_SPACE_ISBE_IN, 0, &v, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_write32(nullptr, SPAGM_SPACE_ISBE_IN, 0, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_phys_addr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, &v, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_vertex_attr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, 1, true, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_vertex_attr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, &v, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_written(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_written(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, &b, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_written_bits(nullptr, SPAGM_SPACE_ISBE_IN, 0, bits, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_written_bits(nullptr, SPAGM_SPACE_ISBE_IN, 0, bits, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_primitive_count(nullptr, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_primitive_index(nullptr, SPAGM_SPACE_ISBE_IN, 0, 1, nullptr),
            SPAGM_E_ARG);
}

TEST_F(AttrApi, NullPointers_ReturnArg) {
  EXPECT_EQ(spagm_attr_get_config(m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_config(m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_map(m, SPAGM_MAP_IMAP, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_map(m, SPAGM_MAP_IMAP, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, nullptr, nullptr, nullptr, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_read(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, 4, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_default(m, 0, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_written(m, SPAGM_SPACE_ISBE_IN, 0, 0, nullptr, nullptr), SPAGM_E_ARG);
}

TEST_F(AttrApi, OutOfRangeSettings_ReturnArg_StateUnchanged) {
  spagm_attr_config before = cfg();
  spagm_diag d{};
  EXPECT_EQ(spagm_attr_set_vertex_count(m, SPAGM_ATTR_MAX_VERTICES + 1, &d), SPAGM_E_ARG);
  EXPECT_NE(std::strstr(d.msg, "vertex count"), nullptr);
  EXPECT_EQ(spagm_attr_set_patch_words(m, 12, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_patch_words(m, 256, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_gs_max_vertices(m, 1025, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_stage(m, (spagm_stage)6, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_stage(m, (spagm_stage)7, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_store_req(m, 256, 300, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_default(m, 1024, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_default(m, 0x72, 1, nullptr), SPAGM_E_ARG);
  spagm_attr_config after = cfg();
  EXPECT_EQ(std::memcmp(&before, &after, sizeof before), 0);
}

TEST_F(AttrApi, DerivedMaps_CannotBeSet) {
  uint32_t bits[8] = {1};
  for (spagm_attr_map w : {SPAGM_MAP_STREQ, SPAGM_MAP_BMAP_IN, SPAGM_MAP_BMAP_OUT,
                           SPAGM_MAP_COUNT})
    EXPECT_EQ(spagm_attr_set_map(m, w, bits, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_map(m, SPAGM_MAP_COUNT, bits, nullptr), SPAGM_E_ARG);
}

TEST_F(AttrApi, Memory_OutOfBoundsOrBadSpace_ReturnArg) {
  uint8_t buf[8] = {};
  EXPECT_EQ(spagm_attr_read(m, SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_SPACE_BYTES - 4, buf, 8, nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_read(m, SPAGM_SPACE_ISBE_IN, 0xFFFFFFFFu, buf, 2, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_write(m, SPAGM_SPACE_NONE, 0, buf, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_write(m, (spagm_space)7, 0, buf, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_write32(m, SPAGM_SPACE_ISBE_OUT, 2, 1, nullptr), SPAGM_E_ARG);
  // The patch space is exactly 4 * patch_words bytes (R4).
  ASSERT_EQ(spagm_attr_set_patch_words(m, 8, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_attr_space_size(m, SPAGM_SPACE_PATCH), 32u);
  EXPECT_EQ(spagm_attr_write32(m, SPAGM_SPACE_PATCH, 28, 1, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_attr_write32(m, SPAGM_SPACE_PATCH, 32, 1, nullptr), SPAGM_E_ARG);
}

TEST_F(AttrApi, SpaceSizes_AreTheDocumentedConstants) {
  EXPECT_EQ(spagm_attr_space_size(m, SPAGM_SPACE_ISBE_IN), SPAGM_ISBE_SPACE_BYTES);
  EXPECT_EQ(spagm_attr_space_size(m, SPAGM_SPACE_ISBE_OUT), SPAGM_ISBE_SPACE_BYTES);
  EXPECT_EQ(spagm_attr_space_size(m, SPAGM_SPACE_GS_OUT), 32u * 4096u);
  EXPECT_EQ(spagm_attr_space_size(m, SPAGM_SPACE_NONE), 0u);
  EXPECT_EQ(spagm_isbe_region_base(SPAGM_REGION_ATTR), 0u);
  EXPECT_EQ(spagm_isbe_region_base(SPAGM_REGION_MAP), SPAGM_ISBE_MAP_BASE);
  EXPECT_EQ(spagm_isbe_region_size(SPAGM_REGION_PATCH), 4u * SPAGM_ATTR_MAX_PATCH_WORDS);
  EXPECT_EQ(SPAGM_ISBE_PRIM_BASE + SPAGM_ISBE_PRIM_SIZE, SPAGM_ISBE_SPACE_BYTES);
}

TEST_F(AttrApi, VertexAttr_UnmappedAddress_ReturnsState) {
  spagm_diag d{};
  EXPECT_EQ(spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, 0, 0x70, 1, true, &d),
            SPAGM_E_STATE);
  EXPECT_NE(std::strstr(d.msg, "BMAP"), nullptr);
  bool w = true;
  ASSERT_EQ(spagm_attr_get_written(m, SPAGM_SPACE_ISBE_IN, 0, 0x70, &w, nullptr), SPAGM_OK);
  EXPECT_FALSE(w);  // a failing call changes nothing
}

TEST_F(AttrApi, PerVertexFunctions_BadVertexAddressSpace_ReturnArg) {
  bool w;
  EXPECT_EQ(spagm_attr_set_written(m, SPAGM_SPACE_ISBE_IN, 256, 0, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_written(m, SPAGM_SPACE_ISBE_IN, 0, 0x3FE, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_written(m, SPAGM_SPACE_ISBE_IN, 0, 1024, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_get_written(m, SPAGM_SPACE_PATCH, 0, 0, &w, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_primitive_index(m, SPAGM_SPACE_ISBE_OUT, SPAGM_ISBE_MAP_SIZE - 4, 1,
                                           nullptr),
            SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_primitive_index(m, SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_MAP_SIZE - 1, 1,
                                           nullptr),
            SPAGM_OK);
}

TEST_F(AttrApi, Hw_BadKindOrIndex_ReturnArg) {
  uint32_t v;
  EXPECT_EQ(spagm_attr_set_hw(m, (spagm_attr_hw)6, 0, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_hw(m, SPAGM_HW_VERTEX_ID, 256, 1, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_attr_set_hw(m, SPAGM_HW_PRIMITIVE_ID, 256, 1, nullptr), SPAGM_E_ARG);
  ASSERT_EQ(spagm_attr_set_hw(m, SPAGM_HW_FRONT_FACE, 255, 0xFF, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_get_hw(m, SPAGM_HW_FRONT_FACE, 255, &v, nullptr), SPAGM_OK);
  EXPECT_EQ(v, 0xFFu);
  EXPECT_EQ(spagm_attr_hw_addr(SPAGM_HW_FRONT_FACE), 0x3FCu);
  EXPECT_EQ(spagm_attr_hw_addr((spagm_attr_hw)7), 0xFFFFFFFFu);
  EXPECT_EQ(spagm_attr_hw_at(0x2F8), (int)SPAGM_HW_INSTANCE_ID);
  EXPECT_EQ(spagm_attr_hw_at(0x070), -1);
}

TEST_F(AttrApi, Config_RoundTrips_AndDerivesBmaps) {
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  c.stage = SPAGM_STAGE_TS;
  c.vertex_count = 77;
  c.patch_words = 64;
  c.gs_max_vertices = 9;
  c.trap = true;
  c.streq_start = 40;
  c.streq_end = 41;
  Map im{{0x080, 0x0FC}}, op{{0x0A0, 0x0AC}};
  std::memcpy(c.imap, im.bits, sizeof im.bits);
  std::memcpy(c.omap_prev, op.bits, sizeof op.bits);
  std::memcpy(c.omap, im.bits, sizeof im.bits);
  c.defaults[3] = 0x1234;
  ASSERT_EQ(spagm_attr_set_config(m, &c, nullptr), SPAGM_OK);
  spagm_attr_config back = cfg();
  EXPECT_EQ(std::memcmp(&c, &back, sizeof c), 0);
  Map bin, bout;
  spagm_attr_get_map(m, SPAGM_MAP_BMAP_IN, bin.bits, nullptr);
  spagm_attr_get_map(m, SPAGM_MAP_BMAP_OUT, bout.bits, nullptr);
  EXPECT_EQ(std::memcmp(bin.bits, op.bits, sizeof op.bits), 0);  // IMAP & OMAP_PREV
  Map st{{40 * 4, 41 * 4}};
  EXPECT_EQ(std::memcmp(bout.bits, st.bits, sizeof st.bits), 0);  // OMAP & ST_REQ
}

TEST_F(AttrApi, PowerOnConfig_IsDocumented) {
  spagm_attr_config c = cfg();
  EXPECT_EQ(c.stage, SPAGM_STAGE_VSA);
  EXPECT_EQ(c.vertex_count, 32u);
  EXPECT_EQ(c.patch_words, 32u);
  EXPECT_EQ(c.gs_max_vertices, 32u);
  EXPECT_FALSE(c.trap);
  EXPECT_FALSE(c.shared);
  EXPECT_GT(c.streq_start, c.streq_end);
  for (uint32_t a = 0; a < 1024; a += 4) EXPECT_EQ(c.defaults[a / 4], r3_default(a));
}

TEST_F(AttrApi, Reset_RestoresPowerOn) {
  Map mp{{0x070, 0x07C}};
  spagm_attr_set_map(m, SPAGM_MAP_IMAP, mp.bits, nullptr);
  spagm_attr_set_map(m, SPAGM_MAP_OMAP_PREV, mp.bits, nullptr);
  spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, 3, 0x74, 9, true, nullptr);
  spagm_attr_write32(m, SPAGM_SPACE_GS_OUT, 400, 5, nullptr);
  spagm_attr_set_hw(m, SPAGM_HW_VERTEX_ID, 3, 3, nullptr);
  spagm_attr_set_shared(m, true, nullptr);
  spagm_model_reset(m);
  spagm_attr_config c = cfg(), def;
  spagm_attr_config_default(&def);
  EXPECT_EQ(std::memcmp(&c, &def, sizeof c), 0);
  uint32_t v = 1;
  spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, 0x80 + 12, &v, nullptr);
  EXPECT_EQ(v, 0u);
  spagm_attr_read32(m, SPAGM_SPACE_GS_OUT, 400, &v, nullptr);
  EXPECT_EQ(v, 0u);
  spagm_attr_get_hw(m, SPAGM_HW_VERTEX_ID, 3, &v, nullptr);
  EXPECT_EQ(v, 0u);
  bool w = true;
  spagm_attr_get_written(m, SPAGM_SPACE_ISBE_IN, 3, 0x74, &w, nullptr);
  EXPECT_FALSE(w);
}

TEST_F(AttrApi, WrittenBits_RoundTrip) {
  uint32_t bits[8] = {0x1, 0, 0x80000000u, 0, 0, 0, 0, 0xF0F0F0F0u}, back[8];
  ASSERT_EQ(spagm_attr_set_written_bits(m, SPAGM_SPACE_ISBE_OUT, 200, bits, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_get_written_bits(m, SPAGM_SPACE_ISBE_OUT, 200, back, nullptr), SPAGM_OK);
  EXPECT_EQ(std::memcmp(bits, back, sizeof bits), 0);
  bool w = false;
  spagm_attr_get_written(m, SPAGM_SPACE_ISBE_OUT, 200, 0x17C, &w, nullptr);  // bit 95
  EXPECT_TRUE(w);
  spagm_attr_get_written(m, SPAGM_SPACE_ISBE_IN, 200, 0x17C, &w, nullptr);
  EXPECT_FALSE(w);
}

TEST(AttrModels, SeveralModels_DoNotInterfere) {
  spagm_model *a = spagm_model_new(), *b = spagm_model_new();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  Map mp{{0x070, 0x07C}};
  for (spagm_model *x : {a, b}) {
    spagm_attr_set_map(x, SPAGM_MAP_OMAP, mp.bits, nullptr);
    spagm_attr_set_map(x, SPAGM_MAP_IMAP_NEXT, mp.bits, nullptr);
  }
  spagm_attr_set_stage(b, SPAGM_STAGE_PS, nullptr);  // b refuses ALD/AST
  spagm_request req;
  spagm_response ra, rb;
  spagm_request_init(&req);
  req.lane_mask = 0xFFFFFFFFu;
  for (unsigned l = 0; l < 32; l++) {
    req.vertex[l] = l;
    req.d[0][l] = 0x100 + l;
  }
  spagm_insn st;
  spagm_insn_init(&st, SPAGM_OP_AST);
  st.rb = 0;
  st.imm = 0x74;
  ASSERT_EQ(spagm_execute_insn(a, &st, &req, &ra, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_execute_insn(b, &st, &req, &rb, nullptr), SPAGM_OK);
  EXPECT_EQ(ra.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(rb.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  uint32_t va = 0, vb = 1;
  spagm_attr_get_vertex_attr(a, SPAGM_SPACE_ISBE_OUT, 7, 0x74, &va, nullptr);
  spagm_attr_get_vertex_attr(b, SPAGM_SPACE_ISBE_OUT, 7, 0x74, &vb, nullptr);
  EXPECT_EQ(va, 0x107u);
  EXPECT_EQ(vb, 0u);
  spagm_stage sa;
  spagm_attr_get_stage(a, &sa, nullptr);
  EXPECT_EQ(sa, SPAGM_STAGE_VSA);
  spagm_model_free(b);
  // a still works after b is gone.
  ASSERT_EQ(spagm_execute_insn(a, &st, &req, &ra, nullptr), SPAGM_OK);
  EXPECT_EQ(ra.st_mask[0], 0xFFFFFFFFu);
  spagm_model_free(a);
}

TEST(AttrModels, ExecuteInsn_NullArgs_ReturnArg) {
  spagm_model *m = spagm_model_new();
  spagm_request req;
  spagm_response resp;
  spagm_insn i;
  spagm_request_init(&req);
  spagm_insn_init(&i, SPAGM_OP_ALD);
  EXPECT_EQ(spagm_execute_insn(m, &i, nullptr, &resp, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_execute_insn(nullptr, &i, &req, &resp, nullptr), SPAGM_E_ARG);
  spagm_model_free(m);
}

}  // namespace
