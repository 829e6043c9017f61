// SPDX-License-Identifier: Apache-2.0
// Every public function with NULL for each of its pointer arguments (the
// "Pointer arguments" paragraph of each public header):
// never a crash; a status-returning function gives SPAGM_E_ARG, a pointer-
// or bool-returning one NULL or false. Each call runs in a child process,
// so one crash is reported with its call and does not hide the others.
// Optional pointers (spagm_diag *d, spagm_explain *ex, ...) are documented
// as such and are called with NULL by the suites of their functions.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "spagm/predictor.h"
#include "spagm/spagm.h"
#include "spagm/vec/file.h"
#include "spagm/statemap.h"
#include "spagm/stim/stim.h"

namespace {

// Runs f in a child; its exit code (0 = returned as required), -1 = crashed.
template <typename F>
int in_child(F f) {
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) _exit(f() ? 0 : 3);
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#define ARG(expr) \
  EXPECT_EQ(in_child([&] { return (expr) == SPAGM_E_ARG; }), 0) << #expr " (-1: crashed)"
#define NUL(expr) \
  EXPECT_EQ(in_child([&] { return (expr) == nullptr; }), 0) << #expr " (-1: crashed)"
#define NO(expr) EXPECT_EQ(in_child([&] { return !(expr); }), 0) << #expr " (-1: crashed)"
#define RUNS(expr)                   \
  EXPECT_EQ(in_child([&] {           \
              (void)(expr);          \
              return true;           \
            }),                      \
            0)                       \
      << #expr " crashed"

class ApiNull : public ::testing::Test {
 protected:
  void SetUp() override {
    m = spagm_model_new();
    spagm_request_init(&req);
    spagm_response_init(&rsp, 0);
    spagm_insn_init(&insn, SPAGM_OP_ALD);
  }
  void TearDown() override { spagm_model_free(m); }
  spagm_model *m = nullptr;
  spagm_request req;
  spagm_response rsp;
  spagm_insn insn;
  spagm_diag d;
  uint32_t u32 = 0;
  char buf[64] = "";
};

TEST_F(ApiNull, ModelAndInstructionApi_NullPointers_NeverCrash) {
  spagm_asm_opts o = {-1};
  spagm_insn *out = nullptr;
  spagm_srcpos *pos = nullptr;
  size_t n = 0;
  uint64_t w = 0;
  ARG(spagm_asm_one(nullptr, 1, 1, &o, &insn, &d));
  ARG(spagm_asm_one("ALD R0, a[0x10];", 1, 1, &o, nullptr, &d));
  ARG(spagm_asm_text(nullptr, 4, &o, &out, &n, &d));
  ARG(spagm_asm_text("x", 1, &o, nullptr, &n, &d));
  ARG(spagm_asm_text("x", 1, &o, &out, nullptr, &d));
  ARG(spagm_asm_text_pos(nullptr, 4, &o, &out, &pos, &n, &d));
  ARG(spagm_asm_text_pos("x", 1, &o, nullptr, &pos, &n, &d));
  ARG(spagm_asm_text_pos("x", 1, &o, &out, &pos, nullptr, &d));
  RUNS(spagm_disasm(nullptr, 0, buf, sizeof buf));
  RUNS(spagm_disasm(&insn, 0, nullptr, 16));
  ARG(spagm_disasm_word(0, nullptr, 16));
  RUNS(spagm_insn_init(nullptr, SPAGM_OP_ALD));
  ARG(spagm_decode(0xefd87f800107ff00ull, nullptr, &d));
  ARG(spagm_encode(nullptr, &w, nullptr, &d));
  ARG(spagm_encode(&insn, nullptr, nullptr, &d));
  NO(spagm_sched_valid(nullptr, &d));
  NO(spagm_insn_equal(nullptr, &insn));
  NO(spagm_insn_equal(&insn, nullptr));
  RUNS(spagm_model_free(nullptr));
  RUNS(spagm_model_reset(nullptr));
  ARG(spagm_execute(nullptr, &req, &rsp));
  ARG(spagm_execute(m, nullptr, &rsp));
  ARG(spagm_execute(m, &req, nullptr));
  ARG(spagm_execute_insn(m, nullptr, &req, &rsp, nullptr));
  ARG(spagm_execute_explained(m, &req, nullptr, nullptr));
  RUNS(spagm_explain_init(nullptr));
  RUNS(spagm_explain_format(nullptr, 0, 0, buf, sizeof buf));
  RUNS(spagm_explain_fault(nullptr, buf, sizeof buf));
  RUNS(spagm_request_init(nullptr));
  RUNS(spagm_response_init(nullptr, 0));
  RUNS(spagm_request_pack(nullptr, &u32));
  RUNS(spagm_request_pack(&req, nullptr));
  RUNS(spagm_response_pack(nullptr, &u32));
  RUNS(spagm_request_unpack(nullptr, &req));
  RUNS(spagm_response_unpack(&u32, nullptr));
  RUNS(spagm_request_fields(nullptr, 4));
  RUNS(spagm_response_fields(nullptr, 4));
  RUNS(spagm_regfile_init(nullptr));
  RUNS(spagm_regfile_get(nullptr, 0, 0));
  RUNS(spagm_regfile_pred(nullptr, 0));
  RUNS(spagm_issue(nullptr, 0, nullptr, 1, 0, &req));
  RUNS(spagm_issue(&insn, 0, nullptr, 1, 0, nullptr));
  RUNS(spagm_retire(nullptr, nullptr));
  NUL(spagm_diag_set(nullptr, SPAGM_E_ARG, 0, 0, "%s", "x") == SPAGM_E_ARG ? nullptr : "bad");
}

TEST_F(ApiNull, AttributeApi_NullPointers_NeverCrash) {
  spagm_attr_config c;
  spagm_stage st;
  uint32_t bits[SPAGM_ATTR_MAP_WORDS] = {};
  uint32_t sph[SPAGM_SPH_WORDS] = {};
  bool b;
  ARG(spagm_attr_get_config(nullptr, &c, &d));
  ARG(spagm_attr_get_config(m, nullptr, &d));
  ARG(spagm_attr_set_config(nullptr, &c, &d));
  ARG(spagm_attr_set_config(m, nullptr, &d));
  RUNS(spagm_attr_config_default(nullptr));
  ARG(spagm_attr_set_stage(nullptr, SPAGM_STAGE_VSA, &d));
  ARG(spagm_attr_get_stage(nullptr, &st, &d));
  ARG(spagm_attr_get_stage(m, nullptr, &d));
  ARG(spagm_attr_set_map(nullptr, SPAGM_MAP_IMAP, bits, &d));
  ARG(spagm_attr_set_map(m, SPAGM_MAP_IMAP, nullptr, &d));
  ARG(spagm_attr_get_map(m, SPAGM_MAP_IMAP, nullptr, &d));
  ARG(spagm_attr_get_map(nullptr, SPAGM_MAP_IMAP, bits, &d));
  ARG(spagm_attr_set_store_req(nullptr, 0, 0, &d));
  ARG(spagm_attr_set_shared(nullptr, false, &d));
  ARG(spagm_attr_set_vertex_count(nullptr, 1, &d));
  ARG(spagm_attr_set_patch_words(nullptr, 8, &d));
  ARG(spagm_attr_set_gs_max_vertices(nullptr, 1, &d));
  ARG(spagm_attr_set_trap(nullptr, true, &d));
  ARG(spagm_attr_set_default(nullptr, 0, 0, &d));
  ARG(spagm_attr_get_default(nullptr, 0, &u32, &d));
  ARG(spagm_attr_get_default(m, 0, nullptr, &d));
  ARG(spagm_attr_set_hw(nullptr, (spagm_attr_hw)0, 0, 0, &d));
  ARG(spagm_attr_get_hw(nullptr, (spagm_attr_hw)0, 0, &u32, &d));
  ARG(spagm_attr_get_hw(m, (spagm_attr_hw)0, 0, nullptr, &d));
  ARG(spagm_attr_load_sph(nullptr, SPAGM_STAGE_VSA, sph, nullptr, nullptr, &d));
  ARG(spagm_attr_load_sph(m, SPAGM_STAGE_VSA, nullptr, nullptr, nullptr, &d));
  ARG(spagm_attr_load_sph_prev(nullptr, sph, &d));
  ARG(spagm_attr_load_sph_prev(m, nullptr, &d));
  ARG(spagm_attr_load_sph_next(nullptr, sph, &d));
  ARG(spagm_attr_load_sph_next(m, nullptr, &d));
  RUNS(spagm_attr_space_size(nullptr, SPAGM_SPACE_ISBE_IN));
  ARG(spagm_attr_read(nullptr, SPAGM_SPACE_ISBE_IN, 0, buf, 4, &d));
  ARG(spagm_attr_read(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, 4, &d));
  ARG(spagm_attr_write(nullptr, SPAGM_SPACE_ISBE_IN, 0, buf, 4, &d));
  ARG(spagm_attr_write(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, 4, &d));
  ARG(spagm_attr_read32(nullptr, SPAGM_SPACE_ISBE_IN, 0, &u32, &d));
  ARG(spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, &d));
  ARG(spagm_attr_write32(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, &d));
  ARG(spagm_attr_phys_addr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0x70, &u32, &d));
  ARG(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_IN, 0, 0x70, nullptr, &d));
  ARG(spagm_attr_set_vertex_attr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0x70, 0, true, &d));
  ARG(spagm_attr_get_vertex_attr(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0x70, &u32, &d));
  ARG(spagm_attr_get_vertex_attr(m, SPAGM_SPACE_ISBE_IN, 0, 0x70, nullptr, &d));
  ARG(spagm_attr_set_written(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0x70, true, &d));
  ARG(spagm_attr_get_written(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0x70, &b, &d));
  ARG(spagm_attr_get_written(m, SPAGM_SPACE_ISBE_IN, 0, 0x70, nullptr, &d));
  ARG(spagm_attr_set_written_bits(nullptr, SPAGM_SPACE_ISBE_IN, 0, bits, &d));
  ARG(spagm_attr_set_written_bits(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, &d));
  ARG(spagm_attr_get_written_bits(nullptr, SPAGM_SPACE_ISBE_IN, 0, bits, &d));
  ARG(spagm_attr_get_written_bits(m, SPAGM_SPACE_ISBE_IN, 0, nullptr, &d));
  ARG(spagm_attr_set_primitive_count(nullptr, 1, &d));
  ARG(spagm_attr_set_primitive_index(nullptr, SPAGM_SPACE_ISBE_IN, 0, 0, &d));
}

TEST_F(ApiNull, PixelApi_NullPointers_NeverCrash) {
  unsigned un = 0;
  bool b = false;
  spagm_raster_config rc;
  spagm_sample_pos sp[SPAGM_PIX_MAX_SAMPLES] = {};
  spagm_pix_offset_format pf;
  spagm_pix_sample_order po;
  ARG(spagm_pix_set_samples(nullptr, 4, &d));
  ARG(spagm_pix_get_samples(nullptr, &un, &d));
  ARG(spagm_pix_get_samples(m, nullptr, &d));
  ARG(spagm_pix_set_standard_positions(nullptr, &d));
  ARG(spagm_pix_set_programmable_positions(nullptr, sp, &d));
  ARG(spagm_pix_set_programmable_positions(m, nullptr, &d));
  ARG(spagm_pix_set_ssaa(nullptr, true, &d));
  ARG(spagm_pix_get_ssaa(nullptr, &b, &d));
  ARG(spagm_pix_get_ssaa(m, nullptr, &d));
  ARG(spagm_pix_get_config(nullptr, &rc, &d));
  ARG(spagm_pix_get_config(m, nullptr, &d));
  ARG(spagm_pix_set_config(nullptr, &rc, &d));
  ARG(spagm_pix_set_config(m, nullptr, &d));
  ARG(spagm_pix_standard_position(4, 0, nullptr, &d));
  ARG(spagm_pix_standard_position_in(SPAGM_PIX_ORDER_NVIDIA, 4, 0, nullptr, &d));
  ARG(spagm_pix_set_offset_format(nullptr, SPAGM_PIX_OFFSET_S012, &d));
  ARG(spagm_pix_get_offset_format(nullptr, &pf, &d));
  ARG(spagm_pix_get_offset_format(m, nullptr, &d));
  ARG(spagm_pix_set_sample_order(nullptr, SPAGM_PIX_ORDER_NVIDIA, &d));
  ARG(spagm_pix_get_sample_order(nullptr, &po, &d));
  ARG(spagm_pix_get_sample_order(m, nullptr, &d));
}

TEST_F(ApiNull, TextureApi_NullPointers_NeverCrash) {
  spagm_tic t;
  spagm_tic_init(&t);
  uint8_t raw[32] = {};
  uint64_t va = 0;
  uint32_t out4[4];
  ARG(spagm_tex_set_fp16_round(nullptr, (spagm_fp16_round)0));
  RUNS(spagm_tex_fp16_round(nullptr));
  ARG(spagm_tex_set_cbank_word(nullptr, 0, 0, 0));
  ARG(spagm_tex_get_cbank_word(nullptr, 0, 0, &u32));
  ARG(spagm_tex_get_cbank_word(m, 0, 0, nullptr));
  NO(spagm_tex_cbank_in_use(nullptr, 0));
  ARG(spagm_tex_select_cbank(nullptr, 0));
  RUNS(spagm_tex_selected_cbank(nullptr));
  ARG(spagm_tex_set_header_pool(nullptr, 0, 0));
  ARG(spagm_tex_get_header_pool(nullptr, &va, &u32));
  RUNS(spagm_tex_get_header_pool(m, nullptr, &u32));  // optional outputs
  RUNS(spagm_tex_get_header_pool(m, &va, nullptr));
  ARG(spagm_tex_mem_write(nullptr, 0, raw, 4));
  ARG(spagm_tex_mem_write(m, 0, nullptr, 4));
  ARG(spagm_tex_mem_read(nullptr, 0, raw, 4));
  ARG(spagm_tex_mem_read(m, 0, nullptr, 4));
  RUNS(spagm_tex_mem_pages(nullptr, &va, 1));
  RUNS(spagm_tex_mem_pages(m, nullptr, 1));
  RUNS(spagm_tic_init(nullptr));
  ARG(spagm_tic_encode(nullptr, raw, &d));
  ARG(spagm_tic_encode(&t, nullptr, &d));
  ARG(spagm_tic_decode(nullptr, &t));
  ARG(spagm_tic_decode(raw, nullptr));
  ARG(spagm_tex_set_header(nullptr, 0, &t, &d));
  ARG(spagm_tex_set_header(m, 0, nullptr, &d));
  ARG(spagm_tex_get_header(nullptr, 0, &t));
  ARG(spagm_tex_get_header(m, 0, nullptr));
  RUNS(spagm_tex_msaa_grid(0, nullptr, nullptr, nullptr));
  ARG(spagm_tex_texel_address(nullptr, 0, 0, 0, 0, 0, &va, &d));
  ARG(spagm_tex_texel_address(&t, 0, 0, 0, 0, 0, nullptr, &d));
  ARG(spagm_tex_texel_write(nullptr, &t, 0, 0, 0, 0, 0, raw, &d));
  ARG(spagm_tex_texel_write(m, nullptr, 0, 0, 0, 0, 0, raw, &d));
  ARG(spagm_tex_texel_write(m, &t, 0, 0, 0, 0, 0, nullptr, &d));
  ARG(spagm_tex_convert_texel(nullptr, raw, out4));
  ARG(spagm_tex_convert_texel(&t, nullptr, out4));
  ARG(spagm_tex_convert_texel(&t, raw, nullptr));
}

TEST_F(ApiNull, VectorApi_NullPointers_NeverCrash) {
  spagm_vec_header h;
  ASSERT_EQ(spagm_vec_header_random(&h, 1, 4, 4, 0, 1u << SPAGM_UNIT_PIX, nullptr), SPAGM_OK);
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  ASSERT_NE(w, nullptr);
  spagm_cfg_list cl = {};
  uint32_t first, cnt, mask;
  uint64_t u64;
  size_t len;
  ARG(spagm_vec_header_random(nullptr, 1, 4, 4, 0, 1, &d));
  RUNS(spagm_vec_shard_range(4, 1, 2, nullptr, &cnt));
  RUNS(spagm_vec_shard_range(4, 1, 2, &first, nullptr));
  NO(spagm_vec_parse_units(nullptr, &mask));
  NO(spagm_vec_parse_units("attr", nullptr));
  NUL(spagm_vec_writer_open(nullptr, &h, &d));
  NUL(spagm_vec_writer_open("x.vec", nullptr, &d));
  NUL(spagm_vec_writer_open_mem(nullptr, &d));
  NUL(spagm_vec_writer_partial_path(nullptr));
  ARG(spagm_vec_write_epoch(nullptr, 0, &d));
  ARG(spagm_vec_write_state(nullptr, SPAGM_UNIT_PIX, &cl, nullptr, nullptr, &d));
  ARG(spagm_vec_write_state(w, SPAGM_UNIT_PIX, nullptr, nullptr, nullptr, &d));
  ARG(spagm_vec_write_txn(nullptr, SPAGM_UNIT_PIX, &req, &rsp, nullptr, &d));
  ARG(spagm_vec_write_txn(w, SPAGM_UNIT_PIX, nullptr, &rsp, nullptr, &d));
  ARG(spagm_vec_write_txn(w, SPAGM_UNIT_PIX, &req, nullptr, nullptr, &d));
  ARG(spagm_vec_write_readback(nullptr, SPAGM_UNIT_PIX, &cl, &d));
  ARG(spagm_vec_write_readback(w, SPAGM_UNIT_PIX, nullptr, &d));
  ARG(spagm_vec_write_raw(nullptr, "x\n", 2, 0, &d));
  ARG(spagm_vec_write_raw(w, nullptr, 2, 0, &d));
  ARG(spagm_vec_writer_close(nullptr, &d));
  RUNS(spagm_vec_writer_abort(nullptr));
  NUL(spagm_vec_writer_text(nullptr, &len));
  RUNS(spagm_vec_writer_text(w, nullptr));
  ARG(spagm_vec_writer_finish_mem(nullptr, &d));
  RUNS(spagm_vec_writer_bytes(nullptr));
  NUL(spagm_vec_reader_open(nullptr, &h, &d));
  NUL(spagm_vec_reader_open_mem(nullptr, 5, "t", &h, &d));
  RUNS(spagm_vec_reader_free(nullptr));
  ARG(spagm_vec_next(nullptr, nullptr, &d));
  RUNS(spagm_vec_reader_body(nullptr, &u64, &u64));
  ARG(spagm_vec_validate(nullptr, &h, &u64, &d));
  RUNS(spagm_response_compare_mask(nullptr, &rsp));
  RUNS(spagm_response_compare_mask(&rsp, nullptr));
  RUNS(spagm_vec_compare_mask(nullptr, &rsp));
  RUNS(spagm_vec_compare_mask(&rsp, nullptr));
  ARG(spagm_vec_readback_words(nullptr, SPAGM_UNIT_PIX, &cl));
  ARG(spagm_vec_readback_words(m, SPAGM_UNIT_PIX, nullptr));
  ARG(spagm_vec_gen_random(nullptr, &h, &d));
  ARG(spagm_vec_gen_random(w, nullptr, &d));
  ARG(spagm_vec_check(nullptr, "x", nullptr, 0, nullptr, &d));
  ARG(spagm_vec_export_hex(nullptr, "x", "dir", &d));
  NO(spagm_vec_export_hex_partial_dir(nullptr, buf, sizeof buf));
  NO(spagm_vec_export_hex_partial_dir("d", nullptr, 8));
  NO(spagm_vec_export_hex_file_name(1, 0, nullptr, 8));
  spagm_vec_writer_abort(w);
}

TEST_F(ApiNull, StatemapAndStimulusApi_NullPointers_NeverCrash) {
  spagm_cfg_list cl = {};
  spagm_mem_list ml = {};
  RUNS(spagm_cfg_list_free(nullptr));
  ARG(spagm_cfg_list_push(nullptr, 0, 0));
  {
    size_t pos = 0;
    spagm_cfg_burst b;
    NO(spagm_cfg_list_next_burst(nullptr, &pos, &b));
    NO(spagm_cfg_list_next_burst(&cl, nullptr, &b));
    NO(spagm_cfg_list_next_burst(&cl, &pos, nullptr));
  }
  ARG(spagm_statemap_load_list(nullptr, SPAGM_UNIT_PIX, &cl));
  ARG(spagm_statemap_load_list(m, SPAGM_UNIT_PIX, nullptr));
  ARG(spagm_statemap_readback_list(nullptr, SPAGM_UNIT_PIX, &cl));
  ARG(spagm_statemap_readback_list(m, SPAGM_UNIT_PIX, nullptr));
  NO(spagm_statemap_read(nullptr, SPAGM_UNIT_PIX, 0, &u32));
  NO(spagm_statemap_read(m, SPAGM_UNIT_PIX, 0, nullptr));
  ARG(spagm_statemap_write(nullptr, SPAGM_UNIT_PIX, 0, 0, &d));
  RUNS(spagm_mem_list_free(nullptr));
  ARG(spagm_mem_list_push(nullptr, 0, 0));
  ARG(spagm_statemap_memory_list(nullptr, SPAGM_UNIT_TEX, &ml));
  ARG(spagm_statemap_memory_list(m, SPAGM_UNIT_TEX, nullptr));
  ARG(spagm_statemap_memory_write(nullptr, SPAGM_UNIT_TEX, 0, 0, &d));
  RUNS(spagm_stim_opts_default(nullptr));
  NUL(spagm_stim_new(nullptr, &d));
  RUNS(spagm_stim_free(nullptr));
  ARG(spagm_stim_begin_epoch(nullptr, 0, m, &d));
  NO(spagm_stim_next(nullptr, SPAGM_UNIT_PIX, &req));
  RUNS(spagm_stim_epoch_budget(nullptr, SPAGM_UNIT_PIX));
  RUNS(spagm_stim_epoch_summary(nullptr, SPAGM_UNIT_PIX));
  RUNS(spagm_stim_corner_hits(nullptr, SPAGM_UNIT_PIX, 0));
  NO(spagm_stim_keeps_power_on(nullptr, SPAGM_UNIT_PIX));
  NO(spagm_stim_rewrites_registers(nullptr, SPAGM_UNIT_PIX));
  NO(spagm_stim_attr_corner_drawn(nullptr, SPAGM_STIM_ATTR_ALL_MAPPED));
  RUNS(spagm_stim_f16_corners_at(nullptr, 0));
  RUNS(spagm_stim_tex_corners_at(nullptr, 0));
  RUNS(spagm_stim_rewritten(nullptr, SPAGM_UNIT_PIX));
  ARG(spagm_stim_load_list(nullptr, m, SPAGM_UNIT_PIX, &cl));
  spagm_stim_opts so;
  spagm_stim_opts_default(&so);
  spagm_stim *s = spagm_stim_new(&so, &d);
  ASSERT_NE(s, nullptr);
  ARG(spagm_stim_begin_epoch(s, 0, nullptr, &d));
  NO(spagm_stim_next(s, SPAGM_UNIT_PIX, nullptr));
  ARG(spagm_stim_load_list(s, nullptr, SPAGM_UNIT_PIX, &cl));
  ARG(spagm_stim_load_list(s, m, SPAGM_UNIT_PIX, nullptr));
  spagm_stim_free(s);
}

TEST_F(ApiNull, PredictorApi_NullPointers_NeverCrash) {
  spagm_unit u;
  spagm_predictor *p = spagm_predictor_new(SPAGM_UNIT_PIX, 1, &d);
  ASSERT_NE(p, nullptr);
  unsigned diffs;
  const char *report;
  spagm_predictor_counts c;
  ARG(spagm_predictor_unit_by_name(nullptr, &u));
  ARG(spagm_predictor_unit_by_name("pix", nullptr));
  RUNS(spagm_predictor_free(nullptr));
  ARG(spagm_predictor_set_name(nullptr, "x"));
  ARG(spagm_predictor_set_name(p, nullptr));
  RUNS(spagm_predictor_unit(nullptr));
  RUNS(spagm_predictor_seed(nullptr));
  ARG(spagm_predictor_cfg_write(nullptr, 0, 0, &d));
  ARG(spagm_predictor_cfg_read(nullptr, 0, &u32, &d));
  ARG(spagm_predictor_cfg_read(p, 0, nullptr, &d));
  ARG(spagm_predictor_reset(nullptr));
  NUL(spagm_predictor_model(nullptr));
  ARG(spagm_predictor_set_cov(nullptr, nullptr));
  ARG(spagm_predictor_predict(nullptr, &req, &rsp, &d));
  ARG(spagm_predictor_predict(p, nullptr, &rsp, &d));
  ARG(spagm_predictor_check(nullptr, &rsp, &diffs, &report));
  ARG(spagm_predictor_check(p, nullptr, &diffs, &report));
  ARG(spagm_predictor_check_expected(nullptr, &rsp, &diffs, &report, &rsp));
  ARG(spagm_predictor_check_expected(p, nullptr, &diffs, &report, &rsp));
  ARG(spagm_predictor_check_unknown(nullptr, &rsp, &rsp, &diffs, &report, &rsp));
  ARG(spagm_predictor_check_unknown(p, nullptr, &rsp, &diffs, &report, &rsp));
  ARG(spagm_predictor_get_counts(nullptr, &c));
  ARG(spagm_predictor_get_counts(p, nullptr));
  RUNS(spagm_predictor_failures(nullptr));
  RUNS(spagm_predictor_summary(nullptr));  // a summary that says so
  ARG(spagm_predictor_set_strict(nullptr, true));
  RUNS(spagm_predictor_strict(nullptr));
  ARG(spagm_predictor_fail(nullptr, "x"));
  ARG(spagm_predictor_fail(p, nullptr));
  uint8_t tic[32] = {0};
  ARG(spagm_predictor_tex_set_header(nullptr, 0, tic, &d));
  ARG(spagm_predictor_tex_set_header(p, 0, nullptr, &d));
  spagm_predictor_free(p);
}

}  // namespace
