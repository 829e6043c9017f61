// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the regression description parser (regress/desc.c,
 * docs/regress.md "The description file"): `.regress` files are written by
 * users. The input is a description. Parsing must accept it or refuse it
 * (messages with file:line:col on stderr), never crash, read past its end
 * or leak. A description accepted is then held to what the runner relies
 * on: every test has a valid name, a kind, at least one seed and a timeout;
 * every set has members, each naming a test or a set; and each set expands
 * into a plan whose runs have unique ids, sorted, each with a command.
 * Descriptions with `bugs =` are not expanded: expansion reads the file
 * `bugs_file =` names, which the fuzzer may point anywhere (/dev/zero). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_roundtrip.h"
#include "regress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *g_stderr; /* the real one, for the harness's own failure */

/* fuzz_fail with its message where it can be read. */
static _Noreturn void fail(const char *what, const char *detail) {
  stderr = g_stderr;
  fuzz_fail(what, detail);
}

/* Runs a plan may have before the harness skips expanding it (seeds
 * 1..100000 are legal, and slow to expand on every input). */
#define MAX_RUNS 4096

static void check_plan(const rg_desc *d, const char *set) {
  rg_plan p;
  if (rg_plan_expand(d, set, "/nonexistent-bindir", &p) != 0) {
    rg_plan_free(&p);
    return; /* a refusal, with its message */
  }
  for (size_t i = 0; i < p.nruns; i++) {
    const rg_run *r = &p.runs[i];
    if (!r->id || !r->id[0] || !r->command) fail("a run without an id or a command", set);
    if (i && strcmp(p.runs[i - 1].id, r->id) == 0) fail("two runs with one id", r->id);
  }
  rg_plan_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int quiet;
  if (!quiet) {
    /* The parser's messages go to stdio's stderr: to /dev/null here, while
     * the sanitizers still write their reports to file descriptor 2. */
    g_stderr = stderr;
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull) stderr = devnull;
    quiet = 1;
  }
  rg_desc d;
  int rc = rg_desc_parse("fuzz.regress", (const char *)data, size, &d);
  if (rc == 0) {
    size_t runs = 0;
    int bugs = 0;
    for (size_t i = 0; i < d.ntests; i++) {
      const rg_test *t = &d.tests[i];
      if (!t->name || !t->name[0] || t->nseeds == 0 || t->timeout_s == 0)
        fail("an accepted test without a name, a seed or a timeout", t->name);
      bugs |= t->bugs[0] != '\0';
      runs += t->nseeds;
    }
    for (size_t i = 0; i < d.nsets; i++) {
      const rg_set *s = &d.sets[i];
      if (s->nmembers == 0) fail("an accepted set without members", s->name);
      if (rg_desc_set(&d, s->name) != s) fail("a set not found by its name", s->name);
    }
    for (size_t i = 0; i < d.nsets && !bugs && runs <= MAX_RUNS; i++) check_plan(&d, d.sets[i].name);
  }
  rg_desc_free(&d);
  return 0;
}
