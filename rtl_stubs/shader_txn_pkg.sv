// SPDX-License-Identifier: Apache-2.0
// shader_txn_pkg: the transaction wire format of the shader-unit port
// contract (docs/port-contract.md), written by hand for the RTL side.
//
// The first member of each struct is the most significant bit range of the
// flat port vector; element [i][lane] of an array member sits at bits
// [(i*32 + lane)*W +: W] of the member, which is what a packed
// [i][lane][W-1:0] declaration gives. The co-simulation testbench checks
// these widths against its own copy of the layout, so a change here that
// does not follow the contract fails there, not silently.
//
// Nothing in here is specific to one unit: the attribute, pixel and texture
// RTL all import it.
package shader_txn_pkg;

  // Constants for every unit: each unit uses only a subset of them.
  /* verilator lint_off UNUSEDPARAM */

  localparam int LANES = 32;     // lanes of a warp
  localparam int WB_SLOTS = 4;   // write-back slots of a response
  localparam int ST_COMPS = 4;   // store components of a response

  localparam int REQUEST_BITS = 12032;   // port-contract.md, request table
  localparam int RESPONSE_BITS = 16824;  // port-contract.md, response table

  // Register and predicate numbers with a fixed meaning (DESIGN §7.1).
  localparam logic [7:0] RZ = 8'd255;  // zero register: never written
  localparam logic [2:0] PT = 3'd7;    // true predicate: never written

  // Fault codes of the response's fault field.
  localparam logic [7:0] FAULT_NONE = 8'd0;
  localparam logic [7:0] FAULT_ILLEGAL_INSTR_ENCODING = 8'd1;  // warp-wide
  localparam logic [7:0] FAULT_VTX_OUT_OF_RANGE = 8'd2;        // per lane

  // Store spaces of the response's st_space field.
  localparam logic [7:0] SPACE_NONE = 8'd0;
  localparam logic [7:0] SPACE_ISBE_IN = 8'd1;
  localparam logic [7:0] SPACE_ISBE_OUT = 8'd2;
  localparam logic [7:0] SPACE_PATCH = 8'd3;
  localparam logic [7:0] SPACE_GS_OUT = 8'd4;

  // Shader stages as the configuration ports number them (0 VSA .. 5 PS).
  localparam logic [2:0] STAGE_VSA = 3'd0;
  localparam logic [2:0] STAGE_VSB = 3'd1;
  localparam logic [2:0] STAGE_TI = 3'd2;
  localparam logic [2:0] STAGE_TS = 3'd3;
  localparam logic [2:0] STAGE_GS = 3'd4;
  localparam logic [2:0] STAGE_PS = 3'd5;
  /* verilator lint_on UNUSEDPARAM */

  // Request: 12032 bits, [12031:0].
  typedef struct packed {
    logic [31:0]                  tag;        // [12031:12000]
    logic [63:0]                  insn;       // [11999:11936]
    logic [31:0]                  lane_mask;  // [11935:11904]
    logic [1:0][LANES-1:0][31:0]  a;          // [11903:9856]  Ra, Ra+1
    logic [1:0][LANES-1:0][31:0]  b;          // [9855:7808]   Rb, Rb+1
    logic [LANES-1:0][31:0]       c;          // [7807:6784]   Rc
    logic [3:0][LANES-1:0][31:0]  d;          // [6783:2688]   store data
    logic [LANES-1:0][31:0]       vertex;     // [2687:1664]
    // 'primitive' is a Verilog keyword, hence the longer member name.
    logic [LANES-1:0][31:0]       primitive_index;  // [1663:640]
    logic [LANES-1:0][15:0]       coverage;   // [639:128]
    logic [LANES-1:0][3:0]        sample;     // [127:0]
  } txn_request_t;

  // Response: 16824 bits, [16823:0].
  typedef struct packed {
    logic [31:0]                         tag;          // [16823:16792]
    logic [7:0]                          fault;        // [16791:16784]
    logic [31:0]                         fault_lanes;  // [16783:16752]
    logic [WB_SLOTS-1:0][7:0]            wb_reg;       // [16751:16720]
    logic [WB_SLOTS-1:0][31:0]           wb_valid;     // [16719:16592]
    logic [WB_SLOTS-1:0][LANES-1:0][31:0] wb_value;    // [16591:12496]
    logic [WB_SLOTS-1:0][LANES-1:0][31:0] wb_dontcare; // [12495:8400]
    logic [7:0]                          pd;           // [8399:8392]
    logic [31:0]                         pd_written;   // [8391:8360]
    logic [31:0]                         pd_value;     // [8359:8328]
    logic [7:0]                          st_space;     // [8327:8320]
    logic [ST_COMPS-1:0][31:0]           st_mask;      // [8319:8192]
    logic [ST_COMPS-1:0][LANES-1:0][31:0] st_addr;     // [8191:4096]
    logic [ST_COMPS-1:0][LANES-1:0][31:0] st_data;     // [4095:0]
  } txn_response_t;

endpackage : shader_txn_pkg
