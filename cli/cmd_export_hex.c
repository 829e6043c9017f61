// SPDX-License-Identifier: Apache-2.0
/* spagm export-hex — a vector file as $readmemh files for the replay
 * testbench (docs/vector-format.md, "Hex export"; testbench/replay/tb_replay.sv). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "run_report.h"
#include "signal_cleanup.h"
#include "spagm/vec/file.h"
#include "vec_cli.h"

static void export_usage(FILE *out) {
  fprintf(out,
          "usage: spagm export-hex [--json OUT] FILE DIR\n\n"
          "Verifies the vector file FILE and writes it into the directory DIR as\n"
          "$readmemh files: per unit the state words, the packed requests, the\n"
          "expected responses, the masks of the bits that are compared, tags and\n"
          "source lines, the read-back words and per-epoch counts; the texture\n"
          "memory of each epoch as whole 4 KiB pages (tex_mem.hex); fields.hex\n"
          "(the response field table) and manifest.hex (counts and widths), which\n"
          "the replay testbench reads (testbench/replay/tb_replay.sv: +vectors=DIR).\n"
          "DIR is built beside its final name and renamed into place; an earlier\n"
          "export in DIR is replaced. Progress lines go to stderr; --json OUT\n"
          "writes the summary as JSON (docs/json-summary.md).\n\n"
          "Exit status: 0 success, 1 bad input (FILE:line:col) or I/O failure,\n"
          "2 usage error.\n");
}

/* Store the files the export builds in DIR.partial-PID, then that
 * directory, so a signal removes them (signal_cleanup.h); false when a
 * path does not fit (then no handler: the export still works). */
static bool remember_partial(const char *dir, uint32_t units) {
  char tmp[4096], path[4096 + 64], name[64];
  if (!spagm_vec_export_hex_partial_dir(dir, tmp, sizeof tmp)) return false;
  size_t n = spagm_vec_export_hex_file_count(units);
  for (size_t k = 0; k < n; k++) {
    if (!spagm_vec_export_hex_file_name(units, k, name, sizeof name)) return false;
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    if (!spagm_cli_cleanup_file(path)) return false;
  }
  return spagm_cli_cleanup_dir(tmp);
}

static int export_summary(spagm_cli_run *run, const char *file, const char *dir,
                          const spagm_vec_header *h, int rc) {
  spagm_json j;
  if (!spagm_cli_json_begin(run, &j, rc)) return run->json ? 1 : rc;
  spagm_json_str(&j, "input", file);
  spagm_json_str(&j, "output", dir);
  if (h) spagm_cli_json_header(&j, h);
  double s = spagm_cli_run_seconds(run);
  spagm_json_u64(&j, "transactions", run->txns);
  spagm_json_f64(&j, "transactions_per_s", s > 0 ? (double)run->txns / s : 0);
  return spagm_cli_json_end(run, &j, rc);
}

int spagm_cmd_export_hex(int argc, char **argv) {
  spagm_cli_run run;
  if (spagm_cli_run_begin(&run, "export-hex", &argc, argv)) return 2;
  const char *args[2];
  int n = 0;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      export_usage(stdout);
      return 0;
    }
    if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "spagm export-hex: unknown option '%s'\n", argv[i]);
      export_usage(stderr);
      return 2;
    }
    if (n == 2) {
      fprintf(stderr, "spagm export-hex: one FILE and one DIR ('%s' is one too many)\n", argv[i]);
      return 2;
    }
    args[n++] = argv[i];
  }
  if (n != 2) {
    export_usage(stderr);
    return 2;
  }
  spagm_diag d = {0, 0, ""};
  spagm_vec_header h;
  spagm_vec_reader *r = spagm_vec_reader_open(args[0], &h, &d);
  if (!r) {
    spagm_cli_vec_error("export-hex", args[0], &d);
    return export_summary(&run, args[0], args[1], NULL, 1);
  }
  if (remember_partial(args[1], h.units)) spagm_cli_cleanup_install();
  spagm_cli_run_progress(&run, &h);
  spagm_vec_reader_on_txn(r, spagm_cli_run_on_txn, &run);
  spagm_status st = spagm_vec_export_hex(r, args[0], args[1], &d);
  spagm_cli_cleanup_done();
  spagm_cli_run_progress_end(&run);
  spagm_vec_reader_free(r);
  if (st != SPAGM_OK) spagm_cli_vec_error("export-hex", d.line > 0 ? args[0] : args[1], &d);
  return export_summary(&run, args[0], args[1], &h, st != SPAGM_OK);
}
