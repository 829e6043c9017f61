// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: one regression per results folder. DIR/lock names the
 * runner that owns the folder (pid, host, the process's start time) and is
 * made with O_EXCL, so of two runners started at once one wins. A lock
 * whose runner is gone from this host (no such process, or the pid reused
 * by a process started later) is stale: a runner killed with SIGKILL, or
 * its machine rebooted, never removed it, and the next runner, such as a
 * --resume, takes it over. A lock of another host cannot be checked from
 * here and is never taken over (docs/regress.md, "One regression per
 * folder"). The take-over itself runs under flock(DIR/lock.guard), so two
 * runners finding the same stale lock do not both take it. */
#define _POSIX_C_SOURCE 200809L
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "util.h"

typedef struct lock_owner {
  long pid;
  char host[256];
  unsigned long long start; /* /proc/PID/stat starttime, 0 unknown */
} lock_owner;

/* The start time of process pid (clock ticks since boot), 0 when unknown. */
static unsigned long long proc_start(long pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  char *stat = rg_read_file(path, NULL);
  unsigned long long t = 0;
  const char *p = stat ? strrchr(stat, ')') : NULL; /* the name may hold spaces */
  for (int field = 2; p && *p && field < 22; p++)
    if (*p == ' ') field++;
  if (p) t = strtoull(p, NULL, 10);
  free(stat);
  return t;
}

static void me(lock_owner *o) {
  o->pid = (long)getpid();
  if (gethostname(o->host, sizeof o->host - 1) != 0) snprintf(o->host, sizeof o->host, "?");
  o->host[sizeof o->host - 1] = '\0';
  o->start = proc_start(o->pid);
}

/* 1 when read; a lock cut short (its writer killed mid-write) reads as
 * owner unknown (pid 0). */
static int read_owner(const char *path, lock_owner *o) {
  memset(o, 0, sizeof *o);
  char *text = rg_read_file(path, NULL);
  if (!text) return 0;
  for (char *save = NULL, *line = text; line && *line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    if (strncmp(line, "pid=", 4) == 0) o->pid = strtol(line + 4, NULL, 10);
    else if (strncmp(line, "host=", 5) == 0) snprintf(o->host, sizeof o->host, "%s", line + 5);
    else if (strncmp(line, "start=", 6) == 0) o->start = strtoull(line + 6, NULL, 10);
  }
  free(text);
  return 1;
}

/* Gone: on this host and no such process, or its pid now another's. */
static int stale(const lock_owner *o, const lock_owner *self) {
  if (o->pid <= 0) return 1; /* cut short by a kill as it was written */
  if (strcmp(o->host, self->host) != 0) return 0;
  if (kill((pid_t)o->pid, 0) != 0 && errno == ESRCH) return 1;
  unsigned long long now = proc_start(o->pid);
  return o->start && now && now != o->start;
}

/* O_EXCL: 0 made, 1 exists, -1 error (named). */
static int create(const char *path, const lock_owner *self) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0) {
    if (errno == EEXIST) return 1;
    fprintf(stderr, "spagm-regress: cannot create %s: %s\n", path, strerror(errno));
    return -1;
  }
  char text[400];
  int n = snprintf(text, sizeof text, "pid=%ld\nhost=%s\nstart=%llu\n", self->pid, self->host,
                   self->start);
  int ok = write(fd, text, (size_t)n) == n && fsync(fd) == 0;
  int err = errno;
  ok = close(fd) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "spagm-regress: cannot write %s: %s\n", path, strerror(err));
    unlink(path);
    return -1;
  }
  return 0;
}

static int take_over(const char *dir, const char *path, const lock_owner *self) {
  char *guard = rg_path_join(dir, "lock.guard");
  int g = open(guard, O_RDWR | O_CREAT, 0666);
  free(guard);
  if (g < 0 || flock(g, LOCK_EX) != 0) {
    fprintf(stderr, "spagm-regress: cannot lock %s/lock.guard: %s\n", dir, strerror(errno));
    if (g >= 0) close(g);
    return -1;
  }
  lock_owner o;
  int rc = 1;
  if (!read_owner(path, &o)) {
    rc = create(path, self); /* released meanwhile */
  } else if (stale(&o, self)) {
    fprintf(stderr, "spagm-regress: %s: taking over the lock of spagm-regress pid %ld on %s, "
            "which is no longer running\n", dir, o.pid, o.host);
    if (unlink(path) != 0) {
      fprintf(stderr, "spagm-regress: cannot remove %s: %s\n", path, strerror(errno));
      rc = -1;
    } else {
      rc = create(path, self);
    }
  }
  close(g); /* also releases the flock */
  return rc;
}

int rg_owner_write(const char *path) {
  lock_owner self;
  me(&self);
  char text[400];
  int n = snprintf(text, sizeof text, "pid=%ld\nhost=%s\nstart=%llu\n", self.pid, self.host,
                   self.start);
  return rg_write_file(path, text, (size_t)n);
}

long rg_owner_running(const char *path) {
  lock_owner o, self;
  me(&self);
  if (!read_owner(path, &o) || o.pid <= 0 || strcmp(o.host, self.host) != 0) return 0;
  return stale(&o, &self) ? 0 : o.pid;
}

int rg_lock_take(const char *dir) {
  lock_owner self;
  me(&self);
  char *path = rg_path_join(dir, "lock");
  int rc = create(path, &self);
  if (rc == 1) rc = take_over(dir, path, &self);
  if (rc == 1) {
    lock_owner o;
    read_owner(path, &o);
    fprintf(stderr, "spagm-regress: %s is in use by spagm-regress pid %ld on host %s (%s); "
            "one regression per folder%s\n", dir, o.pid, o.host[0] ? o.host : "?", path,
            strcmp(o.host, self.host) == 0 ? ""
            : ": if that runner is gone, remove the lock and run again");
  }
  free(path);
  return rc == 0 ? 0 : -1;
}

void rg_lock_token(char *buf, size_t n) {
  lock_owner self;
  me(&self);
  snprintf(buf, n, "%ld@%s", self.pid, self.host);
}

int rg_lock_held_by(const char *dir, const char *token) {
  char *path = rg_path_join(dir, "lock");
  lock_owner o;
  int have = read_owner(path, &o);
  free(path);
  char mine[300];
  snprintf(mine, sizeof mine, "%ld@%s", o.pid, o.host);
  return have && strcmp(mine, token) == 0;
}

void rg_lock_release(const char *dir) {
  char *path = rg_path_join(dir, "lock");
  lock_owner o, self;
  me(&self);
  if (read_owner(path, &o) && o.pid == self.pid && strcmp(o.host, self.host) == 0) unlink(path);
  free(path);
}
