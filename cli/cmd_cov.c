// SPDX-License-Identifier: Apache-2.0
/* spagm cov — coverage databases (docs/coverage.md): merge them,
 * report them (text, HTML, JSON, stimulus ranking, holes as failure), and
 * print the plan (docs/coverage-plan.md). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "spagm/cov/cov.h"
#include "vec_cli.h"

static void cov_usage(FILE *out) {
  fprintf(out,
          "usage: spagm cov merge A.cov B.cov... -o OUT.cov\n"
          "       spagm cov report DB.cov [--html DIR] [--json FILE] [--rank] [--fail-on-holes]\n"
          "       spagm cov export --format ucis-xml DB.cov -o OUT.xml\n"
          "       spagm cov import --format ucis-xml IN.xml -o OUT.cov\n"
          "       spagm cov plan\n\n"
          "Coverage databases are written by `spagm gen|run|check ... --cov FILE` and\n"
          "`spagm-cosim +cov=FILE`. merge adds them up (the order does not matter);\n"
          "report prints per unit, per coverpoint and cross the legal bins hit and\n"
          "the holes by name; --html writes DIR/index.html, --json a summary,\n"
          "--rank the inputs (seeds, scenarios) that add new bins, greedily;\n"
          "--fail-on-holes exits 1 listing the holes. export writes the database as\n"
          "UCIS XML (pyucis reads it); import is refused, naming what a UCIS file\n"
          "lacks for an exact database. plan prints\n"
          "docs/coverage-plan.md. See docs/coverage.md.\n");
}

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "spagm cov: ");
  fprintf(stderr, msg, arg);
  fprintf(stderr, "\n(spagm cov --help shows the usage)\n");
  return 2;
}

static spagm_cov *load(const char *path) {
  spagm_cov *c = NULL;
  spagm_diag d = {0, 0, ""};
  if (spagm_cov_read(path, &c, &d) != SPAGM_OK) fprintf(stderr, "spagm cov: %s\n", d.msg);
  return c;
}

static int cov_merge(int argc, char **argv) {
  const char *out = NULL;
  int nin = 0;
  for (int i = 0; i < argc; i++) {
    bool missing = false;
    const char *v = spagm_cli_opt_value(argc, argv, &i, "-o", &missing);
    if (v || missing) {
      if (!v) return usage_error("-o needs an output file%s", "");
      out = v;
    } else if (argv[i][0] == '-') {
      return usage_error("merge: unknown option '%s'", argv[i]);
    } else {
      argv[nin++] = argv[i]; /* inputs compacted to the front */
    }
  }
  if (!out || nin == 0) return usage_error("merge needs inputs and -o OUT%s", "");
  spagm_cov *m = spagm_cov_new();
  if (!m) return usage_error("out of memory%s", "");
  int rc = 0;
  for (int i = 0; i < nin && rc == 0; i++) {
    spagm_cov *c = load(argv[i]);
    spagm_diag d = {0, 0, ""};
    if (!c) rc = 1;
    else if (spagm_cov_merge(m, c, &d) != SPAGM_OK) rc = 1, fprintf(stderr, "spagm cov: %s\n", d.msg);
    spagm_cov_free(c);
  }
  spagm_diag d = {0, 0, ""};
  if (rc == 0 && spagm_cov_write(m, out, &d) != SPAGM_OK) {
    fprintf(stderr, "spagm cov: %s\n", d.msg);
    rc = 1;
  }
  spagm_cov_free(m);
  return rc;
}

typedef struct report_args {
  const char *db, *html, *json;
  bool rank, fail_on_holes;
} report_args;

static int report_parse(int argc, char **argv, report_args *a) {
  memset(a, 0, sizeof *a);
  for (int i = 0; i < argc; i++) {
    bool missing = false;
    const char *v;
    if ((v = spagm_cli_opt_value(argc, argv, &i, "--html", &missing)) || missing) {
      if (!v) return usage_error("--html needs a directory%s", "");
      a->html = v;
    } else if ((v = spagm_cli_opt_value(argc, argv, &i, "--json", &missing)) || missing) {
      if (!v) return usage_error("--json needs a file name%s", "");
      a->json = v;
    } else if (strcmp(argv[i], "--rank") == 0) {
      a->rank = true;
    } else if (strcmp(argv[i], "--fail-on-holes") == 0) {
      a->fail_on_holes = true;
    } else if (argv[i][0] == '-' || a->db) {
      return usage_error("report: unexpected argument '%s'", argv[i]);
    } else {
      a->db = argv[i];
    }
  }
  return a->db ? 0 : usage_error("report needs a database file%s", "");
}

static int cov_report(int argc, char **argv) {
  report_args a;
  int rc = report_parse(argc, argv, &a);
  if (rc) return rc;
  spagm_cov *c = load(a.db);
  if (!c) return 1;
  spagm_diag d = {0, 0, ""};
  spagm_cov_report_text(c, stdout);
  if (a.rank) spagm_cov_rank(c, stdout);
  if ((a.html && spagm_cov_report_html(c, a.html, &d) != SPAGM_OK) ||
      (a.json && spagm_cov_report_json(c, a.json, &d) != SPAGM_OK)) {
    fprintf(stderr, "spagm cov: %s\n", d.msg);
    rc = 1;
  }
  fflush(stdout);
  if (a.fail_on_holes) {
    unsigned holes = spagm_cov_report_holes(c, stderr);
    if (holes) {
      fprintf(stderr, "spagm cov: %u holes in %s\n", holes, a.db);
      rc = 1;
    }
  }
  spagm_cov_free(c);
  return rc;
}

/* The formats export and import name: UCIS XML only. */
static int format_arg(int argc, char **argv, int *i, const char **fmt) {
  bool missing = false;
  const char *v = spagm_cli_opt_value(argc, argv, i, "--format", &missing);
  if (!v && !missing) return 0;
  if (!v) return usage_error("--format needs a format (ucis-xml)%s", "");
  if (strcmp(v, "ucis-xml") != 0) return usage_error("unknown format '%s' (ucis-xml)", v);
  *fmt = v;
  return 1;
}

/* export|import --format ucis-xml IN -o OUT: the arguments into in, out. */
static int transfer_parse(const char *cmd, int argc, char **argv, const char **in,
                          const char **out) {
  const char *fmt = NULL;
  *in = *out = NULL;
  for (int i = 0; i < argc; i++) {
    bool missing = false;
    const char *v;
    int f = format_arg(argc, argv, &i, &fmt);
    if (f > 1) return f;
    if (f) continue;
    if ((v = spagm_cli_opt_value(argc, argv, &i, "-o", &missing)) || missing) {
      if (!v) return usage_error("-o needs an output file%s", "");
      *out = v;
    } else if (argv[i][0] == '-' || *in) {
      fprintf(stderr, "spagm cov: %s: unexpected argument '%s'\n", cmd, argv[i]);
      return usage_error("(%s takes --format ucis-xml IN -o OUT)", cmd);
    } else {
      *in = argv[i];
    }
  }
  if (!fmt) return usage_error("%s needs --format ucis-xml", cmd);
  if (!*in || !*out) return usage_error("%s needs an input and -o OUT", cmd);
  return 0;
}

static int cov_export(int argc, char **argv) {
  const char *in, *out;
  int rc = transfer_parse("export", argc, argv, &in, &out);
  if (rc) return rc;
  spagm_cov *c = load(in);
  if (!c) return 1;
  spagm_diag d = {0, 0, ""};
  rc = spagm_cov_export_ucis(c, out, &d) == SPAGM_OK ? 0 : 1;
  if (rc) fprintf(stderr, "spagm cov: %s: %s\n", in, d.msg);
  spagm_cov_free(c);
  return rc;
}

/* Refused (N393): a UCIS file does not say which plan its bins are of, nor
 * which input hit which bin once pyucis has merged or converted it, and a
 * database holds exactly those; a guessed database would report coverage
 * nobody measured. The exact database is the one exported. */
static int cov_import(int argc, char **argv) {
  const char *in, *out;
  int rc = transfer_parse("import", argc, argv, &in, &out);
  if (rc) return rc;
  fprintf(stderr,
          "spagm cov: %s: refused: a UCIS file cannot be imported into a spagm database exactly.\n"
          "  A database records the plan its bins belong to and which input hit which bin;\n"
          "  UCIS XML carries the plan only as a spagm attribute that pyucis's merge and\n"
          "  convert drop, and the inputs of a bin only as optional history ids they drop too.\n"
          "  Merge spagm databases with `spagm cov merge` and export the result (docs/coverage.md).\n",
          in);
  return 1;
}

int spagm_cmd_cov(int argc, char **argv) {
  if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    cov_usage(argc < 1 ? stderr : stdout);
    return argc < 1 ? 2 : 0;
  }
  if (strcmp(argv[0], "merge") == 0) return cov_merge(argc - 1, argv + 1);
  if (strcmp(argv[0], "report") == 0) return cov_report(argc - 1, argv + 1);
  if (strcmp(argv[0], "export") == 0) return cov_export(argc - 1, argv + 1);
  if (strcmp(argv[0], "import") == 0) return cov_import(argc - 1, argv + 1);
  if (strcmp(argv[0], "plan") == 0) {
    if (argc > 1) return usage_error("plan takes no arguments (got '%s')", argv[1]);
    return spagm_cov_write_plan(stdout) == SPAGM_OK ? 0 : 1;
  }
  return usage_error("unknown cov command '%s' (merge, report, export, import, plan)", argv[0]);
}
