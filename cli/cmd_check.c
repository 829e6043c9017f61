// SPDX-License-Identifier: Apache-2.0
/* spagm check — verify vector files against the golden model: the CRCs and
 * the grammar, then every epoch's state rebuilt from the recorded words,
 * every transaction re-executed and every read-back word recomputed. A model
 * change that alters behaviour shows up here as FILE:line disagreements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "cov_cli.h"
#include "run_report.h"
#include "spagm/vec/file.h"
#include "vec_cli.h"

static void check_usage(FILE *out) {
  fprintf(out,
          "usage: spagm check [--max-reports N] [--quiet] [--json OUT] [--cov DB] FILE...\n\n"
          "Verifies each vector file (docs/vector-format.md): the CRC-32 of every\n"
          "block and of the whole file, then re-executes every transaction on the\n"
          "golden model from the recorded state and compares the responses and\n"
          "the end-of-epoch read-back words with the file. Each disagreement is\n"
          "reported as FILE:LINE: unit, tag, field, expected and actual (at most\n"
          "--max-reports per file, default 50, 0 = all). --quiet prints only\n"
          "problems. --json OUT writes the results per file as JSON\n"
          "(docs/json-summary.md). --cov DB writes the functional coverage of the\n"
          "re-executed transactions, one input per file (docs/coverage.md).\n"
          "Progress lines go to stderr.\n\n"
          "Exit status: 0 every file verified and agrees, 1 a file is malformed or\n"
          "disagrees, 2 usage error.\n");
}

/* One file's outcome, for --json. */
typedef struct check_outcome {
  const char *path;
  bool readable; /* read to its verified trailer */
  char error[320];
  spagm_vec_check_result res;
} check_outcome;

static int check_one(const char *path, unsigned max_reports, bool quiet, spagm_cli_run *run,
                     spagm_cov *cov, check_outcome *o) {
  spagm_diag d = {0, 0, ""};
  spagm_vec_header h;
  memset(o, 0, sizeof *o);
  o->path = path;
  spagm_vec_reader *r = spagm_vec_reader_open(path, &h, &d);
  if (!r) {
    spagm_cli_vec_error("check", path, &d);
    snprintf(o->error, sizeof o->error, "%d:%d: %s", d.line, d.col, d.msg);
    return 1;
  }
  spagm_cli_run_progress(run, &h);
  spagm_vec_reader_on_txn(r, spagm_cli_run_on_txn, run);
  spagm_vec_check_result res;
  /* --cov: each file is one input of the database. */
  spagm_status st = cov ? spagm_cov_begin_input(cov, path, &d) : SPAGM_OK;
  if (st == SPAGM_OK) st = spagm_vec_check_cov(r, path, stdout, max_reports, &res, cov, &d);
  spagm_vec_reader_free(r);
  spagm_cli_run_progress_end(run);
  if (st != SPAGM_OK) {
    spagm_cli_vec_error("check", path, &d);
    snprintf(o->error, sizeof o->error, "%d:%d: %s", d.line, d.col, d.msg);
    return 1;
  }
  o->readable = true;
  o->res = res;
  bool bad = res.txns_failed || res.rb_failed || res.state_failed;
  if (bad)
    printf("%s: FAILED: %llu of %llu transactions disagree (%llu fields), %llu of %llu read-back "
           "words, %llu state words\n",
           path, (unsigned long long)res.txns_failed, (unsigned long long)res.txns,
           (unsigned long long)res.differences, (unsigned long long)res.rb_failed,
           (unsigned long long)res.rb_words, (unsigned long long)res.state_failed);
  else if (!quiet)
    printf("%s: ok: %llu transactions and %llu read-back words agree with the model\n", path,
           (unsigned long long)res.txns, (unsigned long long)res.rb_words);
  return bad ? 1 : 0;
}

static int check_summary(spagm_cli_run *run, const check_outcome *o, int n, int rc) {
  spagm_json j;
  if (!spagm_cli_json_begin(run, &j, rc)) return run->json ? 1 : rc;
  spagm_json_array(&j, "files");
  for (int i = 0; i < n; i++) {
    const spagm_vec_check_result *r = &o[i].res;
    spagm_json_object(&j, NULL);
    spagm_json_str(&j, "file", o[i].path);
    bool bad = !o[i].readable || r->txns_failed || r->rb_failed || r->state_failed;
    spagm_json_str(&j, "status", bad ? "failed" : "passed");
    if (!o[i].readable) spagm_json_str(&j, "error", o[i].error);
    spagm_json_u64(&j, "transactions", r->txns);
    spagm_json_u64(&j, "transactions_failed", r->txns_failed);
    spagm_json_u64(&j, "differences", r->differences);
    spagm_json_u64(&j, "readback_words", r->rb_words);
    spagm_json_u64(&j, "readback_failed", r->rb_failed);
    spagm_json_u64(&j, "state_failed", r->state_failed);
    spagm_json_end(&j);
  }
  spagm_json_end(&j);
  return spagm_cli_json_end(run, &j, rc);
}

int spagm_cmd_check(int argc, char **argv) {
  uint64_t max_reports = 50;
  bool quiet = false;
  spagm_cli_run run;
  if (spagm_cli_run_begin(&run, "check", &argc, argv)) return 2;
  const char *cov_path = NULL;
  if (spagm_cli_cov_take("check", &argc, argv, &cov_path)) return 2;
  const char **files = malloc(sizeof *files * (size_t)(argc > 0 ? argc : 1));
  int nfiles = 0;
  if (!files) {
    fprintf(stderr, "spagm check: out of memory\n");
    return 1;
  }
  for (int i = 0; i < argc; i++) {
    const char *v;
    bool missing;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      check_usage(stdout);
      free(files);
      return 0;
    }
    if (strcmp(argv[i], "--quiet") == 0) {
      quiet = true;
    } else if ((v = spagm_cli_opt_value(argc, argv, &i, "--max-reports", &missing)) || missing) {
      if (!v || !spagm_cli_parse_num(v, 1000000000, &max_reports)) {
        fprintf(stderr, "spagm check: --max-reports needs a number\n");
        free(files);
        return 2;
      }
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "spagm check: unknown option '%s'\n", argv[i]);
      check_usage(stderr);
      free(files);
      return 2;
    } else {
      files[nfiles++] = argv[i];
    }
  }
  if (nfiles == 0) {
    check_usage(stderr);
    free(files);
    return 2;
  }
  check_outcome *out = calloc((size_t)nfiles, sizeof *out);
  if (!out) {
    fprintf(stderr, "spagm check: out of memory\n");
    free(files);
    return 1;
  }
  int rc = 0;
  spagm_cov *cov = NULL;
  if (cov_path && !(cov = spagm_cli_cov_open("check"))) rc = 1;
  for (int i = 0; i < nfiles && (!cov_path || cov); i++)
    if (check_one(files[i], (unsigned)max_reports, quiet, &run, cov, &out[i])) rc = 1;
  rc = spagm_cli_cov_finish("check", cov, cov_path, rc);
  rc = check_summary(&run, out, nfiles, rc);
  free(out);
  free(files);
  return rc;
}
