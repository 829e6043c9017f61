// SPDX-License-Identifier: Apache-2.0
// tex_unorm: c / (2^b - 1) correctly rounded to fp32 (R21), exactly, for
// codes of b = 2..16 bits (combinational).
//
// No divider is needed. For 0 < c < 2^b - 1,
//   c / (2^b - 1) = c * 2^-b * (1 + 2^-b + 2^-2b + ...) = 0.ccccc... (binary),
// the b-bit pattern of c repeated for ever. So the quotient's bits are the
// pattern itself: normalise at c's leading one (position j = b - msb(c)
// after the binary point, exponent -j), take 23 mantissa bits and the round
// bit. Every tail of the expansion contains a 1 (the pattern is non-zero and
// repeats), so the sticky bit is always set: there are no ties, and round to
// nearest is "add the round bit". A 24-bit significand of ones would need 24
// ones in a row, impossible with a period of at most 16 bits holding a zero,
// so the rounding never carries into the exponent.
// c = 0 gives +0 and c = 2^b - 1 gives 1.0 exactly.
//
// SNORM uses the same unit on |s| with b - 1 bits (tex_format).
// bug_truncate (defect 64) drops the round bit: the result is truncated.
module tex_unorm (
  input  logic [15:0] code,
  input  logic [4:0]  bits,       // b, 2..16
  input  logic        bug_truncate,
  output logic [31:0] value
);

  logic [15:0] all_ones;
  logic [4:0]  msb, lead;         // msb(c), j = b - msb(c)
  logic [63:0] frac;              // fraction bits, [63] = 2^-1
  logic [23:0] norm;              // 23 mantissa bits and the round bit
  logic [30:0] mag;

  assign all_ones = 16'((17'd1 << bits) - 17'd1);

  // msb(c): the highest set bit alone (smeared down, then the top of the
  // smear), its index one OR-reduction per bit under a constant mask. No
  // loop: on Icarus every loop step is an interpreted statement, and this
  // runs for every texel channel.
  logic [15:0] smear1, smear2, smear4, smear, top;
  assign smear1 = code | (code >> 1);
  assign smear2 = smear1 | (smear1 >> 2);
  assign smear4 = smear2 | (smear2 >> 4);
  assign smear = smear4 | (smear4 >> 8);
  assign top = smear & ~(smear >> 1);
  assign msb = {1'b0, |(top & 16'hFF00), |(top & 16'hF0F0), |(top & 16'hCCCC), |(top & 16'hAAAA)};

  // The pattern c repeated: c at the top of 64 bits, then copied 1, 2, 4, 8
  // and 16 times down (b >= 2, so 32 copies cover the 64 bits).
  // (Continuous assignments, not a process: the converter's process reads
  // the value, and on Icarus a process here would hand it over a step
  // later and make that one run twice per texel.)
  logic [63:0] frac1, frac2, frac4, frac8, frac16;
  assign frac1 = {code, 48'd0} << (6'd16 - 6'(bits));
  assign frac2 = frac1 | (frac1 >> bits);
  assign frac4 = frac2 | (frac2 >> (7'(bits) << 1));
  assign frac8 = frac4 | (frac4 >> (7'(bits) << 2));
  assign frac16 = frac8 | (frac8 >> (8'(bits) << 3));
  assign frac = frac16 | (frac16 >> (9'(bits) << 4));

  assign lead = bits - msb;                 // leading one at 2^-lead
  // Shifted so the leading one is at [63]; keep [62:39].
  assign norm = 24'((frac << (lead - 5'd1)) >> 39);
  // {exponent, mantissa} + round bit; the exponent is 127 - lead.
  assign mag = {8'(8'd127 - 8'(lead)), norm[23:1]} + {30'd0, norm[0] && !bug_truncate};

  assign value = code == 16'd0 ? 32'd0
               : code == all_ones ? 32'h3F80_0000
                                  : {1'b0, mag};

endmodule : tex_unorm
