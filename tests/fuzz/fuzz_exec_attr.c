// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the attribute unit (ALD, AST, AL2P, ISBERD) through
 * spagm_execute*: a configuration from the input (attr.h: stage, maps,
 * counts, sharing, trap, ST_REQ; sometimes from SPH headers), ISBE and GS
 * memory words, write-status bits and HW values, then the requests of
 * fuzz_exec.c. */
#include "fuzz_exec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void set_config(spagm_model *m, fuzz_in *in) {
  static const uint32_t patch_words[] = {8, 16, 32, 64, 128, 0, 7};
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  c.stage = (spagm_stage)fuzz_range(in, SPAGM_STAGE_COUNT - 1);
  c.shared = fuzz_bool(in);
  c.trap = fuzz_bool(in);
  c.vertex_count = fuzz_range(in, SPAGM_ATTR_MAX_VERTICES + 1); /* +1: refused */
  c.patch_words = FUZZ_PICK(in, patch_words);
  c.gs_max_vertices = fuzz_range(in, SPAGM_ATTR_MAX_GS_VERTICES + 1);
  c.streq_start = fuzz_range(in, 256);
  c.streq_end = fuzz_range(in, 256);
  /* An exhausted input gives full maps: every attribute has storage. */
  for (unsigned w = 0; w < SPAGM_ATTR_MAP_WORDS; w++) {
    c.imap[w] = ~fuzz_u32(in);
    c.omap[w] = ~fuzz_u32(in);
    c.omap_prev[w] = ~fuzz_u32(in);
    c.imap_next[w] = ~fuzz_u32(in);
  }
  for (unsigned i = fuzz_range(in, 8); i > 0; i--)
    c.defaults[fuzz_range(in, SPAGM_ATTR_COUNT - 1)] = fuzz_u32(in);
  spagm_attr_set_config(m, &c, NULL);
}

/* Real SPH headers instead (R8-R12 via DESIGN §7.3), any bits at all. */
static void load_sph(spagm_model *m, fuzz_in *in) {
  uint32_t h[3][SPAGM_SPH_WORDS];
  for (int k = 0; k < 3; k++)
    for (unsigned i = 0; i < SPAGM_SPH_WORDS; i++) h[k][i] = fuzz_u32(in);
  spagm_attr_load_sph(m, (spagm_stage)fuzz_range(in, SPAGM_STAGE_COUNT - 1), h[0],
                      fuzz_bool(in) ? h[1] : NULL, fuzz_bool(in) ? h[2] : NULL, NULL);
}

static void write_memories(spagm_model *m, fuzz_in *in) {
  static const spagm_space spaces[] = {SPAGM_SPACE_ISBE_IN, SPAGM_SPACE_ISBE_OUT,
                                       SPAGM_SPACE_PATCH, SPAGM_SPACE_GS_OUT};
  for (unsigned i = fuzz_range(in, 31); i > 0; i--) {
    spagm_space sp = FUZZ_PICK(in, spaces);
    unsigned vertex = fuzz_range(in, SPAGM_ATTR_MAX_VERTICES);
    uint32_t addr = fuzz_range(in, 0xFFFF) * 4u;
    uint32_t value = fuzz_u32(in);
    switch (fuzz_range(in, 4)) {
      case 0: spagm_attr_write32(m, sp, addr % (spagm_attr_space_size(m, sp) + 8u), value, NULL); break;
      case 1: spagm_attr_set_vertex_attr(m, sp, vertex, addr % 1032u, value, fuzz_bool(in), NULL); break;
      case 2: spagm_attr_set_written(m, sp, vertex, addr % 1032u, fuzz_bool(in), NULL); break;
      case 3:
        spagm_attr_set_hw(m, (spagm_attr_hw)fuzz_range(in, SPAGM_HW_COUNT), vertex, value, NULL);
        break;
      default:
        if (fuzz_bool(in))
          spagm_attr_set_primitive_count(m, value % 300u, NULL);
        else
          spagm_attr_set_primitive_index(m, sp, vertex, (uint8_t)value, NULL);
        break;
    }
  }
}

static void attr_state(spagm_model *m, fuzz_in *in) {
  if (fuzz_range(in, 7) == 7) /* not for an exhausted input */
    load_sph(m, in);
  else
    set_config(m, in);
  write_memories(m, in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* N1: the attribute unit's opcodes are [63:49]. */
  static const fuzz_opcode ops[] = {
      {0x7FFFull << 49, (uint64_t)(0xEFD8u >> 1) << 49}, /* ALD */
      {0x7FFFull << 49, (uint64_t)(0xEFF0u >> 1) << 49}, /* AST */
      {0x7FFFull << 49, (uint64_t)(0xEFA0u >> 1) << 49}, /* AL2P */
      {0x7FFFull << 49, (uint64_t)(0xEFD0u >> 1) << 49}, /* ISBERD */
  };
  return fuzz_exec_run(data, size, ops, sizeof ops / sizeof ops[0], attr_state);
}
