// SPDX-License-Identifier: Apache-2.0
// tex_coord: one lane's coordinates, level, layer and sample, and the R18
// bounds checks (combinational).
//
// Operands by legal-table row (TLDS.txt "Legal modifier table"):
//   row  Ra, Ra+1     Rb, Rb+1        row  Ra, Ra+1    Rb, Rb+1
//   0    s            -               6    s, t        sample (.MS)
//   1    s            lod             7    s, t        r
//   2    s            t               8    array       s, t
//   4    s, t         aoffi           12   s, t        lod, aoffi
//   5    s, t         lod
// R17: s, t, r are signed 32-bit texel coordinates, the array index is the
// low 16 bits (unsigned), the .LL LOD is unsigned and counts from the view's
// minimum level. R19: AOFFI u [3:0] and v [7:4] are signed 4-bit offsets
// added to s and t before the bounds check.
//
// The lane reads a texel (in_range) when the texture is usable and
// (R18, N69, N71): level = view minimum + LOD (no wrap-around) <= the last
// level that exists; layer < array size (a non-ARRAY_2D paramA uses layer
// 0); sample < sample count (without .MS sample 0, N64); 0 <= x < width of
// the level, and for 2D/3D 0 <= y < height, for 3D 0 <= z < depth.
//
// bug_aoffi_zero_extended (defect 71) zero-extends the AOFFI offsets.
module tex_coord
  import tex_pkg::*;
(
  input  logic [31:0] a0, a1, b0, b1,   // Ra, Ra+1, Rb, Rb+1 of the lane
  // Whole structs travel between stages; the coordinates use some fields
  // (register numbers and address fields are other modules').
  /* verilator lint_off UNUSEDSIGNAL */
  input  tex_insn_t   insn,
  input  tex_geom_t   geom,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [MAX_LEVELS*LEVEL_W-1:0] levels,
  input  logic        bug_aoffi_zero_extended,
  output logic        in_range,
  output tex_level_t  lv,               // the lane's level
  output logic [15:0] x,                // texel column (valid when in range)
  output logic [15:0] y,                // row, 0 for 1D
  output logic [13:0] z,                // slice, 0 unless 3D
  output logic [13:0] layer,
  output logic [3:0]  sample
);

  logic [31:0] s, t, r, lod, aoffi, ms_sample;
  logic [15:0] array_index;

  logic [3:0] row;
  assign row = insn.target;
  assign s = row == 4'd8 ? b0 : a0;
  assign t = row == 4'd2 ? b0 : row == 4'd8 ? b1 : row <= 4'd1 ? 32'd0 : a1;
  assign r = row == 4'd7 ? b0 : 32'd0;
  assign lod = insn.ll ? b0 : 32'd0;
  assign aoffi = row == 4'd12 ? b1 : row == 4'd4 ? b0 : 32'd0;
  assign ms_sample = insn.ms ? b0 : 32'd0;
  assign array_index = insn.param == PARAM_ARRAY_2D ? a0[15:0] : 16'd0;

  // ---- Level (R17, N69) -------------------------------------------------------------
  logic [4:0] level5;
  logic       level_ok;
  assign level5 = {1'b0, geom.first_level} + {1'b0, lod[3:0]};
  assign level_ok = lod[31:4] == 28'd0 && level5 <= {1'b0, geom.last_level};
  assign lv = levels[level5[3:0]*LEVEL_W +: LEVEL_W];

  // ---- Layer and sample ----------------------------------------------------------------
  logic layer_ok, sample_ok;
  assign layer_ok = {1'b0, array_index} < {2'd0, geom.layers};
  assign sample_ok = ms_sample < {27'd0, geom.samples};
  assign layer = array_index[13:0];
  assign sample = ms_sample[3:0];

  // ---- Coordinates (R17, R19) ------------------------------------------------------------
  logic [32:0] xs, ys, zs;           // signed, after AOFFI
  logic [3:0]  du, dv;
  logic        ext_u, ext_v;
  assign du = insn.aoffi ? aoffi[3:0] : 4'd0;
  assign dv = insn.aoffi ? aoffi[7:4] : 4'd0;
  assign ext_u = du[3] && !bug_aoffi_zero_extended;
  assign ext_v = dv[3] && !bug_aoffi_zero_extended;
  assign xs = {s[31], s} + {{29{ext_u}}, du};
  assign ys = {t[31], t} + {{29{ext_v}}, dv};
  assign zs = {r[31], r};

  logic x_ok, y_ok, z_ok;
  assign x_ok = !xs[32] && xs[31:0] < {15'd0, lv.w};
  assign y_ok = insn.param == PARAM_1D || (!ys[32] && ys[31:0] < {15'd0, lv.h});
  assign z_ok = insn.param != PARAM_3D || (!zs[32] && zs[31:0] < {17'd0, lv.d});

  assign x = xs[15:0];
  assign y = insn.param == PARAM_1D ? 16'd0 : ys[15:0];
  assign z = insn.param == PARAM_3D ? zs[13:0] : 14'd0;

  assign in_range = insn.read && geom.ok && level_ok && layer_ok && sample_ok &&
                    x_ok && y_ok && z_ok;

  // AOFFI w [11:8] and the bits above are not used by TLDS (R19: u and v).
  logic unused_bits;
  assign unused_bits = ^aoffi[31:8];

endmodule : tex_coord
