// SPDX-License-Identifier: Apache-2.0
// tex_fetch: the fetch stage of the texture unit, with NS warp slots in
// flight. A warp is loaded into a free slot when the address stage is done
// (tex_lane_rd_t per lane); the stage sends the 32-byte line requests of
// its slots through tex_mem_if, oldest slot first, and collects the
// responses, which come back in any order and for any slot, by tag into a
// 16-byte texel register per slot and lane. So the next warp's requests go
// out while earlier warps' responses are outstanding, and the memory
// latency (2 to 12 cycles in the co-simulation) is paid once per burst of
// warps instead of once per warp (issue #19).
//
// Slots are allocated and released in acceptance order (a ring: wr_ptr the
// next to load, hd_ptr the oldest). When the oldest slot has all its lines
// and the convert stage takes it (hand_on), its texels move into the
// convert buffer in that one cycle and the slot is free again, so all NS
// slots fetch. The convert stage reads the buffer LANES_PER_CYCLE lanes per
// cycle (c_base); no texel vector shifts or is copied every cycle.
//
// Tags (8 bits, port contract "Texture unit"): slot s, lane l, line b is
// tag 64 s + 2 l + b, so NS <= 3 (tags 192..255 are the header stage's).
// Line 1 is only needed by a 12-byte texel whose words straddle two lines
// (N75). Each slot keeps `pend` (requests not yet sent) and `wait_rsp`
// (sent, not answered); a slot is done when both are empty. A response
// writes the bytes its lane needs from that line:
//   power-of-two texel: bytes off0 .. off0 + bytes - 1 of line0
//   12-byte texel: word 0 from line0, word 1 from line0 or line1 (sel1),
//                  word 2 from line1 (line0 when the texel fits one line)
// A lane that reads nothing keeps texel = 0.
//
// Coalescing (N124): lanes of one warp often read the same line (a quad
// of neighbouring texels, a constant coordinate). When a line request is
// taken, every other request of its slot for the same line address leaves
// `pend` without a tag of its own: it rides on the issued one. When the
// response arrives, its bytes go to every reading lane of the slot whose
// line0 or line1 is that address, each at its own offsets. So a warp sends
// one request per distinct line (4.3 instead of 16.3 per TLDS at the
// co-simulation's seed 1), and a slot is still done when `pend` and
// `wait_rsp` are empty: a rider is filled by the response that clears its
// carrier's wait bit.
//
// Defects: bug_in_order (73) assumes the memory answers in request order:
// the k-th response is written where the k-th request's data belongs,
// whatever its tag. bug_last_slot (79) writes a response's bytes into the
// slot of the most recent request instead of the slot of its tag (the
// bookkeeping still follows the tag), harmless while one warp is in flight.
// bug_no_fanout (81) drops the riders' requests but writes a response into
// its tag's lane only, so the riders keep texel 0. bug_fanout_line0 (82)
// fans a response out by line0 only (line1 only to the tag's own lane): a
// 12-byte texel whose second line rode on another lane's request keeps the
// words it needed from that line (word 2, and word 1 when sel1) at 0.
module tex_fetch
  import shader_txn_pkg::*;
  import tex_pkg::*;
#(
  parameter int NS = 3,               // warp slots, 1..3
  parameter int LPC = 4               // lanes the convert stage reads per cycle
) (
  input  logic                       clk,
  input  logic                       rst_n,
  output logic                       can_load,    // a slot is free
  output logic                       empty,       // every slot is free
  output logic [1:0]                 ld_slot,     // the slot the next load takes
  input  logic                       load,        // a warp enters (address stage done)
  // The address stage's result register before its last shift (lane l at
  // [(l + LPC)*LANE_RD_W +: LANE_RD_W]) and its last lane group, which it
  // computes in the cycle of the load; in_none: the warp reads nothing.
  input  logic [LANES*LANE_RD_W-1:0] in_rd,
  input  logic [LPC*LANE_RD_W-1:0]   in_last,
  input  logic                       in_none,
  input  logic                       in_twelve,   // 12-byte texels
  input  logic                       bug_in_order,
  input  logic                       bug_last_slot,
  input  logic                       bug_no_fanout,
  input  logic                       bug_fanout_line0,
  // requests and responses (tex_mem_if)
  output logic                       f_req,
  output logic [47:0]                f_addr,
  output logic [7:0]                 f_tag,
  input  logic                       f_take,
  input  logic                       f_rsp,
  input  logic [7:0]                 f_rsp_tag,
  input  logic [255:0]               rsp_data,
  // the oldest warp
  output logic                       hd_done,     // all its lines arrived
  output logic [1:0]                 hd_slot,
  output logic                       hd_any,      // some lane of it read a texel
  input  logic                       hand_on,     // the convert stage takes it
  // convert buffer: LPC lanes from lane c_base
  input  logic [4:0]                 c_base,
  output logic [LPC*128-1:0]         c_texels,
  output logic [LPC-1:0]             c_lane_rd
);

  localparam int NL = NS * LANES;

  tex_lane_rd_t rec [NL];             // slot s, lane l at 32 s + l
  logic [127:0] texel [NL];
  logic [LANES-1:0] rd_flags [NS];
  logic [NS-1:0] twelve, loaded;      // loaded: allocated, until handed on
  logic [63:0]  pend [NS];
  logic [63:0]  wait_rsp [NS];
  logic [1:0]   wr_ptr, hd_ptr;
  logic [127:0] cbuf [LANES];         // the convert stage's warp
  logic [LANES-1:0] cbuf_rd;
  logic [1:0]   used;                 // slots allocated

  function automatic logic [1:0] next(input logic [1:0] p);
    return p == 2'(NS - 1) ? 2'd0 : p + 2'd1;
  endfunction

  assign can_load = used != 2'(NS);
  assign empty = used == 2'd0;
  assign ld_slot = wr_ptr;

  // ---- Issue: the oldest loaded slot with requests left, its lowest slot --------------
  // Plain assigns: no always_comb with variables of its own (Icarus 11
  // would count them in its sensitivity).
  logic [1:0]    iss, s1, s2;             // s1, s2: the slots after hd_ptr
  logic          iss_any;
  logic [NS-1:0] has_req;                 // loaded, requests left
  for (genvar s = 0; s < NS; s++) begin : g_has
    assign has_req[s] = loaded[s] && pend[s] != 64'd0;
  end
  assign s1 = next(hd_ptr);
  assign s2 = next(s1);
  assign iss_any = has_req != '0;
  assign iss = has_req[hd_ptr] ? hd_ptr : has_req[s1] ? s1 : s2;

  logic [63:0] iss_pend;
  logic [5:0]  pick;
  assign iss_pend = pend[iss];
  always_comb begin
    pick = 6'd0;
    for (int i = 63; i >= 0; i--)
      if (iss_pend[i]) pick = 6'(i);
  end

  // The issue uses a record's lines, the response its offsets and selects.
  /* verilator lint_off UNUSEDSIGNAL */
  tex_lane_rd_t pick_rec, rsp_rec;
  /* verilator lint_on UNUSEDSIGNAL */
  assign pick_rec = rec[32 * iss + pick[5:1]];
  assign f_req = iss_any;
  assign f_tag = {iss, pick};
  assign f_addr = {pick[0] ? pick_rec.line1 : pick_rec.line0, 5'd0};

  // ---- Where the arriving response's data goes -----------------------------------------
  logic [7:0] order [256];            // defect 73: the issue order of the tags
  logic [7:0] order_wr, order_rd;
  logic [1:0] last_slot;              // defect 79: the slot of the latest request
  logic [7:0] dst, dst_tag;            // tag whose data this is taken to be
  assign dst_tag = bug_in_order ? order[order_rd] : f_rsp_tag;
  assign dst = {bug_last_slot ? last_slot : dst_tag[7:6], dst_tag[5:0]};

  logic [1:0]   rsp_slot;
  logic [4:0]   rsp_lane;
  logic         rsp_line;             // 0: line0, 1: line1
  logic [42:0]  rsp_a;                // the line the response carries
  logic [6:0]   rsp_idx;

  assign rsp_slot = dst[7:6];
  assign rsp_lane = dst[5:1];
  assign rsp_line = dst[0];
  assign rsp_idx = {rsp_slot, rsp_lane};
  assign rsp_rec = rec[rsp_idx];
  assign rsp_a = rsp_line ? rsp_rec.line1 : rsp_rec.line0;

  // ---- Slot ring ----------------------------------------------------------------------------
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      wr_ptr <= 2'd0;
      hd_ptr <= 2'd0;
      used <= 2'd0;
      loaded <= '0;
      order_wr <= 8'd0;
      order_rd <= 8'd0;
      last_slot <= 2'd0;
      for (int s = 0; s < NS; s++) begin
        pend[s] <= 64'd0;
        wait_rsp[s] <= 64'd0;
      end
    end else begin
      if (load) begin : load_slot
        logic [LANES*LANE_RD_W-1:0] full;
        full = (in_rd >> (LPC * LANE_RD_W)) |
               ((LANES * LANE_RD_W)'(in_last) << ((LANES - LPC) * LANE_RD_W));
        wr_ptr <= next(wr_ptr);
        loaded[wr_ptr] <= 1'b1;
        twelve[wr_ptr] <= in_twelve;
        wait_rsp[wr_ptr] <= 64'd0;
        for (int l = 0; l < LANES; l++) begin
          rec[32 * wr_ptr + l] <= full[l*LANE_RD_W +: LANE_RD_W];
          pend[wr_ptr][2*l] <= !in_none && full[l*LANE_RD_W + LANE_RD_W - 1];
          pend[wr_ptr][2*l + 1] <= !in_none && full[l*LANE_RD_W + LANE_RD_W - 1] &&
                                   full[l*LANE_RD_W + LANE_RD_W - 2];
          rd_flags[wr_ptr][l] <= !in_none && full[l*LANE_RD_W + LANE_RD_W - 1];
        end
      end
      if (hand_on) begin
        hd_ptr <= next(hd_ptr);
        loaded[hd_ptr] <= 1'b0;
      end
      used <= used + 2'(load) - 2'(hand_on);
      if (f_take) begin
        // N124: the requests of this slot for the same line ride on this one.
        for (int l = 0; l < LANES; l++) begin : riders
          /* verilator lint_off UNUSEDSIGNAL */
          tex_lane_rd_t r;   // its lines only
          /* verilator lint_on UNUSEDSIGNAL */
          r = rec[32 * iss + l];
          if (r.line0 == f_addr[47:5]) pend[iss][2*l] <= 1'b0;
          if (r.line1 == f_addr[47:5]) pend[iss][2*l + 1] <= 1'b0;
        end
        pend[iss][pick] <= 1'b0;
        wait_rsp[iss][pick] <= 1'b1;
        order[order_wr] <= f_tag;
        order_wr <= order_wr + 8'd1;
        last_slot <= iss;
      end
      if (f_rsp) begin
        wait_rsp[f_rsp_tag[7:6]][f_rsp_tag[5:0]] <= 1'b0;
        order_rd <= order_rd + 8'd1;
      end
    end
  end

  // Records and texels: written on a load (the whole warp) and per response.
  // A slot's load and a response never meet: a slot is loaded only when no
  // request of it is outstanding.
  always_ff @(posedge clk) begin
    if (load)
      for (int l = 0; l < LANES; l++) texel[32 * wr_ptr + l] <= 128'd0;
    // N124: every reading lane of the slot that needs this line takes its
    // bytes; the tag's own lane is one of them. Line1 counts only where the
    // texel straddles (two), so a stale line1 never matches.
    if (f_rsp) begin
      for (int l = 0; l < LANES; l++) begin : fan_out
        /* verilator lint_off UNUSEDSIGNAL */
        tex_lane_rd_t r;     // rd and the low offset bits are not needed
        /* verilator lint_on UNUSEDSIGNAL */
        logic own, on0, on1;
        r = rec[32 * rsp_slot + l];
        own = 5'(l) == rsp_lane;
        on0 = bug_no_fanout ? own && !rsp_line : r.line0 == rsp_a;
        on1 = bug_no_fanout || bug_fanout_line0 ? own && rsp_line
            : r.two && r.line1 == rsp_a;
        if (rd_flags[rsp_slot][l]) begin
          if (!twelve[rsp_slot]) begin
            if (on0) texel[32 * rsp_slot + l] <= 128'(rsp_data >> {r.off0, 3'd0});
          end else begin
            if (on0) texel[32 * rsp_slot + l][31:0] <= rsp_data[32*r.off0[4:2] +: 32];
            if (r.sel1 ? on1 : on0)
              texel[32 * rsp_slot + l][63:32] <= rsp_data[32*r.off1[4:2] +: 32];
            if (r.two ? on1 : on0)
              texel[32 * rsp_slot + l][95:64] <= rsp_data[32*r.off2[4:2] +: 32];
          end
        end
      end
    end
  end

  assign hd_slot = hd_ptr;
  assign hd_done = loaded[hd_ptr] && pend[hd_ptr] == 64'd0 && wait_rsp[hd_ptr] == 64'd0;
  assign hd_any = rd_flags[hd_ptr] != '0;

  // ---- Convert buffer ------------------------------------------------------------------------
  always_ff @(posedge clk) begin
    if (!rst_n) cbuf_rd <= '0;
    else if (hand_on) begin
      cbuf_rd <= rd_flags[hd_ptr];
      for (int l = 0; l < LANES; l++) cbuf[l] <= texel[32 * hd_ptr + l];
    end
  end

  for (genvar k = 0; k < LPC; k++) begin : g_c
    assign c_texels[128*k +: 128] = cbuf[c_base + 5'(k)];
    assign c_lane_rd[k] = cbuf_rd[c_base + 5'(k)];
  end

endmodule : tex_fetch
