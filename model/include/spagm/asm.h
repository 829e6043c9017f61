// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — assembler and disassembler for the spec's SASS syntax.
 *
 * Input is whitespace- and case-tolerant; output is one canonical form:
 *   MNEMONIC.MODS Op, Op, ...;  with defaults (.I, .32) omitted,
 * registers as R<n>/RZ, predicates as P<n>/PT, immediates in decimal for
 * attribute addresses and hex for texture indexes (docs/assembly.md).
 *
 * Example (examples/api/asm.c, run by the test api_example.asm): a shader
 * source assembled with each statement's position, encoded and disassembled
 * to the canonical form.
 * \snippet examples/api/asm.c asm_text
 */
#ifndef SPAGM_ASM_H
#define SPAGM_ASM_H

#include <stddef.h>

#include "spagm/insn.h"
#include "spagm/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pointer arguments: no function declared here dereferences a
 * NULL pointer. A NULL for a required pointer gives SPAGM_E_ARG from a
 * function returning spagm_status, NULL from one returning a pointer, false
 * from one returning bool, 0 (or a fixed text) from one returning a number
 * or a name, and nothing at all from a void function. spagm_diag *d and
 * spagm_explain *ex are optional wherever they appear (NULL: not wanted),
 * as are outputs whose comment says so. tests/model/api_null_test.cpp calls
 * every function with NULL for each pointer. */

/** Options of the assembler. */
typedef struct spagm_asm_opts {
  /** Shader stage when known, enabling stage-dependent assembler checks
   * (R8: an ALD in GS/TI/TS must name its vertex handle Rb). -1 = unknown. */
  int stage;
} spagm_asm_opts;

/** Assemble exactly one statement (an optional trailing ';' and a trailing
 * // comment are allowed). `line` and `col` are the position of text[0] in
 * the user's file, so diagnostics point into it. opts may be NULL. */
spagm_status spagm_asm_one(const char *text, int line, int col,
                           const spagm_asm_opts *opts, spagm_insn *insn,
                           spagm_diag *d);

/** Assemble a whole source text: statements end with ';' or a newline,
 * comments are // … and # … to end of line. On success *out is a malloc'd
 * array of *count instructions (free() it). On failure nothing is returned
 * and d holds the first problem with its line and column. */
spagm_status spagm_asm_text(const char *src, size_t len,
                            const spagm_asm_opts *opts, spagm_insn **out,
                            size_t *count, spagm_diag *d);

/** Addition (docs/assembly.md): where a statement starts in the source. */
typedef struct spagm_srcpos {
  int line; /**< 1-based line of the statement's first token */
  int col;  /**< 1-based column of that token */

} spagm_srcpos;

/** spagm_asm_text that also returns, when pos is not NULL, a malloc'd array
 * of *count positions: the line and column of each statement's first token,
 * so callers can report problems found after assembly (an ISBEWR that has
 * no word, a dropped TLDS phase) at their place in the file. With zero
 * statements *out and *pos are NULL. */
spagm_status spagm_asm_text_pos(const char *src, size_t len,
                                const spagm_asm_opts *opts, spagm_insn **out,
                                spagm_srcpos **pos, size_t *count,
                                spagm_diag *d);

/** Canonical text of insn (without trailing newline), scheduling annotations
 * included when with_sched and the instruction has any. Returns the length
 * the full text needs (like snprintf); buf is always NUL-terminated when
 * n > 0. */
size_t spagm_disasm(const spagm_insn *insn, int with_sched, char *buf,
                    size_t n);

/** Convenience: decode word and disassemble it; on a decode error the text is
 * "<illegal: reason>" and the decode status is returned. */
spagm_status spagm_disasm_word(uint64_t word, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
