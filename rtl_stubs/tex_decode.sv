// SPDX-License-Identifier: Apache-2.0
// tex_decode: instruction decoder of the texture-load unit (combinational).
//
// TLDS (DESIGN §7.1; every bit is assigned, N2):
//
//   [63:57] 0x6D, or 0x69 with .F16 (bit 59 clear)   [56:53] target (legal-table row)
//   [52:50] wmsk        [49] .NODEP    [48:36] #tsPtrIdxU13
//   [35:28] Rd1         [27:20] Rb     [19:16] guard     [15:8] Ra    [7:0] Rd0
//
// A word is refused (warp-wide ILLEGAL_INSTR_ENCODING, port contract "Which
// words a unit receives") when it is not TLDS, its target is not a row of
// the legal modifier table (0, 1, 2, 4, 5, 6, 7, 8, 12), its wmsk is 5..7
// with Rd1 != RZ (wmsk34C, R23), or it breaks the register rules of R10 /
// TLDS.txt: Ra = RZ; Ra or Rb not aligned to the registers they carry; Rb
// not RZ where the row packs nothing in it, or RZ where it does; Rd0 / Rd1
// not aligned to the registers they receive (N4, N73).
//
// Write-back slots (N74): 0 = Rd0, 1 = Rd0+1, 2 = Rd1, 3 = Rd1+1; a slot
// whose register is RZ (Rd0 = RZ, or R254 + 1) is not written. The
// components each slot receives follow the TLDS.txt destination tables.
//
// bug_wmsk_swapped (defect 66) swaps the wmsk34C rows RBA (2) and GBA (3).
module tex_decode
  import shader_txn_pkg::*;
  import tex_pkg::*;
(
  input  logic [63:0] insn,
  input  logic        bug_wmsk_swapped,
  output tex_insn_t   dec
);

  logic [7:0] rd0, ra, rb, rd1;
  logic [3:0] target;
  logic [2:0] wmsk;
  logic       opcode_ok, target_ok, wmsk_ok, rd1_rz;
  logic [1:0] na, nb;          // registers read at Ra / Rb (TLDS.txt HW note)
  logic [1:0] nd0, nd1;        // registers written at Rd0 / Rd1
  logic [2:0] ncomp;           // components the write mask names
  logic [3:0][1:0] comp;       // those components in register order
  logic       regs_ok, f16;

  // The guard [19:16] arrives folded into the request's lane_mask and
  // .NODEP [49] only steers scheduling (TLDS.txt): neither changes results.
  logic unused_bits;
  assign unused_bits = ^{insn[19:16], insn[49]};

  assign rd0 = insn[7:0];
  assign ra = insn[15:8];
  assign rb = insn[27:20];
  assign rd1 = insn[35:28];
  assign wmsk = insn[52:50];
  assign target = insn[56:53];
  assign rd1_rz = rd1 == RZ;
  assign f16 = !insn[59];  // DESIGN §7.1: bit 59 clear is .F16

  assign opcode_ok = insn[63:57] == OPC_TLDS || insn[63:57] == OPC_TLDS_F16;
  always @* begin
    case (target)
      4'd0, 4'd1, 4'd2, 4'd4, 4'd5, 4'd6, 4'd7, 4'd8, 4'd12: target_ok = 1'b1;
      default: target_ok = 1'b0;
    endcase
  end
  assign wmsk_ok = rd1_rz || wmsk <= 3'd4;  // R23: five 34C encodings

  // TLDS.txt HW note: bit 2 of the row = Ra is a vec2, bit 3 = Rb is a vec2;
  // row 0 (1D .LZ) is the only one whose Rb "must be RZ".
  assign na = target[2] ? 2'd2 : 2'd1;
  assign nb = target == 4'd0 ? 2'd0 : target[3] ? 2'd2 : 2'd1;

  // Destination tables (TLDS.txt): wmsk2C with Rd1 = RZ, wmsk34C otherwise.
  // comp = {comp3, comp2, comp1, comp0}, R = 0, G = 1, B = 2, A = 3.
  logic [2:0] wmsk_row;
  assign wmsk_row = wmsk ^ {2'b00, bug_wmsk_swapped && wmsk[2:1] == 2'b01};

  always @* begin
    if (rd1_rz)
      case (wmsk)
        3'd0: begin ncomp = 3'd1; comp = 8'b00_00_00_00; end    // R
        3'd1: begin ncomp = 3'd1; comp = 8'b00_00_00_01; end    // G
        3'd2: begin ncomp = 3'd1; comp = 8'b00_00_00_10; end    // B
        3'd3: begin ncomp = 3'd1; comp = 8'b00_00_00_11; end    // A
        3'd4: begin ncomp = 3'd2; comp = 8'b00_00_01_00; end    // RG
        3'd5: begin ncomp = 3'd2; comp = 8'b00_00_11_00; end    // RA
        3'd6: begin ncomp = 3'd2; comp = 8'b00_00_11_01; end    // GA
        default: begin ncomp = 3'd2; comp = 8'b00_00_11_10; end // BA
      endcase
    else
      // R23: the table's encodings, RGB 0, RGA 1, RBA 2, GBA 3, RGBA 4.
      case (wmsk_row)
        3'd0: begin ncomp = 3'd3; comp = 8'b00_10_01_00; end    // RGB
        3'd1: begin ncomp = 3'd3; comp = 8'b00_11_01_00; end    // RGA
        3'd2: begin ncomp = 3'd3; comp = 8'b00_11_10_00; end    // RBA
        3'd3: begin ncomp = 3'd3; comp = 8'b00_11_10_01; end    // GBA
        default: begin ncomp = 3'd4; comp = 8'b11_10_01_00; end // RGBA
      endcase
  end

  // Registers each destination receives (TLDS.txt tables; .F16 packs two
  // components in one register).
  assign nd0 = f16 ? 2'd1 : rd1_rz ? ncomp[1:0] : 2'd2;
  assign nd1 = rd1_rz ? 2'd0 : f16 ? 2'd1 : 2'(ncomp - 3'd2);

  // R10: a register holding a vec2 must be even; RZ is always allowed where
  // a destination is (writes to it are dropped, N17).
  function automatic logic aligned(input logic [7:0] r, input logic [1:0] n);
    return r == RZ || n != 2'd2 || !r[0];
  endfunction

  assign regs_ok = ra != RZ && aligned(ra, na) &&
                   (nb == 2'd0 ? rb == RZ : rb != RZ) && aligned(rb, nb) &&
                   aligned(rd0, nd0) && aligned(rd1, nd1);

  // R254 + 1 is past the register file: that slot is not written (N74).
  function automatic logic [7:0] plus_one(input logic [7:0] r);
    return r >= 8'd254 ? RZ : r + 8'd1;
  endfunction

  logic [12:0] index;
  assign index = insn[48:36];

  // The decoded controls. Slots: 0 = Rd0, 1 = Rd0+1, 2 = Rd1, 3 = Rd1+1.
  function automatic tex_insn_t controls(input logic legal, input logic [7:0] d0,
                                         input logic [7:0] d1, input logic half,
                                         input logic [3:0] row, input logic [12:0] idx,
                                         input logic [2:0] n, input logic [3:0][1:0] c);
    tex_insn_t r;
    r.legal = legal;
    r.read = legal && !(d0 == RZ && d1 == RZ);  // R24: no destination, no read
    r.f16 = half;
    r.target = row;
    r.index = idx;
    r.param = row == 4'd7 ? PARAM_3D
            : row == 4'd8 ? PARAM_ARRAY_2D
            : row <= 4'd1 ? PARAM_1D : PARAM_2D;
    r.ll = row == 4'd1 || row == 4'd5 || row == 4'd12;
    r.aoffi = row == 4'd4 || row == 4'd12;
    r.ms = row == 4'd6;
    r.wb_reg = {RZ, RZ, RZ, RZ};
    r.lo_comp = 8'd0;
    r.hi_used = 4'd0;
    r.hi_comp = 8'd0;
    if (half) begin
      // Packed FP16: Rd0 = comp0 | comp1 << 16, Rd1 = comp2 | comp3 << 16.
      r.wb_reg[0] = d0;
      r.lo_comp[0] = c[0];
      r.hi_used[0] = n >= 3'd2;
      r.hi_comp[0] = c[1];
      if (n >= 3'd3) begin
        r.wb_reg[2] = d1;
        r.lo_comp[2] = c[2];
        r.hi_used[2] = n == 3'd4;
        r.hi_comp[2] = c[3];
      end
    end else begin
      // 32-bit results: Rd0, Rd0+1, Rd1, Rd1+1 in component order.
      r.wb_reg[0] = d0;
      r.lo_comp = c;
      if (n >= 3'd2) r.wb_reg[1] = d0 == RZ ? RZ : plus_one(d0);
      if (n >= 3'd3) r.wb_reg[2] = d1;
      if (n == 3'd4) r.wb_reg[3] = d1 == RZ ? RZ : plus_one(d1);
    end
    return r;
  endfunction

  assign dec = controls(opcode_ok && target_ok && wmsk_ok && regs_ok, rd0, rd1, f16,
                        target, index, ncomp, comp);

endmodule : tex_decode
