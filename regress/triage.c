// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: failure buckets (N144). Every run that
 * did not pass is given a signature read from its log's first mismatch:
 * the unit, the instruction (op and modifiers, as disassembled), the
 * response field that differs and the rule the model applied there (its
 * explanation's path and the rulings it cites), or else what happened
 * (hang, timeout, crash, error, must-fail-passed, ...). Runs of one
 * signature are one bucket: one bug seen N times is one line. Each bucket
 * names its smallest reproducer, the run with the fewest transactions to
 * its first mismatch (its tag + 1; ties: the shorter run). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "util.h"

/* The text after `key` up to the end of its line (or `stop`), trimmed, into
 * out; "" when absent. */
static void copy_field(char *out, size_t n, const char *from, const char *stop) {
  size_t len = strcspn(from, stop);
  while (len && isspace((unsigned char)from[len - 1])) len--;
  snprintf(out, n, "%.*s", (int)len, from);
}

/* The response field of a difference line (dpi/cosim_compare.c,
 * testbench/tb_replay_driver.sv): a class, not the register number, so one
 * bug in two registers is one bucket. */
static const char *field_class(const char *l) {
  while (*l == ' ') l++;
  if (l[0] == 'R' && isdigit((unsigned char)l[1])) return "write-back value";
  if (strncmp(l, "write-back slot", 15) == 0)
    return strstr(l, "lanes written") ? "write-back lanes" : "write-back register";
  if (strncmp(l, "fault", 5) == 0) return "fault";
  if (strncmp(l, "predicate", 9) == 0 || (l[0] == 'P' && isdigit((unsigned char)l[1])))
    return "predicate";
  if (strncmp(l, "store space", 11) == 0) return "store space";
  if (strncmp(l, "store component", 15) == 0)
    return strstr(l, "lanes") && !strstr(l, "lane ") ? "store lanes" : "store data";
  if (strncmp(l, "image", 5) == 0 || strstr(l, "address")) return "state image";
  return "response";
}

/* The model's rule at the difference: "PATH (Rn, ...)" of its `model:` line. */
static void rule_of(const char *model, char *out, size_t n) {
  char path[64] = "", cites[64] = "";
  copy_field(path, sizeof path, model, " \n");
  const char *nl = model + strcspn(model, "\n");
  const char *open = NULL;
  for (const char *s = model; s < nl; s++)
    if (*s == '(') open = s; /* the last parenthesis of the line */
  if (open) copy_field(cites, sizeof cites, open, ")\n");
  snprintf(out, n, "%s%s%s%s", path, open ? " " : "", cites, open ? ")" : "");
}

/* A MISMATCH block: unit, tag, instruction, field and rule. */
static void parse_mismatch(const char *m, rg_sig *s) {
  const char *p = m + strlen("MISMATCH ");
  copy_field(s->unit, sizeof s->unit, p, " :\n");
  const char *tag = strstr(p, " tag ");
  const char *eol = p + strcspn(p, "\n");
  if (tag && tag < eol) s->txns = strtoul(tag + 5, NULL, 10) + 1;
  snprintf(s->kind, sizeof s->kind, "mismatch");
  const char *insn = strstr(eol, "\n  insn ");
  const char *next = strstr(eol, "\nMISMATCH");
  if (insn && (!next || insn < next)) {
    const char *dis = insn + strlen("\n  insn ");
    dis += strcspn(dis, " ");  /* the word */
    while (*dis == ' ') dis++; /* the disassembly: op.modifiers first */
    copy_field(s->insn, sizeof s->insn, dis, " ;\n");
    const char *diff = dis + strcspn(dis, "\n");
    if (*diff) {
      snprintf(s->field, sizeof s->field, "%s", field_class(diff + 1));
      const char *model = strstr(diff + 1, "model: ");
      const char *end = strstr(diff + 1, "\n  reproduce");
      if (model && (!end || model < end)) rule_of(model + 7, s->rule, sizeof s->rule);
    }
  } else {
    /* not a transaction: a lost tag, an image, an unasked response */
    snprintf(s->field, sizeof s->field, "%s", strstr(p, "image") && strstr(p, "image") < eol
                                                  ? "state image" : "handshake");
  }
}

void rg_triage_run(const char *dir, const rg_run *r, rg_sig *s) {
  memset(s, 0, sizeof *s);
  const rg_result *x = &r->res;
  if (x->status == RG_PASS) {
    snprintf(s->kind, sizeof s->kind, r->expect_fail ? "must-fail-passed" : "log-mismatch");
  } else if (x->status != RG_FAIL) {
    snprintf(s->kind, sizeof s->kind, "%s", rg_status_name(x->status));
  }
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "log");
  char *log = rg_read_file(path, NULL);
  free(rundir), free(path);
  snprintf(s->unit, sizeof s->unit, "%s", r->unit);
  if (x->status == RG_FAIL && log) {
    const char *m = strstr(log, "MISMATCH ");
    const char *h = strstr(log, "HANG ");
    if (m && (!h || m < h)) {
      parse_mismatch(m, s);
    } else if (h) {
      snprintf(s->kind, sizeof s->kind, "hang");
      copy_field(s->unit, sizeof s->unit, h + 5, " \n");
    }
  }
  if (!s->kind[0]) snprintf(s->kind, sizeof s->kind, "fail");
  if (!s->txns) s->txns = (unsigned long)-1;
  free(log);
}

void rg_sig_text(const rg_sig *s, char *out, size_t n) {
  if (strcmp(s->kind, "mismatch") == 0)
    snprintf(out, n, "%s %s | %s | %s", s->unit, s->insn[0] ? s->insn : "-", s->field,
             s->rule[0] ? s->rule : "-");
  else
    snprintf(out, n, "%s%s%s", s->kind, s->unit[0] ? " " : "", s->unit);
}

static int by_size(const void *a, const void *b) {
  const rg_bucket *x = a, *y = b;
  if (x->nruns != y->nruns) return x->nruns < y->nruns ? 1 : -1;
  return strcmp(x->signature, y->signature);
}

static int better(const rg_plan *p, const rg_bucket *b, size_t run, unsigned long txns) {
  if (txns != b->smallest_txns) return txns < b->smallest_txns;
  return p->runs[run].res.wall_s < p->runs[b->smallest].res.wall_s;
}

/* Groups the runs that did not pass (and must-fail runs that did), then
 * numbers the buckets, largest first. */
int rg_triage(const rg_plan *p, const char *dir, rg_triage_t *t) {
  memset(t, 0, sizeof *t);
  t->bucket_of = rg_xmalloc((p->nruns + 1) * sizeof *t->bucket_of);
  char sig[256];
  for (size_t i = 0; i < p->nruns; i++) {
    const rg_run *r = &p->runs[i];
    t->bucket_of[i] = (size_t)-1;
    if (r->res.status == RG_NOTRUN || r->res.status == RG_CANCELLED) continue;
    if (r->res.status == RG_PASS && r->res.ok) continue;
    rg_sig s;
    rg_triage_run(dir, r, &s);
    rg_sig_text(&s, sig, sizeof sig);
    size_t k = 0;
    while (k < t->n && strcmp(t->b[k].signature, sig) != 0) k++;
    if (k == t->n) {
      t->b = rg_xrealloc(t->b, (t->n + 1) * sizeof *t->b);
      memset(&t->b[k], 0, sizeof t->b[k]);
      t->b[k].signature = rg_xstrdup(sig);
      t->b[k].sig = s;
      t->b[k].smallest = i;
      t->b[k].smallest_txns = s.txns;
      t->n++;
    } else if (better(p, &t->b[k], i, s.txns)) {
      t->b[k].smallest = i, t->b[k].smallest_txns = s.txns;
    }
    rg_bucket *b = &t->b[k];
    b->runs = rg_xrealloc(b->runs, (b->nruns + 1) * sizeof *b->runs);
    b->runs[b->nruns++] = i;
    b->expected += r->res.ok != 0;
  }
  qsort(t->b, t->n, sizeof *t->b, by_size);
  for (size_t k = 0; k < t->n; k++) {
    t->b[k].id = k + 1;
    for (size_t j = 0; j < t->b[k].nruns; j++) t->bucket_of[t->b[k].runs[j]] = k;
  }
  return 0;
}

void rg_triage_free(rg_triage_t *t) {
  for (size_t k = 0; k < t->n; k++) free(t->b[k].signature), free(t->b[k].runs);
  free(t->b), free(t->bucket_of);
  memset(t, 0, sizeof *t);
}
