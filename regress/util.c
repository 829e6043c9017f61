// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: small helpers. Out of memory ends the program with a
 * message: the runner has no sensible way to continue without memory. */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void *rg_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "spagm-regress: out of memory\n");
    exit(3);
  }
  return p;
}

void *rg_xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fprintf(stderr, "spagm-regress: out of memory\n");
    exit(3);
  }
  return p;
}

char *rg_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(rg_xmalloc(n), s, n);
}

char *rg_read_stream(FILE *f, size_t *len) {
  spagm_buf b = {0};
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) spagm_buf_add(&b, chunk, n);
  if (len) *len = b.len;
  return spagm_buf_take(&b);
}

char *rg_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = rg_read_stream(f, len);
  fclose(f);
  return s;
}

/* SIGINT, SIGTERM and SIGHUP call fn, which only notes the signal: the
 * main loop then stops what it started, in order. */
void rg_on_stop_signals(void (*fn)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* Whole files only: a reader (a CI server, a Slurm poll, a second
 * spagm-regress, a --resume after a crash) sees the old file or the new
 * one, never half of one. The data reaches the disk before the rename and
 * the rename before we return (fsync of the file, then of its folder), so a
 * record that exists after a power or node loss is whole. */
int rg_write_file(const char *path, const char *data, size_t len) {
  spagm_buf tmp = {0};
  spagm_buf_printf(&tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp.s, "wb");
  int ok = f && fwrite(data, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
  int err = errno;
  if (f && fclose(f) != 0 && ok) ok = 0, err = errno;
  if (ok && rename(tmp.s, path) != 0) ok = 0, err = errno;
  if (ok && rg_fsync_dir(path) != 0) ok = 0, err = errno;
  if (!ok) {
    fprintf(stderr, "spagm-regress: cannot write %s: %s\n", path, strerror(err));
    unlink(tmp.s);
  }
  spagm_buf_free(&tmp);
  return ok ? 0 : -1;
}

/* The folder holding path, synced: a rename in it survives a crash. */
int rg_fsync_dir(const char *path) {
  char *dir = rg_dirname(path);
  int fd = open(dir, O_RDONLY | O_DIRECTORY);
  free(dir);
  if (fd < 0) return -1;
  int rc = fsync(fd) == 0 || errno == EINVAL ? 0 : -1; /* EINVAL: a file system without it */
  int err = errno;
  close(fd);
  errno = err;
  return rc;
}

int rg_write_in(const char *dir, const char *name, const char *data, size_t len) {
  char *path = rg_path_join(dir, name);
  int rc = rg_write_file(path, data, len);
  free(path);
  return rc;
}

int rg_mkdir_p(const char *path) {
  char *p = rg_xstrdup(path);
  for (char *s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) break;
    *s = '/';
  }
  int rc = mkdir(p, 0777) == 0 || errno == EEXIST ? 0 : -1;
  if (rc) fprintf(stderr, "spagm-regress: cannot create %s: %s\n", p, strerror(errno));
  free(p);
  return rc;
}

char *rg_path_join(const char *a, const char *b) {
  spagm_buf r = {0};
  if (b[0] == '/' || !a[0]) {
    spagm_buf_puts(&r, b);
  } else {
    spagm_buf_puts(&r, a);
    if (a[strlen(a) - 1] != '/') spagm_buf_puts(&r, "/");
    spagm_buf_puts(&r, b);
  }
  return spagm_buf_take(&r);
}

char *rg_dirname(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return rg_xstrdup(".");
  if (slash == path) return rg_xstrdup("/");
  spagm_buf r = {0};
  spagm_buf_add(&r, path, (size_t)(slash - path));
  return spagm_buf_take(&r);
}

double rg_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double tv_s(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }

double rg_cpu_s(void) {
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  return tv_s(self.ru_utime) + tv_s(self.ru_stime) + tv_s(kids.ru_utime) + tv_s(kids.ru_stime);
}

void rg_sleep_ms(unsigned ms) {
  struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}
