// SPDX-License-Identifier: Apache-2.0
/** \file
 * Texture-unit rules (TLDS), 0x300..0x3FF.
 * X(ID, number, text); see explain.h for the %0 %x0 placeholders.
 * Numbers are stable: append new rules, never renumber.
 *
 * Example (examples/api/rules.c, run by the test api_example.rules): the
 * table expanded into a switch that names a rule number found in a log.
 * \snippet examples/api/rules.c rules_tex
 */
#ifndef SPAGM_RULES_TEX_H
#define SPAGM_RULES_TEX_H
/** The table: X(ID, number, "sentence") per rule; the sentence's %0..%2
 * (decimal) and %x0..%x2 (hex) are the explanation's numbers. */
#define SPAGM_RULES_TEX(X)                                                     \
  X(TEX_R24_NO_DEST, 0x300, "R24: Rd0 and Rd1 both RZ -> nothing written, no texture read") \
  /* Values read from a texel (per lane and write-back slot). */              \
  X(TEX_READ_1D, 0x301, "TLDS texel s=%0 at level %1 (R17, R21)")              \
  X(TEX_READ_2D, 0x302, "TLDS texel s=%0 t=%1 at level %2 (R17, R21)")         \
  X(TEX_READ_3D, 0x303, "TLDS texel s=%0 t=%1 r=%2 (R17, R21)")   \
  X(TEX_READ_ARRAY, 0x304, "TLDS texel s=%0 t=%1 of layer %2 (R17, R21)")      \
  X(TEX_READ_MS, 0x305, "TLDS texel s=%0 t=%1 sample %2 (R20, R21)")           \
  X(TEX_F16_INTEGER_DONTCARE, 0x306, "TLDS.F16 of an integer texture (header %0) -> don't-care (R22)") \
  /* Out of range and invalid: every component 0 (R18). */                    \
  X(TEX_HEADER_INDEX_OOR, 0x310, "TLDS header index %0 > MaximumIndex %1 -> 0 (R18)") \
  X(TEX_TYPE_MISMATCH, 0x311, "TLDS paramA %0 does not match texture type %1 of header %2 -> 0 (R18)") \
  X(TEX_LEVEL_OOR, 0x312, "TLDS level %0 beyond the last level %1 of the view -> 0 (R18)") \
  X(TEX_LAYER_OOR, 0x313, "TLDS layer %0 >= array size %1 -> 0 (R18)")         \
  X(TEX_SAMPLE_OOR, 0x314, "TLDS sample %0 >= sample count %1 -> 0 (R18)")     \
  X(TEX_S_OOR, 0x315, "TLDS s=%0 outside width %1 at level %2 -> 0 (R18)")     \
  X(TEX_T_OOR, 0x316, "TLDS t=%0 outside height %1 at level %2 -> 0 (R18)")    \
  X(TEX_R_OOR, 0x317, "TLDS r=%0 outside depth %1 at level %2 -> 0 (R18)")     \
  X(TEX_UNSUPPORTED_HEADER, 0x318, "TLDS header %0 is outside the modelled subset (%1) -> don't-care (N62)") \
  /* Warp-wide ILLEGAL_INSTR_ENCODING (no side effects). */                   \
  X(TEX_ENCODING_ILLEGAL, 0x320, "TLDS target encoding %0 is not a row of the legal modifier table -> ILLEGAL_INSTR_ENCODING") \
  X(TEX_MODIFIERS_MISMATCH, 0x321, "TLDS modifiers %x0 (paramA | .LL<<4 | .AOFFI<<8 | .MS<<12) are not those of legal-table row %1 -> ILLEGAL_INSTR_ENCODING (N73)") \
  X(TEX_FIELD_RANGE, 0x322, "TLDS field %0 value %1 does not fit its bits -> ILLEGAL_INSTR_ENCODING (N73)") \
  X(TEX_WMSK_34C_ILLEGAL, 0x323, "TLDS wmsk %0 with Rd1 R%1 is not in the wmsk34C table (0..4) -> ILLEGAL_INSTR_ENCODING (R23)") \
  X(TEX_REG_MISALIGNED, 0x324, "TLDS register R%0 (operand %2: 0 Rd0, 1 Rd1, 2 Ra, 3 Rb) must be a multiple of %1 -> ILLEGAL_INSTR_ENCODING (R10)") \
  X(TEX_RA_RZ, 0x325, "TLDS encoding %0 reads Ra but Ra is RZ -> ILLEGAL_INSTR_ENCODING (R10)") \
  X(TEX_RB_RZ, 0x326, "TLDS encoding %0 reads Rb but Rb is RZ -> ILLEGAL_INSTR_ENCODING (R10)") \
  X(TEX_RB_NOT_RZ, 0x327, "TLDS encoding %0 takes no Rb but Rb is R%1 -> ILLEGAL_INSTR_ENCODING (R10)")
#endif
