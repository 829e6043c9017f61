// SPDX-License-Identifier: Apache-2.0
// attr_decode: instruction decoder of the attribute unit (combinational).
//
// Takes the 64-bit SM50 word, the shader stage and the sharing bit and
// produces the per-instruction controls (attr_pkg::meta_t) and whether the
// unit executes the word. Field layout (DESIGN §7.1, spec-notes N1: the
// opcode is [63:49], bit 48 is the size MSB):
//
//   ALD     Rd [7:0]  Ra [15:8]  addr [30:20]  .P [31]   .O [32]
//           reserved [38:33]     Rb [46:39]    size [48:47]
//   AST     data [7:0] Ra [15:8] addr [30:20]  .P [31]   .O [32]
//           reserved [38:33]     Rc [46:39]    size [48:47]
//           (AST .O changes nothing: every store goes to the output
//           attributes, spec-notes N340)
//   AL2P    Rd [7:0]  Ra [15:8]  imm [30:20]   reserved [31]  .O [32]
//           reserved [43:33]     Pd [46:44]    size [48:47]
//   ISBERD  Rd [7:0]  Ra [15:8]  reserved [30:20]  .SKEW [31]  .O [32]
//           region [34:33]       reserved [46:35]  size [48:47]
//
// The word is illegal (spec-notes N3, N4, N5, R5) when the opcode is none of
// the four, a reserved bit is set, the address bit [30] is set with Ra = RZ
// (unsigned 10-bit immediate), an ALD/AST has Ra != RZ without .P and a
// non-zero immediate (.PHYS needs imm = 0), or an ISBERD size is 3.
// Execution legality (R8, R6; order N32, all give the same fault): ALD, AST
// and AL2P in PS; ALD.O in GS; ALD.P outside TI/TS; AST.P outside TI; ALD
// with Rb != RZ in VSA/VSB; .PHYS with a size other than .32. Either way
// the instruction becomes a warp-wide ILLEGAL_INSTR_ENCODING downstream.
//
// The guard predicate [19:16] is folded into the request's lane_mask by the
// issuing side and never read here.
module attr_decode
  import shader_txn_pkg::*;
  import attr_pkg::*;
(
  input  logic [63:0] insn,
  input  logic [31:0] tag,
  input  logic [31:0] lane_mask,
  input  logic [2:0]  stage,
  input  logic        shared,
  input  logic        bug_rd_align_kept,
  input  logic        bug_shared_space_ignored,
  input  logic        bug_phys_vector_accepted,
  output meta_t       meta
);

  // ---- Fields ----------------------------------------------------------
  logic [14:0] opc;
  logic [7:0]  rd, ra, vtx_reg;
  logic [10:0] addr_raw;
  logic [1:0]  size, region;
  logic [2:0]  al2p_pd;
  logic        bit31, bit32;
  logic        unused_guard;

  assign opc = insn[63:49];
  assign rd = insn[7:0];
  assign ra = insn[15:8];
  assign addr_raw = insn[30:20];
  assign bit31 = insn[31];   // ALD/AST .P, ISBERD .SKEW
  assign bit32 = insn[32];   // .O (AST: implied either way, N340)
  assign region = insn[34:33];
  assign vtx_reg = insn[46:39];
  assign al2p_pd = insn[46:44];
  assign size = insn[48:47];
  assign unused_guard = ^insn[19:16];

  logic is_ald, is_ast, is_al2p, is_isberd;
  assign is_ald = opc == OPC_ALD;
  assign is_ast = opc == OPC_AST;
  assign is_al2p = opc == OPC_AL2P;
  assign is_isberd = opc == OPC_ISBERD;

  // ---- Word legality (N3, N4, N5, R5) ------------------------------------
  logic ra_rz, imm_ok, phys_imm_ok, word_legal;

  assign ra_rz = ra == RZ;
  // R5: without Ra the address is an unsigned 10-bit immediate.
  assign imm_ok = !(ra_rz && addr_raw[10]);
  // R5: a register address without .P is .PHYS, whose immediate is 0.
  assign phys_imm_ok = bit31 || ra_rz || addr_raw == 11'd0;

  assign word_legal =
      (is_ald && insn[38:33] == 6'd0 && imm_ok && phys_imm_ok) ||
      (is_ast && insn[38:33] == 6'd0 && imm_ok && phys_imm_ok) ||
      (is_al2p && !bit31 && insn[43:33] == 11'd0 && imm_ok) ||
      (is_isberd && insn[30:20] == 11'd0 && insn[46:35] == 12'd0 &&
       size != 2'd3);

  // ---- Execution legality (R8, R6, N32) ------------------------------------
  logic st_vs, st_ti, st_ts, st_gs, st_ps;
  logic phys, exec_legal;

  assign st_vs = stage == STAGE_VSA || stage == STAGE_VSB;
  assign st_ti = stage == STAGE_TI;
  assign st_ts = stage == STAGE_TS;
  assign st_gs = stage == STAGE_GS;
  assign st_ps = stage == STAGE_PS;
  assign phys = (is_ald || is_ast) && !bit31 && !ra_rz;

  logic phys_size_bad;
  assign phys_size_bad = phys && size != 2'd0 && !bug_phys_vector_accepted;  // R6

  assign exec_legal =
      (is_ald && !st_ps && !(bit32 && st_gs) && !(bit31 && !st_ti && !st_ts) &&
       !(st_vs && vtx_reg != RZ) && !phys_size_bad) ||
      (is_ast && !st_ps && !(bit31 && !st_ti) && !phys_size_bad) ||
      (is_al2p && !st_ps) ||
      is_isberd;

  // ---- Immediate (R5, N5): unsigned 10-bit with RZ, else signed 11-bit ----
  logic [33:0] imm;
  assign imm = is_isberd ? 34'd0  // no immediate in the ISBERD word (N9)
             : ra_rz ? {24'd0, addr_raw[9:0]}
                     : {{23{addr_raw[10]}}, addr_raw};

  // ---- Write-back slots --------------------------------------------------
  // ALD: slot i is the aligned Rd + i (R10, N33); .64 drops Rd[0], .96/.128
  // Rd[1:0]; RZ writes nothing and slots past R254 are dropped. AL2P and
  // ISBERD write Rd itself (N30) unless it is RZ.
  logic [7:0] rd_drop, rd_al;
  logic [8:0] slot_reg [4];
  logic [31:0] wb_reg;
  logic [3:0]  wb_en;

  always @* begin
    case (size)
      2'd0:    rd_drop = 8'h00;
      2'd1:    rd_drop = bug_rd_align_kept ? 8'h00 : 8'h01;
      2'd2:    rd_drop = 8'h03;
      default: rd_drop = bug_rd_align_kept ? 8'h00 : 8'h03;
    endcase
  end

  assign rd_al = rd == RZ ? RZ : (rd & ~rd_drop);

  for (genvar i = 0; i < 4; i++) begin : g_slot
    logic ald_en, single_en;
    assign slot_reg[i] = {1'b0, rd_al} + 9'(i);
    assign ald_en = is_ald && i <= int'(size) && rd_al != RZ && slot_reg[i] < 9'd255;
    assign single_en = (is_al2p || is_isberd) && i == 0 && rd != RZ;
    assign wb_en[i] = ald_en || single_en;
    assign wb_reg[8*i +: 8] = ald_en ? slot_reg[i][7:0] : single_en ? rd : RZ;
  end

  // ---- Spaces --------------------------------------------------------------
  // N24: with sharing the input space's memory serves both sides; loads with
  // .O and every AST/ISBERD.O then use it. The output space's write status
  // stays separate (selected by .O / AST, not by this bit).
  logic shared_eff;
  assign shared_eff = shared && !bug_shared_space_ignored;

  assign meta.tag = tag;
  assign meta.lane_mask = lane_mask;
  assign meta.illegal = !(word_legal && exec_legal);
  assign meta.op_ald = is_ald;
  assign meta.op_ast = is_ast;
  assign meta.op_al2p = is_al2p;
  assign meta.op_isberd = is_isberd;
  assign meta.size = size;
  assign meta.patch = (is_ald || is_ast) && bit31;
  assign meta.phys = phys;
  assign meta.out = is_ast || ((is_ald || is_al2p || is_isberd) && bit32);
  assign meta.ra_rz = ra_rz;
  assign meta.imm = imm;
  assign meta.vs = st_vs;
  assign meta.rb_rz = vtx_reg == RZ;
  assign meta.gs_store = is_ast && st_gs && !bit31;  // R12
  assign meta.region = region;
  assign meta.skew = bit31;
  assign meta.mem_out = (is_ast || ((is_ald || is_isberd) && bit32)) && !shared_eff;
  assign meta.is_store = is_ast;
  assign meta.wb_reg = wb_reg;
  assign meta.wb_en = wb_en;
  assign meta.pd = al2p_pd;
  assign meta.pd_en = is_al2p && al2p_pd != PT;  // R7: Pd unless PT
  // N28: st_space names the target of every executed store instruction.
  assign meta.st_space = !is_ast ? SPACE_NONE
                       : bit31 ? SPACE_PATCH
                       : st_gs ? SPACE_GS_OUT
                               : SPACE_ISBE_OUT;

endmodule : attr_decode
