// SPDX-License-Identifier: Apache-2.0
// attr_ram: one single-port SRAM bank of 32-bit words, the building block
// of every attribute-unit memory (ISBE spaces, write status, HW values, GS
// buffers; attr_mem.sv).
//
// One access per cycle: with en and we the selected bits (wmask) of word
// addr take wdata; with en and not we the word is read and appears on rdata
// the next cycle, where it stays until the next read. Addresses at or above
// DEPTH are ignored (reads return 0); the callers never produce them.
//
// Power-on content is zero (spec-notes N35), as an FPGA block RAM's
// initial value; a reset does not touch the memory, the unit's clear
// command does.
module attr_ram #(
  parameter int DEPTH = 64,
  parameter int AW = 6
) (
  input  logic          clk,
  input  logic          en,
  input  logic          we,
  input  logic [AW-1:0] addr,
  input  logic [31:0]   wmask,
  input  logic [31:0]   wdata,
  output logic [31:0]   rdata
);

  logic [31:0] mem [DEPTH];
  logic        in_range;

  assign in_range = {1'b0, addr} < (AW + 1)'(DEPTH);

  initial begin
    for (int i = 0; i < DEPTH; i++) mem[i] = 32'd0;
    rdata = 32'd0;
  end

  always_ff @(posedge clk) begin
    if (en && we && in_range) mem[addr] <= (mem[addr] & ~wmask) | (wdata & wmask);
    if (en && !we) rdata <= in_range ? mem[addr] : 32'd0;
  end

endmodule : attr_ram
