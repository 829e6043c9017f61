// SPDX-License-Identifier: Apache-2.0
// Texture-unit state API (tex.h): constant banks, header pool, sparse
// memory, FP16 mode, reset, header packing and bad arguments.
#include "tex_harness.h"

using namespace textest;

namespace {

class TexState : public ::testing::Test {
 protected:
  void SetUp() override {
    m = spagm_model_new();
    ASSERT_NE(m, nullptr);
  }
  void TearDown() override { spagm_model_free(m); }
  spagm_model *m = nullptr;
};

// ---- Constant banks (N63) -----------------------------------------------------

TEST_F(TexState, CbankWords_SetGetAndUnwrittenZero) {
  uint32_t v = 1;
  EXPECT_FALSE(spagm_tex_cbank_in_use(m, 3));
  ASSERT_EQ(spagm_tex_get_cbank_word(m, 3, 100, &v), SPAGM_OK);
  EXPECT_EQ(v, 0u);
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 3, 8191, 0xDEADBEEFu), SPAGM_OK);
  EXPECT_TRUE(spagm_tex_cbank_in_use(m, 3));
  EXPECT_FALSE(spagm_tex_cbank_in_use(m, 2));
  ASSERT_EQ(spagm_tex_get_cbank_word(m, 3, 8191, &v), SPAGM_OK);
  EXPECT_EQ(v, 0xDEADBEEFu);
  ASSERT_EQ(spagm_tex_get_cbank_word(m, 3, 0, &v), SPAGM_OK);
  EXPECT_EQ(v, 0u);
}

TEST_F(TexState, CbankBounds_BadArgs_API) {
  uint32_t v;
  EXPECT_EQ(spagm_tex_set_cbank_word(m, SPAGM_TEX_CBANKS, 0, 1), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_set_cbank_word(m, 0, SPAGM_TEX_CBANK_WORDS, 1), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_get_cbank_word(m, SPAGM_TEX_CBANKS, 0, &v), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_get_cbank_word(m, 0, 0, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_set_cbank_word(nullptr, 0, 0, 1), SPAGM_E_ARG);
  EXPECT_FALSE(spagm_tex_cbank_in_use(m, 99));
  EXPECT_FALSE(spagm_tex_cbank_in_use(nullptr, 0));
}

TEST_F(TexState, SelectBank_PowerOnZero_Bounds) {
  EXPECT_EQ(spagm_tex_selected_cbank(m), 0u);
  ASSERT_EQ(spagm_tex_select_cbank(m, 17), SPAGM_OK);
  EXPECT_EQ(spagm_tex_selected_cbank(m), 17u);
  EXPECT_EQ(spagm_tex_select_cbank(m, 18), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_selected_cbank(m), 17u);
  EXPECT_EQ(spagm_tex_select_cbank(nullptr, 0), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_selected_cbank(nullptr), 0u);
}

// ---- Header pool (N60) --------------------------------------------------------

TEST_F(TexState, HeaderPool_SetGetAndAlignment) {
  uint64_t base = 1;
  uint32_t max = 1;
  ASSERT_EQ(spagm_tex_get_header_pool(m, &base, &max), SPAGM_OK);
  EXPECT_EQ(base, 0u);
  EXPECT_EQ(max, 0u);
  ASSERT_EQ(spagm_tex_set_header_pool(m, 0xFFFFFFFFFFE0ull, 0xFFFFFu), SPAGM_OK);
  ASSERT_EQ(spagm_tex_get_header_pool(m, &base, &max), SPAGM_OK);
  EXPECT_EQ(base, 0xFFFFFFFFFFE0ull);
  EXPECT_EQ(max, 0xFFFFFu);
  EXPECT_EQ(spagm_tex_set_header_pool(m, 0x1010, 0), SPAGM_E_ARG);      // not 32-aligned
  EXPECT_EQ(spagm_tex_set_header_pool(m, 1ull << 48, 0), SPAGM_E_ARG);  // beyond VA
  EXPECT_EQ(spagm_tex_get_header_pool(m, nullptr, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_tex_get_header_pool(nullptr, &base, &max), SPAGM_E_ARG);
}

TEST_F(TexState, HeadersAreReadFromTextureMemory) {
  ASSERT_EQ(spagm_tex_set_header_pool(m, 0x2000, 10), SPAGM_OK);
  spagm_tic t;
  spagm_tic_init(&t);
  t.width = 77;
  spagm_diag d{};
  ASSERT_EQ(spagm_tex_set_header(m, 4, &t, &d), SPAGM_OK) << d.msg;
  uint8_t raw[32];
  ASSERT_EQ(spagm_tex_mem_read(m, 0x2000 + 4 * 32, raw, 32), SPAGM_OK);
  EXPECT_EQ(raw[16] | raw[17] << 8, 76);  // WIDTH_MINUS_ONE [143:128]
  // A driver's raw header image written to memory is what TLDS finds.
  raw[16] = 9;
  ASSERT_EQ(spagm_tex_mem_write(m, 0x2000 + 4 * 32, raw, 32), SPAGM_OK);
  spagm_tic back;
  ASSERT_EQ(spagm_tex_get_header(m, 4, &back), SPAGM_OK);
  EXPECT_EQ(back.width, 10u);
  EXPECT_EQ(spagm_tex_set_header(m, 0x100000, &t, &d), SPAGM_E_ARG);  // > 20 bits
  EXPECT_EQ(spagm_tex_get_header(m, 0x100000, &back), SPAGM_E_ARG);
}

// ---- Memory (N61) ---------------------------------------------------------------

TEST_F(TexState, Memory_UnwrittenReadsZero) {
  uint8_t buf[64];
  std::memset(buf, 0xAA, sizeof buf);
  ASSERT_EQ(spagm_tex_mem_read(m, 0x123456789ull, buf, sizeof buf), SPAGM_OK);
  for (uint8_t b : buf) EXPECT_EQ(b, 0);
  EXPECT_EQ(spagm_tex_mem_pages(m, nullptr, 0), 0u);
}

TEST_F(TexState, Memory_WriteAcrossPages_ReadBack) {
  std::vector<uint8_t> data(10000);
  for (size_t i = 0; i < data.size(); i++) data[i] = static_cast<uint8_t>(i * 7 + 1);
  const uint64_t va = 0x7FFFFFF000ull - 100;
  ASSERT_EQ(spagm_tex_mem_write(m, va, data.data(), data.size()), SPAGM_OK);
  std::vector<uint8_t> back(data.size() + 200);
  ASSERT_EQ(spagm_tex_mem_read(m, va - 100, back.data(), back.size()), SPAGM_OK);
  for (size_t i = 0; i < 100; i++) EXPECT_EQ(back[i], 0);
  EXPECT_EQ(std::memcmp(back.data() + 100, data.data(), data.size()), 0);
  for (size_t i = 0; i < 100; i++) EXPECT_EQ(back[100 + data.size() + i], 0);
  // 10000 bytes starting 100 below a page boundary touch 4 pages.
  EXPECT_EQ(spagm_tex_mem_pages(m, nullptr, 0), 4u);
}

TEST_F(TexState, MemoryPages_EnumeratedInAscendingOrder_API) {
  const uint64_t vas[] = {0xFFFFFFFFF000ull, 0x5000, 0x1000, 0x800000000ull, 0x6000};
  for (uint64_t va : vas) ASSERT_EQ(spagm_tex_mem_write(m, va + 5, "x", 1), SPAGM_OK);
  uint64_t out[8] = {};
  ASSERT_EQ(spagm_tex_mem_pages(m, out, 8), 5u);
  const uint64_t sorted[] = {0x1000, 0x5000, 0x6000, 0x800000000ull, 0xFFFFFFFFF000ull};
  for (unsigned i = 0; i < 5; i++) EXPECT_EQ(out[i], sorted[i]) << i;
  uint64_t two[2] = {};
  EXPECT_EQ(spagm_tex_mem_pages(m, two, 2), 5u);  // total, first two filled
  EXPECT_EQ(two[0], 0x1000u);
  EXPECT_EQ(two[1], 0x5000u);
  EXPECT_EQ(spagm_tex_mem_pages(nullptr, out, 8), 0u);
}

TEST_F(TexState, ManyPages_HashTableGrows) {
  for (uint64_t p = 0; p < 3000; p++) {
    uint32_t v = static_cast<uint32_t>(p * 2654435761u);
    ASSERT_EQ(spagm_tex_mem_write(m, p * 0x10000 + 8, &v, 4), SPAGM_OK);
  }
  for (uint64_t p = 0; p < 3000; p++) {
    uint32_t v = 0;
    ASSERT_EQ(spagm_tex_mem_read(m, p * 0x10000 + 8, &v, 4), SPAGM_OK);
    ASSERT_EQ(v, static_cast<uint32_t>(p * 2654435761u)) << p;
  }
  EXPECT_EQ(spagm_tex_mem_pages(m, nullptr, 0), 3000u);
}

TEST_F(TexState, MemoryLimit_48Bits_API) {
  uint8_t b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(spagm_tex_mem_write(m, (1ull << 48) - 8, b, 8), SPAGM_OK);
  EXPECT_EQ(spagm_tex_mem_write(m, (1ull << 48) - 7, b, 8), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_mem_write(m, 1ull << 48, b, 0), SPAGM_OK);
  EXPECT_EQ(spagm_tex_mem_write(m, ~0ull, b, 1), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_mem_read(m, (1ull << 48) - 7, b, 8), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_mem_write(m, 0, nullptr, 4), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_mem_read(m, 0, nullptr, 4), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_mem_write(nullptr, 0, b, 4), SPAGM_E_ARG);
  uint8_t r[8] = {};
  ASSERT_EQ(spagm_tex_mem_read(m, (1ull << 48) - 8, r, 8), SPAGM_OK);
  EXPECT_EQ(std::memcmp(r, b, 8), 0);
}

// ---- FP16 mode, reset, independence --------------------------------------------

TEST_F(TexState, Fp16Round_PowerOnRNE_SetGet) {
  EXPECT_EQ(spagm_tex_fp16_round(m), SPAGM_FP16_RNE);
  ASSERT_EQ(spagm_tex_set_fp16_round(m, SPAGM_FP16_RZ), SPAGM_OK);
  EXPECT_EQ(spagm_tex_fp16_round(m), SPAGM_FP16_RZ);
  EXPECT_EQ(spagm_tex_set_fp16_round(m, static_cast<spagm_fp16_round>(2)), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_fp16_round(m), SPAGM_FP16_RZ);
  EXPECT_EQ(spagm_tex_set_fp16_round(nullptr, SPAGM_FP16_RZ), SPAGM_E_ARG);
}

TEST_F(TexState, Reset_ReturnsEverythingToPowerOn_API) {
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 4, 5, 6), SPAGM_OK);
  ASSERT_EQ(spagm_tex_select_cbank(m, 4), SPAGM_OK);
  ASSERT_EQ(spagm_tex_set_header_pool(m, 0x40, 3), SPAGM_OK);
  ASSERT_EQ(spagm_tex_set_fp16_round(m, SPAGM_FP16_RZ), SPAGM_OK);
  ASSERT_EQ(spagm_tex_mem_write(m, 0x1234, "abc", 3), SPAGM_OK);
  spagm_model_reset(m);
  uint32_t v = 1;
  uint64_t base = 1;
  uint32_t max = 1;
  ASSERT_EQ(spagm_tex_get_cbank_word(m, 4, 5, &v), SPAGM_OK);
  EXPECT_EQ(v, 0u);
  EXPECT_FALSE(spagm_tex_cbank_in_use(m, 4));
  EXPECT_EQ(spagm_tex_selected_cbank(m), 0u);
  ASSERT_EQ(spagm_tex_get_header_pool(m, &base, &max), SPAGM_OK);
  EXPECT_EQ(base, 0u);
  EXPECT_EQ(max, 0u);
  EXPECT_EQ(spagm_tex_fp16_round(m), SPAGM_FP16_RNE);
  EXPECT_EQ(spagm_tex_mem_pages(m, nullptr, 0), 0u);
  char c = 'z';
  ASSERT_EQ(spagm_tex_mem_read(m, 0x1234, &c, 1), SPAGM_OK);
  EXPECT_EQ(c, 0);
}

TEST_F(TexState, TwoModels_DoNotShareState_DESIGN5) {
  spagm_model *other = spagm_model_new();
  ASSERT_NE(other, nullptr);
  ASSERT_EQ(spagm_tex_mem_write(m, 0x100, "q", 1), SPAGM_OK);
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, 0, 9), SPAGM_OK);
  char c = 'z';
  uint32_t v = 1;
  ASSERT_EQ(spagm_tex_mem_read(other, 0x100, &c, 1), SPAGM_OK);
  ASSERT_EQ(spagm_tex_get_cbank_word(other, 0, 0, &v), SPAGM_OK);
  EXPECT_EQ(c, 0);
  EXPECT_EQ(v, 0u);
  spagm_model_free(other);
}

// ---- Header packing (DESIGN §7.5, clb197tex) --------------------------------------

uint32_t bits(const uint8_t raw[32], unsigned hi, unsigned lo) {
  uint32_t w = raw[lo / 32 * 4] | raw[lo / 32 * 4 + 1] << 8 | raw[lo / 32 * 4 + 2] << 16 |
               static_cast<uint32_t>(raw[lo / 32 * 4 + 3]) << 24;
  unsigned n = hi - lo + 1;
  return (w >> (lo % 32)) & (n == 32 ? ~0u : (1u << n) - 1);
}

TEST(TexHeader, BlockLinearFieldsAtTheirBits_DESIGN75) {
  spagm_tic t;
  spagm_tic_init(&t);
  t.components = SPAGM_TEXFMT_R16_G16;
  t.data_type[0] = 1, t.data_type[1] = 3, t.data_type[2] = 4, t.data_type[3] = 7;
  t.source[0] = 5, t.source[1] = 4, t.source[2] = 7, t.source[3] = 0;
  t.address = 0x123456789A00ull;
  t.block_height_log2 = 5, t.block_depth_log2 = 2;
  t.max_mip_level = 9;
  t.width = 1000, t.height = 65536, t.depth = 16384;
  t.type = SPAGM_TEXTYPE_2D_ARRAY;
  t.srgb = true;
  t.view_min_level = 3, t.view_max_level = 8;
  t.msaa = SPAGM_TEXMS_4X4;
  uint8_t raw[32];
  spagm_diag d{};
  ASSERT_EQ(spagm_tic_encode(&t, raw, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(bits(raw, 6, 0), 0x0Cu);
  EXPECT_EQ(bits(raw, 9, 7), 1u);
  EXPECT_EQ(bits(raw, 12, 10), 3u);
  EXPECT_EQ(bits(raw, 15, 13), 4u);
  EXPECT_EQ(bits(raw, 18, 16), 7u);
  EXPECT_EQ(bits(raw, 21, 19), 5u);
  EXPECT_EQ(bits(raw, 24, 22), 4u);
  EXPECT_EQ(bits(raw, 27, 25), 7u);
  EXPECT_EQ(bits(raw, 30, 28), 0u);
  EXPECT_EQ(bits(raw, 63, 41), (0x123456789A00ull & 0xFFFFFFFFu) >> 9);
  EXPECT_EQ(bits(raw, 79, 64), 0x1234u);
  EXPECT_EQ(bits(raw, 87, 85), 3u);
  EXPECT_EQ(bits(raw, 101, 99), 5u);
  EXPECT_EQ(bits(raw, 104, 102), 2u);
  EXPECT_EQ(bits(raw, 127, 124), 9u);
  EXPECT_EQ(bits(raw, 143, 128), 999u);
  EXPECT_EQ(bits(raw, 150, 150), 1u);
  EXPECT_EQ(bits(raw, 154, 151), 5u);
  EXPECT_EQ(bits(raw, 175, 160), 65535u);
  EXPECT_EQ(bits(raw, 189, 176), 16383u);
  EXPECT_EQ(bits(raw, 227, 224), 3u);
  EXPECT_EQ(bits(raw, 231, 228), 8u);
  EXPECT_EQ(bits(raw, 235, 232), 6u);
  spagm_tic back;
  ASSERT_EQ(spagm_tic_decode(raw, &back), SPAGM_OK);
  EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0);
}

TEST(TexHeader, PitchFieldsAtTheirBits_DESIGN75) {
  spagm_tic t;
  spagm_tic_init(&t);
  t.layout = SPAGM_TEXLAYOUT_PITCH;
  t.address = 0xABCD12345660ull;
  t.pitch = 0x1FFFE0;
  uint8_t raw[32];
  ASSERT_EQ(spagm_tic_encode(&t, raw, nullptr), SPAGM_OK);
  EXPECT_EQ(bits(raw, 63, 37), 0x12345660u >> 5);
  EXPECT_EQ(bits(raw, 79, 64), 0xABCDu);
  EXPECT_EQ(bits(raw, 87, 85), 2u);
  EXPECT_EQ(bits(raw, 111, 96), 0x1FFFE0u >> 5);
  spagm_tic back;
  ASSERT_EQ(spagm_tic_decode(raw, &back), SPAGM_OK);
  EXPECT_EQ(back.address, t.address);
  EXPECT_EQ(back.pitch, t.pitch);
}

TEST(TexHeader, EncodeRefusesFieldsThatDoNotFit_API) {
  spagm_tic t;
  spagm_diag d{};
  uint8_t raw[32];
  auto refused = [&](void (*edit)(spagm_tic *)) {
    spagm_tic_init(&t);
    edit(&t);
    return spagm_tic_encode(&t, raw, &d) == SPAGM_E_ARG && d.msg[0] != 0;
  };
  EXPECT_TRUE(refused([](spagm_tic *x) { x->width = 0; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->width = 65537; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->depth = 16385; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->components = 0x80; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->address = 0x100; }));  // BL: 512
  EXPECT_TRUE(refused([](spagm_tic *x) { x->address = 1ull << 48; }));
  EXPECT_TRUE(refused([](spagm_tic *x) {
    x->layout = SPAGM_TEXLAYOUT_PITCH, x->address = 0x30;  // pitch: 32
  }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->layout = SPAGM_TEXLAYOUT_PITCH, x->pitch = 48; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->max_mip_level = 16; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->msaa = 16; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->source[2] = 8; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->view_max_level = 16; }));
  EXPECT_TRUE(refused([](spagm_tic *x) { x->block_height_log2 = 8; }));
  EXPECT_EQ(spagm_tic_encode(nullptr, raw, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tic_decode(nullptr, &t), SPAGM_E_ARG);
}

}  // namespace
