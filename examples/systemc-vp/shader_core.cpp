// SPDX-License-Identifier: Apache-2.0
// shader_core.h: configure, then fetch / issue / retire, loosely timed.
#include "shader_core.h"

#include <cinttypes>
#include <cstdio>

#include "spagm/sc/tlm_unit.h"

shader_core::shader_core(sc_core::sc_module_name n) : sc_core::sc_module(n) {
  spagm_regfile_init(&rf);
  for (unsigned l = 0; l < SPAGM_LANES; l++) {  // the warp's launch state
    rf.vertex[l] = l;                           // VS: one vertex per lane
    rf.coverage[l] = (uint16_t)(0xFu >> (l % 4));  // PS: the pixel's samples
    rf.r[4][l] = l % 8;                         // s and t of a texel
    rf.r[5][l] = l / 8;
  }
  qk.reset();
  SC_THREAD(run);
}

void shader_core::run() {
  configure(SPAGM_UNIT_ATTR, attr_setup());
  configure(SPAGM_UNIT_PIX, pix_setup());
  configure(SPAGM_UNIT_TEX, tex_setup());
  for (unsigned pc = 0; pc < program_words; pc++) {
    uint64_t word = 0;
    if (!fetch(pc, &word)) break;
    issue(pc, word, pc + 1);
  }
  qk.sync();
  printf("systemc-vp: program done at %s with %u error(s)\n",
         sc_core::sc_time_stamp().to_string().c_str(), errors);
}

// A driver's writes into the unit's register map (and texture memory).
void shader_core::configure(spagm_unit u, const std::vector<cfg_write> &words) {
  tlm::tlm_generic_payload p;
  for (const cfg_write &w : words) {
    uint32_t data = w.data;
    p.set_command(tlm::TLM_WRITE_COMMAND);
    p.set_address(w.addr);
    p.set_data_ptr(reinterpret_cast<unsigned char *>(&data));
    p.set_data_length(4);
    p.set_streaming_width(4);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time t = qk.get_local_time();
    cfg[u]->b_transport(p, t);
    qk.set(t);
    if (p.is_response_error()) errors++;
    if (qk.need_sync()) qk.sync();
  }
  printf("systemc-vp: %-4s unit configured through its cfg socket: %zu words, done at %s\n",
         spagm_unit_name(u), words.size(),
         (sc_core::sc_time_stamp() + qk.get_local_time()).to_string().c_str());
}

bool shader_core::fetch(unsigned pc, uint64_t *word) {
  tlm::tlm_generic_payload p;
  p.set_command(tlm::TLM_READ_COMMAND);
  p.set_address(8ull * pc);
  p.set_data_ptr(reinterpret_cast<unsigned char *>(word));
  p.set_data_length(8);
  p.set_streaming_width(8);
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time t = qk.get_local_time();
  imem->b_transport(p, t);
  qk.set(t);
  if (p.is_response_error()) errors++;
  return p.is_response_ok();
}

// One warp instruction: operands from the register file (spagm_issue), the
// transaction to its unit, the results back (spagm_retire).
void shader_core::issue(unsigned pc, uint64_t word, uint32_t tag) {
  spagm_insn insn;
  if (spagm_decode(word, &insn, nullptr) != SPAGM_OK) {
    printf("systemc-vp: pc %u: 0x%016" PRIx64 " does not decode\n", pc, word);
    errors++;
    return;
  }
  // [vp_transaction] the API reference's example (spagm/sc/txn_extension.h)
  spagm::txn_extension x;
  tlm::tlm_generic_payload p;
  spagm_issue(&insn, word, &rf, 0xFFFFFFFFu, tag, &x.req);
  x.attach(p);
  spagm_unit u = spagm_op_unit(insn.op);
  sc_core::sc_time before = qk.get_local_time(), t = before;
  txn[u]->b_transport(p, t);
  qk.set(t);
  p.clear_extension(&x);
  // [vp_transaction]
  char dis[160];
  spagm_disasm(&insn, 0, dis, sizeof dis);
  printf("systemc-vp: %8s  %-4s %-40s latency %s\n",
         (sc_core::sc_time_stamp() + before).to_string().c_str(), spagm_unit_name(u), dis,
         (t - before).to_string().c_str());
  if (!p.is_response_ok() || x.rsp.fault != SPAGM_FAULT_NONE) {
    printf("systemc-vp:   error: %s, fault %s\n", p.get_response_string().c_str(),
           spagm_fault_name((spagm_fault)x.rsp.fault));
    errors++;
    return;
  }
  spagm_retire(&x.rsp, &rf);
  print_result(x.rsp);
  if (qk.need_sync()) qk.sync();
}

// Lanes 0..3 of each register the instruction wrote, or its stores.
void shader_core::print_result(const spagm_response &rsp) {
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) {
    if (!rsp.wb_valid[s]) continue;
    printf("systemc-vp:            R%-3u lanes 0..3 = 0x%08x 0x%08x 0x%08x 0x%08x\n",
           rsp.wb_reg[s], rsp.wb_value[s][0], rsp.wb_value[s][1], rsp.wb_value[s][2],
           rsp.wb_value[s][3]);
  }
  for (unsigned c = 0; c < SPAGM_ST_COMPS; c++) {
    if (!rsp.st_mask[c]) continue;
    printf("systemc-vp:            store %s lanes 0x%08x: [0x%05x] = 0x%08x ...\n",
           spagm_space_name((spagm_space)rsp.st_space), rsp.st_mask[c], rsp.st_addr[c][0],
           rsp.st_data[c][0]);
  }
}
