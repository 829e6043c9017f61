// SPDX-License-Identifier: Apache-2.0
/* Input helpers of `spagm asm` and `spagm disasm`: read a whole file or
 * stdin, and parse 64-bit hex words. */
#ifndef SPAGM_CLI_ASM_IO_H
#define SPAGM_CLI_ASM_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Read all of path ("-" = stdin) into a malloc'd, NUL-terminated buffer.
 * On failure returns false with a sentence in err. */
bool spagm_cli_read_all(const char *path, char **buf, size_t *len, char *err,
                        size_t errn);

/* Name of path for diagnostics: "<stdin>" for "-". */
const char *spagm_cli_input_name(const char *path);

/* A word written as 1..16 hex digits with an optional 0x/0X prefix. */
bool spagm_cli_parse_hex64(const char *s, size_t n, uint64_t *v);

/* Stage name (VSA, VSB, TI, TS, GS, PS; any case) to 0..5, or -1. */
int spagm_cli_stage_of(const char *name);

#endif
