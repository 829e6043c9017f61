// SPDX-License-Identifier: Apache-2.0
// tb_cosim_mem: the texture unit's memory model in the co-simulation
// (tb_cosim_unit.sv). It answers the memory port of docs/port-contract.md
// ("Texture unit") with the epoch's texture memory in the golden model
// (spagm_dpi_tex_read): each 32-byte read once, after a seeded random latency
// (2 cycles, or the line's own slow latency of 8..39 cycles, a hash of the
// seed and the address: tb_mem_latency_pkg.sv), the ready reads in seeded
// order. Its draws come from the unit's generator (spagm_dpi_random), so
// gaps, backpressure and latencies reproduce with the seed. While
// mem_rsp_valid is low, mem_rsp_tag and mem_rsp_data carry seeded random
// bits (tb_dontcare_pkg.sv). tb_replay_mem.sv does the same without DPI.
// DPI functions are called only from the clocked block, on handshakes.
module tb_cosim_mem
  import spagm_dpi_pkg::*;
  import tb_cosim_pkg::*;
  import tb_mem_latency_pkg::*;
#(
  parameter int UNIT = UNIT_TEX,    // whose generator the draws come from
  parameter int SLOTS = MEM_SLOTS   // reads held at once
) (
  input  logic         clk,
  tb_cosim_run_if      run,
  input  ctrl_t        ctrl,
  // The unit's memory port (docs/port-contract.md, "Texture unit").
  input  logic         mem_req_valid,
  output logic         mem_req_ready = 1'b0,
  input  logic [47:0]  mem_req_addr,
  input  logic [7:0]   mem_req_tag,
  output logic         mem_rsp_valid = 1'b0,
  input  logic         mem_rsp_ready,
  output logic [7:0]   mem_rsp_tag,
  output logic [255:0] mem_rsp_data
);
  // The answer offered (o_*), seen while mem_rsp_valid is high; fresh
  // seeded random bits while it is low, a don't-care (tb_dontcare_pkg.sv).
  logic [7:0] o_tag = '0;
  logic [255:0] o_data = '0;
  logic [63:0] n = '0;  // the draw of this cycle
  logic [255:0] dc_data = '0;
  always_ff @(posedge clk) begin
    dc_data <= {dc_data[191:0], tb_dontcare_pkg::draw(run.seed, UNIT, tb_dontcare_pkg::S_MEM_RSP, n)};
    n <= n + 1;
  end
  assign mem_rsp_tag = mem_rsp_valid ? o_tag : dc_data[255:248];
  assign mem_rsp_data = mem_rsp_valid ? o_data : dc_data;
  logic [SLOTS-1:0] busy = '0;
  logic [7:0] s_tag [SLOTS];
  logic [255:0] s_line [SLOTS];
  logic [5:0] s_wait [SLOTS];  // cycles until the read may be answered

  always_ff @(posedge clk) begin
    bit [255:0] line;
    int k, pick, free;
    if (ctrl == C_RUN) begin
      if (mem_rsp_valid && mem_rsp_ready) mem_rsp_valid <= 1'b0;
      free = -1;
      for (k = 0; k < SLOTS; k++) if (!busy[k]) free = k;
      if (mem_req_valid && mem_req_ready && free >= 0) begin
        spagm_dpi_tex_read(run.h, {16'd0, mem_req_addr}, line);
        busy[free] <= 1'b1;
        s_tag[free] <= mem_req_tag;
        s_line[free] <= line;
        s_wait[free] <= spagm_dpi_random(run.h, UNIT, 50) ? 6'(FAST)
                      : slow_latency(32'(run.seed), mem_req_addr[47:5]);
      end
      // Ready only while a slot is sure to be free for it (one more read
      // may be taken in the cycle this is seen), so no read is dropped.
      mem_req_ready <= 1'b0;
      if ($countones(busy) <= SLOTS - 3) mem_req_ready <= spagm_dpi_random(run.h, UNIT, 80);
      pick = -1;
      for (k = 0; k < SLOTS; k++) begin
        if (busy[k] && s_wait[k] != 0) s_wait[k] <= s_wait[k] - 1;
        // Nested ifs: Verilator does not short-circuit && and || around DPI
        // calls, and a draw is wanted only between two ready reads (N260).
        if (busy[k] && s_wait[k] == 0) begin
          if (pick < 0) pick = k;
          else if (spagm_dpi_random(run.h, UNIT, 50)) pick = k;
        end
      end
      if ((!mem_rsp_valid || mem_rsp_ready) && pick >= 0) begin
        mem_rsp_valid <= 1'b1;
        o_tag <= s_tag[pick];
        o_data <= s_line[pick];
        busy[pick] <= 1'b0;
      end
    end
  end
endmodule : tb_cosim_mem
