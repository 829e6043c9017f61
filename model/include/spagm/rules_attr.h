// SPDX-License-Identifier: Apache-2.0
/** \file
 * Attribute-unit rules (ALD, AST, AL2P, ISBERD, ISBEWR), 0x100..0x1FF.
 * X(ID, number, text); see explain.h for the %0 %x0 placeholders.
 * Numbers are stable: they appear in vector files and mismatch reports, so
 * new rules take new numbers and old ones are never renumbered.
 *
 * Example (examples/api/rules.c, run by the test api_example.rules): the
 * table expanded into a SystemVerilog enum for a scoreboard.
 * \snippet examples/api/rules.c rules_attr
 */
#ifndef SPAGM_RULES_ATTR_H
#define SPAGM_RULES_ATTR_H
/** The table: X(ID, number, "sentence") per rule; the sentence's %0..%2
 * (decimal) and %x0..%x2 (hex) are the explanation's numbers. */
#define SPAGM_RULES_ATTR(X)                                                    \
  X(ATTR_STAGE_ILLEGAL, 0x100, "R8: instruction not legal in this stage -> ILLEGAL_INSTR_ENCODING") \
  /* Warp-wide faults (no side effects). */                                    \
  X(ALD_O_STAGE_ILLEGAL, 0x101, "R8: ALD.O is not legal in GS or PS (stage %0) -> ILLEGAL_INSTR_ENCODING") \
  X(ALD_P_STAGE_ILLEGAL, 0x102, "R8: ALD.P is legal only in TI/TS (stage %0) -> ILLEGAL_INSTR_ENCODING") \
  X(AST_P_STAGE_ILLEGAL, 0x103, "R8: AST.P is legal only in TI (stage %0) -> ILLEGAL_INSTR_ENCODING") \
  X(ALD_VS_RB_ILLEGAL, 0x104, "R8: ALD in a vertex stage with vertex handle Rb=R%0 (must be RZ) -> ILLEGAL_INSTR_ENCODING") \
  X(ATTR_PHYS_VECTOR_ILLEGAL, 0x105, "R6: .PHYS with %0 components (only .32) -> ILLEGAL_INSTR_ENCODING") \
  X(ATTR_RA_IMM_ILLEGAL, 0x106, "R5: Ra=R%0 without .P needs immediate 0, got %1 -> ILLEGAL_INSTR_ENCODING") \
  X(ISBE_SIZE_ILLEGAL, 0x107, "ISBERD/ISBEWR size %0 is not U8/U16/B32 -> ILLEGAL_INSTR_ENCODING") \
  X(ISBE_REGION_ILLEGAL, 0x108, "ISBERD/ISBEWR region %0 is not MAP/PATCH/PRIM/ATTR -> ILLEGAL_INSTR_ENCODING") \
  X(AL2P_STAGE_ILLEGAL, 0x109, "R8: AL2P is not legal in PS -> ILLEGAL_INSTR_ENCODING") \
  /* Per-lane vertex-handle trap. */                                           \
  X(VTX_TRAP, 0x10F, "R9: vertex handle out of range with trap enabled -> VTX_OUT_OF_RANGE (first lane %0, handle %1, vertex count %2)") \
  /* ALD.I table (ALD.txt) */                                                  \
  X(ALD_I_BMAP0_DEFAULT, 0x110, "ALD.I input BMAP=0 at %x0 -> default %x1 (R3)") \
  X(ALD_I_GARBAGE, 0x111, "ALD.I BMAP=1 written=0 at %x0 vertex %1 -> ISBE leftover (don't-care, R2)") \
  X(ALD_I_HW, 0x112, "ALD.I BMAP=1 written=0 at %x0 index %1 -> HW-generated value (R2)") \
  X(ALD_I_PREV_OUTPUT, 0x113, "ALD.I BMAP=1 written=1 at %x0 vertex %1 -> previous-stage output at physical %x2 (R1)") \
  /* ALD.O table (ALD.txt) */                                                  \
  X(ALD_O_BMAP0_DEFAULT, 0x114, "ALD.O output BMAP=0 at %x0 -> default %x1 (R3)") \
  X(ALD_O_GARBAGE, 0x115, "ALD.O BMAP=1 written=0 at %x0 vertex %1 -> ISBE leftover (don't-care, R2)") \
  X(ALD_O_CUR_OUTPUT, 0x116, "ALD.O BMAP=1 written=1 at %x0 vertex %1 -> current-stage output at physical %x2 (R1)") \
  /* ALD bounds, handles, patch, .PHYS */                                      \
  X(ALD_OUT_OF_BOUNDS, 0x117, "ALD address %0 outside 0..1023 -> 0, not the default (R4)") \
  X(ALD_VTX_OUT_OF_RANGE, 0x118, "ALD vertex handle %0 >= vertex count %1 -> 0 (R9)") \
  X(ALD_PATCH, 0x119, "ALD.P patch address %x0 -> patch word (no BMAP, no default)") \
  X(ALD_PATCH_OUT_OF_BOUNDS, 0x11A, "ALD.P patch address %0 outside 0..%1 -> 0 (R4)") \
  X(ALD_PHYS_UNMAPPED, 0x11B, "ALD.PHYS AL2P result %x0 is unmapped -> default %x2 of %x1 (R7)") \
  X(ALD_PRIM_OUT_OF_RANGE, 0x11C, "ALD PRIMITIVE_ID primitive handle %0 >= %1 -> 0 (R9, N27)") \
  /* AST (AST.txt) */                                                          \
  X(AST_STORED, 0x130, "AST at %x0 vertex %1 -> stored at physical %x2 (output BMAP=1, R1)") \
  X(AST_BMAP0_DISCARD, 0x131, "AST output BMAP=0 at %x0 -> silently discarded") \
  X(AST_OUT_OF_BOUNDS, 0x132, "AST address %0 outside 0..1023 -> discarded (R4)") \
  X(AST_VTX_OUT_OF_RANGE, 0x133, "AST vertex %0 >= vertex count %1 -> discarded (R9, N25)") \
  X(AST_PATCH_STORED, 0x134, "AST.P at patch %x0 -> stored (no OMAP)")         \
  X(AST_PATCH_OUT_OF_BOUNDS, 0x135, "AST.P patch address %0 outside 0..%1 -> discarded (R4)") \
  X(AST_OVERWRITTEN, 0x136, "AST to %x0 overwritten by higher lane %1 of the same instruction (R11, N28)") \
  X(AST_GS_STORED, 0x137, "AST GS at %x0 output vertex %1 -> GS buffer %x2 (R12)") \
  X(AST_GS_KILLED, 0x138, "AST GS output vertex %0 >= MaxOutputVertexCount %1 -> discarded (R12)") \
  X(AST_GS_FULL, 0x139, "AST GS word %0 of the lane's buffer is past its %1 words -> discarded (N26)") \
  X(AST_PHYS_UNMAPPED, 0x13A, "AST.PHYS AL2P result %x0 is unmapped -> discarded (R7)") \
  /* AL2P (R7) */                                                              \
  X(AL2P_MAPPED, 0x150, "AL2P address %x0 -> physical attribute %1 (R7)")      \
  X(AL2P_UNMAPPED, 0x151, "AL2P address %x0 has BMAP=0 -> bit 31 set (R7)")    \
  X(AL2P_OUT_OF_RANGE, 0x152, "AL2P address %0 outside 0..1023 -> bit 31 set (R7)") \
  X(AL2P_PD, 0x153, "AL2P Pd = all %0 components mapped -> %1 (R7)")           \
  /* ISBERD / ISBEWR (ISBE-layout.txt, N29) */                                 \
  X(ISBERD_READ, 0x170, "ISBERD region address %x0 -> physical %x1")           \
  X(ISBERD_OUT_OF_RANGE, 0x171, "ISBERD region address %x0 outside the region -> 0 (N29)") \
  X(ISBEWR_WRITTEN, 0x172, "ISBEWR region address %x0 -> physical %x1")        \
  X(ISBEWR_OUT_OF_RANGE, 0x173, "ISBEWR region address %x0 outside the region -> discarded (N29)") \
  X(ISBEWR_OVERWRITTEN, 0x174, "ISBEWR to %x0 overwritten by higher lane %1 of the same instruction (N28)")
#endif
