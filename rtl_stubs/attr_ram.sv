// SPDX-License-Identifier: Apache-2.0
// attr_ram: one single-port SRAM bank of 32-bit words with a flash-clear
// valid bit per word, the building block of the ISBE-space and HW-value
// memories (attr_mem.sv; the wide write-status and GS banks are
// attr_wram.sv).
//
// One access per cycle: with en and we word addr takes wdata; with en and
// not we the word is read and appears on rdata the next cycle, where it
// stays until the next read. Addresses at or above DEPTH are ignored
// (reads return 0); the callers never produce them.
//
// Clear (the unit's clear command, port contract target 0x040): clr drops
// every word's valid bit in one cycle, a flip-flop vector beside the
// array, instead of writing zeros row by row (2068 cycles for an ISBE
// bank). A word whose valid bit is low reads 0; a write makes it valid.
// Every word is written whole, so each read sees exactly the zeroed
// memory the clear command stands for.
//
// Power-on content is zero (spec-notes N35), as an FPGA block RAM's
// initial value: the valid bits power up low. A reset does not touch the
// memory, the clear command does.
module attr_ram #(
  parameter int DEPTH = 64,
  parameter int AW = 6
) (
  input  logic          clk,
  input  logic          clr,        // flash clear: every word reads 0 from the next cycle
  input  logic          en,
  input  logic          we,
  input  logic [AW-1:0] addr,
  input  logic [31:0]   wdata,
  output logic [31:0]   rdata
);

  logic [31:0]      mem [DEPTH];
  logic [DEPTH-1:0] valid;
  logic             in_range;

  assign in_range = {1'b0, addr} < (AW + 1)'(DEPTH);

  initial begin
    valid = '0;
    rdata = 32'd0;
  end

  always_ff @(posedge clk) begin
    if (clr) begin
      valid <= '0;
    end else if (en && we && in_range) begin
      mem[addr] <= wdata;
      valid[addr] <= 1'b1;
    end
    if (en && !we) rdata <= (in_range && valid[addr]) ? mem[addr] : 32'd0;
  end

endmodule : attr_ram
