// SPDX-License-Identifier: Apache-2.0
/** \file
 * Rules shared by every unit (explain.h). X(ID, number, text)
 *
 * Example (examples/api/rules.c, run by the test api_example.rules): the
 * table expanded into a report's legend.
 * \snippet examples/api/rules.c rules_common
 */
#ifndef SPAGM_RULES_COMMON_H
#define SPAGM_RULES_COMMON_H
/** The table: X(ID, number, "sentence") per rule; the sentence's %0..%2
 * (decimal) and %x0..%x2 (hex) are the explanation's numbers. */
#define SPAGM_RULES_COMMON(X)                                                  \
  X(NONE, 0x000, "")                                                           \
  X(ILLEGAL_WORD, 0x001, "illegal instruction word -> ILLEGAL_INSTR_ENCODING") \
  X(LANE_INACTIVE, 0x002, "lane inactive (guard/lane mask) -> no write")
#endif
