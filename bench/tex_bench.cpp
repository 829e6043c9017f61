// SPDX-License-Identifier: Apache-2.0
// TLDS warp transactions per second through spagm_execute (decode of the
// 64-bit word included), every lane reading a random in-range texel. The
// headline case is TLDS.LZ RGBA (Rd1 non-RZ, wmsk RGBA) on a block-linear
// A8B8G8R8 UNORM texture; one case per format class follows. Prints
// figures only.
//
//   build/bench/tex_bench --benchmark_repetitions=5
//                         --benchmark_report_aggregates_only=true
// The target is >= 1M transactions/s on one core (items_per_second).
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "spagm/spagm.h"

namespace {

constexpr uint32_t kW = 256, kH = 256;
constexpr size_t kRequests = 1024;

struct Pool {
  spagm_model *m = nullptr;
  std::vector<spagm_request> reqs;
  bool ok = false;

  // A kW x kH texture of `components`/`type` in `layout`, filled with
  // pseudo-random bytes, and kRequests TLDS.LZ RGBA (.F16 when f16) warps at
  // random texels.
  Pool(unsigned components, unsigned type, unsigned layout, bool f16 = false) {
    m = spagm_model_new();
    if (!m || spagm_tex_set_header_pool(m, 0x1000, 15) != SPAGM_OK) return;
    spagm_tic t;
    spagm_tic_init(&t);
    t.components = components;
    for (unsigned c = 0; c < 4; c++) t.data_type[c] = type;
    t.width = kW;
    t.height = kH;
    t.address = 0x1000000;
    t.layout = layout;
    t.block_height_log2 = 4;
    unsigned bytes = spagm_tex_texel_bytes(components);
    t.pitch = (kW * bytes + 31u) / 32u * 32u;
    if (spagm_tex_set_header(m, 1, &t, nullptr) != SPAGM_OK ||
        spagm_tex_set_cbank_word(m, 0, 1, 1) != SPAGM_OK)
      return;
    uint64_t x = 0x243F6A8885A308D3ull;
    auto next = [&x] {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      return x;
    };
    // Generous: 1 MiB of texel bytes covers either layout.
    std::vector<uint8_t> img(1u << 20);
    for (auto &b : img) b = static_cast<uint8_t>(next());
    if (spagm_tex_mem_write(m, t.address, img.data(), img.size()) != SPAGM_OK) return;

    spagm_insn insn;
    spagm_insn_init(&insn, SPAGM_OP_TLDS);
    insn.tlds_encoding = 2;  // 2D .LZ: s in Ra, t in Rb
    spagm_tlds_encoding_decode(2, &insn.param, &insn.lod, &insn.aoffi, &insn.ms);
    insn.rd1 = 0, insn.rd = 4, insn.ra = 8, insn.rb = 9;
    insn.tex_index = 1;
    insn.wmsk = 4;  // RGBA
    insn.f16 = f16;
    for (size_t i = 0; i < kRequests; i++) {
      spagm_request req;
      spagm_request_init(&req);
      if (spagm_encode(&insn, &req.insn, nullptr, nullptr) != SPAGM_OK) return;
      req.tag = static_cast<uint32_t>(i);
      req.lane_mask = 0xFFFFFFFFu;
      for (unsigned l = 0; l < SPAGM_LANES; l++) {
        req.a[0][l] = static_cast<uint32_t>(next() % kW);
        req.b[0][l] = static_cast<uint32_t>(next() % kH);
      }
      reqs.push_back(req);
    }
    // Every request must run without fault and read real texels.
    spagm_response resp;
    if (spagm_execute(m, &reqs[0], &resp) != SPAGM_OK || resp.fault != 0 ||
        resp.wb_valid[0] != 0xFFFFFFFFu)
      return;
    ok = true;
  }
  ~Pool() { spagm_model_free(m); }
};

void run(benchmark::State &state, Pool &p) {
  if (!p.ok) {
    state.SkipWithError("setup failed");
    return;
  }
  spagm_response resp;
  size_t i = 0;
  for (auto _ : state) {
    spagm_execute(p.m, &p.reqs[i], &resp);
    benchmark::DoNotOptimize(resp.wb_value[0][0]);
    i = (i + 1) % p.reqs.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

// One benchmark per format class and layout; the name says which.
void BM_Tlds(benchmark::State &state, unsigned components, unsigned data_type, unsigned layout,
             bool f16) {
  Pool p(components, data_type, layout, f16);
  run(state, p);
}
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_A8B8G8R8_BlockLinear, SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_Float32_R32G32B32A32, SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_FLOAT, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_Float32_R32G32B32_12Byte, SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXDT_FLOAT, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_16Bit_R16G16B16A16Float, SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXDT_FLOAT, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_16Bit_R16G16B16A16Unorm, SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXDT_UNORM, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_8Bit_R8Snorm, SPAGM_TEXFMT_R8, SPAGM_TEXDT_SNORM, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_SmallFloat_BF10GF11RF11, SPAGM_TEXFMT_BF10GF11RF11, SPAGM_TEXDT_FLOAT, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_SharedExp_E5B9G9R9, SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, SPAGM_TEXDT_FLOAT, SPAGM_TEXLAYOUT_BLOCKLINEAR, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsRGBA_Pitch_A8B8G8R8, SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, SPAGM_TEXLAYOUT_PITCH, false);
BENCHMARK_CAPTURE(BM_Tlds, TldsF16RGBA_A8B8G8R8_BlockLinear, SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, SPAGM_TEXLAYOUT_BLOCKLINEAR, true);

}  // namespace
