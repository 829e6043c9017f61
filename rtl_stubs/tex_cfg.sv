// SPDX-License-Identifier: Apache-2.0
// tex_cfg: configuration registers and the constant bank of the texture
// unit, behind the configuration port (docs/port-contract.md, "Texture
// unit"):
//
//   target 0 registers   0x000 stage (kept for uniformity: TLDS has no stage rule)
//                        0x004 constant bank select (for the record: the unit
//                              holds only the selected bank)
//                        0x008 header pool base [31:0]   0x00C base [47:32] (N60)
//                        0x010 MaximumIndex of the header pool (R18)
//                        0x014 FP16 rounding of .F16: 0 nearest even, 1 toward zero (R22)
//   target 1 constant bank, word i (0..8191) at byte 4i: samplerPtr[31:20] | headerPtr[19:0]
//
// The constant bank is one 8192 x 32 single-port RAM with a registered read.
// The testbench uses the configuration port only while the unit is idle, so
// the port simply has priority over the header stage's read (cb_re). Read
// data (cfg_rdata) is valid the cycle after cfg_re; other addresses read 0
// and ignore writes. Power-on values (N60): base 0, MaximumIndex 0, nearest
// even; the bank is not cleared (the testbench writes all of it).
module tex_cfg (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        cfg_we,
  input  logic        cfg_re,
  input  logic [31:0] cfg_addr,
  input  logic [31:0] cfg_wdata,
  output logic [31:0] cfg_rdata,
  // constant-bank read of the header stage, data the next cycle
  input  logic        cb_re,
  input  logic [12:0] cb_addr,
  output logic [31:0] cb_rdata,
  // registers
  output logic [47:0] pool_base,
  output logic [31:0] max_index,
  output logic        round_rz
);

  logic [2:0]  stage;      // read back only
  logic [4:0]  bank_sel;   // read back only
  logic [31:0] ram [8192];
  logic [31:0] ram_q, reg_q;
  logic        read_ram_q;

  logic t_reg, t_bank, bank_in_range;
  assign t_reg = cfg_addr[31:28] == 4'h0;
  assign t_bank = cfg_addr[31:28] == 4'h1;
  assign bank_in_range = cfg_addr[27:15] == 13'd0;  // 8192 words

  // The byte address is word aligned; bits [1:0] are ignored.
  logic unused_addr;
  assign unused_addr = ^cfg_addr[1:0];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      stage <= 3'd0;
      bank_sel <= 5'd0;
      pool_base <= 48'd0;
      max_index <= 32'd0;
      round_rz <= 1'b0;
    end else if (cfg_we && t_reg) begin
      case (cfg_addr[27:2])
        26'h0: stage <= cfg_wdata[2:0];
        26'h1: bank_sel <= cfg_wdata[4:0];
        26'h2: pool_base[31:0] <= cfg_wdata;
        26'h3: pool_base[47:32] <= cfg_wdata[15:0];
        26'h4: max_index <= cfg_wdata;
        26'h5: round_rz <= cfg_wdata[0];
        default: ;
      endcase
    end
  end

  // Register read-back.
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      reg_q <= 32'd0;
      read_ram_q <= 1'b0;
    end else if (cfg_re) begin
      read_ram_q <= t_bank;
      if (!t_reg) reg_q <= 32'd0;
      else
        case (cfg_addr[27:2])
          26'h0: reg_q <= {29'd0, stage};
          26'h1: reg_q <= {27'd0, bank_sel};
          26'h2: reg_q <= pool_base[31:0];
          26'h3: reg_q <= {16'd0, pool_base[47:32]};
          26'h4: reg_q <= max_index;
          26'h5: reg_q <= {31'd0, round_rz};
          default: reg_q <= 32'd0;
        endcase
    end
  end

  // Constant bank RAM: the configuration port wins (used only while idle).
  logic        ram_cfg;
  logic [12:0] ram_addr;
  assign ram_cfg = (cfg_we || cfg_re) && t_bank && bank_in_range;
  assign ram_addr = ram_cfg ? cfg_addr[14:2] : cb_addr;

  always_ff @(posedge clk) begin
    if (ram_cfg && cfg_we) ram[ram_addr] <= cfg_wdata;
    if ((ram_cfg && cfg_re) || (!ram_cfg && cb_re)) ram_q <= ram[ram_addr];
    else if (cfg_re) ram_q <= 32'd0;   // out-of-range bank address reads 0
  end

  assign cb_rdata = ram_q;
  assign cfg_rdata = read_ram_q ? ram_q : reg_q;

endmodule : tex_cfg
