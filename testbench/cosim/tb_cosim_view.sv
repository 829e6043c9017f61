// SPDX-License-Identifier: Apache-2.0
// tb_cosim_view: one unit's request and response (tb_cosim_unit.sv) as
// named, decoded signals for the waves (docs/cosim.md, "Waves"). The ports
// carry 12032- and 16824-bit packed vectors that a waveform viewer cannot
// show usefully; here every field is a signal of its own and every lane
// value an element of a 32-entry array (lane 0 first), so GTKWave lists
// `req_a0[5]` next to `rsp_wb_value0[5]`. Nothing reads these signals:
// they exist to be traced. Their inputs change only on a delivery while
// tracing (tb_cosim_unit.sv's `view_tick` block), so a run without
// waves never evaluates this decode.
//
// With the delivered response come the model's expected one (`exp_*`, the
// same fields) and, per write-back slot and lane, the bits that differ
// outside the don't-care bits (`mismatch_bits<i>[lane]`, 0 on a lane the
// model does not write), so a lane's actual, expected and mismatching bits
// stand side by side (N211).
module tb_cosim_view
  import spagm_txn_pkg::*;
(
  input spagm_request_t  req,  // the request of the delivered response's tag (held)
  input spagm_response_t rsp,  // the delivered response (held)
  input spagm_response_t exp   // the model's expected response (held)
);
  localparam int L = SPAGM_LANES;

  // ---- Request -----------------------------------------------------------
  logic [31:0] req_tag, req_lane_mask;
  logic [63:0] req_insn;    // GTKWave shows it as disassembly (spagm gtkwave-filter)
  logic [15:0] req_opcode;  // insn[63:48]: the opcode bits of ALD..PIXLD (DESIGN §7.1)
  logic [31:0] req_a0[L], req_a1[L], req_b0[L], req_b1[L], req_c[L];
  logic [31:0] req_d0[L], req_d1[L], req_d2[L], req_d3[L];
  logic [31:0] req_vertex[L], req_primitive[L];
  logic [15:0] req_coverage[L];
  logic [3:0] req_sample[L];

  assign req_tag = req.tag;
  assign req_insn = req.insn;
  assign req_opcode = req.insn[63:48];
  assign req_lane_mask = req.lane_mask;
  always_comb
    for (int l = 0; l < L; l++) begin
      req_a0[l] = req.a[0][l];
      req_a1[l] = req.a[1][l];
      req_b0[l] = req.b[0][l];
      req_b1[l] = req.b[1][l];
      req_c[l] = req.c[l];
      req_d0[l] = req.d[0][l];
      req_d1[l] = req.d[1][l];
      req_d2[l] = req.d[2][l];
      req_d3[l] = req.d[3][l];
      req_vertex[l] = req.vertex[l];
      req_primitive[l] = req.primitive_id[l];
      req_coverage[l] = req.coverage[l];
      req_sample[l] = req.sample[l];
    end

  // ---- Response ----------------------------------------------------------
  // Write-back slot i: register rsp_wb_reg<i>, lanes rsp_wb_valid<i>,
  // values rsp_wb_value<i>[lane], undefined bits rsp_wb_dontcare<i>[lane].
  logic [31:0] rsp_tag, rsp_fault_lanes, rsp_pd_written, rsp_pd_value;
  logic [7:0] rsp_fault, rsp_pd, rsp_st_space;
  logic [7:0] rsp_wb_reg0, rsp_wb_reg1, rsp_wb_reg2, rsp_wb_reg3;
  logic [31:0] rsp_wb_valid0, rsp_wb_valid1, rsp_wb_valid2, rsp_wb_valid3;
  logic [31:0] rsp_wb_value0[L], rsp_wb_value1[L], rsp_wb_value2[L], rsp_wb_value3[L];
  logic [31:0] rsp_wb_dontcare0[L], rsp_wb_dontcare1[L], rsp_wb_dontcare2[L];
  logic [31:0] rsp_wb_dontcare3[L];
  // Store component k: lanes rsp_st_mask<k>, byte address and data per lane.
  logic [31:0] rsp_st_mask0, rsp_st_mask1, rsp_st_mask2, rsp_st_mask3;
  logic [31:0] rsp_st_addr0[L], rsp_st_addr1[L], rsp_st_addr2[L], rsp_st_addr3[L];
  logic [31:0] rsp_st_data0[L], rsp_st_data1[L], rsp_st_data2[L], rsp_st_data3[L];

  assign rsp_tag = rsp.tag;
  assign rsp_fault = rsp.fault;
  assign rsp_fault_lanes = rsp.fault_lanes;
  assign rsp_pd = rsp.pd;
  assign rsp_pd_written = rsp.pd_written;
  assign rsp_pd_value = rsp.pd_value;
  assign rsp_st_space = rsp.st_space;
  assign {rsp_wb_reg3, rsp_wb_reg2, rsp_wb_reg1, rsp_wb_reg0} = rsp.wb_reg;
  assign {rsp_wb_valid3, rsp_wb_valid2, rsp_wb_valid1, rsp_wb_valid0} = rsp.wb_valid;
  assign {rsp_st_mask3, rsp_st_mask2, rsp_st_mask1, rsp_st_mask0} = rsp.st_mask;
  always_comb
    for (int l = 0; l < L; l++) begin
      rsp_wb_value0[l] = rsp.wb_value[0][l];
      rsp_wb_value1[l] = rsp.wb_value[1][l];
      rsp_wb_value2[l] = rsp.wb_value[2][l];
      rsp_wb_value3[l] = rsp.wb_value[3][l];
      rsp_wb_dontcare0[l] = rsp.wb_dontcare[0][l];
      rsp_wb_dontcare1[l] = rsp.wb_dontcare[1][l];
      rsp_wb_dontcare2[l] = rsp.wb_dontcare[2][l];
      rsp_wb_dontcare3[l] = rsp.wb_dontcare[3][l];
      rsp_st_addr0[l] = rsp.st_addr[0][l];
      rsp_st_addr1[l] = rsp.st_addr[1][l];
      rsp_st_addr2[l] = rsp.st_addr[2][l];
      rsp_st_addr3[l] = rsp.st_addr[3][l];
      rsp_st_data0[l] = rsp.st_data[0][l];
      rsp_st_data1[l] = rsp.st_data[1][l];
      rsp_st_data2[l] = rsp.st_data[2][l];
      rsp_st_data3[l] = rsp.st_data[3][l];
    end

  // ---- Expected response and mismatching bits ----------------------------
  logic [31:0] exp_fault_lanes, exp_pd_written, exp_pd_value;
  logic [7:0] exp_fault, exp_pd, exp_st_space;
  logic [7:0] exp_wb_reg0, exp_wb_reg1, exp_wb_reg2, exp_wb_reg3;
  logic [31:0] exp_wb_valid0, exp_wb_valid1, exp_wb_valid2, exp_wb_valid3;
  logic [31:0] exp_wb_value0[L], exp_wb_value1[L], exp_wb_value2[L], exp_wb_value3[L];
  logic [31:0] exp_wb_dontcare0[L], exp_wb_dontcare1[L], exp_wb_dontcare2[L];
  logic [31:0] exp_wb_dontcare3[L];
  logic [31:0] exp_st_mask0, exp_st_mask1, exp_st_mask2, exp_st_mask3;
  logic [31:0] exp_st_addr0[L], exp_st_addr1[L], exp_st_addr2[L], exp_st_addr3[L];
  logic [31:0] exp_st_data0[L], exp_st_data1[L], exp_st_data2[L], exp_st_data3[L];
  logic [31:0] mismatch_bits0[L], mismatch_bits1[L], mismatch_bits2[L], mismatch_bits3[L];

  assign exp_fault = exp.fault;
  assign exp_fault_lanes = exp.fault_lanes;
  assign exp_pd = exp.pd;
  assign exp_pd_written = exp.pd_written;
  assign exp_pd_value = exp.pd_value;
  assign exp_st_space = exp.st_space;
  assign {exp_wb_reg3, exp_wb_reg2, exp_wb_reg1, exp_wb_reg0} = exp.wb_reg;
  assign {exp_wb_valid3, exp_wb_valid2, exp_wb_valid1, exp_wb_valid0} = exp.wb_valid;
  assign {exp_st_mask3, exp_st_mask2, exp_st_mask1, exp_st_mask0} = exp.st_mask;
  // (actual ^ expected) outside the don't-care bits, on the lanes the model
  // writes (docs/port-contract.md, "What is compared").
  function automatic logic [31:0] diff(int s, int l);
    return exp.wb_valid[s][l] ? (rsp.wb_value[s][l] ^ exp.wb_value[s][l]) &
                                ~exp.wb_dontcare[s][l] : 32'd0;
  endfunction
  always_comb
    for (int l = 0; l < L; l++) begin
      exp_wb_value0[l] = exp.wb_value[0][l];
      exp_wb_value1[l] = exp.wb_value[1][l];
      exp_wb_value2[l] = exp.wb_value[2][l];
      exp_wb_value3[l] = exp.wb_value[3][l];
      exp_wb_dontcare0[l] = exp.wb_dontcare[0][l];
      exp_wb_dontcare1[l] = exp.wb_dontcare[1][l];
      exp_wb_dontcare2[l] = exp.wb_dontcare[2][l];
      exp_wb_dontcare3[l] = exp.wb_dontcare[3][l];
      exp_st_addr0[l] = exp.st_addr[0][l];
      exp_st_addr1[l] = exp.st_addr[1][l];
      exp_st_addr2[l] = exp.st_addr[2][l];
      exp_st_addr3[l] = exp.st_addr[3][l];
      exp_st_data0[l] = exp.st_data[0][l];
      exp_st_data1[l] = exp.st_data[1][l];
      exp_st_data2[l] = exp.st_data[2][l];
      exp_st_data3[l] = exp.st_data[3][l];
      mismatch_bits0[l] = diff(0, l);
      mismatch_bits1[l] = diff(1, l);
      mismatch_bits2[l] = diff(2, l);
      mismatch_bits3[l] = diff(3, l);
    end
endmodule : tb_cosim_view
