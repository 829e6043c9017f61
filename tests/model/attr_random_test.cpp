// SPDX-License-Identifier: Apache-2.0
// Randomized robustness of the attribute unit: random instructions of the
// five opcodes (through their words where they have one) with random
// operands, in every stage and configuration, always
// give a well-formed response (DESIGN §3, §5): results only on active lanes,
// stores inside the memory they name, no partial effects of a warp fault.
// Run under ASan/UBSan in CI, this also proves there is no out-of-bounds
// access for any operand value.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "attr_harness.h"

namespace {

using attrtest::Map;

// A random configuration: any stage, sizes and maps.
spagm_attr_config RandomConfig(std::mt19937_64 &rng) {
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  c.stage = (spagm_stage)(rng() % 6);
  c.vertex_count = (uint32_t)(rng() % 257);
  c.patch_words = 8u << (rng() % 5);
  c.gs_max_vertices = (uint32_t)(rng() % 1025);
  c.trap = rng() & 1;
  c.shared = rng() & 1;
  c.streq_start = (uint32_t)(rng() % 256);
  c.streq_end = (uint32_t)(rng() % 256);
  for (unsigned w = 0; w < 8; w++) {
    c.imap[w] = (uint32_t)rng();
    c.omap[w] = (uint32_t)rng();
    c.omap_prev[w] = (uint32_t)rng();
    c.imap_next[w] = (uint32_t)rng() & (uint32_t)rng();
  }
  return c;
}

// A random instruction of the five opcodes, fields in their encodable
// ranges (the decoder's own rejections are tested elsewhere).
spagm_insn RandomInsn(std::mt19937_64 &rng) {
  spagm_insn insn;
  const spagm_op ops[] = {SPAGM_OP_ALD, SPAGM_OP_AST, SPAGM_OP_AL2P, SPAGM_OP_ISBERD,
                          SPAGM_OP_ISBEWR};
  spagm_insn_init(&insn, ops[rng() % 5]);
  const spagm_op op = insn.op;
  const bool attr_addr = op == SPAGM_OP_ALD || op == SPAGM_OP_AST || op == SPAGM_OP_AL2P;
  // Only the fields each opcode has (the others stay at their init values).
  if (op != SPAGM_OP_AST && op != SPAGM_OP_ISBEWR)
    insn.rd = (uint8_t)(rng() % 4 ? rng() % 16 : 255 - rng() % 3);
  insn.ra = (uint8_t)(rng() % 2 ? SPAGM_RZ : rng() % 8);
  if (op == SPAGM_OP_ALD) insn.rb = (uint8_t)(rng() % 2 ? SPAGM_RZ : rng() % 8);
  if (op == SPAGM_OP_AST || op == SPAGM_OP_ISBEWR) insn.rb = (uint8_t)(rng() % 8);
  if (op == SPAGM_OP_AST) insn.rc = (uint8_t)(rng() % 2 ? SPAGM_RZ : rng() % 8);
  if (op == SPAGM_OP_ALD || op == SPAGM_OP_AST) insn.patch = rng() % 4 == 0;
  if (op != SPAGM_OP_AST) insn.out = rng() % 2;
  if (attr_addr) insn.asize = (spagm_asize)(rng() % 4);
  if (op == SPAGM_OP_AL2P) insn.pd = (uint8_t)(rng() % 8);
  if (op == SPAGM_OP_ISBERD || op == SPAGM_OP_ISBEWR) {
    insn.region = (spagm_isbe_region)(rng() % 4);
    insn.isize = (spagm_isbe_size)(rng() % 3);
    insn.skew = rng() % 2;
  } else if (insn.ra == SPAGM_RZ) {
    insn.imm = (int32_t)(rng() % 1024);
  } else {
    insn.imm = (insn.patch || op == SPAGM_OP_AL2P) ? (int32_t)(rng() % 2048) - 1024 : 0;
  }
  insn.phys = (op == SPAGM_OP_ALD || op == SPAGM_OP_AST) && !insn.patch &&
              insn.ra != SPAGM_RZ;
  return insn;
}

// Random lane mask and operands, handles mostly near the vertex count.
void RandomOperands(std::mt19937_64 &rng, spagm_request &req) {
  req.lane_mask = (uint32_t)rng();
  for (unsigned l = 0; l < 32; l++) {
    for (unsigned i = 0; i < 2; i++) {
      req.a[i][l] = (uint32_t)rng();
      req.b[i][l] = (uint32_t)(rng() % 3 ? rng() % 300 : rng());
    }
    req.a[0][l] = (uint32_t)(rng() % 2 ? rng() % 2048 : rng());
    req.c[l] = (uint32_t)rng();
    for (unsigned c = 0; c < 4; c++) req.d[c][l] = (uint32_t)rng();
    req.vertex[l] = (uint32_t)(rng() % 300);
    req.primitive[l] = (uint32_t)(rng() % 300);
  }
}

// Stores only on active lanes, inside the space they name, and what the
// response says was stored is what the memory holds (N28: only the
// surviving stores are listed). Adds the stores to *stored.
void CheckStores(spagm_model *m, const spagm_request &req, const spagm_response &resp,
                 unsigned *stored) {
  uint32_t size = spagm_attr_space_size(m, (spagm_space)resp.st_space);
  for (unsigned c = 0; c < 4; c++) {
    EXPECT_EQ(resp.st_mask[c] & ~req.lane_mask, 0u);
    for (unsigned l = 0; l < 32; l++)
      if (resp.st_mask[c] >> l & 1u) {
        (*stored)++;
        EXPECT_LT(resp.st_addr[c][l], size);
        uint8_t b = 0;
        ASSERT_EQ(spagm_attr_read(m, (spagm_space)resp.st_space, resp.st_addr[c][l], &b, 1,
                                  nullptr),
                  SPAGM_OK);
        EXPECT_EQ(b, (uint8_t)resp.st_data[c][l]);
      }
  }
}

TEST(AttrRandom, AnyWordAnyOperands_ResponseWellFormed) {
  std::mt19937_64 rng(12345);
  spagm_model *m = spagm_model_new();
  ASSERT_NE(m, nullptr);
  unsigned executed = 0, faulted = 0, stored = 0;
  for (unsigned t = 0; t < 20000; t++) {
    if (t % 500 == 0) {
      spagm_attr_config c = RandomConfig(rng);
      ASSERT_EQ(spagm_attr_set_config(m, &c, nullptr), SPAGM_OK);
    }
    spagm_request req;
    spagm_request_init(&req);
    req.tag = t;
    spagm_insn insn = RandomInsn(rng);
    if (insn.op != SPAGM_OP_ISBEWR &&
        spagm_encode(&insn, &req.insn, nullptr, nullptr) != SPAGM_OK) {
      spagm_diag d{};
      spagm_encode(&insn, &req.insn, nullptr, &d);
      ADD_FAILURE() << "unencodable random instruction: " << d.msg;
      continue;
    }
    RandomOperands(rng, req);
    spagm_response resp;
    spagm_explain ex;
    if (insn.op == SPAGM_OP_ISBEWR)
      ASSERT_EQ(spagm_execute_insn(m, &insn, &req, &resp, &ex), SPAGM_OK);
    else
      ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
    executed++;
    EXPECT_EQ(resp.tag, t);
    EXPECT_EQ(resp.fault_lanes & ~req.lane_mask, 0u);
    for (unsigned i = 0; i < 4; i++) EXPECT_EQ(resp.wb_valid[i] & ~req.lane_mask, 0u);
    if (resp.fault == SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) {
      faulted++;
      for (unsigned i = 0; i < 4; i++) {
        EXPECT_EQ(resp.wb_valid[i], 0u);
        EXPECT_EQ(resp.st_mask[i], 0u);
      }
      continue;
    }
    ASSERT_NO_FATAL_FAILURE(CheckStores(m, req, resp, &stored));
  }
  spagm_model_free(m);
  // The mix really exercised all outcomes.
  EXPECT_GT(executed - faulted, 5000u);
  EXPECT_GT(faulted, 100u);
  EXPECT_GT(stored, 10000u);
}

}  // namespace
