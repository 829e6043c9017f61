/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/status.h: a failing call's status and diagnostic reported as
 * FILE:LINE:COL, the way a tool of the user's points at their source. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spagm/asm.h>

#include "example.h"

/* A check of the user's own written as the API's are: spagm_diag_set
 * fills the diagnostic and returns the status. */
//! [status_own_check]
static spagm_status check_count(size_t count, spagm_diag *d) {
  if (count > 64)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "%zu instructions, the buffer holds 64", count);
  return SPAGM_OK;
}
//! [status_own_check]

int main(void) {
  const char *src = "ALD R4, a[0x7c];\nALD R5, b[0x80];\n";  /* line 2: no b[] space */
  spagm_insn *prog = NULL;
  size_t n = 0;
  //! [status_report]
  spagm_diag d;
  spagm_status st = spagm_asm_text(src, strlen(src), NULL, &prog, &n, &d);
  if (st != SPAGM_OK) {
    /* "shader.s:2:9: syntax: ..." */
    fprintf(stderr, "shader.s:%d:%d: %s: %s\n", d.line, d.col, spagm_status_name(st), d.msg);
  }
  //! [status_report]
  free(prog);
  if (st == SPAGM_OK || d.line != 2 || d.col < 1)
    return example_fail("a bad second line is reported on line 2", &d);
  if (check_count(65, &d) != SPAGM_E_ARG || strstr(d.msg, "65 instructions") == NULL)
    return example_fail("spagm_diag_set fills the diagnostic", &d);
  printf("reported %s at line %d, column %d\n", spagm_status_name(st), 2, d.col);
  return 0;
}
