// SPDX-License-Identifier: Apache-2.0
// tex_header: field extraction of a 32-byte texture header (TIC) and
// everything the warp derives from it (combinational).
//
// Header bit n is bit n of the 256-bit memory line (byte k at [8k+7:8k],
// DESIGN §7.5, docs/texture-layout.md §2):
//   [6:0] COMPONENTS   [9:7]/[12:10]/[15:13]/[18:16] R/G/B/A data type
//   [21:19]..[30:28] X/Y/Z/W source   [63:41] block-linear address[31:9]
//   [63:37] pitch address[31:5]       [79:64] address[47:32]
//   [87:85] HEADER_VERSION   [101:99]/[104:102] GOBs per block height/depth (log2)
//   [111:96] pitch[20:5]     [127:124] MAX_MIP_LEVEL   [143:128] WIDTH_MINUS_ONE
//   [150] sRGB   [154:151] TEXTURE_TYPE   [175:160] HEIGHT_MINUS_ONE
//   [189:176] DEPTH_MINUS_ONE   [227:224]/[231:228] view min/max level
//   [235:232] MULTI_SAMPLE_COUNT
// Every other bit is ignored (TLDS.txt header-state overrides).
//
// type_ok: paramA matches TEXTURE_TYPE (R18, N65): 1D matches 1D and
// 1D_ARRAY; 2D and ARRAY_2D match 2D, 2D_ARRAY and 2D_NO_MIPMAP; 3D matches
// 3D; cube, cube array and buffer textures match nothing.
// supported: the header is inside the modelled subset (N62); outside it the
// model's result is don't-care, and this unit returns 0.
module tex_header
  import tex_pkg::*;
(
  input  logic [255:0] hdr,
  input  logic [1:0]   param,       // PARAM_* of the instruction
  output logic         type_ok,
  output logic         supported,
  output tex_fmt_t     fmt,
  output tex_geom_t    geom,        // ok and layer_stride are filled by the caller
  // what the level sequencer (tex_levels) needs
  output logic [16:0]  width,       // texels of level 0
  output logic [16:0]  height,      // 1 for 1D types (N65)
  output logic [14:0]  depth,       // slices: DEPTH for 3D block-linear, else 1
  output logic [2:0]   yl_max,      // header block height / depth (log2 GOBs)
  output logic [2:0]   zl_max,
  output logic [4:0]   levels       // levels stored, 1..16
);

  logic [6:0] components;
  logic [2:0] version;
  logic [3:0] ttype, max_mip, view_min, view_max, msaa;
  logic       pitch;
  logic [1:0] dims;                 // coordinates of the texture type

  assign components = hdr[6:0];
  assign version = hdr[87:85];
  assign max_mip = hdr[127:124];
  assign ttype = hdr[154:151];
  assign view_min = hdr[227:224];
  assign view_max = hdr[231:228];
  assign msaa = hdr[235:232];
  assign pitch = version == HV_PITCH;
  assign yl_max = hdr[101:99];
  assign zl_max = hdr[104:102];

  // Bits TLDS never reads (sampler/filter fields, reserved bits).
  logic unused_hdr;
  assign unused_hdr = ^{hdr[255:236], hdr[223:190], hdr[159:155], hdr[149:144],
                        hdr[123:112], hdr[98:88], hdr[84:80], hdr[36:31]};

  // ---- Type match (R18, N65) ----------------------------------------------------
  always @* begin
    case (ttype)
      TT_1D, TT_1D_ARRAY: begin dims = 2'd1; type_ok = param == PARAM_1D; end
      TT_2D, TT_2D_ARRAY, TT_2D_NO_MIPMAP: begin
        dims = 2'd2;
        type_ok = param == PARAM_2D || param == PARAM_ARRAY_2D;
      end
      TT_3D: begin dims = 2'd3; type_ok = param == PARAM_3D; end
      default: begin dims = 2'd2; type_ok = 1'b0; end
    endcase
  end

  // ---- Format (texture-layout.md §3) ------------------------------------------------
  logic [7:0] types_allowed;   // bit t: data type t allowed for every component
  logic       fmt_known;
  logic [2:0] kind, ncomp;
  logic [4:0] bpp;

  always @* begin
    fmt_known = 1'b1;
    kind = K_32;
    ncomp = 3'd4;
    bpp = 5'd4;
    types_allowed = 8'h98;                           // FLOAT, SINT, UINT
    case (components)
      FMT_R32_G32_B32_A32: begin bpp = 5'd16; ncomp = 3'd4; end
      FMT_R32_G32_B32: begin bpp = 5'd12; ncomp = 3'd3; end
      FMT_R32_G32: begin bpp = 5'd8; ncomp = 3'd2; end
      FMT_R32: begin bpp = 5'd4; ncomp = 3'd1; end
      FMT_R16_G16_B16_A16, FMT_R16_G16, FMT_R16: begin
        kind = K_16;
        types_allowed = 8'h9E;                       // + UNORM, SNORM
        bpp = components == FMT_R16 ? 5'd2 : components == FMT_R16_G16 ? 5'd4 : 5'd8;
        ncomp = components == FMT_R16 ? 3'd1 : components == FMT_R16_G16 ? 3'd2 : 3'd4;
      end
      FMT_A8B8G8R8, FMT_G8R8, FMT_R8: begin
        kind = K_8;
        types_allowed = 8'h1E;                       // UNORM, SNORM, SINT, UINT
        bpp = components == FMT_R8 ? 5'd1 : components == FMT_G8R8 ? 5'd2 : 5'd4;
        ncomp = components == FMT_R8 ? 3'd1 : components == FMT_G8R8 ? 3'd2 : 3'd4;
      end
      FMT_A2B10G10R10: begin kind = K_A2B10G10R10; types_allowed = 8'h14; end  // UNORM, UINT
      FMT_B5G6R5: begin
        kind = K_B5G6R5; types_allowed = 8'h04; bpp = 5'd2; ncomp = 3'd3;     // UNORM
      end
      FMT_BF10GF11RF11: begin kind = K_BF10GF11RF11; types_allowed = 8'h80; ncomp = 3'd3; end
      FMT_E5B9G9R9: begin kind = K_E5B9G9R9; types_allowed = 8'h80; ncomp = 3'd3; end
      default: fmt_known = 1'b0;
    endcase
  end

  logic types_ok, srgb_ok, sources_ok;
  logic [3:0][2:0] dtype, source;
  assign dtype = {hdr[18:16], hdr[15:13], hdr[12:10], hdr[9:7]};
  assign source = {hdr[30:28], hdr[27:25], hdr[24:22], hdr[21:19]};

  // Every stored component's type is one its format allows; sRGB decodes
  // 8-bit UNORM colour (alpha stays linear, N68); source 1 is reserved (N62).
  function automatic logic [2:0] checks(input logic [3:0][2:0] t, input logic [3:0][2:0] src,
                                        input logic [2:0] n, input logic [7:0] allowed);
    logic ty, sr, so;
    ty = 1'b1;
    sr = 1'b1;
    so = 1'b1;
    for (int c = 0; c < 4; c++) begin
      if (3'(c) < n && !allowed[t[c]]) ty = 1'b0;
      if (c < 3 && 3'(c) < n && t[c] != DT_UNORM) sr = 1'b0;
      if (src[c] == 3'd1) so = 1'b0;
    end
    return {ty, sr, so};
  endfunction

  logic srgb_types_ok;
  assign {types_ok, srgb_types_ok, sources_ok} = checks(dtype, source, ncomp, types_allowed);
  assign srgb_ok = kind == K_8 && srgb_types_ok;

  // N67: a missing alpha is integer 1 when R is SINT/UINT, else 1.0f.
  assign fmt = {kind, ncomp, dtype, source, hdr[150], dtype[0] == DT_SINT || dtype[0] == DT_UINT};

  // ---- Multisample grid (R20, N64) ------------------------------------------------
  logic       msaa_ok;
  logic [1:0] lgw, lgh;

  always @* begin
    msaa_ok = 1'b1;
    case (msaa)
      4'd0: begin lgw = 2'd0; lgh = 2'd0; end                  // 1X1
      4'd1, 4'd5: begin lgw = 2'd1; lgh = 2'd0; end            // 2X1, 2X1_D3D
      4'd2, 4'd8, 4'd9: begin lgw = 2'd1; lgh = 2'd1; end      // 2X2, VC_4, VC_12
      4'd3, 4'd4, 4'd10, 4'd11: begin lgw = 2'd2; lgh = 2'd1; end  // 4X2 and variants
      4'd6: begin lgw = 2'd2; lgh = 2'd2; end                  // 4X4
      default: begin lgw = 2'd0; lgh = 2'd0; msaa_ok = 1'b0; end
    endcase
  end

  // ---- Subset (N62) ------------------------------------------------------------------
  assign supported = fmt_known && types_ok && (!hdr[150] || srgb_ok) && sources_ok &&
                     (version == HV_PITCH || version == HV_BLOCKLINEAR) && msaa_ok &&
                     (pitch || (yl_max <= 3'd5 && zl_max <= 3'd5));

  // ---- Geometry -------------------------------------------------------------------------
  logic [14:0] depth_field;
  logic [4:0]  stored;       // levels stored
  assign depth_field = {1'b0, hdr[189:176]} + 15'd1;
  assign width = {1'b0, hdr[143:128]} + 17'd1;
  assign height = dims >= 2'd2 ? {1'b0, hdr[175:160]} + 17'd1 : 17'd1;  // N65
  // N70: a pitch texture is one 2D image (one level, layer, slice, sample).
  assign depth = dims == 2'd3 && !pitch ? depth_field : 15'd1;
  assign stored = pitch || ttype == TT_2D_NO_MIPMAP ? 5'd1 : {1'b0, max_mip} + 5'd1;
  assign levels = stored;

  logic [47:0] base;
  logic [20:0] pitch_bytes;
  logic [3:0]  last_level;
  logic [14:0] layers;
  logic [1:0]  geo_lgw, geo_lgh;
  logic [4:0]  samples;

  assign base = pitch ? {hdr[79:64], hdr[63:37], 5'd0} : {hdr[79:64], hdr[63:41], 9'd0};
  assign pitch_bytes = {hdr[111:96], 5'd0};
  // N69: levels exist from the view minimum up to min(view max, last stored).
  assign last_level = {1'b0, view_max} < stored ? view_max : 4'(stored - 5'd1);
  assign layers = !pitch && (ttype == TT_1D_ARRAY || ttype == TT_2D_ARRAY ||
                             ttype == TT_CUBE_ARRAY) ? depth_field : 15'd1;
  assign geo_lgw = pitch ? 2'd0 : lgw;
  assign geo_lgh = pitch ? 2'd0 : lgh;
  assign samples = 5'd1 << ({1'b0, geo_lgw} + {1'b0, geo_lgh});  // 4x4: 16

  // ok and layer_stride are the header stage's (index check, tex_levels).
  assign geom = {1'b0, pitch, base, pitch_bytes, bpp, view_min, last_level, layers,
                 samples, geo_lgw, geo_lgh, 48'd0};

endmodule : tex_header
