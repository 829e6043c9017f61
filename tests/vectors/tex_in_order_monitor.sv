// SPDX-License-Identifier: Apache-2.0
// A second root for the Icarus replay image (tests/vectors/tex_in_order.cmake,
// N244): with SPAGM_HUM0 defined it sets the stand-in
// texture unit's HIT_UNDER_MISS to 0 (N160: acceptance order), and in both
// builds it counts the texture responses whose tag is below one answered
// before (overtaken) and prints the count at the end, with the clock cycles
// from the first accepted request to the last response (the cycle figure of
// the two builds on the same traffic, docs/stimulus.md). Testbench only: it
// reads the DUT's handshakes and the response's tag field, drives nothing.
module tb_tex_order;
`ifdef SPAGM_HUM0
  defparam tb_replay_iverilog.tb.u_tex.g_rtl.dut.HIT_UNDER_MISS = 1'b0;
`endif
  integer n = 0, overtaken = 0, cycle = 0, first_req = -1, last_rsp = 0;
  logic [31:0] tag, max_tag = 0;
  always @(posedge tb_replay_iverilog.tb.u_tex.g_rtl.dut.clk) begin
    cycle = cycle + 1;
    if (first_req < 0 && tb_replay_iverilog.tb.u_tex.g_rtl.dut.req_valid &&
        tb_replay_iverilog.tb.u_tex.g_rtl.dut.req_ready)
      first_req = cycle;
    if (tb_replay_iverilog.tb.u_tex.g_rtl.dut.rsp_valid &&
        tb_replay_iverilog.tb.u_tex.g_rtl.dut.rsp_ready) begin
      tag = tb_replay_iverilog.tb.u_tex.g_rtl.dut.rsp[16823:16792]; // shader_txn_pkg: tag
      if (n > 0 && tag < max_tag) overtaken = overtaken + 1;
      if (n == 0 || tag > max_tag) max_tag = tag;
      n = n + 1;
      last_rsp = cycle;
    end
  end
  final $display("tex_order: HIT_UNDER_MISS=%0d, %0d texture responses, %0d overtaken, %0d cycles from the first request to the last response",
                 tb_replay_iverilog.tb.u_tex.g_rtl.dut.HIT_UNDER_MISS, n, overtaken,
                 last_rsp - first_req + 1);
endmodule
