// SPDX-License-Identifier: Apache-2.0
// Shared fixture of the texture-unit suites (tests/model/tex_*_test.cpp): a
// model, helpers that place headers and texels, TLDS instructions built by
// hand, and a request with per-lane coordinates.
//
// Texel addresses used to *write* test textures come from an independent
// transcription of docs/texture-layout.md in this file (ref_texel_address),
// never from the model's spagm_tex_texel_address, so a layout bug in the
// model makes the reads disagree with what the test wrote.
#ifndef SPAGM_TEST_TEX_HARNESS_H
#define SPAGM_TEST_TEX_HARNESS_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "spagm/spagm.h"

namespace textest {

inline uint32_t f2u(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// ---- Independent layout formulas (docs/texture-layout.md) ---------------

inline uint64_t ref_div_ceil(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

inline unsigned ref_ceil_log2(uint64_t n) {
  unsigned l = 0;
  while ((uint64_t{1} << l) < n) l++;
  return l;
}

inline uint64_t ref_gob_offset(uint64_t x, uint64_t y) {  // DESIGN §7.5
  return ((x % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((x % 32) / 16) * 32 +
         (y % 2) * 16 + x % 16;
}

struct RefLevel {
  uint64_t w, h, d, row_bytes, rows, blocks_x, blocks_y, blocks_z, size;
  unsigned yl, zl;
};

// Grid of a sample count per R20.
inline void ref_grid(unsigned samples, unsigned *gw, unsigned *gh) {
  switch (samples) {
    case 2: *gw = 2, *gh = 1; break;
    case 4: *gw = 2, *gh = 2; break;
    case 8: *gw = 4, *gh = 2; break;
    case 16: *gw = 4, *gh = 4; break;
    default: *gw = 1, *gh = 1; break;
  }
}

// Level l of a block-linear texture of (w, h, d) texels with `bpp` bytes
// per texel, header block shape (yl_hdr, zl_hdr) and a gw x gh sample grid.
inline RefLevel ref_level(uint64_t w, uint64_t h, uint64_t d, unsigned bpp,
                          unsigned yl_hdr, unsigned zl_hdr, unsigned l,
                          unsigned gw = 1, unsigned gh = 1) {
  RefLevel r{};
  r.w = std::max<uint64_t>(1, w >> l);
  r.h = std::max<uint64_t>(1, h >> l);
  r.d = std::max<uint64_t>(1, d >> l);
  r.row_bytes = r.w * gw * bpp;
  r.rows = r.h * gh;
  r.yl = std::min(yl_hdr, ref_ceil_log2(ref_div_ceil(r.rows, 8)));
  r.zl = std::min(zl_hdr, ref_ceil_log2(r.d));
  r.blocks_x = ref_div_ceil(r.row_bytes, 64);
  r.blocks_y = ref_div_ceil(r.rows, uint64_t{8} << r.yl);
  r.blocks_z = ref_div_ceil(r.d, uint64_t{1} << r.zl);
  r.size = r.blocks_x * r.blocks_y * r.blocks_z * (uint64_t{512} << (r.yl + r.zl));
  return r;
}

// Byte address of texel (x, y, z) / layer / sample of level `level` of a
// block-linear texture described by t (dims: 1, 2 or 3 coordinates).
inline uint64_t ref_texel_address(const spagm_tic &t, unsigned bpp,
                                  unsigned dims, uint64_t x,
                                  uint64_t y, uint64_t z, uint64_t layer,
                                  unsigned level, unsigned sample = 0,
                                  unsigned samples = 1) {
  unsigned gw, gh;
  ref_grid(samples, &gw, &gh);
  uint64_t h = dims >= 2 ? t.height : 1;
  uint64_t d = dims == 3 ? t.depth : 1;
  uint64_t offset = 0, level_offset = 0;
  RefLevel L0{}, lv{};
  for (unsigned l = 0; l <= t.max_mip_level; l++) {
    RefLevel r = ref_level(t.width, h, d, bpp, t.block_height_log2,
                           t.block_depth_log2, l, gw, gh);
    if (l == 0) L0 = r;
    if (l == level) {
      lv = r;
      level_offset = offset;
    }
    offset += r.size;
  }
  uint64_t align = uint64_t{512} << (L0.yl + L0.zl);
  uint64_t stride = ref_div_ceil(offset, align) * align;
  uint64_t X = x * gw + sample % gw, Y = y * gh + sample / gw;
  uint64_t xb = X * bpp;
  uint64_t block_h = uint64_t{8} << lv.yl, block_d = uint64_t{1} << lv.zl;
  uint64_t block_index = (z / block_d) * lv.blocks_y * lv.blocks_x +
                         (Y / block_h) * lv.blocks_x + xb / 64;
  uint64_t gob_in_block = (z % block_d) * (block_h / 8) + (Y % block_h) / 8;
  uint64_t a = t.address + layer * stride + level_offset +
               block_index * (512 * (block_h / 8) * block_d) + gob_in_block * 512 +
               ref_gob_offset(xb % 64, Y);
  return a & ((uint64_t{1} << 48) - 1);
}

// ---- Fixture ---------------------------------------------------------------

class TexFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    m = spagm_model_new();
    ASSERT_NE(m, nullptr);
    spagm_request_init(&req);
    req.tag = 7;
    req.lane_mask = 0xFFFFFFFFu;
    ASSERT_EQ(spagm_tex_set_header_pool(m, kPool, 63), SPAGM_OK);
  }
  void TearDown() override { spagm_model_free(m); }

  static constexpr uint64_t kPool = 0x10000;

  // Header `index` of the pool, reachable through word `index` of bank 0.
  void add_texture(uint32_t index, const spagm_tic &t) {
    spagm_diag d{};
    ASSERT_EQ(spagm_tex_set_header(m, index, &t, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, index, index), SPAGM_OK);
  }

  static spagm_tic tic_2d(unsigned fmt, unsigned type_all, uint32_t w,
                          uint32_t h, uint64_t addr = 0x100000) {
    spagm_tic t;
    spagm_tic_init(&t);
    t.components = fmt;
    for (unsigned c = 0; c < 4; c++) t.data_type[c] = type_all;
    t.width = w;
    t.height = h;
    t.address = addr;
    return t;
  }

  void write(uint64_t va, const void *p, size_t n) {
    ASSERT_EQ(spagm_tex_mem_write(m, va, p, n), SPAGM_OK);
  }
  void write32(uint64_t va, uint32_t v) { write(va, &v, 4); }

  // A TLDS of legal-table row `row` (modifiers set from the row).
  static spagm_insn tlds(unsigned row, unsigned rd1, unsigned rd0, unsigned ra,
                         unsigned rb, unsigned tex_index, unsigned wmsk,
                         bool f16 = false) {
    spagm_insn i;
    spagm_insn_init(&i, SPAGM_OP_TLDS);
    i.tlds_encoding = static_cast<uint8_t>(row);
    spagm_tlds_encoding_decode(row, &i.param, &i.lod, &i.aoffi, &i.ms);
    i.rd1 = static_cast<uint8_t>(rd1);
    i.rd = static_cast<uint8_t>(rd0);
    i.ra = static_cast<uint8_t>(ra);
    i.rb = static_cast<uint8_t>(rb);
    i.tex_index = static_cast<uint16_t>(tex_index);
    i.wmsk = static_cast<uint8_t>(wmsk);
    i.f16 = f16;
    return i;
  }

  // Operand slot values of every lane.
  void a(unsigned i, uint32_t v) {
    for (auto &x : req.a[i]) x = v;
  }
  void b(unsigned i, uint32_t v) {
    for (auto &x : req.b[i]) x = v;
  }

  void run(const spagm_insn &i) {
    ASSERT_EQ(spagm_execute_insn(m, &i, &req, &resp, &ex), SPAGM_OK);
  }

  std::string explain(unsigned slot, unsigned lane) {
    char buf[256];
    spagm_explain_format(&ex, slot, lane, buf, sizeof buf);
    return buf;
  }
  std::string fault_text() {
    char buf[256];
    spagm_explain_fault(&ex, buf, sizeof buf);
    return buf;
  }

  spagm_model *m = nullptr;
  spagm_request req;
  spagm_response resp;
  spagm_explain ex;
};

}  // namespace textest

#endif
