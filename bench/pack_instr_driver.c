// SPDX-License-Identifier: Apache-2.0
/* Driver for bench/pack_instr.sh: 1000 DPI round trips (unpack request and
 * response, pack both back, as spagm_dpi.c does per transaction) over
 * deterministic contents, then a checksum of the words, so the baseline's
 * and the new txn_pack.c's outputs are compared as well as their cost. */
#include <stdint.h>
#include <stdio.h>

#include "spagm/txn_pack.h"

int main(void) {
  static spagm_request q;
  static spagm_response r;
  static uint32_t rq[SPAGM_REQUEST_WORDS], rs[SPAGM_RESPONSE_WORDS];
  unsigned char *pq = (unsigned char *)&q, *pr = (unsigned char *)&r;
  for (size_t i = 0; i < sizeof q; i++) pq[i] = (unsigned char)(i * 131u + 7u);
  for (size_t i = 0; i < sizeof r; i++) pr[i] = (unsigned char)(i * 197u + 3u);
  spagm_request_pack(&q, rq);
  spagm_response_pack(&r, rs);
  for (int i = 0; i < 1000; i++) {
    spagm_request_unpack(rq, &q);
    spagm_response_unpack(rs, &r);
    spagm_request_pack(&q, rq);
    spagm_response_pack(&r, rs);
  }
  uint32_t sum = 0;
  for (unsigned i = 0; i < SPAGM_REQUEST_WORDS; i++) sum = sum * 31u + rq[i];
  for (unsigned i = 0; i < SPAGM_RESPONSE_WORDS; i++) sum = sum * 31u + rs[i];
  printf("checksum %08x\n", sum);
  return 0;
}
