// SPDX-License-Identifier: Apache-2.0
// attr_rank: rank of an attribute in a BMAP (combinational), i.e. its place
// in the compacted attribute region of R1: the number of BMAP bits set below
// it, computed as the registered prefix count of its 32-bit map word plus
// the population count of that word's lower bits.
//
// bug_include_self (defect attr_rank_off_by_one) also counts the
// attribute's own bit.
module attr_rank
  import attr_pkg::*;
(
  input  logic [255:0] bmap,
  input  logic [71:0]  pre,     // set bits in words 0..w-1 at [9w +: 9]
  input  logic [7:0]   attr,    // attribute index (byte address / 4)
  input  logic         bug_include_self,
  output logic [8:0]   rank
);

  logic [2:0]  w;
  logic [4:0]  b;
  logic [31:0] word, below;
  logic [32:0] through;

  assign w = attr[7:5];
  assign b = attr[4:0];
  assign word = bmap[32*w +: 32];
  assign below = (32'd1 << b) - 32'd1;
  assign through = (33'd2 << b) - 33'd1;
  logic [5:0]  count;
  attr_popcount u_count (
    .x(word & (bug_include_self ? through[31:0] : below)), .count(count));
  assign rank = pre[9*w +: 9] + {3'd0, count};

  logic unused_through;
  assign unused_through = through[32];

endmodule : attr_rank
