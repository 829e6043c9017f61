// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — the golden model context and its execution entry point.
 *
 * A spagm_model holds all architectural state of the three units (attribute,
 * pixel, texture); there is no global mutable state, so several models can
 * live in one process (DESIGN §5). Unit state is set through attr.h, pix.h
 * and tex.h. Transactions execute in acceptance order (DESIGN §3).
 *
 * Example (examples/api/model.c, run by the test api_example.model): two
 * independent models, one transaction executed on each.
 * \snippet examples/api/model.c model_execute
 */
#ifndef SPAGM_MODEL_H
#define SPAGM_MODEL_H

#include "spagm/explain.h"
#include "spagm/insn.h"
#include "spagm/status.h"
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

/** A model instance: the state of the three units (opaque; spagm_model_new,
 * spagm_model_free). */
typedef struct spagm_model spagm_model;


/// @{
/** A new model in reset state (stage VSA, empty maps, ISBE zeroed, default
 * table per R3, one raster sample, no textures). NULL when out of memory. */
spagm_model *spagm_model_new(void);
void spagm_model_free(spagm_model *m);
/// @}
/** Back to the state spagm_model_new gives. */
void spagm_model_reset(spagm_model *m);

/** Execute one transaction: decode req->insn, execute on the active lanes,
 * fill resp (resp->tag = req->tag). An illegal word is not an API error: it
 * yields resp->fault = ILLEGAL_INSTR_ENCODING with no side effects. Returns
 * SPAGM_E_ARG only for NULL arguments. */
spagm_status spagm_execute(spagm_model *m, const spagm_request *req,
                           spagm_response *resp);

/** The same for an already decoded instruction (ISBEWR has no word, and the
 * scenario runner executes text), with an optional explanation (ex may be
 * NULL). req->insn is ignored. Every field is range-checked here:
 * SPAGM_E_ARG for NULL m, insn, req or resp, an op that is not an opcode,
 * pg above 7, or an ALD/AST/AL2P asize above SPAGM_ASZ_128 (values no word
 * can hold); then nothing executes and resp holds a warp-wide
 * ILLEGAL_INSTR_ENCODING. The other fields return SPAGM_OK with the fault
 * their rule gives, as spagm_execute does for a word: ISBERD/ISBEWR isize 3
 * or region above 3, PIXLD mode 6/7 (R16) or Pd or imm out of range (N51),
 * TLDS fields outside the legal table (N73); an ALD/AST/AL2P imm outside
 * the attribute space reads 0 / discards the store (R4). */
spagm_status spagm_execute_insn(spagm_model *m, const spagm_insn *insn,
                                const spagm_request *req, spagm_response *resp,
                                spagm_explain *ex);

/** Decode req->insn and execute with explanation. Both functions clear
 * what ex recorded before (its rules, fault rule, value types and TLDS
 * marks) but not the numbers behind them: arg[s][l] is valid where
 * rule[s][l] is not 0 and texel[l] in texel_lanes, other entries keep
 * whatever they held (N426). */
spagm_status spagm_execute_explained(spagm_model *m, const spagm_request *req,
                                     spagm_response *resp, spagm_explain *ex);

#ifdef __cplusplus
}
#endif
#endif
