/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/rules_*.h: the rule tables are X-macros, so a user's tool expands
 * them into whatever it needs without copying a rule: a legend of the
 * common rules, a SystemVerilog enum of the attribute unit's for a UVM
 * scoreboard, a per-rule hit count of the pixel unit's (rule coverage of
 * a test), and a switch over the texture unit's for a log parser. */
#include <stdio.h>
#include <string.h>

#include <spagm/spagm.h>

#include "example.h"

//! [rules_tex]
/* The texture unit's rule ID of a number found in a log, NULL when the
 * number is not a texture rule. */
#define TEX_CASE(id, num, text) \
  case num:                     \
    return #id;
static const char *tex_rule_id(unsigned num) {
  switch (num) { SPAGM_RULES_TEX(TEX_CASE) }
  return NULL;
}
//! [rules_tex]

/* Counts PIXLD rules over a run of every sample index at 4xAA. */
static int pix_rule_hits(void) {
  spagm_diag d;
  spagm_request req;  /* R2 of lane l = l: samples 4..7 are not below the count */
  spagm_model *m = example_ps_model(4, &d);
  if (!m || example_request("PIXLD.COVERED R0, P1, [R2+0];", 0xFFu, &req, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  for (unsigned lane = 0; lane < 8; lane++) req.coverage[lane] = 0x3;
  int missing = 0;
  //! [rules_pix]
  /* One counter per PIXLD rule, in table order. */
#define PIX_ROW(id, num, text) {#id, num, 0},
  struct { const char *id; unsigned num; unsigned hits; } pix[] = {SPAGM_RULES_PIX(PIX_ROW)};
#undef PIX_ROW
  const size_t npix = sizeof pix / sizeof pix[0];
  spagm_explain ex;
  spagm_response rsp;
  spagm_explain_init(&ex);
  spagm_execute_explained(m, &req, &rsp, &ex);
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++)
    for (size_t k = 0; k < npix; k++)
      pix[k].hits += ex.rule[0][lane] == pix[k].num;
  for (size_t k = 0; k < npix; k++)
    if (strncmp(pix[k].id, "PIX_COVERED", 11) == 0)
      printf("%-26s 0x%03x %u lanes\n", pix[k].id, pix[k].num, pix[k].hits);
  //! [rules_pix]
  for (size_t k = 0; k < npix; k++) {
    unsigned want = pix[k].num == SPAGM_RULE_PIX_COVERED_TRUE ? 2
                    : pix[k].num == SPAGM_RULE_PIX_COVERED_FALSE ? 2
                    : pix[k].num == SPAGM_RULE_PIX_COVERED_INDEX_INVALID ? 4 : 0;
    missing |= pix[k].hits != want;
  }
  spagm_model_free(m);
  return missing ? example_fail("PIXLD.COVERED rules per lane", NULL) : 0;
}

int main(void) {
  //! [rules_common]
  /* A report's legend of the rules every unit shares. */
#define LEGEND(id, num, text) printf("0x%03x %-14s %s\n", num, #id, text);
  SPAGM_RULES_COMMON(LEGEND)
#undef LEGEND
  //! [rules_common]

  //! [rules_attr]
  /* The attribute unit's rules as a SystemVerilog enum, written for a UVM
   * scoreboard that receives rule numbers from spagm's DPI-C layer. */
  FILE *sv = stdout;
  fprintf(sv, "typedef enum int {\n");
#define SV_ENUM(id, num, text) fprintf(sv, "  RULE_%s = 'h%03x,\n", #id, num);
  SPAGM_RULES_ATTR(SV_ENUM)
#undef SV_ENUM
  fprintf(sv, "  RULE_ATTR_END\n} spagm_attr_rule_e;\n");
  //! [rules_attr]

  int bad = pix_rule_hits();
  const char *tex = tex_rule_id(SPAGM_RULE_TEX_S_OOR);
  if (!tex || strcmp(tex, spagm_rule_name(SPAGM_RULE_TEX_S_OOR)) != 0 ||
      tex_rule_id(SPAGM_RULE_ALD_I_HW) != NULL)
    bad = example_fail("a texture rule found by number", NULL);
  return bad;
}
