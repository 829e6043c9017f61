// SPDX-License-Identifier: Apache-2.0
/* The instruction layer's round trips, checked on whatever the assembler or
 * the decoder accepted (fuzz_asm, fuzz_disasm). A broken one aborts, so
 * libFuzzer reports it as a crash with the input that shows it. */
#ifndef SPAGM_FUZZ_ROUNDTRIP_H
#define SPAGM_FUZZ_ROUNDTRIP_H

#include <stdint.h>

#include "spagm/spagm.h"

/* Abort with a message naming what broke (libFuzzer then saves the input). */
_Noreturn void fuzz_fail(const char *what, const char *detail);

/* x was accepted (assembled under `stage`, -1 unknown, or decoded):
 *   disasm(x) assembles back to x (docs/assembly.md: one canonical text),
 *   except a TLDS breaking R10, which decodes but does not assemble (N4);
 *   encode(x) succeeds unless x is an ISBEWR (no word, DESIGN §7.1) and
 *   decode(encode(x)) equals x apart from the text-only phase and
 *   scheduling annotations (N2, N3).
 * Sets *word to the encoding; returns false when x has none. */
bool fuzz_check_insn(const spagm_insn *x, int stage, uint64_t *word);

#endif
