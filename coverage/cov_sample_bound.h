// SPDX-License-Identifier: Apache-2.0
/* The boundary, ST_REQ and power-on points of each unit (cov_sample_bound.c,
 * N245, N246), called by spagm_cov_sample after the rule scan. */
#ifndef SPAGM_COV_SAMPLE_BOUND_H
#define SPAGM_COV_SAMPLE_BOUND_H

#include "cov_internal.h"

void spagm__cov_sample_attr_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                   const spagm_request *req, const spagm_response *rsp,
                                   const spagm_explain *ex);
void spagm__cov_sample_pix_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                  const spagm_request *req, const spagm_response *rsp,
                                  const spagm_explain *ex);
void spagm__cov_sample_tex_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                  const spagm_response *rsp, const spagm_explain *ex);

#endif
