// SPDX-License-Identifier: Apache-2.0
// tex_format: one lane's texel bytes to its four 32-bit results X, Y, Z, W
// (R21, docs/texture-layout.md §3, N66-N68), combinational.
//
// Four component channels, R G B A. Each picks its field out of the texel
// by format kind, then converts it by data type:
//   UNORM b bits   c / (2^b - 1) correctly rounded (tex_unorm, exact)
//   SNORM b bits   -1.0 for -2^(b-1), else sign and |s| / (2^(b-1) - 1)
//                  (tex_unorm on b - 1 bits)
//   SINT / UINT    sign- / zero-extended; 32-bit components pass unchanged
//   FLOAT          fp32 unchanged (NaN payloads and denormals kept); fp16 and
//                  the unsigned 11/10-bit floats exactly, a NaN becomes the
//                  quiet NaN with its payload (N66)
//   E5B9G9R9       m * 2^(E - 24), exact
//   sRGB           R, G, B of 8-bit UNORM through tex_srgb_rom; alpha linear
// Components the format lacks read G = B = 0 and A = 1 (1.0f, or integer 1
// when R is SINT/UINT, N67). Then the header's swizzle: X = source(X_SOURCE)
// ... (0 zero, 2..5 R..A, 6 integer 1, 7 1.0f). A lane that reads no texel
// (R18, or a texture that is invalid or outside the subset) returns 0 in
// every component.
//
// Defects: bug_unorm_truncates (64) truncates UNORM/SNORM quotients;
// bug_snorm_pow2 (74) divides SNORM by 2^(b-1); bug_srgb_alpha (76) decodes
// alpha through the sRGB table too.
module tex_format
  import tex_pkg::*;
(
  input  logic [127:0] texel,      // byte k at [8k+7:8k]
  input  logic         rd,         // the lane read a texel
  input  tex_fmt_t     fmt,
  input  logic         bug_unorm_truncates,
  input  logic         bug_snorm_pow2,
  input  logic         bug_srgb_alpha,
  output logic [127:0] xyzw        // X [31:0], Y [63:32], Z [95:64], W [127:96]
);

  // m * 2^e as fp32, m != 0, for results that are fp32 normals (every use
  // here: e >= -24 and m < 2^16).
  function automatic logic [31:0] scaled(input logic [15:0] m, input logic [7:0] e);
    logic [4:0]  p;
    logic [22:0] sh;
    p = 5'd0;
    for (int i = 0; i < 16; i++)
      if (m[i]) p = 5'(i);
    sh = 23'({23'd0, m} << (5'd23 - p));   // the leading one drops off at bit 23
    return {1'b0, 8'(8'd127 + 8'(p) + e), sh};
  endfunction

  // A float with a 5-bit exponent (bias 15) and an mb-bit mantissa (10 for
  // fp16, 6 and 5 for the packed small floats), to fp32 exactly.
  function automatic logic [31:0] float5(input logic sign, input logic [4:0] e,
                                         input logic [9:0] m, input logic [3:0] mb);
    logic [22:0] mant;
    mant = {m, 13'd0} << (4'd10 - mb);
    if (e == 5'd31)  // N66: NaN stays NaN, quiet, payload shifted up
      return {sign, 8'hFF, m == 10'd0 ? 23'd0 : (mant | 23'h40_0000)};
    if (e == 5'd0)   // zero, or a denormal m * 2^(-14 - mb): normalise
      return m == 10'd0 ? {sign, 31'd0}
                        : {sign, 31'(scaled({6'd0, m}, 8'd242 - {4'd0, mb}))};  // -14 - mb
    return {sign, 8'({3'd0, e} + 8'd112), mant};
  endfunction

  logic [127:0] rgba;          // the channels R, G, B, A
  logic [31:0]  word0;
  assign word0 = texel[31:0];

  // Each channel is one process that calls only the conversion its format
  // needs: on Icarus a function in a continuous assignment is a thread of
  // its own on every change of its arguments, and all of them (fp16, the
  // small floats, the shared exponent) ran for every texel.
  for (genvar c = 0; c < 4; c++) begin : g_comp
    logic [15:0] code;       // UNORM/SNORM/SINT/UINT field
    logic [4:0]  width;      // its bits
    logic [2:0]  dtype;
    logic [15:0] mag;        // SNORM magnitude
    logic        neg, snorm_min;
    logic [15:0] u_code;
    logic [4:0]  u_bits;
    logic [31:0] u_value, srgb_value, value;
    logic [15:0] f16;        // K_16 field
    logic [15:0] f565;       // B5G6R5 field
    logic [9:0]  f10;        // A2B10G10R10 field
    logic [8:0]  f9;         // E5B9G9R9 mantissa
    logic [4:0]  f11_e;      // BF10GF11RF11: exponent, mantissa and its bits
    logic [9:0]  f11_m;
    logic [3:0]  f11_mb;

    assign f16 = texel[16*c +: 16];
    if (c < 3) begin : g_rgb
      assign f10 = word0[10*c +: 10];
      assign f9 = word0[9*c +: 9];
      // R [10:0], G [21:11]: 5-bit exponent over 6-bit mantissa; B [31:22]: 5 + 5.
      if (c < 2) begin : g_11
        assign f11_e = word0[11*c + 6 +: 5];
        assign f11_m = {4'd0, word0[11*c +: 6]};
        assign f11_mb = 4'd6;
      end else begin : g_10
        assign f11_e = word0[31:27];
        assign f11_m = {5'd0, word0[26:22]};
        assign f11_mb = 4'd5;
      end
      assign f565 = c == 0 ? {11'd0, word0[4:0]} : c == 1 ? {10'd0, word0[10:5]}
                                                          : {11'd0, word0[15:11]};
    end else begin : g_alpha
      assign f10 = {8'd0, word0[31:30]};
      assign f9 = 9'd0;        // no alpha in these formats: read as missing (N67)
      assign f11_e = 5'd0;
      assign f11_m = 10'd0;
      assign f11_mb = 4'd0;
      assign f565 = 16'd0;
    end

    assign dtype = fmt.kind == K_B5G6R5 ? DT_UNORM : fmt.dtype[c];
    assign code = fmt.kind == K_16 ? f16
                : fmt.kind == K_8 ? {8'd0, texel[8*c +: 8]}
                : fmt.kind == K_A2B10G10R10 ? {6'd0, f10}
                : fmt.kind == K_B5G6R5 ? f565 : 16'd0;
    assign width = fmt.kind == K_8 ? 5'd8
                 : fmt.kind == K_A2B10G10R10 ? (c < 3 ? 5'd10 : 5'd2)
                 : fmt.kind == K_B5G6R5 ? (c == 1 ? 5'd6 : 5'd5) : 5'd16;

    // SNORM: two's complement of `width` bits.
    logic [15:0] width_mask, sign_bit;
    assign width_mask = 16'((17'd1 << width) - 17'd1);
    assign sign_bit = 16'd1 << (width - 5'd1);
    assign neg = (code & sign_bit) != 16'd0;
    assign mag = neg ? (~code + 16'd1) & width_mask : code;
    assign snorm_min = neg && mag == sign_bit;

    assign u_code = dtype == DT_SNORM ? mag : code;
    assign u_bits = dtype == DT_SNORM ? width - 5'd1 : width;

    tex_unorm u_unorm (
      .code        (u_code),
      .bits        (u_bits),
      .bug_truncate(bug_unorm_truncates),
      .value       (u_value)
    );

    tex_srgb_rom u_srgb (
      .code (texel[8*c +: 8]),
      .value(srgb_value)
    );

    logic [31:0] top;        // SINT: the field at the top of a word
    assign top = {16'd0, code} << (6'd32 - 6'(width));

    always @* begin : convert
      logic [31:0] v;
      case (fmt.kind)
        K_32: v = texel[32*c +: 32];                       // unchanged (R21)
        K_BF10GF11RF11: v = float5(1'b0, f11_e, f11_m, f11_mb);   // alpha: fields 0, +0.0
        // E5B9G9R9: m * 2^(E - 24), exponent [31:27].
        K_E5B9G9R9:
          v = f9 == 9'd0 ? 32'd0 : scaled({7'd0, f9}, 8'({3'd0, word0[31:27]} - 8'd24));
        default:
          if (fmt.kind == K_8 && fmt.srgb && (c < 3 || bug_srgb_alpha))
            v = srgb_value;                                 // N68
          else
            case (dtype)
              DT_UNORM: v = u_value;
              DT_SNORM:
                if (snorm_min) v = 32'hBF80_0000;           // -2^(b-1) clamps to -1.0
                else if (bug_snorm_pow2 && mag != 16'd0)
                  v = {neg, 31'(scaled(mag, 8'd1 - 8'(width)))};
                else v = {neg && mag != 16'd0, u_value[30:0]};
              DT_SINT: v = 32'($signed(top) >>> (6'd32 - 6'(width)));
              DT_UINT: v = {16'd0, code};
              default: v = float5(f16[15], f16[14:10], f16[9:0], 4'd10);   // FLOAT: fp16
            endcase
      endcase
      // N67: components the format lacks.
      value = 3'(c) < fmt.ncomp ? v
            : c == 3 ? (fmt.a_int ? ONE_INT : ONE_FLOAT) : 32'd0;
    end
    assign rgba[32*c +: 32] = value;
  end

  // Swizzle (DESIGN §7.5) and the R18 zero.
  function automatic logic [31:0] swizzle(input logic [2:0] src, input logic [127:0] c);
    case (src)
      3'd2: return c[31:0];      // R
      3'd3: return c[63:32];     // G
      3'd4: return c[95:64];     // B
      3'd5: return c[127:96];    // A
      SRC_ONE_INT: return ONE_INT;
      SRC_ONE_FLOAT: return ONE_FLOAT;
      default: return 32'd0;     // SRC_ZERO (1 is outside the subset, N62)
    endcase
  endfunction

  always @* begin : route
    if (rd)
      xyzw = {swizzle(fmt.source[3], rgba), swizzle(fmt.source[2], rgba),
              swizzle(fmt.source[1], rgba), swizzle(fmt.source[0], rgba)};
    else
      xyzw = 128'd0;
  end

endmodule : tex_format
