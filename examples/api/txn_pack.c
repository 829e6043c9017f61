/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/txn_pack.h: a request packed into the flat bit vector a DPI-C call
 * or a $readmemh line carries (svBitVecVal words), unpacked on the other
 * side, and the layout of its fields listed (docs/port-contract.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_request req, got;
  spagm_request_init(&req);
  req.tag = 7;
  req.insn = 0x123456789abcdef0ull;
  req.lane_mask = 0x80000001u;
  req.a[1][31] = 0xdeadbeefu;
  req.sample[0] = 0x1f;  /* 4 bits on the wire: 0xf arrives */
  //! [txn_pack_wire]
  uint32_t words[SPAGM_REQUEST_WORDS];  /* word 0 = bits [31:0] */
  spagm_request_pack(&req, words);
  /* ... words cross DPI-C as an svBitVecVal[SPAGM_REQUEST_WORDS] ... */
  spagm_request_unpack(words, &got);

  /* Where each field sits in the SPAGM_REQUEST_BITS-bit vector. */
  size_t n = spagm_request_fields(NULL, 0);
  spagm_field_info *fields = malloc(n * sizeof *fields);
  if (!fields) return 1;
  spagm_request_fields(fields, n);
  for (size_t i = 0; i < n; i++)
    printf("%-10s [%u +: %u]  %u x %u bits\n", fields[i].name, fields[i].lsb,
           fields[i].bits * fields[i].count, fields[i].count, fields[i].bits);
  //! [txn_pack_wire]
  int bad = got.tag != 7 || got.insn != req.insn || got.lane_mask != req.lane_mask ||
            got.a[1][31] != 0xdeadbeefu || got.sample[0] != 0xf ||
            strcmp(fields[0].name, "tag") != 0 ||
            fields[0].lsb + fields[0].bits != SPAGM_REQUEST_BITS; /* first field on top */
  free(fields);
  return bad ? example_fail("a request survives pack and unpack", NULL) : 0;
}
