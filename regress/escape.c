// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: XML escaping (escape.h). */
#include "escape.h"

#include <stdio.h>
#include <string.h>

#include "spagm/util/json.h" /* spagm_utf8_len */

void rg_xml_text(spagm_buf *b, const char *str) {
  const unsigned char *s = (const unsigned char *)str;
  while (*s) {
    size_t n = spagm_utf8_len(s);
    const char *ent = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;"
                      : *s == '"' ? "&quot;" : *s == '\'' ? "&apos;" : NULL;
    if (ent) {
      spagm_buf_puts(b, ent);
    } else if (*s < 0x20 && *s != '\t' && *s != '\n' && *s != '\r') {
      /* not allowed in XML 1.0, even as a character reference */
    } else if (n == 0) {
      spagm_buf_puts(b, "\xef\xbf\xbd"), n = 1;
    } else if (n == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe) {
      /* U+FFFE, U+FFFF are not XML characters either */
    } else {
      spagm_buf_add(b, (const char *)s, n);
    }
    s += n ? n : 1;
  }
}
