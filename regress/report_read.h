// SPDX-License-Identifier: Apache-2.0
/* Reading the mismatch and hang reports of a log by the grammar of
 * docs/report-format.md: a header line
 *   [PRODUCER ": "] ("MISMATCH" | "HANG") " " UNIT SUBJECT ...
 * then the block's detail lines, each indented by two spaces or more. The
 * failure buckets (triage.c) and `spagm-regress --read-report` read logs
 * with it, and the tests that hold every producer to the format check
 * their output with it, so the format has one reader. Plain C11, no
 * allocation: the fields are copied into fixed buffers. */
#ifndef SPAGM_REGRESS_REPORT_READ_H
#define SPAGM_REGRESS_REPORT_READ_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a report is about, from the words after its unit. */
typedef enum rg_report_subject {
  RG_REPORT_RESPONSE,  /* "MISMATCH unit tag N ...": a response that differs */
  RG_REPORT_HANDSHAKE, /* "MISMATCH unit: ...": a tag or read nobody can pair */
  RG_REPORT_IMAGE,     /* "MISMATCH unit image ...": a read-back word */
  RG_REPORT_HANG       /* "HANG unit in ...": a unit that stopped answering */
} rg_report_subject;

typedef struct rg_report {
  size_t line;          /* of the header, from 1 */
  char producer[32];    /* the prefix before the kind ("replay"), "" none */
  char kind[12];        /* "mismatch" or "hang" */
  char unit[8];         /* attr, pix or tex */
  rg_report_subject subject;
  long long tag;        /* the tag the header names, -1 none */
  char insn[64];        /* op and modifiers of the `insn` line, "" none */
  char field[32];       /* class of the first difference, "" none */
  char rule[96];        /* PATH (cites) of the first `model:` line, "" none */
} rg_report;

/* The name of a subject: "response", "handshake", "image", "hang". */
const char *rg_report_subject_name(rg_report_subject s);

/* Reads the next report of a NUL-terminated log at or after *pos (start
 * with the log itself), which is at line *line (start with 1);
 * both move past the block. Returns 1 with r filled, 0 when no report
 * follows, -1 when a line starts like a header (the kind word, at the start
 * of the line or after a producer prefix) and breaks the grammar: r->line
 * is that line and why says what is wrong. */
int rg_report_next(const char **pos, size_t *line, rg_report *r, char *why, size_t nwhy);

/* The failure-bucket key of a report: "UNIT INSN | FIELD | RULE" ("-" for
 * an empty part) for a mismatch, "hang UNIT" for a hang. */
void rg_report_bucket(const rg_report *r, char *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
