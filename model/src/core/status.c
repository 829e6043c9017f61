// SPDX-License-Identifier: Apache-2.0
/* Status names and diagnostics (status.h). */
#include <stdarg.h>
#include <stdio.h>

#include "spagm/status.h"
#include "spagm/version.h"

const char *spagm_status_name(spagm_status s) {
  switch (s) {
    case SPAGM_OK: return "ok";
    case SPAGM_E_ARG: return "bad argument";
    case SPAGM_E_NOMEM: return "out of memory";
    case SPAGM_E_DECODE: return "illegal instruction word";
    case SPAGM_E_ENCODE: return "not encodable";
    case SPAGM_E_SYNTAX: return "syntax error";
    case SPAGM_E_SEMANTIC: return "invalid instruction";
    case SPAGM_E_IO: return "i/o error";
    case SPAGM_E_FORMAT: return "malformed file";
    case SPAGM_E_EXPECT: return "expectation failed";
    case SPAGM_E_STATE: return "invalid state";
  }
  return "unknown status";
}

spagm_status spagm_diag_set(spagm_diag *d, spagm_status s, int line, int col,
                            const char *fmt, ...) {
  if (d) {
    va_list ap;
    d->line = line;
    d->col = col;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
  }
  return s;
}

const char *spagm_version(void) { return SPAGM_VERSION_STRING; }
