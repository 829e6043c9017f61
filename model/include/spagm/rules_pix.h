// SPDX-License-Identifier: Apache-2.0
/** \file
 * Pixel-unit rules (PIXLD), 0x200..0x2FF.
 * X(ID, number, text); see explain.h for the %0 %x0 placeholders.
 * Numbers are stable (they appear in vector files): only ever add rows.
 *   0x200..0x20F faults, 0x210.. MSCOUNT/COVMASK/COVERED, 0x218.. OFFSET,
 *   0x220.. CENTROID_OFFSET, 0x228.. MY_INDEX.
 * The predicate slot (SPAGM_EXPLAIN_PD_SLOT) records the same rule as the
 * Rd slot of that lane, since Pd and Rd carry the same boolean (R16).
 *
 * Example (examples/api/rules.c, run by the test api_example.rules): the
 * table expanded into one hit counter per rule (rule coverage of a test).
 * \snippet examples/api/rules.c rules_pix
 */
#ifndef SPAGM_RULES_PIX_H
#define SPAGM_RULES_PIX_H
/** The table: X(ID, number, "sentence") per rule; the sentence's %0..%2
 * (decimal) and %x0..%x2 (hex) are the explanation's numbers. */
#define SPAGM_RULES_PIX(X)                                                     \
  X(PIX_STAGE_ILLEGAL, 0x200, "R8: PIXLD outside PS -> ILLEGAL_INSTR_ENCODING") \
  X(PIX_MODE_ILLEGAL, 0x201,                                                   \
    "R16: PIXLD mode %0 is not one of 0..5 -> ILLEGAL_INSTR_ENCODING")         \
  X(PIX_IMM_U8_RANGE, 0x202,                                                   \
    "PIXLD [#imm] %0 is not an ImmU08 (0..255) -> ILLEGAL_INSTR_ENCODING "     \
    "(N51)")                                                                   \
  X(PIX_IMM_S8_RANGE, 0x203,                                                   \
    "PIXLD [R%1+#imm] %0 is not an ImmS08 (-128..127) -> "                     \
    "ILLEGAL_INSTR_ENCODING (N51)")                                            \
  X(PIX_PD_RANGE, 0x204,                                                       \
    "PIXLD Pd %0 is not P0..P6 or PT -> ILLEGAL_INSTR_ENCODING (N51)")         \
  X(PIX_MSCOUNT, 0x210, "PIXLD.MSCOUNT -> raster sample count %0")             \
  X(PIX_COVMASK, 0x211,                                                        \
    "PIXLD.COVMASK coverage %x0, %1 samples -> %x2 (bits at or above the "     \
    "sample count are 0, R13)")                                                \
  X(PIX_COVERED_TRUE, 0x212,                                                   \
    "PIXLD.COVERED sample %0 < count %1, coverage bit %0 = 1 -> TRUE (R13)")   \
  X(PIX_COVERED_FALSE, 0x213,                                                  \
    "PIXLD.COVERED sample %0 < count %1, coverage bit %0 = 0 -> FALSE (R13)")  \
  X(PIX_COVERED_INDEX_INVALID, 0x214,                                          \
    "PIXLD.COVERED sample %x0 is not below count %1 (unsigned) -> FALSE "      \
    "(R13)")                                                                   \
  X(PIX_OFFSET_STANDARD, 0x218,                                                \
    "PIXLD.OFFSET sample %0 of %1, standard position (DESIGN 7.4, in the "     \
    "configured order, N351) -> %x2 (dy in [31:16], dx in [15:0], in the "     \
    "configured format, N350; R14)")                                           \
  X(PIX_OFFSET_INDEX_INVALID, 0x219,                                           \
    "PIXLD.OFFSET sample %x0 is not below count %1 (unsigned) -> 0 (R14)")     \
  X(PIX_OFFSET_16_DONTCARE, 0x21A,                                             \
    "PIXLD.OFFSET sample %x0 with %1 samples -> don't-care (16xAA is not "     \
    "supported by the deprecated OFFSET path, R14, N54)")                      \
  X(PIX_OFFSET_PROGRAMMABLE_DONTCARE, 0x21B,                                   \
    "PIXLD.OFFSET sample %x0 with programmable positions -> don't-care "       \
    "(R14, N54)")                                                              \
  X(PIX_CENTROID_FULL, 0x220,                                                  \
    "PIXLD.CENTROID_OFFSET coverage %x0: all %1 samples covered -> 0, the "    \
    "pixel centre (R15)")                                                      \
  X(PIX_CENTROID_STANDARD, 0x221,                                              \
    "PIXLD.CENTROID_OFFSET coverage %x0: lowest covered sample %1, standard "  \
    "position in the configured order and format -> %x2 (R15, N350, N351)")    \
  X(PIX_CENTROID_PROGRAMMABLE, 0x222,                                          \
    "PIXLD.CENTROID_OFFSET coverage %x0: lowest covered sample %1, "           \
    "programmable position -> %x2 (R15)")                                      \
  X(PIX_CENTROID_NONE, 0x223,                                                  \
    "PIXLD.CENTROID_OFFSET coverage %x0: none of %1 samples covered -> 0 "     \
    "(R15)")                                                                   \
  X(PIX_MY_INDEX_SSAA, 0x228,                                                  \
    "PIXLD.MY_INDEX in SSAA mode -> this invocation's sample index %0, Pd "    \
    "TRUE")                                                                    \
  X(PIX_MY_INDEX_NO_SSAA, 0x229,                                               \
    "PIXLD.MY_INDEX not in SSAA mode -> 0, Pd FALSE")
#endif
