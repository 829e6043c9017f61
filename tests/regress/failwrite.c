// SPDX-License-Identifier: Apache-2.0
/* An LD_PRELOAD shim that makes the Nth write to a file fail with ENOSPC,
 * as a full disk does, for tests/regress/write_faults.sh (docs/regress.md,
 * "What each fault does").
 *
 *   SPAGM_FAILWRITE_COUNTER=FILE  the count of writes so far, shared by every
 *                                 process of the regression (the runner, its
 *                                 --exec processes, the runs' tools), under
 *                                 flock
 *   SPAGM_FAILWRITE_AT=N          write number N fails (0: none, count only)
 *   SPAGM_FAILWRITE_LOG=FILE      a line per failed call: the call and file
 *
 * A "write" is what can meet a full disk: write, pwrite and writev to a
 * regular file, fsync and fdatasync of one, rename, and open/creat that
 * creates a file. Terminals, pipes and /dev/null are not counted. The
 * counter file is read and written with raw system calls, which the shim
 * does not see. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

/* 1 when this call is the one that fails. */
static int counted_fail(const char *what, const char *name) {
  const char *counter = getenv("SPAGM_FAILWRITE_COUNTER");
  if (!counter) return 0;
  int fd = (int)syscall(SYS_openat, AT_FDCWD, counter, O_RDWR | O_CREAT, 0644);
  if (fd < 0) return 0;
  syscall(SYS_flock, fd, LOCK_EX);
  char buf[32] = {0};
  long n = syscall(SYS_pread64, fd, buf, sizeof buf - 1, 0);
  unsigned long long count = n > 0 ? strtoull(buf, NULL, 10) : 0;
  count++;
  int len = snprintf(buf, sizeof buf, "%llu\n", count);
  syscall(SYS_pwrite64, fd, buf, (size_t)len, 0);
  syscall(SYS_flock, fd, LOCK_UN);
  syscall(SYS_close, fd);
  const char *at = getenv("SPAGM_FAILWRITE_AT");
  if (!at || strtoull(at, NULL, 10) != count) return 0;
  const char *log = getenv("SPAGM_FAILWRITE_LOG");
  if (log) {
    int lf = (int)syscall(SYS_openat, AT_FDCWD, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (lf >= 0) {
      char line[600];
      int k = snprintf(line, sizeof line, "%llu %s %s pid %ld\n", count, what, name,
                       (long)getpid());
      syscall(SYS_write, lf, line, (size_t)(k < (int)sizeof line ? k : (int)sizeof line - 1));
      syscall(SYS_close, lf);
    }
  }
  return 1;
}

/* The file behind fd, when it is a regular file. */
static int regular_fd(int fd, char *name, size_t n) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t k = readlink(link, name, n - 1);
  name[k > 0 ? k : 0] = '\0';
  return 1;
}

static int fd_fails(int fd, const char *what) {
  char name[512];
  return regular_fd(fd, name, sizeof name) && counted_fail(what, name);
}

#define REAL(ret, fn, ...)                                        \
  static ret (*real_##fn)(__VA_ARGS__);                           \
  if (!real_##fn) real_##fn = (ret(*)(__VA_ARGS__))dlsym(RTLD_NEXT, #fn)

ssize_t write(int fd, const void *buf, size_t n) {
  REAL(ssize_t, write, int, const void *, size_t);
  if (n && fd_fails(fd, "write")) return errno = ENOSPC, -1;
  return real_write(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) {
  REAL(ssize_t, pwrite, int, const void *, size_t, off_t);
  if (n && fd_fails(fd, "pwrite")) return errno = ENOSPC, -1;
  return real_pwrite(fd, buf, n, off);
}

ssize_t writev(int fd, const struct iovec *iov, int cnt) {
  REAL(ssize_t, writev, int, const struct iovec *, int);
  if (cnt && fd_fails(fd, "writev")) return errno = ENOSPC, -1;
  return real_writev(fd, iov, cnt);
}

int fsync(int fd) {
  REAL(int, fsync, int);
  if (fd_fails(fd, "fsync")) return errno = ENOSPC, -1;
  return real_fsync(fd);
}

int fdatasync(int fd) {
  REAL(int, fdatasync, int);
  if (fd_fails(fd, "fdatasync")) return errno = ENOSPC, -1;
  return real_fdatasync(fd);
}

int rename(const char *from, const char *to) {
  REAL(int, rename, const char *, const char *);
  if (counted_fail("rename", to)) return errno = ENOSPC, -1;
  return real_rename(from, to);
}

/* open/creat that would create a file: a full disk may have no room for it. */
static int creates(const char *path, int flags) {
  return (flags & O_CREAT) && access(path, F_OK) != 0 && counted_fail("create", path);
}

static mode_t mode_arg(int flags, va_list ap) {
  return flags & O_CREAT ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...) {
  REAL(int, open, const char *, int, ...);
  va_list ap;
  va_start(ap, flags);
  mode_t mode = mode_arg(flags, ap);
  va_end(ap);
  if (creates(path, flags)) return errno = ENOSPC, -1;
  return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
  REAL(int, open64, const char *, int, ...);
  va_list ap;
  va_start(ap, flags);
  mode_t mode = mode_arg(flags, ap);
  va_end(ap);
  if (creates(path, flags)) return errno = ENOSPC, -1;
  return real_open64(path, flags, mode);
}

/* stdio writes inside the C library reach the disk through its internal
 * write, which a preload does not see: the stream calls are counted too.
 * A stream whose write failed stays failed, as on a full disk, where the
 * buffered bytes are lost and fclose reports it: its error flag is set and
 * its fclose returns EOF with ENOSPC. */
static FILE *doomed[64];
/* Streams written since they were opened: a stream's writes are one write
 * (its first), as its buffer reaches the disk in one go; its fclose another. */
static FILE *written[256];

static int first_write(FILE *f) {
  size_t free_at = sizeof written / sizeof written[0];
  for (size_t i = 0; i < sizeof written / sizeof written[0]; i++) {
    if (written[i] == f) return 0;
    if (!written[i] && free_at == sizeof written / sizeof written[0]) free_at = i;
  }
  if (free_at < sizeof written / sizeof written[0]) written[free_at] = f;
  return 1;
}

static void forget(FILE *f) {
  for (size_t i = 0; i < sizeof written / sizeof written[0]; i++)
    if (written[i] == f) written[i] = NULL;
}

static int stream_fails(FILE *f, const char *what) {
  if (!f || fileno(f) < 0 || !first_write(f) || !fd_fails(fileno(f), what)) return 0;
  for (size_t i = 0; i < sizeof doomed / sizeof doomed[0]; i++)
    if (!doomed[i]) {
      doomed[i] = f;
      break;
    }
  f->_flags |= 0x20; /* glibc's _IO_ERR_SEEN: ferror(f) */
  errno = ENOSPC;
  return 1;
}

static int undoom(FILE *f) {
  for (size_t i = 0; i < sizeof doomed / sizeof doomed[0]; i++)
    if (doomed[i] == f) return doomed[i] = NULL, 1;
  return 0;
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
  REAL(size_t, fwrite, const void *, size_t, size_t, FILE *);
  if (size && n && stream_fails(f, "fwrite")) return 0;
  return real_fwrite(p, size, n, f);
}

int fputs(const char *s, FILE *f) {
  REAL(int, fputs, const char *, FILE *);
  if (*s && stream_fails(f, "fputs")) return EOF;
  return real_fputs(s, f);
}

int vfprintf(FILE *f, const char *fmt, va_list ap) {
  REAL(int, vfprintf, FILE *, const char *, va_list);
  if (f != stderr && f != stdout && stream_fails(f, "fprintf")) return -1;
  return real_vfprintf(f, fmt, ap);
}

int fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}

int fflush(FILE *f) {
  REAL(int, fflush, FILE *);
  if (f && f != stdout && f != stderr && stream_fails(f, "fflush")) return EOF;
  return real_fflush(f);
}

int fclose(FILE *f) {
  REAL(int, fclose, FILE *);
  int lost = undoom(f);
  forget(f);
  int failed = !lost && f && fd_fails(fileno(f), "fclose");
  int r = real_fclose(f);
  if (lost || failed) return errno = ENOSPC, EOF;
  return r;
}

static FILE *open_stream(FILE *(*real)(const char *, const char *), const char *path,
                         const char *mode) {
  if ((mode[0] == 'w' || mode[0] == 'a') && access(path, F_OK) != 0 && counted_fail("create", path))
    return errno = ENOSPC, (FILE *)NULL;
  return real(path, mode);
}

FILE *fopen(const char *path, const char *mode) {
  REAL(FILE *, fopen, const char *, const char *);
  return open_stream(real_fopen, path, mode);
}

FILE *fopen64(const char *path, const char *mode) {
  REAL(FILE *, fopen64, const char *, const char *);
  return open_stream(real_fopen64, path, mode);
}

/* The same under _FORTIFY_SOURCE, which turns fprintf into these. */
int __vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap);
int __fprintf_chk(FILE *f, int flag, const char *fmt, ...);

int __vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap) {
  REAL(int, __vfprintf_chk, FILE *, int, const char *, va_list);
  if (f != stderr && f != stdout && stream_fails(f, "fprintf")) return -1;
  return real___vfprintf_chk(f, flag, fmt, ap);
}

int __fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __vfprintf_chk(f, flag, fmt, ap);
  va_end(ap);
  return r;
}
