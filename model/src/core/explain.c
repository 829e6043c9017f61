// SPDX-License-Identifier: Apache-2.0
/* Rule table and explanation formatting (explain.h). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/model_internal.h"
#include "spagm/explain.h"

typedef struct rule_entry {
  unsigned num;
  const char *name;
  const char *text;
} rule_entry;

#define SPAGM_X_RULE_ROW(id, num, text) {num, #id, text},
static const rule_entry rules[] = {
    SPAGM_RULES_COMMON(SPAGM_X_RULE_ROW) SPAGM_RULES_ATTR(SPAGM_X_RULE_ROW)
        SPAGM_RULES_PIX(SPAGM_X_RULE_ROW) SPAGM_RULES_TEX(SPAGM_X_RULE_ROW)};
#undef SPAGM_X_RULE_ROW

static const rule_entry *find_rule(unsigned num) {
  /* The table is small and only read when reporting, so a scan is enough. */
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    if (rules[i].num == num) return &rules[i];
  return NULL;
}

const char *spagm_rule_name(unsigned rule) {
  const rule_entry *r = find_rule(rule);
  return r ? r->name : NULL;
}

const char *spagm_rule_text(unsigned rule) {
  const rule_entry *r = find_rule(rule);
  return r ? r->text : NULL;
}

void spagm_explain_init(spagm_explain *ex) {
  if (ex) memset(ex, 0, sizeof *ex);
}

/* Two ranges: the marks before arg (fault_rule .. rule) and those between
 * arg and texel (value_type .. texel_read). */
void spagm__explain_clear_marks(spagm_explain *ex) {
  memset(ex, 0, offsetof(spagm_explain, arg));
  size_t from = offsetof(spagm_explain, value_type);
  memset((char *)ex + from, 0, offsetof(spagm_explain, texel) - from);
}

/* Expand %0..%2 (decimal) and %x0..%x2 (hex) with the recorded arguments. */
/* Decimal (signed) or 0x-prefixed hex text of v into piece; its length.
 * By hand rather than snprintf: vector files format one sentence per rule
 * and slot of every transaction (spagm gen). */
static size_t format_arg(int32_t v, bool hex, char piece[24]) {
  char tmp[16];
  size_t n = 0, len = 0;
  uint32_t u = hex || v >= 0 ? (uint32_t)v : 0u - (uint32_t)v;
  do {
    tmp[n++] = hex ? "0123456789abcdef"[u & 15u] : (char)('0' + u % 10u);
    u = hex ? u >> 4 : u / 10u;
  } while (u);
  if (hex) {
    piece[len++] = '0';
    piece[len++] = 'x';
  } else if (v < 0) {
    piece[len++] = '-';
  }
  while (n) piece[len++] = tmp[--n];
  return len;
}

static size_t format_rule(unsigned rule, const int32_t arg[3], char *buf,
                          size_t n) {
  const char *t = rule ? spagm_rule_text(rule) : "";
  size_t len = 0;
  char tmp[24];
  if (!t) {
    snprintf(tmp, sizeof tmp, "rule 0x%03x", rule);
    t = tmp;
  }
  for (const char *p = t; *p; p++) {
    char piece[24];
    const char *s = piece;
    size_t plen;
    if (p[0] == '%' && p[1] >= '0' && p[1] <= '2') {
      plen = format_arg(arg[p[1] - '0'], false, piece);
      p++;
    } else if (p[0] == '%' && p[1] == 'x' && p[2] >= '0' && p[2] <= '2') {
      plen = format_arg(arg[p[2] - '0'], true, piece);
      p += 2;
    } else {
      s = p;
      plen = 1;
    }
    for (size_t i = 0; i < plen; i++, len++)
      if (len + 1 < n) buf[len] = s[i];
  }
  if (n > 0) buf[len < n ? len : n - 1] = '\0';
  return len;
}

size_t spagm_explain_format(const spagm_explain *ex, unsigned slot,
                            unsigned lane, char *buf, size_t n) {
  static const int32_t none[3] = {0, 0, 0};
  if (!ex || slot >= SPAGM_EXPLAIN_SLOTS || lane >= SPAGM_LANES)
    return format_rule(0, none, buf, n);
  return format_rule(ex->rule[slot][lane], ex->arg[slot][lane], buf, n);
}

size_t spagm_explain_fault(const spagm_explain *ex, char *buf, size_t n) {
  static const int32_t none[3] = {0, 0, 0};
  if (!ex) return format_rule(0, none, buf, n);
  return format_rule(ex->fault_rule, ex->fault_arg, buf, n);
}
