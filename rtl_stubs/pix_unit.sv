// SPDX-License-Identifier: Apache-2.0
// pix_unit: the pixel unit (PIXLD), an independent RTL implementation of
// the port contract in docs/port-contract.md. Design notes: docs/rtl-pix.md.
//
// Three pipeline stages, each holding one warp-instruction:
//
//   D  accept: the request's pixel fields are registered; the decoder
//      (pix_decode) works on the registered word and the stage register.
//   X  execute: the warp's operands stream through LANES_PER_CYCLE lane
//      datapaths (pix_lane), one group of lanes per cycle, shifting down
//      while the results shift in from the top; 32 / LANES_PER_CYCLE cycles.
//      A word the unit refuses skips the lanes.
//   O  output: the response register, held until rsp_ready.
//
// Requests execute and respond in acceptance order, one per stage, so up
// to three are in flight. A stage moves on when the next one is empty or
// empties in the same cycle; rsp_valid is a register output.
//
// LANES_PER_CYCLE must divide 32 (1, 2, 4, 8, 16 or 32).
//
// bug_sel selects one injected defect of rtl_stubs/pix_bugs.md (0: none).
module pix_unit
  import shader_txn_pkg::*;
#(
  parameter int LANES_PER_CYCLE = 16
) (
  input  logic           clk,
  input  logic           rst_n,
  input  logic [7:0]     bug_sel,
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
  output logic [RESPONSE_BITS-1:0] rsp    // [16823:0]
);

  localparam int LPC = LANES_PER_CYCLE;
  localparam int GROUPS = LANES / LPC;  // cycles of the X stage
  localparam int CNT_W = $clog2(GROUPS + 1);
  localparam logic [CNT_W-1:0] CNT_DONE = CNT_W'(GROUPS);

  // ---- Injected defects (rtl_stubs/pix_bugs.md) ---------------------------
  localparam logic [7:0] BUG_PD_WRITTEN_WHEN_PT = 8'd1;
  localparam logic [7:0] BUG_CENTROID_HIGHEST = 8'd2;
  localparam logic [7:0] BUG_COVMASK_UNMASKED = 8'd3;
  localparam logic [7:0] BUG_INDEX_BOUND_OFF_BY_ONE = 8'd4;
  localparam logic [7:0] BUG_OFFSET_SWAP_XY_8X = 8'd5;
  localparam logic [7:0] BUG_IMM_NOT_SIGN_EXTENDED = 8'd6;
  localparam logic [7:0] BUG_RSP_OVERWRITE_WHEN_STALLED = 8'd7;
  localparam logic [7:0] BUG_RSP_READY_REGISTERED = 8'd8;
  localparam logic [7:0] BUG_STAGE_UNCHECKED = 8'd9;
  localparam logic [7:0] BUG_RESERVED_IGNORED = 8'd10;
  localparam logic [7:0] BUG_MODE6_ACCEPTED = 8'd11;
  localparam logic [7:0] BUG_RZ_SUPPRESSES_PD = 8'd12;
  localparam logic [7:0] BUG_MY_INDEX_IGNORES_SSAA = 8'd13;
  localparam logic [7:0] BUG_CENTROID_FULL_NOT_CENTER = 8'd14;
  localparam logic [7:0] BUG_CENTROID_PROGRAMMABLE_IGNORED = 8'd15;
  localparam logic [7:0] BUG_WB_VALID_IGNORES_LANE_MASK = 8'd16;
  localparam logic [7:0] BUG_INDEX_ADDER_NARROW = 8'd17;
  localparam logic [7:0] BUG_CFG_TABLE_BUSY_STUCK = 8'd18;
  localparam logic [7:0] BUG_OFFSET_FORMAT_IGNORED = 8'd19;
  localparam logic [7:0] BUG_SAMPLE_ORDER_IGNORED = 8'd20;
  localparam logic [7:0] BUG_IDLE_WITHOUT_O = 8'd21;
  localparam logic [7:0] BUG_CFG_RVALID_ON_WRITE = 8'd22;
  // ---- Configuration registers -------------------------------------------
  logic [2:0]   cfg_stage, cfg_count_log2;
  logic         cfg_programmable, cfg_ssaa, cfg_offset_s012, cfg_order_nvidia;
  logic [127:0] cfg_table;
  logic         cfg_table_busy;
  pix_cfg_regs u_cfg (
    .clk         (clk),
    .rst_n       (rst_n),
    .cfg_valid   (cfg_valid),
    .cfg_ready   (cfg_ready),
    .cfg_write   (cfg_write),
    .cfg_addr    (cfg_addr),
    .cfg_mask    (cfg_mask),
    .cfg_wdata   (cfg_wdata),
    .cfg_rvalid  (cfg_rvalid),
    .cfg_rdata   (cfg_rdata),
    .stage       (cfg_stage),
    .count_log2  (cfg_count_log2),
    .programmable(cfg_programmable),
    .ssaa        (cfg_ssaa),
    .offset_s012 (cfg_offset_s012),
    .order_nvidia(cfg_order_nvidia),
    .prog_table  (cfg_table),
    .table_busy  (cfg_table_busy),
    .bug_table_busy_stuck(bug_sel == BUG_CFG_TABLE_BUSY_STUCK), .bug_rvalid_on_write(bug_sel == BUG_CFG_RVALID_ON_WRITE)
  );

  // ---- Request fields the pixel unit reads --------------------------------
  // The other fields (b, c, d, vertex, primitive, a[1]) feed other units.
  /* verilator lint_off UNUSEDSIGNAL */
  txn_request_t req_s;
  /* verilator lint_on UNUSEDSIGNAL */
  assign req_s = req;

  // ---- Pipeline control ---------------------------------------------------
  logic d_valid, x_valid, o_valid;
  logic x_done;            // every lane group of X is computed
  logic x_last;            // X computes its last lane group this cycle
  logic o_free;            // O can take a response this cycle
  logic d_to_x, x_to_o;    // stage transfers this cycle
  logic req_fire;
  logic rsp_ready_q;       // rsp_ready of the previous cycle (defect 8 only)
  logic ready_seen;        // the rsp_ready the output stage acts on

  assign ready_seen = bug_sel == BUG_RSP_READY_REGISTERED ? rsp_ready_q : rsp_ready;
  assign o_free = !o_valid || ready_seen || bug_sel == BUG_RSP_OVERWRITE_WHEN_STALLED;
  // The last group's results go straight to O, so a warp holds X for
  // 32 / LANES_PER_CYCLE cycles, not one more.
  assign x_to_o = x_valid && (x_done || x_last) && o_free;
  assign d_to_x = d_valid && (!x_valid || x_to_o);
  assign req_ready = !d_valid || d_to_x;
  assign req_fire = req_valid && req_ready;
  assign idle = !d_valid && !x_valid && !cfg_table_busy &&
                (!o_valid || bug_sel == BUG_IDLE_WITHOUT_O);  // defect 21: O left out
  // ---- D: accept ----------------------------------------------------------
  logic [31:0]          d_tag, d_lane_mask;
  logic [63:0]          d_insn;
  logic [LANES*32-1:0]  d_ra;        // a[0] of every lane
  logic [LANES*16-1:0]  d_coverage;
  logic [LANES*4-1:0]   d_sample;

  always_ff @(posedge clk) begin
    if (!rst_n) d_valid <= 1'b0;
    else if (req_fire) d_valid <= 1'b1;
    else if (d_to_x) d_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (req_fire) begin
      d_tag <= req_s.tag;
      d_insn <= req_s.insn;
      d_lane_mask <= req_s.lane_mask;
      d_ra <= req_s.a[0];
      d_coverage <= req_s.coverage;
      d_sample <= req_s.sample;
    end
  end

  logic       dec_legal, dec_rd_write, dec_ra_rz, dec_pd_write;
  logic [5:0] dec_ops;       // one-hot: my_index .. mscount
  logic [7:0] dec_rd, dec_imm8;
  logic [2:0] dec_pd;

  pix_decode u_decode (
    .insn                  (d_insn),
    .stage                 (cfg_stage),
    .bug_stage_unchecked   (bug_sel == BUG_STAGE_UNCHECKED),
    .bug_reserved_ignored  (bug_sel == BUG_RESERVED_IGNORED),
    .bug_mode6_accepted    (bug_sel == BUG_MODE6_ACCEPTED),
    .bug_pd_written_when_pt(bug_sel == BUG_PD_WRITTEN_WHEN_PT),
    .bug_rz_suppresses_pd  (bug_sel == BUG_RZ_SUPPRESSES_PD),
    .legal                 (dec_legal),
    .op_mscount            (dec_ops[0]),
    .op_covmask            (dec_ops[1]),
    .op_covered            (dec_ops[2]),
    .op_offset             (dec_ops[3]),
    .op_centroid           (dec_ops[4]),
    .op_my_index           (dec_ops[5]),
    .rd                    (dec_rd),
    .rd_write              (dec_rd_write),
    .ra_rz                 (dec_ra_rz),
    .imm8                  (dec_imm8),
    .pd                    (dec_pd),
    .pd_write              (dec_pd_write)
  );

  // ---- X: execute ---------------------------------------------------------
  logic [31:0]          x_tag, x_lane_mask;
  logic                 x_fault, x_rd_write, x_pd_write, x_ra_rz;
  logic [5:0]           x_ops;
  logic [7:0]           x_rd, x_imm8;
  logic [2:0]           x_pd;
  logic [CNT_W-1:0]     x_groups_done;
  logic [LANES*32-1:0]  x_ra;        // operands, lowest group next
  logic [LANES*16-1:0]  x_coverage;
  logic [LANES*4-1:0]   x_sample;
  logic [LANES*32-1:0]  x_value;     // results, filled from the top
  logic [LANES-1:0]     x_pred;

  logic [LPC*32-1:0]    lane_value;  // results of the current group
  logic [LPC-1:0]       lane_pred;
  logic [LANES*32-1:0]  x_ra_next, x_value_next;
  logic [LANES*16-1:0]  x_coverage_next;
  logic [LANES*4-1:0]   x_sample_next;
  logic [LANES-1:0]     x_pred_next;

  assign x_done = x_groups_done == CNT_DONE;
  assign x_last = x_groups_done == CNT_DONE - 1'b1;

  always_ff @(posedge clk) begin
    if (!rst_n) x_valid <= 1'b0;
    else if (d_to_x) x_valid <= 1'b1;
    else if (x_to_o) x_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      x_groups_done <= CNT_DONE;
    end else if (d_to_x) begin
      x_tag <= d_tag;
      x_lane_mask <= d_lane_mask;
      x_fault <= !dec_legal;
      x_ops <= dec_ops;
      x_rd <= dec_rd;
      x_rd_write <= dec_rd_write;
      x_ra_rz <= dec_ra_rz;
      x_imm8 <= dec_imm8;
      x_pd <= dec_pd;
      x_pd_write <= dec_pd_write;
      x_ra <= d_ra;
      x_coverage <= d_coverage;
      x_sample <= d_sample;
      // A refused word has nothing to compute.
      x_groups_done <= dec_legal ? '0 : CNT_DONE;
    end else if (x_valid && !x_done) begin
      x_ra <= x_ra_next;
      x_coverage <= x_coverage_next;
      x_sample <= x_sample_next;
      x_value <= x_value_next;
      x_pred <= x_pred_next;
      x_groups_done <= x_groups_done + 1'b1;
    end
  end

  // Lane datapaths on the lowest LPC lanes of the operand registers.
  for (genvar k = 0; k < LPC; k++) begin : g_lane
    pix_lane u_lane (
      .op_mscount                       (x_ops[0]),
      .op_covmask                       (x_ops[1]),
      .op_covered                       (x_ops[2]),
      .op_offset                        (x_ops[3]),
      .op_centroid                      (x_ops[4]),
      .op_my_index                      (x_ops[5]),
      .ra_rz                            (x_ra_rz),
      .imm8                             (x_imm8),
      .count_log2                       (cfg_count_log2),
      .programmable                     (cfg_programmable),
      .offset_s012                      (cfg_offset_s012 && bug_sel != BUG_OFFSET_FORMAT_IGNORED),
      .order_nvidia                     (cfg_order_nvidia && bug_sel != BUG_SAMPLE_ORDER_IGNORED),
      .prog_table                       (cfg_table),
      .ssaa                             (cfg_ssaa),
      .ra_value                         (x_ra[32*k +: 32]),
      .coverage                         (x_coverage[16*k +: 16]),
      .sample                           (x_sample[4*k +: 4]),
      .bug_centroid_highest             (bug_sel == BUG_CENTROID_HIGHEST),
      .bug_centroid_full_not_center     (bug_sel == BUG_CENTROID_FULL_NOT_CENTER),
      .bug_centroid_programmable_ignored(bug_sel == BUG_CENTROID_PROGRAMMABLE_IGNORED),
      .bug_covmask_unmasked             (bug_sel == BUG_COVMASK_UNMASKED),
      .bug_index_bound_off_by_one       (bug_sel == BUG_INDEX_BOUND_OFF_BY_ONE),
      .bug_offset_swap_xy_8x            (bug_sel == BUG_OFFSET_SWAP_XY_8X),
      .bug_imm_not_sign_extended        (bug_sel == BUG_IMM_NOT_SIGN_EXTENDED),
      .bug_index_adder_narrow           (bug_sel == BUG_INDEX_ADDER_NARROW),
      .bug_my_index_ignores_ssaa        (bug_sel == BUG_MY_INDEX_IGNORES_SSAA),
      .value                            (lane_value[32*k +: 32]),
      .pred                             (lane_pred[k])
    );
  end

  // Shift by one group: operands move down, results enter at the top, so
  // after GROUPS steps lane l's result sits at lane l.
  if (GROUPS > 1) begin : g_shift
    assign x_ra_next = {{(LPC*32){1'b0}}, x_ra[LANES*32-1:LPC*32]};
    assign x_coverage_next = {{(LPC*16){1'b0}}, x_coverage[LANES*16-1:LPC*16]};
    assign x_sample_next = {{(LPC*4){1'b0}}, x_sample[LANES*4-1:LPC*4]};
    assign x_value_next = {lane_value, x_value[LANES*32-1:LPC*32]};
    assign x_pred_next = {lane_pred, x_pred[LANES-1:LPC]};
  end else begin : g_single
    // One group is the whole warp.
    assign x_ra_next = x_ra;
    assign x_coverage_next = x_coverage;
    assign x_sample_next = x_sample;
    assign x_value_next = lane_value;
    assign x_pred_next = lane_pred;
  end

  // ---- O: response register ------------------------------------------------
  logic                o_fault, o_rd_write, o_pd_write;
  logic [31:0]         o_tag, o_lane_mask, o_wb_valid;
  logic [7:0]          o_rd;
  logic [2:0]          o_pd;
  logic [LANES*32-1:0] o_value;
  logic [LANES-1:0]    o_pred;

  // Lanes the register write covers: the active ones (N58 for Pd).
  logic [31:0] wb_lanes;
  assign wb_lanes = bug_sel == BUG_WB_VALID_IGNORES_LANE_MASK ? 32'hFFFF_FFFF
                                                               : x_lane_mask;

  always_ff @(posedge clk) begin
    if (!rst_n) o_valid <= 1'b0;
    else if (x_to_o) o_valid <= 1'b1;
    else if (ready_seen) o_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    rsp_ready_q <= rst_n && rsp_ready;
  end

  // The payload is reset too, so rsp is defined from reset on.
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      o_tag <= 32'd0;
      o_fault <= 1'b0;
      o_lane_mask <= 32'd0;
      o_rd <= RZ;
      o_rd_write <= 1'b0;
      o_wb_valid <= 32'd0;
      o_pd <= PT;
      o_pd_write <= 1'b0;
      o_pred <= '0;
      o_value <= '0;
    end else if (x_to_o) begin
      o_tag <= x_tag;
      o_fault <= x_fault;
      o_lane_mask <= x_lane_mask;
      o_rd <= x_rd;
      o_rd_write <= !x_fault && x_rd_write;
      o_wb_valid <= (!x_fault && x_rd_write) ? wb_lanes : 32'd0;
      o_pd <= x_pd;
      o_pd_write <= !x_fault && x_pd_write;
      o_pred <= x_last ? x_pred_next : x_pred;
      for (int l = 0; l < LANES; l++)  // unwritten lanes read 0
        o_value[32*l +: 32] <= (x_last ? x_value_next[32*l +: 32] : x_value[32*l +: 32]) &
                               {32{!x_fault && x_rd_write && wb_lanes[l]}};
    end
  end

  // Response assembly: the fields the pixel unit never produces are
  // constants (unused write-back slots RZ, no stores, no don't-care bits).
  txn_response_t rsp_s;

  always @* begin
    rsp_s.tag = o_tag;
    rsp_s.fault = o_fault ? FAULT_ILLEGAL_INSTR_ENCODING : FAULT_NONE;
    rsp_s.fault_lanes = o_fault ? o_lane_mask : 32'd0;
    rsp_s.wb_reg = {RZ, RZ, RZ, o_rd_write ? o_rd : RZ};
    rsp_s.wb_valid = {96'd0, o_wb_valid};
    rsp_s.wb_value = {{(3*LANES*32){1'b0}}, o_value};
    rsp_s.wb_dontcare = '0;
    rsp_s.pd = o_pd_write ? {5'd0, o_pd} : {5'd0, PT};
    rsp_s.pd_written = o_pd_write ? o_lane_mask : 32'd0;
    rsp_s.pd_value = o_pd_write ? (o_pred & o_lane_mask) : 32'd0;
    rsp_s.st_space = SPACE_NONE;
    rsp_s.st_mask = '0;
    rsp_s.st_addr = '0;
    rsp_s.st_data = '0;
  end

  assign rsp_valid = o_valid;
  assign rsp = rsp_s;

endmodule : pix_unit
