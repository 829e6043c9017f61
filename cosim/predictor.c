// SPDX-License-Identifier: Apache-2.0
/* The predictor (spagm/predictor.h): a model per unit instance, its
 * predictions parked by tag in the scoreboard (scoreboard.h), compared by
 * the comparator (compare.h) and reported as report.h formats them, as in
 * the co-simulation; counters. Independent of the co-simulation run loop
 * and of the stimulus generator. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "block_copy.h"
#include "compare.h"
#include "report.h"
#include "scoreboard.h"
#include "spagm/predictor.h"
#include "spagm/cov/cov.h"
#include "spagm/statemap.h"
#include "spagm/txn_pack.h"

#define NAME_MAX_LEN 64
#define PARKED_MAX (1u << 28) /* predictions outstanding at once */
#define NEVER_ANSWERED 8u  /* outstanding predictions listed in the summary */
#define NOTES_KEPT 8u      /* ignored writes, unmapped reads, refusals listed */
#define NOTE_LEN 160
/* Differences kept as data per check: every field a response can differ
 * in (fault; per slot lanes or register, or 32 lane values; predicate;
 * per store component lanes or 32 lanes; space). */
#define DIFFS_MAX (1u + 4u * 32u + 1u + 4u * 32u + 1u)

struct spagm_predictor {
  spagm_unit unit;
  uint64_t seed;
  char name[NAME_MAX_LEN];
  spagm_model *model;
  spagm_cov *cov; /* sampled at each predict when not NULL */
  spagm_scoreboard board; /* the predictions waiting for their responses */
  spagm_predictor_counts n;
  spagm_text report, summary;
  bool strict;
  /* Texture header pool: configured by a write of 0x008/0x00C/0x010 since
   * the last reset; headers placed by spagm_predictor_tex_set_header at
   * hdr_base, and the base they were left at when it moved. */
  bool pool_written;
  uint64_t headers_placed, hdr_base;
  uint64_t headers_left, left_base, moved_to;
  /* The first ignored writes and unmapped reads, and the first refusals. */
  char ignored[NOTES_KEPT][NOTE_LEN];
  char refusals[NOTES_KEPT][NOTE_LEN];
  spagm_predictor_diff *diff; /* the last check's differences, allocated at the first */
  size_t ndiff;
};

static void release(spagm_predictor *p, uint32_t slot) {
  spagm__sb_release(&p->board, slot);
  p->n.outstanding--;
}

/* ---- Life cycle ------------------------------------------------------------ */

spagm_status spagm_predictor_unit_by_name(const char *name, spagm_unit *unit) {
  if (!name || !unit) return SPAGM_E_ARG;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (strcmp(name, spagm_unit_name((spagm_unit)u)) == 0) {
      *unit = (spagm_unit)u;
      return SPAGM_OK;
    }
  return SPAGM_E_ARG;
}

spagm_predictor *spagm_predictor_new(spagm_unit unit, uint64_t seed, spagm_diag *d) {
  if ((unsigned)unit >= SPAGM_UNIT_COUNT) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "spagm_predictor_new: unit %d is none of 0 attr, 1 pix, 2 tex", (int)unit);
    return NULL;
  }
  spagm_predictor *p = calloc(1, sizeof *p);
  if (p) p->model = spagm_model_new();
  if (!p || !p->model || !spagm__sb_init(&p->board, PARKED_MAX)) {
    spagm_predictor_free(p);
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "spagm_predictor_new: out of memory");
    return NULL;
  }
  p->unit = unit;
  p->seed = seed;
  snprintf(p->name, sizeof p->name, "%s", spagm_unit_name(unit));
  return p;
}

void spagm_predictor_free(spagm_predictor *p) {
  if (!p) return;
  spagm_model_free(p->model);
  spagm__sb_free(&p->board);
  spagm__text_free(&p->report);
  spagm__text_free(&p->summary);
  free(p->diff);
  free(p);
}

spagm_status spagm_predictor_set_name(spagm_predictor *p, const char *name) {
  if (!p || !name) return SPAGM_E_ARG;
  snprintf(p->name, sizeof p->name, "%s", name);
  return SPAGM_OK;
}

spagm_unit spagm_predictor_unit(const spagm_predictor *p) {
  return p ? p->unit : SPAGM_UNIT_COUNT;
}

uint64_t spagm_predictor_seed(const spagm_predictor *p) { return p ? p->seed : 0; }

spagm_model *spagm_predictor_model(spagm_predictor *p) { return p ? p->model : NULL; }

spagm_status spagm_predictor_set_cov(spagm_predictor *p, spagm_cov *cov) {
  if (!p) return SPAGM_E_ARG;
  p->cov = cov;
  return SPAGM_OK;
}

spagm_status spagm_predictor_set_strict(spagm_predictor *p, bool strict) {
  if (!p) return SPAGM_E_ARG;
  p->strict = strict;
  return SPAGM_OK;
}

bool spagm_predictor_strict(const spagm_predictor *p) { return p && p->strict; }

/* Count a refused call (a failure) and keep the first reasons for the
 * summary. */
static void note_refused(spagm_predictor *p, const char *why) {
  if (p->n.refused < NOTES_KEPT) snprintf(p->refusals[p->n.refused], NOTE_LEN, "%s", why);
  p->n.refused++;
}

spagm_status spagm_predictor_fail(spagm_predictor *p, const char *what) {
  if (!p || !what) return SPAGM_E_ARG;
  note_refused(p, what);
  return SPAGM_OK;
}

/* ---- State ----------------------------------------------------------------- */

/* Texture unit: the pool registers (docs/port-contract.md): base [31:0]
 * at 0x008, base [47:32] at 0x00C, MaximumIndex at 0x010. */
static bool is_pool_register(const spagm_predictor *p, uint32_t addr) {
  return p->unit == SPAGM_UNIT_TEX && (addr == 0x008 || addr == 0x00C || addr == 0x010);
}

/* After a pool register was written: headers placed at another base are
 * left behind (the summary warns). */
static void pool_written(spagm_predictor *p) {
  uint64_t base = 0;
  p->pool_written = true;
  spagm_tex_get_header_pool(p->model, &base, NULL);
  if (p->headers_placed && base != p->hdr_base) {
    p->headers_left += p->headers_placed;
    p->left_base = p->hdr_base;
    p->moved_to = base;
    p->headers_placed = 0;
  }
}

/* A configuration word the unit's map has no place for (the text says
 * which): the port contract has the DUT ignore the write or read 0 there
 * (N123), so the predictor does too and counts it in *counter, listing the
 * first; strict mode refuses it as a failure. */
static spagm_status outside_the_map(spagm_predictor *p, const char *line, uint64_t *counter,
                                    spagm_diag *d) {
  if (p->strict) {
    note_refused(p, line);
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "%s: %s (strict)", p->name, line);
  }
  if (p->n.ignored_writes + p->n.unmapped_reads < NOTES_KEPT)
    snprintf(p->ignored[p->n.ignored_writes + p->n.unmapped_reads], NOTE_LEN, "%s", line);
  (*counter)++;
  return spagm_diag_set(d, SPAGM_OK, 0, 0,
                        "%s: ignored, not a failure (the port contract; reads give 0): %s",
                        p->name, line);
}

spagm_status spagm_predictor_cfg_write(spagm_predictor *p, uint32_t addr, uint32_t data,
                                       spagm_diag *d) {
  if (!p) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_predictor_cfg_write: p is NULL");
  /* The state map of docs/port-contract.md, shared with the co-simulation
   * and the vector files (model/src/core/statemap.c). */
  spagm_diag why = {0, 0, ""};
  spagm_status st = spagm_statemap_write(p->model, p->unit, addr, data, &why);
  if (st == SPAGM_OK) {
    if (is_pool_register(p, addr)) pool_written(p);
    return SPAGM_OK;
  }
  if (st != SPAGM_E_ARG) return spagm_diag_set(d, st, 0, 0, "%s", why.msg);
  /* A note keeps the first 127 characters of the state map's reason, so
   * the address and value always fit in front of it. */
  char line[NOTE_LEN];
  snprintf(line, sizeof line, "write 0x%08x = 0x%08x: %.127s", addr, data, why.msg);
  return outside_the_map(p, line, &p->n.ignored_writes, d);
}

spagm_status spagm_predictor_cfg_read(spagm_predictor *p, uint32_t addr, uint32_t *data,
                                      spagm_diag *d) {
  if (!p || !data)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_predictor_cfg_read: %s is NULL",
                          p ? "data" : "p");
  if (spagm_statemap_read(p->model, p->unit, addr, data)) return SPAGM_OK;
  *data = 0; /* no word there: the DUT answers 0 */
  char line[NOTE_LEN];
  snprintf(line, sizeof line, "read 0x%08x: not an address of the %s unit's map", addr,
           spagm_unit_name(p->unit));
  return outside_the_map(p, line, &p->n.unmapped_reads, d);
}

spagm_status spagm_predictor_tex_set_header(spagm_predictor *p, uint32_t index,
                                            const uint8_t tic[32], spagm_diag *d) {
  if (!p || !tic)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_predictor_tex_set_header: %s is NULL",
                          p ? "tic" : "p");
  if (p->unit != SPAGM_UNIT_TEX)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "%s: tex_set_header on a %s predictor (texture unit only)", p->name,
                          spagm_unit_name(p->unit));
  uint64_t base = 0;
  uint32_t max_index = 0;
  spagm_tex_get_header_pool(p->model, &base, &max_index);
  if (!p->pool_written && base == 0 && max_index == 0) {
    char line[NOTE_LEN];
    snprintf(line, sizeof line,
             "header %u set before the header pool is configured: write the pool base "
             "(0x008, 0x00C) and MaximumIndex (0x010) first",
             index);
    note_refused(p, line);
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "%s: %s", p->name, line);
  }
  /* Entry index of the pool: pool base + 32 * index (N60). */
  spagm_status st = spagm_tex_mem_write(p->model, base + 32ull * index, tic, 32);
  if (st != SPAGM_OK) {
    char line[NOTE_LEN];
    snprintf(line, sizeof line, "header %u at 0x%llx: %s", index,
             (unsigned long long)(base + 32ull * index), spagm_status_name(st));
    note_refused(p, line);
    return spagm_diag_set(d, st, 0, 0, "%s: %s", p->name, line);
  }
  if (p->headers_placed && p->hdr_base != base) {
    p->headers_left += p->headers_placed;
    p->left_base = p->hdr_base;
    p->moved_to = base;
    p->headers_placed = 0;
  }
  p->hdr_base = base;
  p->headers_placed++;
  return SPAGM_OK;
}

spagm_status spagm_predictor_reset(spagm_predictor *p) {
  if (!p) return SPAGM_E_ARG;
  spagm_model_reset(p->model);
  spagm__sb_clear(&p->board);
  p->n.discarded += p->n.outstanding;
  p->n.outstanding = 0;
  p->pool_written = false;
  p->headers_placed = 0; /* the reset emptied texture memory, headers included */
  return SPAGM_OK;
}

/* ---- Transactions ---------------------------------------------------------- */

/* Execute req into e. The word is decoded once: a word that is not one of
 * this unit's instructions is answered as the DUT must answer it, a
 * warp-wide ILLEGAL_INSTR_ENCODING (docs/port-contract.md, "Which words a
 * unit receives"), the way the model faults an illegal word. */
static void execute(spagm_predictor *p, const spagm_request *req, spagm_parked *e) {
  spagm_insn insn;
  e->foreign = false;
  if (spagm_decode(req->insn, &insn, NULL) != SPAGM_OK) {
    spagm_execute_explained(p->model, req, &e->exp, &e->ex); /* the model faults it */
  } else if (spagm_op_unit(insn.op) != p->unit) {
    e->foreign = true;
    spagm_response_init(&e->exp, req->tag);
    spagm_explain_init(&e->ex);
    e->exp.fault = SPAGM_FAULT_ILLEGAL_INSTR_ENCODING;
    e->exp.fault_lanes = req->lane_mask;
    e->ex.fault_rule = SPAGM_RULE_ILLEGAL_WORD;
  } else {
    spagm_execute_insn(p->model, &insn, req, &e->exp, &e->ex);
  }
}

/* Count what a prediction exercised: its active lanes, a fault, and on the
 * texture unit the lanes that read a texel (the model records them,
 * explain.h texel_read). A TLDS that read no texel on a model with no
 * texture memory at all is counted too: the trap of a reset that emptied
 * it. */
static void exercised(spagm_predictor *p, const spagm_request *req, const spagm_parked *e) {
  p->n.active_lanes += (uint64_t)__builtin_popcount(req->lane_mask);
  if (e->exp.fault) p->n.faults++;
  if (p->unit != SPAGM_UNIT_TEX || e->foreign || e->exp.fault) return;
  uint32_t written = 0;
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) written |= e->exp.wb_valid[s];
  p->n.texels += (uint64_t)__builtin_popcount(e->ex.texel_read);
  if (!e->ex.texel_read && written && spagm_tex_mem_pages(p->model, NULL, 0) == 0)
    p->n.empty_memory++;
}

spagm_status spagm_predictor_predict(spagm_predictor *p, const spagm_request *req,
                                     spagm_response *expected, spagm_diag *d) {
  if (!p || !req)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_predictor_predict: %s is NULL",
                          p ? "req" : "p");
  spagm_status st = SPAGM_OK;
  uint32_t old = spagm__sb_find(&p->board, req->tag);
  if (old != ~0u) {
    /* The issuing side reused a tag still in flight: keep the newer. */
    const spagm_parked *o = spagm__sb_entry(&p->board, old);
    st = spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                        "%s: tag %u predicted again while prediction #%llu of it is still "
                        "outstanding; the older prediction is dropped",
                        p->name, req->tag, (unsigned long long)o->seq);
    release(p, old);
    p->n.duplicate++;
  }
  spagm_parked *e = spagm__sb_park(&p->board, req->tag);
  if (!e)
    return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "%s: out of memory parking tag %u", p->name,
                          req->tag);
  p->n.predicted++;
  e->req.tag = req->tag;
  e->req.insn = req->insn;
  e->req.lane_mask = req->lane_mask;
  execute(p, req, e);
  exercised(p, req, e);
  /* Another unit's word never ran on this unit's model: nothing to cover. */
  if (p->cov && !e->foreign) spagm_cov_sample(p->cov, p->model, NULL, req, &e->exp, &e->ex);
  p->n.outstanding++;
  if (expected) spagm__block_copy(expected, &e->exp, sizeof *expected);
  return st;
}

/* The state behind a prediction, one line for reports. */
static void state_line(const spagm_predictor *p, char *t, size_t n) {
  spagm_stage stage = SPAGM_STAGE_VSA;
  spagm_attr_get_stage(p->model, &stage, NULL);
  if (p->unit == SPAGM_UNIT_PIX) {
    spagm_raster_config rc;
    spagm_pix_get_config(p->model, &rc, NULL);
    snprintf(t, n, "stage %s, %u samples, %s positions, SSAA %s%s%s", spagm_stage_name(stage),
             rc.samples, rc.positions ? "programmable" : "standard", rc.ssaa ? "on" : "off",
                rc.offset_format == SPAGM_PIX_OFFSET_S012 ? ", S0.12 offsets" : "",
                rc.order == SPAGM_PIX_ORDER_NVIDIA ? ", NVIDIA order" : "");
  } else if (p->unit == SPAGM_UNIT_ATTR) {
    spagm_attr_config c;
    spagm_attr_get_config(p->model, &c, NULL);
    snprintf(t, n, "stage %s, %u vertices, %s ISBE, trap %s", spagm_stage_name(stage),
                c.vertex_count, c.shared ? "shared" : "separate", c.trap ? "on" : "off");
  } else {
    uint64_t base = 0;
    uint32_t max_index = 0;
    spagm_tex_get_header_pool(p->model, &base, &max_index);
    snprintf(t, n, "constant bank c%u, header pool 0x%llx MaximumIndex %u, FP16 %s",
                spagm_tex_selected_cbank(p->model), (unsigned long long)base, max_index,
                spagm_tex_fp16_round(p->model) == SPAGM_FP16_RZ ? "RZ" : "RNE");
  }
}

static void report_mismatch(spagm_predictor *p, const spagm_parked *e,
                            const spagm_compare_log *log) {
  char where[NAME_MAX_LEN + 64], state[256], note[80];
  snprintf(where, sizeof where, " (%s, seed %llu, prediction #%llu)", p->name,
           (unsigned long long)p->seed, (unsigned long long)e->seq);
  state_line(p, state, sizeof state);
  snprintf(note, sizeof note, "(not an instruction of the %s unit: it must fault)",
           spagm_unit_name(p->unit));
  spagm_mismatch m = {spagm_unit_name(p->unit), e->tag, where, state, e->req.insn,
                      e->req.lane_mask, e->foreign ? note : NULL, log};
  spagm__report_mismatch(&p->report, &m);
}

spagm_status spagm_predictor_check(spagm_predictor *p, const spagm_response *observed,
                                   unsigned *diffs, const char **report) {
  return spagm_predictor_check_expected(p, observed, diffs, report, NULL);
}

spagm_status spagm_predictor_check_expected(spagm_predictor *p, const spagm_response *observed,
                                            unsigned *diffs, const char **report,
                                            spagm_response *expected) {
  unsigned dummy_diffs;
  const char *dummy_report;
  if (!diffs) diffs = &dummy_diffs;
  if (!report) report = &dummy_report;
  *diffs = 1;
  /* Nothing to expect until a parked prediction is found (N214). */
  if (expected && observed) spagm_response_init(expected, observed->tag);
  if (!p || !observed) {
    *report = p ? "spagm_predictor_check: observed is NULL, nothing compared\n"
                : "spagm_predictor_check: p is NULL, nothing compared\n";
    return SPAGM_E_ARG;
  }
  spagm__text_clear(&p->report);
  *report = spagm__text_str(&p->report);
  p->ndiff = 0;
  if (!p->diff) p->diff = malloc(DIFFS_MAX * sizeof *p->diff); /* NULL: text only */
  uint32_t s = spagm__sb_find(&p->board, observed->tag);
  if (s == ~0u) {
    p->n.unknown++;
    if (p->diff) {
      memset(&p->diff[0], 0, sizeof p->diff[0]);
      p->diff[0].field = SPAGM_DIFF_NO_PREDICTION;
      p->diff[0].slot = p->diff[0].lane = -1;
      p->diff[0].actual = observed->tag;
      p->diff[0].rule_name = "";
      p->ndiff = 1;
    }
    spagm__report_unexpected(&p->report, spagm_unit_name(p->unit), observed->tag, p->name,
                             p->seed);
    *report = spagm__text_str(&p->report);
    return SPAGM_OK;
  }
  const spagm_parked *e = spagm__sb_entry(&p->board, s);
  if (expected) /* before release() retires the tag */
    spagm__block_copy(expected, &e->exp, sizeof *expected);
  spagm_compare_log log;
  *diffs = spagm__compare_response_diffs(e->req.insn, &e->exp, &e->ex, observed, &log, p->diff,
                                         p->diff ? DIFFS_MAX : 0);
  p->ndiff = log.ndiff;
  p->n.checked++;
  if (*diffs) {
    p->n.mismatched++;
    report_mismatch(p, e, &log);
  } else {
    p->n.matched++;
  }
  release(p, s);
  *report = spagm__text_str(&p->report);
  return SPAGM_OK;
}

/* N377: an unknown (X/Z) bit of a 4-state response is a mismatch where
 * the port contract compares (spagm_response_compare_mask of the prediction),
 * don't-care elsewhere. Inside, the bit goes to the comparator as the
 * opposite of the expected bit, so the comparator finds the difference
 * itself: the counters, the differences as data and the report's slot,
 * lane and rule are those of any wrong value; a line under the report says
 * how many bits were unknown. Reading the bit as 0 would pass wherever 0 was
 * expected. */
spagm_status spagm_predictor_check_unknown(spagm_predictor *p, const spagm_response *observed,
                                           const spagm_response *unknown, unsigned *diffs,
                                           const char **report, spagm_response *expected) {
  uint32_t s = p && observed ? spagm__sb_find(&p->board, observed->tag) : ~0u;
  if (!unknown || s == ~0u)
    return spagm_predictor_check_expected(p, observed, diffs, report, expected);
  const spagm_parked *e = spagm__sb_entry(&p->board, s);
  spagm_response mask;
  spagm_response_compare_mask(&e->exp, &mask);
  uint32_t m[SPAGM_RESPONSE_WORDS], u[SPAGM_RESPONSE_WORDS], x[SPAGM_RESPONSE_WORDS],
      o[SPAGM_RESPONSE_WORDS];
  spagm_response_pack(&mask, m);
  spagm_response_pack(unknown, u);
  spagm_response_pack(&e->exp, x);
  spagm_response_pack(observed, o);
  unsigned inside = 0, highest = 0;
  for (unsigned w = 0; w < SPAGM_RESPONSE_WORDS; w++) {
    uint32_t in = m[w] & u[w];
    if (!in) continue;
    inside += (unsigned)__builtin_popcount(in);
    highest = 32u * w + 31u - (unsigned)__builtin_clz(in);
    o[w] = (o[w] & ~in) | (~x[w] & in);
  }
  if (!inside) return spagm_predictor_check_expected(p, observed, diffs, report, expected);
  spagm_response r;
  spagm_response_unpack(o, &r);
  const char *rep = NULL;
  spagm_status st = spagm_predictor_check_expected(p, &r, diffs, &rep, expected);
  spagm__report_unknown_bits(&p->report, inside, highest);
  if (report) *report = spagm__text_str(&p->report);
  return st;
}

/* ---- Results --------------------------------------------------------------- */

size_t spagm_predictor_diffs(const spagm_predictor *p, const spagm_predictor_diff **out) {
  if (!p) return 0;
  if (out) *out = p->diff;
  return p->ndiff;
}

static unsigned exercise_warnings(const spagm_predictor *p, spagm_text *t);

spagm_status spagm_predictor_get_counts(const spagm_predictor *p, spagm_predictor_counts *c) {
  if (!p || !c) return SPAGM_E_ARG;
  *c = p->n;
  c->warnings = exercise_warnings(p, NULL);
  return SPAGM_OK;
}

/* The unit's legal coverage bins hit, or -1 without coverage attached. */
static long long bins_hit(const spagm_predictor *p, unsigned *legal) {
  spagm_cov_totals t;
  if (!p->cov || spagm_cov_unit_totals(p->cov, p->unit, &t) != SPAGM_OK) return -1;
  if (legal) *legal = t.legal;
  return t.hit;
}

/* The exercise warnings: ways a run that checked responses exercised
 * nothing. Written to t when t is not NULL; returns how many. */
static unsigned exercise_warnings(const spagm_predictor *p, spagm_text *t) {
  const spagm_predictor_counts *n = &p->n;
  unsigned w = 0;
#define WARN(...)                            \
  do {                                       \
    w++;                                     \
    if (t) spagm__text_printf(t, __VA_ARGS__); \
  } while (0)
  if (n->checked && !n->active_lanes)
    WARN("WARNING: %s: %llu responses checked but no request had an active lane: nothing "
         "was executed\n",
         p->name, (unsigned long long)n->checked);
  if (p->unit == SPAGM_UNIT_TEX && n->checked && !n->texels)
    WARN("WARNING: %s: %llu responses checked but no texel was read: every TLDS gave 0 (R18) "
         "or faulted. Is the header pool configured before the headers are placed, and "
         "texture memory loaded after the last reset()?\n",
         p->name, (unsigned long long)n->checked);
  if (n->empty_memory)
    WARN("WARNING: %s: %llu TLDS predictions found texture memory empty (reset() empties "
         "the predictor's texture memory: load it after every reset)\n",
         p->name, (unsigned long long)n->empty_memory);
  if (p->headers_left)
    WARN("WARNING: %s: %llu headers placed at pool base 0x%llx were left behind when the "
         "base moved to 0x%llx: configure the pool before placing headers\n",
         p->name, (unsigned long long)p->headers_left, (unsigned long long)p->left_base,
         (unsigned long long)p->moved_to);
  if (n->checked && bins_hit(p, NULL) == 0)
    WARN("WARNING: %s: %llu responses checked but no coverage bin of the %s unit was hit\n",
         p->name, (unsigned long long)n->checked, spagm_unit_name(p->unit));
#undef WARN
  return w;
}

uint64_t spagm_predictor_failures(const spagm_predictor *p) {
  if (!p) return 1;
  uint64_t f = p->n.mismatched + p->n.unknown + p->n.duplicate + p->n.outstanding + p->n.refused;
  if (p->strict) f += exercise_warnings(p, NULL);
  return f;
}

/* The oldest outstanding predictions, by prediction number. */
static void list_never_answered(spagm_predictor *p) {
  uint64_t after = 0;
  for (unsigned k = 0; k < NEVER_ANSWERED && k < p->n.outstanding; k++) {
    const spagm_parked *best = spagm__sb_oldest(&p->board, after);
    if (!best) break;
    char dis[160];
    spagm_disasm_word(best->req.insn, dis, sizeof dis);
    spagm__text_printf(&p->summary, "  never answered: tag %u (prediction #%llu) insn 0x%016llx  %s\n",
                best->tag, (unsigned long long)best->seq, (unsigned long long)best->req.insn, dis);
    after = best->seq;
  }
  if (p->n.outstanding > NEVER_ANSWERED)
    spagm__text_printf(&p->summary, "  ... and %llu more never answered\n",
                (unsigned long long)(p->n.outstanding - NEVER_ANSWERED));
}

const char *spagm_predictor_summary(spagm_predictor *p) {
  if (!p) return "spagm predictor: no predictor (NULL), 0 passed, 1 failed\n";
  const spagm_predictor_counts *n = &p->n;
  spagm__text_clear(&p->summary);
  spagm__text_printf(&p->summary, "== spagm predictor %s: %s unit, seed %llu ==\n", p->name,
              spagm_unit_name(p->unit), (unsigned long long)p->seed);
  spagm__text_printf(&p->summary,
              "predicted %llu, checked %llu, matched %llu, mismatched %llu, outstanding %llu, "
              "unknown tags %llu, duplicate tags %llu, discarded by reset %llu\n",
              (unsigned long long)n->predicted, (unsigned long long)n->checked,
              (unsigned long long)n->matched, (unsigned long long)n->mismatched,
              (unsigned long long)n->outstanding, (unsigned long long)n->unknown,
              (unsigned long long)n->duplicate, (unsigned long long)n->discarded);
  spagm__text_printf(&p->summary, "exercised: %llu active lanes, %llu texels read, %llu faults",
              (unsigned long long)n->active_lanes, (unsigned long long)n->texels,
              (unsigned long long)n->faults);
  unsigned legal = 0;
  long long hit = bins_hit(p, &legal);
  if (hit >= 0)
    spagm__text_printf(&p->summary, ", %lld of %u coverage bins of the %s unit hit", hit, legal,
                spagm_unit_name(p->unit));
  spagm__text_printf(&p->summary,
              "\nconfiguration port: %llu illegal writes ignored, %llu unmapped reads "
              "answered 0 (the port contract; not failures%s)\n",
              (unsigned long long)n->ignored_writes, (unsigned long long)n->unmapped_reads,
              p->strict ? "" : ", strict mode refuses them");
  uint64_t kept = n->ignored_writes + n->unmapped_reads;
  for (unsigned i = 0; i < kept && i < NOTES_KEPT; i++)
    spagm__text_printf(&p->summary, "  ignored: %s\n", p->ignored[i]);
  if (kept > NOTES_KEPT)
    spagm__text_printf(&p->summary, "  ... and %llu more ignored\n",
                (unsigned long long)(kept - NOTES_KEPT));
  for (unsigned i = 0; i < n->refused && i < NOTES_KEPT; i++)
    spagm__text_printf(&p->summary, "  refused (a failure): %s\n", p->refusals[i]);
  if (n->refused > NOTES_KEPT)
    spagm__text_printf(&p->summary, "  ... and %llu more refused\n",
                (unsigned long long)(n->refused - NOTES_KEPT));
  list_never_answered(p);
  unsigned w = exercise_warnings(p, &p->summary);
  if (w && p->strict)
    spagm__text_printf(&p->summary, "(strict: each warning above is a failure)\n");
  spagm__text_printf(&p->summary, "spagm predictor %s: %llu passed, %llu failed\n", p->name,
              (unsigned long long)n->matched, (unsigned long long)spagm_predictor_failures(p));
  return spagm__text_str(&p->summary);
}
