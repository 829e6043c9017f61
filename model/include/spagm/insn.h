// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — decoded SM50 instructions of the attribute, pixel and texture-load
 * units, and their 64-bit encodings (DESIGN §7.1).
 *
 * One spagm_insn describes one instruction with every operand and modifier of
 * the Format sections of ALD.txt, AST.txt, PIXLD.txt and TLDS.txt, plus AL2P,
 * ISBERD and ISBEWR. Fields that an opcode does not use are left at the values
 * spagm_insn_init() gives them (registers RZ, predicates PT, enums 0), so two
 * decodings of the same instruction compare equal with memcmp after init.
 *
 * Example (examples/api/insn.c, run by the test api_example.insn): an
 * instruction built field by field, encoded and decoded back, and an illegal
 * word refused with the field named.
 * \snippet examples/api/insn.c insn_fields
 */
#ifndef SPAGM_INSN_H
#define SPAGM_INSN_H

#include <stdbool.h>
#include <stdint.h>

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

#define SPAGM_RZ 255u /**< the zero register */
#define SPAGM_PT 7u   /**< the true predicate */

/** The opcodes of the three units. */
typedef enum spagm_op {
  SPAGM_OP_NONE = 0,
  SPAGM_OP_ALD,
  SPAGM_OP_AST,
  SPAGM_OP_AL2P,
  SPAGM_OP_ISBERD,
  SPAGM_OP_ISBEWR, /**< text form only: no SM50 word (DESIGN §7.1) */
  SPAGM_OP_PIXLD,
  SPAGM_OP_TLDS,
  SPAGM_OP_COUNT
} spagm_op;

/// @{
/** Pipeline slot of the shader running the instruction (DESIGN §7.3). */
typedef enum spagm_stage {
  SPAGM_STAGE_VSA = 0,
  SPAGM_STAGE_VSB = 1,
  SPAGM_STAGE_TI = 2,
  SPAGM_STAGE_TS = 3,
  SPAGM_STAGE_GS = 4,
  SPAGM_STAGE_PS = 5,
  SPAGM_STAGE_COUNT
} spagm_stage;
const char *spagm_stage_name(spagm_stage s);
/// @}

/** Which unit executes an opcode. */
typedef enum spagm_unit {
  SPAGM_UNIT_ATTR = 0,
  SPAGM_UNIT_PIX = 1,
  SPAGM_UNIT_TEX = 2,
  SPAGM_UNIT_COUNT
} spagm_unit;

/** ALD/AST/AL2P vector size: .32 .64 .96 .128 (field value 0..3). */
typedef enum spagm_asize {
  SPAGM_ASZ_32 = 0,
  SPAGM_ASZ_64 = 1,
  SPAGM_ASZ_96 = 2,
  SPAGM_ASZ_128 = 3
} spagm_asize;

/** ISBERD/ISBEWR region [34:33] and access size [48:47]. */
typedef enum spagm_isbe_region {
  SPAGM_REGION_MAP = 0,
  SPAGM_REGION_PATCH = 1,
  SPAGM_REGION_PRIM = 2,
  SPAGM_REGION_ATTR = 3
} spagm_isbe_region;

/** Element size of ISBERD/ISBEWR ([48:47]). */
typedef enum spagm_isbe_size {
  SPAGM_ISZ_U8 = 0,
  SPAGM_ISZ_U16 = 1,
  SPAGM_ISZ_B32 = 2 /**< encoding 3 is illegal */
} spagm_isbe_size;

/** PIXLD mode [33:31]; 6 and 7 are ILLEGAL_INSTR_ENCODING (R16). */
typedef enum spagm_pixld_mode {
  SPAGM_PIX_MSCOUNT = 0,
  SPAGM_PIX_COVMASK = 1,
  SPAGM_PIX_COVERED = 2,
  SPAGM_PIX_OFFSET = 3,
  SPAGM_PIX_CENTROID_OFFSET = 4,
  SPAGM_PIX_MY_INDEX = 5
} spagm_pixld_mode;

/** TLDS level of detail: .LZ (the view's first level) or .LL (plus the
 * lane's LOD operand, R17). */
typedef enum spagm_tex_lod { SPAGM_LOD_LZ = 0, SPAGM_LOD_LL = 1 } spagm_tex_lod;

/** TLDS paramA: the texture's form, and so which coordinates it reads. */
typedef enum spagm_tex_param {
  SPAGM_PARAM_1D = 0,
  SPAGM_PARAM_2D = 1,
  SPAGM_PARAM_3D = 2,
  SPAGM_PARAM_ARRAY_2D = 3
} spagm_tex_param;

/** .T / .P texture-hash phase. It has no bit in the SM50 TLDS word (all 64
 * bits are assigned, DESIGN §7.1), so it lives in text only (spec-notes N2). */
typedef enum spagm_tex_phase {
  SPAGM_PHASE_NONE = 0,
  SPAGM_PHASE_T = 1,
  SPAGM_PHASE_P = 2
} spagm_tex_phase;

/** Scheduling annotations of one instruction; they travel in the control word
 * of its 32-byte group, never in the instruction word itself. */
typedef struct spagm_sched {
  uint8_t stall;  /**< [3:0] cycles before the next instruction issues */
  uint8_t yield;  /**< [4] */
  uint8_t wr_bar; /**< [7:5] write barrier set on completion, 7 = none */
  uint8_t rd_bar; /**< [10:8] read barrier set when operands are read, 7 = none */
  uint8_t wait;   /**< [16:11] mask of barriers waited on (&req_N) */
  uint8_t reuse;  /**< [20:17] operand reuse flags */
} spagm_sched;

/** One decoded instruction: the opcode, its operands and modifiers, as the
 * assembler, decoder and model share it (spagm_decode, spagm_encode,
 * spagm_asm_one). Fields an opcode does not use keep spagm_insn_init's
 * values. */
typedef struct spagm_insn {
  spagm_op op;  /**< the opcode */
  uint8_t pg;   /**< predicate guard {\@{!}Pg}: [18:16] */
  bool pg_not;  /**< the guard's negation [19] */

  /** Registers, SPAGM_RZ when absent.
   *   ALD    rd, ra (address / AL2P result), rb (vertex handle)
   *   AST    rb (store data, encoded in [7:0]), ra, rc (vertex / GS state)
   *   AL2P   rd, ra
   *   ISBERD rd, ra          ISBEWR ra (address), rb (data)
   *   PIXLD  rd, ra
   *   TLDS   rd (= Rd0), rd1, ra, rb                                       */
  uint8_t rd;
  uint8_t rd1; /**< TLDS: the second destination, Rd1 */
  uint8_t ra;  /**< the address or source register Ra (see rd) */
  uint8_t rb;  /**< register Rb (see rd) */
  uint8_t rc;  /**< AST: register Rc (see rd) */

  /** Destination predicate (AL2P, PIXLD); SPAGM_PT when none. */
  uint8_t pd;

  /** Address immediate: ALD/AST/AL2P imm11 (R5), ISBERD/ISBEWR 0, PIXLD imm8.
   * Held as the signed or unsigned value the assembly text means. */
  int32_t imm;

  bool out;   /**< attribute unit: .O (else .I); AST: bit 32, no effect (N340) */
  bool patch; /**< attribute unit: .P */
  bool phys;  /**< attribute unit: .PHYS, derived: .P=0 && Ra!=RZ && imm==0 (R5) */
  spagm_asize asize;        /**< attribute unit: access size */
  spagm_isbe_region region; /**< ISBERD/ISBEWR: the ISBE region */
  spagm_isbe_size isize;    /**< ISBERD/ISBEWR: the element size */
  bool skew; /**< ISBERD/ISBEWR .SKEW */

  spagm_pixld_mode pmode; /**< pixel unit: the PIXLD mode */

  bool f16;              /**< texture unit: .F16 (packed half results) */
  spagm_tex_lod lod;     /**< texture unit: .LZ or .LL */
  bool aoffi;            /**< texture unit: .AOFFI (texel offsets, R19) */
  bool ms;               /**< texture unit: .MS (multisampled) */
  bool nodep;            /**< texture unit: .NODEP */
  spagm_tex_phase phase; /**< texture unit: .T / .P phase (text only) */
  uint16_t tex_index;    /**< texture unit: the header index, tsPtrIdxU13 */
  spagm_tex_param param; /**< texture unit: paramA, the texture's form */
  uint8_t tlds_encoding; /**< legal modifier table row 0,1,2,4,5,6,7,8,12 */
  uint8_t wmsk;          /**< 2C table when rd1 == RZ, else 34C table (R23) */

  bool has_sched;    /**< whether the text gave scheduling annotations */
  spagm_sched sched; /**< the scheduling annotations */
} spagm_insn;

/** Blank instruction of opcode op: registers RZ, predicates PT, no modifiers,
 * sched at its neutral values (stall 0, barriers 7, no wait, no reuse). */
void spagm_insn_init(spagm_insn *insn, spagm_op op);

/// @{
/** Unit that executes op. */
spagm_unit spagm_op_unit(spagm_op op);
const char *spagm_op_name(spagm_op op);
const char *spagm_unit_name(spagm_unit u);
/// @}

/** Decode one SM50 word. On failure insn is left in an unspecified state and d
 * (optional) says which field is illegal and why, e.g.
 * "PIXLD mode 6 at [33:31] is not a legal mode (R16: 0..5)". */
spagm_status spagm_decode(uint64_t word, spagm_insn *insn, spagm_diag *d);

/// @{
/** Encode a decoded instruction. Fails (SPAGM_E_ENCODE) for ISBEWR, which has
 * no word, and for field values that do not fit their bit ranges. A TLDS
 * .T/.P phase has no bit and is not encoded: *dropped (optional) is set to a
 * bitmask of such text-only attributes (SPAGM_DROPPED_*) so callers can warn. */
#define SPAGM_DROPPED_PHASE 1u
spagm_status spagm_encode(const spagm_insn *insn, uint64_t *word,
                          unsigned *dropped, spagm_diag *d);
/// @}

/** TLDS legal modifier table (TLDS.txt): the row for (param, lod, aoffi, ms),
 * or -1 when the combination is not in the table. */
int spagm_tlds_encoding_of(spagm_tex_param param, spagm_tex_lod lod, bool aoffi,
                           bool ms);
/** Inverse: fill param/lod/aoffi/ms for a legal row; false for other values. */
bool spagm_tlds_encoding_decode(unsigned encoding, spagm_tex_param *param,
                                spagm_tex_lod *lod, bool *aoffi, bool *ms);

/// @{
/** Scheduling control words: 3×21-bit fields at bits 0, 21, 42 of the first
 * 64-bit word of each 32-byte group (DESIGN §7.1). */
uint64_t spagm_sched_pack(const spagm_sched s[3]);
void spagm_sched_unpack(uint64_t control, spagm_sched s[3]);
/// @}
/** Field range check: false (and d filled) when a field is out of its bits. */
bool spagm_sched_valid(const spagm_sched *s, spagm_diag *d);

/* ---- Additions of the instruction layer (documented in docs/assembly.md) ---- */

/** True when a and b describe the same instruction: every field compared one
 * by one (op, guard, registers, predicates, immediate, every modifier,
 * has_sched and the sched fields), so struct padding never matters.
 * decode(encode(x)) equals x for every x that encodes (phase and sched
 * aside, which have no bits in the instruction word). NULLs compare equal
 * only to each other. */
bool spagm_insn_equal(const spagm_insn *a, const spagm_insn *b);

/** Registers TLDS reads at Ra (which = 0) or Rb (which = 1) for legal-table
 * row `encoding` (TLDS.txt HW note: bit 2 of the row = Ra is a vec2, bit 3 =
 * Rb is a vec2; row 0 has nothing in Rb): 0, 1 or 2. Returns 0 for a row
 * that is not in the table. */
unsigned spagm_tlds_src_count(unsigned encoding, unsigned which);

/** Registers TLDS writes at Rd0 (which = 0) or Rd1 (which = 1): 0, 1 or 2,
 * from the destination tables of TLDS.txt. rd1_is_rz selects the 2C table
 * (wmsk 0..7) or the 34C table (wmsk 0..4, R23); .F16 packs two components
 * per register, so every written register is a scalar. Returns 0 for a wmsk
 * outside the selected table. */
unsigned spagm_tlds_dst_count(bool f16, bool rd1_is_rz, unsigned wmsk,
                              unsigned which);

/** Components TLDS delivers for a write mask, in register order: up to four
 * of 0 = R, 1 = G, 2 = B, 3 = A written to comp[]; returns how many (0 for a
 * wmsk outside the selected table). Rd0 receives the first
 * spagm_tlds_dst_count(f16, ..., 0) registers' worth (two per register with
 * .F16), Rd1 the rest. */
unsigned spagm_tlds_wmsk_components(bool rd1_is_rz, unsigned wmsk,
                                    unsigned comp[4]);

/** Assembly name of a write mask ("R", "RG", "RGBA", ...), NULL when wmsk is
 * not in the table selected by rd1_is_rz. */
const char *spagm_tlds_wmsk_name(bool rd1_is_rz, unsigned wmsk);

#ifdef __cplusplus
}
#endif
#endif
