// SPDX-License-Identifier: Apache-2.0
// tex_fetch: the fetch stage of the texture unit, with NS warp slots in
// flight. A warp is loaded into a free slot when the address stage is done
// (tex_lane_rd_t per lane); the stage looks its 32-byte lines up in the
// line cache (tex_lcache, N128), two lines per cycle, oldest slot first,
// and collects the answers (cache hits, and lines the cache read from
// memory), which come back in any order and for any slot, up to three per
// cycle, by tag into a 16-byte texel register per slot and lane. So the
// next warp's lines go out while earlier warps' answers are outstanding,
// and the memory latency (2 to 12 cycles in the co-simulation) is paid
// once per burst of warps instead of once per warp.
//
// Slots are loaded into any free slot (the lowest); an age matrix
// (bit NS s + t: slot s was loaded before slot t) orders the loaded ones.
// Lines are looked up oldest slot first. Hit-under-miss (HUM = 1, the
// default): the slot handed on is the oldest slot that has all
// its lines, so a younger warp whose lines hit the line cache leaves before
// an older one that waits for a miss, and the unit answers out of order
// (the port contract allows any order; the response carries the warp's own
// tag, tex_unit keeps the per-warp fields by slot). HUM = 0 hands on the
// oldest slot only, in acceptance order. When a slot is handed on, its
// texels move into the convert buffer in that one cycle and the slot is
// free again, so all NS slots fetch. The convert stage reads the buffer
// LANES_PER_CYCLE lanes per cycle (c_base); no texel vector shifts or is
// copied every cycle.
//
// Tags (8 bits): slot s, lane l, line b is tag 64 s + 2 l + b, so NS <= 3.
// Line 1 is only needed by a 12-byte texel whose words straddle two lines
// (N75). Each slot keeps `pend` (requests not yet sent) and `wait_rsp`
// (sent, not answered); a slot is done when both are empty. An answer
// writes the bytes its lane needs from that line:
//   power-of-two texel: bytes off0 .. off0 + bytes - 1 of line0
//   12-byte texel: word 0 from line0, word 1 from line0 or line1 (sel1),
//                  word 2 from line1 (line0 when the texel fits one line)
// A lane that reads nothing keeps texel = 0.
//
// Coalescing (N124): lanes of one warp often read the same line (a quad
// of neighbouring texels, a constant coordinate). The slot sends its
// lowest pending request (pick0) and the lowest one for another line
// (pick1); every other request of the slot for either line leaves `pend`
// without a tag of its own: it rides on the one sent. An answer's bytes go
// to every reading lane of the slot whose line0 or line1 is that line,
// each at its own offsets. So a warp sends one request per distinct line
// (9.9 instead of 15.3 per TLDS at the co-simulation's seed 1), and a slot
// is still done when `pend` and `wait_rsp` are empty: a rider is filled by
// the answer that clears its carrier's wait bit.
//
// Defects: bug_last_slot (79) writes an answer's bytes into the slot of
// the most recent request instead of the slot of its tag (the bookkeeping
// still follows the tag), harmless while one warp is in flight.
// bug_no_fanout (81) drops the riders' requests but writes an answer into
// its tag's lane only, so the riders keep texel 0. bug_fanout_line0 (82)
// fans an answer out by line0 only (line1 only to the tag's own lane): a
// 12-byte texel whose second line rode on another lane's request keeps the
// words it needed from that line (word 2, and word 1 when sel1) at 0.
// bug_pick1_no_wait (85) sends pick1 without setting its wait bit: the
// slot can be handed on before that line arrives, its lanes at 0, and the
// late answer lands in whatever warp the slot holds then.
module tex_fetch
  import shader_txn_pkg::*;
  import tex_pkg::*;
#(
  parameter int NS = 3,               // warp slots, 1..3
  parameter int LPC = 4,              // lanes the convert stage reads per cycle
  parameter bit HUM = 1'b1            // hit-under-miss: any done slot may leave first
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
  input  logic                       bug_last_slot,
  input  logic                       bug_no_fanout,
  input  logic                       bug_fanout_line0,
  input  logic                       bug_pick1_no_wait,
  // lookups (tex_lcache): line 0 and, only with it, a second line
  output logic                       f_req0,
  output logic                       f_req1,
  output logic [42:0]                f_line0,
  output logic [42:0]                f_line1,
  output logic [7:0]                 f_tag0,
  output logic [7:0]                 f_tag1,
  input  logic                       f_take,
  // answers, any order, up to three per cycle: port k at [8k +: 8], [256k +: 256]
  input  logic [2:0]                 r_valid,
  input  logic [23:0]                r_tag,
  input  logic [767:0]               r_data,
  // the warp handed on next: the oldest with all its lines (HUM), else the oldest
  output logic                       hd_done,     // all its lines arrived
  output logic [1:0]                 hd_slot,
  output logic                       hd_any,      // some lane of it read a texel
  output logic [1:0]                 old_slot,    // the oldest loaded slot (defect 86)
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
  logic [1:0]   wr_ptr, hd_ptr;        // the slot loaded next, the slot handed on
  logic [127:0] cbuf [LANES];         // the convert stage's warp
  logic [LANES-1:0] cbuf_rd;
  logic [NS*NS-1:0] older;            // bit NS s + t: s loaded before t (both loaded)

  // The oldest member of a set of slots: the one older than every other
  // member (at most three slots). The age matrix is an argument: Icarus
  // re-evaluates a continuous assignment's function call on its arguments.
  function automatic logic [1:0] oldest(input logic [NS-1:0] set,
                                        input logic [NS*NS-1:0] age);
    logic [1:0] o;
    o = 2'd0;
    for (int s = 0; s < NS; s++)
      if (set[s] && (age[NS*s +: NS] | ~set | NS'(1 << s)) == {NS{1'b1}}) o = 2'(s);
    return o;
  endfunction

  assign can_load = loaded != {NS{1'b1}};
  assign empty = loaded == '0;
  assign wr_ptr = !loaded[0] ? 2'd0 : !loaded[1] ? 2'd1 : 2'd2;
  assign ld_slot = wr_ptr;

  // ---- Issue: the oldest loaded slot with requests left, its two lowest lines ---------
  // Plain assigns: no combinational process with variables of its own
  // (Icarus 11 would count them in its sensitivity).
  logic [1:0]    iss;
  logic          iss_any;
  logic [NS-1:0] has_req;                 // loaded, requests left
  logic [NS-1:0] done;                    // loaded, every line arrived
  for (genvar s = 0; s < NS; s++) begin : g_has
    assign has_req[s] = loaded[s] && pend[s] != 64'd0;
    assign done[s] = loaded[s] && pend[s] == 64'd0 && wait_rsp[s] == 64'd0;
  end
  assign iss_any = has_req != '0;
  assign iss = oldest(has_req, older);

  // The line of every request of the issuing slot (request 2l + b: lane l,
  // line b).
  logic [63:0] iss_pend;
  logic [42:0] iss_line [64];
  assign iss_pend = pend[iss];
  for (genvar l = 0; l < LANES; l++) begin : g_iss
    /* verilator lint_off UNUSEDSIGNAL */
    tex_lane_rd_t ir;                      // its lines only
    /* verilator lint_on UNUSEDSIGNAL */
    assign ir = rec[32 * iss + l];
    assign iss_line[2*l] = ir.line0;
    assign iss_line[2*l + 1] = ir.line1;
  end

  // pick0: the lowest pending request; pick1: the lowest one for another
  // line (its riders on pick0's line go with pick0). `other` is built by
  // plain assigns: a combinational process reading the line array in its
  // loop costs Icarus seconds per cycle; the picks are encoded without a loop too
  // (tex_lowest_set).
  logic [5:0]  pick0, pick1;
  logic        any0, any1;
  logic [63:0] other;                      // pending, not pick0's line
  tex_lowest_set #(.W(64)) u_pick0 (.bits(iss_pend), .index(pick0), .any(any0));
  tex_lowest_set #(.W(64)) u_pick1 (.bits(other), .index(pick1), .any(any1));
  for (genvar i = 0; i < 64; i++) begin : g_other
    assign other[i] = iss_pend[i] && iss_line[i] != f_line0;
  end

  // any0 is iss_any: the issuing slot is the first one with requests left.
  logic unused_any0;
  assign unused_any0 = any0;
  assign f_req0 = iss_any;
  assign f_req1 = any1;
  assign f_tag0 = {iss, pick0};
  assign f_tag1 = {iss, pick1};
  assign f_line0 = iss_line[pick0];
  assign f_line1 = iss_line[pick1];

  // ---- Where an answer's data goes ---------------------------------------------------
  // Answers with a header tag (slot 3) are the header stage's.
  logic [2:0] r_mine;
  for (genvar k = 0; k < 3; k++) begin : g_mine
    assign r_mine[k] = r_valid[k] && r_tag[8*k+6 +: 2] != 2'b11;
  end
  logic [1:0] last_slot;              // defect 79: the slot of the latest request

  // ---- Slot ring ----------------------------------------------------------------------------
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      loaded <= '0;
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
        loaded[wr_ptr] <= 1'b1;
        // The new warp is younger than every loaded one.
        for (int s = 0; s < NS; s++) begin
          older[NS*s + int'(wr_ptr)] <= 1'b1;
          older[NS*int'(wr_ptr) + s] <= 1'b0;
        end
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
      // A slot is loaded only when free, so the one handed on is another.
      if (hand_on) loaded[hd_ptr] <= 1'b0;
      // Answers first: a request taken in this cycle is answered later.
      for (int k = 0; k < 3; k++)
        if (r_mine[k]) wait_rsp[r_tag[8*k+7 -: 2]][r_tag[8*k +: 6]] <= 1'b0;
      if (f_take) begin
        // N124: the requests of this slot for either line ride on its pick.
        for (int l = 0; l < LANES; l++) begin : riders
          /* verilator lint_off UNUSEDSIGNAL */
          tex_lane_rd_t r;   // its lines only
          /* verilator lint_on UNUSEDSIGNAL */
          r = rec[32 * iss + l];
          if (r.line0 == f_line0 || (f_req1 && r.line0 == f_line1)) pend[iss][2*l] <= 1'b0;
          if (r.line1 == f_line0 || (f_req1 && r.line1 == f_line1)) pend[iss][2*l + 1] <= 1'b0;
        end
        pend[iss][pick0] <= 1'b0;
        wait_rsp[iss][pick0] <= 1'b1;
        // Defect 85: the second line is sent but not awaited.
        if (f_req1) wait_rsp[iss][pick1] <= !bug_pick1_no_wait;
        last_slot <= iss;
      end
    end
  end

  // Records and texels: written on a load (the whole warp) and per answer.
  // A slot's load and an answer never meet: a slot is loaded only when no
  // request of it is outstanding. The answers of one cycle carry different
  // lines, so no two of them write the same texel word.
  always_ff @(posedge clk) begin
    if (load)
      for (int l = 0; l < LANES; l++) texel[32 * wr_ptr + l] <= 128'd0;
    if (r_mine[0]) write_answer(r_tag[7:0], r_data[255:0]);
    if (r_mine[1]) write_answer(r_tag[15:8], r_data[511:256]);
    if (r_mine[2]) write_answer(r_tag[23:16], r_data[767:512]);
  end

  // N124: every reading lane of the slot that needs this line takes its
  // bytes; the tag's own lane is one of them. Line1 counts only where the
  // texel straddles (two), so a stale line1 never matches. Defect 79 writes
  // into the slot of the latest request instead of the tag's.
  task automatic write_answer(input logic [7:0] tag, input logic [255:0] line);
    logic [1:0]  slot;
    logic [42:0] a;
    /* verilator lint_off UNUSEDSIGNAL */
    tex_lane_rd_t t, r;
    /* verilator lint_on UNUSEDSIGNAL */
    // (The loop's variables are the task's: on Icarus a block with
    // declarations of its own is a new thread on every pass.)
    logic own, on0, on1;
    slot = bug_last_slot ? last_slot : tag[7:6];
    t = rec[32 * slot + tag[5:1]];
    a = tag[0] ? t.line1 : t.line0;
    for (int l = 0; l < LANES; l++) begin
      r = rec[32 * slot + l];
      own = 5'(l) == tag[5:1];
      on0 = bug_no_fanout ? own && !tag[0] : r.line0 == a;
      on1 = bug_no_fanout || bug_fanout_line0 ? own && tag[0] : r.two && r.line1 == a;
      if (rd_flags[slot][l]) begin
        if (!twelve[slot]) begin
          if (on0) texel[32 * slot + l] <= 128'(line >> {r.off0, 3'd0});
        end else begin
          if (on0) texel[32 * slot + l][31:0] <= line[32*r.off0[4:2] +: 32];
          if (r.sel1 ? on1 : on0) texel[32 * slot + l][63:32] <= line[32*r.off1[4:2] +: 32];
          if (r.two ? on1 : on0) texel[32 * slot + l][95:64] <= line[32*r.off2[4:2] +: 32];
        end
      end
    end
  endtask

  // HUM: the oldest done slot; otherwise the oldest slot, once done.
  assign old_slot = oldest(loaded, older);
  assign hd_ptr = HUM ? oldest(done, older) : old_slot;
  assign hd_slot = hd_ptr;
  assign hd_done = done[hd_ptr];
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
