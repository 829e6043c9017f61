// SPDX-License-Identifier: Apache-2.0
/* Reading a coverage database file (format in cov_file.c, N101): the CRC
 * first, then every line in order; any mismatch refuses the whole file with
 * file:line and what was expected. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "cov_internal.h"

#define COV_MAX_FILE (64u << 20) /* far above any plan's database */

typedef struct rd {
  const char *path;
  char *text; /* NUL-terminated copy of the file */
  char *line; /* the current line, NUL-terminated */
  char *next;
  int lineno;
  spagm_diag *d;
} rd;

static spagm_status bad(rd *r, const char *fmt, const char *what) {
  return spagm_diag_set(r->d, SPAGM_E_FORMAT, r->lineno, 0, "%s:%d: %s%s", r->path, r->lineno,
                        fmt, what ? what : "");
}

/* Next line into r->line; false at the end. */
static bool next_line(rd *r) {
  if (!r->next || !*r->next) return false;
  r->line = r->next;
  char *nl = strchr(r->line, '\n');
  if (nl) *nl = '\0';
  r->next = nl ? nl + 1 : NULL;
  r->lineno++;
  return true;
}

static spagm_status slurp(rd *r, size_t *len) {
  FILE *f = fopen(r->path, "rb");
  if (!f)
    return spagm_diag_set(r->d, SPAGM_E_IO, 0, 0, "cannot open %s: %s", r->path, strerror(errno));
  /* As large as the file says it is (a database is kilobytes; the limit
   * is only the refusal of something that is not one); a file that grows
   * while it is read is read on in chunks up to the limit. */
  struct stat sb;
  size_t cap = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size >= 0 &&
                       (unsigned long long)sb.st_size < COV_MAX_FILE
                   ? (size_t)sb.st_size + 1
                   : 4096;
  r->text = malloc(cap + 1);
  size_t n = 0;
  for (size_t k; r->text && (k = fread(r->text + n, 1, cap - n, f)) > 0;) {
    n += k;
    if (n == cap && cap <= COV_MAX_FILE) { /* more than the size said: grow */
      size_t grown = cap * 2 > COV_MAX_FILE + 1 ? COV_MAX_FILE + 1 : cap * 2;
      char *t = realloc(r->text, grown + 1);
      if (!t) free(r->text);
      r->text = t, cap = grown;
    }
  }
  bool err = ferror(f);
  fclose(f);
  if (!r->text) return spagm_diag_set(r->d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  if (err) return spagm_diag_set(r->d, SPAGM_E_IO, 0, 0, "cannot read %s", r->path);
  if (n > COV_MAX_FILE)
    return spagm_diag_set(r->d, SPAGM_E_FORMAT, 0, 0, "%s: larger than a coverage database",
                          r->path);
  r->text[n] = '\0';
  if (strlen(r->text) != n)
    return spagm_diag_set(r->d, SPAGM_E_FORMAT, 0, 0, "%s: not a coverage database (NUL byte)",
                          r->path);
  *len = n;
  return SPAGM_OK;
}

/* The last line must be "crc32 " and eight hex digits, over every byte before it. */
static spagm_status check_crc(rd *r, size_t len) {
  const size_t tail = 15; /* "crc32 " + 8 hex + "\n" */
  char *last = len >= tail ? r->text + len - tail : NULL;
  if (!last || strncmp(last, "crc32 ", 6) != 0 || r->text[len - 1] != '\n' ||
      (last != r->text && last[-1] != '\n'))
    return spagm_diag_set(r->d, SPAGM_E_FORMAT, 0, 0,
                          "%s: truncated or not a coverage database (no final crc32 line)",
                          r->path);
  char *end;
  unsigned long want = strtoul(last + 6, &end, 16);
  unsigned long got = crc32(0L, (const Bytef *)r->text, (uInt)(last - r->text));
  if (end != last + 14 || want != got)
    return spagm_diag_set(r->d, SPAGM_E_FORMAT, 0, 0,
                          "%s: CRC-32 mismatch (file says %.8s, content gives %08lx): corrupt",
                          r->path, last + 6, got);
  *last = '\0'; /* the crc line is not content */
  return SPAGM_OK;
}

static spagm_status read_header(rd *r, const spagm_cov *c) {
  unsigned version = 0, bins = 0;
  uint32_t plan = 0;
  int used = 0;
  if (!next_line(r) || sscanf(r->line, "spagm-cov %u%n", &version, &used) != 1 ||
      r->line[used] != '\0')
    return bad(r, "not a coverage database (first line must be 'spagm-cov VERSION')", NULL);
  if (version != SPAGM_COV_FORMAT_VERSION) {
    char msg[192];
    /* N161: version 1 databases predate the depth goals; their counts are
     * right but their plan is not this one, so collect them again. */
    snprintf(msg, sizeof msg, "format version %u, this spagm reads version %u%s", version,
             SPAGM_COV_FORMAT_VERSION,
             version == 1 ? " (at_least goals came with version 2: collect the database again)"
                          : "");
    return bad(r, msg, NULL);
  }
  if (!next_line(r) || sscanf(r->line, "plan %8" SCNx32 " %u%n", &plan, &bins, &used) != 2 ||
      r->line[used] != '\0')
    return bad(r, "expected 'plan ID BINS'", NULL);
  if (plan != spagm_cov_plan_id() || bins != c->nbins) {
    char msg[160];
    snprintf(msg, sizeof msg,
             "collected with another coverage plan (id %08" PRIx32 ", %u bins; this spagm "
             "has %08" PRIx32 ", %u bins): re-collect",
             plan, bins, spagm_cov_plan_id(), c->nbins);
    return bad(r, msg, NULL);
  }
  return SPAGM_OK;
}

static int hexval(char ch) {
  return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static spagm_status read_input(rd *r, spagm_cov *c) {
  const char *p = r->line + 6;
  unsigned nbytes = (c->nbins + 7) / 8;
  if (strlen(p) < 2u * nbytes + 2 || p[2 * nbytes] != ' ')
    return bad(r, "input line: bit string of the wrong length", NULL);
  const char *name = p + 2 * nbytes + 1;
  if (spagm_cov_begin_input(c, name, NULL) != SPAGM_OK)
    return bad(r, "input line: bad input name", NULL);
  for (unsigned b = 0; b < nbytes; b++) {
    int hi = hexval(p[2 * b]), lo = hexval(p[2 * b + 1]);
    if (hi < 0 || lo < 0) return bad(r, "input line: bit string is not lower-case hex", NULL);
    c->in[c->cur].bits[b] |= (uint8_t)(hi << 4 | lo);
  }
  c->cur = -1;
  return SPAGM_OK;
}

static spagm_status read_hits(rd *r, spagm_cov *c, size_t i) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  size_t nl = strlen(p->name);
  if (strncmp(r->line, "hits ", 5) != 0 || strncmp(r->line + 5, p->name, nl) != 0 ||
      r->line[5 + nl] != ' ')
    return bad(r, "expected the hits of point ", p->name);
  const char *s = r->line + 5 + nl;
  for (unsigned g = c->first[i]; g < c->first[i + 1]; g++) {
    char *end;
    if (*s != ' ' || s[1] < '0' || s[1] > '9') return bad(r, "missing count in ", p->name);
    errno = 0;
    c->hits[g] = strtoull(s + 1, &end, 10);
    if (errno) return bad(r, "count out of range in ", p->name);
    s = end;
  }
  return *s ? bad(r, "too many counts in ", p->name) : SPAGM_OK;
}

static spagm_status parse(rd *r, spagm_cov *c) {
  spagm_status st = read_header(r, c);
  bool more = st == SPAGM_OK && next_line(r);
  while (st == SPAGM_OK && more && strncmp(r->line, "input ", 6) == 0) {
    st = read_input(r, c);
    more = next_line(r);
  }
  for (size_t i = 0; st == SPAGM_OK && i < COV_PT_COUNT; i++) {
    if (!more) return bad(r, "truncated: missing the hits of ", spagm_cov_plan(NULL)[i].name);
    st = read_hits(r, c, i);
    more = next_line(r);
  }
  if (st == SPAGM_OK && more) st = bad(r, "unexpected line after the last point", NULL);
  return st;
}

spagm_status spagm_cov_read(const char *path, spagm_cov **out, spagm_diag *d) {
  if (out) *out = NULL;
  if (!path || !out) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no path or output");
  rd r = {.path = path, .d = d};
  size_t len = 0;
  spagm_cov *c = NULL;
  spagm_status st = slurp(&r, &len);
  if (st == SPAGM_OK) st = check_crc(&r, len);
  if (st == SPAGM_OK && !(c = spagm_cov_new()))
    st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  if (st == SPAGM_OK) {
    r.next = r.text;
    st = parse(&r, c);
  }
  free(r.text);
  if (st != SPAGM_OK) {
    spagm_cov_free(c);
    return st;
  }
  *out = c;
  return SPAGM_OK;
}
