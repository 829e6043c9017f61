// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the regression description file (docs/regress.md, "Format").
 * An INI subset parsed here so that no parser library is needed: `[test
 * NAME]` and `[set NAME]` sections of `key = value` lines, whole-line `#`
 * comments. Every error names file:line:col and the run does not start. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "util.h"

typedef struct parser {
  rg_desc *d;
  const char *path;
  int line;
  enum { SEC_TOP, SEC_TEST, SEC_SET, SEC_BAD } sec; /* SEC_BAD: after a refused header */
  char seen[16][16]; /* keys given in the current section */
  int nseen;
} parser;

static int perr(const parser *p, size_t col, const char *fmt, const char *arg) {
  fprintf(stderr, "%s:%d:%zu: error: ", p->path, p->line, col + 1);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return -1;
}

static int valid_name(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-') return 0;
  return 1;
}

static int name_taken(const rg_desc *d, const char *name) {
  for (size_t i = 0; i < d->ntests; i++)
    if (strcmp(d->tests[i].name, name) == 0) return 1;
  for (size_t i = 0; i < d->nsets; i++)
    if (strcmp(d->sets[i].name, name) == 0) return 1;
  return 0;
}

static void test_defaults(rg_test *t, const char *name, int line) {
  memset(t, 0, sizeof *t);
  t->name = rg_xstrdup(name);
  t->kind = RG_KIND_COSIM;
  t->units = rg_xstrdup("");
  t->plusargs = rg_xstrdup("");
  t->command = rg_xstrdup("");
  t->bugs = rg_xstrdup("");
  t->log_regex = rg_xstrdup("");
  t->scenario = rg_xstrdup("");
  t->vectors = rg_xstrdup("");
  t->seeds = rg_xmalloc(sizeof *t->seeds);
  t->seeds[0] = 1;
  t->nseeds = 1;
  t->timeout_s = 600;
  t->line = line;
}

/* `[test NAME]` or `[set NAME]`: opens a section. */
static int parse_header(parser *p, const char *s, size_t col0) {
  p->sec = SEC_BAD; /* until the header is accepted: its keys are not checked */
  const char *close = strchr(s, ']');
  if (!close || close[1] != '\0') return perr(p, col0, "expected `[test NAME]` or `[set NAME]`%s", "");
  char inner[256];
  size_t n = (size_t)(close - s - 1);
  if (n >= sizeof inner) return perr(p, col0, "section header too long%s", "");
  memcpy(inner, s + 1, n);
  inner[n] = '\0';
  char kind[16], name[200], extra[2];
  int k = sscanf(inner, "%15s %199s %1s", kind, name, extra);
  if (k != 2 || (strcmp(kind, "test") != 0 && strcmp(kind, "set") != 0))
    return perr(p, col0, "expected `[test NAME]` or `[set NAME]`, got `[%s]`", inner);
  if (!valid_name(name)) return perr(p, col0, "bad name '%s' (letters, digits, _ and -)", name);
  if (name_taken(p->d, name)) return perr(p, col0, "'%s' is defined twice", name);
  p->nseen = 0;
  if (kind[0] == 't') {
    p->d->tests = rg_xrealloc(p->d->tests, (p->d->ntests + 1) * sizeof *p->d->tests);
    test_defaults(&p->d->tests[p->d->ntests++], name, p->line);
    p->sec = SEC_TEST;
  } else {
    p->d->sets = rg_xrealloc(p->d->sets, (p->d->nsets + 1) * sizeof *p->d->sets);
    rg_set *st = &p->d->sets[p->d->nsets++];
    memset(st, 0, sizeof *st);
    st->name = rg_xstrdup(name);
    st->line = p->line;
    p->sec = SEC_SET;
  }
  return 0;
}

static int parse_ulong(const parser *p, const char *v, size_t col, unsigned long max,
                       unsigned long *out) {
  char *end;
  errno = 0;
  if (!isdigit((unsigned char)v[0])) return perr(p, col, "expected a number, got '%s'", v);
  unsigned long long x = strtoull(v, &end, 10);
  if (errno || *end || x > max) return perr(p, col, "bad or too large number '%s'", v);
  *out = (unsigned long)x;
  return 0;
}

static void seeds_push(rg_test *t, size_t *cap, unsigned long s) {
  if (t->nseeds == *cap) {
    *cap = *cap ? *cap * 2 : 8;
    t->seeds = rg_xrealloc(t->seeds, *cap * sizeof *t->seeds);
  }
  t->seeds[t->nseeds++] = s;
}

static int ulong_cmp(const void *a, const void *b) {
  unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
  return x < y ? -1 : x > y;
}

/* A seed given twice would be two runs with one id, one folder and one
 * record (found by fuzz_regress_desc): refused, naming the seed. */
static int no_seed_twice(const parser *p, const rg_test *t, size_t col) {
  unsigned long *sorted = rg_xmalloc(t->nseeds * sizeof *sorted);
  memcpy(sorted, t->seeds, t->nseeds * sizeof *sorted);
  qsort(sorted, t->nseeds, sizeof *sorted, ulong_cmp);
  int rc = 0;
  for (size_t i = 1; i < t->nseeds && !rc; i++)
    if (sorted[i] == sorted[i - 1]) {
      char shown[32];
      snprintf(shown, sizeof shown, "%lu", sorted[i]);
      rc = perr(p, col, "seed %s is given twice (one run per seed)", shown);
    }
  free(sorted);
  return rc;
}

/* `1..20`, `1,5,9`, `1..3,10`: at most 100000 seeds per test, each once. */
static int parse_seeds(const parser *p, rg_test *t, const char *v, size_t col) {
  size_t cap = 0;
  t->nseeds = 0;
  char *copy = rg_xstrdup(v);
  int rc = 0;
  for (char *save = NULL, *tok = strtok_r(copy, ", ", &save); tok && !rc;
       tok = strtok_r(NULL, ", ", &save)) {
    size_t tcol = col + (size_t)(tok - copy);
    char shown[64];
    snprintf(shown, sizeof shown, "%s", tok);
    char *dots = strstr(tok, "..");
    unsigned long lo, hi;
    if (dots) *dots = '\0';
    rc = parse_ulong(p, tok, tcol, 0xffffffffUL, &lo);
    if (!rc) rc = dots ? parse_ulong(p, dots + 2, tcol, 0xffffffffUL, &hi) : (hi = lo, 0);
    if (!rc && (hi < lo || hi - lo >= 100000 || t->nseeds + (hi - lo) >= 100000))
      rc = perr(p, tcol, "seed range '%s' is empty or over 100000 seeds", shown);
    for (unsigned long s = lo; !rc && s <= hi; s++) seeds_push(t, &cap, s);
  }
  if (!rc && t->nseeds == 0) rc = perr(p, col, "no seeds given%s", "");
  if (!rc) rc = no_seed_twice(p, t, col);
  free(copy);
  return rc;
}

static int parse_kind(const parser *p, rg_test *t, const char *v, size_t col) {
  static const struct { const char *name; rg_kind kind; } kinds[] = {
      {"cosim", RG_KIND_COSIM},
      {"replay-icarus", RG_KIND_REPLAY_ICARUS},
      {"replay-verilator", RG_KIND_REPLAY_VERILATOR},
      {"command", RG_KIND_COMMAND},
      {"model", RG_KIND_MODEL},
      {"sc-cosim", RG_KIND_SC_COSIM},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    if (strcmp(v, kinds[i].name) == 0) {
      t->kind = kinds[i].kind;
      return 0;
    }
  }
  return perr(p, col, "unknown kind '%s' (cosim, sc-cosim, replay-icarus, replay-verilator, model, command)", v);
}

static int parse_units(const parser *p, rg_test *t, const char *v, size_t col) {
  char *copy = rg_xstrdup(v);
  int rc = 0;
  for (char *save = NULL, *u = strtok_r(copy, ",", &save); u && !rc; u = strtok_r(NULL, ",", &save))
    if (strcmp(u, "attr") != 0 && strcmp(u, "pix") != 0 && strcmp(u, "tex") != 0)
      rc = perr(p, col + (size_t)(u - copy), "unknown unit '%s' (attr, pix, tex)", u);
  free(copy);
  if (!rc) {
    free(t->units);
    t->units = rg_xstrdup(v);
  }
  return rc;
}

static void set_str(char **field, const char *v) {
  free(*field);
  *field = rg_xstrdup(v);
}

static int parse_expect(const parser *p, rg_test *t, const char *v, size_t col) {
  if (strcmp(v, "pass") == 0)
    t->expect_fail = 0;
  else if (strcmp(v, "fail") == 0)
    t->expect_fail = 1;
  else
    return perr(p, col, "expect is `pass` or `fail`, got '%s'", v);
  return 0;
}

static int test_key(parser *p, const char *key, const char *v, size_t col) {
  rg_test *t = &p->d->tests[p->d->ntests - 1];
  unsigned long x;
  if (strcmp(key, "kind") == 0) return parse_kind(p, t, v, col);
  if (strcmp(key, "units") == 0) return parse_units(p, t, v, col);
  if (strcmp(key, "seeds") == 0) return parse_seeds(p, t, v, col);
  if (strcmp(key, "expect") == 0) return parse_expect(p, t, v, col);
  if (strcmp(key, "txns") == 0)
    return parse_ulong(p, v, col, 0xffffffffUL, &x) ? -1 : (t->txns = x, 0);
  if (strcmp(key, "timeout") == 0) {
    if (parse_ulong(p, v, col, 7 * 86400UL, &x)) return -1;
    if (x == 0) return perr(p, col, "timeout must be at least 1 second%s", "");
    t->timeout_s = (unsigned)x;
    return 0;
  }
  int *lines[] = {NULL, NULL, &t->line_bugs, &t->line_regex, &t->line_scenario, &t->line_vectors};
  int *cols[] = {NULL, NULL, &t->col_bugs, &t->col_regex, &t->col_scenario, &t->col_vectors};
  if (strcmp(key, "plusargs") == 0) t->line_plusargs = p->line, t->col_plusargs = (int)col + 1;
  char **fields[] = {&t->plusargs, &t->command, &t->bugs, &t->log_regex, &t->scenario,
                     &t->vectors};
  const char *names[] = {"plusargs", "command", "bugs", "log_regex", "scenario", "vectors"};
  for (size_t i = 0; i < 6; i++) {
    if (strcmp(key, names[i]) != 0) continue;
    if (lines[i]) *lines[i] = p->line, *cols[i] = (int)col + 1;
    return set_str(fields[i], v), 0;
  }
  return perr(p, 0, "unknown key '%s' in a [test] section "
                    "(kind units seeds txns plusargs command bugs log_regex expect timeout scenario "
                    "vectors)", key);
}

static int set_key(parser *p, const char *key, const char *v, size_t col) {
  if (strcmp(key, "tests") != 0) return perr(p, 0, "unknown key '%s' in a [set] section (tests)", key);
  rg_set *st = &p->d->sets[p->d->nsets - 1];
  char *copy = rg_xstrdup(v);
  int rc = 0;
  for (char *save = NULL, *m = strtok_r(copy, ", ", &save); m && !rc; m = strtok_r(NULL, ", ", &save)) {
    if (!valid_name(m)) {
      rc = perr(p, col + (size_t)(m - copy), "bad test or set name '%s'", m);
      break;
    }
    st->members = rg_xrealloc(st->members, (st->nmembers + 1) * sizeof *st->members);
    st->members[st->nmembers++] = rg_xstrdup(m);
  }
  free(copy);
  return rc;
}

static int key_seen(parser *p, const char *key) {
  for (int i = 0; i < p->nseen; i++)
    if (strcmp(p->seen[i], key) == 0) return 1;
  if (p->nseen < 16 && strlen(key) < sizeof p->seen[0]) strcpy(p->seen[p->nseen++], key);
  return 0;
}

/* `key = value`; a tab would break the plan file, so values have none. */
static int parse_assign(parser *p, char *s, size_t col0) {
  char *eq = strchr(s, '=');
  if (!eq) return perr(p, col0, "expected `key = value` or a section header%s", "");
  char *kend = eq;
  while (kend > s && isspace((unsigned char)kend[-1])) kend--;
  *kend = '\0';
  char *v = eq + 1;
  while (isspace((unsigned char)*v)) v++;
  size_t vcol = col0 + (size_t)(v - s);
  if (!valid_name(s)) return perr(p, col0, "bad key '%s'", s);
  if (strchr(v, '\t')) return perr(p, vcol + (size_t)(strchr(v, '\t') - v), "tab in a value%s", "");
  if (key_seen(p, s)) return perr(p, col0, "key '%s' given twice in this section", s);
  if (p->sec == SEC_TEST) return test_key(p, s, v, vcol);
  if (p->sec == SEC_SET) return set_key(p, s, v, vcol);
  if (p->sec == SEC_BAD) return 0; /* the header's error was reported */
  if (strcmp(s, "bugs_file") == 0) return set_str(&p->d->bugs_file, v), 0;
  return perr(p, col0, "unknown key '%s' before the first section (bugs_file)", s);
}

static int parse_line(parser *p, char *line) {
  size_t n = strlen(line);
  while (n && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
  size_t col = strspn(line, " \t");
  char *s = line + col;
  if (*s == '\0' || *s == '#') return 0;
  if (*s == '[') return parse_header(p, s, col);
  return parse_assign(p, s, col);
}

/* What the sections cannot say line by line: a command test has a command
 * and nothing else has one; set members exist. */
static int check_test(const rg_desc *d, const rg_test *t) {
  const char *why = NULL;
  int at = t->line;
  if (t->bugs[0] && !d->bugs_file[0])
    why = "`bugs =` needs `bugs_file =` before the first section (the defect catalogue)",
    at = t->line_bugs;
  else if (t->kind == RG_KIND_COMMAND && !t->command[0])
    why = "a `kind = command` test needs `command =`";
  else if (t->kind != RG_KIND_COMMAND && t->command[0])
    why = "`command =` is only for `kind = command` tests";
  else if (t->bugs[0] && t->kind != RG_KIND_COSIM && t->kind != RG_KIND_SC_COSIM)
    why = "`bugs =` needs `kind = cosim` or `sc-cosim` (defects are selected with +bug=)";
  else if (t->kind == RG_KIND_MODEL && !t->scenario[0])
    why = "a `kind = model` test needs `scenario =`";
  else if (t->scenario[0] && (t->kind == RG_KIND_COSIM || t->kind == RG_KIND_SC_COSIM ||
                              t->kind == RG_KIND_COMMAND))
    why = "`scenario =` is for `kind = replay-verilator`, `replay-icarus` or `model` tests",
    at = t->line_scenario;
  else if (t->vectors[0] && t->kind != RG_KIND_REPLAY_ICARUS && t->kind != RG_KIND_REPLAY_VERILATOR)
    why = "`vectors =` is for `kind = replay-verilator` or `replay-icarus` tests",
    at = t->line_vectors;
  else if (t->vectors[0] && t->scenario[0])
    why = "`vectors =` and `scenario =` both name the traffic: give one", at = t->line_vectors;
  if (!why) return 0;
  fprintf(stderr, "%s:%d:1: error: test '%s': %s\n", d->path, at, t->name, why);
  return -1;
}

static int check_set(const rg_desc *d, const rg_set *st) {
  int rc = 0;
  for (size_t i = 0; i < st->nmembers; i++) {
    if (!name_taken(d, st->members[i])) {
      fprintf(stderr, "%s:%d:1: error: set '%s' names '%s', which is no test or set\n",
              d->path, st->line, st->name, st->members[i]);
      rc = -1;
    }
  }
  if (rc) return rc;
  if (st->nmembers == 0) {
    fprintf(stderr, "%s:%d:1: error: set '%s' has no `tests =`\n", d->path, st->line, st->name);
    return -1;
  }
  return 0;
}

int rg_desc_load(const char *path, rg_desc *d) {
  size_t len = 0;
  char *text = rg_read_file(path, &len);
  if (!text) {
    memset(d, 0, sizeof *d);
    d->path = rg_xstrdup(path);
    d->bugs_file = rg_xstrdup("");
    fprintf(stderr, "%s: error: cannot read the description: %s\n", path, strerror(errno));
    return -1;
  }
  int rc = rg_desc_parse(path, text, len, d);
  free(text);
  return rc;
}

int rg_desc_parse(const char *path, const char *data, size_t len, rg_desc *d) {
  memset(d, 0, sizeof *d);
  d->path = rg_xstrdup(path);
  d->bugs_file = rg_xstrdup("");
  char *text = rg_xmalloc(len + 1);
  memcpy(text, data, len);
  text[len] = '\0';
  parser p = {.d = d, .path = path, .sec = SEC_TOP};
  int rc = 0; /* every line is parsed: all the file's errors in one go */
  const char *nul = memchr(data, '\0', len); /* not a text file: read up to it, refused */
  if (nul) {
    int line = 1;
    const char *start = data;
    for (const char *c = data; c < nul; c++)
      if (*c == '\n') line++, start = c + 1;
    fprintf(stderr, "%s:%d:%d: error: a NUL byte (not a text file)\n", path, line,
            (int)(nul - start) + 1);
    rc = -1;
  }
  for (char *save = NULL, *line = text; line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    p.line++;
    if (strlen(line) > 4000)
      rc |= perr(&p, 0, "line too long%s", "");
    else
      rc |= parse_line(&p, line);
  }
  free(text);
  for (size_t i = 0; i < d->ntests; i++) rc |= check_test(d, &d->tests[i]);
  for (size_t i = 0; i < d->nsets; i++) rc |= check_set(d, &d->sets[i]);
  return rc ? -1 : 0;
}

const rg_set *rg_desc_set(const rg_desc *d, const char *name) {
  for (size_t i = 0; i < d->nsets; i++)
    if (strcmp(d->sets[i].name, name) == 0) return &d->sets[i];
  return NULL;
}

void rg_desc_free(rg_desc *d) {
  for (size_t i = 0; i < d->ntests; i++) {
    rg_test *t = &d->tests[i];
    free(t->name), free(t->units), free(t->seeds), free(t->plusargs);
    free(t->command), free(t->bugs), free(t->log_regex), free(t->scenario);
    free(t->vectors);
  }
  for (size_t i = 0; i < d->nsets; i++) {
    for (size_t j = 0; j < d->sets[i].nmembers; j++) free(d->sets[i].members[j]);
    free(d->sets[i].members), free(d->sets[i].name);
  }
  free(d->tests), free(d->sets), free(d->path), free(d->bugs_file);
  memset(d, 0, sizeof *d);
}
