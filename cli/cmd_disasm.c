// SPDX-License-Identifier: Apache-2.0
/* spagm disasm — SM50 words back to canonical text (docs/assembly.md).
 *
 * Input: one hex word per line, or with --sched one 32-byte group per line
 * (control word, three instruction words) as `spagm asm --sched` writes.
 * Blank lines and comments (# or // to end of line) are skipped. Every bad
 * line is reported as FILE:line:col; the exit status is then 1. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_io.h"
#include "commands.h"
#include "spagm/asm.h"

static void disasm_usage(FILE *out) {
  fprintf(out,
          "usage: spagm disasm [--sched] FILE|-\n\n"
          "Reads 64-bit words from FILE (- reads stdin), one per line as hex\n"
          "(0x prefix optional), and prints one canonical instruction per\n"
          "line. With --sched each line is a 32-byte group: the control word\n"
          "then three instruction words; annotations are printed and trailing\n"
          "zero words of the last group are padding. Syntax: docs/assembly.md.\n\n"
          "Exit status: 0 success, 1 bad input (reported as FILE:line:col),\n"
          "2 usage error.\n");
}

typedef struct reader {
  const char *name;
  int line;
  int bad;
  int padded_line; /* line of a group that ended in padding, 0 if none */
} reader;

static void line_error(reader *r, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void line_error(reader *r, int col, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d:%d: error: ", r->name, r->line, col);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  r->bad = 1;
}

typedef struct token {
  const char *s;
  size_t n;
  int col;
} token;

/* Split one line (without its newline) at blanks, stopping at a comment. */
static size_t split(const char *s, size_t n, token *t, size_t max) {
  size_t k = 0, i = 0;
  while (i < n) {
    if (s[i] == '#' || (s[i] == '/' && i + 1 < n && s[i + 1] == '/')) break;
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
      i++;
      continue;
    }
    size_t b = i;
    while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#') i++;
    if (k < max) t[k] = (token){s + b, i - b, (int)b + 1};
    k++;
  }
  return k;
}

static int word_of(reader *r, const token *t, uint64_t *w) {
  if (spagm_cli_parse_hex64(t->s, t->n, w)) return 1;
  line_error(r, t->col, "'%.*s' is not a 64-bit hex word (up to 16 hex digits, "
                        "0x prefix optional)", t->n > 40 ? 40 : (int)t->n, t->s);
  return 0;
}

static void print_word(reader *r, const token *t, uint64_t w, const spagm_sched *s) {
  spagm_insn insn;
  spagm_diag d;
  if (spagm_decode(w, &insn, &d) != SPAGM_OK) {
    line_error(r, t->col, "illegal instruction word 0x%016llx: %s",
               (unsigned long long)w, d.msg);
    return;
  }
  if (s) {
    insn.has_sched = true;
    insn.sched = *s;
  }
  char text[512];
  spagm_disasm(&insn, s != NULL, text, sizeof text);
  puts(text);
}

static void do_group(reader *r, const token *t, size_t k) {
  if (k != 4) {
    line_error(r, t[0].col, "expected a group of 4 hex words (control word, then "
                            "three instruction words), got %zu", k);
    return;
  }
  uint64_t w[4];
  for (size_t i = 0; i < 4; i++)
    if (!word_of(r, &t[i], &w[i])) return;
  if (w[0] >> 63) {
    line_error(r, t[0].col, "control word bit 63 is set, must be 0");
    return;
  }
  spagm_sched s[3];
  spagm_sched_unpack(w[0], s);
  /* N15: trailing zero words are padding of the last group. */
  size_t used = 3;
  while (used > 0 && w[used] == 0) used--;
  if (r->padded_line) {
    line_error(r, t[0].col, "a group follows the padded group of line %d: zero "
                            "filler words may only end the last group (N15)",
               r->padded_line);
    return;
  }
  spagm_insn blank;
  spagm_insn_init(&blank, SPAGM_OP_NONE);
  for (size_t j = used; j < 3; j++) {
    if (memcmp(&s[j], &blank.sched, sizeof s[j]) != 0) {
      line_error(r, t[0].col, "control field %zu belongs to a padding slot and "
                              "must be neutral (N15)", j);
      return;
    }
  }
  if (used < 3) r->padded_line = r->line;
  for (size_t j = 0; j < used; j++) {
    spagm_diag d;
    if (!spagm_sched_valid(&s[j], &d)) {
      line_error(r, t[0].col, "control field %zu: %s", j, d.msg);
      return;
    }
  }
  for (size_t j = 0; j < used; j++) print_word(r, &t[j + 1], w[j + 1], &s[j]);
}

/* One input line: a word, or with --sched a group. */
static void disasm_line(reader *r, const char *s, size_t n, int sched) {
  token t[4];
  size_t k = split(s, n, t, 4);
  if (k == 0) return;
  if (sched) {
    do_group(r, t, k);
  } else if (k != 1) {
    line_error(r, t[1].col, "expected one hex word per line; groups of "
                            "four words need --sched");
  } else {
    uint64_t w;
    if (word_of(r, &t[0], &w)) print_word(r, &t[0], w, NULL);
  }
}

static int disasm_stream(const char *path, int sched);

int spagm_cmd_disasm(int argc, char **argv) {
  int sched = 0;
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      disasm_usage(stdout);
      return 0;
    }
    if (strcmp(argv[i], "--sched") == 0) {
      sched = 1;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "spagm disasm: unknown option '%s'\n", argv[i]);
      disasm_usage(stderr);
      return 2;
    } else if (path) {
      fprintf(stderr, "spagm disasm: one input file only ('%s' and '%s')\n", path,
              argv[i]);
      return 2;
    } else {
      path = argv[i];
    }
  }
  if (!path) {
    disasm_usage(stderr);
    return 2;
  }
  return disasm_stream(path, sched);
}

/* Line by line in a fixed buffer (no input eats memory); a line
 * longer than SPAGM_CLI_MAX_LINE ends the run with FILE:LINE. */
static int disasm_stream(const char *path, int sched) {
  char err[300];
  spagm_cli_lines *l = malloc(sizeof *l);
  if (!l) {
    fprintf(stderr, "spagm disasm: out of memory\n");
    return 1;
  }
  if (!spagm_cli_lines_open(l, path, err, sizeof err)) {
    fprintf(stderr, "spagm disasm: %s\n", err);
    free(l);
    return 1;
  }
  reader r = {l->name, 0, 0, 0};
  size_t len;
  int got;
  while ((got = spagm_cli_lines_next(l, &len, err, sizeof err)) == 1) {
    r.line = l->line;
    disasm_line(&r, l->buf, len, sched);
  }
  if (got < 0) {
    fprintf(stderr, "spagm disasm: %s\n", err);
    r.bad = 1;
  }
  spagm_cli_lines_close(l);
  free(l);
  if (fflush(stdout) != 0) {
    fprintf(stderr, "spagm disasm: cannot write the output\n");
    return 1;
  }
  return r.bad;
}
