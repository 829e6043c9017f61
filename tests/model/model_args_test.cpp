// SPDX-License-Identifier: Apache-2.0
// spagm_execute_insn at the API boundary (defect 6;
// model/include/spagm/model.h): a field no word can hold is SPAGM_E_ARG
// with a warp-wide fault, at once, never a long loop or a read past a table.
#include <gtest/gtest.h>

#include <chrono>

#include "spagm/spagm.h"

namespace {

struct Exec {
  spagm_model *m = spagm_model_new();
  spagm_request req;
  spagm_response rsp;
  Exec() {
    spagm_request_init(&req);
    req.lane_mask = 0xFFFFFFFFu;
    req.tag = 9;
  }
  ~Exec() { spagm_model_free(m); }
  spagm_status run(const spagm_insn &insn) { return spagm_execute_insn(m, &insn, &req, &rsp, nullptr); }
};

spagm_insn make(spagm_op op) {
  spagm_insn i;
  spagm_insn_init(&i, op);
  i.rd = 0;
  return i;
}

void expect_refused(Exec &e, const spagm_insn &insn, const char *what) {
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(e.run(insn), SPAGM_E_ARG) << what;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1)) << what;
  EXPECT_EQ(e.rsp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << what;
  EXPECT_EQ(e.rsp.fault_lanes, 0xFFFFFFFFu) << what;
  EXPECT_EQ(e.rsp.tag, 9u) << what;
  EXPECT_EQ(e.rsp.wb_valid[0], 0u) << what;
}

TEST(ExecuteInsnArgs, ExecuteInsn_AttrSizeOutOfRange_IsArgError) {
  Exec e;
  for (spagm_op op : {SPAGM_OP_ALD, SPAGM_OP_AST, SPAGM_OP_AL2P}) {
    spagm_insn i = make(op);
    i.asize = (spagm_asize)0x7fffffff;
    expect_refused(e, i, spagm_op_name(op));
    i.asize = (spagm_asize)4;
    expect_refused(e, i, spagm_op_name(op));
    i.asize = SPAGM_ASZ_128;  // the largest a word holds still executes
    EXPECT_EQ(e.run(i), SPAGM_OK) << spagm_op_name(op);
  }
}

TEST(ExecuteInsnArgs, ExecuteInsn_GuardOrOpOutOfRange_IsArgError) {
  Exec e;
  spagm_insn i = make(SPAGM_OP_PIXLD);
  i.pg = 8;
  expect_refused(e, i, "pg 8");
  i.pg = 0;  // P0 .. PT are all fine: the guard is applied by the issuer
  EXPECT_EQ(e.run(i), SPAGM_OK);
  i = make(SPAGM_OP_NONE);
  i.op = (spagm_op)77;
  EXPECT_EQ(e.run(i), SPAGM_E_ARG);
}

}  // namespace
