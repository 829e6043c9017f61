// SPDX-License-Identifier: Apache-2.0
/* CRC recomputation of a vector file in memory (vec_recrc.h). */
#include "vec_recrc.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static bool starts(const uint8_t *line, size_t len, const char *word) {
  size_t k = strlen(word);
  return len >= k && memcmp(line, word, k) == 0;
}

/* Overwrite the 8 characters at p with crc in lower-case hex. */
static void put_crc(uint8_t *p, uLong crc) {
  char hex[9];
  snprintf(hex, sizeof hex, "%08lx", crc & 0xFFFFFFFFul);
  memcpy(p, hex, 8);
}

void fuzz_vec_recrc(uint8_t *text, size_t n) {
  size_t block = (size_t)-1; /* where the open block starts */
  for (size_t start = 0; start < n;) {
    const uint8_t *nl = memchr(text + start, '\n', n - start);
    size_t len = nl ? (size_t)(nl - (text + start)) : n - start;
    uint8_t *line = text + start;
    bool opens = start == 0 || starts(line, len, "state ") || starts(line, len, "txn ") ||
                 starts(line, len, "readback ");
    if (opens && block == (size_t)-1) block = start;
    if (starts(line, len, "end ") && block != (size_t)-1) {
      if (len >= 12) put_crc(line + 4, crc32(0L, text + block, (uInt)(start - block)));
      block = (size_t)-1;
    }
    if (starts(line, len, "trailer ") && len >= 9) {
      size_t sp = len;
      while (sp > 0 && line[sp - 1] != ' ') sp--;
      if (len - sp == 8) put_crc(line + sp, crc32(0L, text, (uInt)start));
    }
    start += len + 1;
  }
}
