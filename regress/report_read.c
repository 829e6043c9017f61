// SPDX-License-Identifier: Apache-2.0
/* The reader of docs/report-format.md (report_read.h): finds each report's
 * header line, checks it against the grammar and takes from the block what
 * a failure bucket is made of (unit, tag, instruction, field, rule). */
#include "report_read.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const k_units[] = {"attr", "pix", "tex"};

const char *rg_report_subject_name(rg_report_subject s) {
  static const char *const names[] = {"response", "handshake", "image", "hang"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

/* The text from `from` up to the first byte of `stop` or the end of the
 * line, trailing blanks cut, into out. */
static void copy_until(char *out, size_t n, const char *from, const char *stop) {
  size_t len = strcspn(from, stop);
  size_t nl = strcspn(from, "\n");
  if (nl < len) len = nl;
  while (len && isspace((unsigned char)from[len - 1])) len--;
  snprintf(out, n, "%.*s", (int)len, from);
}

static size_t line_len(const char *l) { return strcspn(l, "\n"); }

static const char *next_line(const char *l) {
  const char *nl = strchr(l, '\n');
  return nl ? nl + 1 : l + strlen(l);
}

/* The kind word at p: "MISMATCH" or "HANG" followed by a space, a colon or
 * the end of the line; NULL when p holds neither. */
static const char *kind_at(const char *p) {
  static const char *const kinds[] = {"MISMATCH", "HANG"};
  for (unsigned k = 0; k < 2; k++) {
    size_t n = strlen(kinds[k]);
    if (strncmp(p, kinds[k], n) == 0 && (p[n] == ' ' || p[n] == ':' || p[n] == '\n' || !p[n]))
      return kinds[k];
  }
  return NULL;
}

/* Where the kind word of line l is, when l is a header: at the start, or
 * after a producer prefix ("NAME: ", NAME of letters, digits and _ . / -);
 * the prefix's length in *prefix. NULL when l is no header. */
static const char *header_kind(const char *l, size_t *prefix) {
  *prefix = 0;
  if (kind_at(l)) return l;
  size_t n = 0;
  while (isalnum((unsigned char)l[n]) || strchr("_./-", l[n]) != NULL) n++;
  if (n == 0 || l[n] != ':' || l[n + 1] != ' ' || !kind_at(l + n + 2)) return NULL;
  *prefix = n;
  return l + n + 2;
}

/* A difference line's field class (docs/report-format.md, "Fields"): the
 * co-simulation's comparator names a register, a slot or a component, the
 * replay the response field of txn.h; either way a class, not the
 * register number, so one bug in two registers is one bucket. */
static const char *field_class(const char *l) {
  static const struct {
    const char *name, *cls;
  } replay[] = {{"fault", "fault"},
                {"fault_lanes", "fault"},
                {"wb_valid", "write-back lanes"},
                {"wb_reg", "write-back register"},
                {"wb_value", "write-back value"},
                {"pd", "predicate"},
                {"pd_written", "predicate"},
                {"pd_value", "predicate"},
                {"st_space", "store space"},
                {"st_mask", "store lanes"},
                {"st_addr", "store data"},
                {"st_data", "store data"}};
  while (*l == ' ') l++;
  if (l[0] == 'R' && isdigit((unsigned char)l[1])) return "write-back value";
  if (strncmp(l, "write-back slot", 15) == 0) {
    const char *colon = l + strcspn(l, ":\n");
    const char *lanes = strstr(l, "lanes written");
    return lanes && lanes < colon ? "write-back lanes" : "write-back register";
  }
  if (strncmp(l, "fault:", 6) == 0) return "fault";
  if (strncmp(l, "predicate", 9) == 0 || (l[0] == 'P' && isdigit((unsigned char)l[1])))
    return "predicate";
  if (strncmp(l, "store space", 11) == 0) return "store space";
  if (strncmp(l, "store component", 15) == 0) {
    const char *w = l + 15;
    while (*w == ' ' || isdigit((unsigned char)*w)) w++;
    return strncmp(w, "lanes", 5) == 0 ? "store lanes" : "store data";
  }
  for (size_t k = 0; k < sizeof replay / sizeof replay[0]; k++) {
    size_t n = strlen(replay[k].name);
    if (strncmp(l, replay[k].name, n) == 0 && (l[n] == '[' || l[n] == ':')) return replay[k].cls;
  }
  return "response";
}

/* The model's rule at a difference: "PATH (Rn, ...)" of its `model:` text
 * (the path, then the line's last parenthesis, which holds the rulings). */
static void rule_of(const char *model, char *out, size_t n) {
  char path[64] = "", cites[64] = "";
  copy_until(path, sizeof path, model, " ");
  const char *nl = model + line_len(model);
  const char *open = NULL;
  for (const char *s = model; s < nl; s++)
    if (*s == '(') open = s;
  if (open) copy_until(cites, sizeof cites, open, ")");
  snprintf(out, n, "%s%s%s%s", path, open ? " " : "", cites, open ? ")" : "");
}

/* " tag N" in the header (its first), or -1. */
static long long tag_in(const char *h, size_t len) {
  for (const char *t = h; (t = strstr(t, " tag ")) != NULL && (size_t)(t - h) < len; t += 5)
    if (isdigit((unsigned char)t[5])) return strtoll(t + 5, NULL, 10);
  return -1;
}

/* The header's grammar past the producer prefix; 0, or -1 with why. */
static int read_header(const char *k, rg_report *r, char *why, size_t nwhy) {
  const char *kind = kind_at(k);
  size_t len = line_len(k);
  const char *p = k + strlen(kind);
  snprintf(r->kind, sizeof r->kind, "%s", kind[0] == 'M' ? "mismatch" : "hang");
  if (*p != ' ') {
    snprintf(why, nwhy, "no unit after %s", kind);
    return -1;
  }
  p++;
  size_t un = strcspn(p, " :\n");
  bool known = false;
  for (unsigned u = 0; u < 3; u++)
    if (un == strlen(k_units[u]) && strncmp(p, k_units[u], un) == 0) known = true;
  if (!known) {
    snprintf(why, nwhy, "'%.*s' after %s is not a unit (attr, pix, tex)", (int)(un < 20 ? un : 20),
             p, kind);
    return -1;
  }
  snprintf(r->unit, sizeof r->unit, "%.*s", (int)un, p);
  p += un;
  if (kind[0] == 'H') {
    if (strncmp(p, " in ", 4) != 0) {
      snprintf(why, nwhy, "HANG %s is not followed by ' in ' and where", r->unit);
      return -1;
    }
    r->subject = RG_REPORT_HANG;
  } else if (strncmp(p, " tag ", 5) == 0 && isdigit((unsigned char)p[5])) {
    r->subject = RG_REPORT_RESPONSE;
  } else if (strncmp(p, ": ", 2) == 0 && p[2] != '\n' && p[2]) {
    r->subject = RG_REPORT_HANDSHAKE;
  } else if (strncmp(p, " image", 6) == 0 && (p[6] == ' ' || p[6] == ':')) {
    r->subject = RG_REPORT_IMAGE;
  } else {
    snprintf(why, nwhy, "MISMATCH %s is followed by neither ' tag N', ': ' nor ' image'",
             r->unit);
    return -1;
  }
  bool tagged = r->subject == RG_REPORT_RESPONSE || r->subject == RG_REPORT_HANDSHAKE;
  r->tag = tagged ? tag_in(k, len) : -1;
  return 0;
}

/* The detail lines of a block: the instruction, the first difference's
 * field and the first rule the model names. */
static void read_details(const char *d, const char *end, rg_report *r) {
  bool diff_seen = false;
  for (const char *l = d; l < end; l = next_line(l)) {
    if (strncmp(l, "  insn ", 7) == 0) {
      const char *dis = l + 7;
      dis += strcspn(dis, " \n"); /* the word */
      while (*dis == ' ') dis++;  /* the disassembly: op.modifiers first */
      copy_until(r->insn, sizeof r->insn, dis, " ;");
      continue;
    }
    const char *model = strstr(l, "model: ");
    if (model && model < l + line_len(l) && !r->rule[0]) rule_of(model + 7, r->rule, sizeof r->rule);
    if (l[2] == ' ' || diff_seen) continue; /* a continuation, or a later difference */
    if (strncmp(l, "  reproduce:", 12) == 0 || strncmp(l, "  ... ", 6) == 0 ||
        strncmp(l, "  (", 3) == 0 || strncmp(l, "  X/Z:", 6) == 0)
      continue;
    if (r->subject == RG_REPORT_RESPONSE) {
      snprintf(r->field, sizeof r->field, "%s", field_class(l));
      diff_seen = true;
    }
  }
}

int rg_report_next(const char **pos, size_t *line, rg_report *r, char *why, size_t nwhy) {
  memset(r, 0, sizeof *r);
  r->tag = -1;
  if (nwhy) why[0] = '\0';
  for (const char *l = *pos; *l; l = next_line(l), ++*line) {
    size_t prefix;
    const char *k = header_kind(l, &prefix);
    if (!k) continue;
    r->line = *line;
    snprintf(r->producer, sizeof r->producer, "%.*s", (int)prefix, l);
    const char *after = next_line(l);
    *pos = after;
    ++*line;
    if (read_header(k, r, why, nwhy) != 0) return -1;
    const char *end = after;
    while (end[0] == ' ' && end[1] == ' ') end = next_line(end), ++*line;
    *pos = end;
    if (r->subject == RG_REPORT_IMAGE) snprintf(r->field, sizeof r->field, "state image");
    if (r->subject == RG_REPORT_HANDSHAKE) snprintf(r->field, sizeof r->field, "handshake");
    read_details(after, end, r);
    return 1;
  }
  *pos += strlen(*pos);
  return 0;
}

void rg_report_bucket(const rg_report *r, char *out, size_t n) {
  if (strcmp(r->kind, "hang") == 0)
    snprintf(out, n, "hang %s", r->unit);
  else
    snprintf(out, n, "%s %s | %s | %s", r->unit, r->insn[0] ? r->insn : "-",
             r->field[0] ? r->field : "-", r->rule[0] ? r->rule : "-");
}
