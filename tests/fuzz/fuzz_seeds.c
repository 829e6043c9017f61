// SPDX-License-Identifier: Apache-2.0
/* Build-time generator of the seed corpora that hold encoded words, so no
 * binary seed is committed (docs/fuzzing.md):
 *   fuzz_seeds OUTDIR FILE...
 * assembles every line of each FILE that is one statement (docs/examples
 * *.s and *.scn instruction lines, the spec examples of
 * tests/data/spec_examples.txt up to their first "=>"; other lines are
 * skipped) and writes
 *   OUTDIR/disasm/BASE-K        the K-th word, 8 bytes little-endian
 *   OUTDIR/exec_UNIT/BASE       the file's words of that unit, one after another
 *   OUTDIR/asm/BASE-K           the K-th statement's canonical text
 * The directories must exist. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/spagm.h"

static int put(const char *dir, const char *sub, const char *base, long k, const void *p,
               size_t n, const char *mode) {
  char path[4096];
  if (k >= 0)
    snprintf(path, sizeof path, "%s/%s/%s-%ld", dir, sub, base, k);
  else
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, base);
  FILE *f = fopen(path, mode);
  if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
    fprintf(stderr, "fuzz_seeds: cannot write %s\n", path);
    return 1;
  }
  return 0;
}

static int one_file(const char *dir, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "fuzz_seeds: cannot read %s\n", path);
    return 1;
  }
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  static const char *units[] = {"exec_attr", "exec_pix", "exec_tex"};
  int rc = 0;
  long k = 0;
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    char *cut = strstr(line, "=>");
    if (cut) *cut = '\0';
    line[strcspn(line, "\n")] = '\0';
    spagm_insn x;
    uint64_t w;
    if (spagm_asm_one(line, 1, 1, NULL, &x, NULL) != SPAGM_OK) continue;
    char text[256];
    size_t n = spagm_disasm(&x, 1, text, sizeof text);
    rc |= put(dir, "asm", base, k, text, n < sizeof text ? n : sizeof text - 1, "wb");
    if (spagm_encode(&x, &w, NULL, NULL) == SPAGM_OK) {
      uint8_t le[8];
      for (int i = 0; i < 8; i++) le[i] = (uint8_t)(w >> (8 * i));
      rc |= put(dir, "disasm", base, k, le, 8, "wb");
      rc |= put(dir, units[spagm_op_unit(x.op)], base, -1, le, 8, "ab");
    }
    k++;
  }
  fclose(f);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: fuzz_seeds OUTDIR FILE...\n");
    return 2;
  }
  int rc = 0;
  for (int i = 2; i < argc; i++) rc |= one_file(argv[1], argv[i]);
  return rc;
}
