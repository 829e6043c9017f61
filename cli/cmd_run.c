// SPDX-License-Identifier: Apache-2.0
/* spagm run — execute text scenarios on the golden model (scenario.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "cov_cli.h"
#include "scenario.h"

static void run_usage(FILE *out) {
  fprintf(out,
          "usage: spagm run [--quiet] [--cov DB] FILE...\n"
          "       spagm run --directives\n\n"
          "Runs each scenario (docs/scenario-format.md): prints every\n"
          "instruction with its results and the rule behind each value, and\n"
          "checks `expect` lines. Exit status 1 when an expectation fails or a\n"
          "scenario is malformed (reported as file:line:col). --cov DB writes the\n"
          "functional coverage of every instruction, one input per scenario file\n"
          "(docs/coverage.md).\n");
}

/* --cov: each scenario file is one input; every executed instruction is
 * sampled with the decoded form the runner executed (ISBEWR has no word). */
typedef struct run_cov {
  spagm_cov *cov;
  spagm_insn insn;
  bool word;
  const spagm_model *m;
} run_cov;

static spagm_status cov_before(void *ctx, const spagm_scn_args *where, const spagm_insn *insn,
                               bool word_executes, bool state_changed, const spagm_request *req,
                               const spagm_model *m, spagm_diag *d) {
  run_cov *rc = ctx;
  rc->insn = *insn;
  rc->word = word_executes; /* then the sampler decodes the word itself */
  rc->m = m;
  return SPAGM_OK;
}

static spagm_status cov_after(void *ctx, const spagm_scn_args *where, const spagm_request *req,
                              const spagm_response *resp, const spagm_explain *ex, spagm_diag *d) {
  run_cov *rc = ctx;
  return spagm_cov_sample(rc->cov, rc->m, rc->word ? NULL : &rc->insn, req, resp, ex);
}

int spagm_cmd_run(int argc, char **argv) {
  int quiet = 0, nfiles = 0, failed = 0;
  const char *cov_path = NULL;
  if (spagm_cli_cov_take("run", &argc, argv, &cov_path)) return 2;
  run_cov rcov = {0};
  spagm_scn_hooks hooks = {&rcov, cov_before, cov_after};
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      run_usage(stdout);
      return 0;
    }
    if (strcmp(argv[i], "--directives") == 0) {
      spagm_scn_print_directives(stdout);
      return 0;
    }
    if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
      quiet = 1;
      continue;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "spagm run: unknown option '%s'\n", argv[i]);
      run_usage(stderr);
      return 2;
    }
    nfiles++;
  }
  if (nfiles == 0) {
    run_usage(stderr);
    return 2;
  }
  if (cov_path && !(rcov.cov = spagm_cli_cov_open("run"))) return 1;
  for (int i = 0; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1] != '\0') continue;
    spagm_scn_result res;
    spagm_diag d = {0, 0, ""};
    spagm_status st = rcov.cov ? spagm_cov_begin_input(rcov.cov, argv[i], &d) : SPAGM_OK;
    if (st == SPAGM_OK)
      st = spagm_scn_run_file_hooked(argv[i], quiet ? NULL : stdout, rcov.cov ? &hooks : NULL,
                                     &res, &d);
    fflush(stdout);
    if (st == SPAGM_E_EXPECT) {
      fprintf(stderr, "spagm run: %s: %u of %u expectations failed\n", argv[i],
              res.failed, res.failed + res.expects);
      failed = 1;
    } else if (st != SPAGM_OK) {
      if (d.line > 0)
        fprintf(stderr, "%s:%d:%d: error: %s\n", argv[i], d.line, d.col, d.msg);
      else
        fprintf(stderr, "spagm run: %s: %s\n", argv[i], d.msg);
      failed = 1;
    } else {
      fprintf(stderr, "spagm run: %s: %u instructions, %u expectations held\n",
              argv[i], res.instructions, res.expects);
    }
  }
  return spagm_cli_cov_finish("run", rcov.cov, cov_path, failed);
}
