// SPDX-License-Identifier: Apache-2.0
// attr_pkg: constants, types and small arithmetic helpers of the attribute
// unit RTL (attr_unit.sv). Written from the documents (ALD.txt, AST.txt,
// ISBE-layout.txt, DESIGN R1-R12, spec-notes N20-N35); see docs/rtl-attr.md.
//
// Memory organisation shared by every attribute submodule: each ISBE space
// (0x40A00 bytes) is 32 banks of 32-bit words, word w in bank w % 32 at row
// w / 32, so a 128-byte "memory line" of the SKEW layout (R1) is one row
// across all banks and vertex v's words always sit in bank v % 32. The
// write-status bits and the HW-generated values are banked by vertex
// (handle) % 32 as well, so an attribute access touches one bank only.
// The GS output buffers are banked by lane (lane l's buffer is bank l).
package attr_pkg;

  // Not every constant is used by every submodule.
  /* verilator lint_off UNUSEDPARAM */

  // ---- Injected defects (rtl_stubs/attr_bugs.md); pixel uses 1..31 ------
  localparam logic [7:0] BUG_RANK_OFF_BY_ONE = 8'd32;
  localparam logic [7:0] BUG_DEFAULT_W_ZERO = 8'd33;
  localparam logic [7:0] BUG_RD_ALIGN_KEPT = 8'd34;
  localparam logic [7:0] BUG_BMAP_IN_IMAP_ONLY = 8'd35;
  localparam logic [7:0] BUG_STORE_LOST_ON_STALL = 8'd36;
  localparam logic [7:0] BUG_SKEW_STRIDE_DROPS_N = 8'd37;
  localparam logic [7:0] BUG_VERTEX_RANGE_OFF_BY_ONE = 8'd38;
  localparam logic [7:0] BUG_PATCH_LOWEST_LANE_WINS = 8'd39;
  localparam logic [7:0] BUG_AL2P_PD_BASE_ONLY = 8'd40;
  localparam logic [7:0] BUG_ISBERD_U16_SIGN_EXTENDED = 8'd41;
  localparam logic [7:0] BUG_PATCH_BOUND_MAX = 8'd42;
  localparam logic [7:0] BUG_SHARED_SPACE_IGNORED = 8'd43;
  localparam logic [7:0] BUG_OVERWRITTEN_STORE_REPORTED = 8'd44;
  localparam logic [7:0] BUG_PHYS_VECTOR_ACCEPTED = 8'd45;
  localparam logic [7:0] BUG_TRAP_IGNORES_ENABLE = 8'd46;
  // Configuration port version 2, flash clear, wide address stage (N120-N123)
  localparam logic [7:0] BUG_BURST_LAST_WORD_DROPPED = 8'd47;
  localparam logic [7:0] BUG_BURST_READ_ROW_BEHIND = 8'd48;
  localparam logic [7:0] BUG_CLEAR_MISSES_STATUS_OUT = 8'd49;
  localparam logic [7:0] BUG_STATUS_INVALID_ROW_MERGE = 8'd50;
  localparam logic [7:0] BUG_AGU_GROUP_RA_SHARED = 8'd51;
  localparam logic [7:0] BUG_STATUS_READ_BUSY_STUCK = 8'd52;
  localparam logic [7:0] BUG_CFG_WRITE_WITHOUT_VALID = 8'd53;

  // ---- Geometry ------------------------------------------------------------
  localparam int BANKS = 32;
  localparam int ISBE_ROWS = 2068;     // 0x40A00 bytes / 128 bytes per row
  localparam int STATUS_ROWS = 8;      // 8 vertex groups, 8 status words (256 bits) a row
  localparam int HW_ROWS = 48;         // 6 kinds x 8 vertex groups
  localparam int GS_ROWS = 32;         // 1024 words of one lane's GS buffer (N26), 32 a row

  // Rows of the ISBE regions (N20: map 0x40000, patch 0x40400, prim 0x40600).
  localparam logic [11:0] ROW_PATCH = 12'd2056;  // 0x40400 / 128

  // Byte bases and sizes of the regions ISBERD names (N20, N29).
  localparam logic [18:0] BASE_MAP = 19'h40000;
  localparam logic [18:0] BASE_PATCH = 19'h40400;
  localparam logic [18:0] BASE_PRIM = 19'h40600;

  // Attribute index (byte address / 4) of PRIMITIVE_ID, whose handle is the
  // lane's primitive (ALD.txt, N27).
  localparam logic [7:0] ATTR_PRIMITIVE_ID = 8'h18;  // 0x060

  // ---- Instruction encodings (DESIGN §7.1, spec-notes N1) -------------------
  // Opcodes on [63:49]; bit 48 is the size MSB.
  localparam logic [14:0] OPC_ALD = 15'h77EC;     // 0xEFD8 >> 1
  localparam logic [14:0] OPC_AST = 15'h77F8;     // 0xEFF0 >> 1
  localparam logic [14:0] OPC_AL2P = 15'h77D0;    // 0xEFA0 >> 1
  localparam logic [14:0] OPC_ISBERD = 15'h77E8;  // 0xEFD0 >> 1

  // ---- Access descriptors ----------------------------------------------------
  // The address-generation stage turns every (lane, component) of a warp
  // into one descriptor; the memory stage executes the ones that touch
  // memory, in acceptance order.
  localparam logic [1:0] K_NONE = 2'd0;   // no memory access: value is the result
  localparam logic [1:0] K_ATTR = 2'd1;   // vertex attribute word + write status (+ HW value)
  localparam logic [1:0] K_PLAIN = 2'd2;  // plain ISBE word (patch region, ISBERD)
  localparam logic [1:0] K_GS = 2'd3;     // GS output buffer word

  // 63 bits, so a descriptor is one machine word in a C++ simulation. The
  // write-status row (group * 8 + attr / 32), its bit (attr % 32) and the
  // HW-value row (kind * 8 + group) follow from group and attr.
  typedef struct packed {
    logic [1:0]  kind;
    logic [4:0]  bank;      // vertex % 32, word % 32, or lane (K_GS)
    logic [11:0] row;       // ISBE row, or GS buffer word (K_GS)
    logic [2:0]  group;     // K_ATTR: handle / 32 (the vertex's 32-vertex group)
    logic [7:0]  attr;      // K_ATTR: attribute index; K_PLAIN: [1:0] byte offset (ISBERD)
    logic        hw;        // K_ATTR: an unwritten word returns the HW value (R2)
    logic [31:0] value;     // K_NONE: the result; stores: the data (last member: bits [31:0])
  } acc_t;

  localparam int ACC_W = $bits(acc_t);

  // Per-instruction controls carried down the pipeline.
  typedef struct packed {
    logic [31:0] tag;
    logic [31:0] lane_mask;
    logic        illegal;     // warp-wide ILLEGAL_INSTR_ENCODING
    logic        op_ald;
    logic        op_ast;
    logic        op_al2p;
    logic        op_isberd;
    logic [1:0]  size;        // ALD/AST/AL2P .32...128, ISBERD U8/U16/B32
    logic        patch;       // .P form
    logic        phys;        // .PHYS form
    logic        out;         // .O (AST: always the output space)
    logic        ra_rz;
    logic [33:0] imm;         // R5 immediate, sign-extended
    logic        vs;          // VSA/VSB: loads use the implicit vertex
    logic        rb_rz;       // ALD Rb is RZ: handle 0 (R8)
    logic        gs_store;    // AST in GS: the GS output buffers (R12)
    logic [1:0]  region;      // ISBERD MAP, PATCH, PRIM, ATTR
    logic        skew;        // ISBERD .SKEW
    logic        mem_out;     // the access uses the output space's own memory
    logic        is_store;
    logic [31:0] wb_reg;      // 4 x 8 bits, slot i at [8i +: 8]
    logic [3:0]  wb_en;       // slots written
    logic [2:0]  pd;
    logic        pd_en;
    logic [7:0]  st_space;
  } meta_t;

  // ---- Helpers ---------------------------------------------------------------

  // R3 power-on default of attribute a: 1.0 at POSITION_W, the .w of each
  // GENERIC, the alpha of each colour and the .q of each TEX_COORD, else 0.
  function automatic logic [31:0] r3_default(input logic [7:0] a);
    logic one;
    one = a == 8'h1F ||                                      // 0x07C
          (a >= 8'h23 && a <= 8'h9F && a[1:0] == 2'd3) ||    // 0x08C + 16n
          (a >= 8'hA3 && a <= 8'hAF && a[1:0] == 2'd3) ||    // 0x28C..0x2BC
          (a >= 8'hC3 && a <= 8'hE7 && a[1:0] == 2'd3);      // 0x30C + 16n
    return one ? 32'h3F80_0000 : 32'd0;
  endfunction

  // HW-generated attribute at attribute index a (R2): valid and kind
  // (0 PRIMITIVE_ID, 1 TESS_COORD_U, 2 TESS_COORD_V, 3 INSTANCE_ID,
  // 4 VERTEX_ID, 5 FRONT_FACE), the kind numbering of the HW-value target,
  // at [4a +: 4] of HW_KINDS. A constant to select from rather than a
  // function: on Icarus a function in a continuous assignment runs as a
  // thread of its own a delta later.
  function automatic logic [1023:0] hw_kind_table();
    logic [1023:0] t;
    t = '0;
    t[4*8'h18 +: 4] = 4'b1_000;  // 0x060
    t[4*8'hBC +: 4] = 4'b1_001;  // 0x2F0
    t[4*8'hBD +: 4] = 4'b1_010;  // 0x2F4
    t[4*8'hBE +: 4] = 4'b1_011;  // 0x2F8
    t[4*8'hBF +: 4] = 4'b1_100;  // 0x2FC
    t[4*8'hFF +: 4] = 4'b1_101;  // 0x3FC
    return t;
  endfunction
  localparam logic [1023:0] HW_KINDS = hw_kind_table();

  /* verilator lint_on UNUSEDPARAM */

endpackage : attr_pkg
