// SPDX-License-Identifier: Apache-2.0
// Unit state as configuration-port words (statemap.h,
// docs/port-contract.md): the load list rebuilds the state exactly.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/statemap.h"
#include "spagm/stim/stim.h"

namespace {

struct Models {
  spagm_model *a = spagm_model_new();
  spagm_model *b = spagm_model_new();
  ~Models() {
    spagm_model_free(a);
    spagm_model_free(b);
  }
};

void load_epoch(spagm_model *m, uint64_t seed, unsigned epoch) {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = seed;
  spagm_diag d{};
  spagm_stim *s = spagm_stim_new(&o, &d);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(spagm_stim_begin_epoch(s, epoch, m, &d), SPAGM_OK) << d.msg;
  spagm_stim_free(s);
}

// Every readable word of both models, by the map, compared.
void expect_same_state(const spagm_model *a, const spagm_model *b, spagm_unit u) {
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_load_list(a, u, &l), SPAGM_OK);
  spagm_cfg_list lb{};
  ASSERT_EQ(spagm_statemap_load_list(b, u, &lb), SPAGM_OK);
  ASSERT_EQ(l.n, lb.n);
  for (size_t i = 0; i < l.n; i++) {
    ASSERT_EQ(l.w[i].addr, lb.w[i].addr) << i;
    ASSERT_EQ(l.w[i].data, lb.w[i].data) << std::hex << l.w[i].addr;
  }
  spagm_cfg_list_free(&l);
  spagm_cfg_list_free(&lb);
  if (u == SPAGM_UNIT_ATTR) {
    std::vector<uint8_t> x(SPAGM_ISBE_SPACE_BYTES), y(SPAGM_ISBE_SPACE_BYTES);
    for (auto sp : {SPAGM_SPACE_ISBE_IN, SPAGM_SPACE_ISBE_OUT}) {
      spagm_attr_read(a, sp, 0, x.data(), x.size(), nullptr);
      spagm_attr_read(b, sp, 0, y.data(), y.size(), nullptr);
      EXPECT_EQ(x, y);
    }
  }
}

TEST(Statemap, LoadListRebuildsAttributeState_PortContract) {
  for (unsigned e = 0; e < 6; e++) {
    Models m;
    load_epoch(m.a, 21, e);
    // b starts dirty: the clear at the head of the list must zero it.
    load_epoch(m.b, 99, e + 7);
    spagm_cfg_list l{};
    ASSERT_EQ(spagm_statemap_load_list(m.a, SPAGM_UNIT_ATTR, &l), SPAGM_OK);
    ASSERT_GT(l.n, 0u);
    EXPECT_EQ(l.w[0].addr, 0x040u);  // the clear comes first
    spagm_diag d{};
    for (size_t i = 0; i < l.n; i++)
      ASSERT_EQ(spagm_statemap_write(m.b, SPAGM_UNIT_ATTR, l.w[i].addr, l.w[i].data, &d),
                SPAGM_OK)
          << std::hex << l.w[i].addr << " " << d.msg;
    spagm_cfg_list_free(&l);
    expect_same_state(m.a, m.b, SPAGM_UNIT_ATTR);
  }
}

TEST(Statemap, LoadListRebuildsPixelState_PortContract) {
  for (unsigned e = 0; e < 6; e++) {
    Models m;
    load_epoch(m.a, 22, e);
    spagm_cfg_list l{};
    ASSERT_EQ(spagm_statemap_load_list(m.a, SPAGM_UNIT_PIX, &l), SPAGM_OK);
    spagm_diag d{};
    for (size_t i = 0; i < l.n; i++)
      ASSERT_EQ(spagm_statemap_write(m.b, SPAGM_UNIT_PIX, l.w[i].addr, l.w[i].data, &d),
                SPAGM_OK)
          << d.msg;
    spagm_cfg_list_free(&l);
    spagm_raster_config x, y;
    spagm_pix_get_config(m.a, &x, nullptr);
    spagm_pix_get_config(m.b, &y, nullptr);
    EXPECT_EQ(x.samples, y.samples);
    EXPECT_EQ(x.positions, y.positions);
    EXPECT_EQ(x.ssaa, y.ssaa);
    EXPECT_EQ(std::memcmp(x.table, y.table, sizeof x.table), 0);
    expect_same_state(m.a, m.b, SPAGM_UNIT_PIX);
  }
}

TEST(Statemap, LoadListRebuildsTextureRegistersAndBank_PortContract) {
  Models m;
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = 23;
  o.units = 1u << SPAGM_UNIT_TEX;
  spagm_diag d{};
  spagm_stim *s = spagm_stim_new(&o, &d);
  ASSERT_NE(s, nullptr) << d.msg;
  ASSERT_EQ(spagm_stim_begin_epoch(s, 0, m.a, &d), SPAGM_OK) << d.msg;
  spagm_stim_free(s);
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_load_list(m.a, SPAGM_UNIT_TEX, &l), SPAGM_OK);
  EXPECT_EQ(l.n, 6u + 8192u);  // six registers, the whole selected bank
  for (size_t i = 0; i < l.n; i++)
    ASSERT_EQ(spagm_statemap_write(m.b, SPAGM_UNIT_TEX, l.w[i].addr, l.w[i].data, &d), SPAGM_OK)
        << std::hex << l.w[i].addr << " " << d.msg;
  spagm_cfg_list_free(&l);
  expect_same_state(m.a, m.b, SPAGM_UNIT_TEX);
  uint64_t ba, bb;
  uint32_t ma, mb;
  spagm_tex_get_header_pool(m.a, &ba, &ma);
  spagm_tex_get_header_pool(m.b, &bb, &mb);
  EXPECT_EQ(ba, bb);
  EXPECT_EQ(ma, mb);
  EXPECT_EQ(spagm_tex_selected_cbank(m.a), spagm_tex_selected_cbank(m.b));
  EXPECT_EQ(spagm_tex_fp16_round(m.a), spagm_tex_fp16_round(m.b));
  spagm_cfg_list rb{};
  EXPECT_EQ(spagm_statemap_readback_list(m.a, SPAGM_UNIT_TEX, &rb), SPAGM_OK);
  // N284: the six registers and the first row of the selected bank.
  ASSERT_EQ(rb.n, 6u + 32u);
  EXPECT_EQ(rb.w[5].addr, 0x14u);
  EXPECT_EQ(rb.w[6].addr, 0x10000000u);
  EXPECT_EQ(rb.w[37].addr, 0x1000007Cu);
  spagm_cfg_list_free(&rb);
}

TEST(Statemap, ProgrammablePositionsAreSigned4Bit) {
  Models m;
  spagm_diag d{};
  ASSERT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_PIX, 0x44, 0x8F, &d), SPAGM_OK) << d.msg;
  spagm_raster_config c;
  spagm_pix_get_config(m.a, &c, nullptr);
  EXPECT_EQ(c.table[1].x, -1);
  EXPECT_EQ(c.table[1].y, -8);
  uint32_t v;
  ASSERT_TRUE(spagm_statemap_read(m.a, SPAGM_UNIT_PIX, 0x44, &v));
  EXPECT_EQ(v, 0x8Fu);
}

TEST(Statemap, ReadbackCoversOutputSpaceOfLiveVertices) {
  Models m;
  spagm_diag d{};
  uint32_t omap[8] = {0}, inext[8] = {0};
  omap[0] = 0xF0000000u;  // 0x70..0x7C
  inext[0] = 0xF0000000u;
  spagm_attr_set_map(m.a, SPAGM_MAP_OMAP, omap, &d);
  spagm_attr_set_map(m.a, SPAGM_MAP_IMAP_NEXT, inext, &d);
  spagm_attr_set_vertex_count(m.a, 33, &d);
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_readback_list(m.a, SPAGM_UNIT_ATTR, &l), SPAGM_OK);
  // R1: 2 blocks of 32 vertices x 4 attributes x 128 bytes = 1024 bytes.
  size_t attr_words = 0, patch = 0, ws = 0;
  for (size_t i = 0; i < l.n; i++) {
    uint32_t t = l.w[i].addr >> 28, off = l.w[i].addr & 0x0FFFFFFF;
    if (t == 2 && off < 0x40000) attr_words++;
    if (t == 2 && off >= SPAGM_ISBE_PATCH_BASE) patch++;
    if (t == 4) ws++;
  }
  EXPECT_EQ(attr_words, 256u);
  EXPECT_EQ(patch, 32u);  // power-on patch of 32 words
  EXPECT_EQ(ws, 256u * 8u);
  spagm_cfg_list_free(&l);
}

// The load writes the registers, the input space, the input write status and
// the HW values; the read-back reads them all back through the port, so a
// wrong read path of any target shows.
TEST(Statemap, Readback_CoversEveryTargetTheLoadWrites) {
  Models m;
  spagm_diag d{};
  uint32_t imap[8] = {0}, oprev[8] = {0};
  imap[1] = 0x0000000Fu;  // 0x80..0x8C
  oprev[1] = 0x0000000Fu;
  spagm_attr_set_map(m.a, SPAGM_MAP_IMAP, imap, &d);
  spagm_attr_set_map(m.a, SPAGM_MAP_OMAP_PREV, oprev, &d);
  spagm_attr_set_vertex_count(m.a, 40, &d);
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_readback_list(m.a, SPAGM_UNIT_ATTR, &l), SPAGM_OK);
  size_t regs = 0, maps = 0, defaults = 0, in_attr = 0, in_tail = 0, ws_in = 0, hw = 0;
  for (size_t i = 0; i < l.n; i++) {
    uint32_t t = l.w[i].addr >> 28, off = l.w[i].addr & 0x0FFFFFFF;
    if (t == 0 && off < 0x100) regs++;
    if (t == 0 && off >= 0x100 && off < 0x180) maps++;
    if (t == 0 && off >= 0x400 && off < 0x800) defaults++;
    if (t == 1 && off < SPAGM_ISBE_MAP_BASE) in_attr++;
    if (t == 1 && off >= SPAGM_ISBE_MAP_BASE) in_tail++;
    if (t == 3) ws_in++;
    if (t == 5) hw++;
    uint32_t v;
    EXPECT_TRUE(spagm_statemap_read(m.a, SPAGM_UNIT_ATTR, l.w[i].addr, &v))
        << std::hex << l.w[i].addr << " is not a readable word";
  }
  EXPECT_EQ(regs, 8u);  // 0x000..0x01C, not the clear command
  EXPECT_EQ(maps, 32u);
  EXPECT_EQ(defaults, 256u);
  // R1: 2 blocks of 32 vertices x 4 input attributes x 128 bytes.
  EXPECT_EQ(in_attr, 256u);
  EXPECT_EQ(in_tail, (SPAGM_ISBE_SPACE_BYTES - SPAGM_ISBE_MAP_BASE) / 4);  // map, patch, primitive
  EXPECT_EQ(ws_in, 256u * 8u);
  EXPECT_EQ(hw, size_t{SPAGM_HW_COUNT} * 256u);
  spagm_cfg_list_free(&l);
}

TEST(Statemap, BadWrites_AreRefusedWithAReason) {
  Models m;
  spagm_diag d{};
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x0000000C, 300, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x00000010, 7, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x00000004, 2, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x00000F00, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x10000002, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x7000000, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_ATTR, 0x10FFFFF0, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_PIX, 0x04, 3, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_PIX, 0x0C, 2, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m.a, SPAGM_UNIT_PIX, 0x30, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(nullptr, SPAGM_UNIT_PIX, 0x04, 1, &d), SPAGM_E_ARG);
  uint32_t v;
  EXPECT_FALSE(spagm_statemap_read(m.a, SPAGM_UNIT_ATTR, 0x00000F00, &v));
  EXPECT_FALSE(spagm_statemap_read(m.a, SPAGM_UNIT_ATTR, 0x70000000, &v));
}

}  // namespace

// ---- Bursts of the version-2 port (N120) ------------------------------------

namespace {

spagm_cfg_list words(std::initializer_list<std::pair<uint32_t, uint32_t>> w) {
  spagm_cfg_list l{};
  for (auto &p : w) EXPECT_EQ(spagm_cfg_list_push(&l, p.first, p.second), SPAGM_OK);
  return l;
}

}  // namespace

TEST(Statemap, Burst_PacksConsecutiveWordsOfOneBlockAscending) {
  // The clear (0x40) then registers 0x00.. of the same block: the address
  // goes down, so a new burst; 0x1000_0080.. is the next block.
  spagm_cfg_list l = words({{0x040, 1},
                            {0x000, 5},
                            {0x004, 8},
                            {0x07C, 9},
                            {0x10000080, 0xA},
                            {0x100000FC, 0xB},
                            {0x10000100, 0xC}});
  size_t pos = 0;
  spagm_cfg_burst b;
  ASSERT_TRUE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_EQ(b.addr, 0x0u);
  EXPECT_EQ(b.mask, 1u << 16);
  EXPECT_EQ(b.data[16], 1u);
  ASSERT_TRUE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_EQ(b.addr, 0x0u);
  EXPECT_EQ(b.mask, (1u << 0) | (1u << 1) | (1u << 31));
  EXPECT_EQ(b.data[0], 5u);
  EXPECT_EQ(b.data[1], 8u);
  EXPECT_EQ(b.data[31], 9u);
  EXPECT_EQ(b.data[2], 0u);  // not in the mask: 0
  ASSERT_TRUE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_EQ(b.addr, 0x10000080u);
  EXPECT_EQ(b.mask, (1u << 0) | (1u << 31));
  EXPECT_EQ(b.data[31], 0xBu);
  ASSERT_TRUE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_EQ(b.addr, 0x10000100u);
  EXPECT_EQ(b.mask, 1u);
  EXPECT_FALSE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_EQ(pos, l.n);
  spagm_cfg_list_free(&l);
}

TEST(Statemap, Burst_ExpandsToExactlyTheLoadList) {
  // Every unit's load of a random epoch, packed and unpacked again, is the
  // same list of words in the same order.
  Models m;
  load_epoch(m.a, 3, 1);
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cfg_list l{};
    ASSERT_EQ(spagm_statemap_load_list(m.a, (spagm_unit)u, &l), SPAGM_OK);
    std::vector<std::pair<uint32_t, uint32_t>> back;
    size_t pos = 0, bursts = 0;
    spagm_cfg_burst b;
    while (spagm_cfg_list_next_burst(&l, &pos, &b)) {
      bursts++;
      EXPECT_NE(b.mask, 0u);
      EXPECT_EQ(b.addr & 127u, 0u);
      for (unsigned k = 0; k < 32; k++)
        if (b.mask >> k & 1u) back.emplace_back(b.addr + 4 * k, b.data[k]);
    }
    ASSERT_EQ(back.size(), l.n) << "unit " << u;
    for (size_t i = 0; i < l.n; i++) {
      EXPECT_EQ(back[i].first, l.w[i].addr) << "unit " << u << " word " << i;
      EXPECT_EQ(back[i].second, l.w[i].data) << "unit " << u << " word " << i;
    }
    // Dense state packs well: the texture unit's 8192-word bank is 256
    // bursts, the whole attribute load a few hundred.
    EXPECT_LT(bursts, l.n / 8) << "unit " << u;
    spagm_cfg_list_free(&l);
  }
}

TEST(Statemap, Burst_NullArgumentsAndEmptyListGiveNoBurst) {
  spagm_cfg_list l{};
  size_t pos = 0;
  spagm_cfg_burst b;
  EXPECT_FALSE(spagm_cfg_list_next_burst(&l, &pos, &b));
  EXPECT_FALSE(spagm_cfg_list_next_burst(nullptr, &pos, &b));
  EXPECT_FALSE(spagm_cfg_list_next_burst(&l, nullptr, &b));
  EXPECT_FALSE(spagm_cfg_list_next_burst(&l, &pos, nullptr));
}
