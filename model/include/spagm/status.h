// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — status codes and diagnostics shared by every part of the API.
 *
 * A user-facing error is a return value carrying a message, never an assert
 * (DESIGN §5). Functions that can fail return spagm_status and, where they take
 * a spagm_diag, fill it with a human sentence and, for text input, the line and
 * column of the problem.
 *
 * Example (examples/api/status.c, run by the test api_example.status): a
 * failing call reported at its file, line and column.
 * \snippet examples/api/status.c status_report
 * A check of the caller's own reports the same way with spagm_diag_set:
 * \snippet examples/api/status.c status_own_check
 */
#ifndef SPAGM_STATUS_H
#define SPAGM_STATUS_H

#include <stddef.h>

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

/** What a function that can fail returns: SPAGM_OK or the kind of error. */
typedef enum spagm_status {
  /** success */
  SPAGM_OK = 0,
  SPAGM_E_ARG,        /**< a NULL pointer or out-of-range API argument */
  SPAGM_E_NOMEM,      /**< allocation failed */
  SPAGM_E_DECODE,     /**< a 64-bit word that is not a legal instruction */
  SPAGM_E_ENCODE,     /**< a decoded instruction that has no legal word */
  SPAGM_E_SYNTAX,     /**< assembly text that does not parse */
  SPAGM_E_SEMANTIC,   /**< assembly that parses but breaks a rule (R5, R8, R10, R23) */
  SPAGM_E_IO,         /**< a file could not be read or written */
  SPAGM_E_FORMAT,     /**< a file whose content is malformed */
  SPAGM_E_EXPECT,     /**< a scenario expectation that did not hold */
  SPAGM_E_STATE       /**< an operation not allowed in the current model state */
} spagm_status;

/** A diagnostic: what is wrong and what would be right. line/col are 1-based
 * and 0 when the problem has no position (for example a binary word). */
typedef struct spagm_diag {
  int line;      /**< 1-based line of the problem, 0 when it has none */
  int col;       /**< 1-based column of the problem, 0 when it has none */
  char msg[256]; /**< the sentence, NUL-terminated */

} spagm_diag;

/** Short stable name of a status ("ok", "decode", ...). Never NULL. */
const char *spagm_status_name(spagm_status s);

/** Fill d (when not NULL) with printf-style text; returns s so callers can
 * write `return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "...")`. */
spagm_status spagm_diag_set(spagm_diag *d, spagm_status s, int line, int col,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
