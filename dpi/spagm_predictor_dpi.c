// SPDX-License-Identifier: Apache-2.0
/* DPI-C wrappers of the predictor (spagm/predictor.h) for SystemVerilog:
 * a chandle per predictor, svBitVecVal vectors in the packed layout of
 * spagm_txn_pkg (txn_pack.h), strings owned by the predictor. Each function
 * is imported by spagm_pkg.sv, whose comments say what every argument
 * encodes. Thin: conversions only, the work is predictor.c's. Call them
 * from clocked blocks on handshakes (or from initial/setup code), never
 * from combinational logic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/predictor.h"
#include "svdpi.h"

/* The predictor behind a chandle, and the message of its last refused
 * call (spagm_dpi_pred_error). */
typedef struct spagm_dpi_pred {
  spagm_predictor *p;
  spagm_diag err;
} spagm_dpi_pred;

/* Prototypes (svdpi has no header for user imports); C linkage even when a
 * simulator's build compiles this file as C++. The drift test
 * (dpi/dpi_protos_check.cpp) compiles them against the header Verilator
 * generates from spagm_pkg.sv. */
#ifdef __cplusplus
extern "C" {
#endif
void *spagm_dpi_pred_new(unsigned int unit, unsigned long long seed, const char *name);
void spagm_dpi_pred_free(void *h);
int spagm_dpi_pred_cfg_write(void *h, unsigned int addr, unsigned int data);
int spagm_dpi_pred_cfg_read(void *h, unsigned int addr, unsigned int *data);
int spagm_dpi_pred_set_strict(void *h, svBit strict);
int spagm_dpi_pred_fail(void *h, const char *what);
unsigned int spagm_dpi_pred_diff_count(void *h);
int spagm_dpi_pred_diff(void *h, unsigned int i, unsigned int *field, int *slot, int *lane,
                        unsigned int *regnum, unsigned int *expected, unsigned int *actual,
                        unsigned int *expected_addr, unsigned int *actual_addr,
                        unsigned int *rule, const char **rule_name, const char **reason);
int spagm_dpi_pred_diff_texel(void *h, unsigned int i, unsigned int *kind, svBit *has_header,
                              unsigned int *header, svBit *has_texel, svBit *texel_read, int *s,
                              int *t, int *r, unsigned int *level, unsigned int *layer,
                              unsigned int *sample, unsigned long long *address);
int spagm_dpi_pred_reset(void *h);
int spagm_dpi_pred_predict(void *h, const svBitVecVal *req, svBitVecVal *expected);
unsigned int spagm_dpi_pred_check(void *h, const svBitVecVal *rsp, const char **report);
unsigned int spagm_dpi_pred_check_expected(void *h, const svBitVecVal *rsp, const char **report,
                                           svBitVecVal *expected);
unsigned int spagm_dpi_pred_check_unknown(void *h, const svBitVecVal *rsp,
                                          const svBitVecVal *unknown, const char **report,
                                          svBitVecVal *expected);
unsigned long long spagm_dpi_pred_count(void *h, unsigned int which);
unsigned long long spagm_dpi_pred_failures(void *h);
const char *spagm_dpi_pred_summary(void *h);
const char *spagm_dpi_pred_error(void *h);
int spagm_dpi_pred_tex_mem_write(void *h, unsigned long long va, unsigned int data);
int spagm_dpi_pred_tex_mem_read(void *h, unsigned long long va, svBitVecVal *line);
int spagm_dpi_pred_tex_set_header(void *h, unsigned int index, const svBitVecVal *tic);
int spagm_dpi_pred_tex_texel_write(void *h, const svBitVecVal *tic, unsigned int x, unsigned int y,
                                   unsigned int z, unsigned int level, unsigned int sample,
                                   const svBitVecVal *texel);
unsigned long long spagm_dpi_pred_tex_mem_pages(void *h);
int spagm_dpi_pred_tex_mem_page(void *h, unsigned long long i, unsigned long long *va);
void spagm_dpi_tic_default(svBitVecVal *tic);
int spagm_dpi_tic_encode(unsigned int components, unsigned int type_r, unsigned int type_g,
                         unsigned int type_b, unsigned int type_a, unsigned int source_x,
                         unsigned int source_y, unsigned int source_z, unsigned int source_w,
                         unsigned int layout, unsigned long long address, unsigned int pitch,
                         unsigned int block_height_log2, unsigned int block_depth_log2,
                         unsigned int max_mip_level, unsigned int width, unsigned int height,
                         unsigned int depth, unsigned int type, svBit srgb,
                         unsigned int view_min_level, unsigned int view_max_level,
                         unsigned int msaa, svBitVecVal *tic, const char **why);
void spagm_dpi_tic_decode(const svBitVecVal *tic, unsigned int *components, unsigned int *type_r,
                          unsigned int *type_g, unsigned int *type_b, unsigned int *type_a,
                          unsigned int *source_x, unsigned int *source_y, unsigned int *source_z,
                          unsigned int *source_w, unsigned int *layout,
                          unsigned long long *address, unsigned int *pitch,
                          unsigned int *block_height_log2, unsigned int *block_depth_log2,
                          unsigned int *max_mip_level, unsigned int *width, unsigned int *height,
                          unsigned int *depth, unsigned int *type, svBit *srgb,
                          unsigned int *view_min_level, unsigned int *view_max_level,
                          unsigned int *msaa);
unsigned int spagm_dpi_tex_texel_bytes(unsigned int components);
int spagm_dpi_tex_texel_address(const svBitVecVal *tic, unsigned int x, unsigned int y,
                                unsigned int z, unsigned int level, unsigned int sample,
                                unsigned long long *va, const char **why);
int spagm_dpi_pred_attr_load_sph(void *h, unsigned int stage, const svBitVecVal *cur,
                                 svBit has_prev, const svBitVecVal *prev, svBit has_next,
                                 const svBitVecVal *next);
int spagm_dpi_pred_attr_set_vertex_attr(void *h, unsigned int space, unsigned int vertex,
                                        unsigned int addr, unsigned int value,
                                        svBit mark_written);
#ifdef __cplusplus
}
#endif

static spagm_predictor *pred_of(void *h) { return h ? ((spagm_dpi_pred *)h)->p : NULL; }
static spagm_model *model_of(void *h) { return spagm_predictor_model(pred_of(h)); }

/* Record a status for spagm_dpi_pred_error and return it as an int. */
static int note(void *h, spagm_status st, const spagm_diag *d, const char *what) {
  if (st == SPAGM_OK || !h) return (int)st;
  spagm_dpi_pred *w = (spagm_dpi_pred *)h;
  if (d && d->msg[0])
    spagm_diag_set(&w->err, st, 0, 0, "%s", d->msg);
  else
    spagm_diag_set(&w->err, st, 0, 0, "%s refused (%s)", what, spagm_status_name(st));
  return (int)st;
}

/* note() for a backdoor load the model refused: the predictor counts it as
 * a failure too, so its summary and failures agree (the predictor's own
 * calls count their refusals themselves). */
static int refused(void *h, spagm_status st, const spagm_diag *d, const char *what) {
  int r = note(h, st, d, what);
  if (st != SPAGM_OK && h) spagm_predictor_fail(pred_of(h), ((spagm_dpi_pred *)h)->err.msg);
  return r;
}

/* Little-endian bytes <-> svBitVecVal words: byte k at bits [8k+7:8k]. */
static void bytes_to_vec(const uint8_t *b, unsigned n, svBitVecVal *v) {
  for (unsigned w = 0; w < n / 4; w++)
    v[w] = (svBitVecVal)b[4 * w] | (svBitVecVal)b[4 * w + 1] << 8 |
           (svBitVecVal)b[4 * w + 2] << 16 | (svBitVecVal)b[4 * w + 3] << 24;
}
static void vec_to_bytes(const svBitVecVal *v, unsigned n, uint8_t *b) {
  for (unsigned k = 0; k < n; k++) b[k] = (uint8_t)(v[k / 4] >> (8 * (k % 4)));
}

void *spagm_dpi_pred_new(unsigned int unit, unsigned long long seed, const char *name) {
  spagm_dpi_pred *w = (spagm_dpi_pred *)calloc(1, sizeof *w);
  if (!w) return NULL;
  w->p = spagm_predictor_new((spagm_unit)unit, seed, &w->err);
  if (!w->p) {
    free(w);
    return NULL;
  }
  if (name && name[0]) spagm_predictor_set_name(w->p, name);
  return w;
}

void spagm_dpi_pred_free(void *h) {
  if (!h) return;
  spagm_predictor_free(((spagm_dpi_pred *)h)->p);
  free(h);
}

int spagm_dpi_pred_cfg_write(void *h, unsigned int addr, unsigned int data) {
  spagm_diag d = {0, 0, ""};
  return note(h, spagm_predictor_cfg_write(pred_of(h), addr, data, &d), &d, "cfg_write");
}

int spagm_dpi_pred_cfg_read(void *h, unsigned int addr, unsigned int *data) {
  spagm_diag d = {0, 0, ""};
  uint32_t v = 0;
  spagm_status st = spagm_predictor_cfg_read(pred_of(h), addr, &v, &d);
  if (data) *data = v;
  return note(h, st, &d, "cfg_read");
}

int spagm_dpi_pred_set_strict(void *h, svBit strict) {
  return note(h, spagm_predictor_set_strict(pred_of(h), strict != 0), NULL, "set_strict");
}

int spagm_dpi_pred_fail(void *h, const char *what) {
  return note(h, spagm_predictor_fail(pred_of(h), what ? what : "(no text)"), NULL, "fail");
}

int spagm_dpi_pred_reset(void *h) {
  return note(h, spagm_predictor_reset(pred_of(h)), NULL, "reset");
}

int spagm_dpi_pred_predict(void *h, const svBitVecVal *req, svBitVecVal *expected) {
  spagm_diag d = {0, 0, ""};
  spagm_request q;
  spagm_response e;
  spagm_response_init(&e, 0);
  if (!req) return note(h, SPAGM_E_ARG, NULL, "predict without a request");
  spagm_request_unpack(req, &q);
  spagm_status st = spagm_predictor_predict(pred_of(h), &q, &e, &d);
  if (expected) spagm_response_pack(&e, expected);
  return note(h, st, &d, "predict");
}

unsigned int spagm_dpi_pred_check(void *h, const svBitVecVal *rsp, const char **report) {
  return spagm_dpi_pred_check_expected(h, rsp, report, NULL);
}

/* The parked prediction comes back from the C check itself, taken before
 * the tag is retired (N214); a cleared response when there was none. */
unsigned int spagm_dpi_pred_check_expected(void *h, const svBitVecVal *rsp, const char **report,
                                           svBitVecVal *expected) {
  unsigned diffs = 1;
  const char *rep = "spagm_dpi_pred_check: no response vector, nothing compared\n";
  spagm_response e; /* read only when the caller asked for it: plain check stays a compare */
  if (expected) spagm_response_init(&e, 0);
  if (rsp) {
    spagm_response r;
    spagm_response_unpack(rsp, &r);
    spagm_predictor_check_expected(pred_of(h), &r, &diffs, &rep, expected ? &e : NULL);
  }
  if (expected) spagm_response_pack(&e, expected);
  if (report) *report = rep;
  return diffs;
}

/* A 4-state response: unknown has a bit set for each X/Z bit of rsp (N377). */
unsigned int spagm_dpi_pred_check_unknown(void *h, const svBitVecVal *rsp,
                                          const svBitVecVal *unknown, const char **report,
                                          svBitVecVal *expected) {
  unsigned diffs = 1;
  const char *rep = "spagm_dpi_pred_check_unknown: no response vector, nothing compared\n";
  spagm_response e;
  if (expected) spagm_response_init(&e, 0);
  if (rsp) {
    spagm_response r, u;
    spagm_response_unpack(rsp, &r);
    if (unknown) spagm_response_unpack(unknown, &u);
    spagm_predictor_check_unknown(pred_of(h), &r, unknown ? &u : NULL, &diffs, &rep,
                                  expected ? &e : NULL);
  }
  if (expected) spagm_response_pack(&e, expected);
  if (report) *report = rep;
  return diffs;
}

unsigned int spagm_dpi_pred_diff_count(void *h) {
  return (unsigned int)spagm_predictor_diffs(pred_of(h), NULL);
}

int spagm_dpi_pred_diff(void *h, unsigned int i, unsigned int *field, int *slot, int *lane,
                        unsigned int *regnum, unsigned int *expected, unsigned int *actual,
                        unsigned int *expected_addr, unsigned int *actual_addr,
                        unsigned int *rule, const char **rule_name, const char **reason) {
  const spagm_predictor_diff *all = NULL;
  size_t n = spagm_predictor_diffs(pred_of(h), &all);
  /* The simulator reads every output after the call, the strings too: an
   * index out of range gives zeros and empty strings, never a stale pointer. */
  unsigned int *zero[] = {field, regnum, expected, actual, expected_addr, actual_addr, rule};
  for (size_t k = 0; k < sizeof zero / sizeof zero[0]; k++)
    if (zero[k]) *zero[k] = 0;
  if (slot) *slot = -1;
  if (lane) *lane = -1;
  if (rule_name) *rule_name = "";
  if (reason) *reason = "";
  if (i >= n || !field || !slot || !lane || !regnum || !expected || !actual || !expected_addr ||
      !actual_addr || !rule || !rule_name || !reason)
    return note(h, SPAGM_E_ARG, NULL, "diff: no such difference of the last check");
  const spagm_predictor_diff *d = &all[i];
  *field = (unsigned int)d->field;
  *slot = d->slot;
  *lane = d->lane;
  *regnum = d->reg;
  *expected = d->expected;
  *actual = d->actual;
  *expected_addr = d->expected_addr;
  *actual_addr = d->actual_addr;
  *rule = d->rule;
  *rule_name = d->rule_name;
  *reason = d->reason;
  return 0;
}

int spagm_dpi_pred_diff_texel(void *h, unsigned int i, unsigned int *kind, svBit *has_header,
                              unsigned int *header, svBit *has_texel, svBit *texel_read, int *s,
                              int *t, int *r, unsigned int *level, unsigned int *layer,
                              unsigned int *sample, unsigned long long *address) {
  const spagm_predictor_diff *all = NULL;
  size_t n = spagm_predictor_diffs(pred_of(h), &all);
  /* As spagm_dpi_pred_diff: an index out of range gives zeros. */
  unsigned int *zero[] = {kind, header, level, layer, sample};
  for (size_t k = 0; k < sizeof zero / sizeof zero[0]; k++)
    if (zero[k]) *zero[k] = 0;
  svBit *no[] = {has_header, has_texel, texel_read};
  for (size_t k = 0; k < sizeof no / sizeof no[0]; k++)
    if (no[k]) *no[k] = 0;
  int *coord[] = {s, t, r};
  for (size_t k = 0; k < sizeof coord / sizeof coord[0]; k++)
    if (coord[k]) *coord[k] = 0;
  if (address) *address = 0;
  if (i >= n || !kind || !has_header || !header || !has_texel || !texel_read || !s || !t || !r ||
      !level || !layer || !sample || !address)
    return note(h, SPAGM_E_ARG, NULL, "diff_texel: no such difference of the last check");
  const spagm_predictor_diff *d = &all[i];
  *kind = (unsigned int)d->kind;
  *has_header = d->has_tex_header;
  *header = d->tex_header;
  *has_texel = d->has_texel;
  *texel_read = d->texel_read;
  *s = d->texel.s;
  *t = d->texel.t;
  *r = d->texel.r;
  *level = d->texel.level;
  *layer = d->texel.layer;
  *sample = d->texel.sample;
  *address = d->texel.address;
  return 0;
}

unsigned long long spagm_dpi_pred_count(void *h, unsigned int which) {
  spagm_predictor_counts c;
  if (spagm_predictor_get_counts(pred_of(h), &c) != SPAGM_OK) return 0;
  /* The order of the SPAGM_COUNT_* selectors of spagm_pkg.sv. */
  const uint64_t v[] = {c.predicted,      c.checked,        c.matched,  c.mismatched,
                        c.outstanding,    c.unknown,        c.duplicate, c.discarded,
                        c.ignored_writes, c.unmapped_reads, c.refused,  c.active_lanes,
                        c.texels,         c.faults,         c.empty_memory, c.warnings};
  return which < sizeof v / sizeof v[0] ? v[which] : 0;
}

unsigned long long spagm_dpi_pred_failures(void *h) {
  return spagm_predictor_failures(pred_of(h));
}

const char *spagm_dpi_pred_summary(void *h) { return spagm_predictor_summary(pred_of(h)); }

const char *spagm_dpi_pred_error(void *h) {
  return h ? ((spagm_dpi_pred *)h)->err.msg : "no predictor (null handle)";
}

/* ---- Backdoor loads through the model's public API (attr.h, tex.h) ------ */

int spagm_dpi_pred_tex_mem_write(void *h, unsigned long long va, unsigned int data) {
  uint8_t b[4] = {(uint8_t)data, (uint8_t)(data >> 8), (uint8_t)(data >> 16),
                  (uint8_t)(data >> 24)};
  if (va % 4)
    return refused(h, SPAGM_E_ARG, NULL, "tex_mem_write at an address not word aligned");
  return refused(h, spagm_tex_mem_write(model_of(h), va, b, sizeof b), NULL, "tex_mem_write");
}

int spagm_dpi_pred_tex_mem_read(void *h, unsigned long long va, svBitVecVal *line) {
  uint8_t b[32];
  memset(b, 0, sizeof b);
  /* Wrapping modulo 2^48 like the memory port (N61). */
  spagm_status st = spagm_tex_mem_read(model_of(h), va & (SPAGM_TEX_VA_LIMIT - 1), b, sizeof b);
  if (line) bytes_to_vec(b, sizeof b, line);
  return refused(h, st, NULL, "tex_mem_read");
}

int spagm_dpi_pred_tex_set_header(void *h, unsigned int index, const svBitVecVal *tic) {
  spagm_diag d = {0, 0, ""};
  uint8_t b[SPAGM_TEX_HEADER_BYTES];
  if (!tic) return refused(h, SPAGM_E_ARG, NULL, "tex_set_header without a header");
  vec_to_bytes(tic, sizeof b, b);
  /* Refused, and counted by the predictor, before the pool is configured. */
  return note(h, spagm_predictor_tex_set_header(pred_of(h), index, b, &d), &d, "tex_set_header");
}

/* A header given as its 256 bits (byte k in bits [8k+7:8k]), decoded as
 * TLDS decodes it: the texel functions place texels by the very header a
 * testbench writes to its DUT's memory. */
static void tic_of(const svBitVecVal *v, spagm_tic *t) {
  uint8_t b[SPAGM_TEX_HEADER_BYTES];
  vec_to_bytes(v, sizeof b, b);
  spagm_tic_decode(b, t);
}

int spagm_dpi_pred_tex_texel_write(void *h, const svBitVecVal *tic, unsigned int x, unsigned int y,
                                   unsigned int z, unsigned int level, unsigned int sample,
                                   const svBitVecVal *texel) {
  spagm_diag d = {0, 0, ""};
  if (!tic || !texel) return refused(h, SPAGM_E_ARG, NULL, "tex_texel_write without a header");
  spagm_tic t;
  uint8_t b[16];
  tic_of(tic, &t);
  vec_to_bytes(texel, sizeof b, b);
  return refused(h, spagm_tex_texel_write(model_of(h), &t, x, y, z, level, sample, b, &d), &d,
                 "tex_texel_write");
}

unsigned long long spagm_dpi_pred_tex_mem_pages(void *h) {
  return spagm_tex_mem_pages(model_of(h), NULL, 0);
}

/* Page i in ascending order of the pages allocated now (listed afresh per
 * call: the list changes with every write to a new page). */
int spagm_dpi_pred_tex_mem_page(void *h, unsigned long long i, unsigned long long *va) {
  const spagm_model *m = model_of(h);
  size_t n = spagm_tex_mem_pages(m, NULL, 0);
  if (!va || i >= n) return note(h, SPAGM_E_ARG, NULL, "tex_mem_page: no such page");
  uint64_t *all = (uint64_t *)malloc(((size_t)i + 1) * sizeof *all);
  if (!all) return note(h, SPAGM_E_NOMEM, NULL, "tex_mem_page");
  spagm_tex_mem_pages(m, all, (size_t)i + 1);
  *va = all[i];
  free(all);
  return 0;
}

/* ---- Texture headers and texel addresses, no predictor needed (tex.h) -- */

/* Why the last header or address call of this thread was refused: the
 * text the SV class prints (an output string must outlive the call). */
#ifdef __cplusplus
#define SPAGM_DPI_THREAD_LOCAL thread_local
#else
#define SPAGM_DPI_THREAD_LOCAL _Thread_local
#endif
static SPAGM_DPI_THREAD_LOCAL spagm_diag tic_why;

static int tic_status(spagm_status st, const char **why) {
  if (st == SPAGM_OK) tic_why.msg[0] = '\0';
  if (why) *why = tic_why.msg;
  return (int)st;
}

void spagm_dpi_tic_default(svBitVecVal *tic) {
  spagm_tic t;
  uint8_t b[SPAGM_TEX_HEADER_BYTES];
  spagm_tic_init(&t);
  if (spagm_tic_encode(&t, b, NULL) != SPAGM_OK) memset(b, 0, sizeof b);
  if (tic) bytes_to_vec(b, sizeof b, tic);
}

int spagm_dpi_tic_encode(unsigned int components, unsigned int type_r, unsigned int type_g,
                         unsigned int type_b, unsigned int type_a, unsigned int source_x,
                         unsigned int source_y, unsigned int source_z, unsigned int source_w,
                         unsigned int layout, unsigned long long address, unsigned int pitch,
                         unsigned int block_height_log2, unsigned int block_depth_log2,
                         unsigned int max_mip_level, unsigned int width, unsigned int height,
                         unsigned int depth, unsigned int type, svBit srgb,
                         unsigned int view_min_level, unsigned int view_max_level,
                         unsigned int msaa, svBitVecVal *tic, const char **why) {
  spagm_tic t = {components, {type_r, type_g, type_b, type_a},
                 {source_x, source_y, source_z, source_w}, layout, address, pitch,
                 block_height_log2, block_depth_log2, max_mip_level, width, height, depth, type,
                 srgb != 0, view_min_level, view_max_level, msaa};
  uint8_t b[SPAGM_TEX_HEADER_BYTES];
  memset(b, 0, sizeof b);
  spagm_status st = spagm_tic_encode(&t, b, &tic_why);
  if (tic) bytes_to_vec(b, sizeof b, tic);
  return tic_status(st, why);
}

void spagm_dpi_tic_decode(const svBitVecVal *tic, unsigned int *components, unsigned int *type_r,
                          unsigned int *type_g, unsigned int *type_b, unsigned int *type_a,
                          unsigned int *source_x, unsigned int *source_y, unsigned int *source_z,
                          unsigned int *source_w, unsigned int *layout,
                          unsigned long long *address, unsigned int *pitch,
                          unsigned int *block_height_log2, unsigned int *block_depth_log2,
                          unsigned int *max_mip_level, unsigned int *width, unsigned int *height,
                          unsigned int *depth, unsigned int *type, svBit *srgb,
                          unsigned int *view_min_level, unsigned int *view_max_level,
                          unsigned int *msaa) {
  spagm_tic t;
  if (!tic || !components || !type_r || !type_g || !type_b || !type_a || !source_x ||
      !source_y || !source_z || !source_w || !layout || !address || !pitch ||
      !block_height_log2 || !block_depth_log2 || !max_mip_level || !width || !height ||
      !depth || !type || !srgb || !view_min_level || !view_max_level || !msaa)
    return;
  tic_of(tic, &t);
  *components = t.components;
  *type_r = t.data_type[0];
  *type_g = t.data_type[1];
  *type_b = t.data_type[2];
  *type_a = t.data_type[3];
  *source_x = t.source[0];
  *source_y = t.source[1];
  *source_z = t.source[2];
  *source_w = t.source[3];
  *layout = t.layout;
  *address = t.address;
  *pitch = t.pitch;
  *block_height_log2 = t.block_height_log2;
  *block_depth_log2 = t.block_depth_log2;
  *max_mip_level = t.max_mip_level;
  *width = t.width;
  *height = t.height;
  *depth = t.depth;
  *type = t.type;
  *srgb = t.srgb ? 1 : 0;
  *view_min_level = t.view_min_level;
  *view_max_level = t.view_max_level;
  *msaa = t.msaa;
}

unsigned int spagm_dpi_tex_texel_bytes(unsigned int components) {
  return spagm_tex_texel_bytes(components);
}

int spagm_dpi_tex_texel_address(const svBitVecVal *tic, unsigned int x, unsigned int y,
                                unsigned int z, unsigned int level, unsigned int sample,
                                unsigned long long *va, const char **why) {
  spagm_tic t;
  uint64_t a = 0;
  if (!tic || !va) {
    spagm_diag_set(&tic_why, SPAGM_E_ARG, 0, 0, "tex_texel_address without a header");
    return tic_status(SPAGM_E_ARG, why);
  }
  tic_of(tic, &t);
  spagm_status st = spagm_tex_texel_address(&t, x, y, z, level, sample, &a, &tic_why);
  *va = a;
  return tic_status(st, why);
}

int spagm_dpi_pred_attr_load_sph(void *h, unsigned int stage, const svBitVecVal *cur,
                                 svBit has_prev, const svBitVecVal *prev, svBit has_next,
                                 const svBitVecVal *next) {
  spagm_diag d = {0, 0, ""};
  if (!cur || (has_prev && !prev) || (has_next && !next))
    return refused(h, SPAGM_E_ARG, NULL, "attr_load_sph without a header");
  /* svBitVecVal word i is SPH word i (bits [32i+31:32i]). */
  uint32_t c[SPAGM_SPH_WORDS], p[SPAGM_SPH_WORDS], n[SPAGM_SPH_WORDS];
  for (unsigned i = 0; i < SPAGM_SPH_WORDS; i++) {
    c[i] = cur[i];
    p[i] = has_prev ? prev[i] : 0;
    n[i] = has_next ? next[i] : 0;
  }
  spagm_status st = spagm_attr_load_sph(model_of(h), (spagm_stage)stage, c,
                                        has_prev ? p : NULL, has_next ? n : NULL, &d);
  return refused(h, st, &d, "attr_load_sph");
}

int spagm_dpi_pred_attr_set_vertex_attr(void *h, unsigned int space, unsigned int vertex,
                                        unsigned int addr, unsigned int value,
                                        svBit mark_written) {
  spagm_diag d = {0, 0, ""};
  spagm_status st = spagm_attr_set_vertex_attr(model_of(h), (spagm_space)space, vertex, addr,
                                               value, mark_written != 0, &d);
  return refused(h, st, &d, "attr_set_vertex_attr");
}
