// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the pixel unit (PIXLD) through spagm_execute*: the
 * stage and a raster configuration from the input (pix.h: sample count,
 * standard or programmable positions, SSAA, offset format, sample order),
 * then the requests of fuzz_exec.c. */
#include "fuzz_exec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void pix_state(spagm_model *m, fuzz_in *in) {
  static const uint8_t samples[] = {1, 2, 4, 8, 16, 3};
  fuzz_exec_set_stage(m, in);
  spagm_raster_config c;
  spagm_pix_get_config(m, &c, NULL);
  c.samples = FUZZ_PICK(in, samples);
  c.positions = (spagm_pix_positions)fuzz_range(in, 2); /* 2: refused */
  for (unsigned i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    c.table[i].x = (int8_t)((int)fuzz_range(in, 16) - 8); /* 8: refused */
    c.table[i].y = (int8_t)((int)fuzz_range(in, 16) - 8);
  }
  c.ssaa = fuzz_bool(in);
  c.offset_format = (spagm_pix_offset_format)fuzz_range(in, 3); /* 2: refused */
  c.order = (spagm_pix_sample_order)fuzz_range(in, 3);         /* 2: refused */
  spagm_pix_set_config(m, &c, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const fuzz_opcode ops[] = {{0xFFFFull << 48, 0xEFE8ull << 48}}; /* N1: [63:48] */
  return fuzz_exec_run(data, size, ops, 1, pix_state);
}
