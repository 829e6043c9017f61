// SPDX-License-Identifier: Apache-2.0
/* Directed vector files recorded from a scenario (vec_scenario.h).
 *
 * Two runs of the scenario: the first finds the unit mix (the units its
 * instructions go to), the second records. At the start of each epoch the
 * scenario model's state is taken as configuration words of the mix's units
 * and loaded into a model of our own, exactly as `spagm check` will rebuild
 * it; every instruction is executed on that model for the expected response,
 * which must equal the scenario model's (so the file holds what the
 * scenario's `expect` lines checked). */
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "spagm/statemap.h"
#include "vec_scenario.h"

typedef struct rec_txn {
  spagm_unit unit;
  spagm_request req;
  spagm_response rsp;
  spagm_explain ex;
} rec_txn;

typedef struct rec_epoch {
  spagm_cfg_list state[SPAGM_UNIT_COUNT];
  spagm_mem_list mem[SPAGM_UNIT_COUNT];
  spagm_cfg_list rb[SPAGM_UNIT_COUNT];
  size_t first_txn, n_txns;
} rec_epoch;

typedef struct recorder {
  bool recording;    /* second run */
  uint32_t units;    /* first run: units seen; second: the mix */
  spagm_model *m;    /* rebuilt from words at each epoch */
  rec_epoch *epochs;
  size_t n_epochs, cap_epochs;
  rec_txn *txns;
  size_t n_txns, cap_txns;
} recorder;

static spagm_status at(const spagm_scn_args *w, spagm_diag *d, spagm_status st, const char *fmt,
                       const char *arg) {
  return spagm_diag_set(d, st, w ? w->line : 0, 1, fmt, arg);
}

static spagm_status finish_epoch(recorder *r, spagm_diag *d) {
  if (!r->n_epochs) return SPAGM_OK;
  rec_epoch *e = &r->epochs[r->n_epochs - 1];
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if ((r->units >> u & 1u) && spagm_vec_readback_words(r->m, (spagm_unit)u, &e->rb[u]) != SPAGM_OK)
      return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  return SPAGM_OK;
}

static spagm_status start_epoch(recorder *r, const spagm_scn_args *w, const spagm_model *scn,
                                spagm_diag *d) {
  spagm_status st = finish_epoch(r, d);
  if (st != SPAGM_OK) return st;
  if (r->n_epochs == r->cap_epochs) {
    size_t cap = r->cap_epochs ? r->cap_epochs * 2 : 8;
    rec_epoch *p = realloc(r->epochs, cap * sizeof *p);
    if (!p) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    r->epochs = p;
    r->cap_epochs = cap;
  }
  rec_epoch *e = &r->epochs[r->n_epochs++];
  memset(e, 0, sizeof *e);
  e->first_txn = r->n_txns;
  spagm_model_reset(r->m);
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(r->units >> u & 1u)) continue;
    if (spagm_statemap_load_list(scn, (spagm_unit)u, &e->state[u]) != SPAGM_OK)
      return at(w, d, SPAGM_E_STATE, "the %s unit has no configuration-port state map yet, so its "
                "state cannot be recorded in a vector file", spagm_unit_name((spagm_unit)u));
    for (size_t i = 0; i < e->state[u].n; i++) {
      spagm_diag wd;
      if (spagm_statemap_write(r->m, (spagm_unit)u, e->state[u].w[i].addr, e->state[u].w[i].data,
                               &wd) != SPAGM_OK)
        return spagm_diag_set(d, SPAGM_E_STATE, w->line, 1,
                              "the state before this instruction does not load as words: %s",
                              wd.msg);
    }
    /* Texture memory (headers and texels) is state too, stored the same way
     * `spagm check` will store it. */
    if (spagm_statemap_memory_list(scn, (spagm_unit)u, &e->mem[u]) != SPAGM_OK)
      return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    for (size_t i = 0; i < e->mem[u].n; i++) {
      spagm_diag wd;
      if (spagm_statemap_memory_write(r->m, (spagm_unit)u, e->mem[u].w[i].va,
                                      e->mem[u].w[i].data, &wd) != SPAGM_OK)
        return spagm_diag_set(d, SPAGM_E_STATE, w->line, 1,
                              "the memory before this instruction does not load as words: %s",
                              wd.msg);
    }
  }
  return SPAGM_OK;
}

static spagm_status before(void *ctx, const spagm_scn_args *w, const spagm_insn *insn,
                           bool word_executes, bool state_changed, const spagm_request *req,
                           const spagm_model *m, spagm_diag *d) {
  recorder *r = ctx;
  if (!word_executes)
    return at(w, d, SPAGM_E_SEMANTIC,
              "%s has no SM50 instruction word (text form only): vector files record words, "
              "so a scenario for `spagm gen` cannot use it",
              insn->op == SPAGM_OP_ISBEWR ? "ISBEWR" : "this instruction");
  spagm_unit u = spagm_op_unit(insn->op);
  if ((unsigned)u >= SPAGM_UNIT_COUNT)
    return at(w, d, SPAGM_E_SEMANTIC, "%s belongs to no unit", "the instruction");
  if (!r->recording) {
    r->units |= 1u << u;
    return SPAGM_OK;
  }
  spagm_status st;
  if ((state_changed || !r->n_epochs) && (st = start_epoch(r, w, m, d)) != SPAGM_OK) return st;
  if (r->n_txns == r->cap_txns) {
    size_t cap = r->cap_txns ? r->cap_txns * 2 : 64;
    rec_txn *p = realloc(r->txns, cap * sizeof *p);
    if (!p) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    r->txns = p;
    r->cap_txns = cap;
  }
  rec_txn *t = &r->txns[r->n_txns++];
  t->unit = u;
  t->req = *req;
  spagm_execute_explained(r->m, req, &t->rsp, &t->ex);
  r->epochs[r->n_epochs - 1].n_txns++;
  return SPAGM_OK;
}

static spagm_status after(void *ctx, const spagm_scn_args *w, const spagm_request *req,
                          const spagm_response *rsp, const spagm_explain *ex, spagm_diag *d) {
  recorder *r = ctx;
  (void)req;
  (void)ex;
  if (!r->recording) return SPAGM_OK;
  uint32_t a[SPAGM_RESPONSE_WORDS], b[SPAGM_RESPONSE_WORDS];
  spagm_response_pack(rsp, a);
  spagm_response_pack(&r->txns[r->n_txns - 1].rsp, b);
  if (memcmp(a, b, sizeof a) != 0)
    return at(w, d, SPAGM_E_STATE,
              "the model rebuilt from the recorded words answers differently from the "
              "scenario's model (%s): the state map loses state",
              "please report this");
  return SPAGM_OK;
}

static void free_recorder(recorder *r) {
  for (size_t i = 0; i < r->n_epochs; i++)
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      spagm_cfg_list_free(&r->epochs[i].state[u]);
      spagm_mem_list_free(&r->epochs[i].mem[u]);
      spagm_cfg_list_free(&r->epochs[i].rb[u]);
    }
  free(r->epochs);
  free(r->txns);
  spagm_model_free(r->m);
}

static spagm_status write_file(recorder *r, const char *name, const char *out_path,
                               spagm_vec_writer **mem, spagm_diag *d) {
  spagm_vec_header h;
  memset(&h, 0, sizeof h);
  h.version = SPAGM_VEC_FORMAT_VERSION;
  snprintf(h.generator, sizeof h.generator, "spagm %s", spagm_version());
  h.source = SPAGM_VEC_SOURCE_SCENARIO;
  if (strlen(name) >= sizeof h.scenario)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "scenario file name longer than %zu characters",
                          sizeof h.scenario - 1);
  memcpy(h.scenario, name, strlen(name) + 1);
  h.units = r->units;
  h.epochs = (uint32_t)r->n_epochs;
  spagm_vec_writer *w = out_path ? spagm_vec_writer_open(out_path, &h, d)
                                 : spagm_vec_writer_open_mem(&h, d);
  if (!w) return SPAGM_E_IO;
  spagm_status st = SPAGM_OK;
  for (size_t e = 0; st == SPAGM_OK && e < r->n_epochs; e++) {
    rec_epoch *ep = &r->epochs[e];
    st = spagm_vec_write_epoch(w, (uint32_t)e, d);
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++)
      if (r->units >> u & 1u) st = spagm_vec_write_state(w, (spagm_unit)u, &ep->state[u], &ep->mem[u], NULL, d);
    for (size_t i = 0; st == SPAGM_OK && i < ep->n_txns; i++) {
      rec_txn *t = &r->txns[ep->first_txn + i];
      st = spagm_vec_write_txn(w, t->unit, &t->req, &t->rsp, &t->ex, d);
    }
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++)
      if (r->units >> u & 1u) st = spagm_vec_write_readback(w, (spagm_unit)u, &ep->rb[u], d);
  }
  if (!out_path) {
    if (st == SPAGM_OK) st = spagm_vec_writer_finish_mem(w, d);
    if (st == SPAGM_OK) *mem = w;
    else spagm_vec_writer_abort(w);
    return st;
  }
  if (st != SPAGM_OK) {
    spagm_vec_writer_abort(w);
    return st;
  }
  return spagm_vec_writer_close(w, d);
}

spagm_status spagm_cli_record_scenario(const char *scn_path, const char *out_path,
                                       spagm_vec_writer **mem_writer, const char **where,
                                       spagm_diag *d) {
  if (where) *where = scn_path; /* until the output is written */
  if (!scn_path || (!out_path && !mem_writer))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no scenario or output");
  const char *name = strrchr(scn_path, '/');
  name = name ? name + 1 : scn_path;
  for (const char *p = name; *p; p++)
    if (*p <= ' ' || *p > '~' || *p == '#')
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                            "the scenario's file name must be printable ASCII without blanks "
                            "or '#' (it is recorded in the header)");
  recorder r;
  memset(&r, 0, sizeof r);
  spagm_scn_hooks hooks = {&r, before, after};
  spagm_scn_result res;
  spagm_status st = spagm_scn_run_file_hooked(scn_path, NULL, &hooks, &res, d);
  if (st == SPAGM_OK && r.units == 0)
    st = spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the scenario has no instructions to record");
  if (st == SPAGM_OK) {
    r.recording = true;
    r.m = spagm_model_new();
    if (!r.m) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  }
  if (st == SPAGM_OK) st = spagm_scn_run_file_hooked(scn_path, NULL, &hooks, &res, d);
  if (st == SPAGM_OK) st = finish_epoch(&r, d);
  if (st == SPAGM_OK && where) *where = out_path;
  if (st == SPAGM_OK) st = write_file(&r, name, out_path, mem_writer, d);
  free_recorder(&r);
  return st;
}
