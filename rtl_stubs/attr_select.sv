// SPDX-License-Identifier: Apache-2.0
// attr_select: the attribute of a given rank in a BMAP (combinational), the
// inverse of attr_rank, used by .PHYS accesses whose AL2P result names the
// physical attribute number (R7, N31). The caller checks rank < N first.
//
// The map word holding the rank is the last word whose prefix count is not
// above it; inside that word the attribute is the (rank - prefix)-th set
// bit, counted from bit 0.
module attr_select (
  input  logic [255:0] bmap,
  input  logic [71:0]  pre,     // set bits in words 0..w-1 at [9w +: 9]
  input  logic [7:0]   rank,
  output logic [7:0]   attr
);

  // Number of words 1..7 whose prefix is <= rank = index of the word.
  function automatic logic [2:0] word_of(input logic [71:0] p, input logic [7:0] k);
    logic [2:0] w;
    w = 3'd0;
    for (int i = 1; i < 8; i++)
      if (p[9*i +: 9] <= {1'b0, k}) w = w + 3'd1;
    return w;
  endfunction

  // Position of the j-th (from 0) set bit of x.
  function automatic logic [4:0] nth_set(input logic [31:0] x, input logic [7:0] j);
    logic [4:0] pos;
    logic [7:0] seen;
    pos = 5'd0;
    seen = 8'd0;
    for (int i = 0; i < 32; i++) begin
      if (x[i]) begin
        if (seen == j) pos = 5'(i);
        seen = seen + 8'd1;
      end
    end
    return pos;
  endfunction

  logic [2:0] w;
  logic [8:0] j;

  assign w = word_of(pre, rank);
  assign j = {1'b0, rank} - pre[9*w +: 9];
  assign attr = {w, nth_set(bmap[32*w +: 32], j[7:0])};

  logic unused_j;
  assign unused_j = j[8];

endmodule : attr_select
