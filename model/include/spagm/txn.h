// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — the transaction contract (DESIGN §3).
 *
 * One transaction is one warp-instruction entering a unit (request) and its
 * result leaving it (response). The two field tables below are the single
 * description of the contract: the C structs here, the packing into DPI
 * svBitVecVal words, the SystemVerilog typedefs and the vector-file columns
 * are all derived from them, so their layouts cannot drift apart.
 *
 * X(name, ctype, bits, dims)
 *   ctype  C element type
 *   bits   significant bits of each element (used when packing)
 *   dims   C array dimensions, empty for a scalar
 *
 * Example (examples/api/txn.c, run by the test api_example.txn): a request
 * filled as an issue stage does and its response read as a scoreboard does.
 * \snippet examples/api/txn.c txn_fields
 */
#ifndef SPAGM_TXN_H
#define SPAGM_TXN_H

#include <stdint.h>

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

/** Lanes of a warp: every per-lane field has this many elements. */
#define SPAGM_LANES 32
#define SPAGM_WB_SLOTS 4   /**< write-back slots of a response */
#define SPAGM_ST_COMPS 4   /**< store components of a response */

/** Request: operand values per lane by slot. Slots an instruction does not
 * read are ignored; RZ reads as 0 and the issuing side supplies values. */
#define SPAGM_REQUEST_FIELDS(X)                                                \
  X(tag, uint32_t, 32, )                  /* sequence id assigned at issue */  \
  X(insn, uint64_t, 64, )                 /* SM50 instruction word */          \
  X(lane_mask, uint32_t, 32, )            /* active lanes after the guard */   \
  X(a, uint32_t, 32, [2][SPAGM_LANES])    /* Ra, Ra+1 */                       \
  X(b, uint32_t, 32, [2][SPAGM_LANES])    /* Rb, Rb+1 */                       \
  X(c, uint32_t, 32, [SPAGM_LANES])       /* Rc */                             \
  X(d, uint32_t, 32, [4][SPAGM_LANES])    /* AST store data Rb..Rb+3 */        \
  X(vertex, uint32_t, 32, [SPAGM_LANES])  /* implicit vertex index */          \
  X(primitive, uint32_t, 32, [SPAGM_LANES]) /* implicit primitive index */     \
  X(coverage, uint16_t, 16, [SPAGM_LANES]) /* PIXLD pixel coverage mask */     \
  X(sample, uint8_t, 4, [SPAGM_LANES])    /**< PIXLD SSAA sample index */

/** Response. Write-back slot i holds one destination register: its number
 * after alignment (R10), the lanes written, the values, and per value the
 * bits the architecture leaves undefined (compare (rtl^model)&~dontcare). */
#define SPAGM_RESPONSE_FIELDS(X)                                               \
  X(tag, uint32_t, 32, )                                                       \
  X(fault, uint8_t, 8, )                  /* spagm_fault */                    \
  X(fault_lanes, uint32_t, 32, )                                               \
  X(wb_reg, uint8_t, 8, [SPAGM_WB_SLOTS]) /* RZ when the slot is unused */     \
  X(wb_valid, uint32_t, 32, [SPAGM_WB_SLOTS])                                  \
  X(wb_value, uint32_t, 32, [SPAGM_WB_SLOTS][SPAGM_LANES])                     \
  X(wb_dontcare, uint32_t, 32, [SPAGM_WB_SLOTS][SPAGM_LANES])                  \
  X(pd, uint8_t, 8, )                     /* PT when no predicate write */     \
  X(pd_written, uint32_t, 32, )                                                \
  X(pd_value, uint32_t, 32, )                                                  \
  X(st_space, uint8_t, 8, )               /* spagm_space of the stores */      \
  X(st_mask, uint32_t, 32, [SPAGM_ST_COMPS]) /* lanes stored, per component */ \
  X(st_addr, uint32_t, 32, [SPAGM_ST_COMPS][SPAGM_LANES]) /* byte address */   \
  X(st_data, uint32_t, 32, [SPAGM_ST_COMPS][SPAGM_LANES])

/** The fault of a response. */
typedef enum spagm_fault {
  /** no fault */
  SPAGM_FAULT_NONE = 0,
  SPAGM_FAULT_ILLEGAL_INSTR_ENCODING = 1, /**< warp-wide, no side effects */
  SPAGM_FAULT_VTX_OUT_OF_RANGE = 2        /**< R9, per lane, trap enabled */
} spagm_fault;

/** Where the stores of a response went. Addresses are physical byte offsets
 * inside that space (R1 layout for attribute spaces). */
typedef enum spagm_space {
  SPAGM_SPACE_NONE = 0,
  SPAGM_SPACE_ISBE_IN = 1,   /**< ISBEWR to the input space */
  SPAGM_SPACE_ISBE_OUT = 2,  /**< AST / ISBEWR to the output space */
  SPAGM_SPACE_PATCH = 3,     /**< AST.P (TI) */
  SPAGM_SPACE_GS_OUT = 4     /**< GS output buffer (R12) */
} spagm_space;

/** One field of a transaction struct, from an X(name, C type, bits,
 * dimensions) row of SPAGM_REQUEST_FIELDS or SPAGM_RESPONSE_FIELDS. */
#define SPAGM_X_MEMBER(name, ctype, bits, dims) ctype name dims;

/** A request to a unit: the fields of SPAGM_REQUEST_FIELDS above (tag,
 * instruction word, lane mask, operand registers per lane, ...), in that
 * order, as the port contract (docs/port-contract.md) carries them. */
typedef struct spagm_request {
  SPAGM_REQUEST_FIELDS(SPAGM_X_MEMBER)
} spagm_request;

/** A unit's response: the fields of SPAGM_RESPONSE_FIELDS above (tag, fault,
 * write-back slots with their don't-care masks, predicate, stores). */
typedef struct spagm_response {
  SPAGM_RESPONSE_FIELDS(SPAGM_X_MEMBER)
} spagm_response;

/** Name of a fault as reports print it ("NONE", "ILLEGAL_INSTR_ENCODING",
 * "VTX_OUT_OF_RANGE"); "UNKNOWN_FAULT" for a value outside the enum. */
const char *spagm_fault_name(spagm_fault f);
/** Short stable name of a store space ("none", "isbe_in", "isbe_out",
 * "patch", "gs_out"); "unknown_space" for a value outside the enum. */

const char *spagm_space_name(spagm_space s);


/** A request with no active lanes and every register slot 0. */
void spagm_request_init(spagm_request *req);
/** An empty response: no fault, no writes, no stores, slots RZ, pd PT. */
void spagm_response_init(spagm_response *resp, uint32_t tag);
/** mask = the bits of each response field that the port contract compares
 * with the expected response exp (docs/port-contract.md, "What is
 * compared"): fault and fault_lanes; per write-back slot wb_valid, and
 * where it is non-zero wb_reg and the valid lanes' values outside
 * wb_dontcare; pd_written, and where non-zero pd and the written lanes of
 * pd_value; st_mask, and where any is non-zero st_space and the stored
 * lanes' addresses and data. tag and wb_dontcare are not compared
 * (responses are matched by tag; the RTL drives wb_dontcare 0). Does
 * nothing when either pointer is NULL. */
void spagm_response_compare_mask(const spagm_response *exp, spagm_response *mask);

#ifdef __cplusplus
}
#endif
#endif
