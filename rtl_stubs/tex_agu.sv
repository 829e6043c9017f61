// SPDX-License-Identifier: Apache-2.0
// tex_agu: one lane's texel address generation (combinational):
// docs/texture-layout.md §4, R20, N64, N70, N75, N76.
//
// Multisample (R20): sample s of pixel (x, y) is the texel
//   X = x * gw + s % gw,  Y = y * gh + s / gw   (grid gw x gh, row-major)
// of an image of W*gw x H*gh samples; xb = X * bytes per texel.
//
// Pitch-linear (N70):  address = ADDRESS + Y * PITCH + xb
// Block-linear:
//   block = ((z >> zl) * blocks_y + (Y >> (3 + yl))) * blocks_x + (xb >> 6)
//   gob   = (z % 2^zl) * 2^yl + (Y >> 3) % 2^yl
//   address = ADDRESS + layer * layer_stride + offset_level
//           + block * (512 << (yl + zl)) + gob * 512 + gob_offset(xb % 64, Y % 8)
//   gob_offset(u, v) = (u / 32) * 256 + (v / 2) * 64 + (u % 32 / 16) * 32
//                    + (v % 2) * 16 + u % 16                (DESIGN §7.5)
// everything modulo 2^48 (N61). A texel of 1..16 power-of-two bytes sits
// inside one aligned 16-byte unit, so in one 32-byte line. The three words
// of a 12-byte texel are placed one by one (byte columns xb, xb+4, xb+8,
// N75) and may fall into two lines: line0 holds word 0, line1 word 2, and
// word 1 is in one of them (it lies between them in a 16-byte unit of one).
//
// Defects: bug_gob_bits_swapped (67) exchanges the weights of u bit 4 (32)
// and v bit 0 (16) in the GOB; bug_grid_transposed (69) numbers the samples
// of the grid column-major; bug_12b_one_line (75) reads all three words of a
// 12-byte texel from word 0's line.
module tex_agu
  import tex_pkg::*;
(
  input  logic         in_range,
  // The stages pass whole structs; the address needs only some fields
  // (the level's sizes and the texture's checks are tex_coord's).
  /* verilator lint_off UNUSEDSIGNAL */
  input  tex_level_t   lv,
  input  logic [15:0]  x,
  input  logic [15:0]  y,
  input  logic [13:0]  z,
  input  logic [13:0]  layer,
  input  logic [3:0]   sample,
  input  tex_geom_t    geom,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic         bug_gob_bits_swapped,
  input  logic         bug_grid_transposed,
  input  logic         bug_12b_one_line,
  output tex_lane_rd_t rd
);

  // ---- Sample grid (R20) ----------------------------------------------------------------
  logic [3:0]  sx, sy;              // sub-texel of the sample in its pixel's grid
  logic [17:0] xs, ys;              // sample column / row
  logic [22:0] xb;                  // byte column of word 0

  logic [3:0] grid_w_mask, grid_h_mask;
  assign grid_w_mask = (4'd1 << geom.lgw) - 4'd1;
  assign grid_h_mask = (4'd1 << geom.lgh) - 4'd1;
  assign sx = bug_grid_transposed ? sample >> geom.lgh : sample & grid_w_mask;
  assign sy = bug_grid_transposed ? sample & grid_h_mask : sample >> geom.lgw;

  assign xs = ({2'd0, x} << geom.lgw) | {14'd0, sx};
  assign ys = ({2'd0, y} << geom.lgh) | {14'd0, sy};
  assign xb = 23'(xs * geom.bpp);

  // ---- Block-linear common part ---------------------------------------------------------
  logic [5:0]  blk_log2;            // 9 + yl + zl: bytes of a block, log2
  logic [13:0] z_hi, z_lo;
  logic [30:0] block_row;           // blocks before this row of blocks
  logic [47:0] block_first, gob, bl_common;

  assign blk_log2 = 6'd9 + 6'(lv.yl) + 6'(lv.zl);
  assign z_hi = z >> lv.zl;
  assign z_lo = z & ((14'd1 << lv.zl) - 14'd1);
  logic [17:0] gob_row;             // GOB row of the sample row
  logic [9:0]  gob_in_block;        // (z % 2^zl) * 2^yl + gob_row % 2^yl, < 2^10
  assign gob_row = ys >> 3;
  assign block_row = 31'(z_hi) * 31'(lv.blocks_y) + (31'(gob_row) >> lv.yl);
  assign block_first = 48'(block_row) * 48'(lv.blocks_x);
  assign gob_in_block = 10'(({4'd0, z_lo} << lv.yl) | {4'd0, gob_row[13:0] & ((14'd1 << lv.yl) - 14'd1)});
  assign gob = {38'd0, gob_in_block};
  assign bl_common = geom.base + 48'(layer) * geom.layer_stride + lv.offset +
                     (block_first << blk_log2) + (gob << 9);

  // ---- Word addresses -------------------------------------------------------------------
  logic [47:0] pitch_row;
  logic [47:0] addr [3];            // word k of the texel (k > 0: 12-byte texels)

  assign pitch_row = geom.base + 48'(ys) * 48'(geom.pitch_bytes);

  for (genvar k = 0; k < 3; k++) begin : g_word
    logic [22:0] xbk;
    logic [8:0]  gob_offset;      // of byte column u = xbk[5:0] in row v = ys[2:0]
    assign xbk = xb + 23'(4 * k);
    // Bit wiring in place, not a function: on Icarus a function in a
    // continuous assignment is a thread of its own.
    assign gob_offset = bug_gob_bits_swapped
                      ? {xbk[5], ys[2:1], ys[0], xbk[4], xbk[3:0]}
                      : {xbk[5], ys[2:1], xbk[4], ys[0], xbk[3:0]};
    assign addr[k] = geom.pitch ? pitch_row + 48'(xbk)
                   : bl_common + (48'(xbk[22:6]) << blk_log2) + 48'(gob_offset);
  end

  logic twelve;
  assign twelve = geom.bpp == 5'd12;

  logic [42:0] line0, line1;
  logic        two, sel1;
  assign line0 = addr[0][47:5];
  assign line1 = twelve && !bug_12b_one_line ? addr[2][47:5] : line0;
  assign two = line1 != line0;
  assign sel1 = twelve && !bug_12b_one_line && addr[1][47:5] != line0;
  assign rd = {in_range, two, line0, line1, addr[0][4:0], addr[1][4:0], sel1, addr[2][4:0]};

endmodule : tex_agu
