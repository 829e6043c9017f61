// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: what a description names is checked before anything runs
 * (N141): each `log_regex` compiles, each defect of `bugs =`
 * and of a `+bug=` plusarg is in the catalogue, each plusarg is one the
 * test's tool lists in its `+help` (the tool is the authority, so a new
 * plusarg needs no change here). A mistake found later would look like a
 * run that "failed as expected". Every error is reported with file:line:col. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regress.h"
#include "util.h"

typedef struct checker {
  const rg_desc *d;
  const char *bindir;
  rg_bug *bugs;
  size_t nbugs;
  int have_bugs;  /* 1 loaded, -1 could not be read */
  char *help[4];  /* +help of spagm-cosim, -replay, -replay-iverilog, -sc-cosim */
  int help_tried[4];
} checker;

static int err_at(const checker *c, int line, int col, const char *test, const char *fmt,
                  const char *arg) {
  fprintf(stderr, "%s:%d:%d: error: test '%s': ", c->d->path, line, col > 0 ? col : 1, test);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return -1;
}

/* Without `bugs_file =`, the defects spagm-cosim was built with
 * (`+list_bugs`: sel, unit, name, what). */
static int tool_bugs(checker *c) {
  char *path = rg_path_join(c->bindir, "spagm-cosim");
  spagm_buf cmd = {0};
  spagm_buf_shquote(&cmd, path);
  spagm_buf_puts(&cmd, " +list_bugs 2>/dev/null");
  FILE *f = popen(cmd.s, "r");
  char *text = f ? rg_read_stream(f, NULL) : NULL;
  int ok = f && pclose(f) == 0 && text;
  spagm_buf_free(&cmd), free(path);
  for (char *save = NULL, *line = ok ? text : NULL; line && *line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    char unit[16], name[128];
    if (!isdigit((unsigned char)line[0]) || sscanf(line, "%*u %15s %127s", unit, name) != 2)
      continue;
    c->bugs = rg_xrealloc(c->bugs, (c->nbugs + 1) * sizeof *c->bugs);
    c->bugs[c->nbugs++] = (rg_bug){rg_xstrdup(unit), rg_xstrdup(name), rg_xstrdup("")};
  }
  free(text);
  return ok ? 1 : -1;
}

static int bug_known(checker *c, const char *name) {
  if (c->have_bugs == 0 && !c->d->bugs_file[0]) {
    c->have_bugs = tool_bugs(c);
  } else if (c->have_bugs == 0) {
    char *dir = rg_dirname(c->d->path);
    char *path = rg_path_join(dir, c->d->bugs_file);
    c->have_bugs = rg_bugs_load(path, &c->bugs, &c->nbugs) ? -1 : 1;
    free(dir), free(path);
  }
  if (c->have_bugs < 0) return 1; /* the catalogue's own error was printed */
  for (size_t i = 0; i < c->nbugs; i++)
    if (strcmp(c->bugs[i].name, name) == 0) return 1;
  return 0;
}

static int check_regex(const checker *c, const rg_test *t) {
  if (!t->log_regex[0]) return 0;
  /* {unit} becomes a unit name, as at expansion (plan.c unit_regex). */
  spagm_buf b = {0};
  for (const char *s = t->log_regex; *s;)
    if (strncmp(s, "{unit}", 6) == 0)
      spagm_buf_puts(&b, "attr"), s += 6;
    else
      spagm_buf_add(&b, s++, 1);
  regex_t re;
  int rc = regcomp(&re, b.s, REG_EXTENDED | REG_NOSUB | REG_NEWLINE);
  spagm_buf_free(&b);
  if (rc == 0) {
    regfree(&re);
    return 0;
  }
  char why[160];
  regerror(rc, &re, why, sizeof why);
  return err_at(c, t->line_regex, t->col_regex, t->name, "log_regex does not compile: %s", why);
}

static int check_bugs(checker *c, const rg_test *t) {
  if (!t->bugs[0] || strcmp(t->bugs, "all") == 0 || !c->d->bugs_file[0]) return 0;
  int rc = 0;
  char *copy = rg_xstrdup(t->bugs);
  for (char *save = NULL, *n = strtok_r(copy, ", ", &save); n; n = strtok_r(NULL, ", ", &save))
    if (!bug_known(c, n))
      rc = err_at(c, t->line_bugs, t->col_bugs + (int)(n - copy), t->name,
                  "unknown defect '%s' (spagm-cosim +list_bugs lists them)", n);
  free(copy);
  return rc;
}

/* The tool's +help text (read once), or NULL when it does not run. */
static const char *tool_help(checker *c, rg_kind k, const char **tool) {
  static const char *const tools[] = {"spagm-cosim", "spagm-replay", "spagm-replay-iverilog",
                                      "spagm-sc-cosim"};
  int i = k == RG_KIND_COSIM ? 0 : k == RG_KIND_REPLAY_VERILATOR ? 1 : k == RG_KIND_SC_COSIM ? 3 : 2;
  *tool = tools[i];
  if (!c->help_tried[i]) {
    c->help_tried[i] = 1;
    char *path = rg_path_join(c->bindir, tools[i]);
    spagm_buf cmd = {0};
    spagm_buf_shquote(&cmd, path);
    spagm_buf_puts(&cmd, " +help 2>/dev/null");
    FILE *f = popen(cmd.s, "r");
    if (f) {
      c->help[i] = rg_read_stream(f, NULL);
      if (pclose(f) != 0) free(c->help[i]), c->help[i] = NULL;
    }
    spagm_buf_free(&cmd), free(path);
  }
  return c->help[i];
}

/* NAME of +NAME or +NAME=VALUE appears as `+NAME` followed by `=`, `]`,
 * a blank or punctuation in the help text: 1 as a flag, 2 with a value. */
static int help_lists(const char *help, const char *name, size_t n) {
  int found = 0;
  for (const char *s = strchr(help, '+'); s; s = strchr(s + 1, '+')) {
    if (strncmp(s + 1, name, n) != 0) continue;
    char after = s[1 + n];
    if (after == '=') found = 2;
    else if (!isalnum((unsigned char)after) && after != '_' && !found) found = 1;
  }
  return found;
}

static int check_plusargs(checker *c, const rg_test *t) {
  if (!t->plusargs[0] || t->kind == RG_KIND_COMMAND) return 0;
  const char *tool;
  const char *help = tool_help(c, t->kind, &tool);
  if (!help) {
    spagm_buf what = {0};
    spagm_buf_printf(&what, "cannot check the plusargs: %s/%s +help does not run (build it, or "
                  "--bindir)", c->bindir, tool);
    int rc = err_at(c, t->line_plusargs, t->col_plusargs, t->name, "%s", what.s);
    spagm_buf_free(&what);
    return rc;
  }
  int rc = 0;
  char *copy = rg_xstrdup(t->plusargs);
  for (char *save = NULL, *a = strtok_r(copy, " ", &save); a; a = strtok_r(NULL, " ", &save)) {
    int col = t->col_plusargs + (int)(a - copy), listed = 0;
    size_t n = strcspn(a + 1, "=");
    if (a[0] != '+' || n == 0) {
      rc = err_at(c, t->line_plusargs, col, t->name, "'%s' is not a plusarg (+NAME or +NAME=VALUE)", a);
    } else if (!(listed = help_lists(help, a + 1, n))) {
      spagm_buf what = {0};
      spagm_buf_printf(&what, "unknown plusarg '%s' (%s +help lists them)", a, tool);
      rc = err_at(c, t->line_plusargs, col, t->name, "%s", what.s);
      spagm_buf_free(&what);
    } else if (listed == 2 && a[1 + n] != '=') {
      rc = err_at(c, t->line_plusargs, col, t->name, "plusarg '%s' takes a value (+NAME=VALUE)", a);
    } else if ((t->kind == RG_KIND_COSIM || t->kind == RG_KIND_SC_COSIM) &&
               strncmp(a, "+bug=", 5) == 0 &&
               !isdigit((unsigned char)a[5]) && !bug_known(c, a + 5)) {
      rc = err_at(c, t->line_plusargs, col + 5, t->name,
                  "unknown defect '%s' (spagm-cosim +list_bugs lists them)", a + 5);
    }
  }
  free(copy);
  return rc;
}

/* A scenario or vector file is relative to the description's folder and
 * must exist. */
static int check_file(const checker *c, const rg_test *t, const char *file, int line, int col,
                      const char *fmt) {
  if (!file[0]) return 0;
  char *dir = rg_dirname(c->d->path);
  char *path = rg_path_join(dir, file);
  int ok = access(path, R_OK) == 0;
  free(dir), free(path);
  return ok ? 0 : err_at(c, line, col, t->name, fmt, file);
}

int rg_desc_check(const rg_desc *d, const char *bindir) {
  checker c = {.d = d, .bindir = bindir};
  int rc = 0;
  for (size_t i = 0; i < d->ntests; i++) {
    const rg_test *t = &d->tests[i];
    rc |= check_regex(&c, t);
    rc |= check_bugs(&c, t);
    rc |= check_plusargs(&c, t);
    rc |= check_file(&c, t, t->scenario, t->line_scenario, t->col_scenario,
                     "cannot read the scenario '%s' (relative to the description)");
    rc |= check_file(&c, t, t->vectors, t->line_vectors, t->col_vectors,
                     "cannot read the vector file '%s' (relative to the description)");
  }
  rg_bugs_free(c.bugs, c.nbugs);
  for (int i = 0; i < 4; i++) free(c.help[i]);
  return rc ? -1 : 0;
}
