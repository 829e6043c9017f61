// SPDX-License-Identifier: Apache-2.0
// attr_ram: one single-port SRAM bank with a flash-clear valid bit per row,
// the building block of every attribute-unit memory (ISBE spaces, write
// status, HW values, GS buffers; attr_mem.sv).
//
// Rows are W bits wide (32 for the ISBE and HW banks, 256 for a write-
// status bank holding one vertex group's eight words, 1024 for a GS bank
// holding 32 words of one lane's buffer), so a 128-byte configuration
// burst of any target is one row of one or more banks (N120).
//
// One access per cycle: with en and we the selected bits (wmask) of row
// addr take wdata; with en and not we the row is read and appears on rdata
// the next cycle, where it stays until the next read. Addresses at or above
// DEPTH are ignored (reads return 0); the callers never produce them.
//
// Clear (the unit's clear command, port contract target 0x040): clr drops
// every row's valid bit in one cycle, a flip-flop vector beside the array,
// instead of writing zeros row by row. A row whose valid bit is low reads
// 0; a write to it stores wdata under wmask and zero elsewhere (the write
// uses the full row mask), then marks it valid. Every read and write thus
// sees exactly the zeroed memory the clear command stands for.
//
// Power-on content is zero (spec-notes N35), as an FPGA block RAM's
// initial value: the valid bits power up low. A reset does not touch the
// memory, the clear command does.
module attr_ram #(
  parameter int DEPTH = 64,
  parameter int AW = 6,
  parameter int W = 32
) (
  input  logic          clk,
  input  logic          clr,        // flash clear: every row reads 0 from the next cycle
  input  logic          clr_keep,   // defect attr_clear_misses_status_out: valid bits survive
  input  logic          en,
  input  logic          we,
  input  logic [AW-1:0] addr,
  input  logic [W-1:0]  wmask,
  input  logic [W-1:0]  wdata,
  input  logic          bug_merge_invalid,  // defect attr_status_invalid_row_merge
  output logic [W-1:0]  rdata
);

  logic [W-1:0]     mem [DEPTH];
  logic [DEPTH-1:0] valid;
  logic             in_range;

  assign in_range = {1'b0, addr} < (AW + 1)'(DEPTH);

  initial begin
    valid = '0;
    rdata = '0;
  end

  always_ff @(posedge clk) begin
    if (clr) begin
      if (!clr_keep) valid <= '0;
    end else if (en && we && in_range) begin
      // An invalid row holds stale bits: write all of it (zeros outside
      // wmask) unless the defect merges into the stale bits.
      if (valid[addr] || bug_merge_invalid) mem[addr] <= (mem[addr] & ~wmask) | (wdata & wmask);
      else mem[addr] <= wdata & wmask;
      valid[addr] <= 1'b1;
    end
    if (en && !we) rdata <= (in_range && valid[addr]) ? mem[addr] : '0;
  end

endmodule : attr_ram
