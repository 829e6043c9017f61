// SPDX-License-Identifier: Apache-2.0
// attr_vdiv: vertex and rank of a word of the vertex-major ISBE view
// (ISBERD.ATTR without .SKEW, spec-notes N29), combinational.
//
// In that view vertex v's N attributes are the words v*N .. v*N + N-1, so
// word w is vertex w / N, rank w % N. The caller has checked N != 0 and
// w < 256 * N, so the quotient fits 8 bits: a restoring divider of eight
// compare-and-subtract steps.
module attr_vdiv (
  input  logic [15:0] word,
  input  logic [8:0]  n,
  output logic [7:0]  vertex,
  output logic [7:0]  rank
);

  function automatic logic [23:0] divide(input logic [15:0] num, input logic [8:0] d);
    logic [16:0] rem, step;
    logic [7:0]  q;
    rem = {1'b0, num};
    q = 8'd0;
    for (int i = 7; i >= 0; i--) begin
      step = {8'd0, d} << i;
      if (rem >= step) begin
        rem = rem - step;
        q[i] = 1'b1;
      end
    end
    return {q, rem[15:0]};
  endfunction

  logic [23:0] result;

  assign result = divide(word, n);
  assign vertex = result[23:16];
  assign rank = result[7:0];   // remainder < N <= 256

  logic unused_rem;
  assign unused_rem = ^result[15:8];

endmodule : attr_vdiv
