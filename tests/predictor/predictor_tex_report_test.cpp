// SPDX-License-Identifier: Apache-2.0
// A TLDS mismatch as a user reads it (docs/predictor.md, "Reports"): a
// value of an integer texture format (R21: SINT, UINT) shows as that
// integer, a float format's as a float with its distance in ulps, and the
// report and the difference records name the header index, the texel
// coordinates and the texel's address.
//
// The texel address the test expects comes from tex_harness.h's own
// transcription of docs/texture-layout.md, not from the model.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "asm_word.h"
#include "spagm/predictor.h"
#include "spagm/spagm.h"
#include "tex_harness.h"

namespace {

using Pred = std::unique_ptr<spagm_predictor, decltype(&spagm_predictor_free)>;

constexpr uint32_t kHeader = 3;      // the header index the bank word gives
constexpr uint64_t kPool = 0x10000;  // header pool base
constexpr uint64_t kImage = 0x40000; // the texture's address (a multiple of 512)
constexpr unsigned kLane = 4;

uint64_t word(const char *text) { return asm_word(text); }

// A texture predictor whose constant bank word 1 selects header kHeader: an
// 8x8 block-linear R32 texture of data type `type` whose texel (x, y) holds
// `texel(x, y)`.
struct TexReport : ::testing::Test {
  Pred p{nullptr, spagm_predictor_free};
  spagm_tic tic{};

  void make(unsigned type, uint32_t (*texel)(unsigned, unsigned)) {
    spagm_diag d{};
    p.reset(spagm_predictor_new(SPAGM_UNIT_TEX, 11, &d));
    ASSERT_TRUE(p) << d.msg;
    ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x008, (uint32_t)kPool, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x010, 7, &d), SPAGM_OK) << d.msg;
    spagm_model *m = spagm_predictor_model(p.get());
    ASSERT_EQ(spagm_tex_set_cbank_word(m, spagm_tex_selected_cbank(m), 1, kHeader), SPAGM_OK);
    spagm_tic_init(&tic);
    tic.components = SPAGM_TEXFMT_R32;
    tic.data_type[0] = type;
    tic.source[0] = SPAGM_TEXSRC_R;
    tic.layout = SPAGM_TEXLAYOUT_BLOCKLINEAR;
    tic.block_height_log2 = tic.block_depth_log2 = 0;
    tic.address = kImage;
    tic.width = tic.height = 8;
    tic.type = SPAGM_TEXTYPE_2D;
    uint8_t bytes[32];
    ASSERT_EQ(spagm_tic_encode(&tic, bytes, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_predictor_tex_set_header(p.get(), kHeader, bytes, &d), SPAGM_OK) << d.msg;
    for (unsigned y = 0; y < 8; y++)
      for (unsigned x = 0; x < 8; x++) {
        uint32_t v = texel(x, y);
        ASSERT_EQ(spagm_tex_mem_write(m, address(x, y), &v, 4), SPAGM_OK);
      }
  }

  // Where texel (x, y) of level 0 is (docs/texture-layout.md).
  static uint64_t address(unsigned x, unsigned y) {
    // One GOB holds the whole level: 8 texels of 4 bytes a row, 8 rows.
    return kImage + textest::ref_gob_offset(uint64_t{x} * 4, y);
  }

  // TLDS of texel (s, t) on lane kLane, predicted; the DUT's response is
  // the prediction with R0 of that lane replaced by `got`. The report.
  std::string mismatch(int32_t s, int32_t t, uint32_t got, unsigned *diffs) {
    spagm_request r;
    spagm_request_init(&r);
    r.tag = 9;
    r.lane_mask = 1u << kLane;
    r.insn = word("TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;");
    r.a[0][kLane] = (uint32_t)s;
    r.b[0][kLane] = (uint32_t)t;
    spagm_response want;
    spagm_diag d{};
    EXPECT_EQ(spagm_predictor_predict(p.get(), &r, &want, &d), SPAGM_OK) << d.msg;
    spagm_response rsp = want;
    rsp.wb_value[0][kLane] = got;
    const char *rep = nullptr;
    EXPECT_EQ(spagm_predictor_check(p.get(), &rsp, diffs, &rep), SPAGM_OK);
    return rep ? rep : "";
  }

  const spagm_predictor_diff &only_diff() {
    const spagm_predictor_diff *all = nullptr;
    EXPECT_EQ(spagm_predictor_diffs(p.get(), &all), 1u);
    return all[0];
  }
};

std::string hex(uint64_t v) {
  char b[24];
  snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

TEST_F(TexReport, SintTexelMismatch_PrintsSignedIntegersNotFloats) {
  make(SPAGM_TEXDT_SINT, [](unsigned x, unsigned y) { return (uint32_t)(-(int32_t)(x + 8 * y)); });
  unsigned n = 0;
  std::string rep = mismatch(2, 3, 0xFFFFFFE7u /* -25 */, &n);
  EXPECT_EQ(n, 1u) << rep;
  EXPECT_NE(rep.find("R0 (slot 0) lane 4: expected 0xffffffe6 (-26), got 0xffffffe7 (-25)\n"),
            std::string::npos)
      << rep;
  EXPECT_EQ(rep.find("ulp"), std::string::npos) << rep;
  const spagm_predictor_diff &d = only_diff();
  EXPECT_EQ(d.kind, SPAGM_DIFF_KIND_SINT);
  EXPECT_EQ(d.expected, 0xFFFFFFE6u);
}

TEST_F(TexReport, UintTexelMismatch_PrintsUnsignedIntegers) {
  make(SPAGM_TEXDT_UINT, [](unsigned x, unsigned y) { return 0xFFFFFF00u + x + 8 * y; });
  unsigned n = 0;
  std::string rep = mismatch(2, 3, 7, &n);
  EXPECT_NE(rep.find("expected 0xffffff1a (4294967066), got 0x00000007 (7)\n"), std::string::npos)
      << rep;
  EXPECT_EQ(rep.find("ulp"), std::string::npos) << rep;
  EXPECT_EQ(only_diff().kind, SPAGM_DIFF_KIND_UINT);
}

TEST_F(TexReport, FloatTexelMismatch_PrintsFloatsAndUlps) {
  make(SPAGM_TEXDT_FLOAT, [](unsigned x, unsigned y) { return textest::f2u(0.5f + x + 8 * y); });
  unsigned n = 0;
  std::string rep = mismatch(2, 3, textest::f2u(26.5f) + 1, &n);
  EXPECT_NE(rep.find("expected 0x41d40000 (26.5), got 0x41d40001 (26.5000019), 1 ulp apart\n"),
            std::string::npos)
      << rep;
  EXPECT_EQ(only_diff().kind, SPAGM_DIFF_KIND_FLOAT);
}

TEST_F(TexReport, TldsMismatch_NamesHeaderCoordinatesAndTexelAddress) {
  make(SPAGM_TEXDT_UINT, [](unsigned x, unsigned y) { return x + 8 * y; });
  unsigned n = 0;
  std::string rep = mismatch(5, 6, 1, &n);
  uint64_t va = address(5, 6);
  EXPECT_NE(rep.find("\n      texel: header 3, s=5 t=6 r=0, level 0, layer 0, sample 0, address " +
                     hex(va) + "\n"),
            std::string::npos)
      << rep;
  const spagm_predictor_diff &d = only_diff();
  EXPECT_TRUE(d.has_tex_header);
  EXPECT_EQ(d.tex_header, kHeader);
  EXPECT_TRUE(d.has_texel);
  EXPECT_TRUE(d.texel_read);
  EXPECT_EQ(d.texel.s, 5);
  EXPECT_EQ(d.texel.t, 6);
  EXPECT_EQ(d.texel.level, 0u);
  EXPECT_EQ(d.texel.address, va);
}

TEST_F(TexReport, TldsMismatchOutOfRange_NamesCoordinatesAndNoAddress) {
  make(SPAGM_TEXDT_UINT, [](unsigned x, unsigned y) { return x + 8 * y; });
  unsigned n = 0;
  std::string rep = mismatch(9, 1, 1, &n);  // width 8: R18 gives 0
  EXPECT_NE(rep.find("\n      texel: header 3, s=9 t=1 r=0, level 0, layer 0, sample 0 (out of "
                     "range: not read)\n"),
            std::string::npos)
      << rep;
  const spagm_predictor_diff &d = only_diff();
  EXPECT_TRUE(d.has_texel);
  EXPECT_FALSE(d.texel_read);
  EXPECT_EQ(d.texel.s, 9);
  EXPECT_EQ(d.texel.address, 0u);
}

TEST_F(TexReport, NotATexture_HasNoTexelLocation) {
  // The pixel unit's values carry no header or texel.
  spagm_diag d{};
  Pred pix(spagm_predictor_new(SPAGM_UNIT_PIX, 1, &d), spagm_predictor_free);
  ASSERT_EQ(spagm_predictor_cfg_write(pix.get(), 0x00, SPAGM_STAGE_PS, &d), SPAGM_OK) << d.msg;
  spagm_request r;
  spagm_request_init(&r);
  r.tag = 1;
  r.lane_mask = 1;
  r.insn = word("PIXLD.MSCOUNT R9;");
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(pix.get(), &r, &want, &d), SPAGM_OK) << d.msg;
  want.wb_value[0][0] ^= 4;
  unsigned n = 0;
  const char *rep = nullptr;
  ASSERT_EQ(spagm_predictor_check(pix.get(), &want, &n, &rep), SPAGM_OK);
  ASSERT_EQ(n, 1u);
  EXPECT_EQ(std::string(rep).find("texel:"), std::string::npos) << rep;
  const spagm_predictor_diff *all = nullptr;
  ASSERT_EQ(spagm_predictor_diffs(pix.get(), &all), 1u);
  EXPECT_FALSE(all[0].has_tex_header);
  EXPECT_FALSE(all[0].has_texel);
  EXPECT_EQ(all[0].kind, SPAGM_DIFF_KIND_UINT);
}

}  // namespace
