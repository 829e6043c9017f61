// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the vector-file reader (spagm/vec/file.h,
 * vectors/src/vecfile_read.c) and checker: the input is a vector file.
 * Reading must end in a status with a line for any text ("never crash on
 * bad input", file.h); a file read to its verified trailer is then
 * re-executed by spagm_vec_check, which reports to /dev/null.
 *
 * Mutated bytes almost never keep a CRC right, so the custom mutator
 * recomputes every block CRC and the trailer after libFuzzer's mutation
 * (vec_recrc.c) and the grammar, the N86 consistency checks and the
 * checker are reached; one mutation in eight keeps the CRCs as they fall,
 * so the CRC checks stay exercised too. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_roundtrip.h"
#include "spagm/vec/file.h"
#include "vec_recrc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

/* Read to the end; true when the trailer was verified. */
static bool read_all(const char *text, size_t size) {
  spagm_diag d = {0};
  spagm_vec_header h;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text, size, "fuzz.vec", &h, &d);
  if (!r) {
    if (d.msg[0] == '\0') fuzz_fail("a refused header without a message", NULL);
    return false;
  }
  spagm_vec_item *it = malloc(sizeof *it);
  spagm_status st = it ? SPAGM_OK : SPAGM_E_NOMEM;
  while (st == SPAGM_OK && (st = spagm_vec_next(r, it, &d)) == SPAGM_OK && it->kind != SPAGM_VEC_END) {
  }
  if (st != SPAGM_OK && st != SPAGM_E_NOMEM && (d.line < 1 || d.msg[0] == '\0'))
    fuzz_fail("a refused vector file without a line or a message", d.msg);
  free(it);
  spagm_vec_reader_free(r);
  return st == SPAGM_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  if (!read_all(text, size)) return 0;
  static FILE *devnull;
  if (!devnull && !(devnull = fopen("/dev/null", "w"))) return 0;
  spagm_diag d = {0};
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text, size, "fuzz.vec", NULL, &d);
  if (!r) fuzz_fail("a file read to its end does not open again", d.msg);
  spagm_vec_check_result res;
  if (spagm_vec_check(r, "fuzz.vec", devnull, 4, &res, &d) != SPAGM_OK)
    fuzz_fail("spagm_vec_check refused a file the reader read to its end", d.msg);
  spagm_vec_reader_free(r);
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed) {
  size_t n = LLVMFuzzerMutate(data, size, max_size);
  if (seed % 8u != 0) fuzz_vec_recrc(data, n);
  return n;
}
