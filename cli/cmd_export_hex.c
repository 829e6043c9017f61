// SPDX-License-Identifier: Apache-2.0
/* spagm export-hex — a vector file as $readmemh files for the replay
 * testbench (docs/vector-format.md, "Hex export"; testbench/tb_replay.sv). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "signal_cleanup.h"
#include "spagm/vec/file.h"
#include "vec_cli.h"

static void export_usage(FILE *out) {
  fprintf(out,
          "usage: spagm export-hex FILE DIR\n\n"
          "Verifies the vector file FILE and writes it into the directory DIR as\n"
          "$readmemh files: per unit the state words, the packed requests, the\n"
          "expected responses, the masks of the bits that are compared, tags and\n"
          "source lines, the read-back words and per-epoch counts; the texture\n"
          "memory of each epoch as whole 4 KiB pages (tex_mem.hex); fields.hex\n"
          "(the response field table) and manifest.hex (counts and widths), which\n"
          "the replay testbench reads (testbench/tb_replay.sv: +vectors=DIR).\n"
          "DIR is built beside its final name and renamed into place; an earlier\n"
          "export in DIR is replaced.\n\n"
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

int spagm_cmd_export_hex(int argc, char **argv) {
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
    return 1;
  }
  if (remember_partial(args[1], h.units)) spagm_cli_cleanup_install();
  spagm_status st = spagm_vec_export_hex(r, args[0], args[1], &d);
  spagm_cli_cleanup_done();
  spagm_vec_reader_free(r);
  if (st != SPAGM_OK) {
    spagm_cli_vec_error("export-hex", d.line > 0 ? args[0] : args[1], &d);
    return 1;
  }
  return 0;
}
