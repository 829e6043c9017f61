// SPDX-License-Identifier: Apache-2.0
// tex_unit: the texture-load unit (TLDS), an independent RTL implementation
// of the port contract in docs/port-contract.md ("Texture unit": the common
// ports plus a read-only memory port). Design notes: docs/rtl-tex.md;
// injected defects: rtl_stubs/tex_bugs.md.
//
// Six pipeline stages, each holding one warp-instruction:
//
//   D  accept: tag, word, lane mask and the Ra/Rb operand slots are
//      registered; tex_decode works on the registered word.
//   H  header: the constant-bank word #tsPtrIdxU13 (read as the warp enters),
//      the MaximumIndex check (R18), the 32-byte header read through the
//      memory port (pool base + 32 * headerPtr, N60), field extraction
//      (tex_header: type match, subset N62, format, geometry) and the
//      mip-level sequencer (tex_levels, one level per cycle). The header
//      index is an immediate, so one header serves the whole warp.
//   A  address: LANES_PER_CYCLE lanes per cycle (tex_coord, tex_agu):
//      coordinates, level, layer, sample, AOFFI, R18 bounds, texel lines.
//   M  fetch (tex_fetch): the lanes' 32-byte line reads, tagged, any latency
//      and order; texel bytes collected per lane.
//   C  convert: LANES_PER_CYCLE lanes per cycle (tex_format, tex_wb):
//      format conversion (R21), swizzle, .F16 (R22), write-mask placement.
//   O  output: the response register, held until rsp_ready.
//
// A and C stream the warp through shift registers like the other units
// (operands shift down by one lane group per cycle, results enter at the
// top). Requests execute and respond in acceptance order; TLDS has no side
// effects, so overlapping the header read of one warp with the texel reads
// of the one before is invisible. A stage moves on when the next one is
// empty or empties in the same cycle; rsp_valid and mem_req_valid are
// register outputs. A refused word (warp-wide ILLEGAL_INSTR_ENCODING) or a
// TLDS with no destination (R24) passes the stages without reading memory.
//
// LANES_PER_CYCLE must divide 32 (1, 2, 4, 8, 16 or 32).
module tex_unit
  import shader_txn_pkg::*;
  import tex_pkg::*;
#(
  parameter int LANES_PER_CYCLE = 4
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
  localparam logic [CNT_W-1:0] CNT_DONE = CNT_W'(GROUPS);
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
  logic bug_cfg_row, bug_cfg_rev;
  assign bug_cfg_row = bug_sel == BUG_CFG_BURST_ROW_SHIFTED;
  assign bug_cfg_rev = bug_sel == BUG_CFG_ROW_READ_REVERSED;

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
  logic d_valid, h_valid, a_valid, m_valid, c_valid, o_valid;
  logic h_done, a_done, m_done, c_done;
  logic o_free, c_to_o, m_to_c, a_to_m, h_to_a, d_to_h, req_fire;

  assign o_free = !o_valid || rsp_ready;
  assign c_to_o = c_valid && c_done && o_free;
  assign m_to_c = m_valid && m_done && (!c_valid || c_to_o);
  assign a_to_m = a_valid && a_done && (!m_valid || m_to_c);
  assign h_to_a = h_valid && h_done && (!a_valid || a_to_m);
  assign d_to_h = d_valid && (!h_valid || h_to_a);
  assign req_ready = !d_valid || d_to_h;
  assign req_fire = req_valid && req_ready;
  assign idle = !d_valid && !h_valid && !a_valid && !m_valid && !c_valid && !o_valid;

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

  // The constant-bank word is read as the warp enters H (TLDS.txt: the
  // immediate indexes the selected bank).
  assign cb_re = d_to_h && dec.read;
  assign cb_addr = dec.index;

  // ---- H: header ------------------------------------------------------------------------
  localparam logic [2:0] H_IDX = 3'd0;    // bank word arrived: index check
  localparam logic [2:0] H_REQ = 3'd1;    // header line request offered
  localparam logic [2:0] H_WAIT = 3'd2;   // waiting for the header line
  localparam logic [2:0] H_HDR = 3'd3;    // header registered: checks
  localparam logic [2:0] H_LVL = 3'd4;    // level sequencer running
  localparam logic [2:0] H_DONE = 3'd5;

  logic [2:0]     h_state;
  logic [31:0]    h_tag, h_mask;
  tex_insn_t      h_insn;
  logic [OPS-1:0] h_a0, h_a1, h_b0, h_b1;
  logic           h_ok;                 // the texture passed every warp-wide check
  logic [47:0]    h_addr;               // header line address
  logic [255:0]   hdr;
  logic           h_take, h_rsp, lvl_start, lvl_done;
  logic [255:0]   mem_data;

  logic [19:0]    header_ptr;
  logic           index_ok;
  assign header_ptr = cb_rdata[19:0];
  logic unused_sampler_ptr;             // samplerPtr [31:20]: "Only headerPtr is used" (TLDS.txt)
  assign unused_sampler_ptr = ^cb_rdata[31:20];
  // TLDS.txt / R18: a header pointer above MaximumIndex is an invalid texture.
  assign index_ok = bug_index ? {12'd0, header_ptr} < max_index
                              : {12'd0, header_ptr} <= max_index;

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

  assign lvl_start = h_valid && h_state == H_HDR && type_ok && supported;

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

  always_comb begin
    h_geom = hdr_geom;
    h_geom.ok = h_ok;
    h_geom.layer_stride = lvl_stride;
  end

  assign h_done = h_state == H_DONE;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      h_valid <= 1'b0;
      h_state <= H_DONE;
      h_ok <= 1'b0;
      h_addr <= 48'd0;
      hdr <= 256'd0;
    end else begin
      if (d_to_h) h_valid <= 1'b1;
      else if (h_to_a) h_valid <= 1'b0;
      if (d_to_h) begin
        h_state <= dec.read ? H_IDX : H_DONE;
        h_ok <= 1'b0;
      end else if (h_valid) begin
        case (h_state)
          H_IDX: begin
            // N60: header i is the 32 bytes at pool base + 32 i (mod 2^48, N61).
            h_addr <= pool_base + {23'd0, header_ptr, 5'd0};
            h_state <= index_ok ? H_REQ : H_DONE;
          end
          H_REQ: if (h_take) h_state <= H_WAIT;
          H_WAIT: if (h_rsp) begin
            hdr <= mem_data;
            h_state <= H_HDR;
          end
          H_HDR: h_state <= type_ok && supported ? H_LVL : H_DONE;
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

  assign a_done = a_cnt == CNT_DONE;

  always_ff @(posedge clk) begin
    if (!rst_n) a_valid <= 1'b0;
    else if (h_to_a) a_valid <= 1'b1;
    else if (a_to_m) a_valid <= 1'b0;
  end

  logic [OPS-1:0] a_a0_next, a_a1_next, a_b0_next, a_b1_next;
  logic [LANES*LANE_RD_W-1:0] a_res_next;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      a_cnt <= CNT_DONE;
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
      // Nothing to read: no lane computes an address.
      a_cnt <= h_insn.read && h_ok ? '0 : CNT_DONE;
    end else if (a_valid && !a_done) begin
      a_a0 <= a_a0_next;
      a_a1 <= a_a1_next;
      a_b0 <= a_b0_next;
      a_b1 <= a_b1_next;
      a_res <= a_res_next;
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

  if (GROUPS > 1) begin : g_a_shift
    assign a_a0_next = {{(LPC*32){1'b0}}, a_a0[OPS-1:LPC*32]};
    assign a_a1_next = {{(LPC*32){1'b0}}, a_a1[OPS-1:LPC*32]};
    assign a_b0_next = {{(LPC*32){1'b0}}, a_b0[OPS-1:LPC*32]};
    assign a_b1_next = {{(LPC*32){1'b0}}, a_b1[OPS-1:LPC*32]};
    assign a_res_next = {lane_rd, a_res[LANES*LANE_RD_W-1:LPC*LANE_RD_W]};
  end else begin : g_a_single
    assign a_a0_next = a_a0;
    assign a_a1_next = a_a1;
    assign a_b0_next = a_b0;
    assign a_b1_next = a_b1;
    assign a_res_next = lane_rd;
  end

  // ---- M: fetch ---------------------------------------------------------------------------
  logic [31:0]   m_tag, m_mask;
  tex_insn_t     m_insn;
  tex_fmt_t      m_fmt;
  logic          f_req, f_take, f_rsp;
  logic [47:0]   f_addr;
  logic [5:0]    f_tag, f_rsp_tag;
  logic [LANES*128-1:0] m_texels;
  logic [LANES-1:0]     m_rd;

  always_ff @(posedge clk) begin
    if (!rst_n) m_valid <= 1'b0;
    else if (a_to_m) m_valid <= 1'b1;
    else if (m_to_c) m_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (a_to_m) begin
      m_tag <= a_tag;
      m_mask <= a_mask;
      m_insn <= a_insn;
      m_fmt <= a_fmt;
    end
  end

  tex_fetch u_fetch (
    .clk         (clk),
    .rst_n       (rst_n),
    .load        (a_to_m),
    .in_rd       (a_res),
    .in_twelve   (a_geom.bpp == 5'd12),
    .bug_in_order(bug_in_order),
    .f_req       (f_req),
    .f_addr      (f_addr),
    .f_tag       (f_tag),
    .f_take      (f_take),
    .f_rsp       (f_rsp),
    .f_rsp_tag   (f_rsp_tag),
    .rsp_data    (mem_data),
    .done        (m_done),
    .texels      (m_texels),
    .lane_rd     (m_rd)
  );

  tex_mem_if u_mem (
    .clk          (clk),
    .rst_n        (rst_n),
    .h_req        (h_valid && h_state == H_REQ),
    .h_addr       (h_addr),
    .h_take       (h_take),
    .h_rsp        (h_rsp),
    .f_req        (m_valid && f_req),
    .f_addr       (f_addr),
    .f_tag        (f_tag),
    .f_take       (f_take),
    .f_rsp        (f_rsp),
    .f_rsp_tag    (f_rsp_tag),
    .rsp_data     (mem_data),
    .mem_req_valid(mem_req_valid),
    .mem_req_ready(mem_req_ready),
    .mem_req_addr (mem_req_addr),
    .mem_req_tag  (mem_req_tag),
    .mem_rsp_valid(mem_rsp_valid),
    .mem_rsp_ready(mem_rsp_ready),
    .mem_rsp_tag  (mem_rsp_tag),
    .mem_rsp_data (mem_rsp_data)
  );

  // ---- C: convert ---------------------------------------------------------------------------
  logic [31:0]          c_tag, c_mask;
  tex_insn_t            c_insn;
  tex_fmt_t             c_fmt;
  logic [LANES*128-1:0] c_texels, c_texels_next;   // lowest lane group next
  logic [LANES-1:0]     c_rd, c_rd_next;
  logic [LANES*128-1:0] c_res, c_res_next;         // four slots per lane, from the top
  logic [CNT_W-1:0]     c_cnt;
  logic [LPC*128-1:0]   lane_slots;
  logic                 rz;

  assign c_done = c_cnt == CNT_DONE;
  assign rz = round_rz && !bug_fp16_rz;   // R22: the configured rounding

  always_ff @(posedge clk) begin
    if (!rst_n) c_valid <= 1'b0;
    else if (m_to_c) c_valid <= 1'b1;
    else if (c_to_o) c_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      c_cnt <= CNT_DONE;
      c_res <= '0;
    end else if (m_to_c) begin
      c_tag <= m_tag;
      c_mask <= m_mask;
      c_insn <= m_insn;
      c_fmt <= m_fmt;
      c_texels <= m_texels;
      c_rd <= m_rd;
      c_res <= '0;
      // No lane read a texel: every result is 0 (R18), nothing to convert.
      c_cnt <= m_rd != '0 ? '0 : CNT_DONE;
    end else if (c_valid && !c_done) begin
      c_texels <= c_texels_next;
      c_rd <= c_rd_next;
      c_res <= c_res_next;
      c_cnt <= c_cnt + 1'b1;
    end
  end

  for (genvar k = 0; k < LPC; k++) begin : g_conv
    logic [127:0] xyzw;

    tex_format u_format (
      .texel              (c_texels[128*k +: 128]),
      .rd                 (c_rd[k]),
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

  if (GROUPS > 1) begin : g_c_shift
    assign c_texels_next = {{(LPC*128){1'b0}}, c_texels[LANES*128-1:LPC*128]};
    assign c_rd_next = {{LPC{1'b0}}, c_rd[LANES-1:LPC]};
    assign c_res_next = {lane_slots, c_res[LANES*128-1:LPC*128]};
  end else begin : g_c_single
    assign c_texels_next = c_texels;
    assign c_rd_next = c_rd;
    assign c_res_next = lane_slots;
  end

  // ---- O: response register -------------------------------------------------------------------
  logic [31:0]          o_tag, o_mask;
  logic                 o_fault;
  logic [3:0][7:0]      o_wb_reg;
  logic [3:0]           o_written;       // slot written
  logic [LANES*128-1:0] o_res;

  always_ff @(posedge clk) begin
    if (!rst_n) o_valid <= 1'b0;
    else if (c_to_o) o_valid <= 1'b1;
    else if (rsp_ready) o_valid <= 1'b0;
  end

  // N74: every active lane writes every slot whose register is not RZ
  // (zeros when out of range); a refused word and R24 write nothing.
  logic [3:0][7:0] c_wb_reg;
  logic [3:0]      c_written;
  assign c_wb_reg = c_insn.read ? c_insn.wb_reg : {RZ, RZ, RZ, RZ};
  for (genvar s = 0; s < 4; s++) begin : g_written
    assign c_written[s] = c_wb_reg[s] != RZ;
  end

  // The payload is reset too, so rsp is defined from reset on.
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      o_tag <= 32'd0;
      o_mask <= 32'd0;
      o_fault <= 1'b0;
      o_wb_reg <= {RZ, RZ, RZ, RZ};
      o_written <= 4'd0;
      o_res <= '0;
    end else if (c_to_o) begin
      o_tag <= c_tag;
      o_mask <= c_mask;
      o_fault <= !c_insn.legal;
      o_wb_reg <= c_wb_reg;
      o_written <= c_written;
      for (int l = 0; l < LANES; l++)   // lanes not written read 0
        o_res[128*l +: 128] <= c_res[128*l +: 128] & {128{c_mask[l]}};
    end
  end

  // Response assembly: no predicate, no stores, no don't-care bits (model
  // only). o_res holds lane l's four slots at [128l +: 128]; the response
  // wants slot-major [s][l].
  logic [4*LANES*32-1:0] wb_value;
  logic [4*32-1:0]       wb_valid;
  for (genvar s = 0; s < 4; s++) begin : g_rsp_slot
    assign wb_valid[32*s +: 32] = o_written[s] ? o_mask : 32'd0;
    for (genvar l = 0; l < LANES; l++) begin : g_lane
      assign wb_value[32*(LANES*s + l) +: 32] = o_res[128*l + 32*s +: 32];
    end
  end

  txn_response_t rsp_s;

  always_comb begin
    rsp_s.tag = o_tag;
    rsp_s.fault = o_fault ? FAULT_ILLEGAL_INSTR_ENCODING : FAULT_NONE;
    rsp_s.fault_lanes = o_fault ? o_mask : 32'd0;
    rsp_s.wb_reg = o_wb_reg;
    rsp_s.wb_valid = wb_valid;
    rsp_s.wb_value = wb_value;
    rsp_s.wb_dontcare = '0;
    rsp_s.pd = {5'd0, PT};
    rsp_s.pd_written = 32'd0;
    rsp_s.pd_value = 32'd0;
    rsp_s.st_space = SPACE_NONE;
    rsp_s.st_mask = '0;
    rsp_s.st_addr = '0;
    rsp_s.st_data = '0;
  end

  assign rsp_valid = o_valid;
  assign rsp = rsp_s;

endmodule : tex_unit
