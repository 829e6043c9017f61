// SPDX-License-Identifier: Apache-2.0
// pix_cfg_regs: the pixel unit's configuration registers and their
// load / read-back port (docs/port-contract.md, "Pixel unit").
//
//   target cfg_addr[31:28] = 0 (registers), byte address:
//     0x00        stage: 0 VSA .. 5 PS
//     0x04        raster sample count: 1, 2, 4, 8 or 16
//     0x08        sample positions: 0 standard, 1 programmable
//     0x0C        SSAA mode: 0 off, 1 on
//     0x10        .OFFSET / .CENTROID_OFFSET word format: 0 sixteenths
//                 (PIXLD.txt), 1 S0.12 (sixteenths << 8), N350
//     0x14        standard sample order: 0 D3D (DESIGN §7.4), 1 NVIDIA, N351
//     0x40 + 4*i  programmable position of sample i: x [3:0], y [7:4]
//
// A write of a value the register cannot hold (stage above 5, a sample
// count that is not a power of two up to 16, a mode, format or order above
// 1, a table entry above 8 bits) is ignored and the register keeps its
// value (N123: the port contract's "ignored", which the co-simulation's
// illegal writes check, N290). Other targets, blocks and the words
// 0x18..0x3C ignore writes and read 0.
//
// Version-2 port (docs/port-contract.md, N120-N122): every register lives in
// the 128-byte block 0 of target 0, word k of a burst at byte address 4k,
// so a burst writes or reads any set of them in one cycle; cfg_ready is
// always high and a read is answered the cycle after it transfers.
//
// Reset (rst_n low, synchronous) gives the power-on configuration: stage
// VSA, 1 sample, standard positions, table all (0, 0), SSAA off, offsets
// in sixteenths, D3D order.
//
// Defect 18 (bug_table_busy_stuck, pix_bugs.md): a table write sets
// `table_busy`, as a RAM with a multi-cycle write would, and nothing clears
// it: cfg_ready and idle stay low until reset, so the load hangs.
module pix_cfg_regs (
  input  logic          clk,
  input  logic          rst_n,
  input  logic          cfg_valid,
  output logic          cfg_ready,
  input  logic          cfg_write,
  input  logic [31:0]   cfg_addr,
  input  logic [31:0]   cfg_mask,
  input  logic [1023:0] cfg_wdata,
  output logic          cfg_rvalid,
  output logic [1023:0] cfg_rdata,
  output logic [2:0]    stage,
  output logic [2:0]    count_log2,    // sample count = 1 << count_log2
  output logic          programmable,
  output logic          ssaa,
  output logic          offset_s012,   // 0x10: offsets in S0.12
  output logic          order_nvidia,  // 0x14: NVIDIA standard order
  output logic [127:0]  prog_table,    // entry i at [8*i +: 8]
  output logic          table_busy,    // defect 18 only; 0 otherwise
  input  logic          bug_table_busy_stuck,
  input  logic          bug_rvalid_on_write    // defect 22
);

  // Words of block 0.
  localparam int WORD_STAGE = 0;      // byte 0x00
  localparam int WORD_SAMPLES = 1;    // byte 0x04
  localparam int WORD_POSITIONS = 2;  // byte 0x08
  localparam int WORD_SSAA = 3;       // byte 0x0C
  localparam int WORD_FORMAT = 4;     // byte 0x10
  localparam int WORD_ORDER = 5;      // byte 0x14
  localparam int WORD_TABLE = 16;     // bytes 0x40..0x7F: entry i at word 16 + i

  logic block0, unused_addr_bits;
  assign block0 = cfg_addr[31:7] == 25'd0;  // target 0, block 0
  assign unused_addr_bits = ^cfg_addr[6:0];  // a block's address has them 0
  assign cfg_ready = !table_busy;

  logic [31:0] w_stage, w_samples, w_positions, w_ssaa, w_format, w_order;
  assign w_stage = cfg_wdata[32*WORD_STAGE +: 32];
  assign w_samples = cfg_wdata[32*WORD_SAMPLES +: 32];
  assign w_positions = cfg_wdata[32*WORD_POSITIONS +: 32];
  assign w_ssaa = cfg_wdata[32*WORD_SSAA +: 32];
  assign w_format = cfg_wdata[32*WORD_FORMAT +: 32];
  assign w_order = cfg_wdata[32*WORD_ORDER +: 32];

  // Sample count to log2; anything else is refused.
  logic       samples_ok;
  logic [2:0] samples_log2;
  always @* begin
    samples_ok = 1'b1;
    case (w_samples)
      32'd1:   samples_log2 = 3'd0;
      32'd2:   samples_log2 = 3'd1;
      32'd4:   samples_log2 = 3'd2;
      32'd8:   samples_log2 = 3'd3;
      32'd16:  samples_log2 = 3'd4;
      default: begin samples_log2 = 3'd0; samples_ok = 1'b0; end
    endcase
  end

  logic wr, rd;
  assign wr = cfg_valid && cfg_write && block0;
  assign rd = cfg_valid && !cfg_write;

  always_ff @(posedge clk) begin
    if (!rst_n) table_busy <= 1'b0;
    else if (bug_table_busy_stuck && wr && cfg_mask[WORD_TABLE +: 16] != 16'd0) table_busy <= 1'b1;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      stage <= 3'd0;
      count_log2 <= 3'd0;
      programmable <= 1'b0;
      ssaa <= 1'b0;
      offset_s012 <= 1'b0;
      order_nvidia <= 1'b0;
      prog_table <= '0;
    end else if (wr) begin
      if (cfg_mask[WORD_STAGE] && w_stage <= 32'd5) stage <= w_stage[2:0];
      if (cfg_mask[WORD_SAMPLES] && samples_ok) count_log2 <= samples_log2;
      if (cfg_mask[WORD_POSITIONS] && w_positions <= 32'd1) programmable <= w_positions[0];
      if (cfg_mask[WORD_SSAA] && w_ssaa <= 32'd1) ssaa <= w_ssaa[0];
      if (cfg_mask[WORD_FORMAT] && w_format <= 32'd1) offset_s012 <= w_format[0];
      if (cfg_mask[WORD_ORDER] && w_order <= 32'd1) order_nvidia <= w_order[0];
      for (int i = 0; i < 16; i++)
        if (cfg_mask[WORD_TABLE + i] && cfg_wdata[32*(WORD_TABLE + i) + 8 +: 24] == 24'd0)
          prog_table[8*i +: 8] <= cfg_wdata[32*(WORD_TABLE + i) +: 8];
    end
  end

  // Read-back: block 0 as it reads, registered; other blocks read 0.
  logic [1023:0] block_image;
  logic [4:0]    count;
  assign count = 5'd1 << count_log2;

  always @* begin
    block_image = '0;
    block_image[32*WORD_STAGE +: 32] = {29'd0, stage};
    block_image[32*WORD_SAMPLES +: 32] = {27'd0, count};
    block_image[32*WORD_POSITIONS +: 32] = {31'd0, programmable};
    block_image[32*WORD_SSAA +: 32] = {31'd0, ssaa};
    block_image[32*WORD_FORMAT +: 32] = {31'd0, offset_s012};
    block_image[32*WORD_ORDER +: 32] = {31'd0, order_nvidia};
    for (int i = 0; i < 16; i++) block_image[32*(WORD_TABLE + i) +: 32] = {24'd0, prog_table[8*i +: 8]};
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      cfg_rvalid <= 1'b0;
    end else begin
      // Defect 22 (bug_rvalid_on_write, pix_bugs.md): a write burst is
      // answered like a read, a cfg_rvalid pulse nobody asked for.
      cfg_rvalid <= rd || (bug_rvalid_on_write && cfg_valid && cfg_write);
      if (rd) cfg_rdata <= block0 ? block_image : '0;
    end
  end

endmodule : pix_cfg_regs
