// SPDX-License-Identifier: Apache-2.0
/* Recompute the CRCs of a vector file in place (docs/vector-format.md):
 * each block's `end <8 hex digits>` gets the CRC-32 (zlib crc32) of its lines
 * from its opening line (`spagm-vectors` on line 1, `state`, `txn`,
 * `readback`) to the line before `end`, and the trailer's `crc32 <8 hex digits>`
 * the CRC-32 of every byte before the trailer line. The same rule as
 * tests/support/vec_text.h's join_recrc, in C for the fuzz_vecfile
 * mutator. Digits are rewritten only where 8 of them stand, so the size
 * never changes. */
#ifndef SPAGM_FUZZ_VEC_RECRC_H
#define SPAGM_FUZZ_VEC_RECRC_H

#include <stddef.h>
#include <stdint.h>

void fuzz_vec_recrc(uint8_t *text, size_t n);

#endif
