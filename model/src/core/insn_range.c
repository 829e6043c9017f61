// SPDX-License-Identifier: Apache-2.0
/* The fields of a decoded instruction that no unit rules on, checked once
 * at the API boundary (spagm_execute_insn). A word cannot hold
 * a value outside these ranges (DESIGN §7.1), so this refuses only what a
 * caller built by hand: an attribute size of 2^31 made ALD, AST and AL2P
 * loop over 2^31 components. Fields the units already check stay
 * architectural faults with their rules (model.h lists them). */
#include "core/model_internal.h"
#include "spagm/insn.h"

bool spagm__insn_fields_fit(const spagm_insn *insn) {
  if (insn->op <= SPAGM_OP_NONE || insn->op >= SPAGM_OP_COUNT) return false;
  /* Pg [18:16]: a 3-bit predicate number (7 = PT). */
  if (insn->pg > SPAGM_PT) return false;
  /* ALD/AST/AL2P size [48:47]: .32 .. .128. */
  bool sized = insn->op == SPAGM_OP_ALD || insn->op == SPAGM_OP_AST || insn->op == SPAGM_OP_AL2P;
  return !sized || (unsigned)insn->asize <= SPAGM_ASZ_128;
}
