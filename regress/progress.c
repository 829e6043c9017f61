// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: progress lines (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

void rg_progress_init(rg_progress *pg, const rg_plan *p, FILE *out) {
  memset(pg, 0, sizeof *pg);
  pg->out = out;
  pg->tty = isatty(fileno(out));
  pg->reported = rg_xmalloc(p->nruns + 1);
  memset(pg->reported, 0, p->nruns + 1);
}

/* A run that just ended: its verdict now, so failures show as they happen. */
static void run_ended(rg_progress *pg, const rg_plan *p, const char *dir, rg_run *r) {
  rg_verdict(dir, r);
  pg->done++;
  if (pg->tty && r->res.ok) return;
  fprintf(pg->out, "%s[%zu/%zu] %-9s %-4s %s (%.1f s)%s%s\n", pg->tty ? "\r\033[K" : "",
          pg->done, p->nruns, rg_status_name(r->res.status), r->res.ok ? "ok" : "BAD", r->id,
          r->res.wall_s, r->res.ok ? "" : ": ", r->res.ok ? "" : r->res.reason);
  pg->last[0] = '\0'; /* the count line was overwritten: draw it again */
}

void rg_progress_update(rg_progress *pg, const rg_plan *p, const char *dir) {
  size_t running = 0, queued = 0, bad = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    rg_run *r = &p->runs[i];
    if (r->phase == RG_DONE && !pg->reported[i]) {
      pg->reported[i] = 1;
      run_ended(pg, p, dir, r);
    }
    running += r->phase == RG_RUNNING;
    queued += r->phase == RG_QUEUED;
    bad += r->phase == RG_DONE && !r->res.ok;
  }
  if (!pg->tty) return;
  char line[160];
  snprintf(line, sizeof line, "regress: %zu/%zu done, %zu running, %zu failed, %zu queued",
           pg->done, p->nruns, running, bad, queued);
  if (strcmp(line, pg->last) == 0) return;
  snprintf(pg->last, sizeof pg->last, "%s", line);
  fprintf(pg->out, "\r\033[K%s", line);
  fflush(pg->out);
}

void rg_progress_end(rg_progress *pg) {
  if (pg->tty && pg->last[0]) fprintf(pg->out, "\n");
  free(pg->reported);
  pg->reported = NULL;
}
