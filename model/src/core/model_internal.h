// SPDX-License-Identifier: Apache-2.0
/* Internal: the model context and the hooks each unit implements.
 * Unit code lives in its own files (ald.c, ast.c, pixld.c, tlds.c, ...) and
 * sees the whole context, because some rules cross units (none yet). */
#ifndef SPAGM_MODEL_INTERNAL_H
#define SPAGM_MODEL_INTERNAL_H

#include "spagm/model.h"
#include "attr/attr_state.h"
#include "pix/pix_state.h"
#include "tex/tex_state.h"

struct spagm_model {
  spagm_attr_state attr;
  spagm_pix_state pix;
  spagm_tex_state tex;
};

/* Lifecycle of each unit's state: init allocates (SPAGM_E_NOMEM on failure,
 * leaving nothing to free), reset returns to the power-on state without
 * freeing, fini frees. */
spagm_status spagm__attr_init(spagm_attr_state *s);
void spagm__attr_reset(spagm_attr_state *s);
void spagm__attr_fini(spagm_attr_state *s);
spagm_status spagm__pix_init(spagm_pix_state *s);
void spagm__pix_reset(spagm_pix_state *s);
void spagm__pix_fini(spagm_pix_state *s);
spagm_status spagm__tex_init(spagm_tex_state *s);
void spagm__tex_reset(spagm_tex_state *s);
void spagm__tex_fini(spagm_tex_state *s);

/* Execute a decoded instruction of the unit. resp has been initialised by
 * spagm_response_init with the request's tag; ex may be NULL. A warp-wide
 * fault must leave state untouched (DESIGN §3, R8). */
void spagm__attr_execute(spagm_model *m, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex);
void spagm__pix_execute(spagm_model *m, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex);
void spagm__tex_execute(spagm_model *m, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex);

/* Shader stage of the program running now (the attribute unit's state);
 * the pixel unit needs it for R8 (PIXLD outside PS). model_stage.c. */
spagm_stage spagm__model_stage(const spagm_model *m);

/* The lowest lane of a non-empty lane mask. Lane loops walk the set bits
 *   for (uint32_t left = mask; left; left &= left - 1u) {
 *     unsigned lane = spagm__lowest_lane(left); ...
 * rather than testing each of the 32 bits: with a random lane mask that test
 * is mispredicted about every other lane. Lanes are still
 * visited lowest first, so "the first lane" of a rule (R9) is unchanged. */
static inline unsigned spagm__lowest_lane(uint32_t mask) {
  return (unsigned)__builtin_ctz(mask);
}

/* Clear what says a rule or location was recorded in ex (not NULL):
 * fault_rule, fault_arg, rule, value_type, has_tex_header, tex_header,
 * texel_lanes and texel_read. arg and texel keep their bytes: nothing reads
 * arg[s][l] where rule[s][l] is 0 or texel[l] outside texel_lanes (N426),
 * so an explanation reused for every request (a scoreboard entry) is not
 * cleared whole each time. explain.c. */
void spagm__explain_clear_marks(spagm_explain *ex);

/* Explanation slot `slot` of every lane outside `lanes`: LANE_INACTIVE, in
 * a loop of its own and only when an explanation is wanted. */
static inline void spagm__explain_inactive(spagm_explain *ex, unsigned slot, uint32_t lanes) {
  if (!ex) return;
  for (uint32_t left = ~lanes; left; left &= left - 1u)
    spagm_explain_set(ex, slot, spagm__lowest_lane(left), SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
}

/* Mark the whole warp faulted with no side effects. */
/* Every field of insn within what its encoding can hold (insn_range.c). */
bool spagm__insn_fields_fit(const spagm_insn *insn);

void spagm__fault_warp(const spagm_request *req, spagm_response *resp,
                       spagm_explain *ex, spagm_fault f, unsigned rule,
                       int32_t a0, int32_t a1, int32_t a2);

#endif
