// SPDX-License-Identifier: Apache-2.0
// attr_wram: one single-port SRAM bank with wide rows of WORDS 32-bit
// words, word write enables, a bit-masked word port and a flash-clear
// valid bit per row (attr_mem.sv: the write-status banks, 8 words = one
// vertex group's status of a vertex; the GS banks, 32 words of one lane's
// buffer).
//
// Two write forms, both one cycle:
//   row  (configuration bursts, N120): the words with wen set take their
//        word of wrow;
//   word (the memory stage): word xidx takes xword under the bit mask
//        xmask (a GS store writes a whole word; an AST sets one
//        write-status bit).
// With en and not we the row is read and appears on rdata the next cycle.
// The write logic sits in the clocked block and runs only for an enabled
// write, so an idle bank costs the simulator nothing beyond its enables.
//
// Clear (the clear command, port contract target 0x040): clr drops every
// row's valid bit in one cycle. An invalid row reads 0; a write to it
// stores the written bits and zero everywhere else, then marks it valid,
// which is exactly the zeroed memory the clear command stands for.
// Power-on content is zero (N35): the valid bits power up low.
module attr_wram #(
  parameter int DEPTH = 8,
  parameter int AW = 3,
  parameter int WORDS = 8,
  parameter int XW = 3               // bits of a word index
) (
  input  logic                  clk,
  input  logic                  clr,
  input  logic                  clr_keep,          // defect attr_clear_misses_status_out
  input  logic                  en,
  input  logic                  we,
  input  logic [AW-1:0]         addr,
  input  logic                  word_form,         // 1 word write, 0 row write
  input  logic [WORDS-1:0]      wen,
  input  logic [WORDS*32-1:0]   wrow,
  input  logic [XW-1:0]         xidx,
  input  logic [31:0]           xword,
  input  logic [31:0]           xmask,
  input  logic                  bug_merge_invalid, // defect attr_status_invalid_row_merge
  output logic [WORDS*32-1:0]   rdata
);

  logic [WORDS*32-1:0] mem [DEPTH];
  logic [DEPTH-1:0]    valid;

  initial begin
    valid = '0;
    rdata = '0;
  end

  always_ff @(posedge clk) begin
    if (clr) begin
      if (!clr_keep) valid <= '0;
    end else if (en && we) begin
      // An invalid row holds stale bits: every word not written becomes 0
      // (unless the defect keeps them).
      if (!valid[addr] && !bug_merge_invalid) mem[addr] <= '0;
      if (word_form) begin
        if (valid[addr] || bug_merge_invalid)
          mem[addr][32*xidx +: 32] <= (mem[addr][32*xidx +: 32] & ~xmask) | (xword & xmask);
        else
          mem[addr][32*xidx +: 32] <= xword & xmask;
      end else begin
        for (int k = 0; k < WORDS; k++)
          if (wen[k]) mem[addr][32*k +: 32] <= wrow[32*k +: 32];
      end
      valid[addr] <= 1'b1;
    end
    if (en && !we) rdata <= valid[addr] ? mem[addr] : '0;
  end

endmodule : attr_wram
