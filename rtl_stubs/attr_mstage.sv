// SPDX-License-Identifier: Apache-2.0
// attr_mstage: the memory stage of the attribute unit.
//
// Holds one warp-instruction's 4 x 32 access descriptors (attr_pkg::acc_t)
// and executes the ones that touch memory, component by component, in
// beats: attr_arb grants, per bank, the lanes whose bank serves their row
// this beat; the granted banks are accessed (attr_mem) and the others
// wait. Only this stage reads or writes the memories during traffic and it
// holds one instruction at a time, so every instruction sees the memory
// exactly as the instructions accepted before it left it: an ALD after an
// AST reads what the AST stored (DESIGN §3, port contract).
//
// Loads: read data returns the cycle after the beat and replaces the
// descriptor's value (the pipelined capture overlaps the next beat):
//   K_ATTR   write-status bit set -> the ISBE word (output of the previous
//            or current stage); clear -> the HW value when the descriptor
//            allows one (R2, .I), else the ISBE word as it is (garbage, R2)
//   K_PLAIN  the word, or for ISBERD its U8 / U16 / B32 part at the byte offset,
//            zero-extended (N29)
// Stores (AST): every lane granted to a bank stores the same word; the
// highest of them writes and is the only one reported in st_mask
// (R11, N28). K_ATTR stores also set the write-status bit of the output
// space (the current stage wrote the attribute); K_GS stores go to the
// lane's GS buffer bank (N26).
module attr_mstage
  import attr_pkg::*;
#(
  parameter int LPC = 8   // lanes per address-stage group
) (
  input  logic                  clk,
  input  logic                  rst_n,
  // pipeline
  input  logic                  load,        // take a new instruction (stage empty or unloading)
  input  logic                  unload,      // the output stage takes this one
  input  logic                  in_is_store,
  input  logic                  in_isberd,
  input  logic [1:0]            in_size,
  input  logic                  in_mem_out,
  input  logic                  in_st_out,
  input  logic [128*ACC_W-1:0]  in_acc,   // component c, lane l at [ACC_W*(32c + l) +: ACC_W]
  input  logic [127:0]          in_memmask,  // the descriptors that access memory
  // The address stage's last lane group (lanes 32 - LPC .. 31), straight
  // from its datapaths when it hands on in that group's cycle: lane k's
  // component c at [ACC_W*(4k + c) +: ACC_W].
  input  logic                  in_last,
  input  logic [LPC*4*ACC_W-1:0] in_last_acc,
  output logic                  valid,
  output logic                  done,
  output logic [128*ACC_W-1:0]  acc,      // the same, values of loads filled in
  output logic [127:0]          st_mask,     // component c at [32c +: 32]
  // What the cycle that hands the instruction on adds to acc and st_mask
  // (the output stage merges it, so done need not wait for the registers):
  output logic [1:0]            now_comp,    // component of this cycle's beat / capture
  output logic [31:0]           st_now,      // stores this beat reports
  output logic                  cap_now,     // a read returns this cycle
  output logic [1:0]            cap_comp,
  output logic [31:0]           cap_lanes,
  output logic [1023:0]         cap_values,  // lane l at [32l +: 32]
  // injected defects
  input  logic                  o_stall,     // output register full and not taken
  input  logic                  bug_store_lost_on_stall,
  input  logic                  bug_patch_lowest_lane_wins,
  input  logic                  bug_overwritten_store_reported,
  input  logic                  bug_isberd_u16_sign_extended,
  // memory ports (attr_mem)
  output logic                  exec_sel,
  output logic                  x_mem_out,
  output logic                  x_st_out,
  output logic                  x_we,
  output logic [31:0]           x_isbe_en,
  output logic [383:0]          x_isbe_row,
  output logic [1023:0]         x_wdata,
  output logic [31:0]           x_st_en,
  output logic [191:0]          x_st_row,
  output logic [159:0]          x_st_bit,
  output logic [31:0]           x_hw_en,
  output logic [191:0]          x_hw_row,
  output logic [31:0]           x_gs_en,
  output logic [319:0]          x_gs_row,
  input  logic [1023:0]         isbe_rdata,   // bank b at [32b +: 32], the cycle after the beat
  input  logic [1023:0]         st_rdata,
  input  logic [1023:0]         hw_rdata
);

  // ---- Instruction held ------------------------------------------------------------
  logic        m_is_store, m_isberd, m_mem_out, m_st_out;
  logic [1:0]  m_size;
  logic [127:0] m_memmask;       // descriptors that access memory, [32c +: 32]
  logic [1:0]  m_comp;           // component being issued
  logic [31:0] m_pend;           // its lanes not yet granted
  logic        m_issued;         // every beat issued
  logic        r_valid;          // a read beat returns this cycle
  logic [1:0]  r_comp;
  logic [31:0] r_grant;

  // The descriptors, by 32 * component + lane, flat: descriptor i at
  // [ACC_W*i +: ACC_W] (the output acc is this register itself, no copy).
  logic [128*ACC_W-1:0] desc;

  assign acc = desc;

  // First component at or after `from` with memory work: {found, comp}.
  function automatic logic [2:0] next_comp(input logic [127:0] mask, input logic [2:0] from);
    logic [2:0] r;
    r = 3'b000;
    for (int c = 3; c >= 0; c--)
      if (c >= int'(from) && mask[32*c +: 32] != 32'd0) r = {1'b1, 2'(c)};
    return r;
  endfunction

  // ---- Beat: arbitration over the current component -----------------------------------
  logic [159:0] cur_bank;
  logic [383:0] cur_row;
  logic [31:0]  grant, bank_active;
  logic [159:0] leader, highest;
  logic         beat;

  assign beat = valid && !m_issued;

  // The current component's descriptors, then the bank and row of each
  // lane the beat arbitrates (0 for the others, which the arbiter does not
  // look at). One process per step reads the registers, and each skips
  // what the beat does not use: on Icarus a loop over an array of nets, or
  // over all 32 lanes or banks in every cycle, was the larger part of an
  // attribute replay.
  logic [31:0] beat_pend;
  logic [32*ACC_W-1:0] cur_desc;
  assign beat_pend = beat ? m_pend : 32'd0;
  assign cur_desc = desc[32*ACC_W*m_comp +: 32*ACC_W];
  always @* begin : pack_cur
    logic [159:0] b_t;
    logic [383:0] r_t;
    /* verilator lint_off UNUSEDSIGNAL */
    acc_t d;   // read field by field
    /* verilator lint_on UNUSEDSIGNAL */
    d = '0;
    b_t = '0;
    r_t = '0;
    for (int l = 0; l < 32; l++)
      if (beat_pend[l]) begin
        d = cur_desc[ACC_W*l +: ACC_W];
        b_t[5*l +: 5] = d.bank;
        r_t[12*l +: 12] = d.row;
      end
    cur_bank = b_t;
    cur_row = r_t;
  end

  attr_arb u_arb (
    .pend(beat_pend), .bank(cur_bank), .row(cur_row),
    .grant(grant), .bank_active(bank_active), .leader(leader), .highest(highest));

  logic [31:0]  reported;    // stores listed in the response this beat: the winners

  // Per bank with a grant this beat: the leader's descriptor addresses it,
  // the winner's data is stored (highest lane, R11/N28). An idle bank's
  // row and data are 0 (its enables are off).
  always @* begin : port
    logic [159:0] sb_t;
    logic [31:0] rp_t, ie_t, se_t, he_t, ge_t;
    logic [383:0] ir_t;
    logic [1023:0] wd_t;
    logic [191:0] sr_t, hr_t;
    logic [319:0] gr_t;
    logic [4:0] lead_lane, win_lane;
    /* verilator lint_off UNUSEDSIGNAL */
    acc_t lead, win;   // read field by field
    logic [3:0] hk;    // lead.hw already says whether there is an HW value
    /* verilator lint_on UNUSEDSIGNAL */
    lead_lane = 5'd0;
    win_lane = 5'd0;
    lead = '0;
    win = '0;
    hk = 4'd0;
    rp_t = '0;
    sb_t = '0;
    ie_t = '0;
    se_t = '0;
    he_t = '0;
    ge_t = '0;
    ir_t = '0;
    wd_t = '0;
    sr_t = '0;
    hr_t = '0;
    gr_t = '0;
    for (int b = 0; b < 32; b++) if (bank_active[b]) begin
      lead_lane = leader[5*b +: 5];
      lead = cur_desc[ACC_W*lead_lane +: ACC_W];
      // K_PLAIN stores are AST.P (patch) stores.
      win_lane = (bug_patch_lowest_lane_wins && lead.kind == K_PLAIN && m_is_store)
               ? lead_lane : highest[5*b +: 5];
      win = cur_desc[ACC_W*win_lane +: ACC_W];
      rp_t[win_lane] = 1'b1;
      ie_t[b] = lead.kind == K_ATTR || lead.kind == K_PLAIN;
      ir_t[12*b +: 12] = lead.row;
      wd_t[32*b +: 32] = win.value;
      se_t[b] = lead.kind == K_ATTR;
      // Write status: row group * 8 + attr / 32, bit attr % 32; HW value:
      // row kind * 8 + group (attr_mem), when the descriptor has one.
      sr_t[6*b +: 6] = {lead.group, lead.attr[7:5]};
      sb_t[5*b +: 5] = lead.attr[4:0];
      if (lead.kind == K_ATTR && lead.hw && !m_is_store) begin
        hk = HW_KINDS[4*lead.attr +: 4];
        he_t[b] = 1'b1;
        hr_t[6*b +: 6] = {hk[2:0], lead.group};
      end
      ge_t[b] = lead.kind == K_GS;
      gr_t[10*b +: 10] = lead.row[9:0];
    end
    reported = rp_t;
    x_isbe_en = ie_t;
    x_isbe_row = ir_t;
    x_wdata = wd_t;
    x_st_en = se_t;
    x_st_row = sr_t;
    x_st_bit = sb_t;
    x_hw_en = he_t;
    x_hw_row = hr_t;
    x_gs_en = ge_t;
    x_gs_row = gr_t;
  end

  assign exec_sel = valid;
  assign x_mem_out = m_mem_out;
  assign x_st_out = m_st_out;
  // Defect attr_store_lost_on_stall: the write is dropped while the output
  // register is stalled, yet the beat completes and reports the store.
  assign x_we = m_is_store && !(bug_store_lost_on_stall && o_stall);

  // ---- Read capture ------------------------------------------------------------------------
  logic [1:0]    plain_size;
  logic [32*ACC_W-1:0] cap_desc;   // the descriptors of the component read back
  assign plain_size = m_isberd ? m_size : 2'd2;   // ALD.P reads whole words
  assign cap_desc = desc[32*ACC_W*r_comp +: 32*ACC_W];

  always @* begin : capture
    logic [1023:0] cv_t;
    /* verilator lint_off UNUSEDSIGNAL */
    acc_t d;   // read field by field
    /* verilator lint_on UNUSEDSIGNAL */
    logic [31:0] word, status, hw, shifted, part;
    logic written;
    d = '0;
    word = 32'd0;
    status = 32'd0;
    hw = 32'd0;
    shifted = 32'd0;
    part = 32'd0;
    written = 1'b0;
    cv_t = '0;
    for (int l = 0; l < 32; l++) if (r_grant[l]) begin
      d = cap_desc[ACC_W*l +: ACC_W];
      word = isbe_rdata[32*d.bank +: 32];
      status = st_rdata[32*d.bank +: 32];
      hw = hw_rdata[32*d.bank +: 32];
      written = status[d.attr[4:0]];
      shifted = word >> {d.attr[1:0], 3'b000};   // K_PLAIN: byte offset
      part = plain_size == 2'd0 ? {24'd0, shifted[7:0]}
           : plain_size == 2'd1 ? (bug_isberd_u16_sign_extended ? {{16{shifted[15]}}, shifted[15:0]}
                                                                : {16'd0, shifted[15:0]})
                                : shifted;
      // ALD.txt tables: written -> stage output; unwritten -> HW value (R2)
      // when there is one for .I, else the ISBE leftover (R2).
      cv_t[32*l +: 32] = d.kind == K_ATTR ? ((written || !d.hw) ? word : hw) : part;
    end
    cap_values = cv_t;
  end

  // ---- Sequencing ------------------------------------------------------------------------
  logic [31:0] pend_left;
  logic [2:0]  nxt, first;

  assign pend_left = m_pend & ~grant;
  assign nxt = next_comp(m_memmask, {1'b0, m_comp} + 3'd1);
  assign first = next_comp(in_memmask, 3'd0);
  // Done: every beat issued (a load's last read data is merged from the
  // capture path), or a store's last beat issues now (its write happens at
  // this edge, before the next instruction's first beat).
  logic last_store_beat;
  assign last_store_beat = beat && m_is_store && pend_left == 32'd0 && !nxt[2];
  assign done = valid && (m_issued || last_store_beat);

  assign now_comp = m_comp;
  assign st_now = (beat && m_is_store) ? (bug_overwritten_store_reported ? grant : reported) : 32'd0;
  assign cap_now = r_valid;
  assign cap_comp = r_comp;
  assign cap_lanes = r_grant;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      valid <= 1'b0;
      m_issued <= 1'b1;
      r_valid <= 1'b0;
    end else begin
      r_valid <= beat && !m_is_store && grant != 32'd0;
      if (load) begin
        valid <= 1'b1;
        m_issued <= !first[2];
      end else begin
        if (unload) valid <= 1'b0;
        if (beat && pend_left == 32'd0 && !nxt[2]) m_issued <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk) begin
    r_comp <= m_comp;
    r_grant <= grant;
    if (load) begin
      m_is_store <= in_is_store;
      m_isberd <= in_isberd;
      m_size <= in_size;
      m_mem_out <= in_mem_out;
      m_st_out <= in_st_out;
      m_memmask <= in_memmask;
      m_comp <= first[1:0];
      m_pend <= in_memmask[32*first[1:0] +: 32];
      desc <= in_acc;
      if (in_last)
        for (int k = 0; k < LPC; k++)
          for (int c = 0; c < 4; c++)
            desc[ACC_W*(32*c + 32 - LPC + k) +: ACC_W] <= in_last_acc[ACC_W*(4*k + c) +: ACC_W];
      st_mask <= 128'd0;
    end else begin
      if (beat) begin
        if (pend_left == 32'd0 && nxt[2]) begin
          m_comp <= nxt[1:0];
          m_pend <= m_memmask[32*nxt[1:0] +: 32];
        end else begin
          m_pend <= pend_left;
        end
        st_mask[32*m_comp +: 32] <= st_mask[32*m_comp +: 32] | st_now;
      end
      // A descriptor's low 32 bits (acc_t), each of the 128 at its constant slice (N557).
      if (r_valid)
        for (int i = 0; i < 128; i++)
          if (int'(r_comp) == i / 32 && r_grant[i % 32]) desc[ACC_W*i +: 32] <= cap_values[32*(i % 32) +: 32];
    end
  end

endmodule : attr_mstage
