/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/insn.h: an instruction built field by field, encoded to its SM50
 * word and decoded back; an illegal word decoded with the field named. */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  //! [insn_fields]
  spagm_insn ald;
  spagm_insn_init(&ald, SPAGM_OP_ALD);  /* registers RZ, predicates PT */
  ald.rd = 4;                           /* ALD.O.64 R4, a[0x80], R1 */
  ald.rb = 1;                           /* the vertex handle */
  ald.imm = 0x80;
  ald.out = true;
  ald.asize = SPAGM_ASZ_64;
  uint64_t word;
  if (spagm_encode(&ald, &word, NULL, &d) != SPAGM_OK) {
    fprintf(stderr, "encode: %s\n", d.msg);
    return 1;
  }
  spagm_insn back;
  if (spagm_decode(word, &back, &d) != SPAGM_OK || !spagm_insn_equal(&ald, &back))
    return 1;                           /* decode(encode(x)) == x */
  printf("%s (%s unit) = 0x%016llx\n", spagm_op_name(back.op),
         spagm_unit_name(spagm_op_unit(back.op)), (unsigned long long)word);

  /* PIXLD's mode field [33:31] holds 6: no legal instruction (R16). */
  uint64_t pixld;
  spagm_insn pix;
  spagm_insn_init(&pix, SPAGM_OP_PIXLD);
  pix.rd = 0;
  if (spagm_encode(&pix, &pixld, NULL, &d) != SPAGM_OK) return 1;
  pixld |= 6ull << 31;
  spagm_status st = spagm_decode(pixld, &back, &d);
  if (st == SPAGM_E_DECODE)
    printf("0x%016llx: %s\n", (unsigned long long)pixld, d.msg);
  //! [insn_fields]
  if (st != SPAGM_E_DECODE) return example_fail("PIXLD mode 6 is refused (R16)", NULL);
  return 0;
}
