// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the predictor (cosim/include/spagm/predictor.h) fed
 * what a DUT can put in front of it: responses of arbitrary bits (X turned
 * into random bits), all-ones and all-zeros words, responses with no
 * request, duplicate tags, a tag answered twice, answers in any order, up
 * to 1024 in flight, configuration writes and resets between them.
 *
 * The input's front bytes are instruction words (the exec_* seeds serve:
 * a word each), its back bytes the choices. The predictor must answer
 * every call with a documented status and a report, and keep its books:
 *   - the expected response it gave, handed back unchanged, matches
 *     (0 differences); a response whose tag has no outstanding prediction
 *     is counted unknown with 1 difference;
 *   - its counts agree with the harness's own: predicted = checked +
 *     outstanding + duplicate + discarded, and outstanding, unknown and
 *     duplicate as the harness tracked them. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "fuzz_roundtrip.h"
#include "spagm/predictor.h"
#include "spagm/txn_pack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define STEPS 256
#define SHADOW 1024 /* in flight at most: a DUT's scoreboard depth */

typedef struct shadow {
  uint32_t tag;
  spagm_response expected;
} shadow;

typedef struct harness {
  spagm_predictor *p;
  shadow *out;   /* the predictions outstanding, as the harness sees them */
  size_t nout;
  uint32_t answered[64]; /* tags answered lately: answered again, unknown */
  size_t nanswered;
  uint64_t unknown, duplicate, checked, predicted, discarded;
  uint32_t next_tag;
  uint64_t rng;
} harness;

static size_t find(const harness *h, uint32_t tag) {
  for (size_t i = 0; i < h->nout; i++)
    if (h->out[i].tag == tag) return i;
  return (size_t)-1;
}

static void predict(harness *h, fuzz_in *in) {
  uint64_t word = 0;
  fuzz_front_u64(in, &word);
  spagm_request req;
  spagm_request_init(&req);
  switch (fuzz_range(in, 3)) {
    case 0: req.tag = h->next_tag++; break;                                  /* fresh */
    case 1: req.tag = h->nout ? h->out[fuzz_range(in, 255) % h->nout].tag : 0; break; /* a duplicate */
    case 2: req.tag = fuzz_u32(in); break;
    default: req.tag = (uint32_t)fuzz_range(in, 7); break;                   /* few tags */
  }
  req.insn = word;
  req.lane_mask = ~fuzz_u32(in);
  for (int l = 0; l < SPAGM_LANES; l++) {
    req.a[0][l] = fuzz_xorshift(&h->rng) & 0xFFu, req.c[l] = fuzz_xorshift(&h->rng) & 0x3FFu;
    req.vertex[l] = fuzz_xorshift(&h->rng) & 0x1Fu, req.coverage[l] = (uint16_t)fuzz_xorshift(&h->rng);
    req.sample[l] = (uint8_t)(fuzz_xorshift(&h->rng) & 0xFu);
  }
  size_t at = find(h, req.tag);
  if (at == (size_t)-1 && h->nout == SHADOW) return; /* deeper than any scoreboard */
  spagm_response expected;
  spagm_diag d = {0};
  spagm_status st = spagm_predictor_predict(h->p, &req, &expected, &d);
  if (st == SPAGM_E_NOMEM) return;
  h->predicted++;
  if (at != (size_t)-1) {
    if (st != SPAGM_E_STATE) fuzz_fail("a tag predicted twice was not SPAGM_E_STATE", spagm_status_name(st));
    h->duplicate++;
    h->out[at].expected = expected;
    return;
  }
  if (st != SPAGM_OK) fuzz_fail("predict of a fresh tag failed", d.msg);
  if (expected.tag != req.tag) fuzz_fail("the expected response does not carry the request's tag", NULL);
  h->out[h->nout].tag = req.tag;
  h->out[h->nout++].expected = expected;
}

/* A response of arbitrary bits: random, all ones or all zeros, through the
 * wire format (spagm_response_unpack), as a DUT with X outputs gives it. */
static void wire_response(harness *h, fuzz_in *in, spagm_response *rsp) {
  uint32_t w[SPAGM_RESPONSE_WORDS];
  unsigned how = fuzz_range(in, 2);
  for (size_t i = 0; i < SPAGM_RESPONSE_WORDS; i++)
    w[i] = how == 0 ? fuzz_xorshift(&h->rng) : how == 1 ? 0xFFFFFFFFu : 0u;
  spagm_response_unpack(w, rsp);
}

static void check(harness *h, fuzz_in *in) {
  unsigned which = fuzz_range(in, 3);
  spagm_response rsp;
  size_t at = (size_t)-1;
  uint32_t tag;
  if (which == 0 && h->nout) { /* an outstanding tag */
    at = fuzz_range(in, 0xFFFF) % h->nout;
    tag = h->out[at].tag;
  } else if (which == 1 && h->nanswered) { /* answered already */
    tag = h->answered[fuzz_range(in, 63) % h->nanswered];
  } else {
    tag = which == 2 ? h->next_tag + fuzz_range(in, 0xFF) : fuzz_u32(in); /* never asked */
  }
  if (at == (size_t)-1) at = find(h, tag);
  unsigned form = fuzz_range(in, 3);
  int exact = at != (size_t)-1 && form == 0;
  if (exact) {
    rsp = h->out[at].expected; /* what the model expects: must match */
  } else if (at != (size_t)-1 && form == 1) {
    rsp = h->out[at].expected;
    uint8_t *b = (uint8_t *)&rsp;
    b[fuzz_range(in, 0xFFFF) % sizeof rsp] ^= (uint8_t)(1u << fuzz_range(in, 7));
  } else {
    wire_response(h, in, &rsp);
  }
  rsp.tag = tag;
  unsigned diffs = 0;
  const char *report = NULL;
  spagm_response expected;
  spagm_status st = fuzz_bool(in) ? spagm_predictor_check(h->p, &rsp, &diffs, &report)
                                  : spagm_predictor_check_expected(h->p, &rsp, &diffs, &report, &expected);
  if (st != SPAGM_OK) fuzz_fail("check failed", spagm_status_name(st));
  if (!report) fuzz_fail("check gave no report", NULL);
  (void)strlen(report);
  if (at == (size_t)-1) {
    if (diffs != 1) fuzz_fail("a response with no prediction did not count 1 difference", report);
    if (report[0] == '\0') fuzz_fail("a response with no prediction without a report", NULL);
    h->unknown++;
    return;
  }
  if (exact && diffs != 0) fuzz_fail("the expected response handed back mismatches", report);
  if (diffs == 0 && report[0] != '\0') fuzz_fail("a match with a report", report);
  if (diffs != 0 && report[0] == '\0') fuzz_fail("a mismatch without a report", NULL);
  h->checked++;
  h->out[at] = h->out[--h->nout];
  h->answered[h->nanswered < 64 ? h->nanswered++ : fuzz_range(in, 63)] = tag;
}

static void books(harness *h) {
  spagm_predictor_counts c;
  if (spagm_predictor_get_counts(h->p, &c) != SPAGM_OK) fuzz_fail("get_counts failed", NULL);
  if (c.predicted != h->predicted || c.checked != h->checked || c.unknown != h->unknown ||
      c.duplicate != h->duplicate || c.discarded != h->discarded || c.outstanding != h->nout)
    fuzz_fail("the predictor's counts differ from the harness's", NULL);
  if (c.predicted != c.checked + c.outstanding + c.duplicate + c.discarded)
    fuzz_fail("predicted != checked + outstanding + duplicate + discarded", NULL);
  if (c.matched + c.mismatched != c.checked) fuzz_fail("matched + mismatched != checked", NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = fuzz_in_make(data, size);
  static const spagm_unit units[] = {SPAGM_UNIT_ATTR, SPAGM_UNIT_PIX, SPAGM_UNIT_TEX};
  harness h;
  memset(&h, 0, sizeof h);
  h.rng = fuzz_back(&in, 8) | 1u;
  spagm_diag d = {0};
  h.p = spagm_predictor_new(FUZZ_PICK(&in, units), h.rng, &d);
  h.out = malloc(SHADOW * sizeof *h.out);
  if (!h.p || !h.out) fuzz_fail("spagm_predictor_new", d.msg);
  for (int step = 0; step < STEPS && (in.n > 0 || step < 8); step++) {
    switch (fuzz_range(&in, 7)) {
      case 0: case 1: case 2: predict(&h, &in); break;
      case 3: case 4: check(&h, &in); break;
      case 5: (void)spagm_predictor_cfg_write(h.p, fuzz_u32(&in), fuzz_u32(&in), NULL); break;
      case 6:
        if (spagm_predictor_reset(h.p) != SPAGM_OK) fuzz_fail("reset failed", NULL);
        h.discarded += h.nout;
        h.nout = 0;
        break;
      default: books(&h); break;
    }
  }
  books(&h);
  if (!spagm_predictor_summary(h.p)) fuzz_fail("no summary", NULL);
  spagm_predictor_free(h.p);
  free(h.out);
  return 0;
}
