// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — a warp's register file, and the issue/retire steps that turn it
 * into requests and write responses back (DESIGN §3).
 *
 * The model itself never sees registers: a request carries operand values by
 * slot. Tools that run programs (the scenario runner, stimulus generators)
 * keep a spagm_regfile and use spagm_issue / spagm_retire around
 * spagm_execute, so the slot mapping lives in one place.
 *
 * Example (examples/api/regfile.c, run by the test api_example.regfile): a
 * two-instruction program run through a warp's register file with issue,
 * execute and retire.
 * \snippet examples/api/regfile.c regfile_run
 */
#ifndef SPAGM_REGFILE_H
#define SPAGM_REGFILE_H

#include <stdint.h>

#include "spagm/insn.h"
#include "spagm/txn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pointer arguments: no function declared here dereferences a
 * NULL pointer. A NULL for a required pointer gives SPAGM_E_ARG from a
 * function returning spagm_status, NULL from one returning a pointer, false
 * from one returning bool, 0 (or a fixed text) from one returning a number
 * or a name, and nothing at all from a void function. spagm_diag *d and
 * spagm_explain *ex are optional wherever they appear (NULL: not wanted),
 * as are outputs whose comment says so. tests/model/api_null_test.cpp calls
 * every function with NULL for each pointer. */

#define SPAGM_NREGS 255 /**< R0..R254; R255 is RZ */
#define SPAGM_NPREDS 7  /**< P0..P6; P7 is PT */

/** The registers, predicates and thread context of one warp, per lane: what
 * a request's operands are read from and its write-back goes to in a
 * scenario run. */
typedef struct spagm_regfile {
  uint32_t r[SPAGM_NREGS][SPAGM_LANES]; /**< R0..R254 per lane */
  uint32_t p[SPAGM_NPREDS]; /**< bit per lane */
  /** Thread context per lane (DESIGN §3): the vertex handle. */
  uint32_t vertex[SPAGM_LANES];
  uint32_t primitive[SPAGM_LANES]; /**< thread context: the primitive ID */
  uint16_t coverage[SPAGM_LANES];  /**< thread context: the coverage mask */
  uint8_t sample[SPAGM_LANES];     /**< thread context: the sample index */
} spagm_regfile;

/** Registers and predicates 0, context 0 (no-op when rf is NULL). */
void spagm_regfile_init(spagm_regfile *rf);


/** Value of register reg for lane (RZ and registers past R254 read 0). */
uint32_t spagm_regfile_get(const spagm_regfile *rf, unsigned reg,
                           unsigned lane);
/** Lanes where predicate p (PT = all) holds. */
uint32_t spagm_regfile_pred(const spagm_regfile *rf, unsigned p);

/** Build the request for insn on the lanes of `lanes` that pass its guard:
 * a = Ra,Ra+1; b = Rb,Rb+1; c = Rc; d = data registers (for AST the
 * R10-aligned data register and the next three, N33; Rb for ISBEWR);
 * thread context copied. word is stored in req->insn. */
void spagm_issue(const spagm_insn *insn, uint64_t word, const spagm_regfile *rf,
                 uint32_t lanes, uint32_t tag, spagm_request *req);

/** Write a response's register and predicate results into rf. */
void spagm_retire(const spagm_response *resp, spagm_regfile *rf);

#ifdef __cplusplus
}
#endif
#endif
