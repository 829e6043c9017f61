// SPDX-License-Identifier: Apache-2.0
/* Per-lane value expressions of scenarios: `0x10`, `1.0f`, `lane*4 + 16`,
 * `(lane % 4) << 2`. Integer arithmetic on 64 bits, truncated to 32 at the
 * end, with C precedence for * / % + - << >> & ^ |. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scn_internal.h"

typedef struct expr_parser {
  spagm_scn_args *a;
  spagm_diag *d;
  spagm_status st;
  /* Parse tree as a tiny stack program evaluated once per lane. */
  struct {
    char op;      /* 'n' number, 'l' lane, or an operator character */
    int64_t value;
  } code[64];
  int n;
} expr_parser;

static void skip(expr_parser *e) {
  while (*e->a->p == ' ' || *e->a->p == '\t') e->a->p++;
}

static void emit(expr_parser *e, char op, int64_t v) {
  if (e->st != SPAGM_OK) return;
  if (e->n >= (int)(sizeof e->code / sizeof e->code[0])) {
    e->st = spagm_scn_error(e->a, e->d, "expression too long (64 terms at most)");
    return;
  }
  e->code[e->n].op = op;
  e->code[e->n].value = v;
  e->n++;
}

static void parse_or(expr_parser *e);

static void parse_primary(expr_parser *e) {
  skip(e);
  if (e->st != SPAGM_OK) return;
  const char *p = e->a->p;
  if (*p == '(') {
    e->a->p++;
    parse_or(e);
    skip(e);
    if (e->st == SPAGM_OK && *e->a->p != ')')
      e->st = spagm_scn_error(e->a, e->d, "expected ')'");
    else
      e->a->p++;
    return;
  }
  if (*p == '-' && !isdigit((unsigned char)p[1]) && p[1] != '.') {
    e->a->p++;
    parse_primary(e);
    emit(e, '~', 0); /* negate */
    return;
  }
  if (strncasecmp(p, "lane", 4) == 0 && !isalnum((unsigned char)p[4]) && p[4] != '_') {
    e->a->p += 4;
    emit(e, 'l', 0);
    return;
  }
  /* A literal: the longest run of number characters, parsed by the shared
   * value parser so literals mean the same everywhere. */
  const char *q = p;
  if (*q == '-' || *q == '+') q++;
  while (isalnum((unsigned char)*q) || *q == '.' || *q == '_' ||
         ((*q == '-' || *q == '+') && (q[-1] == 'e' || q[-1] == 'E') &&
          !(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))))
    q++;
  if (q == p) {
    e->st = spagm_scn_error(e->a, e->d, "expected a value or 'lane'");
    return;
  }
  char tok[64];
  size_t len = (size_t)(q - p);
  if (len >= sizeof tok) {
    e->st = spagm_scn_error(e->a, e->d, "number too long");
    return;
  }
  memcpy(tok, p, len);
  tok[len] = '\0';
  spagm_scn_args sub = *e->a;
  sub.p = sub.text = tok; /* not tok - col: outside tok is UB (#18); col fixed below */
  uint32_t v;
  spagm_status st = spagm_scn_u32(&sub, &v, e->d);
  if (st != SPAGM_OK) {
    e->st = st;
    if (e->d) e->d->col = (int)(p - e->a->text) + 1;
    return;
  }
  e->a->p = q;
  /* Keep negative literals negative so `-4 + lane` works. */
  emit(e, 'n', tok[0] == '-' ? (int64_t)(int32_t)v : (int64_t)v);
}

/* Binary operator at precedence level (0 lowest: | ^ & shifts + * ). */
#define NLEVELS 6
static int match_op(expr_parser *e, int level) {
  skip(e);
  const char *p = e->a->p;
  int op = 0, len = 1;
  switch (level) {
    case 0: op = p[0] == '|' ? '|' : 0; break;
    case 1: op = p[0] == '^' ? '^' : 0; break;
    case 2: op = p[0] == '&' ? '&' : 0; break;
    case 3:
      if (p[0] == '<' && p[1] == '<') op = 'L';
      if (p[0] == '>' && p[1] == '>') op = 'R';
      len = 2;
      break;
    case 4: op = (p[0] == '+' || p[0] == '-') ? p[0] : 0; break;
    default:
      /* `//` starts a comment, never a division. */
      op = (p[0] == '*' || (p[0] == '/' && p[1] != '/') || p[0] == '%') ? p[0] : 0;
      break;
  }
  if (op) e->a->p += len;
  return op;
}

static void parse_level(expr_parser *e, int level) {
  if (level == NLEVELS) {
    parse_primary(e);
    return;
  }
  parse_level(e, level + 1);
  int op;
  while (e->st == SPAGM_OK && (op = match_op(e, level)) != 0) {
    parse_level(e, level + 1);
    emit(e, (char)op, 0);
  }
}

static void parse_or(expr_parser *e) { parse_level(e, 0); }

spagm_status spagm__scn_expr(spagm_scn_args *a, spagm_scn_expr *out,
                             spagm_diag *d) {
  expr_parser e;
  memset(&e, 0, sizeof e);
  e.a = a;
  e.d = d;
  e.st = SPAGM_OK;
  skip(&e);
  if (*a->p == '\0' || (a->p[0] == '/' && a->p[1] == '/'))
    return spagm_scn_error(a, d, "expected a value");
  parse_or(&e);
  if (e.st != SPAGM_OK) return e.st;
  /* Evaluate for every lane now: expressions are cheap and this keeps the
   * callers simple. Division by zero is an error, reported once. */
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    int64_t stack[64] = {0};
    int sp = 0;
    for (int i = 0; i < e.n; i++) {
      char op = e.code[i].op;
      if (op == 'n') { stack[sp++] = e.code[i].value; continue; }
      if (op == 'l') { stack[sp++] = lane; continue; }
      if (op == '~') { stack[sp - 1] = -stack[sp - 1]; continue; }
      int64_t r = stack[--sp], l = stack[--sp], v = 0;
      switch (op) {
        case '+': v = l + r; break;
        case '-': v = l - r; break;
        case '*': v = (int64_t)((uint64_t)l * (uint64_t)r); break;
        case '/':
        case '%':
          if (r == 0) return spagm_scn_error(a, d, "division by zero in expression");
          v = op == '/' ? l / r : l % r;
          break;
        case '&': v = l & r; break;
        case '|': v = l | r; break;
        case '^': v = l ^ r; break;
        case 'L': v = (r < 0 || r > 63) ? 0 : (int64_t)((uint64_t)l << r); break;
        case 'R': v = (r < 0 || r > 63) ? 0 : (int64_t)((uint64_t)l >> r); break;
        default: break;
      }
      stack[sp++] = v;
    }
    out->v[lane] = (uint32_t)stack[0];
  }
  out->uses_lane = false;
  for (int i = 0; i < e.n; i++)
    if (e.code[i].op == 'l') out->uses_lane = true;
  return SPAGM_OK;
}
