// SPDX-License-Identifier: Apache-2.0
// tex_unit: the texture-load unit (TLDS), an independent RTL implementation
// of the port contract in docs/port-contract.md ("Texture unit": the common
// ports plus a read-only memory port). Design notes: docs/rtl-tex.md;
// injected defects: rtl_stubs/tex_bugs.md.
//
// Six pipeline stages; the fetch stage holds up to FETCH_SLOTS warps, the
// others one each (several warps in flight):
//
//   D  accept: tag, word, lane mask and the Ra/Rb operand slots are
//      registered; tex_decode works on the registered word. A warp that
//      reads then gets its constant-bank word #tsPtrIdxU13 (row read +
//      word select, tex_cfg), the MaximumIndex check (R18) and looks its
//      header line (pool base + 32 * headerPtr, N60) up in the line cache
//      for one of two header buffers, and moves on without waiting.
//   H  header: waits for its buffer, then field extraction (tex_header:
//      type match, subset N62, format, geometry) and the mip-level
//      sequencer (tex_levels, one level per cycle). The header index is an
//      immediate, so one header serves the whole warp.
//   A  address: LANES_PER_CYCLE lanes per cycle (tex_coord, tex_agu):
//      coordinates, level, layer, sample, AOFFI, R18 bounds, texel lines.
//   M  fetch (tex_fetch): FETCH_SLOTS warp slots; the lanes' 32-byte lines,
//      two lookups per cycle in the line cache (tex_lcache, N128: 1024
//      lines, reset empties it; its misses are the memory port's reads),
//      tagged by slot and lane, answered in any order, texel bytes
//      collected per slot and lane; the next warp's lines go out while
//      earlier warps' answers are outstanding.
//   C  convert: LANES_PER_CYCLE lanes per cycle (tex_format, tex_wb) from
//      tex_fetch's convert buffer: format conversion (R21), swizzle, .F16
//      (R22), write-mask placement.
//   O  output: the response register (rsp itself), held until rsp_ready.
//
// A streams the warp through shift registers like the other units; A and C
// hand a warp on in the cycle of its last lane group. Warps enter M in
// acceptance order; with HIT_UNDER_MISS (default 1) the fetch
// stage hands on the oldest warp that has all its lines, so a younger warp
// whose lines hit the line cache is answered before an older one waiting
// for a miss (the port contract allows any order; the response carries the
// warp's own tag). HIT_UNDER_MISS = 0 answers in acceptance order. TLDS
// has no side effects, so the order is invisible in the results. A stage moves on when the next one is empty
// or empties in the same cycle; rsp_valid and mem_req_valid are register
// outputs. A refused word (warp-wide ILLEGAL_INSTR_ENCODING) or a TLDS with
// no destination (R24) passes the stages without reading memory. Wide
// payloads move only on handshakes, to keep the simulator's cost per
// cycle low (docs/rtl-tex.md, "Cost per cycle").
//
// LANES_PER_CYCLE must divide 32 (1, 2, 4, 8, 16 or 32); FETCH_SLOTS is at
// most 3 (64 tags per slot, the header buffers use 0xC0, 0xC1).
module tex_unit
  import shader_txn_pkg::*;
  import tex_pkg::*;
#(
  parameter int LANES_PER_CYCLE = 8,
  parameter int FETCH_SLOTS = 3,     // warps in the fetch stage at once, 1..3
  parameter bit HIT_UNDER_MISS = 1'b1 // a younger warp that has its lines leaves M first
) (
  input  logic           clk,
  input  logic           rst_n,
  input  logic [7:0]     bug_sel,
  // configuration port, version 2: bursts of up to 32 words (N120-N123)
  input  logic           cfg_valid,
  output logic           cfg_ready,
  input  logic           cfg_write,
  input  logic [31:0]    cfg_addr,
  input  logic [31:0]    cfg_mask,
  input  logic [1023:0]  cfg_wdata,
  output logic           cfg_rvalid,
  output logic [1023:0]  cfg_rdata,
  output logic           idle,
  input  logic           req_valid,
  output logic           req_ready,
  input  logic [REQUEST_BITS-1:0]  req,   // [12031:0]
  output logic           rsp_valid,
  input  logic           rsp_ready,
  output logic [RESPONSE_BITS-1:0] rsp,   // [16823:0]
  // texture memory (port contract, "Texture unit")
  output logic           mem_req_valid,
  input  logic           mem_req_ready,
  output logic [47:0]    mem_req_addr,
  output logic [7:0]     mem_req_tag,
  input  logic           mem_rsp_valid,
  output logic           mem_rsp_ready,
  input  logic [7:0]     mem_rsp_tag,
  input  logic [255:0]   mem_rsp_data
);

  localparam int LPC = LANES_PER_CYCLE;
  localparam int GROUPS = LANES / LPC;
  localparam int CNT_W = $clog2(GROUPS + 1);
  // A and C hand a warp on in the cycle of its last lane group (their
  // counters stop at CNT_LAST), so neither spends a cycle only holding it.
  localparam logic [CNT_W-1:0] CNT_LAST = CNT_W'(GROUPS - 1);
  localparam int OPS = LANES * 32;              // bits of one operand slot

  // ---- Injected defects (rtl_stubs/tex_bugs.md) ---------------------------------
  logic bug_unorm, bug_fp16_rz, bug_wmsk, bug_gob, bug_level_up, bug_grid;
  logic bug_index, bug_aoffi, bug_stride, bug_in_order, bug_snorm, bug_12b, bug_srgb_a;
  assign bug_unorm = bug_sel == BUG_UNORM_TRUNCATES;
  assign bug_fp16_rz = bug_sel == BUG_FP16_RZ_IGNORED;
  assign bug_wmsk = bug_sel == BUG_WMSK_RBA_GBA_SWAPPED;
  assign bug_gob = bug_sel == BUG_GOB_SWIZZLE_BITS_SWAPPED;
  assign bug_level_up = bug_sel == BUG_LEVEL_SIZE_ROUNDS_UP;
  assign bug_grid = bug_sel == BUG_SAMPLE_GRID_TRANSPOSED;
  assign bug_index = bug_sel == BUG_HEADER_INDEX_BOUND_OFF_BY_ONE;
  assign bug_aoffi = bug_sel == BUG_AOFFI_ZERO_EXTENDED;
  assign bug_stride = bug_sel == BUG_LAYER_STRIDE_UNALIGNED;
  assign bug_in_order = bug_sel == BUG_MEM_ASSUMES_IN_ORDER;
  assign bug_snorm = bug_sel == BUG_SNORM_DIVIDES_BY_POW2;
  assign bug_12b = bug_sel == BUG_12B_SECOND_LINE_IGNORED;
  assign bug_srgb_a = bug_sel == BUG_SRGB_ALPHA_DECODED;
  logic bug_cfg_row, bug_cfg_rev, bug_last_slot, bug_hdr_last;
  assign bug_hdr_last = bug_sel == BUG_HEADER_FROM_LAST_BUFFER;
  assign bug_last_slot = bug_sel == BUG_FETCH_RSP_TO_LAST_SLOT;
  assign bug_cfg_row = bug_sel == BUG_CFG_BURST_ROW_SHIFTED;
  assign bug_cfg_rev = bug_sel == BUG_CFG_ROW_READ_REVERSED;
  logic bug_no_fanout, bug_fanout_line0, bug_cache_kept, bug_cache_port1, bug_pick1_no_wait;
  assign bug_no_fanout = bug_sel == BUG_FETCH_NO_FANOUT;
  assign bug_fanout_line0 = bug_sel == BUG_FETCH_FANOUT_LINE0_ONLY;
  assign bug_cache_kept = bug_sel == BUG_CACHE_KEPT_OVER_RESET;
  assign bug_cache_port1 = bug_sel == BUG_CACHE_PORT1_TAKES_LINE0;
  assign bug_pick1_no_wait = bug_sel == BUG_FETCH_PICK1_NOT_AWAITED;
  logic bug_tag_oldest, bug_tag_early;
  assign bug_tag_oldest = bug_sel == BUG_RSP_TAG_OF_OLDEST;
  assign bug_tag_early = bug_sel == BUG_CACHE_TAG_BEFORE_FILL;

  // ---- Configuration and constant bank ---------------------------------------------
  logic [47:0] pool_base;
  logic [31:0] max_index, cb_rdata;
  logic        round_rz, cb_re;
  logic [12:0] cb_addr;

  tex_cfg u_cfg (
    .clk      (clk),
    .rst_n    (rst_n),
    .cfg_valid(cfg_valid),
    .cfg_ready(cfg_ready),
    .cfg_write(cfg_write),
    .cfg_addr (cfg_addr),
    .cfg_mask (cfg_mask),
    .cfg_wdata(cfg_wdata),
    .cfg_rvalid(cfg_rvalid),
    .cfg_rdata(cfg_rdata),
    .bug_row_shift(bug_cfg_row),
    .bug_read_reversed(bug_cfg_rev),
    .bug_keeps_low_bits(bug_sel == BUG_CFG_KEEPS_LOW_BITS),
    .bug_high_under_low_mask(bug_sel == BUG_CFG_HIGH_UNDER_LOW_MASK),
    .cb_re    (cb_re),
    .cb_addr  (cb_addr),
    .cb_rdata (cb_rdata),
    .pool_base(pool_base),
    .max_index(max_index),
    .round_rz (round_rz)
  );

  // ---- Request fields the texture unit reads ----------------------------------------
  // c, d, vertex, primitive, coverage and sample feed other units.
  /* verilator lint_off UNUSEDSIGNAL */
  txn_request_t req_s;
  /* verilator lint_on UNUSEDSIGNAL */
  assign req_s = req;

  // ---- Pipeline control ---------------------------------------------------------------
  logic d_valid, h_valid, a_valid, m_valid, c_valid, o_valid, m_empty;
  logic h_done, a_done, m_done, c_done;
  logic o_free, c_to_o, m_to_c, a_to_m, h_to_a, d_to_h, req_fire, d_go;

  assign o_free = !o_valid || rsp_ready;
  assign c_to_o = c_valid && c_done && o_free;
  assign m_to_c = m_valid && m_done && (!c_valid || c_to_o);
  assign a_to_m = a_valid && a_done && m_can_load;
  assign h_to_a = h_valid && h_done && (!a_valid || a_to_m);
  assign d_to_h = d_valid && d_go && (!h_valid || h_to_a);
  assign req_ready = !d_valid || d_to_h;
  assign req_fire = req_valid && req_ready;
  // M (and the slot C converts from) is empty when every fetch slot is free.
  assign idle = !d_valid && !h_valid && !a_valid && m_empty && !c_valid && !o_valid;

  // ---- D: accept ------------------------------------------------------------------------
  logic [31:0]    d_tag, d_mask;
  logic [63:0]    d_insn;
  logic [OPS-1:0] d_a0, d_a1, d_b0, d_b1;
  tex_insn_t      dec;

  always_ff @(posedge clk) begin
    if (!rst_n) d_valid <= 1'b0;
    else if (req_fire) d_valid <= 1'b1;
    else if (d_to_h) d_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (req_fire) begin
      d_tag <= req_s.tag;
      d_insn <= req_s.insn;
      d_mask <= req_s.lane_mask;
      d_a0 <= req_s.a[0];
      d_a1 <= req_s.a[1];
      d_b0 <= req_s.b[0];
      d_b1 <= req_s.b[1];
    end
  end

  tex_decode u_decode (
    .insn            (d_insn),
    .bug_wmsk_swapped(bug_wmsk),
    .dec             (dec)
  );

  // ---- D (continued): bank word, index check, header request ----------------------------
  // D reads the constant-bank word #tsPtrIdxU13 (TLDS.txt: the immediate
  // indexes the selected bank), checks headerPtr <= MaximumIndex (R18) and
  // looks the header line (pool base + 32 * headerPtr, N60, mod 2^48) up in
  // the line cache (N128) for a free header buffer, which the hit or the
  // fill from memory writes; then it hands the warp to H without waiting
  // for the line. So the header read of a warp overlaps the level
  // sequencer of the warp before it in H. Two header buffers,
  // tag TAG_HEADER + buffer, are enough: one belongs to the warp in H, one
  // to the warp in D.
  localparam logic [1:0] D_BANK = 2'd0;   // bank row read this cycle
  localparam logic [1:0] D_IDX = 2'd1;    // bank word arrived: index check
  localparam logic [1:0] D_REQ = 2'd2;    // header line request offered
  localparam logic [1:0] D_GO = 2'd3;     // ready for H

  logic [1:0]  d_state;
  logic        d_ok;                     // index valid, header requested
  logic        d_buf;                    // its header buffer
  logic [47:0] d_addr;                   // header line address
  logic        h_take;
  logic [1:0]  h_rsp;                    // per buffer: its line arrives
  logic [255:0] h_rsp_line [2];
  logic [255:0] mem_data;
  logic [1:0]  hb_busy, hb_full;         // per buffer: owned by a warp, line arrived
  logic [255:0] hb_line [2];
  logic        hb_next, hb_last;         // next buffer to allocate, last written

  assign cb_re = d_valid && d_state == D_BANK && dec.read;
  assign cb_addr = dec.index;

  logic [19:0] header_ptr;
  logic        index_ok;
  assign header_ptr = cb_rdata[19:0];
  logic unused_sampler_ptr;             // samplerPtr [31:20]: "Only headerPtr is used" (TLDS.txt)
  assign unused_sampler_ptr = ^cb_rdata[31:20];
  // TLDS.txt / R18: a header pointer above MaximumIndex is an invalid texture.
  assign index_ok = bug_index ? {12'd0, header_ptr} < max_index
                              : {12'd0, header_ptr} <= max_index;

  // A warp that reads nothing leaves from D_BANK, one that reads in the
  // cycle its header request is taken.
  logic d_take_now, d_ok_now, d_buf_now;
  assign d_take_now = d_state == D_REQ && h_take;
  assign d_go = d_state == D_GO || (d_state == D_BANK && !dec.read) || d_take_now;
  assign d_ok_now = d_ok || d_take_now;
  assign d_buf_now = d_take_now ? hb_next : d_buf;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      d_state <= D_GO;
      d_ok <= 1'b0;
      d_buf <= 1'b0;
      d_addr <= 48'd0;
    end else if (req_fire) begin
      d_state <= D_BANK;
      d_ok <= 1'b0;
    end else if (d_valid) begin
      case (d_state)
        D_BANK: d_state <= dec.read ? D_IDX : D_GO;
        D_IDX: begin
          d_addr <= pool_base + {23'd0, header_ptr, 5'd0};
          d_state <= index_ok ? D_REQ : D_GO;
        end
        D_REQ: if (h_take) begin
          d_ok <= 1'b1;
          d_buf <= hb_next;
          d_state <= D_GO;
        end
        default: ;
      endcase
    end
  end

  // Header buffers: allocated at the request, filled by the response (by
  // tag), released when the owning warp leaves H.
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      hb_busy <= 2'b00;
      hb_full <= 2'b00;
      hb_next <= 1'b0;
      hb_last <= 1'b0;
    end else begin
      if (h_take) begin
        hb_busy[hb_next] <= 1'b1;
        hb_next <= !hb_next;
      end
      for (int b = 0; b < 2; b++)
        if (h_rsp[b]) begin
          hb_full[b] <= 1'b1;
          hb_last <= 1'(b);
        end
      if (h_to_a && h_ok_req) begin
        hb_busy[h_buf] <= 1'b0;
        hb_full[h_buf] <= 1'b0;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (h_rsp[0]) hb_line[0] <= h_rsp_line[0];
    if (h_rsp[1]) hb_line[1] <= h_rsp_line[1];
  end

  // ---- H: header ------------------------------------------------------------------------
  // The checks of tex_header run on the buffer as the line arrives, and the
  // warp leaves in the cycle the level sequencer finishes: no cycle of H
  // is spent only waiting for a register.
  localparam logic [1:0] H_WAIT = 2'd0;   // waiting for the header line
  localparam logic [1:0] H_LVL = 2'd2;    // level sequencer running
  localparam logic [1:0] H_DONE = 2'd3;

  logic [1:0]     h_state;
  logic [31:0]    h_tag, h_mask;
  tex_insn_t      h_insn;
  logic [OPS-1:0] h_a0, h_a1, h_b0, h_b1;
  logic           h_ok;                 // the texture passed every warp-wide check
  logic           h_ok_req;             // the warp owns header buffer h_buf
  logic           h_buf;
  logic [255:0]   hdr;
  logic           lvl_start, lvl_done;

  // Defect 80: the header is taken from the buffer written last, which is
  // the younger warp's when its line overtook this one's.
  assign hdr = hb_line[bug_hdr_last ? hb_last : h_buf];

  // Header fields and what follows from them.
  logic        type_ok, supported;
  tex_fmt_t    hdr_fmt;
  tex_geom_t   hdr_geom, h_geom;
  logic [16:0] hdr_width, hdr_height;
  logic [14:0] hdr_depth;
  logic [2:0]  hdr_yl_max, hdr_zl_max;
  logic [4:0]  hdr_levels;
  logic [47:0] lvl_stride;
  logic [MAX_LEVELS*LEVEL_W-1:0] lvl_table;

  tex_header u_header (
    .hdr      (hdr),
    .param    (h_insn.param),
    .type_ok  (type_ok),
    .supported(supported),
    .fmt      (hdr_fmt),
    .geom     (hdr_geom),
    .width    (hdr_width),
    .height   (hdr_height),
    .depth    (hdr_depth),
    .yl_max   (hdr_yl_max),
    .zl_max   (hdr_zl_max),
    .levels   (hdr_levels)
  );

  logic hdr_here;
  assign hdr_here = h_valid && h_state == H_WAIT && hb_full[h_buf];
  assign lvl_start = hdr_here && type_ok && supported;

  tex_levels u_levels (
    .clk                 (clk),
    .rst_n               (rst_n),
    .start               (lvl_start),
    .width               (hdr_width),
    .height              (hdr_height),
    .depth               (hdr_depth),
    .yl_max              (hdr_yl_max),
    .zl_max              (hdr_zl_max),
    .levels              (hdr_levels),
    .lgw                 (hdr_geom.lgw),
    .lgh                 (hdr_geom.lgh),
    .bpp                 (hdr_geom.bpp),
    .bug_rounds_up       (bug_level_up),
    .bug_stride_unaligned(bug_stride),
    .done                (lvl_done),
    .table_flat          (lvl_table),
    .layer_stride        (lvl_stride)
  );

  always @* begin
    h_geom = hdr_geom;
    h_geom.ok = h_ok || h_state == H_LVL;   // leaving H_LVL: the levels are done
    h_geom.layer_stride = lvl_stride;
  end

  assign h_done = h_state == H_DONE || (h_state == H_LVL && lvl_done);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      h_valid <= 1'b0;
      h_state <= H_DONE;
      h_ok <= 1'b0;
      h_ok_req <= 1'b0;
      h_buf <= 1'b0;
    end else begin
      if (d_to_h) h_valid <= 1'b1;
      else if (h_to_a) h_valid <= 1'b0;
      if (d_to_h) begin
        h_state <= d_ok_now ? H_WAIT : H_DONE;
        h_ok <= 1'b0;
        h_ok_req <= d_ok_now;
        h_buf <= d_buf_now;
      end else if (h_valid) begin
        case (h_state)
          H_WAIT: if (hdr_here) h_state <= type_ok && supported ? H_LVL : H_DONE;
          H_LVL: if (lvl_done) begin
            h_ok <= 1'b1;
            h_state <= H_DONE;
          end
          default: ;
        endcase
      end
    end
  end

  always_ff @(posedge clk) begin
    if (d_to_h) begin
      h_tag <= d_tag;
      h_mask <= d_mask;
      h_insn <= dec;
      h_a0 <= d_a0;
      h_a1 <= d_a1;
      h_b0 <= d_b0;
      h_b1 <= d_b1;
    end
  end

  // ---- A: address -------------------------------------------------------------------------
  logic [31:0]      a_tag, a_mask;
  tex_insn_t        a_insn;
  tex_geom_t        a_geom;
  tex_fmt_t         a_fmt;
  logic [MAX_LEVELS*LEVEL_W-1:0] a_levels;
  logic [OPS-1:0]   a_a0, a_a1, a_b0, a_b1;   // lowest lane group next
  logic [LANES*LANE_RD_W-1:0] a_res;          // filled from the top
  logic [CNT_W-1:0] a_cnt;
  logic [LPC*LANE_RD_W-1:0] lane_rd;

  logic a_none;                                // the warp reads nothing
  assign a_done = a_cnt == CNT_LAST;

  always_ff @(posedge clk) begin
    if (!rst_n) a_valid <= 1'b0;
    else if (h_to_a) a_valid <= 1'b1;
    else if (a_to_m) a_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      a_cnt <= CNT_LAST;
      a_none <= 1'b1;
      a_res <= '0;
    end else if (h_to_a) begin
      a_tag <= h_tag;
      a_mask <= h_mask;
      a_insn <= h_insn;
      a_geom <= h_geom;
      a_fmt <= hdr_fmt;
      a_levels <= lvl_table;
      a_a0 <= h_a0;
      a_a1 <= h_a1;
      a_b0 <= h_b0;
      a_b1 <= h_b1;
      a_res <= '0;
      // Nothing to read: no lane computes an address, the warp passes.
      a_none <= !(h_insn.read && h_geom.ok);
      a_cnt <= h_insn.read && h_geom.ok ? '0 : CNT_LAST;
    end else if (a_valid && !a_done) begin
      // The shifts happen here, on an enable, not as logic of every cycle.
      a_a0 <= a_a0 >> (LPC * 32);
      a_a1 <= a_a1 >> (LPC * 32);
      a_b0 <= a_b0 >> (LPC * 32);
      a_b1 <= a_b1 >> (LPC * 32);
      a_res <= (a_res >> (LPC * LANE_RD_W)) |
               ((LANES * LANE_RD_W)'(lane_rd) << ((LANES - LPC) * LANE_RD_W));
      a_cnt <= a_cnt + 1'b1;
    end
  end

  for (genvar k = 0; k < LPC; k++) begin : g_addr
    logic        in_range;
    tex_level_t  lv;
    logic [15:0] x, y;
    logic [13:0] z, layer;
    logic [3:0]  sample;
    tex_lane_rd_t rd;

    tex_coord u_coord (
      .a0                     (a_a0[32*k +: 32]),
      .a1                     (a_a1[32*k +: 32]),
      .b0                     (a_b0[32*k +: 32]),
      .b1                     (a_b1[32*k +: 32]),
      .insn                   (a_insn),
      .geom                   (a_geom),
      .levels                 (a_levels),
      .bug_aoffi_zero_extended(bug_aoffi),
      .in_range               (in_range),
      .lv                     (lv),
      .x                      (x),
      .y                      (y),
      .z                      (z),
      .layer                  (layer),
      .sample                 (sample)
    );

    tex_agu u_agu (
      .in_range            (in_range),
      .lv                  (lv),
      .x                   (x),
      .y                   (y),
      .z                   (z),
      .layer               (layer),
      .sample              (sample),
      .geom                (a_geom),
      .bug_gob_bits_swapped(bug_gob),
      .bug_grid_transposed (bug_grid),
      .bug_12b_one_line    (bug_12b),
      .rd                  (rd)
    );

    assign lane_rd[LANE_RD_W*k +: LANE_RD_W] = rd;
  end

  // ---- M: fetch, FETCH_SLOTS warps in flight -----------------------------------------
  // The per-warp fields ride in arrays indexed by the warp's fetch slot, so
  // the convert stage gets them from the slot it takes, whichever leaves
  // first. Defect 86 takes the tag of the oldest slot instead.
  logic [31:0]   m_tag [FETCH_SLOTS];
  logic [31:0]   m_mask [FETCH_SLOTS];
  tex_insn_t     m_insn [FETCH_SLOTS];
  tex_fmt_t      m_fmt [FETCH_SLOTS];
  logic          m_can_load, m_hd_done, m_hd_any;
  logic [1:0]    m_ld_slot, m_hd_slot, m_old_slot;
  logic          f_req0, f_req1, f_take;
  logic [42:0]   f_line0, f_line1;
  logic [7:0]    f_tag0, f_tag1;
  logic [2:0]    r_valid;
  logic [23:0]   r_tag;
  logic [767:0]  r_data;
  logic          mq_req, mq_take, mq_rsp, mq_valid;
  logic [47:0]   mq_addr;
  logic [7:0]    mq_tag, mq_rsp_tag;
  logic [4:0]    c_base;
  logic [LPC*128-1:0] c_texels;
  logic [LPC-1:0]     c_lane_rd;

  assign m_valid = m_hd_done;   // a warp in M has all its texels
  assign m_done = 1'b1;

  always_ff @(posedge clk) begin
    if (a_to_m) begin
      m_tag[m_ld_slot] <= a_tag;
      m_mask[m_ld_slot] <= a_mask;
      m_insn[m_ld_slot] <= a_insn;
      m_fmt[m_ld_slot] <= a_fmt;
    end
  end

  tex_fetch #(.NS(FETCH_SLOTS), .LPC(LPC), .HUM(HIT_UNDER_MISS)) u_fetch (
    .clk          (clk),
    .rst_n        (rst_n),
    .can_load     (m_can_load),
    .empty        (m_empty),
    .ld_slot      (m_ld_slot),
    .load         (a_to_m),
    .in_rd        (a_res),
    .in_last      (lane_rd),
    .in_none      (a_none),
    .in_twelve    (a_geom.bpp == 5'd12),
    .bug_last_slot(bug_last_slot),
    .bug_no_fanout(bug_no_fanout),
    .bug_fanout_line0(bug_fanout_line0),
    .bug_pick1_no_wait(bug_pick1_no_wait),
    .f_req0       (f_req0),
    .f_req1       (f_req1),
    .f_line0      (f_line0),
    .f_line1      (f_line1),
    .f_tag0       (f_tag0),
    .f_tag1       (f_tag1),
    .f_take       (f_take),
    .r_valid      (r_valid),
    .r_tag        (r_tag),
    .r_data       (r_data),
    .hd_done      (m_hd_done),
    .hd_slot      (m_hd_slot),
    .hd_any       (m_hd_any),
    .old_slot     (m_old_slot),
    .hand_on      (m_to_c),
    .c_base       (c_base),
    .c_texels     (c_texels),
    .c_lane_rd    (c_lane_rd)
  );

  // N128: header and texel lines go through the line cache; its misses
  // are the memory port's requests.
  // The header's line; the low address bits were dropped by the memory
  // port before the cache too (a line is 32-byte aligned).
  logic [7:0] hb_tag;
  logic       unused_d_addr;
  assign hb_tag = {TAG_HEADER[7:1], hb_next};
  assign unused_d_addr = ^d_addr[4:0];
  tex_lcache u_cache (
    .clk          (clk),
    .rst_n        (rst_n),
    .bug_kept_over_reset(bug_cache_kept),
    .bug_port1_line0(bug_cache_port1),
    .bug_in_order (bug_in_order),
    .bug_tag_before_fill(bug_tag_early),
    .h_req        (d_valid && d_state == D_REQ && !hb_busy[hb_next]),
    .h_line       (d_addr[47:5]),
    .h_tag        (hb_tag),
    .h_take       (h_take),
    .l_req0       (f_req0),
    .l_req1       (f_req1),
    .l_line0      (f_line0),
    .l_line1      (f_line1),
    .l_tag0       (f_tag0),
    .l_tag1       (f_tag1),
    .l_take       (f_take),
    .r_valid      (r_valid),
    .r_tag        (r_tag),
    .r_data       (r_data),
    .m_req        (mq_req),
    .m_addr       (mq_addr),
    .m_tag        (mq_tag),
    .m_take       (mq_take),
    .m_rsp        (mq_rsp),
    .m_rsp_tag    (mq_rsp_tag),
    .m_rsp_data   (mem_data)
  );

  // An answer with a header tag (0xC0 + buffer) fills its buffer; a buffer
  // has one lookup in flight, so it gets at most one answer per cycle.
  logic [2:0] r_hdr;
  for (genvar k = 0; k < 3; k++) begin : g_rhdr
    assign r_hdr[k] = r_valid[k] && r_tag[8*k+6 +: 2] == 2'b11;
  end
  for (genvar b = 0; b < 2; b++) begin : g_hrsp
    logic [2:0] mine;
    assign mine = r_hdr & {r_tag[16] == 1'(b), r_tag[8] == 1'(b), r_tag[0] == 1'(b)};
    assign h_rsp[b] = mine != 3'b000;
    assign h_rsp_line[b] = mine[0] ? r_data[255:0] : mine[1] ? r_data[511:256] : r_data[767:512];
  end

  tex_mem_if u_mem (
    .clk          (clk),
    .rst_n        (rst_n),
    .f_req        (mq_req),
    .f_addr       (mq_addr),
    .f_tag        (mq_tag),
    .f_take       (mq_take),
    .f_rsp        (mq_rsp),
    .f_rsp_tag    (mq_rsp_tag),
    .rsp_data     (mem_data),
    .mem_req_valid(mq_valid),
    .mem_req_ready(mem_req_ready),
    .mem_req_addr (mem_req_addr),
    .mem_req_tag  (mem_req_tag),
    .mem_rsp_valid(mem_rsp_valid),
    .mem_rsp_ready(mem_rsp_ready),
    .mem_rsp_tag  (mem_rsp_tag),
    .mem_rsp_data (mem_rsp_data)
  );

  // ---- C: convert ---------------------------------------------------------------------------
  // LPC lanes per cycle from tex_fetch's convert buffer (lanes c_base ..),
  // results written per lane.
  logic [31:0]          c_tag, c_mask;
  tex_insn_t            c_insn;
  tex_fmt_t             c_fmt;
  logic [127:0]         c_res [LANES];   // lane l's four slots
  logic [CNT_W-1:0]     c_cnt;
  logic [LPC*128-1:0]   lane_slots;
  logic                 rz;

  assign c_done = c_cnt == CNT_LAST;
  assign rz = round_rz && !bug_fp16_rz;   // R22: the configured rounding
  assign c_base = 5'(c_cnt * LPC);

  always_ff @(posedge clk) begin
    if (!rst_n) c_valid <= 1'b0;
    else if (m_to_c) c_valid <= 1'b1;
    else if (c_to_o) c_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      c_cnt <= CNT_LAST;
    end else if (m_to_c) begin
      c_tag <= m_tag[bug_tag_oldest ? m_old_slot : m_hd_slot];
      c_mask <= m_mask[m_hd_slot];
      c_insn <= m_insn[m_hd_slot];
      c_fmt <= m_fmt[m_hd_slot];
      // No lane read a texel: every result is 0 (R18), and so is the
      // last group's conversion (no lane's rd is set): the warp passes.
      c_cnt <= m_hd_any ? '0 : CNT_LAST;
      for (int l = 0; l < LANES; l++) c_res[l] <= 128'd0;
    end else if (c_valid && !c_done) begin
      for (int k = 0; k < LPC; k++) c_res[int'(c_base) + k] <= lane_slots[128*k +: 128];
      c_cnt <= c_cnt + 1'b1;
    end
  end

  for (genvar k = 0; k < LPC; k++) begin : g_conv
    logic [127:0] xyzw;

    tex_format u_format (
      .texel              (c_texels[128*k +: 128]),
      .rd                 (c_lane_rd[k]),
      .fmt                (c_fmt),
      .bug_unorm_truncates(bug_unorm),
      .bug_snorm_pow2     (bug_snorm),
      .bug_srgb_alpha     (bug_srgb_a),
      .xyzw               (xyzw)
    );

    tex_wb u_wb (
      .xyzw (xyzw),
      .insn (c_insn),
      .rz   (rz),
      .slots(lane_slots[128*k +: 128])
    );
  end

  // ---- O: response register -------------------------------------------------------------------
  // rsp is itself the register, loaded once per warp in the response
  // layout (no per-cycle assembly): no predicate, no stores, no don't-care
  // bits (model only); wb_value is slot-major [s][l].
  always_ff @(posedge clk) begin
    if (!rst_n) o_valid <= 1'b0;
    else if (c_to_o) o_valid <= 1'b1;
    else if (rsp_ready) o_valid <= 1'b0;
  end

  // N74: every active lane writes every slot whose register is not RZ
  // (zeros when out of range); a refused word and R24 write nothing.
  logic [3:0][7:0] c_wb_reg;
  assign c_wb_reg = c_insn.read ? c_insn.wb_reg : {RZ, RZ, RZ, RZ};

  txn_response_t rsp_q;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      // Fields the texture unit never writes keep these values.
      rsp_q.tag <= 32'd0;
      rsp_q.fault <= FAULT_NONE;
      rsp_q.fault_lanes <= 32'd0;
      rsp_q.wb_reg <= {RZ, RZ, RZ, RZ};
      rsp_q.wb_valid <= '0;
      rsp_q.wb_value <= '0;
      rsp_q.wb_dontcare <= '0;
      rsp_q.pd <= {5'd0, PT};
      rsp_q.pd_written <= 32'd0;
      rsp_q.pd_value <= 32'd0;
      rsp_q.st_space <= SPACE_NONE;
      rsp_q.st_mask <= '0;
      rsp_q.st_addr <= '0;
      rsp_q.st_data <= '0;
    end else if (c_to_o) begin : load_rsp
      logic [4*32-1:0]       valid_v;     // flat [s][l], as the response lays them out
      logic [4*LANES*32-1:0] value_v;
      for (int sl = 0; sl < 4; sl++) begin
        valid_v[32*sl +: 32] = c_wb_reg[sl] != RZ ? c_mask : 32'd0;
        for (int l = 0; l < LANES; l++)   // lanes not written read 0; the last group now
          value_v[32*(LANES*sl + l) +: 32] =
              !c_mask[l] ? 32'd0
            : l / LPC == GROUPS - 1 ? lane_slots[128*(l % LPC) + 32*sl +: 32]
            : c_res[l][32*sl +: 32];
      end
      rsp_q.tag <= c_tag;
      rsp_q.fault <= !c_insn.legal ? FAULT_ILLEGAL_INSTR_ENCODING : FAULT_NONE;
      rsp_q.fault_lanes <= !c_insn.legal ? c_mask : 32'd0;
      rsp_q.wb_reg <= c_wb_reg;
      rsp_q.wb_valid <= valid_v;
      rsp_q.wb_value <= value_v;
    end
  end

  assign rsp_valid = o_valid;
  assign rsp = rsp_q;

  // Defect 90: the memory port's request comes out of reset valid, a read of
  // line 0 with tag 0 that no lookup asked for, held until the memory takes
  // it. Beside tex_mem_if's reset branch, not in it, so that branch's
  // mutants stay those of the correct unit.
  logic bug_req_at_reset, bug_req_held;
  assign bug_req_at_reset = bug_sel == BUG_MEM_REQ_AT_RESET;
  always_ff @(posedge clk)
    if (bug_req_at_reset) bug_req_held <= !rst_n || (bug_req_held && !mem_req_ready);
  assign mem_req_valid = bug_req_at_reset ? mq_valid || bug_req_held : mq_valid;

endmodule : tex_unit
