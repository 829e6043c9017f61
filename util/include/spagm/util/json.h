// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — machine-readable run summaries (`--json FILE`, `+json=FILE`).
 * A small writer of one JSON object, written whole: to
 * FILE.tmp-PID, renamed onto FILE by spagm_json_close, removed on error.
 * Strings may hold any bytes: invalid UTF-8 becomes U+FFFD, control
 * characters are escaped, so every parser accepts the file.
 *
 *   spagm_json j;
 *   if (!spagm_json_open(&j, path, &d)) ...;      // '{'
 *   spagm_json_str(&j, "tool", "spagm gen");
 *   spagm_json_object(&j, "units"); ... spagm_json_end(&j);
 *   spagm_json_array(&j, "mismatches"); spagm_json_object(&j, NULL); ...
 *   spagm_json_close(&j, &d);                     // '}' + rename
 *
 * Keys are NULL inside arrays. The schema of each tool's summary is in
 * docs/json-summary.md.
 *
 * Example (examples/api/util_json.c, run by the test api_example.util_json): a
 * tool's summary with an array of objects written whole.
 * \snippet examples/api/util_json.c json_summary
 */
#ifndef SPAGM_UTIL_JSON_H
#define SPAGM_UTIL_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Deepest nesting of objects and arrays a writer handles. */
#define SPAGM_JSON_DEPTH 16

/** A JSON summary being written: to a temporary file beside path, renamed
 * onto path by spagm_json_close (docs/json-summary.md). */
typedef struct spagm_json {
  FILE *f;                      /**< the temporary file */
  char *path;                   /**< where the file goes when complete */
  char *tmp;                    /**< the temporary file's name */
  unsigned depth;               /**< objects and arrays open */

  bool first[SPAGM_JSON_DEPTH]; /**< no member yet at this depth */
  uint32_t arrays;              /**< bit k: level k+1 is an array */
  bool bad;                     /**< nesting misuse: close fails */
} spagm_json;

/// @{
/** Create the temporary file and open the top-level object. */
bool spagm_json_open(spagm_json *j, const char *path, spagm_diag *d);
void spagm_json_object(spagm_json *j, const char *key);
void spagm_json_array(spagm_json *j, const char *key);
void spagm_json_end(spagm_json *j);
void spagm_json_str(spagm_json *j, const char *key, const char *s);
void spagm_json_u64(spagm_json *j, const char *key, uint64_t v);
void spagm_json_f64(spagm_json *j, const char *key, double v); /**< non-finite: null */
void spagm_json_bool(spagm_json *j, const char *key, bool v);
/// @}
/** Close every open level, flush, rename into place. false (and the
 * temporary file removed, the old FILE untouched) on any write error. */
bool spagm_json_close(spagm_json *j, spagm_diag *d);
/** Give up: remove the temporary file. */
void spagm_json_abort(spagm_json *j);
/** Length of the well-formed UTF-8 sequence (RFC 3629) at s, 0 when s does
 * not start one; what the writers of JSON and XML text (spagm-regress) turn
 * into U+FFFD. */
size_t spagm_utf8_len(const unsigned char *s);
/** Write s as a JSON string literal (quotes included) to f. */
void spagm_json_write_string(FILE *f, const char *s);

#ifdef __cplusplus
}
#endif
#endif
