// SPDX-License-Identifier: Apache-2.0
/* Progress lines for long runs (spagm/util/progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "spagm/util/progress.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
/* A sanitizer that brings its own malloc (ASan, TSan, MSan) leaves glibc's
 * arena unused, so mallinfo2 would report an empty heap: no figure then. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SPAGM_MALLOC_REPLACED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define SPAGM_MALLOC_REPLACED 1
#endif
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)) && \
    !defined(SPAGM_MALLOC_REPLACED)
#include <malloc.h>
#define SPAGM_HAVE_MALLINFO2 1
#endif

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* SPAGM_PROGRESS_SECONDS: seconds between plain lines; "off" disables. */
static bool interval_from_env(double *sec) {
  const char *e = getenv("SPAGM_PROGRESS_SECONDS");
  if (!e || !*e) return true;
  if (strcmp(e, "off") == 0) return false;
  char *end;
  double v = strtod(e, &end);
  if (*end == '\0' && v >= 0 && v < 1e6) *sec = v;
  return true;
}

void spagm_progress_start(spagm_progress *p, FILE *out, const char *who, const char *what,
                          uint64_t total) {
  memset(p, 0, sizeof *p);
  double sec = 10.0;
  if (!out || !interval_from_env(&sec)) return;
  p->out = out;
  p->tty = isatty(fileno(out)) != 0;
  p->interval = p->tty ? 0.25 : sec;
  p->who = who;
  p->what = what;
  p->total = total;
  p->start = p->last = now_s();
}

void spagm_progress_format(const spagm_progress *p, uint64_t done, double seconds, char *buf,
                           size_t n) {
  double rate = seconds > 0 ? (double)done / seconds : 0;
  int k = snprintf(buf, n, "%s: %llu", p->who, (unsigned long long)done);
  if (p->total && k >= 0 && (size_t)k < n) {
    double left = rate > 0 && p->total > done ? (double)(p->total - done) / rate : 0;
    unsigned long eta = (unsigned long)(left + 0.5);
    char when[32] = "ETA -"; /* nothing done yet: no estimate */
    if (rate > 0) snprintf(when, sizeof when, "ETA %lu:%02lu", eta / 60, eta % 60);
    snprintf(buf + k, n - (size_t)k, "/%llu %s (%.0f%%), %.0f/s, %s",
             (unsigned long long)p->total, p->what, 100.0 * (double)done / (double)p->total,
             rate, when);
  } else if (k >= 0 && (size_t)k < n) {
    snprintf(buf + k, n - (size_t)k, " %s, %.0f/s", p->what, rate);
  }
}

void spagm_progress_update(spagm_progress *p, uint64_t done) {
  if (!p->out || (++p->calls & 255u) != 0) return;
  double t = now_s();
  if (t - p->last < p->interval) return;
  p->last = t;
  char line[200];
  spagm_progress_format(p, done, t - p->start, line, sizeof line);
  if (p->tty) {
    fprintf(p->out, "\r\033[K%s", line);
    p->drawn = true;
  } else {
    fprintf(p->out, "%s\n", line);
  }
  fflush(p->out);
}

void spagm_progress_end(spagm_progress *p) {
  if (p->out && p->drawn) {
    fputs("\r\033[K", p->out);
    fflush(p->out);
  }
  p->drawn = false;
}

/* The number after "name:" on one of /proc/self/status's lines, in kB. */
static bool status_kb(const char *line, const char *name, uint64_t *kb) {
  size_t n = strlen(name);
  if (strncmp(line, name, n) != 0 || line[n] != ':') return false;
  char *end;
  unsigned long long v = strtoull(line + n + 1, &end, 10);
  if (end == line + n + 1) return false;
  *kb = v;
  return true;
}

bool spagm_progress_memory(uint64_t *rss_kb, uint64_t *hwm_kb) {
  uint64_t rss = 0, hwm = 0;
  bool have_rss = false, have_hwm = false;
  FILE *f = fopen("/proc/self/status", "r");
  if (f) {
    char line[256];
    while (fgets(line, sizeof line, f)) {
      if (!have_rss) have_rss = status_kb(line, "VmRSS", &rss);
      if (!have_hwm) have_hwm = status_kb(line, "VmHWM", &hwm);
    }
    fclose(f);
  }
  bool ok = have_rss && have_hwm;
  if (rss_kb) *rss_kb = ok ? rss : 0;
  if (hwm_kb) *hwm_kb = ok ? hwm : 0;
  return ok;
}

bool spagm_progress_heap(uint64_t *kb) {
#ifdef SPAGM_HAVE_MALLINFO2
  struct mallinfo2 mi = mallinfo2();
  if (kb) *kb = (uint64_t)((mi.uordblks + mi.hblkhd) / 1024);
  return true;
#else
  if (kb) *kb = 0;
  return false;
#endif
}

void spagm_progress_checkpoint(FILE *out, const char *what, uint64_t done, double seconds) {
  if (!out) return;
  uint64_t rss, hwm;
  char mem[80] = "VmRSS - kB, VmHWM - kB";
  if (spagm_progress_memory(&rss, &hwm))
    snprintf(mem, sizeof mem, "VmRSS %llu kB, VmHWM %llu kB", (unsigned long long)rss,
             (unsigned long long)hwm);
  /* The process's CPU time beside the wall time: on a shared machine it is
   * the figure other jobs change least. */
  char cpu[40] = "cpu - s";
  struct timespec t;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0)
    snprintf(cpu, sizeof cpu, "cpu %.6f s", (double)t.tv_sec + (double)t.tv_nsec * 1e-9);
  char heap[40] = "heap - kB";
  uint64_t live;
  if (spagm_progress_heap(&live)) snprintf(heap, sizeof heap, "heap %llu kB", (unsigned long long)live);
  fprintf(out, "checkpoint: %llu %s, %.6f s, %s, %s, %s\n", (unsigned long long)done,
          what ? what : "transactions", seconds, cpu, mem, heap);
  fflush(out);
}
