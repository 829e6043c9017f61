// SPDX-License-Identifier: Apache-2.0
/* Run summaries as JSON, written whole (spagm/util/json.h), and the JSON
 * string escaping the tools' buffer shares (spagm/util/buf.h). */
#define _POSIX_C_SOURCE 200809L
#include "spagm/util/json.h"

#include "spagm/util/buf.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t spagm_utf8_len(const unsigned char *s) {
  if (s[0] < 0x80) return 1;
  size_t n = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
             : s[0] >= 0xe0                 ? 3
             : s[0] >= 0xc2 && s[0] < 0xe0 ? 2
                                            : 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xc0) != 0x80) return 0;
  if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0))) return 0;
  if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))) return 0;
  return n;
}

/* Where escaped JSON text goes: a file or a tools' buffer. */
typedef void (*json_sink)(void *to, const char *s, size_t n);

static void to_file(void *to, const char *s, size_t n) { fwrite(s, 1, n, (FILE *)to); }
static void to_buf(void *to, const char *s, size_t n) { spagm_buf_add((spagm_buf *)to, s, n); }

/* The one escaping of both writers: invalid UTF-8 becomes U+FFFD, control
 * characters \u00XX, so every parser accepts the text. */
static void json_string(json_sink put, void *to, const char *str) {
  const unsigned char *s = (const unsigned char *)(str ? str : "");
  char esc[8];
  put(to, "\"", 1);
  while (*s) {
    size_t n = spagm_utf8_len(s);
    if (*s == '"' || *s == '\\') {
      esc[0] = '\\', esc[1] = (char)*s;
      put(to, esc, 2);
    } else if (*s == '\n') {
      put(to, "\\n", 2);
    } else if (*s < 0x20 || *s == 0x7f) {
      snprintf(esc, sizeof esc, "\\u%04x", *s);
      put(to, esc, 6);
    } else if (n == 0) {
      put(to, "\\ufffd", 6), n = 1;
    } else {
      put(to, (const char *)s, n);
    }
    s += n;
  }
  put(to, "\"", 1);
}

void spagm_json_write_string(FILE *f, const char *s) { json_string(to_file, f, s); }
void spagm_buf_json_str(spagm_buf *b, const char *s) { json_string(to_buf, b, s); }

bool spagm_json_open(spagm_json *j, const char *path, spagm_diag *d) {
  memset(j, 0, sizeof *j);
  if (!path || !*path) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no JSON file name");
    return false;
  }
  size_t n = strlen(path) + 32;
  j->path = strdup(path);
  j->tmp = malloc(n);
  if (!j->path || !j->tmp) {
    spagm_json_abort(j);
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return false;
  }
  snprintf(j->tmp, n, "%s.tmp-%ld", path, (long)getpid());
  j->f = fopen(j->tmp, "w");
  if (!j->f) {
    spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot create %s: %s", j->tmp, strerror(errno));
    spagm_json_abort(j);
    return false;
  }
  fputc('{', j->f);
  j->first[0] = true;
  return true;
}

/* Separator, indentation and key of the next member. */
static void member(spagm_json *j, const char *key) {
  if (!j->f) return;
  fputs(j->first[j->depth] ? "\n" : ",\n", j->f);
  j->first[j->depth] = false;
  for (unsigned i = 0; i <= j->depth; i++) fputs("  ", j->f);
  if (key) {
    spagm_json_write_string(j->f, key);
    fputs(": ", j->f);
  }
}

static void open_level(spagm_json *j, const char *key, char c) {
  member(j, key);
  if (!j->f) return;
  if (j->depth + 1 >= SPAGM_JSON_DEPTH) {
    j->bad = true;
    return;
  }
  fputc(c, j->f);
  if (c == '[') j->arrays |= 1u << j->depth;
  else j->arrays &= ~(1u << j->depth);
  j->first[++j->depth] = true;
}

void spagm_json_object(spagm_json *j, const char *key) { open_level(j, key, '{'); }
void spagm_json_array(spagm_json *j, const char *key) { open_level(j, key, '['); }

void spagm_json_end(spagm_json *j) {
  if (!j->f || j->depth == 0) {
    j->bad = true;
    return;
  }
  if (!j->first[j->depth]) {
    fputc('\n', j->f);
    for (unsigned i = 0; i < j->depth; i++) fputs("  ", j->f);
  }
  j->depth--;
  fputc(j->arrays >> j->depth & 1u ? ']' : '}', j->f);
}

void spagm_json_str(spagm_json *j, const char *key, const char *s) {
  member(j, key);
  if (j->f) spagm_json_write_string(j->f, s);
}

void spagm_json_u64(spagm_json *j, const char *key, uint64_t v) {
  member(j, key);
  if (j->f) fprintf(j->f, "%llu", (unsigned long long)v);
}

void spagm_json_f64(spagm_json *j, const char *key, double v) {
  member(j, key);
  if (!j->f) return;
  if (isfinite(v))
    fprintf(j->f, "%.6g", v);
  else
    fputs("null", j->f);
}

void spagm_json_bool(spagm_json *j, const char *key, bool v) {
  member(j, key);
  if (j->f) fputs(v ? "true" : "false", j->f);
}

void spagm_json_abort(spagm_json *j) {
  if (j->f) fclose(j->f);
  if (j->tmp) remove(j->tmp);
  free(j->path);
  free(j->tmp);
  memset(j, 0, sizeof *j);
}

bool spagm_json_close(spagm_json *j, spagm_diag *d) {
  if (!j->f) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the JSON file is not open");
    return false;
  }
  while (j->depth > 0) spagm_json_end(j);
  fputs("\n}\n", j->f);
  bool ok = !j->bad && !ferror(j->f);
  int err = ok ? 0 : errno ? errno : EIO;
  if (fclose(j->f) != 0 && ok) ok = false, err = errno;
  j->f = NULL;
  if (ok && rename(j->tmp, j->path) != 0) ok = false, err = errno;
  if (!ok) spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write %s: %s", j->path, strerror(err));
  spagm_json_abort(j);
  return ok;
}
