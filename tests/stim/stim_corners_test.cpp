// SPDX-License-Identifier: Apache-2.0
// The corner-count test (N240): a default co-simulation's stream
// (all units, 20000 requests per unit, 1000 per epoch) reaches every
// boundary value of the corner tables at least 10 times per seed, checked
// both by the generator's own counts and, for the corners the issue names,
// by looking at the requests themselves (texture: in the explanation stream
// the model writes for them, N242); and docs/stimulus.md lists every corner
// with its weight.
#include <gtest/gtest.h>

#include <bitset>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

constexpr uint32_t kCount = 20000, kEpochTxns = 1000, kAtLeast = 10;
constexpr uint32_t kAllUnits = 7;

// The texture corners counted in the explanation stream: lanes that read
// the last valid value of a field, lanes refused at its first invalid one.
enum {
  TX_COORD_LAST, TX_COORD_INVALID, TX_LAYER_LAST, TX_LAYER_INVALID, TX_LEVEL_LAST,
  TX_LEVEL_INVALID, TX_SAMPLE_LAST, TX_SAMPLE_INVALID, TX_HEADER_LAST, TX_HEADER_INVALID, TX_N
};
const char *const tex_names[TX_N] = {
    "coordinate last valid", "coordinate first invalid", "layer last valid",
    "layer first invalid",   "mip level last valid",     "mip level first invalid",
    "sample last valid",     "sample first invalid",     "header index last valid",
    "header index first invalid"};

// Stimulus 5's corners, counted in the explanation stream (N280, N281,
// N283): PIXLD .OFFSET / .CENTROID_OFFSET lanes explained with standard
// positions in an epoch whose load (spagm_stim_load_list) leaves the
// positions word out; ISBERD lanes of the vertex-major view at its last
// element before byte 1024 N and refused at 1024 N; GS store components at
// word 1023 of the lane's buffer and refused at word 1024.
// Stimulus 7 (N291): ALD lanes given the default value (R3) in an epoch
// whose attribute load left the default table to the reset, and texture
// lanes read through a pool base whose high word the load left to the
// reset.
enum { S5_POS_OFFSET, S5_POS_CENTROID, S5_VM_LAST, S5_VM_INVALID, S5_GS_LAST, S5_GS_INVALID,
       S7_ALD_RESET_DEFAULT, S7_TEX_RESET_BASE_HI, S5_N };
const char *const s5_names[S5_N] = {
    "PIXLD.OFFSET on unwritten standard positions (N280)",
    "PIXLD.CENTROID_OFFSET on unwritten standard positions (N280)",
    "ISBERD vertex-major last valid element (N281)",
    "ISBERD vertex-major first invalid byte 1024 N (N281)",
    "GS store at word 1023 (N283)",
    "GS store at word 1024 (N283)",
    "ALD default value from a reset default table (N291)",
    "texture lane read through a reset pool base high word (N291)"};

// What one seed's run shows in its requests (independently of the
// generator's counts).
struct Seen {
  unsigned s5[S5_N] = {};                             // see s5_names
  uint64_t hits[SPAGM_UNIT_COUNT][64] = {};
  unsigned mask_all_but_one[SPAGM_UNIT_COUNT] = {};
  unsigned cov16_all_but_one = 0, cov16_only_one = 0; // 16-sample pixels
  unsigned pix_last_sample = 0;                       // sample == samples - 1
  unsigned tex[TX_N] = {};                            // see tex_names
};

uint32_t at_level(uint32_t size, int32_t level) {
  uint32_t v = level < 32 ? size >> level : 0;
  return v ? v : 1;
}

// Whether v is the last valid value of [0, n) and not also the first.
bool last_of(int32_t v, uint32_t n) { return n > 1 && (uint32_t)v == n - 1; }

// One texture request's lanes, by the rule the model explains each with.
void count_tex(spagm_model *m, const spagm_request &req, unsigned *tex) {
  spagm_response resp;
  spagm_explain ex;
  spagm_insn insn;
  if (spagm_decode(req.insn, &insn, nullptr) != SPAGM_OK) return;
  ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
  uint32_t word = 0, max_index = 0;
  spagm_tex_get_cbank_word(m, spagm_tex_selected_cbank(m), insn.tex_index, &word);
  spagm_tex_get_header_pool(m, nullptr, &max_index);
  uint32_t header = word & SPAGM_TEX_HEADER_PTR_MASK;
  spagm_tic t{};
  if (header <= max_index) spagm_tex_get_header(m, header, &t);
  unsigned samples = 1;
  spagm_tex_msaa_grid(t.msaa, &samples, nullptr, nullptr);
  uint32_t last_level = t.view_max_level < t.max_mip_level ? t.view_max_level : t.max_mip_level;
  bool read = false;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    unsigned slot = 0;
    while (slot < SPAGM_EXPLAIN_SLOTS - 1 && !ex.rule[slot][l]) slot++;
    const int32_t *a = ex.arg[slot][l];
    switch (ex.rule[slot][l]) {
      case SPAGM_RULE_TEX_READ_1D:
        tex[TX_COORD_LAST] += last_of(a[0], at_level(t.width, a[1]));
        tex[TX_LEVEL_LAST] += last_level > t.view_min_level && (uint32_t)a[1] == last_level;
        read = true;
        break;
      case SPAGM_RULE_TEX_READ_2D:
        tex[TX_COORD_LAST] += last_of(a[0], at_level(t.width, a[2]));
        tex[TX_COORD_LAST] += last_of(a[1], at_level(t.height, a[2]));
        tex[TX_LEVEL_LAST] += last_level > t.view_min_level && (uint32_t)a[2] == last_level;
        read = true;
        break;
      case SPAGM_RULE_TEX_READ_ARRAY:
        tex[TX_LAYER_LAST] += last_of(a[2], t.depth);
        read = true;
        break;
      case SPAGM_RULE_TEX_READ_MS:
        tex[TX_SAMPLE_LAST] += last_of(a[2], samples);
        read = true;
        break;
      case SPAGM_RULE_TEX_READ_3D: read = true; break;
      case SPAGM_RULE_TEX_S_OOR:
      case SPAGM_RULE_TEX_T_OOR:
      case SPAGM_RULE_TEX_R_OOR: tex[TX_COORD_INVALID] += a[0] == a[1]; break;
      case SPAGM_RULE_TEX_LAYER_OOR: tex[TX_LAYER_INVALID] += a[0] == a[1]; break;
      case SPAGM_RULE_TEX_LEVEL_OOR: tex[TX_LEVEL_INVALID] += a[0] == a[1] + 1; break;
      case SPAGM_RULE_TEX_SAMPLE_OOR: tex[TX_SAMPLE_INVALID] += a[0] == a[1]; break;
      default: break;
    }
  }
  // Per request: the header the bank word names.
  if (read && header == max_index) tex[TX_HEADER_LAST]++;
  bool refused = false;
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    for (unsigned k = 0; k < SPAGM_EXPLAIN_SLOTS; k++)
      refused |= ex.rule[k][l] == SPAGM_RULE_TEX_HEADER_INDEX_OOR &&
                 ex.arg[k][l][0] == ex.arg[k][l][1] + 1;
  tex[TX_HEADER_INVALID] += refused;
}

// Whether the epoch's pixel load leaves the positions word (0x08) out.
// Whether the epoch's load of unit u leaves out the word at addr (an
// illegal write there, N290, is not a write of the word), read from the
// load list itself.
bool word_unwritten(spagm_stim *s, spagm_model *m, spagm_unit u, uint32_t addr) {
  spagm_cfg_list l{};
  EXPECT_EQ(spagm_stim_load_list(s, m, u, &l), SPAGM_OK);
  const spagm_stim_illegal *ill = nullptr;
  size_t n = spagm_stim_illegal_writes(s, u, &ill);
  bool left = true;
  for (size_t i = 0; i < l.n; i++) {
    bool illegal = false;
    for (size_t k = 0; k < n; k++)
      illegal |= ill[k].addr == l.w[i].addr && ill[k].data == l.w[i].data;
    left &= illegal || l.w[i].addr != addr;
  }
  spagm_cfg_list_free(&l);
  return left;
}

bool positions_unwritten(spagm_stim *s, spagm_model *m) {
  return word_unwritten(s, m, SPAGM_UNIT_PIX, 0x08);
}

// Attributes of the output (out) or input BMAP: the vertex-major view's N.
uint32_t bmap_words(spagm_model *m, bool out) {
  uint32_t bmap[SPAGM_ATTR_MAP_WORDS] = {}, n = 0;
  spagm_attr_get_map(m, out ? SPAGM_MAP_BMAP_OUT : SPAGM_MAP_BMAP_IN, bmap, nullptr);
  for (uint32_t w : bmap) n += (uint32_t)std::bitset<32>(w).count();
  return n;
}

// One attribute or pixel request's lanes, by the rule the model explains
// each component with (stimulus 5's corners).
// Which words an epoch's loads left to the reset (N280, N291).
struct Left {
  bool positions = false, defaults = false, base_hi = false;
};

void count_s5(spagm_model *m, const spagm_request &req, const Left &left, unsigned *n) {
  bool unwritten = left.positions;
  spagm_insn in;
  if (spagm_decode(req.insn, &in, nullptr) != SPAGM_OK) return;
  spagm_stage stage = SPAGM_STAGE_VSA;
  spagm_attr_get_stage(m, &stage, nullptr);
  bool vm = in.op == SPAGM_OP_ISBERD && in.region == SPAGM_REGION_ATTR && !in.skew;
  uint32_t bound = vm ? 1024u * bmap_words(m, in.out) : 0, bytes = 1u << in.isize;
  spagm_response resp;
  spagm_explain ex;
  ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    for (unsigned k = 0; k < SPAGM_EXPLAIN_SLOTS; k++) {
      unsigned rule = ex.rule[k][l];
      uint32_t a0 = (uint32_t)ex.arg[k][l][0], a2 = (uint32_t)ex.arg[k][l][2];
      n[S5_POS_OFFSET] += unwritten && rule == SPAGM_RULE_PIX_OFFSET_STANDARD;
      n[S5_POS_CENTROID] += unwritten && rule == SPAGM_RULE_PIX_CENTROID_STANDARD;
      n[S5_VM_LAST] += bound && rule == SPAGM_RULE_ISBERD_READ && a0 == bound - bytes;
      n[S5_VM_INVALID] += bound && rule == SPAGM_RULE_ISBERD_OUT_OF_RANGE && a0 == bound;
      n[S5_GS_LAST] += stage == SPAGM_STAGE_GS && rule == SPAGM_RULE_AST_GS_STORED &&
                       a2 % (4u * SPAGM_ATTR_GS_LANE_WORDS) == 4u * 1023u;
      n[S5_GS_INVALID] += rule == SPAGM_RULE_AST_GS_FULL && a0 == 1024u;
      n[S7_ALD_RESET_DEFAULT] += left.defaults && (rule == SPAGM_RULE_ALD_I_BMAP0_DEFAULT ||
                                                   rule == SPAGM_RULE_ALD_O_BMAP0_DEFAULT);
      n[S7_TEX_RESET_BASE_HI] += left.base_hi && rule >= SPAGM_RULE_TEX_READ_1D &&
                                 rule <= SPAGM_RULE_TEX_READ_MS;
    }
}

Seen run(uint64_t seed) {
  Seen out;
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = seed;
  o.units = kAllUnits;
  o.epoch_txns = kEpochTxns;
  spagm_diag d{};
  spagm_stim *s = spagm_stim_new(&o, &d);
  spagm_model *m = spagm_model_new();
  uint32_t issued[SPAGM_UNIT_COUNT] = {};
  spagm_request req;
  for (unsigned e = 0; issued[0] < kCount || issued[1] < kCount || issued[2] < kCount; e++) {
    EXPECT_EQ(spagm_stim_begin_epoch(s, e, m, &d), SPAGM_OK) << d.msg;
    spagm_raster_config rc{};
    spagm_pix_get_config(m, &rc, nullptr);
    Left left;
    left.positions = positions_unwritten(s, m);
    EXPECT_EQ(left.positions, spagm_stim_keeps_power_on(s, SPAGM_UNIT_PIX)) << "epoch " << e;
    left.defaults = word_unwritten(s, m, SPAGM_UNIT_ATTR, 0x400);
    left.base_hi = word_unwritten(s, m, SPAGM_UNIT_TEX, 0x00C);
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
      while (issued[u] < kCount && spagm_stim_next(s, (spagm_unit)u, &req)) {
        issued[u]++;
        if (std::bitset<32>(req.lane_mask).count() == 31) out.mask_all_but_one[u]++;
        if (u == SPAGM_UNIT_TEX) count_tex(m, req, out.tex);
        count_s5(m, req, left, out.s5);
        if (u != SPAGM_UNIT_PIX) continue;
        for (unsigned l = 0; l < SPAGM_LANES; l++) {
          size_t n = std::bitset<16>(req.coverage[l]).count();
          if (rc.samples == 16 && n == 15) out.cov16_all_but_one++;
          if (rc.samples == 16 && n == 1) out.cov16_only_one++;
          if (req.sample[l] == rc.samples - 1u) out.pix_last_sample++;
        }
      }
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    for (unsigned i = 0; i < spagm_stim_corner_count((spagm_unit)u); i++)
      out.hits[u][i] = spagm_stim_corner_hits(s, (spagm_unit)u, i);
  spagm_model_free(m);
  spagm_stim_free(s);
  return out;
}

std::string corner_name(unsigned u, unsigned i) {
  const spagm_stim_corner *c = spagm_stim_corner_info((spagm_unit)u, i);
  return std::string(spagm_unit_name((spagm_unit)u)) + " " + c->field + ": " + c->name;
}

// Request corners: at least 10 per unit per seed. Epoch corners (state
// drawn once per epoch, about 40 epochs a seed) at least 10 over seeds 1-5.
// Stimulus 5's corners (N280, N281, N283) at least 10 per seed in the
// explanation stream.
TEST(StimCorners, EveryCornerTenTimesPerSeed) {
  uint64_t merged[SPAGM_UNIT_COUNT][64] = {};
  for (uint64_t seed = 1; seed <= 5; seed++) {
    Seen v = run(seed);
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      EXPECT_GE(v.mask_all_but_one[u], kAtLeast) << "seed " << seed << " unit " << u;
      for (unsigned i = 0; i < spagm_stim_corner_count((spagm_unit)u); i++) {
        merged[u][i] += v.hits[u][i];
        // FP16 rounding and conversion inputs are epoch state but drawn per
        // texel word, thousands a seed: the stimulus promises 10 ties of each
        // parity per seed (docs/stimulus.md), so they are held to the
        // per-seed count too.
        std::string field = spagm_stim_corner_info((spagm_unit)u, i)->field;
        bool per_word = field == "FP16 rounding input" || field == "FP16 conversion input";
        if (!spagm_stim_corner_info((spagm_unit)u, i)->per_epoch || per_word) {
          EXPECT_GE(v.hits[u][i], kAtLeast) << "seed " << seed << ", " << corner_name(u, i);
        }
      }
    }
    EXPECT_GE(v.cov16_all_but_one, kAtLeast) << "seed " << seed;
    EXPECT_GE(v.cov16_only_one, kAtLeast) << "seed " << seed;
    EXPECT_GE(v.pix_last_sample, kAtLeast) << "seed " << seed;
    for (unsigned k = 0; k < TX_N; k++) {
      EXPECT_GE(v.tex[k], kAtLeast) << "seed " << seed << ", tex " << tex_names[k];
      std::printf("seed %llu tex %s: %u\n", (unsigned long long)seed, tex_names[k], v.tex[k]);
    }
    for (unsigned k = 0; k < S5_N; k++) {
      EXPECT_GE(v.s5[k], kAtLeast) << "seed " << seed << ", " << s5_names[k];
      std::printf("seed %llu %s: %u\n", (unsigned long long)seed, s5_names[k], v.s5[k]);
    }
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    for (unsigned i = 0; i < spagm_stim_corner_count((spagm_unit)u); i++)
      if (spagm_stim_corner_info((spagm_unit)u, i)->per_epoch) {
        EXPECT_GE(merged[u][i], kAtLeast) << "seeds 1-5, " << corner_name(u, i);
      }
}

// One table per unit, weights of a field summing to at most 1000 per mille.
TEST(StimCorners, TablesAreWellFormed) {
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    unsigned n = spagm_stim_corner_count((spagm_unit)u);
    ASSERT_GT(n, 4u) << spagm_unit_name((spagm_unit)u);
    EXPECT_EQ(spagm_stim_corner_info((spagm_unit)u, n), nullptr);
    unsigned sum = 0;
    for (unsigned i = 0; i < n; i++) {
      const spagm_stim_corner *c = spagm_stim_corner_info((spagm_unit)u, i);
      bool same_field = i > 0 && std::string(spagm_stim_corner_info((spagm_unit)u, i - 1)->field) ==
                                     c->field;
      sum = same_field ? sum + c->weight : c->weight;
      EXPECT_GT(c->weight, 0u) << corner_name(u, i);
      EXPECT_LE(sum, 1000u) << corner_name(u, i);
    }
  }
  EXPECT_EQ(spagm_stim_corner_count(SPAGM_UNIT_COUNT), 0u);
  EXPECT_EQ(spagm_stim_corner_hits(nullptr, SPAGM_UNIT_ATTR, 0), 0u);
}

// docs/stimulus.md has a row `| field | corner | weight |` for every entry.
TEST(StimCorners, DocumentedWithTheirWeights) {
  std::ifstream f(SPAGM_SOURCE_DIR "/docs/stimulus.md");
  ASSERT_TRUE(f) << "docs/stimulus.md missing";
  std::stringstream ss;
  ss << f.rdbuf();
  std::string doc = ss.str();
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    for (unsigned i = 0; i < spagm_stim_corner_count((spagm_unit)u); i++) {
      const spagm_stim_corner *c = spagm_stim_corner_info((spagm_unit)u, i);
      std::string row = std::string("| ") + spagm_unit_name((spagm_unit)u) + " | " + c->field +
                        " | " + c->name + " | " + std::to_string(c->weight) + " |";
      EXPECT_NE(doc.find(row), std::string::npos) << "docs/stimulus.md lacks the row " << row;
    }
  char version[64];
  std::snprintf(version, sizeof version, "stimulus version %u", SPAGM_STIM_VERSION);
  EXPECT_NE(doc.find(version), std::string::npos) << "docs/stimulus.md lacks " << version;
}

} // namespace
