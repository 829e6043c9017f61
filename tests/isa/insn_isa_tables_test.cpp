// SPDX-License-Identifier: Apache-2.0
// spagm's instruction tables against the tables of yuzu, Ryujinx, Mesa's
// GM107 code generator, Mesa's NAK and envytools, transcribed with their
// source lines in tests/data/isa/implementation_tables.txt (N345): the TLDS
// target table and register packing, the write masks (R23), the field
// positions and opcodes, the PIXLD modes, the hardware-generated attribute
// addresses (R2) and the attribute defaults (R3). spagm is read through its
// public API only (encode, decode, disassembly, the TLDS table functions,
// the attribute names and default configuration), so a change to any of its
// tables that departs from an implementation fails here with that row's
// source.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bar_columns.h"
#include "spagm/spagm.h"

namespace {

struct Row {
  int line;
  std::string kind;
  std::vector<std::string> col;  // columns after the kind, the source last
  std::string where() const {
    return "implementation_tables.txt:" + std::to_string(line) + " (" + col[0] + ": " +
           col.back() + ")";
  }
};

// Rows of one kind; a row with the wrong column count fails the test.
std::vector<Row> Rows(const std::string &kind, size_t cols) {
  const std::string path = std::string(SPAGM_TEST_DATA_DIR) + "/isa/implementation_tables.txt";
  std::ifstream f(path);
  EXPECT_TRUE(f.good()) << path;
  std::vector<Row> rows;
  std::string line;
  for (int n = 1; std::getline(f, line); n++) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> v = spagm_test::bar_columns(line);
    if (v[0] != kind) continue;
    v.erase(v.begin());
    EXPECT_EQ(v.size(), cols) << path << ":" << n;
    if (v.size() == cols) rows.push_back({n, kind, v});
  }
  EXPECT_FALSE(rows.empty()) << "no " << kind << " rows in " << path;
  return rows;
}

unsigned long Num(const std::string &s) { return std::stoul(s, nullptr, 0); }

spagm_op OpNamed(const std::string &name) {
  for (int op = SPAGM_OP_NONE + 1; op < SPAGM_OP_COUNT; op++)
    if (name == spagm_op_name((spagm_op)op)) return (spagm_op)op;
  return SPAGM_OP_NONE;
}

uint64_t Encode(const spagm_insn &x, const Row &r) {
  uint64_t w = 0;
  spagm_diag d{};
  EXPECT_EQ(spagm_encode(&x, &w, nullptr, &d), SPAGM_OK) << r.where() << ": " << d.msg;
  return w;
}

// .PHYS is derived (R5): keep it consistent with the operands set.
void FixPhys(spagm_insn *x) {
  if (x->op == SPAGM_OP_ALD || x->op == SPAGM_OP_AST)
    x->phys = !x->patch && x->ra != SPAGM_RZ;
}

// The bits of op's word that spagm's encoder gives to `field`: the union of
// encode(variant) ^ encode(base) over values of the field alone.
uint64_t FieldMask(spagm_op op, const std::string &field, const Row &r) {
  spagm_insn base;
  spagm_insn_init(&base, op);
  std::vector<spagm_insn> vs;
  auto variant = [&](auto set) {
    spagm_insn x = base;
    set(x);
    FixPhys(&x);
    vs.push_back(x);
  };
  const bool ast = op == SPAGM_OP_AST, tlds = op == SPAGM_OP_TLDS;
  if (field == "rd") variant([&](spagm_insn &x) { (ast ? x.rb : x.rd) = 0; });
  else if (field == "ra") variant([&](spagm_insn &x) { x.ra = 0; });
  else if (field == "rb" && tlds) variant([&](spagm_insn &x) { x.rb = 0; });
  else if (field == "rd1") variant([&](spagm_insn &x) { x.rd1 = 0; });
  else if (field == "vtx") variant([&](spagm_insn &x) { (ast ? x.rc : x.rb) = 0; });
  else if (field == "addr10") variant([&](spagm_insn &x) { x.imm = 1023; });
  else if (field == "addr11") {
    // With Ra: the signed 11-bit form (R5); ALD/AST need .P for an offset.
    base.ra = 0;
    base.patch = op != SPAGM_OP_AL2P;
    FixPhys(&base);
    variant([&](spagm_insn &x) { x.imm = -1; });
  } else if (field == "patch") variant([&](spagm_insn &x) { x.patch = true; });
  else if (field == "out") variant([&](spagm_insn &x) { x.out = true; });
  else if (field == "skew") variant([&](spagm_insn &x) { x.skew = true; });
  else if (field == "region") variant([&](spagm_insn &x) { x.region = SPAGM_REGION_ATTR; });
  else if (field == "size" && op == SPAGM_OP_ISBERD) {
    variant([&](spagm_insn &x) { x.isize = SPAGM_ISZ_U16; });
    variant([&](spagm_insn &x) { x.isize = SPAGM_ISZ_B32; });
  } else if (field == "size") variant([&](spagm_insn &x) { x.asize = SPAGM_ASZ_128; });
  else if (field == "pd") variant([&](spagm_insn &x) { x.pd = 0; });
  else if (field == "mode")
    for (int m = SPAGM_PIX_COVMASK; m <= SPAGM_PIX_MY_INDEX; m++)
      variant([&](spagm_insn &x) { x.pmode = (spagm_pixld_mode)m; });
  else if (field == "imm8") variant([&](spagm_insn &x) { x.imm = 255; });
  else if (field == "index") variant([&](spagm_insn &x) { x.tex_index = 8191; });
  else if (field == "nodep") variant([&](spagm_insn &x) { x.nodep = true; });
  else if (field == "f16") variant([&](spagm_insn &x) { x.f16 = true; });
  else if (field == "wmsk")
    for (unsigned m = 1; m < 8; m++) variant([&](spagm_insn &x) { x.wmsk = (uint8_t)m; });
  else if (field == "target")
    for (unsigned e = 0; e < 16; e++) {
      spagm_insn x = base;
      if (!spagm_tlds_encoding_decode(e, &x.param, &x.lod, &x.aoffi, &x.ms)) continue;
      x.tlds_encoding = (uint8_t)e;
      vs.push_back(x);
    }
  else if (field == "pg") variant([&](spagm_insn &x) { x.pg = 0; });
  else if (field == "pg_not") variant([&](spagm_insn &x) { x.pg_not = true; });
  else ADD_FAILURE() << r.where() << ": no field " << field << " of " << spagm_op_name(op);
  const uint64_t b = Encode(base, r);
  uint64_t mask = 0;
  for (const spagm_insn &x : vs) mask |= Encode(x, r) ^ b;
  return mask;
}

TEST(ImplementationTables, FieldPositionsMatchEveryImplementation) {
  for (const Row &r : Rows("field", 6)) {
    spagm_op op = OpNamed(r.col[1]);
    ASSERT_NE(op, SPAGM_OP_NONE) << r.where();
    const unsigned lo = (unsigned)Num(r.col[3]), width = (unsigned)Num(r.col[4]);
    const uint64_t want = (width >= 64 ? ~0ull : ((1ull << width) - 1)) << lo;
    EXPECT_EQ(FieldMask(op, r.col[2], r), want)
        << r.where() << ": " << r.col[1] << "." << r.col[2] << " is bits [" << lo + width - 1
        << ":" << lo << "] there";
  }
}

TEST(ImplementationTables, OpcodesMatchEveryImplementation) {
  for (const Row &r : Rows("opcode", 6)) {
    spagm_op op = OpNamed(r.col[1]);
    ASSERT_NE(op, SPAGM_OP_NONE) << r.where();
    spagm_insn x;
    spagm_insn_init(&x, op);
    const unsigned hi = (unsigned)Num(r.col[2]), lo = (unsigned)Num(r.col[3]);
    const uint64_t got = (Encode(x, r) >> lo) & ((1ull << (hi - lo + 1)) - 1);
    EXPECT_EQ(got, Num(r.col[4])) << r.where();
  }
}

TEST(ImplementationTables, TldsTargetTableMatchesEveryImplementation) {
  static const std::map<std::string, spagm_tex_param> params = {
      {"1D", SPAGM_PARAM_1D}, {"2D", SPAGM_PARAM_2D}, {"3D", SPAGM_PARAM_3D},
      {"ARRAY_2D", SPAGM_PARAM_ARRAY_2D}};
  std::map<std::string, std::set<unsigned>> listed;
  for (const Row &r : Rows("tlds-row", 9)) {
    const unsigned e = (unsigned)Num(r.col[1]);
    listed[r.col[0]].insert(e);
    spagm_tex_param param;
    spagm_tex_lod lod;
    bool aoffi, ms;
    ASSERT_TRUE(spagm_tlds_encoding_decode(e, &param, &lod, &aoffi, &ms))
        << r.where() << ": spagm has no target " << e;
    EXPECT_EQ(param, params.at(r.col[2])) << r.where();
    EXPECT_EQ(lod, r.col[3] == "LL" ? SPAGM_LOD_LL : SPAGM_LOD_LZ) << r.where();
    EXPECT_EQ(aoffi, r.col[4] == "1") << r.where();
    EXPECT_EQ(ms, r.col[5] == "1") << r.where();
    if (r.col[6] != "-") {
      EXPECT_EQ(spagm_tlds_src_count(e, 0), Num(r.col[6])) << r.where() << " Ra";
    }
    if (r.col[7] != "-") {
      EXPECT_EQ(spagm_tlds_src_count(e, 1), Num(r.col[7])) << r.where() << " Rb";
    }
  }
  // Each implementation knows exactly the targets spagm decodes.
  std::set<unsigned> spagm_rows;
  for (unsigned e = 0; e < 16; e++) {
    spagm_tex_param p;
    spagm_tex_lod l;
    bool a, m;
    if (spagm_tlds_encoding_decode(e, &p, &l, &a, &m)) spagm_rows.insert(e);
  }
  for (const auto &impl : listed) EXPECT_EQ(impl.second, spagm_rows) << impl.first;
}

TEST(ImplementationTables, TldsWriteMasksMatchEveryImplementation) {
  std::map<std::string, std::set<std::string>> listed;
  for (const Row &r : Rows("wmsk", 5)) {
    const bool rz = r.col[1] == "2C";
    const unsigned v = (unsigned)Num(r.col[2]);
    listed[r.col[0] + " " + r.col[1]].insert(r.col[2]);
    const char *name = spagm_tlds_wmsk_name(rz, v);
    ASSERT_NE(name, nullptr) << r.where() << ": spagm has no " << r.col[1] << " mask " << v;
    EXPECT_EQ(std::string(name), r.col[3]) << r.where();
    unsigned comp[4];
    const unsigned n = spagm_tlds_wmsk_components(rz, v, comp);
    std::string letters;
    for (unsigned i = 0; i < n; i++) letters += "RGBA"[comp[i]];
    EXPECT_EQ(letters, r.col[3]) << r.where() << ": components in register order";
  }
  for (const auto &impl : listed)
    EXPECT_EQ(impl.second.size(), impl.first.find("34C") != std::string::npos ? 5u : 8u)
        << impl.first;
  EXPECT_EQ(spagm_tlds_wmsk_name(false, 5), nullptr);
}

TEST(ImplementationTables, PixldModesMatchEveryImplementation) {
  for (const Row &r : Rows("pixld", 5)) {
    spagm_insn x;
    spagm_insn_init(&x, SPAGM_OP_PIXLD);
    x.pmode = (spagm_pixld_mode)Num(r.col[1]);
    char text[128];
    spagm_disasm(&x, 0, text, sizeof text);
    EXPECT_EQ(std::string(text).rfind("PIXLD." + r.col[3] + " ", 0), 0u)
        << r.where() << ": spagm prints " << text;
  }
  // Values 6 and 7 are in no implementation's list, and spagm refuses them (R16).
  for (uint64_t mode : {6u, 7u}) {
    spagm_insn x;
    EXPECT_EQ(spagm_decode(0xEFE8000000070000ull | mode << 31 | 0xFF00u, &x, nullptr),
              SPAGM_E_DECODE);
  }
}

std::string Upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return (char)std::toupper(c); });
  return s;
}

TEST(ImplementationTables, HardwareAttributeAddressesMatchEveryImplementation) {
  for (const Row &r : Rows("attr-hw", 4)) {
    int kind = -1;
    for (int k = 0; k < SPAGM_HW_COUNT; k++)
      if (Upper(spagm_attr_hw_name((spagm_attr_hw)k)) == r.col[1]) kind = k;
    ASSERT_GE(kind, 0) << r.where() << ": spagm has no HW attribute " << r.col[1];
    EXPECT_EQ(spagm_attr_hw_addr((spagm_attr_hw)kind), Num(r.col[2])) << r.where();
    EXPECT_EQ(spagm_attr_hw_at((uint32_t)Num(r.col[2])), kind) << r.where();
  }
}

TEST(ImplementationTables, AttributeDefaultsMatchEveryImplementation) {
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  for (const Row &r : Rows("attr-default", 5))
    EXPECT_EQ(c.defaults[Num(r.col[2]) / 4], Num(r.col[3])) << r.where() << " " << r.col[1];
}

}  // namespace
