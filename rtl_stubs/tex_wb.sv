// SPDX-License-Identifier: Apache-2.0
// tex_wb: one lane's write-back values (combinational): the components the
// write mask names, placed in the four write-back slots as the TLDS.txt
// destination tables say (the slot controls come from tex_decode).
//
//   32-bit results  slot k = the component of its row (Rd0, Rd0+1, Rd1, Rd1+1)
//   .F16 (R22)      slot 0 = comp0 | comp1 << 16, slot 2 = comp2 | comp3 << 16,
//                   each converted by tex_fp16 with the configured rounding;
//                   a half that carries no component is 0 (TLDS.txt: no
//                   partial register writes)
module tex_wb
  import tex_pkg::*;
(
  input  logic [127:0] xyzw,       // X [31:0] .. W [127:96]
  // The decoded instruction travels whole; write-back uses its slot fields.
  /* verilator lint_off UNUSEDSIGNAL */
  input  tex_insn_t    insn,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic         rz,         // .F16 rounds toward zero
  output logic [127:0] slots       // slot k at [32k +: 32]
);

  logic [63:0] halves;             // fp16 of X, Y, Z, W at [16i +: 16]

  for (genvar i = 0; i < 4; i++) begin : g_half
    tex_fp16 u_fp16 (
      .f (xyzw[32*i +: 32]),
      .rz(rz),
      .h (halves[16*i +: 16])
    );
  end

  for (genvar k = 0; k < 4; k++) begin : g_slot
    logic [31:0] full;
    logic [15:0] lo, hi;
    assign full = xyzw[32*insn.lo_comp[k] +: 32];
    assign lo = halves[16*insn.lo_comp[k] +: 16];
    assign hi = insn.hi_used[k] ? halves[16*insn.hi_comp[k] +: 16] : 16'd0;
    assign slots[32*k +: 32] = insn.f16 ? {hi, lo} : full;
  end

endmodule : tex_wb
