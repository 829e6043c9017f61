// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the coverage database reader (spagm/cov/cov.h,
 * coverage/cov_read.c): the input is a database file, as a run
 * killed as it wrote one, a full disk or a user leaves it (N384). Reading
 * must end in a status with a message for any bytes; a database read is
 * then written, read back and written again: the two writings must be the
 * same bytes (the reader keeps everything the writer puts), and the text
 * report and a merge into a fresh database must take it.
 *
 * Mutated bytes almost never keep the final `crc32` line right, so the
 * custom mutator recomputes it after libFuzzer's mutation (one mutation in
 * eight keeps it as it falls, so the CRC check stays exercised) and the
 * reader's line grammar, plan check and counts are reached. The input is
 * handed to the reader through a memfd (it reads paths); the writings go
 * to a folder made under TMPDIR (CTest's is the test's own folder), removed
 * at exit. */
#define _GNU_SOURCE /* memfd_create */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "fuzz_roundtrip.h"
#include "spagm/cov/cov.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

typedef struct memfile {
  int fd;
  char path[64];
} memfile;

static memfile mem_open(const char *name) {
  memfile m = {memfd_create(name, 0), ""};
  if (m.fd < 0) fuzz_fail("memfd_create", name);
  snprintf(m.path, sizeof m.path, "/proc/self/fd/%d", m.fd);
  return m;
}

static void mem_put(const memfile *m, const uint8_t *data, size_t size) {
  if (ftruncate(m->fd, 0) != 0 || pwrite(m->fd, data, size, 0) != (ssize_t)size)
    fuzz_fail("memfd write", m->path);
}

static char g_dir[512];
static char g_out1[600], g_out2[600];

static void cleanup(void) {
  unlink(g_out1), unlink(g_out2), rmdir(g_dir);
}

static void write_to(const spagm_cov *c, const char *path) {
  spagm_diag d = {0};
  if (spagm_cov_write(c, path, &d) != SPAGM_OK) fuzz_fail("a database read does not write", d.msg);
}

static uint8_t *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) fuzz_fail("cannot read back", path);
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0, k;
  uint8_t chunk[4096];
  while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (n + k > cap && !(buf = realloc(buf, cap = 2 * (n + k)))) fuzz_fail("out of memory", NULL);
    memcpy(buf + n, chunk, k), n += k;
  }
  fclose(f);
  *size = n;
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static memfile in;
  static FILE *devnull;
  if (!devnull) {
    in = mem_open("cov-in");
    devnull = fopen("/dev/null", "w");
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/fuzz_cov_read.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!devnull || !mkdtemp(g_dir)) fuzz_fail("/dev/null or a scratch folder", g_dir);
    snprintf(g_out1, sizeof g_out1, "%s/a.cov", g_dir);
    snprintf(g_out2, sizeof g_out2, "%s/b.cov", g_dir);
    atexit(cleanup);
  }
  mem_put(&in, data, size);
  spagm_cov *c = NULL;
  spagm_diag d = {0};
  spagm_status st = spagm_cov_read(in.path, &c, &d);
  if (st != SPAGM_OK) {
    if (c) fuzz_fail("a refused database came back", d.msg);
    if (d.msg[0] == '\0') fuzz_fail("a refused database without a message", NULL);
    return 0;
  }
  if (!c) fuzz_fail("SPAGM_OK without a database", NULL);
  /* What the writer puts, the reader keeps: write, read, write again. */
  write_to(c, g_out1);
  spagm_cov *again = NULL;
  if (spagm_cov_read(g_out1, &again, &d) != SPAGM_OK)
    fuzz_fail("a database the writer wrote is refused", d.msg);
  write_to(again, g_out2);
  size_t n1, n2;
  uint8_t *b1 = slurp(g_out1, &n1), *b2 = slurp(g_out2, &n2);
  if (n1 != n2 || memcmp(b1, b2, n1) != 0) fuzz_fail("write(read(write(x))) differs from write(x)", NULL);
  free(b1), free(b2);
  spagm_cov_report_text(c, devnull);
  spagm_cov *sum = spagm_cov_new();
  if (!sum) fuzz_fail("spagm_cov_new", NULL);
  spagm_cov_merge(sum, c, NULL);
  spagm_cov_merge(sum, again, NULL);
  spagm_cov_free(sum), spagm_cov_free(again), spagm_cov_free(c);
  return 0;
}

/* The final `crc32 ` + 8 hex digits line, recomputed over the bytes
 * before it; the size never changes. */
static void recrc(uint8_t *text, size_t n) {
  if (n < 15 || text[n - 1] != '\n') return;
  size_t start = n - 15;
  if (start > 0 && text[start - 1] != '\n') return;
  if (memcmp(text + start, "crc32 ", 6) != 0) return;
  char hex[9];
  snprintf(hex, sizeof hex, "%08lx", crc32(0L, text, (uInt)start) & 0xFFFFFFFFul);
  memcpy(text + start + 6, hex, 8);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed) {
  size_t n = LLVMFuzzerMutate(data, size, max_size);
  if (seed % 8 != 0) recrc(data, n);
  return n;
}
