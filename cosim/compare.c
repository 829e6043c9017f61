// SPDX-License-Identifier: Apache-2.0
/* The comparison rules of docs/port-contract.md: which field differed, on
 * which lane and slot, expected and actual in hex and as a float, and the
 * rule the model applied. Shared by the co-simulation and the predictor
 * (compare.h); report.c writes the lines under either's header. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "value.h"

static void logf_(spagm_compare_log *l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void logf_(spagm_compare_log *l, const char *fmt, ...) {
  l->total++;
  if (l->n >= SPAGM_COMPARE_LINES) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(l->text[l->n++], sizeof l->text[0], fmt, ap);
  va_end(ap);
}

/* The kind of slot s, lane l's value: from the number type the model
 * recorded for the slot, else the rule it applied (value.h, N170). */
static spagm_value_kind kind_of(uint64_t insn, const spagm_explain *ex, unsigned s, unsigned l) {
  return ex ? spagm__value_kind(insn, ex->rule[s][l], ex->value_type[s])
            : spagm__value_kind(insn, 0u, SPAGM_VALUE_TYPE_RULE);
}

static spagm_diff_kind diff_kind(spagm_value_kind k) {
  switch (k) {
    case SPAGM_VALUE_INT: return SPAGM_DIFF_KIND_UINT;
    case SPAGM_VALUE_SINT: return SPAGM_DIFF_KIND_SINT;
    case SPAGM_VALUE_OFFSETS: return SPAGM_DIFF_KIND_OFFSETS;
    case SPAGM_VALUE_HALVES: return SPAGM_DIFF_KIND_HALVES;
    default: return SPAGM_DIFF_KIND_FLOAT;
  }
}

/* "expected X, got Y[, N ulps apart]" for one value of slot s, lane l. */
static void fmt_pair(uint64_t insn, const spagm_explain *ex, unsigned s, unsigned l,
                     uint32_t want, uint32_t got, char *buf, size_t n) {
  char a[64], b[64], d[48];
  spagm_value_kind k = kind_of(insn, ex, s, l);
  spagm__value_format(k, want, a, sizeof a);
  spagm__value_format(k, got, b, sizeof b);
  spagm__value_distance(k, want, got, d, sizeof d);
  snprintf(buf, n, "expected %s, got %s%s", a, b, d);
}

/* "\n      texel: header H, s=.. t=.. r=.., level L, layer A, sample S at
 * 0x.." for a lane of a TLDS that read a header (the location the model
 * recorded, explain.h), "" for any other lane: what a user needs to find
 * the texel in their DUT's memory. */
static void texel_line(const spagm_explain *ex, unsigned l, char *buf, size_t n) {
  buf[0] = '\0';
  if (!ex || !ex->has_tex_header) return;
  if (!(ex->texel_lanes >> l & 1u)) {
    snprintf(buf, n, "\n      texel: header %u", ex->tex_header);
    return;
  }
  const spagm_explain_texel *t = &ex->texel[l];
  int k = snprintf(buf, n, "\n      texel: header %u, s=%d t=%d r=%d, level %u, layer %u, sample %u",
                   ex->tex_header, t->s, t->t, t->r, t->level, t->layer, t->sample);
  if (k < 0 || (size_t)k >= n) return;
  if (ex->texel_read >> l & 1u)
    snprintf(buf + k, n - (size_t)k, ", address 0x%llx", (unsigned long long)t->address);
  else
    snprintf(buf + k, n - (size_t)k, " (out of range: not read)");
}

/* One difference as data, when the caller asked for them (log->diff). */
static void record(spagm_compare_log *l, spagm_diff_field field, int slot, int lane, unsigned reg,
                   uint32_t want, uint32_t got, const spagm_explain *ex, unsigned rule_slot) {
  if (!l->diff || l->ndiff >= l->diff_cap) return;
  spagm_predictor_diff *d = &l->diff[l->ndiff++];
  d->field = field;
  d->slot = slot;
  d->lane = lane;
  d->reg = reg;
  d->expected = want;
  d->actual = got;
  d->expected_addr = d->actual_addr = d->dontcare = 0;
  d->rule = 0;
  d->reason[0] = '\0';
  d->kind = SPAGM_DIFF_KIND_NONE;
  d->has_tex_header = d->has_texel = d->texel_read = false;
  d->tex_header = 0;
  memset(&d->texel, 0, sizeof d->texel);
  if (ex && lane >= 0 && ex->has_tex_header) { /* a TLDS lane: where it read */
    d->has_tex_header = true;
    d->tex_header = ex->tex_header;
    d->has_texel = ex->texel_lanes >> lane & 1u;
    d->texel_read = ex->texel_read >> lane & 1u;
    if (d->has_texel) d->texel = ex->texel[lane];
  }
  if (!ex) {
  } else if (field == SPAGM_DIFF_FAULT) {
    d->rule = ex->fault_rule;
    spagm_explain_fault(ex, d->reason, sizeof d->reason);
  } else if (lane >= 0 && rule_slot < SPAGM_EXPLAIN_SLOTS) {
    d->rule = ex->rule[rule_slot][lane];
    spagm_explain_format(ex, rule_slot, (unsigned)lane, d->reason, sizeof d->reason);
  }
  const char *name = d->rule ? spagm_rule_name(d->rule) : NULL;
  d->rule_name = name ? name : "";
}

static void lanes_diff(spagm_compare_log *l, const char *what, uint32_t want, uint32_t got) {
  logf_(l, "%s: expected lanes 0x%08x, got 0x%08x (differ 0x%08x)", what, want, got,
        want ^ got);
}

/* A fault or fault lanes that differ: the record and the report line. */
static void fault_differs(const spagm_response *m, const spagm_explain *ex,
                          const spagm_response *rtl, spagm_compare_log *log) {
  char why[200];
  spagm_explain_fault(ex, why, sizeof why);
  record(log, SPAGM_DIFF_FAULT, -1, -1, 0, m->fault, rtl->fault, ex, 0);
  if (log->diff && log->ndiff) {
    log->diff[log->ndiff - 1].expected_addr = m->fault_lanes;
    log->diff[log->ndiff - 1].actual_addr = rtl->fault_lanes;
  }
  logf_(log, "fault: expected %s on lanes 0x%08x, got %s on lanes 0x%08x%s%s",
        spagm_fault_name((spagm_fault)m->fault), m->fault_lanes,
        spagm_fault_name((spagm_fault)rtl->fault), rtl->fault_lanes,
        why[0] ? "\n      model: " : "", why);
}

/* The fault and its lanes: the test inline in the comparator, the
 * record and the line out of it, as few responses differ. */
static inline void compare_fault(const spagm_response *m, const spagm_explain *ex,
                                 const spagm_response *rtl, spagm_compare_log *log) {
  if (rtl->fault != m->fault || rtl->fault_lanes != m->fault_lanes)
    fault_differs(m, ex, rtl, log);
}

/* Whether any of the 32 lanes of a write-back slot differs outside its
 * don't-care bits, written or not: a branch-free pass the compiler
 * vectorises. Zero means no written lane differs, so a matching slot skips
 * the walk by lanes; anything else takes the walk, which decides. */
static uint32_t slot_may_differ(const uint32_t *want, const uint32_t *got, const uint32_t *dc) {
  uint32_t acc = 0;
  for (unsigned l = 0; l < SPAGM_LANES; l++) acc |= (want[l] ^ got[l]) & ~dc[l];
  return acc;
}

/* The same for a store component's addresses and data. */
static uint32_t store_may_differ(const uint32_t *want_a, const uint32_t *got_a,
                                 const uint32_t *want_d, const uint32_t *got_d) {
  uint32_t acc = 0;
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    acc |= (want_a[l] ^ got_a[l]) | (want_d[l] ^ got_d[l]);
  return acc;
}

/* Write-back slots: lanes written exactly; where written, the register and
 * every written lane's value outside the don't-care bits. A slot with no
 * lane written writes nothing: its register is don't-care (N274), though
 * the model fills it (N50, N58). */
static void compare_writeback(uint64_t insn, const spagm_response *m, const spagm_explain *ex,
                              const spagm_response *rtl, spagm_compare_log *log) {
  char ab[200], why[200], where[192];
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) {
    char what[64];
    if (rtl->wb_valid[s] != m->wb_valid[s]) {
      snprintf(what, sizeof what, "write-back slot %u (R%u) lanes written", s, m->wb_reg[s]);
      record(log, SPAGM_DIFF_WB_LANES, (int)s, -1, m->wb_reg[s], m->wb_valid[s], rtl->wb_valid[s],
             ex, SPAGM_EXPLAIN_SLOTS);
      lanes_diff(log, what, m->wb_valid[s], rtl->wb_valid[s]);
      continue;
    }
    if (!m->wb_valid[s]) continue;
    if (rtl->wb_reg[s] != m->wb_reg[s]) {
      record(log, SPAGM_DIFF_WB_REG, (int)s, -1, m->wb_reg[s], m->wb_reg[s], rtl->wb_reg[s], ex,
             SPAGM_EXPLAIN_SLOTS);
      logf_(log, "write-back slot %u: expected register R%u, got R%u", s, m->wb_reg[s],
            rtl->wb_reg[s]);
      continue;
    }
    if (!slot_may_differ(m->wb_value[s], rtl->wb_value[s], m->wb_dontcare[s])) continue;
    for (uint32_t left = m->wb_valid[s]; left; left &= left - 1) { /* written lanes only */
      unsigned l = (unsigned)__builtin_ctz(left);
      uint32_t diff = (rtl->wb_value[s][l] ^ m->wb_value[s][l]) & ~m->wb_dontcare[s][l];
      if (!diff) continue;
      record(log, SPAGM_DIFF_WB_VALUE, (int)s, (int)l, m->wb_reg[s], m->wb_value[s][l],
             rtl->wb_value[s][l], ex, s);
      if (log->diff && log->ndiff) {
        log->diff[log->ndiff - 1].dontcare = m->wb_dontcare[s][l];
        log->diff[log->ndiff - 1].kind = diff_kind(kind_of(insn, ex, s, l));
      }
      fmt_pair(insn, ex, s, l, m->wb_value[s][l], rtl->wb_value[s][l], ab, sizeof ab);
      spagm_explain_format(ex, s, l, why, sizeof why);
      texel_line(ex, l, where, sizeof where);
      logf_(log, "R%u (slot %u) lane %u: %s%s%s%s%s", m->wb_reg[s], s, l, ab,
            m->wb_dontcare[s][l] ? " (don't-care bits excluded)" : "",
            why[0] ? "\n      model: " : "", why, where);
    }
  }
}

static void compare_predicate(const spagm_response *m, const spagm_explain *ex,
                              const spagm_response *rtl, spagm_compare_log *log) {
  char why[200];
  if (rtl->pd_written != m->pd_written) {
    record(log, SPAGM_DIFF_PD_LANES, -1, -1, m->pd, m->pd_written, rtl->pd_written, ex,
           SPAGM_EXPLAIN_SLOTS);
    lanes_diff(log, "predicate lanes written", m->pd_written, rtl->pd_written);
    return;
  }
  if (!m->pd_written) return;
  if (rtl->pd != m->pd) {
    record(log, SPAGM_DIFF_PD_REG, -1, -1, m->pd, m->pd, rtl->pd, ex, SPAGM_EXPLAIN_SLOTS);
    logf_(log, "predicate: expected P%u, got P%u", m->pd, rtl->pd);
    return;
  }
  uint32_t diff = (rtl->pd_value ^ m->pd_value) & m->pd_written;
  if (!diff) return;
  unsigned l = (unsigned)__builtin_ctz(diff);
  spagm_explain_format(ex, SPAGM_EXPLAIN_PD_SLOT, l, why, sizeof why);
  record(log, SPAGM_DIFF_PD_VALUE, -1, (int)l, m->pd, m->pd_value & m->pd_written,
         rtl->pd_value & m->pd_written, ex, SPAGM_EXPLAIN_PD_SLOT);
  logf_(log, "P%u: expected lanes 0x%08x true, got 0x%08x (first difference lane %u)%s%s",
        m->pd, m->pd_value & m->pd_written, rtl->pd_value & m->pd_written, l,
        why[0] ? "\n      model: " : "", why);
}

/* Stores: lanes per component exactly; where stored, address and data per
 * lane, and the space once any component stored. */
static void compare_stores(uint64_t insn, const spagm_response *m, const spagm_explain *ex,
                           const spagm_response *rtl, spagm_compare_log *log) {
  char a[64], b[64], why[200];
  bool any_store = false;
  for (unsigned k = 0; k < SPAGM_ST_COMPS; k++) {
    char what[64];
    if (rtl->st_mask[k] != m->st_mask[k]) {
      snprintf(what, sizeof what, "store component %u lanes", k);
      unsigned l = (unsigned)__builtin_ctz(rtl->st_mask[k] ^ m->st_mask[k]);
      record(log, SPAGM_DIFF_ST_LANES, (int)k, -1, 0, m->st_mask[k], rtl->st_mask[k], ex,
             SPAGM_EXPLAIN_SLOTS);
      if (log->diff && log->ndiff && ex) { /* the rule of the first differing lane */
        spagm_predictor_diff *d = &log->diff[log->ndiff - 1];
        d->rule = ex->rule[k][l];
        const char *name = d->rule ? spagm_rule_name(d->rule) : NULL;
        d->rule_name = name ? name : "";
        spagm_explain_format(ex, k, l, d->reason, sizeof d->reason);
      }
      lanes_diff(log, what, m->st_mask[k], rtl->st_mask[k]);
      spagm_explain_format(ex, k, l, why, sizeof why);
      if (why[0]) logf_(log, "  lane %u model: %s", l, why);
      continue;
    }
    if (m->st_mask[k]) any_store = true;
    if (!store_may_differ(m->st_addr[k], rtl->st_addr[k], m->st_data[k], rtl->st_data[k]))
      continue;
    for (uint32_t left = m->st_mask[k]; left; left &= left - 1) { /* stored lanes only */
      unsigned l = (unsigned)__builtin_ctz(left);
      if (rtl->st_addr[k][l] != m->st_addr[k][l] || rtl->st_data[k][l] != m->st_data[k][l]) {
        spagm_value_kind vk = kind_of(insn, ex, k, l);
        spagm__value_format(vk, m->st_data[k][l], a, sizeof a);
        spagm__value_format(vk, rtl->st_data[k][l], b, sizeof b);
        spagm_explain_format(ex, k, l, why, sizeof why);
        record(log, SPAGM_DIFF_ST_VALUE, (int)k, (int)l, 0, m->st_data[k][l], rtl->st_data[k][l],
               ex, k);
        if (log->diff && log->ndiff) {
          log->diff[log->ndiff - 1].expected_addr = m->st_addr[k][l];
          log->diff[log->ndiff - 1].actual_addr = rtl->st_addr[k][l];
          log->diff[log->ndiff - 1].kind = diff_kind(vk);
        }
        logf_(log, "store component %u lane %u: expected %s at 0x%x, got %s at 0x%x%s%s", k, l,
              a, m->st_addr[k][l], b, rtl->st_addr[k][l], why[0] ? "\n      model: " : "", why);
      }
    }
  }
  if (any_store && rtl->st_space != m->st_space) {
    record(log, SPAGM_DIFF_ST_SPACE, -1, -1, 0, m->st_space, rtl->st_space, ex,
           SPAGM_EXPLAIN_SLOTS);
    logf_(log, "store space: expected %s, got %s", spagm_space_name((spagm_space)m->st_space),
          spagm_space_name((spagm_space)rtl->st_space));
  }
}

/* Lanes of write-back slot s that differ: lanes written, or (where
 * written) the value outside the don't-care bits; every lane when the
 * register differs. */
static uint32_t wb_lanes(const spagm_response *m, const spagm_response *r, unsigned s) {
  uint32_t d = m->wb_valid[s] ^ r->wb_valid[s];
  if (d) return d;
  if (m->wb_valid[s] && m->wb_reg[s] != r->wb_reg[s]) return m->wb_valid[s];
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    if ((m->wb_valid[s] >> l & 1u) &&
        ((m->wb_value[s][l] ^ r->wb_value[s][l]) & ~m->wb_dontcare[s][l]))
      d |= 1u << l;
  return d;
}

/* Lanes of store component k that differ: mask, or address or data. */
static uint32_t st_lanes(const spagm_response *m, const spagm_response *r, unsigned k) {
  uint32_t d = m->st_mask[k] ^ r->st_mask[k];
  if (d) return d;
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    if ((m->st_mask[k] >> l & 1u) &&
        (m->st_addr[k][l] != r->st_addr[k][l] || m->st_data[k][l] != r->st_data[k][l]))
      d |= 1u << l;
  return d;
}

/* Lanes of the predicate write that differ. */
static uint32_t pd_lanes(const spagm_response *m, const spagm_response *r) {
  uint32_t d = m->pd_written ^ r->pd_written;
  if (d) return d;
  if (m->pd_written && m->pd != r->pd) return m->pd_written;
  return (m->pd_value ^ r->pd_value) & m->pd_written;
}

uint32_t spagm__mismatch_lanes(const spagm_response *m, const spagm_explain *ex,
                               const spagm_response *r, unsigned *rule) {
  uint32_t slot[SPAGM_EXPLAIN_SLOTS] = {0};
  bool any_store = false;
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) slot[s] = wb_lanes(m, r, s);
  for (unsigned k = 0; k < SPAGM_ST_COMPS; k++) {
    slot[k] |= st_lanes(m, r, k);
    any_store = any_store || m->st_mask[k];
  }
  slot[SPAGM_EXPLAIN_PD_SLOT] = pd_lanes(m, r);
  bool fault = m->fault != r->fault || m->fault_lanes != r->fault_lanes;
  uint32_t lanes = (m->fault != r->fault || (any_store && m->st_space != r->st_space)) ? ~0u : 0u;
  lanes |= m->fault_lanes ^ r->fault_lanes;
  for (unsigned s = 0; s < SPAGM_EXPLAIN_SLOTS; s++) lanes |= slot[s];
  if (rule) {
    *rule = 0;
    if (ex && fault) {
      *rule = ex->fault_rule;
    } else if (ex && lanes) {
      unsigned l = (unsigned)__builtin_ctz(lanes);
      for (unsigned s = 0; s < SPAGM_EXPLAIN_SLOTS && !*rule; s++)
        if (slot[s] >> l & 1u) *rule = ex->rule[s][l];
    }
  }
  return lanes;
}

unsigned spagm__compare_response(uint64_t insn, const spagm_response *want,
                                 const spagm_explain *ex, const spagm_response *got,
                                 spagm_compare_log *log) {
  /* Readers take the first n lines only: no need to clear 2.9 KB of text
   * per response. */
  log->n = log->total = 0;
  log->diff = NULL;
  log->diff_cap = log->ndiff = 0;
  log->text[0][0] = '\0';
  compare_fault(want, ex, got, log);
  compare_writeback(insn, want, ex, got, log);
  compare_predicate(want, ex, got, log);
  compare_stores(insn, want, ex, got, log);
  return log->total;
}

unsigned spagm__compare_response_diffs(uint64_t insn, const spagm_response *want,
                                       const spagm_explain *ex, const spagm_response *got,
                                       spagm_compare_log *log, spagm_predictor_diff *diff,
                                       unsigned cap) {
  log->n = log->total = 0;
  log->text[0][0] = '\0';
  log->diff = diff;
  log->diff_cap = cap;
  log->ndiff = 0;
  compare_fault(want, ex, got, log);
  compare_writeback(insn, want, ex, got, log);
  compare_predicate(want, ex, got, log);
  compare_stores(insn, want, ex, got, log);
  return log->total;
}
