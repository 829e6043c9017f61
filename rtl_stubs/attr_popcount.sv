// SPDX-License-Identifier: Apache-2.0
// attr_popcount: the number of set bits of a 32-bit word (combinational),
// for the ranks of R1 (attr_rank) and the prefix counts of the BMAPs
// (attr_cfg). Pairs, then nibbles, bytes and halves are summed in place,
// without a loop or a function: on Icarus a function in a continuous
// assignment runs as a thread of its own a delta later, and every
// instance of this counter sits on the address stage's path each cycle
//.
module attr_popcount (
  input  logic [31:0] x,
  output logic [5:0]  count
);
  logic [31:0] c2, c4, c8, c16;
  assign c2 = (x & 32'h5555_5555) + ((x >> 1) & 32'h5555_5555);
  assign c4 = (c2 & 32'h3333_3333) + ((c2 >> 2) & 32'h3333_3333);
  assign c8 = (c4 & 32'h0F0F_0F0F) + ((c4 >> 4) & 32'h0F0F_0F0F);
  assign c16 = (c8 & 32'h00FF_00FF) + ((c8 >> 8) & 32'h00FF_00FF);
  assign count = c16[5:0] + c16[21:16];

  // Each 16-bit half counts at most 16.
  logic unused_high;
  assign unused_high = ^{c16[31:22], c16[15:6]};
endmodule : attr_popcount
