// SPDX-License-Identifier: Apache-2.0
// docs/icarus.md, rule 1: on Icarus Verilog 11, an always_comb process that
// wakes wakes every always_comb process compiled before it. s0 and s1 have
// no clock, so their inputs never change; s2 counts 100 clock edges.
//   iverilog -g2012 -o ex.vvp icarus_always_comb.sv && vvp -n ex.vvp
// prints "101 101 101"; with `always @*` in place of always_comb, "0 0 100"
// (rtl.icarus_always_comb_example runs both).
module sub(input logic clk, output int n);
  logic [31:0] q = 0, o;
  always @(posedge clk) q <= q + 1;
  always_comb begin o = q + 1; n++; end
endmodule
module top;
  logic clk = 0, dead = 0;
  always #5 clk = !clk;
  int n0, n1, n2;
  sub s0(.clk(dead), .n(n0));
  sub s1(.clk(dead), .n(n1));
  sub s2(.clk(clk), .n(n2));   // the last one compiled
  initial begin #1000 $display("%0d %0d %0d", n0, n1, n2); $finish; end
endmodule
