// SPDX-License-Identifier: Apache-2.0
/* Internal pieces of the scenario runner shared by its files. */
#ifndef SPAGM_SCN_INTERNAL_H
#define SPAGM_SCN_INTERNAL_H

#include "scenario.h"

/* A value per lane, from an expression such as `lane*4 + 0x10`. */
typedef struct spagm_scn_expr {
  uint32_t v[SPAGM_LANES];
  bool uses_lane;
} spagm_scn_expr;

spagm_status spagm__scn_expr(spagm_scn_args *a, spagm_scn_expr *out,
                             spagm_diag *d);

struct spagm_scn {
  spagm_model *model;
  spagm_regfile rf;
  uint32_t lanes; /* lanes the next instruction issues on */
  int stage;      /* for the assembler's stage checks, -1 unknown */
  /* `asm_stage any`: the assembler applies no stage rules (R8, N12), so a
   * form the hardware faults on still becomes a word and the model faults. */
  bool asm_any_stage;
  FILE *out;
  const char *file;
  uint32_t next_tag;
  /* The last instruction executed, for `expect` lines. */
  bool have_last;
  spagm_insn last_insn;
  spagm_request last_req;
  spagm_response last_resp;
  spagm_explain last_ex;
  spagm_scn_result res;
  const spagm_scn_hooks *hooks; /* NULL when nobody observes the run */
  bool state_changed;           /* a unit directive or reset since the last instruction */
  bool failed_once;
  spagm_diag first_failure;
};

/* Directive handlers of the core (scenario.c / scn_expect.c). */
spagm_status spagm__scn_expect(spagm_scn *s, spagm_scn_args *a, spagm_diag *d);
/* Print a result line for the trace and record an expectation outcome. */
void spagm__scn_record(spagm_scn *s, const spagm_scn_args *a, bool held,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Parse a register operand R<n> (or RZ); returns the number. */
spagm_status spagm__scn_reg(spagm_scn_args *a, unsigned *reg, spagm_diag *d);
/* Parse an optional [lanes] suffix; *mask unchanged when absent. */
spagm_status spagm__scn_lane_suffix(spagm_scn_args *a, uint32_t *mask,
                                    spagm_diag *d);
/* Format a 32-bit value as 0x%08x with its float reading when that helps. */
void spagm__scn_fmt_value(uint32_t v, char *buf, size_t n);

#endif
