// SPDX-License-Identifier: Apache-2.0
/* Which spagm_insn fields each opcode uses, and field-by-field equality
 * (insn.h: spagm_insn_equal). The encoder uses the same list to refuse
 * values in fields an opcode does not have, so that decode(encode(x)) == x. */
#include "isa/insn_layout.h"

#define F(x) (1u << SPAGM__FLD_##x)

uint32_t spagm__op_fields(spagm_op op) {
  switch (op) {
    case SPAGM_OP_ALD:
      return F(RD) | F(RA) | F(RB) | F(IMM) | F(OUT) | F(PATCH) | F(PHYS) |
             F(ASIZE);
    case SPAGM_OP_AST: /* data register in rb, vertex / GS state in rc */
      return F(RB) | F(RA) | F(RC) | F(IMM) | F(OUT) | F(PATCH) | F(PHYS) |
             F(ASIZE);
    case SPAGM_OP_AL2P:
      return F(RD) | F(RA) | F(PD) | F(IMM) | F(OUT) | F(ASIZE);
    case SPAGM_OP_ISBERD:
      return F(RD) | F(RA) | F(OUT) | F(REGION) | F(ISIZE) | F(SKEW);
    case SPAGM_OP_ISBEWR:
      return F(RA) | F(RB) | F(OUT) | F(REGION) | F(ISIZE) | F(SKEW);
    case SPAGM_OP_PIXLD:
      return F(RD) | F(RA) | F(PD) | F(IMM) | F(PMODE);
    case SPAGM_OP_TLDS:
      return F(RD) | F(RD1) | F(RA) | F(RB) | F(F16) | F(LOD) | F(AOFFI) |
             F(MS) | F(NODEP) | F(PHASE) | F(INDEX) | F(PARAM) | F(TENC) |
             F(WMSK);
    case SPAGM_OP_NONE:
    case SPAGM_OP_COUNT: break;
  }
  return 0;
}

long spagm__field_value(const spagm_insn *x, spagm__field f) {
  switch (f) {
    case SPAGM__FLD_RD: return x->rd;
    case SPAGM__FLD_RD1: return x->rd1;
    case SPAGM__FLD_RA: return x->ra;
    case SPAGM__FLD_RB: return x->rb;
    case SPAGM__FLD_RC: return x->rc;
    case SPAGM__FLD_PD: return x->pd;
    case SPAGM__FLD_IMM: return x->imm;
    case SPAGM__FLD_OUT: return x->out;
    case SPAGM__FLD_PATCH: return x->patch;
    case SPAGM__FLD_PHYS: return x->phys;
    case SPAGM__FLD_ASIZE: return (long)x->asize;
    case SPAGM__FLD_REGION: return (long)x->region;
    case SPAGM__FLD_ISIZE: return (long)x->isize;
    case SPAGM__FLD_SKEW: return x->skew;
    case SPAGM__FLD_PMODE: return (long)x->pmode;
    case SPAGM__FLD_F16: return x->f16;
    case SPAGM__FLD_LOD: return (long)x->lod;
    case SPAGM__FLD_AOFFI: return x->aoffi;
    case SPAGM__FLD_MS: return x->ms;
    case SPAGM__FLD_NODEP: return x->nodep;
    case SPAGM__FLD_PHASE: return (long)x->phase;
    case SPAGM__FLD_INDEX: return x->tex_index;
    case SPAGM__FLD_PARAM: return (long)x->param;
    case SPAGM__FLD_TENC: return x->tlds_encoding;
    case SPAGM__FLD_WMSK: return x->wmsk;
    case SPAGM__FLD_COUNT: break;
  }
  return 0;
}

const char *spagm__field_name(spagm__field f) {
  static const char *const names[SPAGM__FLD_COUNT] = {
      "rd",    "rd1",   "ra",   "rb",    "rc",    "pd",        "imm",
      "out",   "patch", "phys", "asize", "region", "isize",    "skew",
      "pmode", "f16",   "lod",  "aoffi", "ms",    "nodep",     "phase",
      "tex_index", "param", "tlds_encoding", "wmsk"};
  return (unsigned)f < SPAGM__FLD_COUNT ? names[f] : "?";
}

static bool sched_equal(const spagm_sched *a, const spagm_sched *b) {
  return a->stall == b->stall && a->yield == b->yield &&
         a->wr_bar == b->wr_bar && a->rd_bar == b->rd_bar &&
         a->wait == b->wait && a->reuse == b->reuse;
}

bool spagm_insn_equal(const spagm_insn *a, const spagm_insn *b) {
  if (!a || !b) return a == b;
  if (a->op != b->op || a->pg != b->pg || a->pg_not != b->pg_not) return false;
  for (unsigned f = 0; f < SPAGM__FLD_COUNT; f++)
    if (spagm__field_value(a, (spagm__field)f) !=
        spagm__field_value(b, (spagm__field)f))
      return false;
  return a->has_sched == b->has_sched && sched_equal(&a->sched, &b->sched);
}
