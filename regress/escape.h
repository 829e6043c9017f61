// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: string escaping for the JSON and XML emitters. Both take
 * any bytes (a log, a reason, a command) and write valid output: invalid
 * UTF-8 becomes U+FFFD, and XML 1.0's forbidden control characters are
 * dropped, so a parser never rejects results.json or junit.xml. */
#ifndef SPAGM_REGRESS_ESCAPE_H
#define SPAGM_REGRESS_ESCAPE_H

#include "util.h"

void rg_json_str(rg_buf *b, const char *s);
void rg_xml_text(rg_buf *b, const char *s);

#endif
