// SPDX-License-Identifier: Apache-2.0
// attr_unit_perf: throughput and simulation-speed bench of
// rtl_stubs/attr_unit.sv. Not a correctness test
// (tests/rtl/attr_unit_selftest.sv is): it only counts cycles.
//
// Configures a vertex shader (VSA, 256 vertices, 16 input and 16 output
// attributes), then sends +insns=N requests back to back with rsp_ready
// always high, cycling through a typical mix of eight words (ALD.32,
// ALD.64, ALD.128, AST.32, AST.128, ALD.O.128, AL2P.64, ISBERD.B32), every
// warp's lanes on 32 consecutive vertices (one bank beat per component,
// R1). Then it idles +idle=N cycles (the unit's cost when it has nothing
// to do). Prints the cycles of the stream and cycles per instruction; the
// caller times the run for cycles per second.
//
// Build (Verilator 5, from the repository root):
//   $ verilator --binary -O3 --x-assign fast --x-initial fast -Wno-fatal -Wno-lint -Wno-style \
//     --top-module attr_unit_perf -F rtl_stubs/attr.f tests/rtl/attr_unit_perf.sv
//   $ time obj_dir/Vattr_unit_perf +insns=100000 +idle=0
module attr_unit_perf;
  import shader_txn_pkg::*;

  parameter int LPC = 16;

  logic clk = 1'b0, rst_n = 1'b0;
  logic          cfg_valid = 1'b0, cfg_wr = 1'b0, cfg_ready, cfg_rvalid;
  logic [31:0]   cfg_addr = 32'd0, cfg_mask = 32'd0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;
  logic          idle, req_valid = 1'b0, req_ready, rsp_valid, rsp_ready = 1'b1;
  txn_request_t  req;
  txn_response_t rsp;
  logic [7:0]    bug_sel = 8'd0;

  always #5 clk = !clk;

  attr_unit #(.LANES_PER_CYCLE(LPC)) dut (
    .clk, .rst_n, .bug_sel, .cfg_valid, .cfg_ready, .cfg_write(cfg_wr), .cfg_addr, .cfg_mask,
    .cfg_wdata, .cfg_rvalid, .cfg_rdata, .idle, .req_valid, .req_ready, .req, .rsp_valid,
    .rsp_ready, .rsp);

  task automatic cfg_block(input logic [31:0] a, input logic [31:0] m, input logic [1023:0] d);
    @(negedge clk);
    cfg_valid = 1'b1;
    cfg_wr = 1'b1;
    cfg_addr = a;
    cfg_mask = m;
    cfg_wdata = d;
    #4;
    while (!cfg_ready) begin
      @(negedge clk);
      #4;
    end
    @(negedge clk);
    cfg_valid = 1'b0;
  endtask

  localparam logic [7:0] RZ_ = 8'd255;

  function automatic logic [63:0] enc_ald(input logic [7:0] rd, input logic [10:0] addr,
                                          input logic o, input logic [1:0] size);
    return {15'h77EC, size, RZ_, 6'd0, o, 1'b0, addr, 1'b0, 3'd7, RZ_, rd};
  endfunction
  function automatic logic [63:0] enc_ast(input logic [7:0] rs, input logic [10:0] addr,
                                          input logic [1:0] size);
    return {15'h77F8, size, RZ_, 7'd0, 1'b0, addr, 1'b0, 3'd7, RZ_, rs};
  endfunction
  function automatic logic [63:0] enc_al2p(input logic [7:0] rd, input logic [10:0] imm,
                                           input logic [1:0] size);
    return {15'h77D0, size, 3'd1, 11'd0, 1'b0, 1'b0, imm, 1'b0, 3'd7, 8'd1, rd};
  endfunction
  function automatic logic [63:0] enc_isberd(input logic [7:0] rd);
    return {15'h77E8, 2'd2, 12'd0, 2'd3, 1'b0, 1'b1, 11'd0, 1'b0, 3'd7, 8'd1, rd};
  endfunction

  txn_request_t mix [8];
  int insns = 1000, idle_cycles = 0, sent = 0, got = 0;
  longint t0, t1;

  initial begin
    logic [1023:0] d, vtx, ra;
    logic [4095:0] sd;
    txn_request_t r;
    if (!$value$plusargs("insns=%d", insns)) insns = 1000;
    if (!$value$plusargs("idle=%d", idle_cycles)) idle_cycles = 0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    d = '0;
    d[32*16 +: 32] = 32'd1;
    cfg_block(32'h000, 32'h0001_0000, d);               // clear
    d = '0;
    d[32*3 +: 32] = 32'd256;                            // vertex count
    cfg_block(32'h000, 32'h0000_0008, d);
    d = {32{32'h0000_FFFF}};                            // attributes 0..15 of every map word
    cfg_block(32'h100, 32'hFFFF_FFFF, d);               // IMAP, OMAP, OMAP_prev, IMAP_next
    for (int b = 0; b < 16; b++) cfg_block(32'h1000_0000 + 32'(128 * b), 32'hFFFF_FFFF,
                                           {32{32'h1000_0000 + 32'(b)}});
    // Operands as flat vectors (lane l at [32l +: 32]; store data
    // component c at [32(32c + l) +: 32]), the request layout's order.
    for (int l = 0; l < 32; l++) begin
      vtx[32*l +: 32] = 32'(l + 32);
      ra[32*l +: 32] = 32'(128 * (l % 4) + 4 * l);
      for (int c = 0; c < 4; c++) sd[32*(32*c + l) +: 32] = 32'hD000_0000 | 32'(c << 8) | 32'(l);
    end
    r = '0;
    r.lane_mask = 32'hFFFF_FFFF;
    r.vertex = vtx;
    r.a = {1024'd0, ra};
    r.d = sd;
    r.insn = enc_ald(8'd4, 11'h008, 1'b0, 2'd0);   mix[0] = r;
    r.insn = enc_ald(8'd4, 11'h010, 1'b0, 2'd1);   mix[1] = r;
    r.insn = enc_ald(8'd4, 11'h020, 1'b0, 2'd3);   mix[2] = r;
    r.insn = enc_ast(8'd8, 11'h004, 2'd0);         mix[3] = r;
    r.insn = enc_ast(8'd8, 11'h010, 2'd3);         mix[4] = r;
    r.insn = enc_ald(8'd4, 11'h010, 1'b1, 2'd3);   mix[5] = r;
    r.insn = enc_al2p(8'd4, 11'h008, 2'd1);        mix[6] = r;
    r.insn = enc_isberd(8'd4);                     mix[7] = r;
    @(negedge clk);
    t0 = $time;
    while (sent < insns) begin
      req = mix[sent % 8];
      req.tag = 32'(sent);
      req_valid = 1'b1;
      #4;
      while (!req_ready) begin
        @(negedge clk);
        #4;
      end
      @(negedge clk);
      sent++;
    end
    req_valid = 1'b0;
    while (got < insns) @(negedge clk);
    t1 = $time;
    repeat (idle_cycles) @(negedge clk);
    $display("attr_unit_perf: %0d instructions in %0d cycles, %0.2f cycles per instruction, LANES_PER_CYCLE %0d, %0d idle cycles, %0d cycles in all",
             insns, (t1 - t0) / 10, real'(t1 - t0) / 10.0 / real'(insns), LPC, idle_cycles, $time / 10);
    $finish;
  end

  always @(posedge clk) if (rsp_valid && rsp_ready) got <= got + 1;

endmodule : attr_unit_perf
