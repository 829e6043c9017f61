// SPDX-License-Identifier: Apache-2.0
/* spagm scenario runner (docs/scenario-format.md).
 *
 * A scenario is a line-oriented text file: directives set model state and
 * per-lane registers, instruction lines (anything starting with a mnemonic or
 * a guard `@`) are assembled, issued from the register file, executed on the
 * model and retired back, and `expect` lines check results. The core (this
 * header, scenario.c) knows registers, lanes, instructions and expectations;
 * each unit adds its own state directives through a table of handlers
 * (scn_attr.c, scn_pix.c, scn_tex.c), so units never edit each other's code. */
#ifndef SPAGM_SCENARIO_H
#define SPAGM_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spagm_scn spagm_scn;

/* Cursor over the arguments of one directive line. */
typedef struct spagm_scn_args {
  const char *file;
  int line;
  const char *text; /* the whole line */
  const char *p;    /* cursor: the next unread character */
} spagm_scn_args;

/* Column (1-based) of the cursor, for diagnostics. */
int spagm_scn_col(const spagm_scn_args *a);
/* Skip blanks; true when the line has nothing more (or only a comment). */
bool spagm_scn_at_end(spagm_scn_args *a);
/* Next token: a run of characters other than blanks and the separators
 * , = [ ] ( ) { }. A separator alone is a token of its own. false at end. */
bool spagm_scn_word(spagm_scn_args *a, char *buf, size_t n);
/* Consume the separator or keyword `tok` (case-insensitive) if it is next. */
bool spagm_scn_accept(spagm_scn_args *a, const char *tok);
/* Like accept, but a diagnostic when tok is not next. */
spagm_status spagm_scn_require(spagm_scn_args *a, const char *tok,
                               spagm_diag *d);
/* A 32-bit value: decimal, 0x hex, 0b binary, negative decimal, or a float
 * with an `f` suffix (1.0f, -0.5f) giving its IEEE bits. */
spagm_status spagm_scn_u32(spagm_scn_args *a, uint32_t *v, spagm_diag *d);
/* A 64-bit unsigned value (decimal or 0x hex). */
spagm_status spagm_scn_u64(spagm_scn_args *a, uint64_t *v, spagm_diag *d);
/* A keyword out of a NULL-terminated list; *index its position. */
spagm_status spagm_scn_keyword(spagm_scn_args *a, const char *const *words,
                               int *index, spagm_diag *d);
/* A lane set: `all`, a mask 0x..., or a list of lanes and ranges 0-7,9. */
spagm_status spagm_scn_lanes(spagm_scn_args *a, uint32_t *mask, spagm_diag *d);
/* A diagnostic at the cursor. */
spagm_status spagm_scn_error(const spagm_scn_args *a, spagm_diag *d,
                             const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Diagnostic unless the line is finished. */
spagm_status spagm_scn_end(spagm_scn_args *a, spagm_diag *d);

typedef spagm_status (*spagm_scn_fn)(spagm_scn *s, spagm_scn_args *a,
                                     spagm_diag *d);
typedef struct spagm_scn_directive {
  const char *keyword; /* NULL ends a table */
  spagm_scn_fn fn;
  const char *usage; /* one line, shown by `spagm run --directives` */
} spagm_scn_directive;

/* Unit tables, each ending with a {NULL} row. */
extern const spagm_scn_directive spagm_scn_attr_directives[];
extern const spagm_scn_directive spagm_scn_pix_directives[];
extern const spagm_scn_directive spagm_scn_tex_directives[];

/* What directive handlers may touch. */
spagm_model *spagm_scn_model(spagm_scn *s);
spagm_regfile *spagm_scn_regs(spagm_scn *s);
FILE *spagm_scn_out(spagm_scn *s);
/* Shader stage the scenario set (or -1), used by the assembler (R8). */
void spagm_scn_set_stage(spagm_scn *s, int stage);

typedef struct spagm_scn_result {
  unsigned instructions; /* executed */
  unsigned expects;      /* checked and held */
  unsigned failed;       /* checked and failed */
} spagm_scn_result;

/* Run a scenario. out receives the trace (NULL = silent). Returns
 * SPAGM_E_EXPECT when an expectation failed (every failure is printed to
 * `out` with file:line; d holds the first), another error status for a bad
 * scenario, SPAGM_OK otherwise. */
spagm_status spagm_scn_run_text(const char *text, size_t len,
                                const char *name, FILE *out,
                                spagm_scn_result *res, spagm_diag *d);
spagm_status spagm_scn_run_file(const char *path, FILE *out,
                                spagm_scn_result *res, spagm_diag *d);

/* Observers of a run (spagm gen --scenario records vector files through
 * them). Either callback may be NULL; a status other than SPAGM_OK stops the
 * run with that diagnostic. */
typedef struct spagm_scn_hooks {
  void *ctx;
  /* Before an instruction line executes: the instruction, whether its
   * 64-bit word is what executes (false for text-only forms such as
   * ISBEWR), the request as issued, the model it is about to run on, and
   * whether a unit directive or `reset` changed the model's state since the
   * previous instruction (always true for the first). */
  spagm_status (*before_insn)(void *ctx, const spagm_scn_args *where,
                              const spagm_insn *insn, bool word_executes,
                              bool state_changed, const spagm_request *req,
                              const spagm_model *m, spagm_diag *d);
  /* After it executed: the request and the model's response. */
  spagm_status (*after_insn)(void *ctx, const spagm_scn_args *where,
                             const spagm_request *req,
                             const spagm_response *resp,
                             const spagm_explain *ex, spagm_diag *d);
} spagm_scn_hooks;

/* spagm_scn_run_text / spagm_scn_run_file with hooks (NULL = none). */
spagm_status spagm_scn_run_text_hooked(const char *text, size_t len,
                                       const char *name, FILE *out,
                                       const spagm_scn_hooks *hooks,
                                       spagm_scn_result *res, spagm_diag *d);
spagm_status spagm_scn_run_file_hooked(const char *path, FILE *out,
                                       const spagm_scn_hooks *hooks,
                                       spagm_scn_result *res, spagm_diag *d);

/* Print the directive list with usages. */
void spagm_scn_print_directives(FILE *out);

#ifdef __cplusplus
}
#endif
#endif
