// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — explanations: which spec rule produced each value of a response.
 *
 * Rule ids are stable numbers (they appear in vector files and mismatch
 * reports); each unit owns a range and lists its rules in its own table:
 *   0x000.. common (rules_common.h)   0x100.. attribute unit (rules_attr.h)
 *   0x200.. pixel unit (rules_pix.h)  0x300.. texture unit (rules_tex.h)
 * A rule's text is a format in which %0 %1 %2 are replaced by the three
 * recorded arguments of that lane and slot (decimal), %x0 %x1 %x2 by hex.
 *
 * Example (examples/api/explain.c, run by the test api_example.explain): the
 * rule behind one lane's result and its sentence.
 * \snippet examples/api/explain.c explain_lane
 */
#ifndef SPAGM_EXPLAIN_H
#define SPAGM_EXPLAIN_H

#include <stdbool.h>
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

/* The rule tables, as X(ID, number, "text") lists. */
#include "spagm/rules_common.h"
#include "spagm/rules_attr.h"
#include "spagm/rules_pix.h"
#include "spagm/rules_tex.h"

/** One enumerator of spagm_rule from a rule table's X row. */
#define SPAGM_X_RULE_ENUM(id, num, text) SPAGM_RULE_##id = num,

/** Every rule an explanation can name: SPAGM_RULE_<ID> = number, from the
 * tables SPAGM_RULES_COMMON, _ATTR, _PIX and _TEX (spagm_rule_text gives the
 * sentence). The numbers are stable: files and reports store them. */
typedef enum spagm_rule {
  SPAGM_RULES_COMMON(SPAGM_X_RULE_ENUM)
  SPAGM_RULES_ATTR(SPAGM_X_RULE_ENUM)
  SPAGM_RULES_PIX(SPAGM_X_RULE_ENUM)
  SPAGM_RULES_TEX(SPAGM_X_RULE_ENUM)
  SPAGM_RULE__END
} spagm_rule;
#undef SPAGM_X_RULE_ENUM

/// @{
/** Slots: 0..3 the write-back slots or store components, 4 the predicate. */
#define SPAGM_EXPLAIN_SLOTS 5
#define SPAGM_EXPLAIN_PD_SLOT 4
/// @}

/** The number type of the values a write-back slot carries, where the
 * instruction decides it (spagm_explain.value_type): a TLDS slot has the
 * data type of the texture component it carries (R21: SINT sign-extended,
 * UINT zero-extended, every other type converted to fp32). */
typedef enum spagm_value_type {
  SPAGM_VALUE_TYPE_RULE = 0,  /**< none recorded: the rule's unit decides (a
                                   count, mask or index of PIXLD and AL2P is
                                   an unsigned integer, the rest fp32) */
  SPAGM_VALUE_TYPE_FLOAT = 1, /**< fp32 */
  SPAGM_VALUE_TYPE_SINT = 2,  /**< a signed 32-bit integer */
  SPAGM_VALUE_TYPE_UINT = 3   /**< an unsigned 32-bit integer */
} spagm_value_type;

/** Where one TLDS lane's texel is (spagm_explain.texel): the location the
 * R18 checks judge, after the AOFFI offsets are added (R19). A coordinate
 * paramA does not use is 0; coordinates are clamped to the int32 range and
 * the level to the uint32 range (an offset or an LOD can take them past). */
typedef struct spagm_explain_texel {
  int32_t s;        /**< texel coordinate s (x) in the level */
  int32_t t;        /**< t (y); 0 for 1D */
  int32_t r;        /**< r (the slice of a 3D texture); 0 otherwise */
  uint32_t level;   /**< mip level: the view's first level, plus the LOD for .LL */
  uint32_t layer;   /**< array layer (ARRAY_2D), else 0 */
  uint32_t sample;  /**< sample index (.MS), else 0 */
  uint64_t address; /**< texture-memory byte address of the texel's first byte
                         (spagm_tex_texel_address); 0 when the lane read no
                         texel (not in spagm_explain.texel_read) */
} spagm_explain_texel;

/** Why each result of one request is what it is: per slot and lane the rule
 * (spagm_rule) that decided it and up to three numbers the rule's sentence
 * uses, and the rule behind a fault; for a TLDS also the header it used,
 * each lane's texel location and the number type of each slot. Filled by
 * spagm_execute_explain. */
typedef struct spagm_explain {
  uint16_t fault_rule; /**< rule behind resp.fault, 0 when none */
  int32_t fault_arg[3]; /**< the numbers of the fault's sentence */
  uint16_t rule[SPAGM_EXPLAIN_SLOTS][SPAGM_LANES]; /**< 0 = nothing recorded */
  int32_t arg[SPAGM_EXPLAIN_SLOTS][SPAGM_LANES][3]; /**< the numbers of each rule's
                                                          sentence, valid where rule is not 0 */
  uint8_t value_type[SPAGM_EXPLAIN_SLOTS]; /**< spagm_value_type of each slot's values,
                                                the same on every lane */
  bool has_tex_header;  /**< a TLDS read a header index from its constant bank */
  uint32_t tex_header;  /**< that index (headerPtr[19:0] of the bank word), 0 when none */
  uint32_t texel_lanes; /**< TLDS: lanes whose texel[] holds the location they
                             read or, out of range (R18), would have read */
  uint32_t texel_read;  /**< of those, the lanes that read their texel: texel[].address */
  spagm_explain_texel texel[SPAGM_LANES]; /**< per lane, valid in texel_lanes */
} spagm_explain;

/** Clear ex: no rule recorded anywhere, every byte zero. No-op when ex is
 * NULL. */
void spagm_explain_init(spagm_explain *ex);


/** Record a rule for one lane and slot (no-op when ex is NULL, so execution
 * code calls it unconditionally and the fast path pays one branch). */
static inline void spagm_explain_set(spagm_explain *ex, unsigned slot,
                                     unsigned lane, unsigned rule, int32_t a0,
                                     int32_t a1, int32_t a2) {
  if (ex) {
    ex->rule[slot][lane] = (uint16_t)rule;
    ex->arg[slot][lane][0] = a0;
    ex->arg[slot][lane][1] = a1;
    ex->arg[slot][lane][2] = a2;
  }
}

/** Stable upper-case name of a rule ("ALD_I_BMAP0_DEFAULT"), or NULL. */
const char *spagm_rule_name(unsigned rule);
/** Unformatted text of a rule, or NULL. */
const char *spagm_rule_text(unsigned rule);
/** Human sentence for one lane and slot; returns the needed length like
 * snprintf. Empty string when nothing was recorded. */
size_t spagm_explain_format(const spagm_explain *ex, unsigned slot,
                            unsigned lane, char *buf, size_t n);
/** The same for the fault. */
size_t spagm_explain_fault(const spagm_explain *ex, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
