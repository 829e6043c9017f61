// SPDX-License-Identifier: Apache-2.0
// tb_replay_unit: one unit of the replay testbench (tb_replay.sv): the
// unit's RTL, the signals of its ports (docs/port-contract.md), its driver
// and checker (tb_replay_driver.sv) and, for the texture unit, the memory
// model that answers its memory port from the export's texture memory
// (tb_replay_mem.sv). Plain SystemVerilog for Verilator 5 and Icarus 11.
//
// The RTL module of each unit is the stand-in of rtl_stubs/ unless the build
// defines SPAGM_ATTR_TOP, SPAGM_PIX_TOP or SPAGM_TEX_TOP (tb_rtl_tops.svh,
// docs/own-rtl.md); it is connected by port name (tb_dut.svh), a unit with
// the version-1 configuration port through tb_cfg_v1_bridge. The widths
// come from the RTL's transaction package.
`include "tb_rtl_tops.svh"
module tb_replay_unit
  import shader_txn_pkg::*;
  import tb_replay_pkg::*;
#(
  parameter int UNIT = UNIT_ATTR  // which unit: UNIT_ATTR, UNIT_PIX or UNIT_TEX
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic [7:0]  bug_sel,    // rtl_stubs injected defect, 0 = none
  input  logic [2:0]  phase,      // the epoch controller's
  input  logic [31:0] epoch,      // for messages
  output logic        present,    // the export has this unit
  output logic        load_done,  // the state (and the texture memory) is loaded
  output logic        run_done,
  output logic        rb_done,
  output logic        hung,
  output logic        mem_fatal,  // the texture memory cannot be loaded: stop
  output int          passed,     // transactions and epoch images
  output int          failed      // the memory model's failures included
);
  // ---- The unit's ports ------------------------------------------------------
  logic cfg_valid, cfg_ready, cfg_write, cfg_rvalid, idle;
  logic req_valid, req_ready, rsp_valid, rsp_ready;
  logic [31:0] cfg_addr, cfg_mask;
  logic [1023:0] cfg_wdata, cfg_rdata;
  logic [REQUEST_BITS-1:0] req;
  logic [RESPONSE_BITS-1:0] rsp;
  // The texture unit's memory port, answered by the memory model.
  logic mem_req_valid, mem_req_ready, mem_rsp_valid, mem_rsp_ready;
  logic [47:0] mem_req_addr;
  logic [7:0] mem_req_tag, mem_rsp_tag;
  logic [255:0] mem_rsp_data;

  // ---- Driver and checker -----------------------------------------------------
  logic drv_load_done;
  int drv_failed;
  tb_replay_driver #(.UNIT(UNIT), .REQ_BITS(REQUEST_BITS), .RSP_BITS(RESPONSE_BITS)) drv (
    .clk, .rst_n, .phase, .epoch, .present, .load_done(drv_load_done), .run_done, .rb_done, .hung,
    .passed, .failed(drv_failed), .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask,
    .cfg_wdata, .cfg_rvalid, .cfg_rdata, .idle, .req_valid, .req_ready, .req, .rsp_valid,
    .rsp_ready, .rsp);

  // ---- The RTL ----------------------------------------------------------------
`include "tb_dut.svh"
  logic mem_load_done;  // the texture memory model's
  int mem_failed;
  if (UNIT == UNIT_TEX) begin : g_mem
    tb_replay_mem #(.PAGES(TEX_MEM_PAGES)) mem (
      .clk, .rst_n, .phase, .epoch, .load_done(mem_load_done), .fatal(mem_fatal), .failed(mem_failed),
      .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag, .mem_rsp_valid,
      .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data);
  end

  // Only the texture unit has memory to load and memory failures.
  if (UNIT != UNIT_TEX) begin : g_no_mem
    assign mem_load_done = 1'b1;
    assign mem_fatal = 1'b0;
    assign mem_failed = 0;
  end
  assign load_done = drv_load_done && mem_load_done;
  assign failed = drv_failed + mem_failed;
endmodule : tb_replay_unit
