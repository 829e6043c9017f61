// SPDX-License-Identifier: Apache-2.0
/* spagm gen — write golden vector files (docs/vector-format.md): random
 * traffic from the seeded stimulus generator, optionally one shard of it,
 * or directed vectors recorded from a scenario. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "cov_cli.h"
#include "spagm/vec/file.h"
#include "vec_cli.h"
#include "run_report.h"
#include "signal_cleanup.h"
#include "vec_scenario.h"

static void gen_usage(FILE *out) {
  fprintf(out,
          "usage: spagm gen --count N [--seed N] [--units attr,pix,tex] [--epoch-txns N]\n"
          "                 [--illegal-ppm N] [--shard I/N] [--json OUT] [--cov DB] -o FILE\n"
          "       spagm gen --scenario FILE.scn [--json OUT] -o FILE\n\n"
          "Writes a golden vector file (docs/vector-format.md). The first form\n"
          "records the seeded random traffic of the co-simulation: per unit, N\n"
          "requests in epochs of at most --epoch-txns (default 1000; a unit whose\n"
          "stage does not suit the epoch gets a twentieth), each epoch with its\n"
          "own state; --seed (default 1), --units (default attr,pix,tex) and\n"
          "--illegal-ppm (illegal words per million, default 10000) are those of\n"
          "spagm-cosim. The same options give the same bytes on every run and\n"
          "machine. --shard I/N (1 <= I <= N) writes only the I-th of N contiguous\n"
          "ranges of epochs; `spagm merge` joins the N shards into the file the\n"
          "run without --shard writes.\n\n"
          "The second form runs a scenario (docs/scenario-format.md) and records\n"
          "each instruction as a transaction; a unit directive or `reset` after\n"
          "instructions starts a new epoch with a full state record. The\n"
          "scenario's expectations must hold.\n\n"
          "The file is written under a temporary name and renamed when complete.\n"
          "Progress lines go to stderr; --json OUT writes the summary as JSON\n"
          "(docs/json-summary.md); --cov DB writes the functional coverage of the\n"
          "random traffic, one input named by the options (docs/coverage.md).\n"
          "Exit status: 0 success, 1 bad input or failure (FILE:line:col), 2 usage\n"
          "error.\n");
}

typedef struct gen_args {
  uint64_t seed, count, epoch_txns, illegal_ppm, shard_i, shard_n;
  uint32_t units;
  bool random_opt, have_count;
  const char *scenario, *out;
} gen_args;

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "spagm gen: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(spagm gen --help shows the options)\n");
  return 2;
}

/* --shard I/N (1 <= I <= N); 0 or the exit status of a usage error. */
static int shard_arg(const char *v, gen_args *a) {
  const char *slash = v ? strchr(v, '/') : NULL;
  char first[32];
  if (!slash || (size_t)(slash - v) >= sizeof first)
    return usage_error("--shard needs I/N, e.g. 3/8", "");
  memcpy(first, v, (size_t)(slash - v));
  first[slash - v] = '\0';
  if (!spagm_cli_parse_num(first, UINT32_MAX, &a->shard_i) ||
      !spagm_cli_parse_num(slash + 1, UINT32_MAX, &a->shard_n) || a->shard_n == 0 ||
      a->shard_i == 0 || a->shard_i > a->shard_n)
    return usage_error("--shard I/N needs 1 <= I <= N (got '%s')", v);
  return 0;
}

/* One option of random traffic at argv[*i] (--seed, --count, --epoch-txns,
 * --illegal-ppm, --units, --shard); *matched false when it is none of
 * them. 0 or the exit status of a usage error. */
static int random_option(int argc, char **argv, int *i, gen_args *a, bool *matched) {
  const char *v;
  bool missing;
  *matched = true;
  if ((v = spagm_cli_opt_value(argc, argv, i, "--seed", &missing)) || missing) {
    if (!v || !spagm_cli_parse_num(v, UINT64_MAX, &a->seed))
      return usage_error("--seed needs a number", "");
  } else if ((v = spagm_cli_opt_value(argc, argv, i, "--count", &missing)) || missing) {
    if (!v || !spagm_cli_parse_num(v, UINT32_MAX, &a->count) || a->count == 0)
      return usage_error("--count needs a number from 1 to 4294967295", "");
    a->have_count = true;
  } else if ((v = spagm_cli_opt_value(argc, argv, i, "--epoch-txns", &missing)) || missing) {
    if (!v || !spagm_cli_parse_num(v, UINT32_MAX, &a->epoch_txns) || a->epoch_txns == 0)
      return usage_error("--epoch-txns needs a number from 1 to 4294967295", "");
  } else if ((v = spagm_cli_opt_value(argc, argv, i, "--illegal-ppm", &missing)) || missing) {
    if (!v || !spagm_cli_parse_num(v, 1000000, &a->illegal_ppm))
      return usage_error("--illegal-ppm needs a number from 0 to 1000000", "");
  } else if ((v = spagm_cli_opt_value(argc, argv, i, "--units", &missing)) || missing) {
    if (!v || !spagm_vec_parse_units(v, &a->units))
      return usage_error("--units needs a list of attr, pix, tex, e.g. attr,pix (got '%s')",
                         v ? v : "");
  } else if ((v = spagm_cli_opt_value(argc, argv, i, "--shard", &missing)) || missing) {
    int rc = shard_arg(v, a);
    if (rc) return rc;
  } else {
    *matched = false;
    return 0;
  }
  a->random_opt = true;
  return 0;
}

/* The options fit together: an output, and random traffic or a scenario. */
static int check_args(const gen_args *a) {
  if (!a->out) return usage_error("no output file: give -o FILE", "");
  if (a->scenario && a->random_opt)
    return usage_error("--scenario records a scenario: the random-traffic options do not apply",
                       "");
  if (!a->scenario && !a->have_count)
    return usage_error("give --count N (random traffic) or --scenario FILE", "");
  return 0;
}

static int parse_args(int argc, char **argv, gen_args *a) {
  memset(a, 0, sizeof *a);
  a->seed = 1;
  a->epoch_txns = 1000;
  a->illegal_ppm = 10000;
  a->units = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX) | (1u << SPAGM_UNIT_TEX);
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i], *v;
    bool missing, matched;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      gen_usage(stdout);
      return -1;
    }
    int rc = random_option(argc, argv, &i, a, &matched);
    if (rc) return rc;
    if (matched) continue;
    if ((v = spagm_cli_opt_value(argc, argv, &i, "--scenario", &missing)) || missing) {
      if (!v) return usage_error("--scenario needs a scenario file", "");
      a->scenario = v;
    } else if ((v = spagm_cli_opt_value(argc, argv, &i, "-o", &missing)) || missing ||
               (v = spagm_cli_opt_value(argc, argv, &i, "--output", &missing)) || missing) {
      if (!v) return usage_error("-o needs an output file", "");
      a->out = v;
    } else {
      return usage_error("unexpected argument '%s'", arg);
    }
  }
  return check_args(a);
}

/* Write the random file; a signal on the way removes the partial file
 * (signal_cleanup.h) and ends the process with that signal. */
static int gen_random(const gen_args *a, const spagm_vec_header *h, spagm_cli_run *run,
                      spagm_cov *cov) {
  spagm_diag d = {0, 0, ""};
  spagm_vec_writer *w = spagm_vec_writer_open(a->out, h, &d);
  if (!w) {
    spagm_cli_vec_error("gen", a->out, &d);
    return 1;
  }
  if (spagm_cli_cleanup_file(spagm_vec_writer_partial_path(w))) spagm_cli_cleanup_install();
  spagm_cli_run_progress(run, h);
  spagm_vec_writer_on_txn(w, spagm_cli_run_on_txn, run);
  spagm_status st = spagm_vec_gen_random_cov(w, h, cov, &d);
  if (st != SPAGM_OK) spagm_vec_writer_abort(w);
  else st = spagm_vec_writer_close(w, &d);
  spagm_cli_cleanup_done();
  spagm_cli_run_progress_end(run);
  if (st != SPAGM_OK) {
    spagm_cli_vec_error("gen", a->out, &d);
    return 1;
  }
  return 0;
}

/* --json: what was written (docs/json-summary.md). */
static int gen_summary(spagm_cli_run *run, const gen_args *a, const spagm_vec_header *h, int rc) {
  spagm_json j;
  if (!spagm_cli_json_begin(run, &j, rc)) return run->json ? 1 : rc;
  if (h) spagm_cli_json_header(&j, h);
  else spagm_json_str(&j, "scenario", a->scenario);
  spagm_json_str(&j, "output", a->out);
  if (h) {
    double s = spagm_cli_run_seconds(run);
    spagm_json_u64(&j, "transactions", run->txns);
    spagm_json_f64(&j, "transactions_per_s", s > 0 ? (double)run->txns / s : 0);
  }
  return spagm_cli_json_end(run, &j, rc);
}

int spagm_cmd_gen(int argc, char **argv) {
  spagm_cli_run run;
  if (spagm_cli_run_begin(&run, "gen", &argc, argv)) return 2;
  const char *cov_path = NULL;
  if (spagm_cli_cov_take("gen", &argc, argv, &cov_path)) return 2;
  gen_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc != 0) return rc < 0 ? 0 : rc;
  if (cov_path && a.scenario) {
    fprintf(stderr, "spagm gen: --cov collects random traffic; use `spagm run --cov` for a scenario\n");
    return 2;
  }
  spagm_diag d = {0, 0, ""};
  if (a.scenario) {
    const char *where = a.scenario;
    rc = spagm_cli_record_scenario(a.scenario, a.out, NULL, &where, &d) != SPAGM_OK;
    if (rc) spagm_cli_vec_error("gen", where ? where : a.out, &d);
    return gen_summary(&run, &a, NULL, rc);
  }
  spagm_vec_header h;
  if (spagm_vec_header_random(&h, a.seed, (uint32_t)a.count, (uint32_t)a.epoch_txns,
                              (uint32_t)a.illegal_ppm, a.units, &d) != SPAGM_OK) {
    spagm_cli_vec_error("gen", a.out, &d);
    return gen_summary(&run, &a, NULL, 1);
  }
  if (a.shard_n) {
    h.sharded = true;
    h.shard_index = (uint32_t)a.shard_i;
    h.shard_count = (uint32_t)a.shard_n;
    spagm_vec_shard_range(h.epochs, h.shard_index, h.shard_count, &h.first_epoch,
                          &h.shard_epochs);
  }
  /* --cov: the run is one input of the database, named by its options. */
  spagm_cov *cov = NULL;
  if (cov_path) {
    char name[200], units[16] = "";
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
      if (a.units >> u & 1u)
        snprintf(units + strlen(units), sizeof units - strlen(units), "%s%s", *units ? "," : "",
                 spagm_unit_name((spagm_unit)u));
    snprintf(name, sizeof name, "gen --seed %llu --count %llu --units %s --epoch-txns %llu "
             "--illegal-ppm %llu",
             (unsigned long long)a.seed, (unsigned long long)a.count, units,
             (unsigned long long)a.epoch_txns, (unsigned long long)a.illegal_ppm);
    if (a.shard_n)
      snprintf(name + strlen(name), sizeof name - strlen(name), " --shard %llu/%llu",
               (unsigned long long)a.shard_i, (unsigned long long)a.shard_n);
    if (!(cov = spagm_cli_cov_open("gen")) || spagm_cov_begin_input(cov, name, &d) != SPAGM_OK) {
      spagm_cov_free(cov);
      return gen_summary(&run, &a, &h, 1);
    }
  }
  rc = gen_random(&a, &h, &run, cov);
  return gen_summary(&run, &a, &h, spagm_cli_cov_finish("gen", cov, cov_path, rc));
}
