// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the texture unit (TLDS) through spagm_execute*: the
 * FP16 rounding, constant-bank words, the header pool, headers (as fields
 * through spagm_tex_set_header, or as any 32 bytes written to the pool) and
 * texture memory near them from the input (tex.h), then the requests of
 * fuzz_exec.c. */
#include "fuzz_exec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define POOL_SPAN 0x100000ull /* pool and textures within the first MiB (or anywhere) */

static uint64_t address(fuzz_in *in, unsigned align) {
  uint64_t va = fuzz_range(in, 15) == 0 ? fuzz_back(in, 6) : fuzz_back(in, 3) % POOL_SPAN;
  return va & ~(uint64_t)(align - 1);
}

static void header_fields(spagm_tic *t, fuzz_in *in) {
  static const unsigned comps[] = {0x01, 0x02, 0x03, 0x04, 0x08, 0x09, 0x0C, 0x0F,
                                   0x15, 0x18, 0x1B, 0x1D, 0x20, 0x21, 0x7F};
  static const uint32_t sizes[] = {1, 2, 3, 4, 7, 8, 16, 33, 64, 65536};
  spagm_tic_init(t);
  t->components = FUZZ_PICK(in, comps);
  for (int i = 0; i < 4; i++) {
    t->data_type[i] = fuzz_range(in, 7);
    t->source[i] = fuzz_range(in, 7);
  }
  t->layout = fuzz_bool(in) ? SPAGM_TEXLAYOUT_PITCH : SPAGM_TEXLAYOUT_BLOCKLINEAR;
  t->address = address(in, t->layout == SPAGM_TEXLAYOUT_PITCH ? 32 : 512);
  t->pitch = fuzz_range(in, 0xFFFF) & ~31u;
  t->block_height_log2 = fuzz_range(in, 7);
  t->block_depth_log2 = fuzz_range(in, 7);
  t->max_mip_level = fuzz_range(in, 15);
  t->width = FUZZ_PICK(in, sizes);
  t->height = FUZZ_PICK(in, sizes);
  t->depth = FUZZ_PICK(in, sizes) % 16385u;
  t->type = fuzz_range(in, 15);
  t->srgb = fuzz_bool(in);
  t->view_min_level = fuzz_range(in, 15);
  t->view_max_level = fuzz_range(in, 15);
  t->msaa = fuzz_range(in, 15);
}

static void headers(spagm_model *m, fuzz_in *in, uint64_t pool, uint32_t max_index) {
  for (unsigned i = fuzz_range(in, 7); i > 0; i--) {
    uint32_t index = fuzz_range(in, max_index + 1);
    if (fuzz_range(in, 3) == 0) { /* any 32 bytes: spagm_tic_decode never fails */
      uint8_t raw[SPAGM_TEX_HEADER_BYTES];
      for (unsigned k = 0; k < sizeof raw; k++) raw[k] = (uint8_t)fuzz_back(in, 1);
      spagm_tex_mem_write(m, pool + 32ull * index, raw, sizeof raw);
    } else {
      spagm_tic t;
      header_fields(&t, in);
      spagm_tex_set_header(m, index, &t, NULL);
    }
  }
}

/* Texels: a few runs of pseudo-random bytes near the textures. */
static void memory(spagm_model *m, fuzz_in *in) {
  uint8_t buf[4096];
  for (unsigned i = fuzz_range(in, 7); i > 0; i--) {
    uint64_t va = address(in, 1);
    size_t n = fuzz_range(in, sizeof buf);
    uint64_t rng = fuzz_back(in, 8) | 1u;
    for (size_t k = 0; k < n; k++) buf[k] = (uint8_t)fuzz_xorshift(&rng);
    spagm_tex_mem_write(m, va, buf, n);
  }
}

static void tex_state(spagm_model *m, fuzz_in *in) {
  fuzz_exec_set_stage(m, in);
  spagm_tex_set_fp16_round(m, (spagm_fp16_round)fuzz_range(in, 2)); /* 2: refused */
  unsigned bank = fuzz_range(in, SPAGM_TEX_CBANKS); /* CBANKS: refused */
  spagm_tex_select_cbank(m, bank);
  /* Header pointers [19:0] at the indexes a TLDS names (#tsPtrIdxU13). */
  for (unsigned i = fuzz_range(in, 15); i > 0; i--) {
    unsigned index = fuzz_bool(in) ? fuzz_range(in, 15) : fuzz_range(in, SPAGM_TEX_CBANK_WORDS);
    uint32_t value = fuzz_bool(in) ? fuzz_range(in, 15) : fuzz_u32(in);
    spagm_tex_set_cbank_word(m, fuzz_bool(in) ? bank : fuzz_range(in, SPAGM_TEX_CBANKS), index,
                             value);
  }
  uint64_t pool = address(in, 32);
  uint32_t max_index = fuzz_range(in, 31);
  spagm_tex_set_header_pool(m, pool, max_index);
  headers(m, in, pool, max_index);
  memory(m, in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const fuzz_opcode ops[] = {{0x7Full << 57, 0x6Dull << 57}}; /* N1: [63:57] */
  return fuzz_exec_run(data, size, ops, 1, tex_state);
}
