// SPDX-License-Identifier: Apache-2.0
// tex_pkg: constants and types of the texture-load unit RTL (tex_unit.sv).
// Written from TLDS.txt, DESIGN R10, R17-R24, §7.1, §7.5,
// docs/texture-layout.md and spec-notes N60-N76; see docs/rtl-tex.md.
//
// The unit fetches one texture header per warp-instruction (the header
// index is an immediate, so every lane reads the same texture) and then one
// texel per lane. The types below are what travels between its stages:
//   tex_insn_t   decoded instruction controls (tex_decode)
//   tex_fmt_t    how a texel's bytes become components (tex_header)
//   tex_geom_t   where a texture's texels are (tex_header, tex_levels)
//   tex_level_t  one mip level of a block-linear texture (tex_levels)
//   tex_lane_rd_t the one or two 32-byte lines a lane's texel lives in (tex_agu)
package tex_pkg;

  // Not every constant is used by every submodule.
  /* verilator lint_off UNUSEDPARAM */

  // ---- Injected defects (rtl_stubs/tex_bugs.md); 1..31 pixel, 32..63 attribute
  localparam logic [7:0] BUG_UNORM_TRUNCATES = 8'd64;
  localparam logic [7:0] BUG_FP16_RZ_IGNORED = 8'd65;
  localparam logic [7:0] BUG_WMSK_RBA_GBA_SWAPPED = 8'd66;
  localparam logic [7:0] BUG_GOB_SWIZZLE_BITS_SWAPPED = 8'd67;
  localparam logic [7:0] BUG_LEVEL_SIZE_ROUNDS_UP = 8'd68;
  localparam logic [7:0] BUG_SAMPLE_GRID_TRANSPOSED = 8'd69;
  localparam logic [7:0] BUG_HEADER_INDEX_BOUND_OFF_BY_ONE = 8'd70;
  localparam logic [7:0] BUG_AOFFI_ZERO_EXTENDED = 8'd71;
  localparam logic [7:0] BUG_LAYER_STRIDE_UNALIGNED = 8'd72;
  localparam logic [7:0] BUG_MEM_ASSUMES_IN_ORDER = 8'd73;
  localparam logic [7:0] BUG_SNORM_DIVIDES_BY_POW2 = 8'd74;
  localparam logic [7:0] BUG_12B_SECOND_LINE_IGNORED = 8'd75;
  localparam logic [7:0] BUG_SRGB_ALPHA_DECODED = 8'd76;
  localparam logic [7:0] BUG_CFG_BURST_ROW_SHIFTED = 8'd77;
  localparam logic [7:0] BUG_CFG_ROW_READ_REVERSED = 8'd78;
  localparam logic [7:0] BUG_FETCH_RSP_TO_LAST_SLOT = 8'd79;
  localparam logic [7:0] BUG_HEADER_FROM_LAST_BUFFER = 8'd80;
  localparam logic [7:0] BUG_FETCH_NO_FANOUT = 8'd81;
  localparam logic [7:0] BUG_FETCH_FANOUT_LINE0_ONLY = 8'd82;
  localparam logic [7:0] BUG_CACHE_KEPT_OVER_RESET = 8'd83;
  localparam logic [7:0] BUG_CACHE_PORT1_TAKES_LINE0 = 8'd84;
  localparam logic [7:0] BUG_FETCH_PICK1_NOT_AWAITED = 8'd85;
  localparam logic [7:0] BUG_RSP_TAG_OF_OLDEST = 8'd86;
  localparam logic [7:0] BUG_CACHE_TAG_BEFORE_FILL = 8'd87;
  localparam logic [7:0] BUG_CFG_KEEPS_LOW_BITS = 8'd88;
  localparam logic [7:0] BUG_CFG_HIGH_UNDER_LOW_MASK = 8'd89;
  localparam logic [7:0] BUG_MEM_REQ_AT_RESET = 8'd90;

  // ---- Instruction word (DESIGN §7.1) --------------------------------------
  localparam logic [6:0] OPC_TLDS = 7'h6D;      // [63:57]; bit 59 clear: .F16
  localparam logic [6:0] OPC_TLDS_F16 = 7'h69;

  // paramA of a legal-table row (TLDS.txt).
  localparam logic [1:0] PARAM_1D = 2'd0;
  localparam logic [1:0] PARAM_2D = 2'd1;
  localparam logic [1:0] PARAM_3D = 2'd2;
  localparam logic [1:0] PARAM_ARRAY_2D = 2'd3;

  // ---- Texture header (DESIGN §7.5, docs/texture-layout.md §2) ----------------
  // COMPONENTS values of the supported formats (texture-layout.md §3).
  localparam logic [6:0] FMT_R32_G32_B32_A32 = 7'h01;
  localparam logic [6:0] FMT_R32_G32_B32 = 7'h02;
  localparam logic [6:0] FMT_R16_G16_B16_A16 = 7'h03;
  localparam logic [6:0] FMT_R32_G32 = 7'h04;
  localparam logic [6:0] FMT_A8B8G8R8 = 7'h08;
  localparam logic [6:0] FMT_A2B10G10R10 = 7'h09;
  localparam logic [6:0] FMT_R16_G16 = 7'h0C;
  localparam logic [6:0] FMT_R32 = 7'h0F;
  localparam logic [6:0] FMT_B5G6R5 = 7'h15;
  localparam logic [6:0] FMT_G8R8 = 7'h18;
  localparam logic [6:0] FMT_R16 = 7'h1B;
  localparam logic [6:0] FMT_R8 = 7'h1D;
  localparam logic [6:0] FMT_E5B9G9R9 = 7'h20;
  localparam logic [6:0] FMT_BF10GF11RF11 = 7'h21;

  // Component data types.
  localparam logic [2:0] DT_SNORM = 3'd1;
  localparam logic [2:0] DT_UNORM = 3'd2;
  localparam logic [2:0] DT_SINT = 3'd3;
  localparam logic [2:0] DT_UINT = 3'd4;
  localparam logic [2:0] DT_FLOAT = 3'd7;

  // Swizzle sources.
  localparam logic [2:0] SRC_ZERO = 3'd0;
  localparam logic [2:0] SRC_R = 3'd2;
  localparam logic [2:0] SRC_A = 3'd5;
  localparam logic [2:0] SRC_ONE_INT = 3'd6;
  localparam logic [2:0] SRC_ONE_FLOAT = 3'd7;

  // HEADER_VERSION.
  localparam logic [2:0] HV_PITCH = 3'd2;
  localparam logic [2:0] HV_BLOCKLINEAR = 3'd3;

  // TEXTURE_TYPE.
  localparam logic [3:0] TT_1D = 4'd0;
  localparam logic [3:0] TT_2D = 4'd1;
  localparam logic [3:0] TT_3D = 4'd2;
  localparam logic [3:0] TT_1D_ARRAY = 4'd4;
  localparam logic [3:0] TT_2D_ARRAY = 4'd5;
  localparam logic [3:0] TT_2D_NO_MIPMAP = 4'd7;
  localparam logic [3:0] TT_CUBE_ARRAY = 4'd8;

  // How a texel's bytes hold its components.
  localparam logic [2:0] K_32 = 3'd0;        // 1..4 32-bit components
  localparam logic [2:0] K_16 = 3'd1;        // 1, 2 or 4 16-bit components
  localparam logic [2:0] K_8 = 3'd2;         // 1, 2 or 4 8-bit components
  localparam logic [2:0] K_A2B10G10R10 = 3'd3;
  localparam logic [2:0] K_B5G6R5 = 3'd4;
  localparam logic [2:0] K_BF10GF11RF11 = 3'd5;
  localparam logic [2:0] K_E5B9G9R9 = 3'd6;

  localparam logic [31:0] ONE_FLOAT = 32'h3F80_0000;
  localparam logic [31:0] ONE_INT = 32'h0000_0001;

  // ---- Memory port --------------------------------------------------------------
  // Tags 0..191 are texel lines (64 * fetch slot + 2 * lane + line);
  // TAG_HEADER + b is the header line of header buffer b (0, 1).
  localparam logic [7:0] TAG_HEADER = 8'hC0;
  localparam int MAX_LEVELS = 16;  // MAX_MIP_LEVEL is 4 bits
  /* verilator lint_on UNUSEDPARAM */

  // ---- Decoded instruction --------------------------------------------------------
  typedef struct packed {
    logic             legal;    // else warp-wide ILLEGAL_INSTR_ENCODING
    logic             read;     // legal and a destination exists (R24)
    logic             f16;      // packed FP16 results (R22)
    logic [3:0]       target;   // legal-table row [56:53]
    logic [1:0]       param;    // PARAM_*
    logic             ll;       // .LL: LOD in Rb
    logic             aoffi;    // .AOFFI
    logic             ms;       // .MS
    logic [12:0]      index;    // #tsPtrIdxU13
    logic [3:0][7:0]  wb_reg;   // register of slot 0..3, RZ: not written
    logic [3:0][1:0]  lo_comp;  // component in [31:0], .F16: in [15:0]
    logic [3:0]       hi_used;  // .F16: a component in [31:16]
    logic [3:0][1:0]  hi_comp;
  } tex_insn_t;

  // ---- Texel format --------------------------------------------------------------
  typedef struct packed {
    logic [2:0]      kind;      // K_*
    logic [2:0]      ncomp;     // components stored, R G B A in that order
    logic [3:0][2:0] dtype;     // data type of stored component c
    logic [3:0][2:0] source;    // X/Y/Z/W swizzle source
    logic            srgb;      // sRGB decode of R, G, B (N68)
    logic            a_int;     // a missing alpha reads integer 1 (N67)
  } tex_fmt_t;

  // ---- Texture geometry shared by every lane ----------------------------------------
  typedef struct packed {
    logic        ok;            // index, type and subset checks passed
    logic        pitch;         // pitch-linear, else block-linear
    logic [47:0] base;          // byte address of level 0 of layer 0
    logic [20:0] pitch_bytes;   // pitch-linear row stride
    logic [4:0]  bpp;           // bytes per texel: 1, 2, 4, 8, 12, 16
    logic [3:0]  first_level;   // RES_VIEW_MIN_MIP_LEVEL: .LZ / LOD 0
    logic [3:0]  last_level;    // last level that exists (N69)
    logic [14:0] layers;        // array size, 1 for other types (N65)
    logic [4:0]  samples;       // 1, 2, 4, 8, 16 (R20)
    logic [1:0]  lgw;           // log2 of the sample grid width
    logic [1:0]  lgh;           // log2 of the sample grid height
    logic [47:0] layer_stride;  // bytes from one layer to the next
  } tex_geom_t;

  // One mip level (docs/texture-layout.md §4 "Levels").
  typedef struct packed {
    logic [16:0] w;         // texels (pixels of a multisample texture), 1..65536
    logic [16:0] h;         // rows of texels, 1 for 1D types
    logic [14:0] d;         // slices, 1 unless 3D
    logic [2:0]  yl;        // block height in GOBs, log2, for this level
    logic [2:0]  zl;        // block depth in GOBs, log2
    logic [16:0] blocks_x;  // blocks per row of blocks
    logic [15:0] blocks_y;  // rows of blocks per slice of blocks
    logic [47:0] offset;    // bytes from the start of the layer
  } tex_level_t;

  localparam int LEVEL_W = $bits(tex_level_t);

  // ---- Texel read of one lane ----------------------------------------------------
  // A texel of 1..16 power-of-two bytes lies in one aligned 16-byte unit, so
  // in one 32-byte line; the three words of a 12-byte texel are placed one by
  // one (N75) and may need a second line (word 2's).
  typedef struct packed {
    logic        rd;      // the lane reads a texel (all R18 checks passed)
    logic        two;     // word 2 is in another line than word 0
    logic [42:0] line0;   // address[47:5] of the line of byte 0 / word 0
    logic [42:0] line1;   // address[47:5] of the line of word 2
    logic [4:0]  off0;    // byte of the texel (word 0) in line0
    logic [4:0]  off1;    // byte of word 1 in its line
    logic        sel1;    // word 1 is in line1
    logic [4:0]  off2;    // byte of word 2 in line1
  } tex_lane_rd_t;

  localparam int LANE_RD_W = $bits(tex_lane_rd_t);

endpackage : tex_pkg
