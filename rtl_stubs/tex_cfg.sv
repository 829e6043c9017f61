// SPDX-License-Identifier: Apache-2.0
// tex_cfg: configuration registers and the constant bank of the texture
// unit, behind the version-2 configuration port (docs/port-contract.md,
// "Configuration port (version 2)", N120-N123, and "Texture unit"):
//
//   target 0 registers   0x000 stage (kept for uniformity: TLDS has no stage rule)
//                        0x004 constant bank select (for the record: the unit
//                              holds only the selected bank)
//                        0x008 header pool base [31:0]   0x00C base [47:32] (N60)
//                        0x010 MaximumIndex of the header pool (R18)
//                        0x014 FP16 rounding of .F16: 0 nearest even, 1 toward zero (R22)
//   target 1 constant bank, word i (0..8191) at byte 4i: samplerPtr[31:20] | headerPtr[19:0]
//
// A burst names one 128-byte block (N120). The registers all live in block
// 0 of target 0; the constant bank is a RAM of 256 rows of 32 words (row r
// = block r, word k of the row at byte 128r + 4k) with a write enable per
// word, so every burst, write or read, takes one cycle and cfg_ready is
// always high (N121). A read burst is answered the next cycle (N122): the
// RAM's registered row read is cfg_rdata itself. The same row read serves
// the header stage (cb_re): it reads the row of #tsPtrIdxU13 and a 32-bit
// multiplexer selects the word (cb_rdata, valid the cycle after cb_re).
// The testbench uses the port only while the unit is idle (N123), so the
// port simply has priority over the header stage's read. Writes to other
// blocks or addresses are ignored, reads of them return 0 (N123); so is a
// write of a value a register cannot hold (stage above 5, bank select above
// 17, a pool base not a multiple of 32 or not below 2^48, a rounding mode
// above 1): the register keeps its value, as the model refuses it (N123,
// N290). Power-on values (N60): base 0,
// MaximumIndex 0, nearest even; the bank is not cleared (the testbench
// writes all of it).
//
// Defects (tex_bugs.md): bug_row_shift (77) takes the bank row of a write
// burst from cfg_addr[13:6] instead of [14:7]; bug_read_reversed (78) wires
// the row read-out word-reversed (word k of the row register holds word
// 31 - k), which the header stage's word select shares; bug_keeps_low_bits (88)
// lets a register write of a value it cannot hold keep the value's low
// bits instead of ignoring it (version 1's stand-in did);
// bug_high_under_low_mask (89) writes the pool base's high word under the
// low word's mask bit as well as its own.
module tex_cfg (
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
  input  logic          bug_row_shift,
  input  logic          bug_read_reversed,
  input  logic          bug_keeps_low_bits,
  input  logic          bug_high_under_low_mask,
  // constant-bank read of the header stage, data the next cycle
  input  logic          cb_re,
  input  logic [12:0]   cb_addr,
  output logic [31:0]   cb_rdata,
  // registers
  output logic [47:0]   pool_base,
  output logic [31:0]   max_index,
  output logic          round_rz
);

  logic [2:0]  stage;      // read back only
  logic [4:0]  bank_sel;   // read back only
  logic [31:0] ram [8192]; // row r, word k at index 32r + k

  logic fire, t_reg, t_bank;
  assign cfg_ready = 1'b1;
  assign fire = cfg_valid && cfg_ready;
  // Registers: target 0, block 0 only. Bank: target 1, byte address < 32 KiB.
  assign t_reg = cfg_addr[31:28] == 4'h0 && cfg_addr[27:7] == 21'd0;
  assign t_bank = cfg_addr[31:28] == 4'h1 && cfg_addr[27:15] == 13'd0;

  // A block address has [6:0] = 0 (N120); the defect reads one bit too low.
  logic [7:0] wr_row;
  assign wr_row = bug_row_shift ? cfg_addr[13:6] : cfg_addr[14:7];
  logic unused_addr;
  assign unused_addr = ^cfg_addr[5:0];

  // ---- Registers ---------------------------------------------------------------------------
  // Which words hold a value their register can (N123); MaximumIndex takes
  // any word. The defect takes every value, keeping its low bits.
  logic ok_stage, ok_bank, ok_base_lo, ok_base_hi, ok_round;
  assign ok_stage = bug_keeps_low_bits || cfg_wdata[31:0] <= 32'd5;
  assign ok_bank = bug_keeps_low_bits || cfg_wdata[63:32] <= 32'd17;
  assign ok_base_lo = bug_keeps_low_bits || cfg_wdata[68:64] == 5'd0;    // 32-byte headers (N60)
  assign ok_base_hi = bug_keeps_low_bits || cfg_wdata[127:112] == 16'd0;  // below 2^48
  assign ok_round = bug_keeps_low_bits || cfg_wdata[191:161] == 31'd0;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      stage <= 3'd0;
      bank_sel <= 5'd0;
      pool_base <= 48'd0;
      max_index <= 32'd0;
      round_rz <= 1'b0;
    end else if (fire && cfg_write && t_reg) begin
      if (cfg_mask[0] && ok_stage) stage <= cfg_wdata[2:0];
      if (cfg_mask[1] && ok_bank) bank_sel <= cfg_wdata[36:32];
      if (cfg_mask[2] && ok_base_lo) pool_base[31:0] <= cfg_wdata[95:64];
      if (cfg_mask[3] && ok_base_hi) pool_base[47:32] <= cfg_wdata[111:96];
      if (bug_high_under_low_mask && cfg_mask[2] && !cfg_mask[3] && ok_base_hi)
        pool_base[47:32] <= cfg_wdata[111:96];
      if (cfg_mask[4]) max_index <= cfg_wdata[159:128];
      if (cfg_mask[5] && ok_round) round_rz <= cfg_wdata[160];
    end
  end

  // ---- Constant bank: one row per burst -----------------------------------------------------
  always_ff @(posedge clk) begin
    if (fire && cfg_write && t_bank)
      for (int k = 0; k < 32; k++)
        if (cfg_mask[k]) ram[{wr_row, 5'(k)}] <= cfg_wdata[32*k +: 32];
  end

  // Row read (header stage or read burst) and read-burst answer. The row
  // register is cfg_rdata: it changes only on a read, so it costs nothing
  // while the unit runs.
  logic       rd_bank, rd_cb;
  logic [7:0] rd_row;
  logic [4:0] cb_word;
  assign rd_bank = fire && !cfg_write && t_bank;
  assign rd_cb = !(fire && t_bank) && cb_re;
  assign rd_row = rd_bank ? cfg_addr[14:7] : cb_addr[12:5];

  always_ff @(posedge clk) begin
    if (!rst_n) cfg_rvalid <= 1'b0;
    else cfg_rvalid <= fire && !cfg_write;   // N122: one pulse per read burst
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      cfg_rdata <= '0;
      cb_word <= 5'd0;
    end else if (rd_bank || rd_cb) begin
      for (int k = 0; k < 32; k++)
        cfg_rdata[32*k +: 32] <= ram[{rd_row, bug_read_reversed ? 5'(31 - k) : 5'(k)}];
      cb_word <= cb_addr[4:0];
    end else if (fire && !cfg_write) begin
      cfg_rdata <= '0;                       // N123: other targets read 0
      if (t_reg) begin
        cfg_rdata[2:0] <= stage;
        cfg_rdata[36:32] <= bank_sel;
        cfg_rdata[95:64] <= pool_base[31:0];
        cfg_rdata[111:96] <= pool_base[47:32];
        cfg_rdata[159:128] <= max_index;
        cfg_rdata[160] <= round_rz;
      end
    end
  end

  assign cb_rdata = cfg_rdata[32*cb_word +: 32];

endmodule : tex_cfg
