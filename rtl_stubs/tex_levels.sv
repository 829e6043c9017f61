// SPDX-License-Identifier: Apache-2.0
// tex_levels: the mip-level sequencer of the header stage. After `start`
// it computes one level per cycle, levels 0 .. levels-1, into a table of
// tex_level_t, and then the layer stride (docs/texture-layout.md §4 "Levels"
// and "Layers", N76):
//
//   w_l = max(1, W >> l)   h_l = max(1, H >> l)   d_l = max(1, D >> l)
//   row_bytes = w_l * grid_w * bpp              rows = h_l * grid_h
//   yl = min(GOBS_PER_BLOCK_HEIGHT, ceil_log2(ceil(rows / 8)))
//   zl = min(GOBS_PER_BLOCK_DEPTH,  ceil_log2(d_l))
//   blocks_x = ceil(row_bytes / 64)   blocks_y = ceil(rows / (8 << yl))
//   blocks_z = ceil(d_l / (1 << zl))
//   size = blocks_x * blocks_y * blocks_z * (512 << (yl + zl))
//   offset_l = size_0 + ... + size_(l-1)
//   layer_stride = (sum of every stored level) rounded up to 512 << (yl_0 + zl_0)
//
// Sizes and offsets are kept modulo 2^48: every address is (N61), and the
// round-up to a power of two below 2^48 commutes with that. A pitch texture
// uses level 0's w and h only (N70). `done` stays high until the next start.
//
// bug_rounds_up (defect 68) minifies with ceil(W / 2^l) instead of
// floor; bug_stride_unaligned (defect 72) drops the layer-stride round-up.
module tex_levels
  import tex_pkg::*;
(
  input  logic        clk,
  input  logic        rst_n,
  input  logic        start,
  input  logic [16:0] width,
  input  logic [16:0] height,
  input  logic [14:0] depth,
  input  logic [2:0]  yl_max,
  input  logic [2:0]  zl_max,
  input  logic [4:0]  levels,        // 1..16
  input  logic [1:0]  lgw,           // sample grid, log2
  input  logic [1:0]  lgh,
  input  logic [4:0]  bpp,
  input  logic        bug_rounds_up,
  input  logic        bug_stride_unaligned,
  output logic        done,
  output logic [MAX_LEVELS*LEVEL_W-1:0] table_flat,  // level l at [l*LEVEL_W +: LEVEL_W]
  output logic [47:0] layer_stride
);

  logic [3:0]  l;            // level being computed
  logic        busy;
  logic [47:0] acc;          // bytes of the levels before l
  logic [5:0]  align_log2;   // 9 + yl_0 + zl_0
  tex_level_t  table_q [MAX_LEVELS];

  // ---- One level (combinational) -------------------------------------------------
  function automatic logic [16:0] minify17(input logic [16:0] n, input logic [3:0] lv,
                                           input logic up);
    logic [16:0] m;
    m = up ? ((n - 17'd1) >> lv) + 17'd1 : n >> lv;
    return m == 17'd0 ? 17'd1 : m;
  endfunction

  // Smallest k <= lmax with 2^k >= n, else lmax (the header's block shape is
  // the level-0 maximum).
  function automatic logic [2:0] clamp_log2(input logic [16:0] n, input logic [2:0] lmax);
    logic [2:0] k;
    k = lmax;
    for (int i = 5; i >= 0; i--)
      if (3'(i) < lmax && n <= (17'd1 << i)) k = 3'(i);
    return k;
  endfunction

  tex_level_t  cur;
  logic [16:0] w_l, h_l, gobs_y, blocks_x;
  logic [14:0] d_l, blocks_z;
  logic [15:0] blocks_y;
  logic [2:0]  yl, zl;
  logic [18:0] wg, rows;
  logic [23:0] row_bytes;
  logic [47:0] blocks, size;

  assign w_l = minify17(width, l, bug_rounds_up);
  assign h_l = minify17(height, l, bug_rounds_up);
  assign d_l = 15'(minify17({2'd0, depth}, l, bug_rounds_up));
  assign wg = {2'd0, w_l} << lgw;
  assign row_bytes = 24'(wg * bpp);
  assign rows = {2'd0, h_l} << lgh;
  assign gobs_y = 17'((rows + 19'd7) >> 3);
  assign yl = clamp_log2(gobs_y, yl_max);
  assign zl = clamp_log2({2'd0, d_l}, zl_max);
  assign blocks_x = 17'((row_bytes + 24'd63) >> 6);
  assign blocks_y = 16'((rows + (19'd8 << yl) - 19'd1) >> (3 + yl));
  assign blocks_z = (d_l + (15'd1 << zl) - 15'd1) >> zl;
  assign blocks = 48'(blocks_x) * 48'(blocks_y) * 48'(blocks_z);
  assign size = blocks << (9 + yl + zl);
  assign cur = {w_l, h_l, d_l, yl, zl, blocks_x, blocks_y, acc};

  // ---- Sequencer --------------------------------------------------------------------
  logic [47:0] acc_next, align_mask;
  assign acc_next = acc + size;
  assign align_mask = (48'd1 << (l == 4'd0 ? 6'd9 + 6'(yl) + 6'(zl) : align_log2))
                      - 48'd1;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      busy <= 1'b0;
      done <= 1'b0;
      l <= 4'd0;
      acc <= 48'd0;
      align_log2 <= 6'd9;
      layer_stride <= 48'd0;
      for (int i = 0; i < MAX_LEVELS; i++) table_q[i] <= '0;  // defined from reset on
    end else if (start) begin
      busy <= 1'b1;
      done <= 1'b0;
      l <= 4'd0;
      acc <= 48'd0;
    end else if (busy) begin
      table_q[l] <= cur;
      acc <= acc_next;
      if (l == 4'd0) align_log2 <= 6'd9 + 6'(yl) + 6'(zl);
      if ({1'b0, l} == levels - 5'd1) begin
        busy <= 1'b0;
        done <= 1'b1;
        layer_stride <= bug_stride_unaligned ? acc_next
                                             : (acc_next + align_mask) & ~align_mask;
      end
      l <= l + 4'd1;
    end
  end

  for (genvar i = 0; i < MAX_LEVELS; i++) begin : g_flat
    assign table_flat[i*LEVEL_W +: LEVEL_W] = table_q[i];
  end

endmodule : tex_levels
