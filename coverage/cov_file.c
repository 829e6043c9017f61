// SPDX-License-Identifier: Apache-2.0
/* The coverage database file (N101): text lines, deterministic, ending in a
 * zlib CRC-32 of every byte before the crc line, as vector files are
 * checked (docs/vector-format.md):
 *
 *   spagm-cov 2
 *   plan <plan id, 8 hex> <bins>
 *   input <bins bits, 2 hex a byte, bit g = byte g/8 bit g%8> <name>   (sorted by name)
 *   hits <point> <count>...                                    (plan order)
 *   crc32 <8 hex>
 *
 * Written whole (PATH.tmp-PID + rename). Read back with every line checked:
 * a corrupt, truncated, other-version or other-plan file is refused with
 * file:line, never half-loaded. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "cov_internal.h"

static uint32_t crc_str(uint32_t crc, const char *s) {
  return (uint32_t)crc32(crc, (const Bytef *)s, (uInt)strlen(s) + 1); /* NUL separates */
}

uint32_t spagm_cov_plan_id(void) {
  size_t n;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  uint32_t crc = 0;
  for (size_t i = 0; i < n; i++) {
    crc = crc_str(crc, p[i].name);
    for (unsigned k = 0; k < p[i].ndims; k++) {
      crc = crc_str(crc, p[i].dim[k].name);
      for (unsigned b = 0; b < p[i].dim[k].n; b++) crc = crc_str(crc, p[i].dim[k].bins[b]);
    }
    for (unsigned b = 0; b < spagm_cov_point_bins(p + i); b++) {
      if (spagm_cov_bin_excluded(p + i, b)) crc = (uint32_t)crc32(crc, (const Bytef *)&b, sizeof b);
      /* N161: a goal that changes changes the plan (thin bins differ). */
      unsigned goal = spagm_cov_bin_at_least(p + i, b);
      if (goal != 1) crc = (uint32_t)crc32(crc, (const Bytef *)&goal, sizeof goal);
    }
  }
  return crc;
}

static int by_name(const void *a, const void *b) {
  return strcmp((*(const cov_input *const *)a)->name, (*(const cov_input *const *)b)->name);
}

/* The whole file as text (malloc'd) in *out; 0 length on out of memory. */
static char *render(const spagm_cov *c, size_t *len) {
  size_t cap = 256 + (size_t)c->nbins * 22 + c->nin * ((size_t)c->nbins / 4 + COV_NAME_MAX + 16);
  char *buf = malloc(cap);
  const cov_input **order = malloc((c->nin ? c->nin : 1) * sizeof *order);
  if (!buf || !order) {
    free(buf);
    free(order);
    return NULL;
  }
  size_t at = 0;
#define OUT(...) at += (size_t)snprintf(buf + at, cap - at, __VA_ARGS__)
  OUT("spagm-cov %u\nplan %08" PRIx32 " %u\n", SPAGM_COV_FORMAT_VERSION, spagm_cov_plan_id(),
      c->nbins);
  for (size_t i = 0; i < c->nin; i++) order[i] = &c->in[i];
  qsort(order, c->nin, sizeof *order, by_name); /* deterministic, order-free merges (N102) */
  for (size_t i = 0; i < c->nin; i++) {
    OUT("input ");
    for (unsigned b = 0; b < (c->nbins + 7) / 8; b++) OUT("%02x", order[i]->bits[b]);
    OUT(" %s\n", order[i]->name);
  }
  size_t n;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++) {
    OUT("hits %s", p[i].name);
    for (unsigned g = c->first[i]; g < c->first[i + 1]; g++) OUT(" %" PRIu64, c->hits[g]);
    OUT("\n");
  }
  OUT("crc32 %08lx\n", crc32(0L, (const Bytef *)buf, (uInt)at));
#undef OUT
  free(order);
  *len = at;
  return buf;
}

spagm_status spagm__cov_write_text(const char *path, const char *text, size_t len,
                                   spagm_diag *d) {
  size_t tn = strlen(path) + 32;
  char *tmp = malloc(tn);
  if (!tmp) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  snprintf(tmp, tn, "%s.tmp-%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  spagm_status st = SPAGM_OK;
  if (!f) {
    st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot create %s: %s", tmp, strerror(errno));
  } else {
    /* On the disk before the rename: a regression's record of the run
     * that wrote it is synced too (docs/regress.md, "Resume"). */
    bool ok = fwrite(text, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int err = ok ? 0 : errno;
    if (fclose(f) != 0 && ok) ok = false, err = errno;
    if (!ok)
      st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write %s: %s", path, strerror(err));
    if (st == SPAGM_OK && rename(tmp, path) != 0)
      st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot rename %s to %s: %s", tmp, path,
                          strerror(errno));
    if (st != SPAGM_OK) remove(tmp);
  }
  free(tmp);
  return st;
}

spagm_status spagm_cov_write(const spagm_cov *c, const char *path, spagm_diag *d) {
  if (!c || !path || !*path) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database or path");
  size_t len = 0;
  char *text = render(c, &len);
  if (!text) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  spagm_status st = spagm__cov_write_text(path, text, len, d);
  free(text);
  return st;
}
