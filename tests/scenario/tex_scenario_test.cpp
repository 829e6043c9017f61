// SPDX-License-Identifier: Apache-2.0
// Texture directives of the scenario runner (scenario/scn_tex.c,
// docs/scenario-tex.md) and the TLDS example scenarios of docs/examples.
#include <string>

#include "scenario.h"
#include "tex_harness.h"

namespace {

struct ScnRun {
  spagm_status st;
  spagm_scn_result res;
  spagm_diag d;
};

ScnRun run_text(const std::string &text) {
  ScnRun r{};
  r.st = spagm_scn_run_text(text.data(), text.size(), "test.scn", nullptr, &r.res, &r.d);
  return r;
}

TEST(TexScenario, SpecExamples_RunAndHold_TLDS) {
  const std::string path = std::string(SPAGM_SOURCE_DIR) + "/docs/examples/tlds_spec_examples.scn";
  spagm_scn_result res{};
  spagm_diag d{};
  ASSERT_EQ(spagm_scn_run_file(path.c_str(), nullptr, &res, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(res.instructions, 2u);
  EXPECT_EQ(res.failed, 0u);
  EXPECT_GE(res.expects, 9u);
}

TEST(TexScenario, FormatAndRangeExamples_RunAndHold) {
  for (const char *name : {"tlds_formats.scn", "tlds_out_of_range.scn"}) {
    const std::string path = std::string(SPAGM_SOURCE_DIR) + "/docs/examples/" + name;
    spagm_scn_result res{};
    spagm_diag d{};
    EXPECT_EQ(spagm_scn_run_file(path.c_str(), nullptr, &res, &d), SPAGM_OK)
        << name << ": " << d.msg;
    EXPECT_EQ(res.failed, 0u) << name;
    EXPECT_GT(res.expects, 10u) << name;
  }
}

TEST(TexScenario, TexelAndExpect_ValuesFlowThrough_Directives) {
  ScnRun r = run_text(
      "header_pool base=0x40 max_index=3\n"
      "texture 2 format=R16_G16 type=SINT width=2 height=2 address=0x8000 block_height=0\n"
      "texel 2 1 1 = 0x8001ffff\n"
      "lanes 0\n"
      "reg R2 = 1\nreg R3 = 1\n"
      "TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG;\n"
      "expect R4 == 0xffffffff\n"
      "expect R5 == 0xffff8001\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 2u);
}

TEST(TexScenario, ExpectationCanFail_WrongValueReported_Directives) {
  ScnRun r = run_text(
      "texture 0 format=R32 type=UINT dim=1D width=1 height=1 address=0x8000\n"
      "texel 0 0 = 5\n"
      "lanes 0\nreg R2 = 0\n"
      "TLDS.LZ RZ, R4, R2, 0x0, 1D, R;\n"
      "expect R4 == 6\n");
  EXPECT_EQ(r.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r.res.failed, 1u);
}

TEST(TexScenario, CbankSelectAndEntry_PointTldsAtAHeader) {
  ScnRun r = run_text(
      "header_pool base=0x40 max_index=9\n"
      "texture 9 format=R32 type=UINT dim=1D width=4 height=1 address=0x8000 entry=none\n"
      "texel 9 3 = 0xabc\n"
      "cbank bank 4 entry 100 = 0x12300009\n"
      "cbank select 4\n"
      "lanes 0\nreg R2 = 3\n"
      "TLDS.LZ RZ, R4, R2, 0x64, 1D, R;\n"
      "expect R4 == 0xabc\n"
      "cbank select 0\n"
      "TLDS.LZ RZ, R4, R2, 0x64, 1D, R;\n"
      "expect R4 == 0\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 2u);
}

TEST(TexScenario, FillRandom_SameSeedSameTexels_Directives) {
  const std::string prog =
      "texture 0 format=A8B8G8R8 type=UINT width=8 height=8 levels=2 address=0x8000\n"
      "fill 0 pattern=random seed=42\n"
      "lanes all\nreg R2 = lane % 8\nreg R3 = lane / 8\n"
      "TLDS.LZ R6, R4, R2, R3, 0x0, 2D, RGBA;\n";
  ScnRun r1 = run_text(prog + "expect R4 == 0\n");
  ScnRun r2 = run_text(prog + "expect R4 == 0\n");
  // Random texels are not all zero, and both runs fail identically.
  EXPECT_EQ(r1.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r2.st, SPAGM_E_EXPECT);
  EXPECT_STREQ(r1.d.msg, r2.d.msg);
}

TEST(TexScenario, FillGradient_RampsAcrossTheTexture_Directives) {
  ScnRun r = run_text(
      "texture 0 format=A8B8G8R8 type=UNORM width=5 height=3 address=0x8000\n"
      "fill 0 pattern=gradient\n"
      "lanes 0-1\nreg R2[0] = 0\nreg R2[1] = 4\nreg R3 = 2\n"
      "TLDS.LZ R6, R4, R2, R3, 0x0, 2D, RGBA;\n"
      "expect R4[0] == 0\nexpect R4[1] == 1.0f\n"
      "expect R5 == 1.0f\nexpect R7 == 1.0f\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
}

TEST(TexScenario, MemAndMem32_WriteRawBytes_Directives) {
  ScnRun r = run_text(
      "header_pool base=0x0 max_index=0\n"
      "texture 0 format=R32 type=UINT width=16 height=1 dim=1D layout=pitch pitch=64 address=0x9000\n"
      "mem 0x9004 = 0x78 0x56 0x34 0x12\n"
      "mem32 0x9008 = 0xcafef00d\n"
      "lanes 0-1\nreg R2 = lane + 1\n"
      "TLDS.LZ RZ, R4, R2, 0x0, 1D, R;\n"
      "expect R4[0] == 0x12345678\nexpect R4[1] == 0xcafef00d\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
}

TEST(TexScenario, Fp16RoundDirective_SetsTheMode) {
  ScnRun r = run_text(
      "texture 0 format=R32 type=FLOAT width=1 height=1 address=0x8000\n"
      "texel 0 0 0 = 0x3f803000\n"
      "fp16_round rz\nlanes 0\nreg R2 = 0\nreg R3 = 0\n"
      "TLDS.F16.LZ RZ, R4, R2, R3, 0x0, 2D, R;\n"
      "expect R4 == 0x3c01\n"
      "fp16_round rne\n"
      "TLDS.F16.LZ RZ, R4, R2, R3, 0x0, 2D, R;\n"
      "expect R4 == 0x3c02\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
}

// ---- Errors: a clear message at the line, never a crash --------------------

struct BadCase {
  const char *text;
  const char *needle;  // expected in the diagnostic
};

TEST(TexScenario, BadDirectives_ClearErrors_Directives) {
  const BadCase cases[] = {
      {"texture 0 colour=red\n", "unknown texture key 'colour'"},
      {"texture 0 format=DXT9\n", "unknown format 'DXT9'"},
      {"texture 0 type=HALF\n", "unknown data type 'HALF'"},
      {"texture 0 swizzle=RGX1\n", "swizzle character 'X'"},
      {"texture 0 swizzle=RG\n", "swizzle needs four characters"},
      {"texture 0 samples=3\n", "1, 2, 4, 8 or 16"},
      {"texture 0 width=0\n", "width 0 outside 1..65536"},
      {"texture 0 width=70000\n", "above its maximum"},
      {"texture 0 levels=0\n", "levels must be 1..16"},
      {"texture 0 address=0x100\n", "multiple of 512"},
      {"texture 0x100000 format=R8\n", "above its maximum"},
      {"texture 0 format=R32 width=2 height=2 address=0x8000\ntexel 0 0 0 = 1 2\n",
       "give 1 32-bit word"},
      {"texture 0 format=R32 width=2 height=2 address=0x8000\ntexel 0 2 0 = 1\n",
       "outside"},
      {"texel 0 0 0 = 1\n", "does not decode"},
      {"texture 0 format=R32 width=2 height=2 address=0x8000\nfill 0\n", "fill needs pattern"},
      {"texture 0 format=R32 width=2 height=2 address=0x8000\nfill 0 pattern=stripes\n",
       "stripes"},
      {"cbank bank 18 entry 0 = 1\n", "above its maximum"},
      {"cbank bank 0 entry 8192 = 1\n", "above its maximum"},
      {"cbank select 99\n", "above its maximum"},
      {"header_pool base=0x11\n", "32-byte aligned"},
      {"fp16_round nearest\n", "nearest"},
      {"mem 0xffffffffffff = 1 2\n", "outside 48-bit"},
      {"mem 0x0 = 256\n", "above its maximum"},
      {"mem 0x0 =\n", "no values"},
  };
  for (const BadCase &c : cases) {
    ScnRun r = run_text(c.text);
    EXPECT_NE(r.st, SPAGM_OK) << c.text;
    EXPECT_NE(r.st, SPAGM_E_EXPECT) << c.text;
    EXPECT_NE(std::string(r.d.msg).find(c.needle), std::string::npos)
        << c.text << " -> " << r.d.msg;
    EXPECT_EQ(r.d.line, static_cast<int>(std::count(c.text, c.text + std::strlen(c.text), '\n')))
        << c.text;
  }
}

}  // namespace
