// SPDX-License-Identifier: Apache-2.0
// pix_sample_rom: the standard sample positions of 1x, 2x, 4x, 8x and 16x
// rasterization, in 1/16 pixel relative to the pixel centre, numbered in
// one of two orders (N351): DESIGN §7.4 (the D3D order), or NVIDIA's
// default mode, which numbers the same 2x positions in reverse and the 8x
// positions in another order (1x, 4x and 16x as §7.4).
//
// One combinational ROM per lane, addressed by the order, the sample count
// (as log2) and the sample index. Each coordinate is a signed 4-bit value (-8..+7,
// PIXLD.txt .OFFSET). An index at or above the sample count has no sample
// and reads (0, 0); callers never use it.
module pix_sample_rom (
  input  logic       nvidia,      // NVIDIA order instead of §7.4's
  input  logic [2:0] count_log2,  // 0..4 for 1, 2, 4, 8, 16 samples
  input  logic [3:0] index,       // sample index
  output logic [3:0] x,           // signed dx, positive to the right
  output logic [3:0] y            // signed dy, positive downwards
);

  always @* begin
    {x, y} = {4'sd0, 4'sd0};
    case ({nvidia && (count_log2 == 3'd1 || count_log2 == 3'd3), count_log2, index})
      // 1 sample: the pixel centre.
      {1'b0, 3'd0, 4'd0}:  {x, y} = {4'sd0, 4'sd0};
      // 2 samples.
      {1'b0, 3'd1, 4'd0}:  {x, y} = {4'sd4, 4'sd4};
      {1'b0, 3'd1, 4'd1}:  {x, y} = {-4'sd4, -4'sd4};
      // 4 samples.
      {1'b0, 3'd2, 4'd0}:  {x, y} = {-4'sd2, -4'sd6};
      {1'b0, 3'd2, 4'd1}:  {x, y} = {4'sd6, -4'sd2};
      {1'b0, 3'd2, 4'd2}:  {x, y} = {-4'sd6, 4'sd2};
      {1'b0, 3'd2, 4'd3}:  {x, y} = {4'sd2, 4'sd6};
      // 8 samples.
      {1'b0, 3'd3, 4'd0}:  {x, y} = {4'sd1, -4'sd3};
      {1'b0, 3'd3, 4'd1}:  {x, y} = {-4'sd1, 4'sd3};
      {1'b0, 3'd3, 4'd2}:  {x, y} = {4'sd5, 4'sd1};
      {1'b0, 3'd3, 4'd3}:  {x, y} = {-4'sd3, -4'sd5};
      {1'b0, 3'd3, 4'd4}:  {x, y} = {-4'sd5, 4'sd5};
      {1'b0, 3'd3, 4'd5}:  {x, y} = {-4'sd7, -4'sd1};
      {1'b0, 3'd3, 4'd6}:  {x, y} = {4'sd3, 4'sd7};
      {1'b0, 3'd3, 4'd7}:  {x, y} = {4'sd7, -4'sd7};
      // 16 samples.
      {1'b0, 3'd4, 4'd0}:  {x, y} = {4'sd1, 4'sd1};
      {1'b0, 3'd4, 4'd1}:  {x, y} = {-4'sd1, -4'sd3};
      {1'b0, 3'd4, 4'd2}:  {x, y} = {-4'sd3, 4'sd2};
      {1'b0, 3'd4, 4'd3}:  {x, y} = {4'sd4, -4'sd1};
      {1'b0, 3'd4, 4'd4}:  {x, y} = {-4'sd5, -4'sd2};
      {1'b0, 3'd4, 4'd5}:  {x, y} = {4'sd2, 4'sd5};
      {1'b0, 3'd4, 4'd6}:  {x, y} = {4'sd5, 4'sd3};
      {1'b0, 3'd4, 4'd7}:  {x, y} = {4'sd3, -4'sd5};
      {1'b0, 3'd4, 4'd8}:  {x, y} = {-4'sd2, 4'sd6};
      {1'b0, 3'd4, 4'd9}:  {x, y} = {4'sd0, -4'sd7};
      {1'b0, 3'd4, 4'd10}: {x, y} = {-4'sd4, -4'sd6};
      {1'b0, 3'd4, 4'd11}: {x, y} = {-4'sd6, 4'sd4};
      {1'b0, 3'd4, 4'd12}: {x, y} = {-4'sd8, 4'sd0};
      {1'b0, 3'd4, 4'd13}: {x, y} = {4'sd7, -4'sd4};
      {1'b0, 3'd4, 4'd14}: {x, y} = {4'sd6, 4'sd7};
      {1'b0, 3'd4, 4'd15}: {x, y} = {-4'sd7, -4'sd8};
      // NVIDIA order, 2 samples: sample 0 at the top left.
      {1'b1, 3'd1, 4'd0}:  {x, y} = {-4'sd4, -4'sd4};
      {1'b1, 3'd1, 4'd1}:  {x, y} = {4'sd4, 4'sd4};
      // NVIDIA order, 8 samples.
      {1'b1, 3'd3, 4'd0}:  {x, y} = {-4'sd7, -4'sd1};
      {1'b1, 3'd3, 4'd1}:  {x, y} = {-4'sd3, -4'sd5};
      {1'b1, 3'd3, 4'd2}:  {x, y} = {-4'sd5, 4'sd5};
      {1'b1, 3'd3, 4'd3}:  {x, y} = {-4'sd1, 4'sd3};
      {1'b1, 3'd3, 4'd4}:  {x, y} = {4'sd1, -4'sd3};
      {1'b1, 3'd3, 4'd5}:  {x, y} = {4'sd7, -4'sd7};
      {1'b1, 3'd3, 4'd6}:  {x, y} = {4'sd3, 4'sd7};
      {1'b1, 3'd3, 4'd7}:  {x, y} = {4'sd5, 4'sd1};
      default:       {x, y} = {4'sd0, 4'sd0};
    endcase
  end

endmodule : pix_sample_rom
