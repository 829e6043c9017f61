// SPDX-License-Identifier: Apache-2.0
// tex_lcache: the texture unit's line cache (N128), between the accept and
// fetch stages (header and texel lines) and the memory port (tex_mem_if).
// Direct-mapped, 2^SETS_LG lines of 32 bytes (32 KB), read-only: texture
// memory does not change while the unit runs (it changes only between
// epochs, and the load after an epoch resets the unit, N124), so a line
// once read stays right until reset, which invalidates every line.
//
// Why: the random stimulus reads about 10 distinct lines per
// TLDS after coalescing inside a warp, and the memory port carries one
// line per cycle, ready 80 % of cycles in the co-simulation, so the port
// alone held the unit at about 14 cycles per TLDS. Most of those lines were
// read by an earlier warp of the same epoch: this cache leaves 2.5 reads
// per TLDS at the co-simulation's seed 1 (docs/rtl-tex.md, "Line cache").
//
// Lookups: the accept stage's header line (at most one per instruction)
// goes first, alone; otherwise the fetch stage offers up to two lines per
// cycle (lookup 0 and, only with it, lookup 1), both taken or neither
// (l_take). A taken lookup is registered (stage L) and looked up in the
// next cycle: a hit answers in that cycle on port 0 or 1 with the line and
// the lookup's tag (the unit routes a header tag, 0xC0 + buffer, to its
// header buffer, the others to the fetch stage); a miss goes into the miss
// queue. The stage takes a lookup only while the queue has room for it and
// the one in L, so no miss is ever dropped. Headers are cached like texels:
// the warps of an epoch use a few textures, so most header reads hit and
// the header stage does not wait for the memory's latency.
//
// Misses: the queue's oldest line goes to the memory port (tex_mem_if)
// under a tag naming a free entry of the miss table (tags 0 .. MISSES-1).
// The entry holds the lookup's tag and the line until the response, which
// fills the cache and answers on port 2 in the cycle it arrives. A line missed twice (by two warps before the first
// fill) is read twice: harmless, reads have no side effects (N124).
//
// Defects: bug_kept_over_reset (83) clears the valid bits only at power-up,
// not at reset, so the next epoch hits lines of the previous epoch's
// memory. bug_port1_line0 (84) answers a hit on lookup 1 with lookup 0's
// line when both hit. bug_in_order (73) assumes the memory answers in
// request order: the k-th response is taken for the k-th miss sent, whatever
// its tag; the table's bookkeeping still follows the tag, so no tag is
// reused while in flight and every lookup is answered once.
// bug_tag_before_fill (87) writes a missed line's tag and valid bit when
// its read is sent instead of when the line arrives: a younger lookup of
// that line (another warp's, answered before the older miss under
// hit-under-miss) hits in between and gets the set's old data.
module tex_lcache
  import tex_pkg::*;
#(
  parameter int SETS_LG = 10,          // 2^SETS_LG lines (32 KB)
  parameter int MISSES = 32,           // misses in flight (memory tags): 2..64, a power of two
  parameter int QD = 16                // miss queue depth, >= 4
) (
  input  logic         clk,
  input  logic         rst_n,
  input  logic         bug_kept_over_reset,
  input  logic         bug_port1_line0,
  input  logic         bug_in_order,
  input  logic         bug_tag_before_fill,
  // a header line lookup from the accept stage (tag 0xC0 + buffer)
  input  logic         h_req,
  input  logic [42:0]  h_line,
  input  logic [7:0]   h_tag,
  output logic         h_take,
  // lookups from the fetch stage
  input  logic         l_req0,
  input  logic         l_req1,
  input  logic [42:0]  l_line0,
  input  logic [42:0]  l_line1,
  input  logic [7:0]   l_tag0,
  input  logic [7:0]   l_tag1,
  output logic         l_take,
  // answers to the fetch stage: port 0, 1 hits of lookup 0, 1; port 2 fills
  output logic [2:0]   r_valid,
  output logic [23:0]  r_tag,          // port k at [8k +: 8]
  output logic [767:0] r_data,         // port k at [256k +: 256]
  // misses to the memory port (tex_mem_if)
  output logic         m_req,
  output logic [47:0]  m_addr,
  output logic [7:0]   m_tag,
  input  logic         m_take,
  input  logic         m_rsp,
  input  logic [7:0]   m_rsp_tag,
  input  logic [255:0] m_rsp_data
);

  localparam int SETS = 1 << SETS_LG;
  localparam int TAG_W = 43 - SETS_LG;
  localparam int MT_W = $clog2(MISSES);
  localparam int QP_W = $clog2(QD);

  // ---- Storage: line data, tags, valid bits ----------------------------------------
  logic [255:0]     data [SETS];
  logic [TAG_W-1:0] ltag [SETS];
  // Power-up value only for defect 83; without it reset clears them.
  logic [SETS-1:0]  valid = '0;

  // ---- L: the pair taken in the previous cycle, looked up now ----------------------
  logic [1:0]  lv;
  logic [42:0] la0, la1;
  logic [7:0]  lt0, lt1;
  logic [SETS_LG-1:0] ix0, ix1;
  logic hit0, hit1;
  assign ix0 = la0[SETS_LG-1:0];
  assign ix1 = la1[SETS_LG-1:0];
  assign hit0 = lv[0] && valid[ix0] && ltag[ix0] == la0[42:SETS_LG];
  assign hit1 = lv[1] && valid[ix1] && ltag[ix1] == la1[42:SETS_LG];

  // ---- Miss queue ------------------------------------------------------------------
  logic [50:0]     q [QD];             // {fetch tag, line}
  logic [QP_W-1:0] q_wr, q_rd;
  logic [QP_W:0]   q_cnt;
  logic            miss0, miss1, q_pop;
  assign miss0 = lv[0] && !hit0;
  assign miss1 = lv[1] && !hit1;

  logic room;
  assign room = int'(q_cnt) <= QD - 4;
  assign h_take = h_req && room;
  assign l_take = l_req0 && room && !h_req;

  // ---- Miss table: one entry per memory read in flight ------------------------------
  logic [MISSES-1:0] busy;
  logic [50:0]       e_is [MISSES];     // {lookup tag, line}
  logic [MT_W-1:0]   free_e;            // the lowest free entry
  logic              any_free;
  logic [MISSES-1:0] free;
  assign free = ~busy;
  tex_lowest_set #(.W(MISSES)) u_free (.bits(free), .index(free_e), .any(any_free));

  logic [50:0] q_head;
  assign q_head = q[q_rd];
  assign m_req = q_cnt != '0 && any_free;
  assign m_addr = {q_head[42:0], 5'd0};
  assign m_tag = 8'(free_e);
  assign q_pop = m_req && m_take;

  // What a response is taken to be: its entry's lookup, or, with defect
  // 73, the lookup of the k-th read sent (a copy kept in send order).
  logic [50:0]     order [MISSES];
  logic [MT_W-1:0] o_wr, o_rd, rsp_e;
  logic [50:0]     rsp_is;
  logic [42:0]     rsp_line;
  assign rsp_e = m_rsp_tag[MT_W-1:0];
  assign rsp_is = bug_in_order ? order[o_rd] : e_is[rsp_e];
  assign rsp_line = rsp_is[42:0];

  // ---- Answers -----------------------------------------------------------------------
  assign r_valid = {m_rsp, hit1, hit0};
  assign r_tag = {rsp_is[50:43], lt1, lt0};
  assign r_data = {m_rsp_data, bug_port1_line0 && hit0 ? data[ix0] : data[ix1], data[ix0]};

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      lv <= 2'b00;
      q_wr <= '0;
      q_rd <= '0;
      q_cnt <= '0;
      busy <= '0;
      o_wr <= '0;
      o_rd <= '0;
      if (!bug_kept_over_reset) valid <= '0;
    end else begin
      lv <= h_take ? 2'b01 : l_take ? {l_req1, 1'b1} : 2'b00;
      if (h_take) begin
        la0 <= h_line;
        lt0 <= h_tag;
      end else if (l_take) begin
        la0 <= l_line0;
        la1 <= l_line1;
        lt0 <= l_tag0;
        lt1 <= l_tag1;
      end
      // Misses of L join the queue, lookup 0's first.
      if (miss0) q[q_wr] <= {lt0, la0};
      if (miss1) q[QP_W'(q_wr + QP_W'(miss0))] <= {lt1, la1};
      q_wr <= q_wr + QP_W'(miss0) + QP_W'(miss1);
      if (q_pop) q_rd <= q_rd + 1'b1;
      q_cnt <= q_cnt + (QP_W+1)'(miss0) + (QP_W+1)'(miss1) - (QP_W+1)'(q_pop);
      if (q_pop) begin
        busy[free_e] <= 1'b1;
        e_is[free_e] <= q_head;
        order[o_wr] <= q_head;
        o_wr <= o_wr + 1'b1;
      end
      if (q_pop && bug_tag_before_fill) valid[q_head[SETS_LG-1:0]] <= 1'b1;
      if (m_rsp) begin
        busy[rsp_e] <= 1'b0;
        o_rd <= o_rd + 1'b1;
        valid[rsp_line[SETS_LG-1:0]] <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (rst_n && q_pop && bug_tag_before_fill) ltag[q_head[SETS_LG-1:0]] <= q_head[42:SETS_LG];
    if (rst_n && m_rsp) begin
      data[rsp_line[SETS_LG-1:0]] <= m_rsp_data;
      ltag[rsp_line[SETS_LG-1:0]] <= rsp_line[42:SETS_LG];
    end
  end

  // Tags above the table are never issued; responses carry only ours.
  logic unused_rsp_tag;
  assign unused_rsp_tag = ^m_rsp_tag;

endmodule : tex_lcache
