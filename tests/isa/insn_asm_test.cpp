// SPDX-License-Identifier: Apache-2.0
// The assembler: accepted syntax (docs/assembly.md), and the diagnostics of
// malformed input -- each with its status, a piece of its message and its
// column.
#include <gtest/gtest.h>

#include <string>

#include "spagm/spagm.h"

namespace {

std::string Canon(const char *text, int stage = -1) {
  spagm_insn x;
  spagm_diag d{};
  spagm_asm_opts o{stage};
  if (spagm_asm_one(text, 1, 1, &o, &x, &d) != SPAGM_OK) return std::string("ERROR: ") + d.msg;
  char buf[256];
  spagm_disasm(&x, 1, buf, sizeof buf);
  return buf;
}

TEST(Asm, CaseAndWhitespaceTolerant) {
  EXPECT_EQ(Canon("  ald.o.p.64   r2 ,  A[ r3 + 0x10 ] , r5  "), "ALD.O.P.64 R2, a[R3+16], R5;");
  EXPECT_EQ(Canon("\tAST.P a[R2 - 4],R1;"), "AST.P a[R2-4], R1;");
  EXPECT_EQ(Canon("tlds.ll.aoffi r0,r4,r8,r10,#12,#2D"), "TLDS.LL.AOFFI R0, R4, R8, R10, 0xc, 2D, RGBA;");
}

TEST(Asm, HashImmediatePrefixVersusComment) {
  EXPECT_EQ(Canon("ALD R0, a[#16] # a comment"), "ALD R0, a[16];");
  EXPECT_EQ(Canon("AL2P R0, R1, #-8 // comment"), "AL2P R0, R1, -8;");
}

TEST(Asm, AldRegisterAddressWithoutPIsPhys) {
  EXPECT_EQ(Canon("ALD R0, a[R1], R5"), "ALD.PHYS R0, a[R1], R5;");
  EXPECT_EQ(Canon("ALD R0, a[RZ+16]"), "ALD R0, a[16];");
  EXPECT_EQ(Canon("ALD.P R0, a[R1]"), "ALD.P R0, a[R1];");
}

TEST(Asm, AstAcceptsDataFirstOrder) {
  EXPECT_EQ(Canon("AST.PHYS.128 R2, a[R0]"), Canon("AST.PHYS.128 a[R0], R2"));
  EXPECT_EQ(Canon("AST R2, a[8], R7"), "AST a[8], R2, R7;");
}

TEST(Asm, IsbeDefaultsAreFieldZero) {
  EXPECT_EQ(Canon("ISBERD R1, [R2]"), "ISBERD.MAP.U8 R1, [R2];");
  EXPECT_EQ(Canon("ISBEWR.O.ATTR.SKEW.B32 [R2], R3"), "ISBEWR.O.ATTR.SKEW.B32 [R2], R3;");
}

TEST(Asm, PixldGenericFormAndDefaultMode) {
  EXPECT_EQ(Canon("PIXLD R3"), "PIXLD.MSCOUNT R3;");
  EXPECT_EQ(Canon("PIXLD.COVERED R1, P7, [0]"), "PIXLD.COVERED R1;");
  EXPECT_EQ(Canon("PIXLD.OFFSET R1, [R2-1]"), "PIXLD.OFFSET R1, [R2-1];");
  EXPECT_EQ(Canon("PIXLD.MY_INDEX R1, P3"), "PIXLD.MY_INDEX R1, P3;");
}

TEST(Asm, RegistersKeptAsWritten) {
  // ALD.128 R3: hardware drops the LSBs (R10), the word keeps R3.
  spagm_insn x;
  ASSERT_EQ(spagm_asm_one("ALD.128 R3, a[0x74]", 1, 1, nullptr, &x, nullptr), SPAGM_OK);
  EXPECT_EQ(x.rd, 3);
  EXPECT_EQ(x.imm, 0x74);
}

TEST(Asm, GuardForms) {
  EXPECT_EQ(Canon("@P0 PIXLD.COVMASK R0"), "@P0 PIXLD.COVMASK R0;");
  EXPECT_EQ(Canon("@!P3 PIXLD.COVMASK R0"), "@!P3 PIXLD.COVMASK R0;");
  EXPECT_EQ(Canon("@PT PIXLD.COVMASK R0"), "PIXLD.COVMASK R0;");
  EXPECT_EQ(Canon("@!PT PIXLD.COVMASK R0"), "@!PT PIXLD.COVMASK R0;");
}

TEST(Asm, SchedAnnotations) {
  EXPECT_EQ(Canon("ALD R0, a[16] &req_{3,0} &wr2 &rd1 ?YIELD ?WAIT15 ?REUSE2"),
            "ALD R0, a[16] &req_0 &req_3 &rd1 &wr2 ?WAIT15 ?YIELD ?REUSE2;");
  EXPECT_EQ(Canon("ALD R0, a[16] &req_5 &req_1"), "ALD R0, a[16] &req_1 &req_5 ?WAIT0;");
  spagm_insn x;
  ASSERT_EQ(spagm_asm_one("ALD R0, a[16] &req_6 &rd0", 1, 1, nullptr, &x, nullptr),
            SPAGM_E_SEMANTIC);
  ASSERT_EQ(spagm_asm_one("ALD R0, a[16] &req_5 &rd0 ?WAIT3", 1, 1, nullptr, &x, nullptr), SPAGM_OK);
  EXPECT_TRUE(x.has_sched);
  EXPECT_EQ(x.sched.wait, 0x20);
  EXPECT_EQ(x.sched.rd_bar, 0);
  EXPECT_EQ(x.sched.wr_bar, 7);
  EXPECT_EQ(x.sched.stall, 3);
  // Without annotations has_sched stays false and nothing is printed.
  ASSERT_EQ(spagm_asm_one("ALD R0, a[16]", 1, 1, nullptr, &x, nullptr), SPAGM_OK);
  EXPECT_FALSE(x.has_sched);
}

TEST(Asm, StageChecks) {
  EXPECT_EQ(Canon("ALD R0, a[16], R5", SPAGM_STAGE_GS), "ALD R0, a[16], R5;");
  EXPECT_EQ(Canon("ALD.P R0, a[16]", SPAGM_STAGE_TS), "ALD.P R0, a[16];");
  EXPECT_EQ(Canon("ALD.O R0, a[16]", SPAGM_STAGE_VSB), "ALD.O R0, a[16];");
  EXPECT_EQ(Canon("PIXLD.COVMASK R0", SPAGM_STAGE_PS), "PIXLD.COVMASK R0;");
  EXPECT_EQ(Canon("AST.P a[0], R1", SPAGM_STAGE_TI), "AST.P a[0], R1;");
}

TEST(Asm, TextWithSeveralStatementsPerLineAndComments) {
  const char src[] =
      "# program\n"
      "ALD R0, a[16]; ALD R1, a[20]\n"
      "\n"
      "  // nothing\n"
      "PIXLD.COVMASK R2 ;;\n"
      "AST a[4], R1";
  spagm_insn *v = nullptr;
  spagm_srcpos *pos = nullptr;
  size_t n = 0;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_text_pos(src, sizeof src - 1, nullptr, &v, &pos, &n, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(n, 4u);
  EXPECT_EQ(v[1].imm, 20);
  EXPECT_EQ(pos[0].line, 2);
  EXPECT_EQ(pos[0].col, 1);
  EXPECT_EQ(pos[1].line, 2);
  EXPECT_EQ(pos[1].col, 16);
  EXPECT_EQ(pos[2].line, 5);
  EXPECT_EQ(pos[3].line, 6);
  EXPECT_EQ(v[3].op, SPAGM_OP_AST);
  free(v);
  free(pos);
  // Empty text: zero statements.
  ASSERT_EQ(spagm_asm_text("", 0, nullptr, &v, &n, &d), SPAGM_OK);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(v, nullptr);
}

TEST(Asm, AsmOnePositionsAreRelativeToTheCallersFile) {
  spagm_insn x;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_one("ALD R0, a[2000]", 42, 9, nullptr, &x, &d), SPAGM_E_SEMANTIC);
  EXPECT_EQ(d.line, 42);
  EXPECT_EQ(d.col, 9 + 10);  // the '2000' is 10 bytes after text[0]
}

// ---- malformed text: status, message piece, column ----
struct Bad {
  const char *text;
  int stage;
  spagm_status status;
  const char *msg;
  int col;
};

const Bad kBad[] = {
    // lexical and structural
    {"", -1, SPAGM_E_SYNTAX, "no instruction", 1},
    {"// only a comment", -1, SPAGM_E_SYNTAX, "no instruction", 18},
    {"FOO R1", -1, SPAGM_E_SYNTAX, "unknown mnemonic 'FOO'", 1},
    {"$ALD R0, a[0]", -1, SPAGM_E_SYNTAX, "expected an instruction mnemonic", 1},
    {"ALD R0, a[16] R5", -1, SPAGM_E_SYNTAX, "unexpected 'R5' after the operands", 15},
    {"ALD R0, a[16]; ALD R1, a[0]", -1, SPAGM_E_SYNTAX, "trailing text", 16},
    {"ALD R0, a[16] junk", -1, SPAGM_E_SYNTAX, "unexpected 'junk'", 15},
    {"ALD R0", -1, SPAGM_E_SYNTAX, "missing operand", 7},
    {"ALD R0,", -1, SPAGM_E_SYNTAX, "expected an attribute address a[...]", 8},
    {"ALD R0, a[16", -1, SPAGM_E_SYNTAX, "expected ']'", 13},
    {"ALD R0, a(16)", -1, SPAGM_E_SYNTAX, "expected '['", 10},
    {"ALD R0, a[R1+]", -1, SPAGM_E_SYNTAX, "expected the address offset", 14},
    {"ALD R0, a[12abc]", -1, SPAGM_E_SYNTAX, "is not a number", 11},
    {"ALD R0, a[0x1FFFFFFFF]", -1, SPAGM_E_SEMANTIC, "too large", 11},
    {"ALD R0, a[foo]", -1, SPAGM_E_SYNTAX, "expected an address", 11},
    {"ALD. R0, a[0]", -1, SPAGM_E_SYNTAX, "expected a modifier name right after '.'", 6},
    {"ALD.X R0, a[0]", -1, SPAGM_E_SYNTAX, "unknown modifier '.X' for ALD", 5},
    {"AST.I a[0], R1", -1, SPAGM_E_SYNTAX, "unknown modifier '.I' for AST", 5},
    {"ALD.I.O R0, a[0]", -1, SPAGM_E_SYNTAX, "conflicts with the earlier .I", 7},
    {"ALD.64.64 R0, a[0]", -1, SPAGM_E_SYNTAX, "given twice", 8},
    {"ALD.P.PHYS R0, a[R1]", -1, SPAGM_E_SYNTAX, ".P and .PHYS cannot be combined", 7},
    // registers and predicates
    {"ALD R255, a[0]", -1, SPAGM_E_SYNTAX, "zero register is written RZ", 5},
    {"ALD Q0, a[0]", -1, SPAGM_E_SYNTAX, "expected the destination Rd", 5},
    {"@P9 ALD R0, a[0]", -1, SPAGM_E_SYNTAX, "guard predicate", 2},
    {"@ ALD R0, a[0]", -1, SPAGM_E_SYNTAX, "guard predicate", 3},
    // R5 immediates and .PHYS
    {"ALD R0, a[1024]", -1, SPAGM_E_SEMANTIC, "unsigned 10-bit byte address 0..1023 (R5)", 11},
    {"ALD R0, a[-4]", -1, SPAGM_E_SEMANTIC, "0..1023 (R5)", 11},
    {"ALD.P R0, a[R1+1024]", -1, SPAGM_E_SEMANTIC, "signed 11-bit immediate -1024..1023", 16},
    {"AST.P a[R1-1025], R2", -1, SPAGM_E_SEMANTIC, "-1024..1023", 12},
    {"ALD R0, a[R1+4]", -1, SPAGM_E_SEMANTIC, "write ALD.P for a patch address", 14},
    {"ALD.PHYS R0, a[16]", -1, SPAGM_E_SEMANTIC, "needs a register address a[Ra]", 14},
    {"AL2P R0, RZ, -4", -1, SPAGM_E_SEMANTIC, "0..1023 (R5)", 14},
    {"AL2P R0, R1, 2000", -1, SPAGM_E_SEMANTIC, "-1024..1023", 14},
    {"AL2P R0, P1", -1, SPAGM_E_SYNTAX, "missing operand", 12},
    // PIXLD (R13, R16)
    {"PIXLD.COVERED R0, [256]", -1, SPAGM_E_SEMANTIC, "0..255 (R13)", 20},
    {"PIXLD.OFFSET R0, [R1+128]", -1, SPAGM_E_SEMANTIC, "-128..127 (R13)", 22},
    {"PIXLD.INVALID R0", -1, SPAGM_E_SYNTAX, "unknown modifier '.INVALID' for PIXLD", 7},
    {"PIXLD.COVERED R0, [1], P1", -1, SPAGM_E_SYNTAX, "the address is the last", 24},
    // TLDS tables (TLDS.txt, R23) and registers (R10)
    {"TLDS.LL.MS R0, R4, R8, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC,
     "TLDS.LL.MS with paramA 2D is not in the legal modifier table", 9},
    {"TLDS.LZ.MS R0, R4, R8, R10, 0x7, ARRAY_2D", -1, SPAGM_E_SEMANTIC, ".MS needs .LZ and 2D", 9},
    {"TLDS.LZ.AOFFI R0, R4, R8, R10, 0x7, 3D", -1, SPAGM_E_SEMANTIC, ".AOFFI needs 2D", 9},
    {"TLDS.LL R0, R4, R8, R10, 0x7, 3D", -1, SPAGM_E_SEMANTIC, "3D and ARRAY_2D take .LZ", 6},
    {"TLDS R0, R4, R8, R10, 0x7, 2D", -1, SPAGM_E_SYNTAX, "needs a LOD modifier", 1},
    {"TLDS.LZ.T.P R0, R4, R8, R10, 0x7, 2D", -1, SPAGM_E_SYNTAX, "conflicts with the earlier .T", 11},
    {"TLDS.LZ R0, R4, R8, R10, 0x7, CUBE", -1, SPAGM_E_SEMANTIC, "paramA CUBE is RESERVED", 31},
    {"TLDS.LZ R0, R4, R8, R10, 0x7, 4D", -1, SPAGM_E_SYNTAX, "expected #paramA", 31},
    {"TLDS.LZ R0, R4, R8, R10, 8192, 2D", -1, SPAGM_E_SEMANTIC, "does not fit #tsPtrIdxU13", 26},
    {"TLDS.LZ R0, R4, R8, R10, 0x7, 2D, R", -1, SPAGM_E_SEMANTIC, "needs Rd1 = RZ (2C table)", 35},
    {"TLDS.LZ RZ, R4, R8, R10, 0x7, 2D, RGBA", -1, SPAGM_E_SEMANTIC, "needs a non-RZ Rd1 (34C table)", 35},
    {"TLDS.LZ RZ, R4, R8, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "needs a 2-component write mask", 33},
    {"TLDS.LZ RZ, R4, R8, R10, 0x7, 2D, XY", -1, SPAGM_E_SYNTAX, "expected a write mask", 35},
    {"TLDS.LZ R0, R4, RZ, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Ra must not be RZ", 17},
    {"TLDS.LZ R0, R4, R8, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Rb is required", 21},
    {"TLDS.LZ R0, R4, R8, RZ, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Rb is required", 21},
    {"TLDS.LZ R0, R4, R8, R10, 0x7, 1D", -1, SPAGM_E_SEMANTIC, "Rb must be RZ or left out", 21},
    {"TLDS.LZ.AOFFI R0, R4, R9, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Ra = R9 carries two values", 23},
    {"TLDS.LZ R0, R4, R8, R11, 0x7, ARRAY_2D", -1, SPAGM_E_SEMANTIC, "Rb = R11 carries two values", 21},
    {"TLDS.LZ R0, R5, R8, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Rd0 = R5 receives two registers", 13},
    {"TLDS.LZ R1, R4, R8, R10, 0x7, 2D", -1, SPAGM_E_SEMANTIC, "Rd1 = R1 receives two registers", 9},
    {"TLDS.LZ RZ, R3, R8, R10, 0x7, 2D, RG", -1, SPAGM_E_SEMANTIC, "Rd0 = R3", 13},
    // annotations (N11)
    {"ALD R0, a[0] &req_6", -1, SPAGM_E_SEMANTIC, "barrier number 0..5", 15},
    {"ALD R0, a[0] &req_1 &req_{2,1}", -1, SPAGM_E_SEMANTIC, "barrier 1 is already waited on", 29},
    {"ALD R0, a[0] &req_{1,", -1, SPAGM_E_SYNTAX, "expected a barrier number", 22},
    {"ALD R0, a[0] &rd1 &rd2", -1, SPAGM_E_SEMANTIC, "&rd is given twice", 20},
    {"ALD R0, a[0] &wr9", -1, SPAGM_E_SEMANTIC, "&wrN needs a barrier number 0..5", 15},
    {"AST a[0], R1 &wr1", -1, SPAGM_E_SEMANTIC, "AST writes no register", 15},
    {"ALD R0, a[0] &foo", -1, SPAGM_E_SYNTAX, "unknown annotation &'foo'", 15},
    {"ALD R0, a[0] ?WAIT16", -1, SPAGM_E_SEMANTIC, "stall count 0..15", 15},
    {"ALD R0, a[0] ?WAIT1 ?WAIT2", -1, SPAGM_E_SEMANTIC, "?WAITn is given twice", 22},
    {"ALD R0, a[0] ?REUSE4", -1, SPAGM_E_SEMANTIC, "operand slot 0..3", 15},
    {"ALD R0, a[0] ?NAP", -1, SPAGM_E_SYNTAX, "unknown annotation ?'NAP'", 15},
    // ISBE
    {"ISBERD R1, [R2+4]", -1, SPAGM_E_SYNTAX, "to close the ISBE address", 15},
    {"ISBERD.U32 R1, [R2]", -1, SPAGM_E_SYNTAX, "unknown modifier '.U32' for ISBERD", 8},
    {"ISBEWR [R2]", -1, SPAGM_E_SYNTAX, "missing operand", 12},
    // stage rules when the stage is known (R8, N12)
    {"ALD R0, a[16]", SPAGM_STAGE_GS, SPAGM_E_SEMANTIC, "ALD in GS needs its vertex handle Rb", 14},
    {"ALD R0, a[16]", SPAGM_STAGE_TI, SPAGM_E_SEMANTIC, "needs its vertex handle Rb", 14},
    {"ALD R0, a[16], R5", SPAGM_STAGE_VSA, SPAGM_E_SEMANTIC, "must not name a vertex handle Rb", 16},
    {"ALD.O R0, a[16], R5", SPAGM_STAGE_GS, SPAGM_E_SEMANTIC, "ALD.O is not allowed in GS", 1},
    {"ALD R0, a[16]", SPAGM_STAGE_PS, SPAGM_E_SEMANTIC, "not allowed in a PS shader", 1},
    {"ALD.P R0, a[16], R5", SPAGM_STAGE_GS, SPAGM_E_SEMANTIC, "ALD.P is not allowed in GS", 1},
    {"AST.P a[16], R1", SPAGM_STAGE_TS, SPAGM_E_SEMANTIC, "AST.P is not allowed in TS", 1},
    {"PIXLD.COVMASK R0", SPAGM_STAGE_VSA, SPAGM_E_SEMANTIC, "PIXLD is only allowed in a PS shader", 1},
};

TEST(AsmErrors, EachMalformedInputGetsItsDiagnostic) {
  EXPECT_GE(sizeof kBad / sizeof kBad[0], 40u);
  for (const Bad &b : kBad) {
    SCOPED_TRACE(b.text);
    spagm_insn x;
    spagm_diag d{};
    spagm_asm_opts o{b.stage};
    EXPECT_EQ(spagm_asm_one(b.text, 3, 1, &o, &x, &d), b.status) << d.msg;
    EXPECT_NE(std::string(d.msg).find(b.msg), std::string::npos) << d.msg;
    EXPECT_EQ(d.line, 3);
    EXPECT_EQ(d.col, b.col) << d.msg;
  }
}

TEST(AsmErrors, SecondLineOfATextReportsItsLine) {
  const char src[] = "ALD R0, a[16]\n  ALD R1, a[9999]\n";
  spagm_insn *v = nullptr;
  size_t n = 7;
  spagm_diag d{};
  EXPECT_EQ(spagm_asm_text(src, sizeof src - 1, nullptr, &v, &n, &d), SPAGM_E_SEMANTIC);
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.col, 13);
  EXPECT_EQ(v, nullptr);
  EXPECT_EQ(n, 0u);
}

TEST(AsmErrors, BadArguments) {
  spagm_insn x;
  spagm_diag d{};
  EXPECT_EQ(spagm_asm_one(nullptr, 1, 1, nullptr, &x, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_asm_one("ALD R0, a[0]", 1, 1, nullptr, nullptr, &d), SPAGM_E_ARG);
  spagm_asm_opts o{9};
  EXPECT_EQ(spagm_asm_one("ALD R0, a[0]", 1, 1, &o, &x, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("stage 9"), std::string::npos);
  spagm_insn *v;
  size_t n;
  EXPECT_EQ(spagm_asm_text(nullptr, 4, nullptr, &v, &n, &d), SPAGM_E_ARG);
}

TEST(Disasm, BufferContractLikeSnprintf) {
  spagm_insn x;
  ASSERT_EQ(spagm_asm_one("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", 1, 1, nullptr, &x, nullptr),
            SPAGM_OK);
  char full[128];
  size_t n = spagm_disasm(&x, 0, full, sizeof full);
  EXPECT_EQ(n, std::string(full).size());
  char small[8];
  EXPECT_EQ(spagm_disasm(&x, 0, small, sizeof small), n);
  EXPECT_EQ(std::string(small), std::string(full).substr(0, 7));
  EXPECT_EQ(spagm_disasm(&x, 0, nullptr, 0), n);
}

TEST(Disasm, IllegalWordText) {
  char buf[300];
  EXPECT_EQ(spagm_disasm_word(0, buf, sizeof buf), SPAGM_E_DECODE);
  EXPECT_EQ(std::string(buf).rfind("<illegal: unknown opcode", 0), 0u) << buf;
}

}  // namespace
