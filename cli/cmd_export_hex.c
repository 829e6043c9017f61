// SPDX-License-Identifier: Apache-2.0
/* spagm export-hex — a vector file as $readmemh files for the replay
 * testbench (docs/vector-format.md, "Hex export"; testbench/tb_replay.sv). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
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
  spagm_vec_reader *r = spagm_vec_reader_open(args[0], NULL, &d);
  if (!r) {
    spagm_cli_vec_error("export-hex", args[0], &d);
    return 1;
  }
  spagm_status st = spagm_vec_export_hex(r, args[0], args[1], &d);
  spagm_vec_reader_free(r);
  if (st != SPAGM_OK) {
    spagm_cli_vec_error("export-hex", d.line > 0 ? args[0] : args[1], &d);
    return 1;
  }
  return 0;
}
