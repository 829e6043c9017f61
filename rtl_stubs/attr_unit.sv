// SPDX-License-Identifier: Apache-2.0
// attr_unit: the attribute unit (ALD, AST, AL2P, ISBERD), an independent
// RTL implementation of the port contract in docs/port-contract.md.
// Design notes: docs/rtl-attr.md; injected defects: rtl_stubs/attr_bugs.md.
//
// Four pipeline stages, each holding one warp-instruction:
//
//   D  accept: the request fields the unit reads are registered; the
//      decoder (attr_decode) works on the registered word and the
//      configuration (stage, sharing).
//   A  address generation: LANES_PER_CYCLE lane datapaths (attr_agu) turn
//      one group of lanes per cycle into access descriptors (32 /
//      LANES_PER_CYCLE cycles); AL2P and every value that needs no memory
//      (defaults, zeros, out-of-range) are final here. A refused word
//      skips the lanes.
//   M  memory (attr_mstage): the descriptors that touch memory execute in
//      bank-conflict-free beats on the 32-bank memories (attr_mem), one
//      instruction at a time, so loads and stores happen in acceptance
//      order and a load after a store sees it.
//   O  output: the response register, held until rsp_ready.
//
// Requests execute and respond in acceptance order. A stage moves on when
// the next one is empty or empties in the same cycle; rsp_valid is a
// register output. The configuration port (version 2: bursts of up to 32
// words of one 128-byte block, N120-N123; attr_cfg, attr_mem) is used by
// the testbench only while idle. Every target's block is one row of one or
// more banks, so a burst transfers in one cycle; a read burst is answered
// by a cfg_rvalid pulse the next cycle. The clear command flash-clears the
// memories' valid bits in one cycle, with cfg_ready, idle and req_ready low.
//
// LANES_PER_CYCLE must divide 32 (1, 2, 4, 8, 16 or 32); 16 (two cycles in
// A) keeps the mix of tests/rtl/attr_unit_perf.sv near 3 cycles per
// instruction, docs/rtl-attr.md.
module attr_unit
  import shader_txn_pkg::*;
  import attr_pkg::*;
#(
  parameter int LANES_PER_CYCLE = 16
) (
  input  logic           clk,
  input  logic           rst_n,
  input  logic [7:0]     bug_sel,
  input  logic           cfg_valid,
  output logic           cfg_ready,
  input  logic           cfg_write,
  input  logic [31:0]    cfg_addr,     // target [31:28], 128-byte block ([6:0] = 0)
  input  logic [31:0]    cfg_mask,     // word k of the block takes part
  input  logic [1023:0]  cfg_wdata,    // word k at [32k +: 32]
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
  localparam int GROUPS = LANES / LPC;            // cycles of the A stage
  localparam int GRP_W = GROUPS > 1 ? $clog2(GROUPS) : 1;
  localparam int ACCS = 4 * LANES;                // descriptors of a warp

  // ---- Injected defects (rtl_stubs/attr_bugs.md) ---------------------------------
  logic bug_rank, bug_default_w, bug_rd_align, bug_bmap_in, bug_lost_store;
  logic bug_skew, bug_vtx_range, bug_patch_lowest, bug_al2p_pd, bug_u16_sext;
  logic bug_patch_max, bug_shared, bug_overwritten, bug_phys_vector, bug_trap_enable;
  logic bug_burst_last, bug_read_behind, bug_clear_status, bug_status_merge, bug_group_ra;
  logic bug_status_rd_busy;
  assign bug_status_rd_busy = bug_sel == BUG_STATUS_READ_BUSY_STUCK;

  assign bug_rank = bug_sel == BUG_RANK_OFF_BY_ONE;
  assign bug_default_w = bug_sel == BUG_DEFAULT_W_ZERO;
  assign bug_rd_align = bug_sel == BUG_RD_ALIGN_KEPT;
  assign bug_bmap_in = bug_sel == BUG_BMAP_IN_IMAP_ONLY;
  assign bug_lost_store = bug_sel == BUG_STORE_LOST_ON_STALL;
  assign bug_skew = bug_sel == BUG_SKEW_STRIDE_DROPS_N;
  assign bug_vtx_range = bug_sel == BUG_VERTEX_RANGE_OFF_BY_ONE;
  assign bug_patch_lowest = bug_sel == BUG_PATCH_LOWEST_LANE_WINS;
  assign bug_al2p_pd = bug_sel == BUG_AL2P_PD_BASE_ONLY;
  assign bug_u16_sext = bug_sel == BUG_ISBERD_U16_SIGN_EXTENDED;
  assign bug_patch_max = bug_sel == BUG_PATCH_BOUND_MAX;
  assign bug_shared = bug_sel == BUG_SHARED_SPACE_IGNORED;
  assign bug_overwritten = bug_sel == BUG_OVERWRITTEN_STORE_REPORTED;
  assign bug_phys_vector = bug_sel == BUG_PHYS_VECTOR_ACCEPTED;
  assign bug_trap_enable = bug_sel == BUG_TRAP_IGNORES_ENABLE;
  assign bug_burst_last = bug_sel == BUG_BURST_LAST_WORD_DROPPED;
  assign bug_read_behind = bug_sel == BUG_BURST_READ_ROW_BEHIND;
  assign bug_clear_status = bug_sel == BUG_CLEAR_MISSES_STATUS_OUT;
  assign bug_status_merge = bug_sel == BUG_STATUS_INVALID_ROW_MERGE;
  assign bug_group_ra = bug_sel == BUG_AGU_GROUP_RA_SHARED;

  // ---- Configuration ---------------------------------------------------------------
  logic [2:0]    cfg_stage;
  logic          cfg_shared, cfg_trap, clear_busy;
  logic [8:0]    cfg_vertex_count, n_in, n_out;
  logic [7:0]    cfg_patch_words;
  logic [10:0]   cfg_gs_max;
  logic [8191:0] cfg_defaults;
  logic [255:0]  bmap_in, bmap_out;
  logic [71:0]   pre_in, pre_out;
  logic [1023:0] reg_rdata, mem_rdata;
  logic          cfg_fire, exec_sel;

  // N121: the port waits while the clear runs and while the memory stage
  // owns the banks (the testbench only uses the port while idle anyway).
  // Defect 52: a read burst of the output write status sets `status_rd_busy`
  // (as if that RAM's read port needed a turn-around) and nothing clears it,
  // so the port takes no further burst until reset: the read-back hangs.
  logic status_rd_busy;
  always_ff @(posedge clk) begin
    if (!rst_n) status_rd_busy <= 1'b0;
    else if (bug_status_rd_busy && cfg_fire && !cfg_write && cfg_addr[31:28] == 4'h4)
      status_rd_busy <= 1'b1;
  end
  assign cfg_ready = !clear_busy && !exec_sel && !status_rd_busy;
  assign cfg_fire = cfg_valid && cfg_ready;

  attr_cfg u_cfg (
    .clk                  (clk),
    .rst_n                (rst_n),
    .cfg_fire             (cfg_fire),
    .cfg_write            (cfg_write),
    .cfg_addr             (cfg_addr),
    .cfg_mask             (cfg_mask),
    .cfg_wdata            (cfg_wdata),
    .reg_rdata            (reg_rdata),
    .bug_bmap_in_imap_only(bug_bmap_in),
    .stage                (cfg_stage),
    .shared               (cfg_shared),
    .trap                 (cfg_trap),
    .vertex_count         (cfg_vertex_count),
    .patch_words          (cfg_patch_words),
    .gs_max               (cfg_gs_max),
    .defaults             (cfg_defaults),
    .bmap_in              (bmap_in),
    .pre_in               (pre_in),
    .n_in                 (n_in),
    .bmap_out             (bmap_out),
    .pre_out              (pre_out),
    .n_out                (n_out),
    .clear_busy           (clear_busy)
  );

  // Read answer (N122): one cfg_rvalid pulse the cycle after the read
  // burst, from the registers' read register or the RAM output registers,
  // by the target of that read.
  logic read_mem_q;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      cfg_rvalid <= 1'b0;
      read_mem_q <= 1'b0;
    end else begin
      cfg_rvalid <= cfg_fire && !cfg_write;
      if (cfg_fire && !cfg_write) read_mem_q <= cfg_addr[31:28] != 4'h0;
    end
  end
  assign cfg_rdata = read_mem_q ? mem_rdata : reg_rdata;

  // ---- Request fields the attribute unit reads ---------------------------------------
  // a[1], b[1], coverage and sample feed other units.
  /* verilator lint_off UNUSEDSIGNAL */
  txn_request_t req_s;
  /* verilator lint_on UNUSEDSIGNAL */
  assign req_s = req;

  // ---- Pipeline control ----------------------------------------------------------------
  logic d_valid, a_valid, m_valid, o_valid;
  logic a_done, m_done;
  logic o_free, d_to_a, a_to_m, m_to_o, req_fire;

  assign o_free = !o_valid || rsp_ready;
  assign m_to_o = m_done && o_free;
  // A hands on in the cycle of its last lane group: that group's
  // descriptors go to the memory stage straight from the lane datapaths
  // (a_last), so the address stage takes GROUPS cycles per instruction.
  logic a_last;
  assign a_to_m = a_valid && (a_done || a_last) && (!m_valid || m_to_o);
  assign d_to_a = d_valid && (!a_valid || a_to_m);
  assign req_ready = (!d_valid || d_to_a) && !clear_busy;
  assign req_fire = req_valid && req_ready;
  assign idle = !d_valid && !a_valid && !m_valid && !o_valid && !clear_busy;

  // ---- D: accept ---------------------------------------------------------------------------
  logic [31:0]          d_tag, d_lane_mask;
  logic [63:0]          d_insn;
  // Operands by lane (store data by 32 * component + lane).
  logic [31:0]          d_ra [LANES], d_rb [LANES], d_rc [LANES];
  logic [31:0]          d_vertex [LANES], d_prim [LANES], d_data [4*LANES];
  logic [LANES*32-1:0]  req_ra, req_rb, req_rc, req_vertex, req_prim;
  logic [4*LANES*32-1:0] req_data;

  assign req_ra = req_s.a[0];
  assign req_rb = req_s.b[0];
  assign req_rc = req_s.c;
  assign req_vertex = req_s.vertex;
  assign req_prim = req_s.primitive_index;
  assign req_data = req_s.d;

  always_ff @(posedge clk) begin
    if (!rst_n) d_valid <= 1'b0;
    else if (req_fire) d_valid <= 1'b1;
    else if (d_to_a) d_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (req_fire) begin
      d_tag <= req_s.tag;
      d_insn <= req_s.insn;
      d_lane_mask <= req_s.lane_mask;
      for (int l = 0; l < LANES; l++) begin
        d_ra[l] <= req_ra[32*l +: 32];
        d_rb[l] <= req_rb[32*l +: 32];
        d_rc[l] <= req_rc[32*l +: 32];
        d_vertex[l] <= req_vertex[32*l +: 32];
        d_prim[l] <= req_prim[32*l +: 32];
      end
      for (int c = 0; c < 4; c++)
        for (int l = 0; l < LANES; l++) d_data[32*c + l] <= req_data[32*(32*c + l) +: 32];
    end
  end

  meta_t dec_meta;

  attr_decode u_decode (
    .insn                    (d_insn),
    .tag                     (d_tag),
    .lane_mask               (d_lane_mask),
    .stage                   (cfg_stage),
    .shared                  (cfg_shared),
    .bug_rd_align_kept       (bug_rd_align),
    .bug_shared_space_ignored(bug_shared),
    .bug_phys_vector_accepted(bug_phys_vector),
    .meta                    (dec_meta)
  );

  // ---- A: address generation ----------------------------------------------------------------
  meta_t                 a_meta;
  logic [GRP_W-1:0]      a_grp;
  logic [31:0]           a_ra [LANES], a_rb [LANES], a_rc [LANES];
  logic [31:0]           a_vertex [LANES], a_prim [LANES], a_data [4*LANES];
  // Descriptors, component c, lane l at [ACC_W*(32c + l) +: ACC_W], and
  // which of them access memory (the memory stage's work list).
  logic [ACCS*ACC_W-1:0] a_acc;
  logic [ACCS-1:0]       a_memmask;
  logic [LANES-1:0]      a_trap, a_pd;

  // Outputs of the lane datapaths: lane k of the group has its four
  // descriptors at [4*ACC_W*k +: 4*ACC_W] and its trap / Pd bits at [k].
  logic [LPC*4*ACC_W-1:0] agu_acc;
  // Each datapath drives an array element; one process packs them. A flat
  // vector driven in 16 slices by continuous assigns is, in Icarus, a tree
  // of concatenations that resends all 4032 bits, bit by bit, to each of
  // its readers whenever one slice changes: it cost the replay 40 % of
  // its time.
  logic [4*ACC_W-1:0]     agu_acc_k [LPC];   // lane datapath k's four descriptors
  always @*
    for (int k = 0; k < LPC; k++) agu_acc[4*ACC_W*k +: 4*ACC_W] = agu_acc_k[k];
  logic [LPC-1:0]         agu_trap, agu_pd;

  assign a_last = a_valid && !a_done && int'(a_grp) == GROUPS - 1;

  // The work list the memory stage loads: the registered groups plus, when
  // A hands on in its last group's cycle, that group's kinds (acc_t's kind
  // is its top two bits; K_NONE needs no memory). A refused word skips M.
  logic [ACCS-1:0] m_in_memmask;
  for (genvar i = 0; i < ACCS; i++) begin : g_memmask
    if (i % 32 >= 32 - LPC) begin : g_last
      localparam int K = i % 32 - (32 - LPC), C = i / 32;
      assign m_in_memmask[i] = !a_meta.illegal &&
          (a_last ? agu_acc_k[K][ACC_W*C + ACC_W - 2 +: 2] != K_NONE : a_memmask[i]);
    end else begin : g_reg
      assign m_in_memmask[i] = !a_meta.illegal && a_memmask[i];
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) a_valid <= 1'b0;
    else if (d_to_a) a_valid <= 1'b1;
    else if (a_to_m) a_valid <= 1'b0;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      a_done <= 1'b1;
      a_grp <= '0;
    end else if (d_to_a) begin
      a_meta <= dec_meta;
      for (int l = 0; l < LANES; l++) begin
        a_ra[l] <= d_ra[l];
        a_rb[l] <= d_rb[l];
        a_rc[l] <= d_rc[l];
        a_vertex[l] <= d_vertex[l];
        a_prim[l] <= d_prim[l];
      end
      for (int c = 0; c < 4; c++)
        for (int l = 0; l < LANES; l++) a_data[32*c + l] <= d_data[32*c + l];
      a_grp <= '0;
      a_done <= dec_meta.illegal;   // a refused word has nothing to compute
    end else if (a_to_m) begin
      a_done <= 1'b1;
    end else if (a_valid && !a_done) begin
      for (int k = 0; k < LPC; k++) begin
        for (int g = 0; g < GROUPS; g++) for (int c = 0; c < 4; c++) if (g == int'(a_grp)) begin
          a_acc[ACC_W*(32*c + g*LPC + k) +: ACC_W] <= agu_acc[ACC_W*(4*k + c) +: ACC_W];
          // Constant slices (N557). acc_t's kind is its top two bits; K_NONE needs no memory.
          a_memmask[32*c + g*LPC + k] <= agu_acc[ACC_W*(4*k + c) + ACC_W - 2 +: 2] != K_NONE;
        end
        a_trap[int'(a_grp)*LPC + k] <= agu_trap[k];
        a_pd[int'(a_grp)*LPC + k] <= agu_pd[k];
      end
      a_grp <= a_grp + 1'b1;
      a_done <= int'(a_grp) == GROUPS - 1;
    end
  end

  // The BMAP the instruction works through: AST and .O use the output
  // space's, the others the input space's (ALD.txt BMAP definitions).
  logic [255:0] lay_bmap;
  logic [71:0]  lay_pre;
  logic [8:0]   lay_n;

  logic [31:0]  a_lane_mask;

  assign a_lane_mask = a_meta.lane_mask;
  assign lay_bmap = a_meta.out ? bmap_out : bmap_in;
  assign lay_pre = a_meta.out ? pre_out : pre_in;
  assign lay_n = a_meta.out ? n_out : n_in;

  for (genvar k = 0; k < LPC; k++) begin : g_agu
    logic [4:0]   lane;
    logic [127:0] data;
    logic [31:0]  ra;

    assign lane = 5'(int'(a_grp) * LPC + k);
    // Defect attr_agu_group_ra_shared: every lane group after the first
    // reads the first group's Ra (lane k) instead of its own.
    assign ra = (bug_group_ra && a_grp != '0) ? a_ra[k] : a_ra[lane];
    for (genvar c = 0; c < 4; c++) begin : g_data
      assign data[32*c +: 32] = a_data[32*c + int'(lane)];
    end

    attr_agu u_agu (
      .op_ald                    (a_meta.op_ald),
      .op_ast                    (a_meta.op_ast),
      .op_al2p                   (a_meta.op_al2p),
      .op_isberd                 (a_meta.op_isberd),
      .size                      (a_meta.size),
      .patch                     (a_meta.patch),
      .phys                      (a_meta.phys),
      .hw_allowed                (a_meta.op_ald && !a_meta.out),   // R2: .I only
      .ra_rz                     (a_meta.ra_rz),
      .imm                       (a_meta.imm),
      .vs                        (a_meta.vs),
      .rb_rz                     (a_meta.rb_rz),
      .gs_store                  (a_meta.gs_store),
      .region                    (a_meta.region),
      .skew                      (a_meta.skew),
      .lane                      (lane),
      .active                    (a_lane_mask[lane]),
      .ra                        (ra),
      .rb                        (a_rb[lane]),
      .rc                        (a_rc[lane]),
      .vertex                    (a_vertex[lane]),
      .primitive_index           (a_prim[lane]),
      .data                      (data),
      .vertex_count              (cfg_vertex_count),
      .trap_enable               (cfg_trap),
      .patch_words               (cfg_patch_words),
      .gs_max                    (cfg_gs_max),
      .bmap                      (lay_bmap),
      .pre                       (lay_pre),
      .n                         (lay_n),
      .defaults                  (cfg_defaults),
      .bug_rank_off_by_one       (bug_rank),
      .bug_default_w_zero        (bug_default_w),
      .bug_skew_drops_n          (bug_skew),
      .bug_vertex_range_off_by_one(bug_vtx_range),
      .bug_al2p_pd_base_only     (bug_al2p_pd),
      .bug_trap_ignores_enable   (bug_trap_enable),
      .bug_patch_bound_max       (bug_patch_max),
      .acc                       (agu_acc_k[k]),
      .trap_hit                  (agu_trap[k]),
      .pd_bit                    (agu_pd[k])
    );
  end

  // ---- M: memory -------------------------------------------------------------------------------
  // The controls travel whole from stage to stage; the response needs only
  // some of them.
  /* verilator lint_off UNUSEDSIGNAL */
  meta_t                 m_meta;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LANES-1:0]      m_trap, m_pd;
  logic [ACCS*ACC_W-1:0] m_acc;
  logic [127:0]          m_st_mask;
  logic [1:0]            m_now_comp, m_cap_comp;
  logic [31:0]           m_st_now, m_cap_lanes;
  logic                  m_cap_now;
  logic [1023:0]         m_cap_values;

  logic          x_mem_out, x_st_out, x_we;
  logic [31:0]   x_isbe_en, x_st_en, x_hw_en, x_gs_en;
  logic [383:0]  x_isbe_row;
  logic [1023:0] x_wdata, isbe_rdata, st_rdata, hw_rdata;
  logic [191:0]  x_st_row, x_hw_row;
  logic [159:0]  x_st_bit;
  logic [319:0]  x_gs_row;

  always_ff @(posedge clk) begin
    if (a_to_m) begin
      m_meta <= a_meta;
      m_trap <= a_trap;
      m_pd <= a_pd;
      if (a_last)
        for (int k = 0; k < LPC; k++) begin
          m_trap[(GROUPS - 1)*LPC + k] <= agu_trap[k];
          m_pd[(GROUPS - 1)*LPC + k] <= agu_pd[k];
        end
    end
  end

  attr_mstage #(.LPC(LPC)) u_mstage (
    .clk                           (clk),
    .rst_n                         (rst_n),
    .load                          (a_to_m),
    .unload                        (m_to_o),
    .in_is_store                   (a_meta.is_store),
    .in_isberd                     (a_meta.op_isberd),
    .in_size                       (a_meta.size),
    .in_mem_out                    (a_meta.mem_out),
    .in_st_out                     (a_meta.out),
    .in_acc                        (a_acc),
    .in_memmask                    (m_in_memmask),
    .in_last                       (a_last),
    .in_last_acc                   (agu_acc),
    .valid                         (m_valid),
    .done                          (m_done),
    .acc                           (m_acc),
    .st_mask                       (m_st_mask),
    .now_comp                      (m_now_comp),
    .st_now                        (m_st_now),
    .cap_now                       (m_cap_now),
    .cap_comp                      (m_cap_comp),
    .cap_lanes                     (m_cap_lanes),
    .cap_values                    (m_cap_values),
    .o_stall                       (o_valid && !rsp_ready),
    .bug_store_lost_on_stall       (bug_lost_store),
    .bug_patch_lowest_lane_wins    (bug_patch_lowest),
    .bug_overwritten_store_reported(bug_overwritten),
    .bug_isberd_u16_sign_extended  (bug_u16_sext),
    .exec_sel                      (exec_sel),
    .x_mem_out                     (x_mem_out),
    .x_st_out                      (x_st_out),
    .x_we                          (x_we),
    .x_isbe_en                     (x_isbe_en),
    .x_isbe_row                    (x_isbe_row),
    .x_wdata                       (x_wdata),
    .x_st_en                       (x_st_en),
    .x_st_row                      (x_st_row),
    .x_st_bit                      (x_st_bit),
    .x_hw_en                       (x_hw_en),
    .x_hw_row                      (x_hw_row),
    .x_gs_en                       (x_gs_en),
    .x_gs_row                      (x_gs_row),
    .isbe_rdata                    (isbe_rdata),
    .st_rdata                      (st_rdata),
    .hw_rdata                      (hw_rdata)
  );

  attr_mem u_mem (
    .clk       (clk),
    .rst_n     (rst_n),
    .clear     (clear_busy),
    .exec_sel  (exec_sel),
    .x_mem_out (x_mem_out),
    .x_st_out  (x_st_out),
    .x_we      (x_we),
    .x_isbe_en (x_isbe_en),
    .x_isbe_row(x_isbe_row),
    .x_wdata   (x_wdata),
    .x_st_en   (x_st_en),
    .x_st_row  (x_st_row),
    .x_st_bit  (x_st_bit),
    .x_hw_en   (x_hw_en),
    .x_hw_row  (x_hw_row),
    .x_gs_en   (x_gs_en),
    .x_gs_row  (x_gs_row),
    .isbe_rdata(isbe_rdata),
    .st_rdata  (st_rdata),
    .hw_rdata  (hw_rdata),
    .shared    (cfg_shared),
    .cfg_fire  (cfg_fire || (bug_sel == attr_pkg::BUG_CFG_WRITE_WITHOUT_VALID && cfg_write)),
    .cfg_write (cfg_write),
    .cfg_addr  (cfg_addr),
    .cfg_mask  (cfg_mask),
    .cfg_wdata (cfg_wdata),
    .cfg_rdata (mem_rdata),
    .bug_burst_last_word_dropped (bug_burst_last),
    .bug_burst_read_row_behind   (bug_read_behind),
    .bug_clear_misses_status_out (bug_clear_status),
    .bug_status_invalid_row_merge(bug_status_merge)
  );

  // ---- O: response register ---------------------------------------------------------------------
  // The response is built straight into the output register when the
  // memory stage hands an instruction on: the per-lane values and store
  // addresses are worked out in this clocked block, once per instruction,
  // and nothing wide is recomputed while the register waits for rsp_ready.
  logic [31:0]   m_trap_lanes;
  txn_response_t o_rsp;

  assign m_trap_lanes = m_trap & m_meta.lane_mask;

  always_ff @(posedge clk) begin
    if (!rst_n) o_valid <= 1'b0;
    else if (m_to_o) o_valid <= 1'b1;
    else if (rsp_ready) o_valid <= 1'b0;
  end

  // st_addr (N20, N26): ISBE byte address; patch stores from the patch
  // region's start; GS stores at lane * 4096 + word * 4.
  /* verilator lint_off UNUSEDSIGNAL */
  // Only the kind, bank and row of the descriptor make its address.
  function automatic logic [31:0] store_addr(input acc_t d);
    logic [18:0] word_addr;
    word_addr = {d.row[11:0], d.bank, 2'b00};
    return d.kind == K_GS ? {15'd0, d.bank, d.row[9:0], 2'b00}
         : d.kind == K_PLAIN ? {13'd0, word_addr - BASE_PATCH}
                             : {13'd0, word_addr};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // The response of the instruction the memory stage finishes (the
  // controls that steered the earlier stages are not needed here).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic txn_response_t build_rsp(input meta_t mt, input logic [ACCS*ACC_W-1:0] acc,
                                              input logic [127:0] st_mask_q,
                                              input logic [1:0] now_comp,
                                              input logic [31:0] st_now,
                                              input logic cap_now,
                                              input logic [1:0] cap_comp,
                                              input logic [31:0] cap_lanes,
                                              input logic [1023:0] cap_values,
                                              input logic [31:0] trap_lanes,
                                              input logic [31:0] pd_bits);
    txn_response_t r;
    logic          illegal, pd_on;
    logic [3:0]    wb_en;
    logic [127:0]  wbv;
    logic [4095:0] value, wb_value, st_data, st_addr;
    logic [127:0]  st_mask;
    // The memory stage's registers plus what its last cycle adds: the
    // stores of a last store beat, the read data of a last capture.
    st_mask = st_mask_q;
    st_mask[32*now_comp +: 32] = st_mask_q[32*now_comp +: 32] | st_now;
    illegal = mt.illegal;
    pd_on = !illegal && mt.pd_en;
    wb_en = mt.wb_en;
    for (int i = 0; i < 4; i++)
      wbv[32*i +: 32] = (!illegal && wb_en[i]) ? mt.lane_mask : 32'd0;
    // A descriptor's value is its low 32 bits (acc_t).
    for (int i = 0; i < ACCS; i++) begin
      value[32*i +: 32] = (cap_now && cap_comp == 2'(i / 32) && cap_lanes[i % 32])
                        ? cap_values[32*(i % 32) +: 32] : acc[ACC_W*i +: 32];
      st_addr[32*i +: 32] = st_mask[i] ? store_addr(acc[ACC_W*i +: ACC_W]) : 32'd0;
    end
    // Write-back values for loads, store data for AST.
    wb_value = mt.is_store ? '0 : value;
    st_data = mt.is_store ? value : '0;
    r.tag = mt.tag;
    // ILLEGAL_INSTR_ENCODING is warp-wide with no effects; a vertex trap
    // only names its lanes and everything else still happens (N34).
    r.fault = illegal ? FAULT_ILLEGAL_INSTR_ENCODING
            : trap_lanes != 32'd0 ? FAULT_VTX_OUT_OF_RANGE : FAULT_NONE;
    r.fault_lanes = illegal ? mt.lane_mask : trap_lanes;
    r.wb_reg = mt.wb_reg;
    r.wb_valid = wbv;
    r.wb_value = wb_value;
    r.wb_dontcare = '0;   // model only
    r.pd = pd_on ? {5'd0, mt.pd} : {5'd0, PT};
    r.pd_written = pd_on ? mt.lane_mask : 32'd0;
    r.pd_value = pd_on ? (pd_bits & mt.lane_mask) : 32'd0;
    r.st_space = illegal ? SPACE_NONE : mt.st_space;
    r.st_mask = st_mask;
    r.st_addr = st_addr;
    r.st_data = st_data;
    return r;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  always_ff @(posedge clk) begin
    if (m_to_o)
      o_rsp <= build_rsp(m_meta, m_acc, m_st_mask, m_now_comp, m_st_now, m_cap_now, m_cap_comp,
                         m_cap_lanes, m_cap_values, m_trap_lanes, m_pd);
  end

  assign rsp_valid = o_valid;
  assign rsp = o_rsp;

endmodule : attr_unit
