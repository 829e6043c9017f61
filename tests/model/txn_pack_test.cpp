// SPDX-License-Identifier: Apache-2.0
// Packing of the transaction contract into bit vectors (txn_pack.h,
// DESIGN §3): one layout for DPI, SystemVerilog and hex vectors.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/txn_pack.h"

namespace {

void randomize(void *p, size_t n, std::mt19937 &rng) {
  auto *b = static_cast<unsigned char *>(p);
  for (size_t i = 0; i < n; i++) b[i] = static_cast<unsigned char>(rng());
}

// Clear the bits a field's width does not carry, so a round trip compares.
void trim_request(spagm_request &r) {
  for (auto &s : r.sample) s &= 0xF;
}

TEST(TxnPack, WidthsAreTheSumOfTheFieldTable_Design3) {
  // tag 32 + insn 64 + lane_mask 32 + a,b 2x2x32x32 + c 32x32 + d 4x32x32
  // + vertex, primitive 32x32 each + coverage 32x16 + sample 32x4
  const unsigned req = 32 + 64 + 32 + 2 * 2048 + 1024 + 4096 + 2 * 1024 + 512 + 128;
  EXPECT_EQ(SPAGM_REQUEST_BITS, req);
  const unsigned rsp = 32 + 8 + 32 + 4 * 8 + 4 * 32 + 2 * 4096 + 8 + 32 + 32 + 8 +
                       4 * 32 + 2 * 4096;
  EXPECT_EQ(SPAGM_RESPONSE_BITS, rsp);
  EXPECT_EQ(SPAGM_REQUEST_WORDS, (req + 31) / 32);
}

TEST(TxnPack, FirstFieldIsMostSignificant_LikeSvStructPacked) {
  spagm_request r;
  spagm_request_init(&r);
  r.tag = 0xA5A5A5A5u;
  std::vector<uint32_t> w(SPAGM_REQUEST_WORDS);
  spagm_request_pack(&r, w.data());
  // tag occupies the top 32 bits: [BITS-1 : BITS-32].
  unsigned lsb = SPAGM_REQUEST_BITS - 32;
  uint64_t got = 0;
  for (unsigned i = 0; i < 32; i++)
    got |= (uint64_t)((w[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
  EXPECT_EQ(got, 0xA5A5A5A5u);
}

TEST(TxnPack, LastFieldElementZeroAtBitZero) {
  spagm_request r;
  spagm_request_init(&r);
  r.sample[0] = 0x9;
  r.sample[1] = 0x6;
  std::vector<uint32_t> w(SPAGM_REQUEST_WORDS);
  spagm_request_pack(&r, w.data());
  EXPECT_EQ(w[0], 0x69u);  // sample[0] at [3:0], sample[1] at [7:4]
}

TEST(TxnPack, FieldTableOffsetsAreContiguous) {
  spagm_field_info f[32];
  size_t n = spagm_request_fields(f, 32);
  ASSERT_GT(n, 0u);
  unsigned top = SPAGM_REQUEST_BITS;
  for (size_t i = 0; i < n; i++) {
    EXPECT_EQ(f[i].lsb + f[i].bits * f[i].count, top) << f[i].name;
    top = f[i].lsb;
  }
  EXPECT_EQ(top, 0u);
  EXPECT_STREQ(f[0].name, "tag");
  EXPECT_EQ(f[3].outer, 2u);  // a[2][32]
  EXPECT_EQ(spagm_request_fields(nullptr, 0), n);
}

TEST(TxnPack, RequestRoundTripsOverRandomContents) {
  std::mt19937 rng(1);
  for (int i = 0; i < 200; i++) {
    // Struct padding is not part of the contract: compare field by field
    // through a second pack, and spot-check fields against the original.
    spagm_request r, back;
    randomize(&r, sizeof r, rng);
    trim_request(r);
    std::vector<uint32_t> w(SPAGM_REQUEST_WORDS), w2(SPAGM_REQUEST_WORDS);
    spagm_request_pack(&r, w.data());
    spagm_request_unpack(w.data(), &back);
    spagm_request_pack(&back, w2.data());
    ASSERT_EQ(w, w2) << "iteration " << i;
    ASSERT_EQ(back.tag, r.tag);
    ASSERT_EQ(back.insn, r.insn);
    ASSERT_EQ(std::memcmp(back.a, r.a, sizeof r.a), 0);
    ASSERT_EQ(std::memcmp(back.d, r.d, sizeof r.d), 0);
    ASSERT_EQ(std::memcmp(back.coverage, r.coverage, sizeof r.coverage), 0);
    ASSERT_EQ(std::memcmp(back.sample, r.sample, sizeof r.sample), 0);
  }
}

TEST(TxnPack, ResponseRoundTripsOverRandomContents) {
  std::mt19937 rng(2);
  for (int i = 0; i < 200; i++) {
    spagm_response r, back;
    randomize(&r, sizeof r, rng);
    std::vector<uint32_t> w(SPAGM_RESPONSE_WORDS), w2(SPAGM_RESPONSE_WORDS);
    spagm_response_pack(&r, w.data());
    spagm_response_unpack(w.data(), &back);
    spagm_response_pack(&back, w2.data());
    ASSERT_EQ(w, w2) << "iteration " << i;
    ASSERT_EQ(back.fault, r.fault);
    ASSERT_EQ(back.fault_lanes, r.fault_lanes);
    ASSERT_EQ(std::memcmp(back.wb_reg, r.wb_reg, sizeof r.wb_reg), 0);
    ASSERT_EQ(std::memcmp(back.wb_value, r.wb_value, sizeof r.wb_value), 0);
    ASSERT_EQ(std::memcmp(back.wb_dontcare, r.wb_dontcare, sizeof r.wb_dontcare), 0);
    ASSERT_EQ(back.pd_value, r.pd_value);
    ASSERT_EQ(back.st_space, r.st_space);
    ASSERT_EQ(std::memcmp(back.st_data, r.st_data, sizeof r.st_data), 0);
  }
}

TEST(TxnPack, BitsAboveElementWidthAreDropped) {
  spagm_request r, back;
  spagm_request_init(&r);
  r.sample[5] = 0xF3;  // 4-bit field
  std::vector<uint32_t> w(SPAGM_REQUEST_WORDS);
  spagm_request_pack(&r, w.data());
  spagm_request_unpack(w.data(), &back);
  EXPECT_EQ(back.sample[5], 0x3);
}

}  // namespace
