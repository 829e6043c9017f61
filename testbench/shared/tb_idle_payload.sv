// SPDX-License-Identifier: Apache-2.0
// tb_idle_payload: the configuration bus and the request a unit sees. A
// bench drives its burst and its request (o_*); the unit sees them while
// their valid is high and fresh seeded random bits (tb_dontcare_pkg.sv)
// while it is low, which the port contract makes don't-cares
// (docs/port-contract.md, "Payloads while valid is low"): a unit that acts
// on the configuration bus without cfg_valid, or on req without
// req_valid, then changes state the model does not. The co-simulation
// (tb_cosim_unit.sv) and the replay (tb_replay_driver.sv) both put it
// between their driver and the unit; plain SystemVerilog for Verilator
// and Icarus.
module tb_idle_payload #(
    parameter int UNIT = 0,          // the unit's streams: 0 attr, 1 pix, 2 tex
    parameter int REQ_BITS = 64      // width of the request, a multiple of 64
) (
    input  logic clk,
    input  logic [63:0] seed,        // the run's seed
    input  logic [63:0] n,           // the draw of this cycle: the bench's cycle count
    // What the bench drives.
    input  logic cfg_valid,
    input  logic o_cfg_write,
    input  logic [31:0] o_cfg_addr,
    input  logic [31:0] o_cfg_mask,
    input  logic [1023:0] o_cfg_wdata,
    input  logic req_valid,
    input  logic [REQ_BITS-1:0] o_req,
    // What the unit sees.
    output logic cfg_write,
    output logic [31:0] cfg_addr,
    output logic [31:0] cfg_mask,
    output logic [1023:0] cfg_wdata,
    output logic [REQ_BITS-1:0] req,
    // The random burst words of the cycle, for the words of a burst the
    // contract leaves undefined (a write's unmasked words, a read's data).
    output logic [1023:0] dc_cfg_wdata
);
  // The random payload of the cycle: the address stream gives cfg_write
  // and an address that names a real block (tb_dontcare_pkg::cfg_addr),
  // the data stream the mask and 32 fresh bits of the burst, the request
  // stream 64 fresh bits of req; the wide payloads are shift registers, so
  // every field changes within a few cycles.
  logic dc_cfg_write = 1'b0;
  logic [31:0] dc_cfg_addr = 32'd0, dc_cfg_mask = 32'd0;
  logic [1023:0] dc_wdata = '0;
  logic [REQ_BITS-1:0] dc_req = '0;
  always @(posedge clk) begin : draws
    logic [63:0] a, d;
    a = tb_dontcare_pkg::draw(seed, UNIT, tb_dontcare_pkg::S_CFG_ADDR, n);
    d = tb_dontcare_pkg::draw(seed, UNIT, tb_dontcare_pkg::S_CFG_DATA, n);
    dc_cfg_write <= a[9];
    dc_cfg_addr <= tb_dontcare_pkg::cfg_addr(a);
    dc_cfg_mask <= d[63:32];
    dc_wdata <= {dc_wdata[991:0], d[31:0]};
    dc_req <= {dc_req[REQ_BITS-65:0], tb_dontcare_pkg::draw(seed, UNIT, tb_dontcare_pkg::S_REQ, n)};
  end

  assign cfg_write = cfg_valid ? o_cfg_write : dc_cfg_write;
  assign cfg_addr = cfg_valid ? o_cfg_addr : dc_cfg_addr;
  assign cfg_mask = cfg_valid ? o_cfg_mask : dc_cfg_mask;
  assign cfg_wdata = cfg_valid ? o_cfg_wdata : dc_wdata;
  assign dc_cfg_wdata = dc_wdata;
  assign req = req_valid ? o_req : dc_req;
endmodule
