// SPDX-License-Identifier: Apache-2.0
// tex_fetch: the fetch stage of the texture unit. It holds one warp's
// texel reads (tex_lane_rd_t per lane, from the address stage), sends
// their 32-byte line requests through tex_mem_if and collects the
// responses, which come back in any order, into a 16-byte texel register
// per lane.
//
// Request slot 2l is lane l's line0, slot 2l+1 its line1 (only a 12-byte
// texel whose words straddle two lines needs it, N75); the slot number is
// the memory tag. Each cycle the lowest pending slot is offered; `pend`
// holds the slots not yet sent, `wait_rsp` those sent and not yet
// answered. The stage is done when both are empty. A response writes the
// bytes its lane needs from that line:
//   power-of-two texel: bytes off0 .. off0 + bytes - 1 of line0
//   12-byte texel: word 0 from line0, word 1 from line0 or line1 (sel1),
//                  word 2 from line1 (line0 when the texel fits one line)
// A lane that reads nothing keeps texel = 0.
//
// bug_in_order (defect 73) assumes the memory answers in request order:
// the k-th response is written where the k-th request's data belongs,
// whatever its tag.
module tex_fetch
  import shader_txn_pkg::*;
  import tex_pkg::*;
(
  input  logic                       clk,
  input  logic                       rst_n,
  input  logic                       load,        // a warp enters (address stage done)
  input  logic [LANES*LANE_RD_W-1:0] in_rd,       // lane l at [l*LANE_RD_W +: LANE_RD_W]
  input  logic                       in_twelve,   // 12-byte texels
  input  logic                       bug_in_order,
  // requests and responses (tex_mem_if)
  output logic                       f_req,
  output logic [47:0]                f_addr,
  output logic [5:0]                 f_tag,
  input  logic                       f_take,
  input  logic                       f_rsp,
  input  logic [5:0]                 f_rsp_tag,
  input  logic [255:0]               rsp_data,
  // results
  output logic                       done,
  output logic [LANES*128-1:0]       texels,      // lane l at [128*l +: 128]
  output logic [LANES-1:0]           lane_rd      // the lane read a texel
);

  tex_lane_rd_t     rec [LANES];
  logic             twelve;
  logic [63:0]      pend, wait_rsp;
  logic [127:0]     texel [LANES];
  logic [LANES-1:0] rd_flags;       // rec[l].rd, kept apart for the output

  // rd and two are the two top bits of a record (tex_pkg).
  tex_lane_rd_t     in_rec [LANES];
  logic [LANES-1:0] in_rd_bit, in_two_bit;
  for (genvar l = 0; l < LANES; l++) begin : g_in
    assign in_rec[l] = in_rd[l*LANE_RD_W +: LANE_RD_W];
    assign in_rd_bit[l] = in_rd[l*LANE_RD_W + LANE_RD_W - 1];
    assign in_two_bit[l] = in_rd[l*LANE_RD_W + LANE_RD_W - 2];
  end

  // ---- Issue: lowest pending slot -------------------------------------------------------
  logic [5:0] pick;
  always_comb begin
    pick = 6'd0;
    for (int i = 63; i >= 0; i--)
      if (pend[i]) pick = 6'(i);
  end

  // The issue uses a record's lines, the response its offsets and selects.
  /* verilator lint_off UNUSEDSIGNAL */
  tex_lane_rd_t pick_rec, rsp_rec;
  /* verilator lint_on UNUSEDSIGNAL */
  assign pick_rec = rec[pick[5:1]];
  assign f_req = pend != 64'd0;
  assign f_tag = pick;
  assign f_addr = {pick[0] ? pick_rec.line1 : pick_rec.line0, 5'd0};

  // ---- In-order assumption of defect 73: the issue order of the slots ---------------------
  logic [5:0] order [64];
  logic [5:0] order_wr, order_rd;
  logic [5:0] slot;                 // where the arriving response's data goes
  assign slot = bug_in_order ? order[order_rd] : f_rsp_tag;

  // ---- Response: the bytes of the slot's lane -----------------------------------------
  logic [4:0]   rsp_lane;
  logic         rsp_line;           // 0: line0, 1: line1
  logic [127:0] win;                // 16 bytes from the texel's first byte
  logic [31:0]  w0, w1, w2;

  assign rsp_lane = slot[5:1];
  assign rsp_line = slot[0];
  assign rsp_rec = rec[rsp_lane];
  assign win = 128'(rsp_data >> {rsp_rec.off0, 3'd0});
  assign w0 = rsp_data[32*rsp_rec.off0[4:2] +: 32];
  assign w1 = rsp_data[32*rsp_rec.off1[4:2] +: 32];
  assign w2 = rsp_data[32*rsp_rec.off2[4:2] +: 32];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      pend <= 64'd0;
      wait_rsp <= 64'd0;
      order_wr <= 6'd0;
      order_rd <= 6'd0;
      twelve <= 1'b0;
      for (int l = 0; l < LANES; l++) begin
        texel[l] <= 128'd0;
        rec[l] <= '0;
      end
      rd_flags <= '0;
    end else if (load) begin
      twelve <= in_twelve;
      order_wr <= 6'd0;
      order_rd <= 6'd0;
      wait_rsp <= 64'd0;
      for (int l = 0; l < LANES; l++) begin
        rec[l] <= in_rec[l];
        rd_flags[l] <= in_rd_bit[l];
        pend[2*l] <= in_rd_bit[l];
        pend[2*l + 1] <= in_rd_bit[l] && in_two_bit[l];
        texel[l] <= 128'd0;
      end
    end else begin
      if (f_take) begin
        pend[pick] <= 1'b0;
        wait_rsp[pick] <= 1'b1;
        order[order_wr] <= pick;
        order_wr <= order_wr + 6'd1;
      end
      if (f_rsp) begin
        wait_rsp[f_rsp_tag] <= 1'b0;
        order_rd <= order_rd + 6'd1;
        if (!twelve) begin
          if (!rsp_line) texel[rsp_lane] <= win;
        end else begin
          if (!rsp_line) texel[rsp_lane][31:0] <= w0;
          if (rsp_rec.sel1 == rsp_line) texel[rsp_lane][63:32] <= w1;
          if (rsp_rec.two == rsp_line) texel[rsp_lane][95:64] <= w2;
        end
      end
    end
  end

  assign done = pend == 64'd0 && wait_rsp == 64'd0;
  assign lane_rd = rd_flags;

  for (genvar l = 0; l < LANES; l++) begin : g_out
    assign texels[128*l +: 128] = texel[l];
  end

endmodule : tex_fetch
