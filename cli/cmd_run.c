// SPDX-License-Identifier: Apache-2.0
/* spagm run — execute text scenarios on the golden model (scenario.h). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "scenario/scenario.h"

static void run_usage(FILE *out) {
  fprintf(out,
          "usage: spagm run [--quiet] FILE...\n"
          "       spagm run --directives\n\n"
          "Runs each scenario (docs/scenario-format.md): prints every\n"
          "instruction with its results and the rule behind each value, and\n"
          "checks `expect` lines. Exit status 1 when an expectation fails or a\n"
          "scenario is malformed (reported as file:line:col).\n");
}

int spagm_cmd_run(int argc, char **argv) {
  int quiet = 0, nfiles = 0, failed = 0;
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
  for (int i = 0; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1] != '\0') continue;
    spagm_scn_result res;
    spagm_diag d = {0, 0, ""};
    spagm_status st = spagm_scn_run_file(argv[i], quiet ? NULL : stdout, &res, &d);
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
  return failed;
}
