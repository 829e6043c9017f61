// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — packing transactions into flat bit vectors.
 *
 * Derived from the field tables of txn.h, so the DPI layer (svBitVecVal),
 * the SystemVerilog typedefs (generated from the same tables) and the hex
 * vector files share one bit layout:
 *
 *   the first field of the table occupies the most significant bits, like
 *   the first member of a SystemVerilog `struct packed`; inside a field,
 *   element k of the flattened C array (k = i*32 + lane for [i][lane])
 *   occupies bits [k*bits +: bits] of the field.
 *
 * Words are little-endian 32-bit chunks: word 0 holds bits [31:0], which is
 * the svBitVecVal convention.
 *
 * Example (examples/api/txn_pack.c, run by the test api_example.txn_pack): a
 * request packed into svBitVecVal words, unpacked, and its field layout
 * listed.
 * \snippet examples/api/txn_pack.c txn_pack_wire
 */
#ifndef SPAGM_TXN_PACK_H
#define SPAGM_TXN_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "spagm/txn.h"

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

/** The packed width of one request field (an X row of SPAGM_REQUEST_FIELDS). */
#define SPAGM_X_FIELD_BITS_REQ(name, ctype, bits, dims) \
  +(bits) * (sizeof(((spagm_request *)0)->name) / sizeof(ctype))
/** The packed width of one response field (an X row of SPAGM_RESPONSE_FIELDS). */
#define SPAGM_X_FIELD_BITS_RSP(name, ctype, bits, dims) \
  +(bits) * (sizeof(((spagm_response *)0)->name) / sizeof(ctype))

/** Sizes of the packed wire format (docs/port-contract.md). */
enum {
  SPAGM_REQUEST_BITS = 0 SPAGM_REQUEST_FIELDS(SPAGM_X_FIELD_BITS_REQ),
  SPAGM_RESPONSE_BITS = 0 SPAGM_RESPONSE_FIELDS(SPAGM_X_FIELD_BITS_RSP),
  SPAGM_REQUEST_WORDS = (SPAGM_REQUEST_BITS + 31) / 32,
  SPAGM_RESPONSE_WORDS = (SPAGM_RESPONSE_BITS + 31) / 32
};

/// @{
/** Pack into words[SPAGM_REQUEST_WORDS] / words[SPAGM_RESPONSE_WORDS]. Bits
 * above an element's width are dropped (e.g. a sample index above 15). */
void spagm_request_pack(const spagm_request *req, uint32_t *words);
void spagm_response_pack(const spagm_response *resp, uint32_t *words);
/// @}
/// @{
/** Unpack; every field is overwritten. */
void spagm_request_unpack(const uint32_t *words, spagm_request *req);
void spagm_response_unpack(const uint32_t *words, spagm_response *resp);
/// @}

/** Description of one field, for generators (SV package, vector columns). */
typedef struct spagm_field_info {
  const char *name;  /**< the field's name, as in spagm_request/spagm_response */

  unsigned bits;     /**< per element */
  unsigned count;    /**< elements (1 for a scalar) */
  unsigned outer;    /**< first dimension for 2-D fields, else 1 */
  unsigned lsb;      /**< bit offset of element 0 in the packed vector */
} spagm_field_info;

/// @{
/** The field tables in declaration order: fills up to max entries of out
 * and returns the number of fields (call with max 0 to size a buffer). */
size_t spagm_request_fields(spagm_field_info *out, size_t max);
size_t spagm_response_fields(spagm_field_info *out, size_t max);
/// @}

#ifdef __cplusplus
}
#endif
#endif
