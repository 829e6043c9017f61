// SPDX-License-Identifier: Apache-2.0
// The TLM-2.0 wrapper spagm::tlm_unit (systemc/, docs/systemc.md): it gives
// the golden model's answer unchanged, annotates the documented latency, and
// maps every payload error to a TLM error response, never a crash
// (DESIGN §5: bad input gets an error, not an abort).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "spagm/sc/tlm_unit.h"
#include "spagm/spagm.h"
#include "tlm_platform.h"

using spagm::tlm_unit;
using spagm::txn_extension;
using tlmtest::platform;

namespace {

// The instruction word of one line of assembly.
uint64_t word_of(const char *text) {
  spagm_insn insn;
  spagm_diag d{};
  EXPECT_EQ(spagm_asm_one(text, 1, 1, nullptr, &insn, &d), SPAGM_OK) << d.msg;
  uint64_t w = 0;
  EXPECT_EQ(spagm_encode(&insn, &w, nullptr, &d), SPAGM_OK) << d.msg;
  return w;
}

// One transaction through the unit's txn socket.
struct Txn {
  txn_extension x;
  tlm::tlm_generic_payload p;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;

  Txn(const char *text, uint32_t lanes = 0xFFFFFFFFu, uint32_t tag = 7) {
    x.req.insn = word_of(text);
    x.req.lane_mask = lanes;
    x.req.tag = tag;
    for (unsigned l = 0; l < SPAGM_LANES; l++) x.req.vertex[l] = l;
    x.attach(p);
  }
  ~Txn() { p.clear_extension(&x); }  // the payload does not own x
  tlm::tlm_response_status send(spagm_unit u) {
    platform().txn[u]->b_transport(p, delay);
    return p.get_response_status();
  }
};

// One configuration access through the unit's cfg socket.
tlm::tlm_response_status cfg_access(spagm_unit u, tlm::tlm_command cmd, uint64_t addr,
                                    void *data, unsigned len, sc_core::sc_time *delay = nullptr) {
  tlm::tlm_generic_payload p;
  p.set_command(cmd);
  p.set_address(addr);
  p.set_data_ptr(static_cast<unsigned char *>(data));
  p.set_data_length(len);
  p.set_streaming_width(len);
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  platform().cfg[u]->b_transport(p, delay ? *delay : t);
  return p.get_response_status();
}

// The wrapper returns exactly what a direct call of the C model returns for
// the same state and request: it adds no model logic.
TEST(TlmWrapper, Pixld_ResponseEqualsDirectModelCall) {
  uint32_t ps = SPAGM_STAGE_PS, samples = 4;
  ASSERT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x00, &ps, 4), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x04, &samples, 4),
            tlm::TLM_OK_RESPONSE);
  Txn t("PIXLD.COVMASK R0;");
  for (unsigned l = 0; l < SPAGM_LANES; l++) t.x.req.coverage[l] = (uint16_t)(0x1F3u >> (l % 4));
  ASSERT_EQ(t.send(SPAGM_UNIT_PIX), tlm::TLM_OK_RESPONSE) << platform().pix.last_error();
  EXPECT_EQ(t.x.status, SPAGM_OK);

  spagm_model *m = spagm_model_new();
  spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr);
  spagm_pix_set_samples(m, 4, nullptr);
  spagm_response want;
  ASSERT_EQ(spagm_execute(m, &t.x.req, &want), SPAGM_OK);
  spagm_model_free(m);
  EXPECT_EQ(std::memcmp(&want, &t.x.rsp, sizeof want), 0);
  EXPECT_EQ(t.x.rsp.tag, 7u);
  EXPECT_EQ(t.x.rsp.wb_value[0][1], 0x1F3u >> 1 & 0xF);  // R13: bits >= 4 samples read 0
}

// docs/systemc.md timing model: (fixed + ceil(lanes / width)) cycles.
TEST(TlmWrapper_Timing, Latency_IsFixedPlusLaneGroups) {
  Txn full("ALD R0, a[0x70];"), three("ALD R0, a[0x70];", 0x7u);
  ASSERT_EQ(full.send(SPAGM_UNIT_ATTR), tlm::TLM_OK_RESPONSE) << platform().attr.last_error();
  ASSERT_EQ(three.send(SPAGM_UNIT_ATTR), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(full.delay, sc_core::sc_time(6 + 4, sc_core::SC_NS));
  EXPECT_EQ(three.delay, sc_core::sc_time(6 + 1, sc_core::SC_NS));
  spagm::unit_timing tex = spagm::unit_timing::defaults(SPAGM_UNIT_TEX);
  EXPECT_EQ(tex.latency(0xFFFFFFFFu), sc_core::sc_time(20 + 8, sc_core::SC_NS));
  EXPECT_EQ(tex.latency(0), sc_core::sc_time(20, sc_core::SC_NS));
}

// An error response costs no time and leaves the delay as it was.
TEST(TlmWrapper_Timing, ErrorResponse_AddsNoTime) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_address(4);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(t.delay, sc_core::SC_ZERO_TIME);
}

TEST(TlmWrapper, ReadCommand_IsCommandError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_command(tlm::TLM_READ_COMMAND);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(t.x.status, SPAGM_E_ARG);
}

TEST(TlmWrapper, IgnoreCommand_IsCommandError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_command(tlm::TLM_IGNORE_COMMAND);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_COMMAND_ERROR_RESPONSE);
}

TEST(TlmWrapper, WrongLength_IsGenericError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_data_length(sizeof(spagm_request) - 4);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_NE(platform().attr.last_error().find("spagm_request"), std::string::npos);
}

TEST(TlmWrapper, NoData_IsGenericError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_data_ptr(nullptr);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_GENERIC_ERROR_RESPONSE);
}

TEST(TlmWrapper, NoExtension_IsGenericError) {
  Txn t("ALD R0, a[0x70];");
  t.p.clear_extension(&t.x);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_GENERIC_ERROR_RESPONSE);
  t.p.set_extension(&t.x);  // for ~Txn
}

TEST(TlmWrapper, NonzeroAddress_IsAddressError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_address(0x1000);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(TlmWrapper, ByteEnables_IsByteEnableError) {
  Txn t("ALD R0, a[0x70];");
  unsigned char be[4] = {0xFF, 0, 0xFF, 0};
  t.p.set_byte_enable_ptr(be);
  t.p.set_byte_enable_length(4);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
}

TEST(TlmWrapper, ShortStreamingWidth_IsBurstError) {
  Txn t("ALD R0, a[0x70];");
  t.p.set_streaming_width(4);
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_BURST_ERROR_RESPONSE);
}

// N-note (docs/spec-notes.md): a word of another unit is a routing error.
TEST(TlmWrapper, OtherUnitsInstruction_IsGenericError) {
  Txn t("TLDS.LZ RZ, R0, R2, 0x1, 1D, R;");
  uint64_t before = platform().attr.transactions();
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(platform().attr.transactions(), before);
  EXPECT_NE(platform().attr.last_error().find("tex unit"), std::string::npos);
}

// An undecodable word is an instruction fault, answered by the model.
TEST(TlmWrapper, IllegalWord_IsOkWithIllegalEncodingFault) {
  Txn t("ALD R0, a[0x70];");
  t.x.req.insn = 0xFFFFFFFFFFFFFFFFull;
  EXPECT_EQ(t.send(SPAGM_UNIT_ATTR), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(t.x.rsp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
}

// ---- Configuration socket (register map) -------------------------------------

TEST(TlmWrapperCfg, RegisterWriteThenRead_RoundTrips) {
  uint32_t w[2] = {SPAGM_STAGE_PS, 8}, r[2] = {0, 0};
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  ASSERT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x00, w, 8, &delay),
            tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_READ_COMMAND, 0x00, r, 8), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(r[0], (uint32_t)SPAGM_STAGE_PS);
  EXPECT_EQ(r[1], 8u);
  EXPECT_EQ(delay, sc_core::sc_time(2, sc_core::SC_NS));  // one cycle a word
}

TEST(TlmWrapperCfg, ValueARegisterCannotHold_IsAddressError) {
  uint32_t samples = 3;  // 1, 2, 4, 8 or 16
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x04, &samples, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(TlmWrapperCfg, UnmappedAddress_IsAddressError) {
  uint32_t v = 0;
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_READ_COMMAND, 0x0FFFFFFC, &v, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_READ_COMMAND, 0xFFFF0000ull << 16, &v, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(TlmWrapperCfg, UnalignedWord_IsAddressError) {
  uint32_t v = 1;
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x02, &v, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x00, &v, 3),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(TlmWrapperCfg, IgnoreCommand_IsCommandError) {
  uint32_t v = 1;
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_IGNORE_COMMAND, 0x00, &v, 4),
            tlm::TLM_COMMAND_ERROR_RESPONSE);
}

TEST(TlmWrapperCfg, NoData_IsGenericError) {
  EXPECT_EQ(cfg_access(SPAGM_UNIT_PIX, tlm::TLM_READ_COMMAND, 0x00, nullptr, 4),
            tlm::TLM_GENERIC_ERROR_RESPONSE);
}

// The texture memory window (backdoor, as the co-simulation's memory model).
TEST(TlmWrapperCfg, TexMemory_WriteThenRead_RoundTrips) {
  const char in[] = "texels!";
  char out[sizeof in] = {};
  uint64_t a = tlm_unit::kMemBase + 0x12345;
  ASSERT_EQ(cfg_access(SPAGM_UNIT_TEX, tlm::TLM_WRITE_COMMAND, a, (void *)in, sizeof in),
            tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(cfg_access(SPAGM_UNIT_TEX, tlm::TLM_READ_COMMAND, a, out, sizeof out),
            tlm::TLM_OK_RESPONSE);
  EXPECT_STREQ(out, in);
}

TEST(TlmWrapperCfg, TexMemoryOnAttrUnit_IsAddressError) {
  uint32_t v = 0;
  EXPECT_EQ(cfg_access(SPAGM_UNIT_ATTR, tlm::TLM_READ_COMMAND, tlm_unit::kMemBase, &v, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(TlmWrapperCfg, TexMemoryPastTheWindow_IsAddressError) {
  uint32_t v = 0;
  uint64_t last = tlm_unit::kMemBase + tlm_unit::kMemSize - 2;
  EXPECT_EQ(cfg_access(SPAGM_UNIT_TEX, tlm::TLM_READ_COMMAND, last, &v, 4),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

// transport_dbg reads the map without time passing; errors transfer 0 bytes.
TEST(TlmWrapperCfg, DebugTransport_ReadsTheMap) {
  uint32_t ps = SPAGM_STAGE_PS, v = 0;
  cfg_access(SPAGM_UNIT_PIX, tlm::TLM_WRITE_COMMAND, 0x00, &ps, 4);
  tlm::tlm_generic_payload p;
  p.set_read();
  p.set_address(0x00);
  p.set_data_ptr(reinterpret_cast<unsigned char *>(&v));
  p.set_data_length(4);
  p.set_streaming_width(4);
  EXPECT_EQ(platform().cfg[SPAGM_UNIT_PIX]->transport_dbg(p), 4u);
  EXPECT_EQ(v, (uint32_t)SPAGM_STAGE_PS);
  p.set_address(0x2);
  EXPECT_EQ(platform().cfg[SPAGM_UNIT_PIX]->transport_dbg(p), 0u);
}

}  // namespace

namespace tlmtest {
Platform *the_platform;
Platform &platform() { return *the_platform; }
}  // namespace tlmtest

// SystemC calls sc_main; the platform is elaborated once, then the tests run.
int sc_main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  tlmtest::Platform p("platform");
  tlmtest::the_platform = &p;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration: sockets bound
  return RUN_ALL_TESTS();
}
