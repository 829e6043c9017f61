// SPDX-License-Identifier: Apache-2.0
// unit_setup.h: scratch models -> configuration words.
#include "unit_setup.h"

#include <cstdio>

#include "spagm/sc/tlm_unit.h"
#include "spagm/statemap.h"

namespace {

void check(spagm_status s, const char *what) {
  if (s != SPAGM_OK) fprintf(stderr, "systemc-vp: %s: %s\n", what, spagm_status_name(s));
}

// The load list of unit u (and its texture memory) in cfg socket addresses.
std::vector<cfg_write> words_of(const spagm_model *m, spagm_unit u) {
  std::vector<cfg_write> out;
  spagm_cfg_list regs{};
  check(spagm_statemap_load_list(m, u, &regs), "load list");
  for (size_t i = 0; i < regs.n; i++) out.push_back({regs.w[i].addr, regs.w[i].data});
  spagm_cfg_list_free(&regs);
  spagm_mem_list mem{};
  check(spagm_statemap_memory_list(m, u, &mem), "memory list");
  for (size_t i = 0; i < mem.n; i++)
    out.push_back({spagm::tlm_unit::kMemBase + mem.w[i].va, mem.w[i].data});
  spagm_mem_list_free(&mem);
  return out;
}

}  // namespace

std::vector<cfg_write> attr_setup() {
  spagm_model *m = spagm_model_new();
  uint32_t in[SPAGM_ATTR_MAP_WORDS] = {0xF0000000u};  // POSITION: 0x70..0x7C / 4
  uint32_t out[SPAGM_ATTR_MAP_WORDS] = {0xF0000000u, 0xFu};  // and GENERIC0 0x80..0x8C
  check(spagm_attr_set_stage(m, SPAGM_STAGE_VSA, nullptr), "stage");
  check(spagm_attr_set_map(m, SPAGM_MAP_IMAP, in, nullptr), "IMAP");
  check(spagm_attr_set_map(m, SPAGM_MAP_OMAP_PREV, in, nullptr), "OMAP of the previous stage");
  check(spagm_attr_set_map(m, SPAGM_MAP_OMAP, out, nullptr), "OMAP");
  check(spagm_attr_set_map(m, SPAGM_MAP_IMAP_NEXT, out, nullptr), "IMAP of the next stage");
  check(spagm_attr_set_vertex_count(m, 32, nullptr), "vertex count");
  for (unsigned v = 0; v < 32; v++) {
    const uint32_t pos[4] = {v, 2 * v, 0, 0x3F800000u};
    for (unsigned k = 0; k < 4; k++)
      check(spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, v, 0x70 + 4 * k, pos[k], true,
                                       nullptr),
            "input vertex");
  }
  std::vector<cfg_write> w = words_of(m, SPAGM_UNIT_ATTR);
  spagm_model_free(m);
  return w;
}

std::vector<cfg_write> pix_setup() {
  spagm_model *m = spagm_model_new();
  check(spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr), "stage");
  check(spagm_pix_set_samples(m, 4, nullptr), "samples");
  std::vector<cfg_write> w = words_of(m, SPAGM_UNIT_PIX);
  spagm_model_free(m);
  return w;
}

std::vector<cfg_write> tex_setup() {
  spagm_model *m = spagm_model_new();
  spagm_tic t;
  spagm_tic_init(&t);
  t.components = SPAGM_TEXFMT_R32;
  for (unsigned c = 0; c < 4; c++) t.data_type[c] = SPAGM_TEXDT_UINT;
  t.width = t.height = 8;
  t.address = 0x100000;
  check(spagm_tex_set_header_pool(m, 0x1000, 15), "header pool");
  check(spagm_tex_set_header(m, 1, &t, nullptr), "header");
  check(spagm_tex_set_cbank_word(m, 0, 1, 1), "cbank word");
  for (uint32_t y = 0; y < 8; y++)
    for (uint32_t x = 0; x < 8; x++) {
      uint32_t texel = x | y << 8;
      check(spagm_tex_texel_write(m, &t, x, y, 0, 0, 0, &texel, nullptr), "texel");
    }
  std::vector<cfg_write> w = words_of(m, SPAGM_UNIT_TEX);
  spagm_model_free(m);
  return w;
}
