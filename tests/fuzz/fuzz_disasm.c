// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the decoder and disassembler (insn.h, asm.h): the
 * input is a sequence of little-endian 64-bit words (a short tail is
 * zero-padded). Each word decodes or is refused with SPAGM_E_DECODE and a
 * reason; the disassembler prints either; a word that decodes encodes back
 * to itself bit for bit (every bit of an SM50 word of these units is
 * assigned, DESIGN §7.1) and passes the round trips of fuzz_roundtrip.h.
 * Each word is also read as a scheduling control word, whose three fields
 * pack back to its low 63 bits (bit 63 is 0, DESIGN §7.1). */
#include <stdio.h>

#include "fuzz_input.h"
#include "fuzz_roundtrip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_word(uint64_t w) {
  char text[256], hex[32];
  snprintf(hex, sizeof hex, "0x%016llx", (unsigned long long)w);

  spagm_sched s[3];
  spagm_sched_unpack(w, s);
  /* Fields may be invalid (a barrier 6, N13): that is for spagm_sched_valid
   * to say, not for the packing. */
  if (spagm_sched_pack(s) != (w & ((1ull << 63) - 1)))
    fuzz_fail("the control word does not pack back", hex);

  spagm_insn x;
  spagm_diag d = {0};
  spagm_status st = spagm_decode(w, &x, &d);
  spagm_status shown = spagm_disasm_word(w, text, sizeof text);
  if (shown != st) fuzz_fail("spagm_disasm_word and spagm_decode disagree", hex);
  if (st != SPAGM_OK) {
    if (st != SPAGM_E_DECODE || d.msg[0] == '\0')
      fuzz_fail("a refused word without SPAGM_E_DECODE and a reason", hex);
    return;
  }
  uint64_t again = 0;
  if (!fuzz_check_insn(&x, -1, &again)) fuzz_fail("a decoded word has no encoding", hex);
  if (again != w) fuzz_fail("encode(decode(w)) is not w", hex);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = fuzz_in_make(data, size);
  uint64_t w;
  while (fuzz_front_u64(&in, &w)) check_word(w);
  return 0;
}
