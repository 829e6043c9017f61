// SPDX-License-Identifier: Apache-2.0
/* What the long vector subcommands (gen, check, export-hex) report besides
 * their text: progress lines with rate and ETA on stderr
 * (spagm/util/progress.h) and, with --json FILE, the summary as JSON
 * (spagm/util/json.h, docs/json-summary.md). */
#ifndef SPAGM_CLI_RUN_REPORT_H
#define SPAGM_CLI_RUN_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/vec/file.h"
#include "spagm/util/json.h"
#include "spagm/util/progress.h"

typedef struct spagm_cli_run {
  const char *cmd;  /* "gen" */
  const char *json; /* --json FILE, NULL when not asked for */
  char repro[2048]; /* "spagm gen --seed 7 ...": the command without --json */
  spagm_progress progress;
  uint64_t txns; /* transactions so far (spagm_cli_run_on_txn) */
  double start;
} spagm_cli_run;

/* Take --json FILE / --json=FILE out of argv (the rest is compacted and
 * *argc lowered) and start the clock. 2 (usage error, printed) when --json
 * has no value or is given twice, else 0. */
int spagm_cli_run_begin(spagm_cli_run *r, const char *cmd, int *argc, char **argv);

/* Progress lines over the transactions of a file with header h (the total
 * is known for random files); pass spagm_cli_run_on_txn and r to
 * spagm_vec_writer_on_txn / spagm_vec_reader_on_txn. */
void spagm_cli_run_progress(spagm_cli_run *r, const spagm_vec_header *h);
void spagm_cli_run_on_txn(void *r, uint64_t txns);
/* Clear the progress line before the summary. */
void spagm_cli_run_progress_end(spagm_cli_run *r);

/* With --json: open the file and write the members every summary has
 * (tool, version, command, exit_status, status, seconds); false without
 * --json or when the file cannot be created (said on stderr). */
bool spagm_cli_json_begin(spagm_cli_run *r, spagm_json *j, int rc);
/* Close it; returns rc, or 1 when the JSON could not be written. */
int spagm_cli_json_end(spagm_cli_run *r, spagm_json *j, int rc);
/* Seconds since spagm_cli_run_begin. */
double spagm_cli_run_seconds(const spagm_cli_run *r);
/* The transactions a file with header h holds, 0 when not known. */
uint64_t spagm_cli_expected_txns(const spagm_vec_header *h);
/* Write the header's identity: source, seed/count or scenario, units. */
void spagm_cli_json_header(spagm_json *j, const spagm_vec_header *h);

#endif
