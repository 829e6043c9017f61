// SPDX-License-Identifier: Apache-2.0
/* Internal: the comparison of one response with the model's expectation
 * under the rules of docs/port-contract.md ("What is compared"). The one
 * comparator of spagm: the co-simulation (check.c) and the predictor
 * (predictor.c) both call it; report.c writes its lines under the header
 * of either. */
#ifndef SPAGM_COSIM_COMPARE_H
#define SPAGM_COSIM_COMPARE_H

#include "spagm/predictor.h"
#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SPAGM_COMPARE_LINES 6 /* lines kept per transaction; the rest is counted */

/* One line per differing field: which field, slot, register and lane,
 * expected and actual (hex and meaning, value.h), the rule the model applied
 * and, for a TLDS lane, the header index, texel coordinates and address.
 * When diff is not NULL, every difference also as data (spagm/predictor.h),
 * up to diff_cap of them, in the order of the lines. */
typedef struct spagm_compare_log {
  char text[SPAGM_COMPARE_LINES][640];
  unsigned n;     /* lines in text */
  unsigned total; /* differing fields, kept or not */
  spagm_predictor_diff *diff;
  unsigned diff_cap, ndiff;
} spagm_compare_log;

/* Compare the observed response got with the expected response want of
 * the instruction word insn (explained by ex, which may be NULL). Fills log
 * and returns the number of differing fields (0 = the response passes). */
unsigned spagm__compare_response(uint64_t insn, const spagm_response *want,
                                 const spagm_explain *ex, const spagm_response *got,
                                 spagm_compare_log *log);
/* The same, and each difference as data into diff[0..cap) (log->ndiff of
 * them): the predictor's structured results. */
unsigned spagm__compare_response_diffs(uint64_t insn, const spagm_response *want,
                                       const spagm_explain *ex, const spagm_response *got,
                                       spagm_compare_log *log, spagm_predictor_diff *diff,
                                       unsigned cap);

/* The lanes where got differs from want as spagm__compare_response judges
 * them (a whole-warp field, such as the fault kind or the store space,
 * marks every lane) and, when rule is not NULL, the rule the model applied
 * to the first of them (0 when ex is NULL or none was recorded). The
 * waves' mismatch_lanes and mismatch_rule (N211). */
uint32_t spagm__mismatch_lanes(const spagm_response *want, const spagm_explain *ex,
                               const spagm_response *got, unsigned *rule);

#ifdef __cplusplus
}
#endif
#endif
