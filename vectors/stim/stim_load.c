// SPDX-License-Identifier: Apache-2.0
/* The configuration load of an epoch (stim.h): the model state's load list,
 * or, in an epoch that keeps the power-on values in place (N280), that list
 * without the register words a reset already gives. The testbench resets
 * the unit before every load (docs/port-contract.md), so an RTL whose reset
 * value differs from the model's power-on value answers from the wrong
 * value, which a load of every word would have overwritten (N246). */
#include <stdlib.h>

#include "stim_internal.h"

bool spagm_stim_keeps_power_on(const spagm_stim *s, spagm_unit u) {
  return s && (unsigned)u < SPAGM_UNIT_COUNT && s->in_epoch && s->keep_power_on[u];
}

/* The load list of a model straight after reset: the power-on value of
 * every word the unit's load writes. */
static spagm_status power_on_list(spagm_stim *s, spagm_unit u) {
  if (s->have_power_on[u]) return SPAGM_OK;
  spagm_model *m = spagm_model_new();
  if (!m) return SPAGM_E_NOMEM;
  spagm_status st = spagm_statemap_load_list(m, u, &s->power_on[u]);
  spagm_model_free(m);
  s->have_power_on[u] = st == SPAGM_OK;
  return st;
}

/* Whether the word at addr is a register a reset sets. Only the pixel
 * unit draws the corner (every word of its block is a register); the
 * attribute unit's load starts with its clear command and its memories,
 * which a reset does not define, so they are never left out. */
static bool resets(spagm_unit u, uint32_t addr) {
  (void)addr;
  return u == SPAGM_UNIT_PIX;
}

spagm_status spagm_stim_load_list(spagm_stim *s, const spagm_model *m, spagm_unit u,
                                  spagm_cfg_list *out) {
  if (!s || !m || !out || (unsigned)u >= SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  if (!spagm_stim_keeps_power_on(s, u)) return spagm_statemap_load_list(m, u, out);
  spagm_status st = power_on_list(s, u);
  spagm_cfg_list all = {0};
  if (st == SPAGM_OK) st = spagm_statemap_load_list(m, u, &all);
  const spagm_cfg_list *p = &s->power_on[u];
  /* Both lists come from the same map in ascending address order. */
  size_t j = 0;
  for (size_t i = 0; st == SPAGM_OK && i < all.n; i++) {
    const spagm_cfg_word *w = &all.w[i];
    while (j < p->n && p->w[j].addr < w->addr) j++;
    bool at_power_on = j < p->n && p->w[j].addr == w->addr && p->w[j].data == w->data;
    if (!(at_power_on && resets(u, w->addr))) st = spagm_cfg_list_push(out, w->addr, w->data);
  }
  spagm_cfg_list_free(&all);
  return st;
}
