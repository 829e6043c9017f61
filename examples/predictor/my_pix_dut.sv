// SPDX-License-Identifier: Apache-2.0
// The device under test of the example: in your project, your own
// pixel-unit RTL. Here a thin wrapper of spagm's stand-in pixel unit
// (rtl_stubs/pix_unit.sv, docs/rtl-pix.md) with the ports of
// docs/port-contract.md. bug_sel switches on one of the stand-in's injected
// defects (rtl_stubs/pix_bugs.md); 0 is the correct unit.
module my_pix_dut #(
  parameter int LANES_PER_CYCLE = 16
) (
  input  logic             clk,
  input  logic             rst_n,
  input  logic [7:0]       bug_sel,
  input  logic             cfg_valid,
  output logic             cfg_ready,
  input  logic             cfg_write,
  input  logic [31:0]      cfg_addr,
  input  logic [31:0]      cfg_mask,
  input  logic [1023:0]    cfg_wdata,
  output logic             cfg_rvalid,
  output logic [1023:0]    cfg_rdata,
  output logic             idle,
  input  logic             req_valid,
  output logic             req_ready,
  input  logic [12031:0]   req,
  output logic             rsp_valid,
  input  logic             rsp_ready,
  output logic [16823:0]   rsp
);
  pix_unit #(.LANES_PER_CYCLE(LANES_PER_CYCLE)) u_pix (.*);
endmodule
