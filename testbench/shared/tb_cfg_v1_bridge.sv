// SPDX-License-Identifier: Apache-2.0
// tb_cfg_v1_bridge: connects the testbenches' version-2 configuration port
// (bursts of up to 32 words, docs/port-contract.md N120-N123) to an RTL
// unit that still has the version-1 port: one word per access, cfg_rdata
// the cycle after cfg_re, a write only while the unit is idle and never
// two cycles in a row (so a clear can lower idle before the next write).
// Selected per unit by SPAGM_<UNIT>_CFG_PORT=1 (tb_rtl_tops.svh,
// docs/own-rtl.md). Plain SystemVerilog for Verilator 5 and Icarus 11.
//
// A burst is taken when the bridge is free, then its masked words go out in
// ascending address order; a read burst's answer (cfg_rvalid) follows the
// last word's data.
module tb_cfg_v1_bridge (
  input  logic          clk,
  input  logic          rst_n,
  // version 2, from the testbench
  input  logic          cfg_valid,
  output logic          cfg_ready,
  input  logic          cfg_write,
  input  logic [31:0]   cfg_addr,
  input  logic [31:0]   cfg_mask,
  input  logic [1023:0] cfg_wdata,
  output logic          cfg_rvalid,
  output logic [1023:0] cfg_rdata,
  // version 1, to the unit
  output logic          v1_we,
  output logic          v1_re,
  output logic [31:0]   v1_addr,
  output logic [31:0]   v1_wdata,
  input  logic [31:0]   v1_rdata,
  input  logic          idle,      // the unit's
  output logic          idle_out   // the unit's, low while a burst is under way
);
  logic          busy, write;
  logic [31:0]   base, left;
  logic [1023:0] data;
  logic          rd1, rd2, last1, last2;  // a read issued one / two edges ago
  logic [4:0]    k1, k2;                  // and its word

  // The lowest word still to go.
  logic [4:0] k;
  always @* begin
    k = 5'd0;
    for (int i = 31; i >= 0; i--) if (left[i]) k = 5'(i);
  end

  assign cfg_ready = !busy;
  // A write issued this cycle may still lower idle (a clear) the next.
  assign idle_out = idle && !busy && !v1_we;

  always_ff @(posedge clk) begin
    v1_we <= 1'b0;
    v1_re <= 1'b0;
    cfg_rvalid <= 1'b0;
    if (!rst_n) begin
      busy <= 1'b0;
      rd1 <= 1'b0;
      rd2 <= 1'b0;
      last1 <= 1'b0;
      last2 <= 1'b0;
      left <= '0;
    end else begin
      // Read data: valid the cycle after v1_re, taken one edge later.
      rd2 <= rd1;
      k2 <= k1;
      last2 <= last1;
      rd1 <= 1'b0;
      last1 <= 1'b0;
      if (rd2) cfg_rdata[32*k2 +: 32] <= v1_rdata;
      if (rd2 && last2) begin
        cfg_rvalid <= 1'b1;
        busy <= 1'b0;
      end
      if (!busy && cfg_valid && cfg_mask == 0) begin
        // An empty burst (the contract never sends one): nothing to do, a
        // read is answered at once.
        cfg_rvalid <= !cfg_write;
      end else if (!busy && cfg_valid) begin
        busy <= 1'b1;
        write <= cfg_write;
        base <= cfg_addr;
        left <= cfg_mask;
        data <= cfg_wdata;
      end else if (busy && left != 0) begin
        if (write) begin
          if (idle && !v1_we) begin
            v1_we <= 1'b1;
            v1_addr <= base + {25'd0, k, 2'b00};
            v1_wdata <= data[32*k +: 32];
            left[k] <= 1'b0;
            if ((left & (left - 32'd1)) == 0) busy <= 1'b0;  // the burst's last word
          end
        end else begin
          v1_re <= 1'b1;
          v1_addr <= base + {25'd0, k, 2'b00};
          rd1 <= 1'b1;
          k1 <= k;
          last1 <= (left & (left - 32'd1)) == 0;
          left[k] <= 1'b0;
        end
      end
    end
  end
endmodule : tb_cfg_v1_bridge
