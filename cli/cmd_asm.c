// SPDX-License-Identifier: Apache-2.0
/* spagm asm — assemble SASS text into SM50 words (docs/assembly.md).
 *
 * Output: one `0x%016llx` word per line, or with --sched one 32-byte group
 * per line: the control word, then three instruction words. The last group
 * is padded with the word 0 and a neutral control field (N15): SM50 has a
 * NOP but our instruction set does not, and 0 is not an instruction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_io.h"
#include "commands.h"
#include "spagm/asm.h"

static void asm_usage(FILE *out) {
  fprintf(out,
          "usage: spagm asm [--sched] [--stage VSA|VSB|TI|TS|GS|PS] FILE|-\n\n"
          "Assembles the instructions of FILE (- reads stdin) and prints one\n"
          "64-bit word per line as 0x%%016x. With --sched it prints 32-byte\n"
          "groups instead, one per line: the scheduling control word, then\n"
          "three instruction words; the last group is padded with the word 0.\n"
          "--stage enables the stage checks of rule R8 (e.g. an ALD in GS must\n"
          "name its vertex handle). Syntax: docs/assembly.md.\n\n"
          "Exit status: 0 success, 1 bad input (reported as FILE:line:col),\n"
          "2 usage error.\n");
}

typedef struct asm_args {
  int sched;
  int stage;
  const char *path;
} asm_args;

/* 0 = go on, otherwise the exit status to return. */
static int parse_args(int argc, char **argv, asm_args *a) {
  a->sched = 0;
  a->stage = -1;
  a->path = NULL;
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    const char *stage = NULL;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      asm_usage(stdout);
      return -1;
    } else if (strcmp(arg, "--sched") == 0) {
      a->sched = 1;
      continue;
    } else if (strcmp(arg, "--stage") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "spagm asm: --stage needs a stage name (VSA, VSB, TI, TS, GS, PS)\n");
        return 2;
      }
      stage = argv[++i];
    } else if (strncmp(arg, "--stage=", 8) == 0) {
      stage = arg + 8;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      fprintf(stderr, "spagm asm: unknown option '%s'\n", arg);
      asm_usage(stderr);
      return 2;
    } else {
      if (a->path) {
        fprintf(stderr, "spagm asm: one input file only ('%s' and '%s')\n", a->path, arg);
        return 2;
      }
      a->path = arg;
      continue;
    }
    a->stage = spagm_cli_stage_of(stage);
    if (a->stage < 0) {
      fprintf(stderr, "spagm asm: unknown stage '%s' (VSA, VSB, TI, TS, GS, PS)\n", stage);
      return 2;
    }
  }
  if (!a->path) {
    asm_usage(stderr);
    return 2;
  }
  return 0;
}

static void print_groups(const spagm_insn *insns, const uint64_t *words, size_t n) {
  for (size_t i = 0; i < n; i += 3) {
    spagm_sched s[3];
    uint64_t w[3];
    for (size_t j = 0; j < 3; j++) {
      if (i + j < n) {
        s[j] = insns[i + j].sched;
        w[j] = words[i + j];
      } else {
        spagm_insn pad; /* N15: neutral control field, word 0 */
        spagm_insn_init(&pad, SPAGM_OP_NONE);
        s[j] = pad.sched;
        w[j] = 0;
      }
    }
    printf("0x%016llx 0x%016llx 0x%016llx 0x%016llx\n",
           (unsigned long long)spagm_sched_pack(s), (unsigned long long)w[0],
           (unsigned long long)w[1], (unsigned long long)w[2]);
  }
}

/* Read and assemble the input; 0, or 1 after reporting the error. */
static int assemble(const asm_args *a, const char *name, spagm_insn **insns, spagm_srcpos **pos,
                    size_t *n) {
  char *src, err[300];
  size_t len;
  if (!spagm_cli_read_all(a->path, &src, &len, err, sizeof err)) {
    fprintf(stderr, "spagm asm: %s\n", err);
    return 1;
  }
  spagm_asm_opts opts = {a->stage};
  spagm_diag d = {0, 0, ""};
  spagm_status st = spagm_asm_text_pos(src, len, &opts, insns, pos, n, &d);
  free(src);
  if (st != SPAGM_OK) {
    if (d.line > 0)
      fprintf(stderr, "%s:%d:%d: error: %s\n", name, d.line, d.col, d.msg);
    else
      fprintf(stderr, "spagm asm: %s: %s\n", name, d.msg);
    return 1;
  }
  return 0;
}

/* The word of every instruction, with an error for each that has none
 * and a warning for what the word drops; 1 when one had no word. */
static int encode_all(const spagm_insn *insns, const spagm_srcpos *pos, size_t n,
                      const char *name, int sched, uint64_t *words) {
  spagm_diag d = {0, 0, ""};
  int bad = 0, warned_sched = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned dropped = 0;
    if (spagm_encode(&insns[i], &words[i], &dropped, &d) != SPAGM_OK) {
      /* ISBEWR: text only (DESIGN §7.1). */
      fprintf(stderr, "%s:%d:%d: error: %s\n", name, pos[i].line, pos[i].col, d.msg);
      bad = 1;
      continue;
    }
    if (dropped & SPAGM_DROPPED_PHASE)
      fprintf(stderr,
              "%s:%d:%d: warning: the TLDS phase .%s has no bit in the SM50 word "
              "and is dropped from the encoding (spec-notes N2)\n",
              name, pos[i].line, pos[i].col,
              insns[i].phase == SPAGM_PHASE_T ? "T" : "P");
    if (insns[i].has_sched && !sched && !warned_sched) {
      fprintf(stderr,
              "%s:%d:%d: warning: scheduling annotations live in control words, "
              "which only --sched writes; they are dropped\n",
              name, pos[i].line, pos[i].col);
      warned_sched = 1;
    }
  }
  return bad;
}

/* Words or 32-byte groups to stdout; 1 when the output cannot be written. */
static int print_words(const spagm_insn *insns, const uint64_t *words, size_t n, int sched) {
  if (sched)
    print_groups(insns, words, n);
  else
    for (size_t i = 0; i < n; i++) printf("0x%016llx\n", (unsigned long long)words[i]);
  if (fflush(stdout) != 0) {
    fprintf(stderr, "spagm asm: cannot write the output\n");
    return 1;
  }
  return 0;
}

int spagm_cmd_asm(int argc, char **argv) {
  asm_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc != 0) return rc < 0 ? 0 : rc;
  const char *name = spagm_cli_input_name(a.path);
  spagm_insn *insns;
  spagm_srcpos *pos;
  size_t n;
  if (assemble(&a, name, &insns, &pos, &n)) return 1;
  uint64_t *words = malloc((n ? n : 1) * sizeof *words);
  if (!words) {
    fprintf(stderr, "spagm asm: out of memory\n");
    free(insns);
    free(pos);
    return 1;
  }
  int bad = encode_all(insns, pos, n, name, a.sched, words);
  if (!bad) bad = print_words(insns, words, n, a.sched);
  free(words);
  free(insns);
  free(pos);
  return bad;
}
