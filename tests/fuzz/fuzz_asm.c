// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the assembler (asm.h): the input is assembly text.
 * spagm_asm_text_pos and spagm_asm_one must return a status, with a
 * positioned diagnostic on refusal, and every statement they accept must
 * survive the round trips of fuzz_roundtrip.h. Run under the stage unknown
 * and under a stage chosen by the input's length, so the stage rules (R8)
 * are reached without taking a byte from the text. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_roundtrip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_refusal(spagm_status st, const spagm_diag *d) {
  if (st != SPAGM_E_SYNTAX && st != SPAGM_E_SEMANTIC && st != SPAGM_E_NOMEM)
    fuzz_fail("the assembler refused with an unexpected status", spagm_status_name(st));
  if (d->line < 1 || d->col < 1 || d->msg[0] == '\0')
    fuzz_fail("a refusal without a position or a message", d->msg);
}

static void text_once(const char *src, size_t size, int stage) {
  spagm_asm_opts opts = {stage};
  spagm_insn *v = NULL;
  spagm_srcpos *pos = NULL;
  size_t n = 0;
  spagm_diag d = {0};
  spagm_status st = spagm_asm_text_pos(src, size, &opts, &v, &pos, &n, &d);
  if (st == SPAGM_OK) {
    for (size_t i = 0; i < n; i++) {
      uint64_t word;
      if (pos[i].line < 1 || pos[i].col < 1) fuzz_fail("a statement without a position", NULL);
      fuzz_check_insn(&v[i], stage, &word);
    }
  } else {
    check_refusal(st, &d);
  }
  free(v);
  free(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *src = (const char *)data;
  text_once(src, size, -1);
  text_once(src, size, (int)(size % SPAGM_STAGE_COUNT));

  /* spagm_asm_one takes a C string: the input up to its first NUL. */
  char *one = malloc(size + 1);
  if (!one) return 0;
  memcpy(one, data, size);
  one[size] = '\0';
  spagm_insn x;
  spagm_diag d = {0};
  spagm_status st = spagm_asm_one(one, 1, 1, NULL, &x, &d);
  if (st == SPAGM_OK) {
    uint64_t word;
    fuzz_check_insn(&x, -1, &word);
  } else {
    check_refusal(st, &d);
  }
  free(one);
  return 0;
}
