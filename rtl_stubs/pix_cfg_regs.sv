// SPDX-License-Identifier: Apache-2.0
// pix_cfg_regs: the pixel unit's configuration registers and their
// load / read-back port (docs/port-contract.md, "Pixel unit").
//
//   target cfg_addr[31:28] = 0 (registers), byte address cfg_addr[27:0]:
//     0x00        stage: 0 VSA .. 5 PS
//     0x04        raster sample count: 1, 2, 4, 8 or 16
//     0x08        sample positions: 0 standard, 1 programmable
//     0x0C        SSAA mode: 0 off, 1 on
//     0x40 + 4*i  programmable position of sample i: x [3:0], y [7:4]
//
// A write of a value the register cannot hold (stage above 5, a sample
// count that is not a power of two up to 16, a mode above 1) is ignored and
// the register keeps its value, as the model refuses such a setting. Table
// entries keep wdata[7:0]. Other targets and addresses ignore writes and
// read 0; address bits [1:0] are not decoded (every access is one word).
// A read returns the register in cfg_rdata on the cycle after cfg_re.
//
// Reset (rst_n low, synchronous) gives the power-on configuration: stage
// VSA, 1 sample, standard positions, table all (0, 0), SSAA off.
module pix_cfg_regs (
  input  logic         clk,
  input  logic         rst_n,
  input  logic         cfg_we,
  input  logic         cfg_re,
  input  logic [31:0]  cfg_addr,
  input  logic [31:0]  cfg_wdata,
  output logic [31:0]  cfg_rdata,
  output logic [2:0]   stage,
  output logic [2:0]   count_log2,    // sample count = 1 << count_log2
  output logic         programmable,
  output logic         ssaa,
  output logic [127:0] prog_table     // entry i at [8*i +: 8]
);

  localparam logic [25:0] WORD_STAGE = 26'h0;      // byte 0x00
  localparam logic [25:0] WORD_SAMPLES = 26'h1;    // byte 0x04
  localparam logic [25:0] WORD_POSITIONS = 26'h2;  // byte 0x08
  localparam logic [25:0] WORD_SSAA = 26'h3;       // byte 0x0C
  localparam logic [21:0] TABLE_BLOCK = 22'h1;     // bytes 0x40..0x7F

  logic        target_regs, unused_byte_bits;
  logic [25:0] word;         // word address inside the target
  logic        in_table;
  logic [3:0]  table_entry;  // sample number of a table access
  logic        samples_ok;
  logic [2:0]  samples_log2;

  assign target_regs = cfg_addr[31:28] == 4'h0;
  assign word = cfg_addr[27:2];
  assign unused_byte_bits = ^cfg_addr[1:0];  // word accesses only
  assign in_table = word[25:4] == TABLE_BLOCK;
  assign table_entry = word[3:0];

  // Sample count to log2; anything else is refused.
  always_comb begin
    samples_ok = 1'b1;
    case (cfg_wdata)
      32'd1:   samples_log2 = 3'd0;
      32'd2:   samples_log2 = 3'd1;
      32'd4:   samples_log2 = 3'd2;
      32'd8:   samples_log2 = 3'd3;
      32'd16:  samples_log2 = 3'd4;
      default: begin samples_log2 = 3'd0; samples_ok = 1'b0; end
    endcase
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      stage <= 3'd0;
      count_log2 <= 3'd0;
      programmable <= 1'b0;
      ssaa <= 1'b0;
      prog_table <= '0;
    end else if (cfg_we && target_regs) begin
      if (word == WORD_STAGE && cfg_wdata <= 32'd5) stage <= cfg_wdata[2:0];
      if (word == WORD_SAMPLES && samples_ok) count_log2 <= samples_log2;
      if (word == WORD_POSITIONS && cfg_wdata <= 32'd1) programmable <= cfg_wdata[0];
      if (word == WORD_SSAA && cfg_wdata <= 32'd1) ssaa <= cfg_wdata[0];
      if (in_table) prog_table[8*table_entry +: 8] <= cfg_wdata[7:0];
    end
  end

  // Read-back, registered.
  logic [31:0] read_value;
  logic [4:0]  count;

  assign count = 5'd1 << count_log2;

  always_comb begin
    read_value = 32'd0;
    if (target_regs) begin
      if (word == WORD_STAGE) read_value = {29'd0, stage};
      if (word == WORD_SAMPLES) read_value = {27'd0, count};
      if (word == WORD_POSITIONS) read_value = {31'd0, programmable};
      if (word == WORD_SSAA) read_value = {31'd0, ssaa};
      if (in_table) read_value = {24'd0, prog_table[8*table_entry +: 8]};
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) cfg_rdata <= 32'd0;
    else if (cfg_re) cfg_rdata <= read_value;
  end

endmodule : pix_cfg_regs
