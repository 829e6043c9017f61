/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/asm.h: a shader's source assembled with the position of every
 * statement, encoded to SM50 words and disassembled back to the canonical
 * text (docs/assembly.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  const char *src =
      "// a tessellation shader's reads\n"
      "ald.i.64 r0, a[0x80], r1   # GENERIC0.xy of vertex R1\n"
      "AL2P R2, R3, 12;\n"
      "ALD R6, a[0x7c], R1;\n";
  spagm_asm_opts opts = {.stage = SPAGM_STAGE_TS};  /* R8 checks for TS */
  int bad = 0;
  //! [asm_text]
  spagm_insn *prog = NULL;
  spagm_srcpos *pos = NULL;
  size_t n = 0;
  spagm_diag d;
  if (spagm_asm_text_pos(src, strlen(src), &opts, &prog, &pos, &n, &d) != SPAGM_OK) {
    fprintf(stderr, "shader.s:%d:%d: %s\n", d.line, d.col, d.msg);
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    uint64_t word;
    char text[128];
    if (spagm_encode(&prog[i], &word, NULL, &d) != SPAGM_OK) {
      fprintf(stderr, "shader.s:%d:%d: %s\n", pos[i].line, pos[i].col, d.msg);
      bad = 1;
      continue;
    }
    spagm_disasm_word(word, text, sizeof text);  /* canonical form */
    printf("%d: 0x%016llx  %s\n", pos[i].line, (unsigned long long)word, text);
  }
  //! [asm_text]
  char first[128];
  spagm_disasm(&prog[0], 0, first, sizeof first);
  if (n != 3 || pos[0].line != 2 || pos[2].line != 4 || strcmp(first, "ALD.64 R0, a[128], R1;"))
    bad = example_fail(first, NULL);
  free(prog);
  free(pos);
  return bad;
}
