// SPDX-License-Identifier: Apache-2.0
/* Round trips of the instruction layer (fuzz_roundtrip.h). */
#include "fuzz_roundtrip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void fuzz_fail(const char *what, const char *detail) {
  fprintf(stderr, "spagm fuzz: %s: %s\n", what, detail ? detail : "");
  abort();
}

bool fuzz_check_insn(const spagm_insn *x, int stage, uint64_t *word) {
  char text[256], again[256];
  size_t need = spagm_disasm(x, 1, text, sizeof text);
  if (need >= sizeof text) fuzz_fail("disassembly longer than 255 characters", text);
  spagm_asm_opts opts = {stage};
  spagm_insn y;
  spagm_diag d = {0};
  spagm_status st = spagm_asm_one(text, 1, 1, &opts, &y, &d);
  /* N4: the one decoded form whose text does not reassemble is a TLDS
   * breaking R10's register packing, which the assembler refuses. */
  bool r10 = st == SPAGM_E_SEMANTIC && x->op == SPAGM_OP_TLDS && strstr(d.msg, "R10");
  if (st != SPAGM_OK && !r10) fuzz_fail("the disassembly does not assemble", d.msg);
  if (st == SPAGM_OK && !spagm_insn_equal(x, &y)) {
    spagm_disasm(&y, 1, again, sizeof again);
    fprintf(stderr, "first: %s\nagain: %s\n", text, again);
    fuzz_fail("the disassembly assembles to another instruction", text);
  }

  unsigned dropped = 0;
  st = spagm_encode(x, word, &dropped, &d);
  if (x->op == SPAGM_OP_ISBEWR) {
    if (st != SPAGM_E_ENCODE) fuzz_fail("ISBEWR has no word but encoded", text);
    return false;
  }
  if (st != SPAGM_OK) fuzz_fail("an accepted instruction does not encode", d.msg);
  spagm_insn z;
  if (spagm_decode(*word, &z, &d) != SPAGM_OK) fuzz_fail("its encoding does not decode", d.msg);
  /* No bits in the word: the .T/.P phase (N2) and the scheduling
   * annotations, which travel in the control word. */
  z.phase = x->phase;
  z.has_sched = x->has_sched;
  z.sched = x->sched;
  if (!spagm_insn_equal(x, &z)) fuzz_fail("decode(encode(x)) is not x", text);
  return true;
}
