// SPDX-License-Identifier: Apache-2.0
/* spagm — command line entry point: dispatches to one subcommand. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "spagm/vec/file.h"
#include "spagm/version.h"

typedef struct command {
  const char *name;
  int (*fn)(int argc, char **argv);
  const char *summary;
} command;

static int cmd_help(int argc, char **argv);

static const command commands[] = {
    {"asm", spagm_cmd_asm,
     "assemble SASS text (FILE or -) into 64-bit words, one per line"},
    {"disasm", spagm_cmd_disasm,
     "disassemble words (FILE or -), one word or 32-byte group per line"},
    {"gtkwave-filter", spagm_cmd_gtkwave_filter,
     "GTKWave translate filter: hex words on stdin to disassembly"},
    {"run", spagm_cmd_run,
     "run a text scenario on the golden model and check its expectations"},
    {"gen", spagm_cmd_gen, "write golden vectors: seeded random traffic or a scenario"},
    {"check", spagm_cmd_check, "verify vector files and re-execute them on the model"},
    {"merge", spagm_cmd_merge, "join the shards of a `gen --shard I/N` run into one file"},
    {"export-hex", spagm_cmd_export_hex,
     "write a vector file as $readmemh files for the replay testbench"},
    {"regress", spagm_cmd_regress,
     "run a regression set with spagm-regress (docs/regress.md)"},
    {"mutate", spagm_cmd_mutate,
     "mutation analysis: how many RTL faults the regression catches (docs/mutate.md)"},
    {"cov", spagm_cmd_cov,
     "functional coverage: merge and report databases, print the plan"},
    {"help", cmd_help, "show this help, or `spagm help COMMAND`"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out) {
  fprintf(out,
          "spagm %s — golden model of the SPA 5.x attribute, pixel and "
          "texture-load units\n\n"
          "usage: spagm COMMAND [ARGS]\n\ncommands:\n",
          spagm_version());
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-14s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "\n`spagm COMMAND --help` shows a command's options.\n");
}

static int cmd_help(int argc, char **argv) {
  if (argc >= 1) {
    for (size_t i = 0; i < NCOMMANDS; i++) {
      if (strcmp(argv[0], commands[i].name) == 0 && commands[i].fn != cmd_help) {
        char help[] = "--help";
        char *args[] = {help, NULL};
        return commands[i].fn(1, args);
      }
    }
    fprintf(stderr, "spagm help: unknown command '%s'\n", argv[0]);
    usage(stderr);
    return 2;
  }
  usage(stdout);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(argv[1], "--version") == 0) {
    /* The release (semantic version, the library's spagm_version()) and the
     * vector file format, which is versioned on its own (docs/vector-format.md). */
    printf("spagm %s (vector file format %d)\n", spagm_version(),
           SPAGM_VEC_FORMAT_VERSION);
    return 0;
  }
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(argv[1], commands[i].name) == 0)
      return commands[i].fn(argc - 2, argv + 2);
  fprintf(stderr, "spagm: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 2;
}
