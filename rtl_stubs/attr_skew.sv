// SPDX-License-Identifier: Apache-2.0
// attr_skew: the R1 SKEW byte offset of (vertex v, rank k) in a space whose
// BMAP has n bits, combinational: (v/32)*(n*128) + k*128 + (v%32)*4.
// With drop_n (defect attr_skew_stride_drops_n) the vertex-group stride
// forgets n. A module rather than a function: on Icarus a function in a
// continuous assignment runs as a thread of its own a delta later; the
// address stage needs three of these per component.
module attr_skew (
  input  logic [7:0]  v,
  input  logic [7:0]  k,
  input  logic [8:0]  n,
  input  logic        drop_n,
  output logic [17:0] offset
);
  logic [17:0] group_stride;
  assign group_stride = drop_n ? 18'd128 : {2'd0, n, 7'd0};
  assign offset = group_stride * {15'd0, v[7:5]} + {3'd0, k, 7'd0} + {11'd0, v[4:0], 2'b00};
endmodule : attr_skew
