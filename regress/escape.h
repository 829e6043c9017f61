// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: string escaping for the XML emitters (junit.xml, the
 * report page). It takes any bytes (a log, a reason, a command) and writes
 * valid output: invalid UTF-8 becomes U+FFFD and XML 1.0's forbidden
 * control characters are dropped, so a parser never rejects the file. JSON
 * strings (results.json) are escaped by util's spagm_buf_json_str, the
 * escaping of every JSON summary. */
#ifndef SPAGM_REGRESS_ESCAPE_H
#define SPAGM_REGRESS_ESCAPE_H

#include "util.h"

void rg_xml_text(spagm_buf *b, const char *s);

#endif
