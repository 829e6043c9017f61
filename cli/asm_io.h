// SPDX-License-Identifier: Apache-2.0
/* Input helpers of `spagm asm` and `spagm disasm`: read a whole file or
 * stdin, and parse 64-bit hex words. */
#ifndef SPAGM_CLI_ASM_IO_H
#define SPAGM_CLI_ASM_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdio.h>

/* Bounds of the text input of `spagm asm` / `spagm disasm`:
 * /dev/zero or a huge file is refused with FILE:LINE instead of eating
 * memory. No assembly line comes near the line limit; the total limit is
 * about two million instructions (asm holds the whole text, disasm
 * streams and has no total limit). */
#define SPAGM_CLI_MAX_LINE 65536u
#define SPAGM_CLI_MAX_INPUT (64u << 20)

/* Lines of a file or stdin, one at a time in a fixed buffer. */
typedef struct spagm_cli_lines {
  FILE *f;
  const char *name; /* for messages: the path, or <stdin> */
  int line;         /* of the line last returned, 1-based */
  char buf[SPAGM_CLI_MAX_LINE + 1];
} spagm_cli_lines;

/* Open path ("-" = stdin); false with a sentence in err. */
bool spagm_cli_lines_open(spagm_cli_lines *l, const char *path, char *err, size_t errn);
void spagm_cli_lines_close(spagm_cli_lines *l);
/* The next line, without its newline and NUL-terminated, in l->buf: 1 and
 * *len, 0 at the end of the input, -1 with "FILE:LINE: ..." in err for a
 * line longer than SPAGM_CLI_MAX_LINE or a read error. */
int spagm_cli_lines_next(spagm_cli_lines *l, size_t *len, char *err, size_t errn);

/* Read all of path ("-" = stdin) into a malloc'd, NUL-terminated buffer,
 * at most SPAGM_CLI_MAX_INPUT bytes and lines of at most
 * SPAGM_CLI_MAX_LINE. On failure returns false with a sentence in err
 * (FILE:LINE: where the input broke a limit). */
bool spagm_cli_read_all(const char *path, char **buf, size_t *len, char *err,
                        size_t errn);

/* Name of path for diagnostics: "<stdin>" for "-". */
const char *spagm_cli_input_name(const char *path);

/* A word written as 1..16 hex digits with an optional 0x/0X prefix. */
bool spagm_cli_parse_hex64(const char *s, size_t n, uint64_t *v);

/* Stage name (VSA, VSB, TI, TS, GS, PS; any case) to 0..5, or -1. */
int spagm_cli_stage_of(const char *name);

#endif
