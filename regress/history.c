// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the history of nights (N251). Every
 * regression writes DIR/night.tsv, its figures in one small text record;
 * `--history HDIR` appends the results folder to HDIR/nights and rewrites
 * HDIR/history.html from every folder listed there; `spagm-regress history
 * DIR...` writes the same page from the folders given. The records, not
 * results.json, are read back: a line per figure needs no JSON parser, and
 * a folder whose runs were deleted to save space keeps its night. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"
#include "util.h"

#define NIGHT_HEADER "spagm-regress night 1\n"

int rg_night_write(const rg_plan *p, const rg_meta *m) {
  size_t ok = 0;
  double run_s = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    ok += p->runs[i].res.ok != 0;
    run_s += p->runs[i].res.wall_s;
  }
  spagm_buf b = {0};
  spagm_buf_printf(&b, NIGHT_HEADER "started\t%s\nset\t", m->started);
  for (const char *s = m->set; *s; s++) spagm_buf_add(&b, *s == '\n' || *s == '\t' ? " " : s, 1);
  spagm_buf_printf(&b, "\nruns\t%zu\nok\t%zu\nwall_s\t%.3f\nrun_s\t%.3f\npartial\t%d\n", p->nruns,
                ok, m->wall_s, run_s, m->partial);
  if (m->cov && m->cov->have)
    spagm_buf_printf(&b, "cov_pct\t%.3f\nholes\t%zu\n", rg_cov_reachable_pct(&m->cov->unit[3]),
                  m->cov->nholes);
  int rc = rg_write_in(m->dir, "night.tsv", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}

/* One figure of a record: the text after "key\t" up to the line's end. */
static int field(const char *text, const char *key, char *out, size_t n) {
  size_t k = strlen(key);
  for (const char *l = text; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
    if (strncmp(l, key, k) != 0 || l[k] != '\t') continue;
    size_t len = strcspn(l + k + 1, "\n");
    if (len >= n) len = n - 1;
    memcpy(out, l + k + 1, len);
    out[len] = '\0';
    return 0;
  }
  return -1;
}

/* A whole number or a decimal figure of a record; -1 when missing or bad. */
static int num_field(const char *text, const char *key, const char *fmt, void *v) {
  char s[64];
  return field(text, key, s, sizeof s) == 0 && sscanf(s, fmt, v) == 1 ? 0 : -1;
}

int rg_night_read(const char *dir, rg_night *n) {
  memset(n, 0, sizeof *n);
  char *path = rg_path_join(dir, "night.tsv"), v[8];
  char *text = rg_read_file(path, NULL);
  int rc = -1;
  if (!text) {
    fprintf(stderr, "spagm-regress: history: %s: %s\n", path, strerror(errno));
  } else if (strncmp(text, NIGHT_HEADER, strlen(NIGHT_HEADER)) != 0) {
    fprintf(stderr, "spagm-regress: history: %s:1: not a night record\n", path);
  } else if (field(text, "started", n->started, sizeof n->started) ||
             field(text, "set", n->set, sizeof n->set) ||
             num_field(text, "runs", "%zu", &n->runs) || num_field(text, "ok", "%zu", &n->ok) ||
             num_field(text, "wall_s", "%lf", &n->wall_s) ||
             num_field(text, "run_s", "%lf", &n->run_s)) {
    fprintf(stderr, "spagm-regress: history: %s: a figure is missing or not a number\n", path);
  } else {
    n->partial = field(text, "partial", v, sizeof v) == 0 && strcmp(v, "0") != 0;
    n->have_cov = num_field(text, "cov_pct", "%lf", &n->cov_pct) == 0 &&
                  num_field(text, "holes", "%zu", &n->holes) == 0;
    n->dir = realpath(dir, NULL); /* links are made relative to the page */
    if (!n->dir) n->dir = rg_xstrdup(dir);
    rc = 0;
  }
  free(text), free(path);
  return rc;
}

static int by_start(const void *a, const void *b) {
  const rg_night *x = a, *y = b;
  int c = strcmp(x->started, y->started);
  return c ? c : strcmp(x->dir, y->dir);
}

int rg_history_page(char **dirs, size_t ndirs, const char *out) {
  rg_night *n = rg_xmalloc((ndirs + 1) * sizeof *n);
  size_t k = 0;
  int bad = 0;
  for (size_t i = 0; i < ndirs; i++) {
    if (rg_night_read(dirs[i], &n[k]) == 0)
      k++;
    else
      bad = 1;
  }
  qsort(n, k, sizeof *n, by_start);
  int rc = rg_emit_history(n, k, out);
  for (size_t i = 0; i < k; i++) free(n[i].dir);
  free(n);
  return rc ? 2 : bad ? 1 : 0;
}

/* The folders HDIR/nights lists, one absolute path a line. */
static char **listed(const char *text, size_t *count) {
  size_t cap = 8;
  char **l = rg_xmalloc(cap * sizeof *l);
  *count = 0;
  for (const char *s = text; s && *s;) {
    size_t len = strcspn(s, "\n");
    if (len) {
      if (*count == cap) l = rg_xrealloc(l, (cap *= 2) * sizeof *l);
      l[*count] = rg_xmalloc(len + 1);
      memcpy(l[*count], s, len);
      l[(*count)++][len] = '\0';
    }
    s += len + (s[len] == '\n');
  }
  return l;
}

int rg_history_add(const char *hdir, const char *dir) {
  if (rg_mkdir_p(hdir)) return -1;
  char *list = rg_path_join(hdir, "nights"), *page = rg_path_join(hdir, "history.html");
  char *old = rg_read_file(list, NULL);
  spagm_buf b = {0};
  if (old) spagm_buf_puts(&b, old);
  /* Once per folder: a --resume of a night that was already added (it was
   * interrupted after its results) is still one night. */
  size_t nold = 0;
  char **was = listed(old, &nold);
  int again = 0;
  for (size_t i = 0; i < nold; i++) again |= strcmp(was[i], dir) == 0, free(was[i]);
  free(was);
  if (!again) spagm_buf_printf(&b, "%s\n", dir);
  int rc = rg_write_file(list, b.s, b.len);
  size_t n = 0;
  char **dirs = listed(b.s, &n);
  /* A folder deleted since is left out of the page with a message. */
  if (!rc) rc = rg_history_page(dirs, n, page) == 2;
  for (size_t i = 0; i < n; i++) free(dirs[i]);
  free(dirs), free(old), free(list), free(page);
  spagm_buf_free(&b);
  return rc ? -1 : 0;
}

int rg_history_main(int argc, char **argv) {
  const char *out = "history.html";
  int first = 0;
  if (argc >= 2 && strcmp(argv[0], "-o") == 0) out = argv[1], first = 2;
  if (first >= argc) {
    fprintf(stderr, "usage: spagm-regress history [-o FILE] DIR...\n");
    return 2;
  }
  int rc = rg_history_page(argv + first, (size_t)(argc - first), out);
  if (rc != 2) printf("spagm-regress: history of %d regressions: %s\n", argc - first, out);
  return rc;
}
