// SPDX-License-Identifier: Apache-2.0
/* Progress and JSON summaries of the vector subcommands (run_report.h). */
#define _POSIX_C_SOURCE 200809L
#include "run_report.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "spagm/spagm.h"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void add_repro(spagm_cli_run *r, const char *word) {
  size_t n = strlen(r->repro);
  snprintf(r->repro + n, sizeof r->repro - n, " %s", word);
}

int spagm_cli_run_begin(spagm_cli_run *r, const char *cmd, int *argc, char **argv) {
  memset(r, 0, sizeof *r);
  r->cmd = cmd;
  r->start = now_s();
  snprintf(r->repro, sizeof r->repro, "spagm %s", cmd);
  int out = 0;
  for (int i = 0; i < *argc; i++) {
    const char *v = NULL;
    if (strcmp(argv[i], "--json") == 0) {
      v = i + 1 < *argc ? argv[++i] : "";
    } else if (strncmp(argv[i], "--json=", 7) == 0) {
      v = argv[i] + 7;
    } else {
      add_repro(r, argv[i]);
      argv[out++] = argv[i];
      continue;
    }
    if (!*v || r->json) {
      fprintf(stderr, "spagm %s: %s\n", cmd,
              *v ? "--json is given twice" : "--json needs a file name");
      return 2;
    }
    r->json = v;
  }
  *argc = out;
  return 0;
}

uint64_t spagm_cli_expected_txns(const spagm_vec_header *h) {
  if (h->source != SPAGM_VEC_SOURCE_RANDOM) return 0;
  unsigned units = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) units += h->units >> u & 1u;
  uint64_t all = (uint64_t)h->count * units;
  if (!h->sharded || h->epochs == 0) return all;
  return all * h->shard_epochs / h->epochs; /* about: epochs differ a little */
}

void spagm_cli_run_progress(spagm_cli_run *r, const spagm_vec_header *h) {
  spagm_progress_start(&r->progress, stderr, r->cmd, "transactions", spagm_cli_expected_txns(h));
}

void spagm_cli_run_on_txn(void *r, uint64_t txns) {
  spagm_cli_run *run = (spagm_cli_run *)r;
  run->txns = txns;
  spagm_progress_update(&run->progress, txns);
}

void spagm_cli_run_progress_end(spagm_cli_run *r) { spagm_progress_end(&r->progress); }

double spagm_cli_run_seconds(const spagm_cli_run *r) { return now_s() - r->start; }

bool spagm_cli_json_begin(spagm_cli_run *r, spagm_json *j, int rc) {
  if (!r->json) return false;
  spagm_diag d = {0, 0, ""};
  if (!spagm_json_open(j, r->json, &d)) {
    fprintf(stderr, "spagm %s: --json %s: %s\n", r->cmd, r->json, d.msg);
    return false;
  }
  char tool[48];
  snprintf(tool, sizeof tool, "spagm %s", r->cmd);
  spagm_json_str(j, "tool", tool);
  spagm_json_str(j, "version", spagm_version());
  spagm_json_str(j, "command", r->repro);
  spagm_json_u64(j, "exit_status", (uint64_t)rc);
  spagm_json_str(j, "status", rc == 0 ? "passed" : "failed");
  spagm_json_f64(j, "seconds", spagm_cli_run_seconds(r));
  return true;
}

int spagm_cli_json_end(spagm_cli_run *r, spagm_json *j, int rc) {
  spagm_diag d = {0, 0, ""};
  if (spagm_json_close(j, &d)) return rc;
  fprintf(stderr, "spagm %s: --json %s: %s\n", r->cmd, r->json, d.msg);
  return 1;
}

void spagm_cli_json_header(spagm_json *j, const spagm_vec_header *h) {
  bool random = h->source == SPAGM_VEC_SOURCE_RANDOM;
  spagm_json_str(j, "source", random ? "random" : "scenario");
  if (random) {
    spagm_json_u64(j, "seed", h->seed);
    spagm_json_u64(j, "count", h->count);
    spagm_json_u64(j, "epoch_txns", h->epoch_txns);
    spagm_json_u64(j, "illegal_ppm", h->illegal_ppm);
  } else {
    spagm_json_str(j, "scenario", h->scenario);
  }
  spagm_json_array(j, "units");
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (h->units >> u & 1u) spagm_json_str(j, NULL, spagm_unit_name((spagm_unit)u));
  spagm_json_end(j);
  spagm_json_u64(j, "epochs", h->sharded ? h->shard_epochs : h->epochs);
  if (h->sharded) {
    spagm_json_u64(j, "shard_index", h->shard_index);
    spagm_json_u64(j, "shard_count", h->shard_count);
  }
}
