/* SPDX-License-Identifier: Apache-2.0 */
/* What every API example shares: the way it stops on a failed call. An
 * example is a program CTest builds and runs (api_example.<name>); it exits
 * 1 with the diagnostic when a call fails or a result is not the one the
 * header documents, so an example that goes stale fails the suite. */
#ifndef SPAGM_API_EXAMPLE_H
#define SPAGM_API_EXAMPLE_H
#include <stdio.h>

#include <spagm/spagm.h>

/* Print what failed and why; the exit status of main. */
static inline int example_fail(const char *what, const spagm_diag *d) {
  fprintf(stderr, "error: %s%s%s\n", what, d ? ": " : "", d ? d->msg : "");
  return 1;
}

/* The SM50 word of one line of assembly (spagm/asm.h, spagm/insn.h). */
static inline spagm_status example_word(const char *text, uint64_t *word, spagm_diag *d) {
  spagm_insn insn;
  spagm_status st = spagm_asm_one(text, 1, 1, NULL, &insn, d);
  return st != SPAGM_OK ? st : spagm_encode(&insn, word, NULL, d);
}

/* A request of one line of assembly on `lanes`, Ra of lane l holding l
 * (a sample or texel index per lane). */
static inline spagm_status example_request(const char *text, uint32_t lanes,
                                           spagm_request *req, spagm_diag *d) {
  spagm_request_init(req);
  req->lane_mask = lanes;
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) req->a[0][lane] = lane;
  return example_word(text, &req->insn, d);
}

/* A model of a pixel shader with `samples` raster samples; NULL, d saying
 * why, on an error. */
static inline spagm_model *example_ps_model(unsigned samples, spagm_diag *d) {
  spagm_model *m = spagm_model_new();
  if (m && (spagm_attr_set_stage(m, SPAGM_STAGE_PS, d) != SPAGM_OK ||
            spagm_pix_set_samples(m, samples, d) != SPAGM_OK)) {
    spagm_model_free(m);
    m = NULL;
  }
  return m;
}
#endif
