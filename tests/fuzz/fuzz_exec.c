// SPDX-License-Identifier: Apache-2.0
/* Driver of the execution harnesses (fuzz_exec.h). */
#include "fuzz_exec.h"

#include "fuzz_roundtrip.h"

#define FUZZ_MAX_REQUESTS 64

/* Operand arrays get values of one size class, so that vertex handles,
 * attribute addresses and texel coordinates land inside small states as
 * often as on their edges. */
static void fill(uint32_t *v, size_t n, fuzz_in *in, uint64_t *rng) {
  static const uint32_t masks[] = {0x1Fu, 0xFFu, 0x3FFu, 0xFFFFu, 0xFFFFFFFFu, 0x3u, 0x0u};
  uint32_t mask = FUZZ_PICK(in, masks);
  uint32_t base = fuzz_bool(in) ? 0 : fuzz_u32(in);
  for (size_t i = 0; i < n; i++) v[i] = (base + fuzz_xorshift(rng)) & mask;
}

static void make_request(spagm_request *req, uint32_t tag, uint64_t word, fuzz_in *in) {
  spagm_request_init(req);
  req->tag = tag;
  req->insn = word;
  req->lane_mask = ~fuzz_u32(in); /* an exhausted input runs every lane */
  uint64_t rng = fuzz_back(in, 8) ^ word ^ 0x9E3779B97F4A7C15ull;
  for (int r = 0; r < 2; r++) fill(req->a[r], SPAGM_LANES, in, &rng);
  for (int r = 0; r < 2; r++) fill(req->b[r], SPAGM_LANES, in, &rng);
  fill(req->c, SPAGM_LANES, in, &rng);
  for (int r = 0; r < 4; r++) fill(req->d[r], SPAGM_LANES, in, &rng);
  fill(req->vertex, SPAGM_LANES, in, &rng);
  fill(req->primitive, SPAGM_LANES, in, &rng);
  uint32_t tmp[SPAGM_LANES];
  fill(tmp, SPAGM_LANES, in, &rng);
  for (int l = 0; l < SPAGM_LANES; l++) {
    req->coverage[l] = (uint16_t)tmp[l];
    req->sample[l] = (uint8_t)(tmp[l] >> 16 & 0xFu); /* 4 bits (txn.h) */
  }
}

/* What every response must hold, whatever the request (model.h, txn.h). */
static void check_response(const spagm_request *req, const spagm_response *rsp) {
  if (rsp->tag != req->tag) fuzz_fail("the response's tag is not the request's", NULL);
  if (rsp->fault > SPAGM_FAULT_VTX_OUT_OF_RANGE) fuzz_fail("an unknown fault", NULL);
  if (rsp->st_space > SPAGM_SPACE_GS_OUT) fuzz_fail("an unknown store space", NULL);
  bool effects = rsp->pd_written != 0;
  for (int s = 0; s < SPAGM_WB_SLOTS; s++) effects |= rsp->wb_valid[s] != 0;
  for (int c = 0; c < SPAGM_ST_COMPS; c++) effects |= rsp->st_mask[c] != 0;
  /* txn.h: an illegal encoding is warp-wide and has no side effects. */
  if (rsp->fault == SPAGM_FAULT_ILLEGAL_INSTR_ENCODING && effects)
    fuzz_fail("ILLEGAL_INSTR_ENCODING with write-back, predicate or stores", NULL);
}

/* A decoded instruction with one field set to a value no word may hold
 * (N87, N51, N73): spagm_execute_insn answers SPAGM_E_ARG or a fault. */
static void execute_edited(spagm_model *m, const spagm_request *req, fuzz_in *in) {
  spagm_insn x;
  if (spagm_decode(req->insn, &x, NULL) != SPAGM_OK) return;
  uint8_t v = (uint8_t)fuzz_back(in, 1);
  switch (fuzz_range(in, 11)) {
    case 0: x.op = (spagm_op)v; break;
    case 1: x.pg = v; break;
    case 2: x.asize = (spagm_asize)v; break;
    case 3: x.region = (spagm_isbe_region)v; break;
    case 4: x.isize = (spagm_isbe_size)v; break;
    case 5: x.pmode = (spagm_pixld_mode)v; break;
    case 6: x.pd = v; break;
    case 7: x.imm = (int32_t)fuzz_u32(in); break;
    case 8: x.tlds_encoding = v; break;
    case 9: x.wmsk = v; break;
    case 10: x.param = (spagm_tex_param)v; break;
    default: x.phase = (spagm_tex_phase)(v % 3u); break;
  }
  spagm_response rsp;
  spagm_explain ex;
  spagm_status st = spagm_execute_insn(m, &x, req, &rsp, fuzz_bool(in) ? &ex : NULL);
  if (st != SPAGM_OK && st != SPAGM_E_ARG)
    fuzz_fail("spagm_execute_insn returned a status model.h does not list", spagm_status_name(st));
  if (st == SPAGM_E_ARG && rsp.fault != SPAGM_FAULT_ILLEGAL_INSTR_ENCODING)
    fuzz_fail("spagm_execute_insn refused without ILLEGAL_INSTR_ENCODING", NULL);
  check_response(req, &rsp);
}

void fuzz_exec_set_stage(spagm_model *m, fuzz_in *in) {
  spagm_stage st = (spagm_stage)fuzz_range(in, SPAGM_STAGE_COUNT); /* COUNT: refused */
  spagm_attr_set_stage(m, st, NULL);
}

int fuzz_exec_run(const uint8_t *data, size_t size, const fuzz_opcode *ops, size_t nops,
                  fuzz_state_fn state) {
  /* One model for the process: spagm_model_reset gives spagm_model_new's
   * state (model.h) without a megabyte of allocation per input. */
  static spagm_model *m;
  if (!m && !(m = spagm_model_new())) return 0;
  spagm_model_reset(m);
  fuzz_in in = fuzz_in_make(data, size);
  state(m, &in);

  uint64_t raw;
  for (uint32_t tag = 1; tag <= FUZZ_MAX_REQUESTS && fuzz_front_u64(&in, &raw); tag++) {
    const fuzz_opcode *op = &ops[fuzz_range(&in, (uint32_t)nops - 1)];
    uint64_t word = fuzz_range(&in, 15) == 15 ? raw : (raw & ~op->mask) | op->bits;
    spagm_request req;
    make_request(&req, tag, word, &in);
    spagm_response rsp;
    spagm_explain ex;
    spagm_status st = fuzz_bool(&in) ? spagm_execute(m, &req, &rsp)
                                     : spagm_execute_explained(m, &req, &rsp, &ex);
    if (st != SPAGM_OK) fuzz_fail("spagm_execute refused a request", spagm_status_name(st));
    check_response(&req, &rsp);
    if (fuzz_range(&in, 7) == 0) execute_edited(m, &req, &in);
  }
  return 0;
}
