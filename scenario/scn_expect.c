// SPDX-License-Identifier: Apache-2.0
/* `expect` lines of scenarios (docs/scenario-format.md):
 *   expect R4[lanes] == EXPR          register contents after the instruction
 *   expect P0 == LANES                predicate lanes (all 32 compared)
 *   expect fault NAME [lanes LANES]   fault of the last instruction
 *   expect written R4 == LANES        lanes the last instruction wrote to R4
 *   expect dontcare R4[lanes] == EXPR don't-care mask of the last write
 *   expect rule R4[lanes] NAME        rule behind the value (also P0, store C, fault)
 *   expect store C[lanes] addr = EXPR [, data = EXPR]   store component C
 *   expect nostore C[lanes]           component C not stored on those lanes  */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scn_internal.h"

static spagm_status need_last(spagm_scn *s, const spagm_scn_args *a, spagm_diag *d) {
  if (s->have_last) return SPAGM_OK;
  return spagm_scn_error(a, d, "no instruction has run yet, nothing to check");
}

/* Slot of the last response writing register r, or -1. */
static int slot_of(const spagm_response *r, unsigned reg) {
  for (int i = 0; i < SPAGM_WB_SLOTS; i++)
    if (r->wb_reg[i] == reg) return i;
  return -1;
}

static bool parse_pred_name(const char *w, unsigned *p) {
  if ((w[0] == 'P' || w[0] == 'p') && w[1] >= '0' && w[1] <= '6' && w[2] == '\0') {
    *p = (unsigned)(w[1] - '0');
    return true;
  }
  return false;
}

static bool parse_reg_name(const char *w, unsigned *r) {
  if (strcasecmp(w, "RZ") == 0) {
    *r = SPAGM_RZ;
    return true;
  }
  if (w[0] != 'R' && w[0] != 'r') return false;
  char *end;
  long n = strtol(w + 1, &end, 10);
  if (end == w + 1 || *end || n < 0 || n > 254) return false;
  *r = (unsigned)n;
  return true;
}

static spagm_status expect_reg(spagm_scn *s, spagm_scn_args *a, unsigned reg,
                               spagm_diag *d) {
  uint32_t m = s->lanes;
  spagm_status st = spagm__scn_lane_suffix(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st != SPAGM_OK) return st;
  spagm_scn_expr e;
  if ((st = spagm__scn_expr(a, &e, d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  unsigned bad = 0, first = 0;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(m >> l & 1u)) continue;
    if (spagm_regfile_get(&s->rf, reg, l) != e.v[l] && bad++ == 0) first = l;
  }
  char want[48], got[48], ex[200] = "";
  if (!bad) {
    spagm__scn_fmt_value(e.v[0], want, sizeof want);
    spagm__scn_record(s, a, true, "R%u on lanes 0x%08x == %s%s", reg, m,
                      e.uses_lane ? "expression" : want, "");
    return SPAGM_OK;
  }
  spagm__scn_fmt_value(e.v[first], want, sizeof want);
  spagm__scn_fmt_value(spagm_regfile_get(&s->rf, reg, first), got, sizeof got);
  int slot = s->have_last ? slot_of(&s->last_resp, reg) : -1;
  if (slot >= 0) spagm_explain_format(&s->last_ex, (unsigned)slot, first, ex, sizeof ex);
  spagm__scn_record(s, a, false, "R%u lane %u is %s, expected %s (%u lanes differ)%s%s",
                    reg, first, got, want, bad, ex[0] ? "; model: " : "", ex);
  return SPAGM_OK;
}

static spagm_status expect_pred(spagm_scn *s, spagm_scn_args *a, unsigned p,
                                spagm_diag *d) {
  spagm_status st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  uint32_t m;
  if (st == SPAGM_OK) st = spagm_scn_lanes(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  uint32_t got = s->rf.p[p];
  if (got == m)
    spagm__scn_record(s, a, true, "P%u == 0x%08x", p, m);
  else
    spagm__scn_record(s, a, false, "P%u is 0x%08x, expected 0x%08x", p, got, m);
  return SPAGM_OK;
}

static spagm_status expect_fault(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const names[] = {"NONE", "ILLEGAL_INSTR_ENCODING",
                                      "VTX_OUT_OF_RANGE", NULL};
  int f;
  spagm_status st = need_last(s, a, d);
  if (st == SPAGM_OK) st = spagm_scn_keyword(a, names, &f, d);
  if (st != SPAGM_OK) return st;
  bool check_lanes = false;
  uint32_t m = 0;
  if (spagm_scn_accept(a, "lanes")) {
    check_lanes = true;
    if ((st = spagm_scn_lanes(a, &m, d)) != SPAGM_OK) return st;
  }
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  const spagm_response *r = &s->last_resp;
  bool held = r->fault == f && (!check_lanes || r->fault_lanes == m);
  char ex[200];
  spagm_explain_fault(&s->last_ex, ex, sizeof ex);
  if (held)
    spagm__scn_record(s, a, true, "fault %s", names[f]);
  else
    spagm__scn_record(s, a, false, "fault is %s on lanes 0x%08x, expected %s%s%s",
                      spagm_fault_name((spagm_fault)r->fault), r->fault_lanes, names[f],
                      ex[0] ? "; model: " : "", ex);
  return SPAGM_OK;
}

static spagm_status expect_written(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  unsigned reg;
  spagm_status st = need_last(s, a, d);
  if (st == SPAGM_OK) st = spagm__scn_reg(a, &reg, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  uint32_t m;
  if (st == SPAGM_OK) st = spagm_scn_lanes(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  int slot = slot_of(&s->last_resp, reg);
  uint32_t got = slot >= 0 ? s->last_resp.wb_valid[slot] : 0;
  if (got == m)
    spagm__scn_record(s, a, true, "R%u written on lanes 0x%08x", reg, m);
  else
    spagm__scn_record(s, a, false, "R%u written on lanes 0x%08x, expected 0x%08x", reg,
                      got, m);
  return SPAGM_OK;
}

static spagm_status expect_dontcare(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  unsigned reg;
  uint32_t m = s->lanes;
  spagm_status st = need_last(s, a, d);
  if (st == SPAGM_OK) st = spagm__scn_reg(a, &reg, d);
  if (st == SPAGM_OK) st = spagm__scn_lane_suffix(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st != SPAGM_OK) return st;
  spagm_scn_expr e;
  if ((st = spagm__scn_expr(a, &e, d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  int slot = slot_of(&s->last_resp, reg);
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(m >> l & 1u)) continue;
    uint32_t got = slot >= 0 ? s->last_resp.wb_dontcare[slot][l] : 0;
    if (got != e.v[l]) {
      spagm__scn_record(s, a, false, "R%u lane %u don't-care mask is 0x%08x, expected 0x%08x",
                        reg, l, got, e.v[l]);
      return SPAGM_OK;
    }
  }
  spagm__scn_record(s, a, true, "R%u don't-care mask on lanes 0x%08x", reg, m);
  return SPAGM_OK;
}

/* What `expect rule` checks, from the word w after `rule` (at is where w
 * starts): R<n>, P<n>, store <c> or fault. *slot is the explanation slot;
 * *recorded true when the check has already been recorded as failed (a
 * register the last instruction did not write). */
static spagm_status rule_target(spagm_scn *s, spagm_scn_args *a, const char *w,
                                const spagm_scn_args *at, int *slot, bool *fault,
                                bool *recorded, spagm_diag *d) {
  unsigned n;
  *slot = -1;
  *fault = *recorded = false;
  if (strcasecmp(w, "fault") == 0) {
    *fault = true;
  } else if (parse_pred_name(w, &n)) {
    *slot = SPAGM_EXPLAIN_PD_SLOT;
  } else if (strcasecmp(w, "store") == 0) {
    uint32_t c;
    spagm_status st;
    if ((st = spagm_scn_u32(a, &c, d)) != SPAGM_OK) return st;
    if (c >= SPAGM_ST_COMPS) return spagm_scn_error(at, d, "store component is 0..3");
    *slot = (int)c;
  } else if (parse_reg_name(w, &n)) {
    *slot = slot_of(&s->last_resp, n);
    if (*slot < 0) {
      spagm__scn_record(s, a, false, "R%u was not written by the last instruction", n);
      while (*a->p) a->p++;
      *recorded = true;
    }
  } else {
    return spagm_scn_error(at, d, "expected R<n>, P<n>, store <c> or fault after 'rule'");
  }
  return SPAGM_OK;
}

/* The id of a rule name; false when there is no such rule. */
static bool rule_id(const char *name, unsigned *id_out) {
  for (unsigned id = 0; id < 0x400; id++) {
    const char *rn = spagm_rule_name(id);
    if (rn && strcasecmp(rn, name) == 0) {
      *id_out = id;
      return true;
    }
  }
  return false;
}

/* Record whether every lane of m in slot applied rule want. */
static void record_lane_rules(spagm_scn *s, spagm_scn_args *a, const char *w, int slot,
                              uint32_t m, unsigned want, const char *name) {
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(m >> l & 1u)) continue;
    unsigned got = s->last_ex.rule[slot][l];
    if (got != want) {
      char ex[200];
      spagm_explain_format(&s->last_ex, (unsigned)slot, l, ex, sizeof ex);
      spagm__scn_record(s, a, false, "%s lane %u rule is %s (%s), expected %s", w, l,
                        spagm_rule_name(got) ? spagm_rule_name(got) : "none", ex, name);
      return;
    }
  }
  spagm__scn_record(s, a, true, "%s rule %s on lanes 0x%08x", w, name, m);
}

/* expect rule R4[lanes] NAME | P0[lanes] NAME | store C[lanes] NAME | fault NAME */
static spagm_status expect_rule(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_status st = need_last(s, a, d);
  if (st != SPAGM_OK) return st;
  spagm_scn_args at = *a;
  char w[64];
  spagm_scn_word(a, w, sizeof w);
  int slot;
  bool fault, recorded;
  st = rule_target(s, a, w, &at, &slot, &fault, &recorded, d);
  if (st != SPAGM_OK || recorded) return st;
  uint32_t m = s->lanes;
  if (!fault && (st = spagm__scn_lane_suffix(a, &m, d)) != SPAGM_OK) return st;
  spagm_scn_args name_at = *a;
  char name[64];
  if (!spagm_scn_word(a, name, sizeof name))
    return spagm_scn_error(a, d, "expected a rule name such as ALD_I_BMAP0_DEFAULT");
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  /* The name must exist, so a typo cannot make an expectation vacuous. */
  unsigned want = 0;
  if (!rule_id(name, &want)) return spagm_scn_error(&name_at, d, "unknown rule name '%s'", name);
  if (fault) {
    unsigned got = s->last_ex.fault_rule;
    if (got == want) spagm__scn_record(s, a, true, "fault rule %s", name);
    else
      spagm__scn_record(s, a, false, "fault rule is %s, expected %s",
                        spagm_rule_name(got) ? spagm_rule_name(got) : "none", name);
    return SPAGM_OK;
  }
  record_lane_rules(s, a, w, slot, m, want, name);
  return SPAGM_OK;
}

static spagm_status expect_store(spagm_scn *s, spagm_scn_args *a, bool none,
                                 spagm_diag *d) {
  spagm_status st = need_last(s, a, d);
  if (st != SPAGM_OK) return st;
  spagm_scn_args at = *a;
  uint32_t c;
  if ((st = spagm_scn_u32(a, &c, d)) != SPAGM_OK) return st;
  if (c >= SPAGM_ST_COMPS) return spagm_scn_error(&at, d, "store component is 0..3");
  uint32_t m = s->lanes;
  if ((st = spagm__scn_lane_suffix(a, &m, d)) != SPAGM_OK) return st;
  const spagm_response *r = &s->last_resp;
  if (none) {
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    uint32_t stored = r->st_mask[c] & m;
    if (!stored) spagm__scn_record(s, a, true, "no store of component %u on lanes 0x%08x", c, m);
    else spagm__scn_record(s, a, false, "component %u stored on lanes 0x%08x", c, stored);
    return SPAGM_OK;
  }
  bool have_addr = false, have_data = false;
  spagm_scn_expr addr, data;
  while (!spagm_scn_at_end(a)) {
    spagm_scn_args kat = *a;
    char key[16];
    spagm_scn_word(a, key, sizeof key);
    if ((st = spagm_scn_require(a, "=", d)) != SPAGM_OK) return st;
    if (strcasecmp(key, "addr") == 0) {
      if ((st = spagm__scn_expr(a, &addr, d)) != SPAGM_OK) return st;
      have_addr = true;
    } else if (strcasecmp(key, "data") == 0) {
      if ((st = spagm__scn_expr(a, &data, d)) != SPAGM_OK) return st;
      have_data = true;
    } else {
      return spagm_scn_error(&kat, d, "expected addr = EXPR or data = EXPR");
    }
    spagm_scn_accept(a, ",");
  }
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(m >> l & 1u)) continue;
    if (!(r->st_mask[c] >> l & 1u)) {
      spagm__scn_record(s, a, false, "component %u lane %u was not stored", c, l);
      return SPAGM_OK;
    }
    if (have_addr && r->st_addr[c][l] != addr.v[l]) {
      spagm__scn_record(s, a, false, "component %u lane %u stored at 0x%x, expected 0x%x",
                        c, l, r->st_addr[c][l], addr.v[l]);
      return SPAGM_OK;
    }
    if (have_data && r->st_data[c][l] != data.v[l]) {
      spagm__scn_record(s, a, false,
                        "component %u lane %u stored data 0x%08x, expected 0x%08x", c, l,
                        r->st_data[c][l], data.v[l]);
      return SPAGM_OK;
    }
  }
  spagm__scn_record(s, a, true, "store of component %u on lanes 0x%08x", c, m);
  return SPAGM_OK;
}

spagm_status spagm__scn_expect(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(a, d, "expect what? (R<n>, P<n>, fault, written, dontcare, rule, store, nostore)");
  unsigned n;
  if (strcasecmp(w, "fault") == 0) return expect_fault(s, a, d);
  if (strcasecmp(w, "written") == 0) return expect_written(s, a, d);
  if (strcasecmp(w, "dontcare") == 0) return expect_dontcare(s, a, d);
  if (strcasecmp(w, "rule") == 0) return expect_rule(s, a, d);
  if (strcasecmp(w, "store") == 0) return expect_store(s, a, false, d);
  if (strcasecmp(w, "nostore") == 0) return expect_store(s, a, true, d);
  if (parse_pred_name(w, &n)) return expect_pred(s, a, n, d);
  if (parse_reg_name(w, &n)) {
    if (n == SPAGM_RZ) return spagm_scn_error(&at, d, "RZ always reads 0");
    return expect_reg(s, a, n, d);
  }
  while (*at.p == ' ' || *at.p == '\t') at.p++;
  return spagm_scn_error(&at, d,
                         "expect what? '%s' is not R<n>, P<n>, fault, written, dontcare, "
                         "rule, store or nostore",
                         w);
}
