// SPDX-License-Identifier: Apache-2.0
// Texture memory in vector files (docs/vector-format.md, "State and
// read-back blocks"; format version 2): the `m` lines of `state tex`, their
// round trip through reader, `check` and the hex export, and the damage a
// reader rejects. Texture headers and texels live in texture memory (N60,
// N61), so without it a TLDS record cannot be checked or replayed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"
#include "spagm/vec/file.h"
#include "vec_text.h"
#include "test_scratch.h"

namespace {

using vectest::find_line;
using vectest::hex_words;
using vectest::join_recrc;
using vectest::lines_of;
using vectest::read_all;

const uint32_t kTex = 1u << SPAGM_UNIT_TEX;

// Files without illegal words: every record is a TLDS that reads memory.
std::string gen_text(uint64_t seed, uint32_t count, uint32_t epoch_txns, uint32_t units) {
  return vectest::gen_text(seed, count, epoch_txns, units, 0);
}

spagm_vec_check_result check_text(const std::string &text, std::string *report) {
  spagm_diag d;
  spagm_vec_check_result res;
  memset(&res, 0, sizeof res);
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "m.vec", nullptr, &d);
  EXPECT_NE(r, nullptr) << d.msg;
  if (!r) return res;
  char *out = nullptr;
  size_t outlen = 0;
  FILE *rep = open_memstream(&out, &outlen);
  EXPECT_EQ(spagm_vec_check(r, "m.vec", rep, 0, &res, &d), SPAGM_OK) << d.msg;
  fclose(rep);
  spagm_vec_reader_free(r);
  if (report) *report = std::string(out, outlen);
  free(out);
  return res;
}

// A tex-only file of the first epoch of stimulus `seed`, whose state block
// carries `edit(memory list)` instead of the model's texture memory; the
// expected responses are the true model's.
template <typename Edit>
std::string file_with_memory(uint64_t seed, Edit edit) {
  spagm_vec_header h;
  EXPECT_EQ(spagm_vec_header_random(&h, seed, 8, 8, 0, kTex, nullptr), SPAGM_OK);
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = seed;
  o.units = kTex;
  o.epoch_txns = 8;
  o.illegal_ppm = 0;
  spagm_stim *s = spagm_stim_new(&o, &d);
  spagm_model *m = spagm_model_new();
  EXPECT_EQ(spagm_stim_begin_epoch(s, 0, m, &d), SPAGM_OK) << d.msg;
  spagm_cfg_list l = {};
  spagm_mem_list mem = {};
  EXPECT_EQ(spagm_statemap_load_list(m, SPAGM_UNIT_TEX, &l), SPAGM_OK);
  EXPECT_EQ(spagm_statemap_memory_list(m, SPAGM_UNIT_TEX, &mem), SPAGM_OK);
  edit(&mem);
  EXPECT_EQ(spagm_vec_write_epoch(w, 0, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_TEX, &l, &mem, nullptr, &d), SPAGM_OK) << d.msg;
  auto *req = new spagm_request;
  auto *rsp = new spagm_response;
  for (uint32_t t = 1; spagm_stim_next(s, SPAGM_UNIT_TEX, req); t++) {
    req->tag = t;
    spagm_execute(m, req, rsp);
    EXPECT_EQ(spagm_vec_write_txn(w, SPAGM_UNIT_TEX, req, rsp, nullptr, &d), SPAGM_OK) << d.msg;
  }
  l.n = 0;
  EXPECT_EQ(spagm_vec_write_readback(w, SPAGM_UNIT_TEX, &l, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK) << d.msg;
  size_t len = 0;
  const char *t = spagm_vec_writer_text(w, &len);
  std::string text(t ? t : "", len);
  spagm_vec_writer_abort(w);
  delete req;
  delete rsp;
  spagm_cfg_list_free(&l);
  spagm_mem_list_free(&mem);
  spagm_model_free(m);
  spagm_stim_free(s);
  return text;
}

}  // namespace

TEST(VecTexMem, StateBlock_CarriesEveryNonZeroWordOfTextureMemory) {
  std::string text = gen_text(5, 12, 6, kTex);  // 2 epochs
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = 5;
  o.units = kTex;
  o.epoch_txns = 6;
  o.illegal_ppm = 0;
  spagm_diag d;
  spagm_stim *s = spagm_stim_new(&o, &d);
  spagm_model *m = spagm_model_new();
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "t.vec", nullptr, &d);
  ASSERT_NE(r, nullptr) << d.msg;
  auto *it = new spagm_vec_item;
  unsigned states = 0;
  while (spagm_vec_next(r, it, &d) == SPAGM_OK && it->kind != SPAGM_VEC_END) {
    if (it->kind != SPAGM_VEC_STATE) continue;
    ASSERT_EQ(spagm_stim_begin_epoch(s, it->epoch, m, &d), SPAGM_OK);
    spagm_mem_list want = {};
    ASSERT_EQ(spagm_statemap_memory_list(m, SPAGM_UNIT_TEX, &want), SPAGM_OK);
    ASSERT_GT(want.n, 0u);  // the epoch's header pool and texels
    ASSERT_EQ(it->mem.n, want.n) << "epoch " << it->epoch;
    for (size_t i = 0; i < want.n; i++) {
      ASSERT_EQ(it->mem.w[i].va, want.w[i].va) << i;
      ASSERT_EQ(it->mem.w[i].data, want.w[i].data) << i;
      ASSERT_NE(it->mem.w[i].data, 0u);
      if (i) {
        ASSERT_GT(it->mem.w[i].va, it->mem.w[i - 1].va);
      }
    }
    spagm_mem_list_free(&want);
    states++;
  }
  EXPECT_EQ(states, 2u);
  delete it;
  spagm_vec_reader_free(r);
  spagm_model_free(m);
  spagm_stim_free(s);
}

TEST(VecTexMem, Check_RebuildsTextureMemory_AndTheTldsAgree) {
  std::string text = gen_text(9, 40, 20, kTex);
  std::string report;
  spagm_vec_check_result res = check_text(text, &report);
  EXPECT_EQ(res.txns, 40u);
  EXPECT_EQ(res.txns_failed, 0u) << report;
  EXPECT_EQ(res.state_failed, 0u) << report;
}

TEST(VecTexMem, Check_MissingMemory_MakesTheTldsDisagree) {
  // What a file without texture memory (the format before version 2) gives:
  // the rebuilt model reads zero headers and texels.
  std::string text = file_with_memory(4, [](spagm_mem_list *m) { m->n = 0; });
  std::string report;
  spagm_vec_check_result res = check_text(text, &report);
  EXPECT_EQ(res.txns, 8u);
  EXPECT_GT(res.txns_failed, 0u) << report;
  EXPECT_EQ(res.state_failed, 0u) << report;
}

TEST(VecTexMem, Check_ZeroWordInTheFile_IsAStateRoundTripFailure) {
  // Only non-zero words are listed: a file listing a zero word is not what
  // the model's memory list gives back, although every TLDS still agrees.
  std::string text = file_with_memory(4, [](spagm_mem_list *m) {
    spagm_mem_list_push(m, SPAGM_TEX_VA_LIMIT - 4, 0);  // past every texture
  });
  std::string report;
  spagm_vec_check_result res = check_text(text, &report);
  EXPECT_EQ(res.txns_failed, 0u) << report;
  EXPECT_EQ(res.state_failed, 1u) << report;
  EXPECT_NE(report.find("memory words, the rebuilt model lists"), std::string::npos) << report;
}

TEST(VecTexMem, Writer_RefusesMemoryOutOfOrderOrForAUnitWithout) {
  spagm_vec_header h;
  ASSERT_EQ(spagm_vec_header_random(&h, 1, 1, 1, 0, (1u << SPAGM_UNIT_PIX) | kTex, nullptr),
            SPAGM_OK);
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  ASSERT_EQ(spagm_vec_write_epoch(w, 0, &d), SPAGM_OK);
  spagm_cfg_list l = {};
  spagm_mem_list mem = {};
  spagm_mem_list_push(&mem, 0x1000, 1);
  EXPECT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_PIX, &l, &mem, nullptr, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("has none"), std::string::npos) << d.msg;
  ASSERT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_PIX, &l, nullptr, nullptr, &d), SPAGM_OK);
  spagm_mem_list_push(&mem, 0x1000, 2);  // the same address again
  EXPECT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_TEX, &l, &mem, nullptr, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("ascending"), std::string::npos) << d.msg;
  spagm_mem_list_free(&mem);
  spagm_vec_writer_abort(w);
}

class VecTexMemCorrupt : public ::testing::Test {
 protected:
  void SetUp() override {
    v = lines_of(gen_text(2, 6, 6, (1u << SPAGM_UNIT_PIX) | kTex));
    first_m = find_line(v, "  m ");
    ASSERT_GT(first_m, 0);
  }
  spagm_diag reject(const std::vector<std::string> &w) {
    spagm_diag d = {0, 0, ""};
    EXPECT_NE(read_all(join_recrc(w), &d), SPAGM_OK) << "the damaged file was accepted";
    return d;
  }
  std::vector<std::string> v;
  int first_m = 0;
};

TEST_F(VecTexMemCorrupt, RecomputedCrcs_AloneChangeNothing) {
  spagm_diag d;
  EXPECT_EQ(read_all(join_recrc(v), &d), SPAGM_OK) << d.msg;
}

TEST_F(VecTexMemCorrupt, MemoryLine_InAUnitWithoutMemory_IsRejected) {
  auto w = v;
  int pix_state = find_line(w, "state pix");
  w.insert(w.begin() + pix_state, "  m 1000 5");
  spagm_diag d = reject(w);
  EXPECT_EQ(d.line, pix_state + 1) << d.msg;
  EXPECT_EQ(d.col, 3) << d.msg;
}

TEST_F(VecTexMemCorrupt, DescendingAddress_IsRejectedAtItsColumn) {
  auto w = v;
  w.insert(w.begin() + first_m, w[first_m - 1]);  // the same run twice
  spagm_diag d = reject(w);
  EXPECT_EQ(d.line, first_m + 1) << d.msg;
  EXPECT_EQ(d.col, 5) << d.msg;
  EXPECT_NE(std::string(d.msg).find("ascending"), std::string::npos) << d.msg;
}

TEST_F(VecTexMemCorrupt, UnalignedOrTooHighAddress_IsRejected) {
  auto w = v;
  w[first_m - 1] = "  m 1000000000002 7";
  spagm_diag d = reject(w);
  EXPECT_EQ(d.line, first_m) << d.msg;
  EXPECT_NE(std::string(d.msg).find("48-bit"), std::string::npos) << d.msg;
  w[first_m - 1] = "  m 2 7";
  d = reject(w);
  EXPECT_EQ(d.line, first_m) << d.msg;
  EXPECT_NE(std::string(d.msg).find("not word aligned"), std::string::npos) << d.msg;
  w[first_m - 1] = "  m fffffffffffc 1*2";
  d = reject(w);
  EXPECT_NE(std::string(d.msg).find("past 2^48"), std::string::npos) << d.msg;
}

TEST_F(VecTexMemCorrupt, ConfigurationWordAfterMemory_IsRejected) {
  auto w = v;
  w.insert(w.begin() + first_m, "  w 0 1");
  spagm_diag d = reject(w);
  EXPECT_EQ(d.line, first_m + 1) << d.msg;
  EXPECT_NE(std::string(d.msg).find("then `m VA VALUES`"), std::string::npos) << d.msg;
}

TEST_F(VecTexMemCorrupt, EditedMemoryWord_IsReportedAtItsBlock) {
  auto w = v;
  std::string &l = w[first_m - 1];
  l[l.size() - 1] = l[l.size() - 1] == '1' ? '2' : '1';
  std::string text;
  for (const auto &x : w) text += x + "\n";
  spagm_diag d = {0, 0, ""};
  EXPECT_NE(read_all(text, &d), SPAGM_OK);
  EXPECT_EQ(d.line, find_line(v, "state tex")) << d.msg;
  EXPECT_NE(std::string(d.msg).find("does not match its CRC-32"), std::string::npos) << d.msg;
}

TEST(VecTexMemVersion, VersionOne_IsReadWithoutTexture_AndRefusedWithIt) {
  // Version 1 files of the attribute and pixel units are version 2 files
  // with another first line; a version 1 file cannot hold texture memory.
  auto v = lines_of(gen_text(3, 4, 4, 1u << SPAGM_UNIT_PIX));
  ASSERT_EQ(v[0], "spagm-vectors 2");
  v[0] = "spagm-vectors 1";
  spagm_diag d;
  EXPECT_EQ(read_all(join_recrc(v), &d), SPAGM_OK) << d.msg;
  auto t = lines_of(gen_text(3, 4, 4, kTex));
  t[0] = "spagm-vectors 1";
  EXPECT_NE(read_all(join_recrc(t), &d), SPAGM_OK);
  EXPECT_EQ(d.line, find_line(t, "units ")) << d.msg;
  EXPECT_NE(std::string(d.msg).find("version 1 file has no texture memory"), std::string::npos)
      << d.msg;
}

TEST(VecTexMemHex, Export_WritesEachEpochsPagesWhole) {
  std::string text = gen_text(6, 10, 5, kTex);  // 2 epochs
  auto dir = spagm_test::fresh_scratch_dir() / "hex";
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "x.vec", nullptr, &d);
  ASSERT_EQ(spagm_vec_export_hex(r, "x.vec", dir.c_str(), &d), SPAGM_OK) << d.msg;
  spagm_vec_reader_free(r);
  auto man = hex_words(dir / "manifest.hex");
  auto pages = hex_words(dir / "tex_mem.hex"), per_epoch = hex_words(dir / "tex_mem_epochs.hex");
  ASSERT_EQ(man.size(), 48u);
  EXPECT_EQ(man[1], 3u);  // export version 3 (texture memory since 2, sparse vectors since 3)
  ASSERT_EQ(per_epoch.size(), 2u);
  EXPECT_EQ(man[9], per_epoch[0] + per_epoch[1]);
  EXPECT_EQ(man[10], std::max(per_epoch[0], per_epoch[1]));
  ASSERT_EQ(pages.size(), (size_t)man[9] * 1026u);

  // Every memory word of the file is in its page, every other word is 0.
  r = spagm_vec_reader_open_mem(text.data(), text.size(), "x.vec", nullptr, &d);
  auto *it = new spagm_vec_item;
  size_t page_at = 0;
  unsigned epoch = 0;
  while (spagm_vec_next(r, it, &d) == SPAGM_OK && it->kind != SPAGM_VEC_END) {
    if (it->kind != SPAGM_VEC_STATE) continue;
    size_t i = 0, listed = 0;
    for (uint32_t p = 0; p < per_epoch[epoch]; p++, page_at += 1026) {
      uint64_t va = (uint64_t)pages[page_at] << 32 | pages[page_at + 1];
      ASSERT_EQ(va % SPAGM_TEX_PAGE_BYTES, 0u);
      for (uint32_t k = 0; k < 1024; k++) {
        uint32_t want = 0;
        if (i < it->mem.n && it->mem.w[i].va == va + 4 * k) want = it->mem.w[i++].data;
        ASSERT_EQ(pages[page_at + 2 + k], want) << "page " << p << " word " << k;
        listed += want != 0;
      }
    }
    EXPECT_EQ(i, it->mem.n);
    EXPECT_EQ(listed, it->mem.n);
    epoch++;
  }
  EXPECT_EQ(epoch, 2u);
  delete it;
  spagm_vec_reader_free(r);
  std::filesystem::remove_all(dir);
}
