// SPDX-License-Identifier: Apache-2.0
// tex_fp16: fp32 to fp16 for TLDS.F16 (R22), round to nearest even or
// toward zero (combinational).
//
//   NaN        quiet NaN: sign, exponent 31, mantissa[9] set, payload[22:13]
//   infinity   infinity (both modes)
//   fp32 zero or denormal (< 2^-126)   signed zero (far below 2^-25)
//   |x| >= 2^16                        overflow: infinity, toward zero the
//                                      largest finite 0x7BFF
//   otherwise  11 significant bits for a normal result (exponent >= -14),
//              fewer for a denormal (unit 2^-24; R22 keeps denormals),
//              rounded; a carry into the exponent, or to infinity, is the
//              correctly rounded result.
module tex_fp16 (
  input  logic [31:0] f,
  input  logic        rz,         // 1: toward zero, 0: nearest even
  output logic [15:0] h
);

  logic        sign;
  logic [7:0]  exp;
  logic [23:0] sig;               // significand with its leading one
  logic [4:0]  shift;             // bits dropped: 13 for a normal result, up to 25
  logic [14:0] q;                 // kept bits (at most 11 plus a carry)
  logic [25:0] rem, half;          // up to 25 dropped bits, and their half-way point
  logic        up;
  logic [14:0] rounded;

  assign sign = f[31];
  assign exp = f[30:23];
  assign sig = {1'b1, f[22:0]};

  // exp >= 113 is a normal fp16 (2^-14 and up); below, one more bit per binade.
  assign shift = exp >= 8'd113 ? 5'd13 : (exp <= 8'd101 ? 5'd25 : 5'(8'd126 - exp));
  assign q = 15'(sig >> shift);
  assign rem = {2'b00, sig} & ((26'd1 << shift) - 26'd1);
  assign half = 26'd1 << (shift - 5'd1);
  assign up = !rz && (rem > half || (rem == half && q[0]));
  // Normal: exponent field (exp - 127 + 15) - 1 plus q, whose bit 10 is the
  // leading one; denormal: q itself.
  assign rounded = exp >= 8'd113 ? 15'({exp - 8'd113, 10'd0}) + q + {14'd0, up}
                                 : q + {14'd0, up};

  assign h = exp == 8'hFF ? (f[22:0] != 23'd0 ? {sign, 5'h1F, f[22:13] | 10'h200}
                                               : {sign, 15'h7C00})
           : exp == 8'd0 ? {sign, 15'd0}
           : exp > 8'd142 ? {sign, rz ? 15'h7BFF : 15'h7C00}   // 2^16 and above
                          : {sign, rounded};

endmodule : tex_fp16
