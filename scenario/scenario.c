// SPDX-License-Identifier: Apache-2.0
/* Scenario runner core: reads lines, runs directives and instructions, and
 * prints a trace a reader can follow (docs/scenario-format.md). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scn_internal.h"

spagm_model *spagm_scn_model(spagm_scn *s) { return s->model; }
spagm_regfile *spagm_scn_regs(spagm_scn *s) { return &s->rf; }
FILE *spagm_scn_out(spagm_scn *s) { return s->out; }
void spagm_scn_set_stage(spagm_scn *s, int stage) { s->stage = stage; }

void spagm__scn_fmt_value(uint32_t v, char *buf, size_t n) {
  /* Show the float reading only for plausible floats, so integers and
   * masks are not drowned in denormal noise. */
  unsigned exp = (v >> 23) & 0xFF;
  if (v == 0 || v == 0x80000000u || (exp >= 100 && exp <= 160)) {
    float f;
    memcpy(&f, &v, sizeof f);
    snprintf(buf, n, "0x%08x (%g)", v, (double)f);
  } else {
    snprintf(buf, n, "0x%08x", v);
  }
}

spagm_status spagm__scn_reg(spagm_scn_args *a, unsigned *reg, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[32];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected a register R0..R254 or RZ");
  if (strcasecmp(w, "RZ") == 0) {
    *reg = SPAGM_RZ;
    return SPAGM_OK;
  }
  char *end;
  long n = (w[0] == 'R' || w[0] == 'r') ? strtol(w + 1, &end, 10) : -1;
  if (n < 0 || n > 254 || end == w + 1 || *end != '\0') {
    while (*at.p == ' ' || *at.p == '\t') at.p++;
    return spagm_scn_error(&at, d, "'%s' is not a register R0..R254 or RZ", w);
  }
  *reg = (unsigned)n;
  return SPAGM_OK;
}

spagm_status spagm__scn_lane_suffix(spagm_scn_args *a, uint32_t *mask,
                                    spagm_diag *d) {
  if (*a->p != '[') return SPAGM_OK; /* only directly after the name */
  a->p++;
  spagm_status st = spagm_scn_lanes(a, mask, d);
  if (st != SPAGM_OK) return st;
  return spagm_scn_require(a, "]", d);
}

/* lanes all | 0x0000ffff | 0-7,9 */
static spagm_status dir_lanes(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  uint32_t m;
  spagm_status st = spagm_scn_lanes(a, &m, d);
  if (st != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  s->lanes = m;
  return SPAGM_OK;
}

/* reg R4 = expr | reg R4[0-7] = expr */
static spagm_status dir_reg(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  unsigned r;
  uint32_t m = 0xFFFFFFFFu;
  spagm_scn_args at = *a;
  spagm_status st = spagm__scn_reg(a, &r, d);
  if (st == SPAGM_OK) st = spagm__scn_lane_suffix(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st != SPAGM_OK) return st;
  if (r == SPAGM_RZ) return spagm_scn_error(&at, d, "RZ always reads 0 and cannot be set");
  spagm_scn_expr e;
  if ((st = spagm__scn_expr(a, &e, d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    if (m >> l & 1u) s->rf.r[r][l] = e.v[l];
  return SPAGM_OK;
}

/* pred P0 = lanes */
static spagm_status dir_pred(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[16];
  if (!spagm_scn_word(a, w, sizeof w) || (w[0] != 'P' && w[0] != 'p') ||
      w[1] < '0' || w[1] > '6' || w[2] != '\0')
    return spagm_scn_error(&at, d, "expected a predicate P0..P6 (PT is always true)");
  spagm_status st = spagm_scn_require(a, "=", d);
  uint32_t m;
  if (st == SPAGM_OK) st = spagm_scn_lanes(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  s->rf.p[w[1] - '0'] = m;
  return SPAGM_OK;
}

/* thread vertex|primitive|coverage|sample[lanes] = expr */
static spagm_status dir_thread(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const fields[] = {"vertex", "primitive", "coverage", "sample", NULL};
  int f;
  uint32_t m = 0xFFFFFFFFu;
  spagm_status st = spagm_scn_keyword(a, fields, &f, d);
  if (st == SPAGM_OK) st = spagm__scn_lane_suffix(a, &m, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st != SPAGM_OK) return st;
  spagm_scn_args at = *a;
  spagm_scn_expr e;
  if ((st = spagm__scn_expr(a, &e, d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(m >> l & 1u)) continue;
    switch (f) {
      case 0: s->rf.vertex[l] = e.v[l]; break;
      case 1: s->rf.primitive[l] = e.v[l]; break;
      case 2:
        if (e.v[l] > 0xFFFFu)
          return spagm_scn_error(&at, d, "coverage is a 16-bit mask; lane %u has 0x%x", l, e.v[l]);
        s->rf.coverage[l] = (uint16_t)e.v[l];
        break;
      default:
        if (e.v[l] > 15)
          return spagm_scn_error(&at, d, "sample index is 0..15; lane %u has %u", l, e.v[l]);
        s->rf.sample[l] = (uint8_t)e.v[l];
        break;
    }
  }
  return SPAGM_OK;
}

/* asm_stage any | current. With the stage known the assembler refuses what
 * R8 makes illegal there (N12), so the hardware's fault on such a word could
 * not be shown; `any` assembles without stage rules (the model still applies
 * them at execution), `current` checks against the scenario's stage again. */
static spagm_status dir_asm_stage(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const modes[] = {"any", "current", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, modes, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  s->asm_any_stage = k == 0;
  return SPAGM_OK;
}

static spagm_status dir_reset(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_status st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  spagm_model_reset(s->model);
  s->state_changed = true;
  spagm_regfile_init(&s->rf);
  s->lanes = 0xFFFFFFFFu;
  s->stage = -1;
  s->asm_any_stage = false;
  s->have_last = false;
  return SPAGM_OK;
}

static spagm_status dir_echo(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  (void)d;
  while (*a->p == ' ' || *a->p == '\t') a->p++;
  if (s->out) fprintf(s->out, "%s\n", a->p);
  a->p += strlen(a->p);
  return SPAGM_OK;
}

static spagm_status dir_word(spagm_scn *s, spagm_scn_args *a, spagm_diag *d);

static const spagm_scn_directive core_directives[] = {
    {"lanes", dir_lanes, "lanes all | 0xMASK | 0-7,9      lanes the next instructions issue on"},
    {"reg", dir_reg, "reg R4[=lanes] = EXPR            set a register (EXPR may use `lane`)"},
    {"pred", dir_pred, "pred P0 = LANES                  set a predicate's lanes"},
    {"thread", dir_thread, "thread vertex|primitive|coverage|sample[lanes] = EXPR   thread context"},
    {"expect", spagm__scn_expect, "expect ...                       check a result (docs/scenario-format.md)"},
    {"asm_stage", dir_asm_stage, "asm_stage any|current            assembler stage checks (R8): none, or the stage set"},
    {"reset", dir_reset, "reset                            model and registers back to power-on"},
    {"echo", dir_echo, "echo TEXT                        print TEXT in the trace"},
    {"word", dir_word, "word 0xHEX                       issue a raw 64-bit instruction word"},
    {NULL, NULL, NULL},
};

static const spagm_scn_directive *const tables[] = {
    core_directives, spagm_scn_attr_directives, spagm_scn_pix_directives,
    spagm_scn_tex_directives};
static const char *const table_names[] = {"core", "attribute unit", "pixel unit",
                                          "texture unit"};
#define NTABLES (sizeof tables / sizeof tables[0])

void spagm_scn_print_directives(FILE *out) {
  for (size_t t = 0; t < NTABLES; t++) {
    fprintf(out, "%s directives:\n", table_names[t]);
    for (const spagm_scn_directive *dv = tables[t]; dv->keyword; dv++)
      fprintf(out, "  %s\n", dv->usage ? dv->usage : dv->keyword);
  }
  fprintf(out, "\nAny line starting with a mnemonic (ALD, AST, AL2P, ISBERD, "
               "ISBEWR, PIXLD, TLDS) or a guard @P is an instruction.\n");
}

static bool is_instruction(const char *p) {
  static const char *const mnemonics[] = {"ALD", "AST", "AL2P", "ISBERD", "ISBEWR",
                                          "PIXLD", "TLDS", NULL};
  if (*p == '@') return true;
  for (int i = 0; mnemonics[i]; i++) {
    size_t n = strlen(mnemonics[i]);
    if (strncasecmp(p, mnemonics[i], n) == 0 &&
        (p[n] == '.' || p[n] == ' ' || p[n] == '\t' || p[n] == ';' || p[n] == '\0'))
      return true;
  }
  return false;
}

/* Lane runs with one value, printed as 0-7 or 3. */
static void fmt_lane_run(unsigned lo, unsigned hi, char *buf, size_t n) {
  if (lo == hi) snprintf(buf, n, "lane %u", lo);
  else snprintf(buf, n, "lanes %u-%u", lo, hi);
}

static void print_slot(spagm_scn *s, const char *name, unsigned slot,
                       uint32_t valid, const uint32_t *val, const uint32_t *dc) {
  unsigned l = 0;
  while (l < SPAGM_LANES) {
    if (!(valid >> l & 1u)) { l++; continue; }
    char ex[200], ex2[200];
    spagm_explain_format(&s->last_ex, slot, l, ex, sizeof ex);
    unsigned h = l;
    while (h + 1 < SPAGM_LANES && (valid >> (h + 1) & 1u) && val[h + 1] == val[l] &&
           (!dc || dc[h + 1] == dc[l])) {
      spagm_explain_format(&s->last_ex, slot, h + 1, ex2, sizeof ex2);
      if (strcmp(ex, ex2) != 0) break;
      h++;
    }
    char lanes[32], v[48];
    fmt_lane_run(l, h, lanes, sizeof lanes);
    spagm__scn_fmt_value(val[l], v, sizeof v);
    fprintf(s->out, "  %-5s %-12s = %-26s", name, lanes, v);
    if (dc && dc[l]) fprintf(s->out, " dontcare 0x%08x", dc[l]);
    if (ex[0]) fprintf(s->out, "  ; %s", ex);
    fputc('\n', s->out);
    l = h + 1;
  }
}

static void print_result(spagm_scn *s) {
  const spagm_response *r = &s->last_resp;
  FILE *o = s->out;
  fprintf(o, "  lanes 0x%08x", s->last_req.lane_mask);
  if (r->fault != SPAGM_FAULT_NONE) {
    char ex[200];
    spagm_explain_fault(&s->last_ex, ex, sizeof ex);
    fprintf(o, "  fault %s on lanes 0x%08x%s%s", spagm_fault_name((spagm_fault)r->fault),
            r->fault_lanes, ex[0] ? "  ; " : "", ex);
  }
  fputc('\n', o);
  for (unsigned i = 0; i < SPAGM_WB_SLOTS; i++) {
    if (r->wb_reg[i] == SPAGM_RZ || !r->wb_valid[i]) continue;
    char name[8];
    snprintf(name, sizeof name, "R%u", r->wb_reg[i]);
    print_slot(s, name, i, r->wb_valid[i], r->wb_value[i], r->wb_dontcare[i]);
  }
  if (r->pd != SPAGM_PT && r->pd_written) {
    uint32_t vals[SPAGM_LANES];
    for (unsigned l = 0; l < SPAGM_LANES; l++) vals[l] = r->pd_value >> l & 1u;
    char name[8];
    snprintf(name, sizeof name, "P%u", r->pd);
    print_slot(s, name, SPAGM_EXPLAIN_PD_SLOT, r->pd_written, vals, NULL);
  }
  for (unsigned c = 0; c < SPAGM_ST_COMPS; c++) {
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      if (!(r->st_mask[c] >> l & 1u)) continue;
      char v[48], ex[200];
      spagm__scn_fmt_value(r->st_data[c][l], v, sizeof v);
      spagm_explain_format(&s->last_ex, c, l, ex, sizeof ex);
      fprintf(o, "  store %s comp %u lane %-2u addr 0x%04x = %s%s%s\n",
              spagm_space_name((spagm_space)r->st_space), c, l, r->st_addr[c][l], v,
              ex[0] ? "  ; " : "", ex);
    }
  }
  /* Lanes that wrote nothing but carry an explanation (a discarded store,
   * an out-of-range lane) are worth a line too. */
  for (unsigned c = 0; c < SPAGM_ST_COMPS; c++) {
    uint32_t shown = (r->wb_reg[c] != SPAGM_RZ ? r->wb_valid[c] : 0) | r->st_mask[c];
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      if ((shown >> l & 1u) || !s->last_ex.rule[c][l]) continue;
      if (!(s->last_req.lane_mask >> l & 1u)) continue;
      char ex[200];
      spagm_explain_format(&s->last_ex, c, l, ex, sizeof ex);
      fprintf(o, "  note  comp %u lane %-2u ; %s\n", c, l, ex);
    }
  }
}

/* Issue, execute, trace and retire one instruction: assembled text
 * (run_instruction) or a raw word (the `word` directive). has_word: word
 * is what executes; decoded: insn holds its decoding (false for a word the
 * decoder refuses, which the model faults as ILLEGAL_INSTR_ENCODING). */
static spagm_status execute_issued(spagm_scn *s, spagm_scn_args *a, const spagm_insn *insn,
                                   uint64_t word, bool has_word, bool executes_word,
                                   bool decoded, spagm_diag *d) {
  spagm_issue(insn, word, &s->rf, s->lanes, s->next_tag++, &s->last_req);
  spagm_status st;
  if (s->hooks && s->hooks->before_insn) {
    st = s->hooks->before_insn(s->hooks->ctx, a, insn, executes_word, s->state_changed,
                               &s->last_req, s->model, d);
    if (st != SPAGM_OK) return st;
  }
  s->state_changed = false;
  /* Execute the word when there is one, so the scenario also exercises the
   * decoder exactly as co-simulation does; text-only forms run decoded. */
  if (executes_word)
    st = spagm_execute_explained(s->model, &s->last_req, &s->last_resp, &s->last_ex);
  else
    st = spagm_execute_insn(s->model, insn, &s->last_req, &s->last_resp, &s->last_ex);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, a->line, 1, "model refused the instruction: %s",
                          spagm_status_name(st));
  if (s->hooks && s->hooks->after_insn &&
      (st = s->hooks->after_insn(s->hooks->ctx, a, &s->last_req, &s->last_resp, &s->last_ex, d)) !=
          SPAGM_OK)
    return st;
  s->last_insn = *insn;
  s->have_last = true; /* the response of a refused word is checkable too */
  s->res.instructions++;
  if (s->out) {
    char dis[256] = "(a word the decoder refuses)";
    if (decoded) spagm_disasm(insn, 1, dis, sizeof dis);
    if (has_word)
      fprintf(s->out, "%s:%d: %s   // 0x%016llx\n", s->file, a->line, dis,
              (unsigned long long)word);
    else
      fprintf(s->out, "%s:%d: %s   // text only\n", s->file, a->line, dis);
    print_result(s);
  }
  spagm_retire(&s->last_resp, &s->rf);
  return SPAGM_OK;
}

static spagm_status run_instruction(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_asm_opts opts = {s->asm_any_stage ? -1 : s->stage}; /* -1: no R8 checks */
  spagm_insn insn;
  const char *text = a->p;
  spagm_status st = spagm_asm_one(text, a->line, spagm_scn_col(a), &opts, &insn, d);
  if (st != SPAGM_OK) return st;
  a->p += strlen(a->p);
  uint64_t word = 0;
  unsigned dropped = 0;
  bool has_word = insn.op != SPAGM_OP_ISBEWR; /* ISBEWR is text only (§7.1) */
  if (has_word && (st = spagm_encode(&insn, &word, &dropped, d)) != SPAGM_OK) {
    if (d) {
      d->line = a->line;
      d->col = (int)(text - a->text) + 1;
    }
    return st;
  }
  return execute_issued(s, a, &insn, word, has_word, has_word && !dropped, true, d);
}

/* word 0xHEX: issue a raw 64-bit instruction word, decoded by the model as
 * in co-simulation. It reaches words the assembler refuses (R10's TLDS
 * register rules, illegal encodings): directed coverage (docs/coverage.md). */
static spagm_status dir_word(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  uint64_t word = 0;
  spagm_status st = spagm_scn_u64(a, &word, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  spagm_insn insn;
  bool decoded = spagm_decode(word, &insn, NULL) == SPAGM_OK;
  if (!decoded) spagm_insn_init(&insn, SPAGM_OP_NONE); /* reads no register */
  return execute_issued(s, a, &insn, word, true, true, decoded, d);
}

static spagm_status run_line(spagm_scn *s, const char *line, int lineno, spagm_diag *d) {
  spagm_scn_args a = {s->file, lineno, line, line};
  while (*a.p == ' ' || *a.p == '\t' || *a.p == '\r') a.p++;
  if (*a.p == '\0' || *a.p == '#' || (a.p[0] == '/' && a.p[1] == '/')) return SPAGM_OK;
  if (is_instruction(a.p)) return run_instruction(s, &a, d);
  spagm_scn_args at = a;
  char w[64];
  spagm_scn_word(&a, w, sizeof w);
  for (size_t t = 0; t < NTABLES; t++)
    for (const spagm_scn_directive *dv = tables[t]; dv->keyword; dv++)
      if (strcasecmp(w, dv->keyword) == 0) {
        /* Unit directives (tables after the core's) change model state. */
        if (t > 0) s->state_changed = true;
        return dv->fn(s, &a, d);
      }
  return spagm_scn_error(&at, d,
                         "unknown directive or mnemonic '%s' (spagm run --directives "
                         "lists them)",
                         w);
}

void spagm__scn_record(spagm_scn *s, const spagm_scn_args *a, bool held,
                       const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (held) {
    s->res.expects++;
    if (s->out) fprintf(s->out, "  ok    %s\n", msg);
    return;
  }
  s->res.failed++;
  if (s->out) fprintf(s->out, "%s:%d: FAILED %s\n", s->file, a->line, msg);
  else fprintf(stderr, "%s:%d: FAILED %s\n", s->file, a->line, msg);
  if (!s->failed_once) {
    s->failed_once = true;
    spagm_diag_set(&s->first_failure, SPAGM_E_EXPECT, a->line, 1, "%s", msg);
  }
}

spagm_status spagm_scn_run_text(const char *text, size_t len, const char *name,
                                FILE *out, spagm_scn_result *res, spagm_diag *d) {
  return spagm_scn_run_text_hooked(text, len, name, out, NULL, res, d);
}

spagm_status spagm_scn_run_text_hooked(const char *text, size_t len, const char *name,
                                       FILE *out, const spagm_scn_hooks *hooks,
                                       spagm_scn_result *res, spagm_diag *d) {
  if (res) memset(res, 0, sizeof *res);
  if (!text || !name) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no scenario text");
  spagm_scn *s = calloc(1, sizeof *s);
  if (!s) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  s->model = spagm_model_new();
  if (!s->model) {
    free(s);
    return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  }
  spagm_regfile_init(&s->rf);
  s->lanes = 0xFFFFFFFFu;
  s->stage = -1;
  s->out = out;
  s->file = name;
  s->hooks = hooks;
  s->state_changed = true;
  spagm_status st = SPAGM_OK;
  char line[1024];
  int lineno = 0;
  size_t pos = 0;
  while (pos < len && st == SPAGM_OK) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    lineno++;
    size_t n = end - pos;
    if (memchr(text + pos, '\0', n)) {
      st = spagm_diag_set(d, SPAGM_E_FORMAT, lineno, 1, "NUL byte in scenario text");
      break;
    }
    if (n >= sizeof line) {
      st = spagm_diag_set(d, SPAGM_E_FORMAT, lineno, (int)sizeof line,
                          "line longer than %zu characters", sizeof line - 1);
      break;
    }
    memcpy(line, text + pos, n);
    line[n] = '\0';
    st = run_line(s, line, lineno, d);
    pos = end + 1;
  }
  if (st == SPAGM_OK && s->failed_once) {
    st = SPAGM_E_EXPECT;
    if (d) *d = s->first_failure;
  }
  if (res) *res = s->res;
  spagm_model_free(s->model);
  free(s);
  return st;
}

spagm_status spagm_scn_run_file(const char *path, FILE *out, spagm_scn_result *res,
                                spagm_diag *d) {
  return spagm_scn_run_file_hooked(path, out, NULL, res, d);
}

spagm_status spagm_scn_run_file_hooked(const char *path, FILE *out,
                                       const spagm_scn_hooks *hooks, spagm_scn_result *res,
                                       spagm_diag *d) {
  if (res) memset(res, 0, sizeof *res);
  if (!path) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no scenario path");
  FILE *f = fopen(path, "rb");
  if (!f) return spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot open: %s", strerror(errno));
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) {
    fclose(f);
    return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  }
  for (;;) {
    if (len == cap) {
      if (cap > (64u << 20)) {
        free(buf);
        fclose(f);
        return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0, "scenario larger than 64 MiB");
      }
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        fclose(f);
        return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  bool err = ferror(f);
  fclose(f);
  if (err) {
    free(buf);
    return spagm_diag_set(d, SPAGM_E_IO, 0, 0, "read error");
  }
  spagm_status st = spagm_scn_run_text_hooked(buf, len, path, out, hooks, res, d);
  free(buf);
  return st;
}
