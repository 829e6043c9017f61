// SPDX-License-Identifier: Apache-2.0
// attr_mem: every memory of the attribute unit, as 32 banks of single-port
// SRAM (attr_ram), with the port multiplexing between the memory stage,
// the clear sequencer and the configuration port.
//
// Bank b holds, each as one attr_ram:
//   ISBE input space   ISBE_ROWS words: word w of the space (byte 4w) with
//   ISBE output space  w % 32 = b, at row w / 32 (the SKEW layout of R1 puts
//                      vertex v in bank v % 32; N20 region map)
//   write status in    64 words: vertex v (v % 32 = b), word i at row
//   write status out   (v / 32) * 8 + i; bit j = attribute 32i + j
//   HW values          48 words: kind k, vertex/primitive i (i % 32 = b) at
//                      row k * 8 + i / 32 (R2)
//   GS buffer          1024 words: lane b's buffer (N26)
//
// Ports, by priority: the clear sequencer zeroes row clear_row of every RAM;
// the memory stage (exec_sel) drives the banks it accesses; otherwise the
// configuration port reaches one word (docs/port-contract.md targets 1-6):
//   1 ISBE input space      byte a < 0x40A00: bank a[6:2], row a[18:7]
//   2 ISBE output space     the same; the input memory while sharing (N24)
//   3/4 write status in/out 32v + 4i: bank v % 32, row (v / 32) * 8 + i
//   5 HW values             1024k + 4i: bank i % 32, row k * 8 + i / 32
//   6 GS buffers            4096l + 4j: bank l, row j
// Out-of-range configuration addresses ignore writes and read 0. Read data
// (cfg_rdata) is valid the cycle after cfg_re.
module attr_mem
  import attr_pkg::*;
(
  input  logic           clk,
  input  logic           rst_n,
  // clear sequencer
  input  logic           clear_busy,
  input  logic [11:0]    clear_row,
  // memory stage
  input  logic           exec_sel,
  input  logic           x_mem_out,      // ISBE accesses use the output space's memory
  input  logic           x_st_out,       // write status of the output space
  input  logic           x_we,           // this beat writes (AST)
  input  logic [31:0]    x_isbe_en,
  input  logic [383:0]   x_isbe_row,     // bank b at [12b +: 12]
  input  logic [1023:0]  x_wdata,        // bank b at [32b +: 32] (ISBE or GS word)
  input  logic [31:0]    x_st_en,
  input  logic [191:0]   x_st_row,       // [6b +: 6]
  input  logic [159:0]   x_st_bit,       // [5b +: 5] bit set by a store
  input  logic [31:0]    x_hw_en,
  input  logic [191:0]   x_hw_row,       // [6b +: 6]
  input  logic [31:0]    x_gs_en,
  input  logic [319:0]   x_gs_row,       // [10b +: 10]
  output logic [1023:0]  isbe_rdata,     // bank b at [32b +: 32], the cycle after the read
  output logic [1023:0]  st_rdata,
  output logic [1023:0]  hw_rdata,
  // configuration port
  input  logic           shared,
  input  logic           cfg_we,
  input  logic           cfg_re,
  input  logic [31:0]    cfg_addr,
  input  logic [31:0]    cfg_wdata,
  output logic [31:0]    cfg_rdata
);

  // ---- Configuration address decode ------------------------------------------
  localparam logic [2:0] C_NONE = 3'd0;
  localparam logic [2:0] C_ISBE_IN = 3'd1;
  localparam logic [2:0] C_ISBE_OUT = 3'd2;
  localparam logic [2:0] C_ST_IN = 3'd3;
  localparam logic [2:0] C_ST_OUT = 3'd4;
  localparam logic [2:0] C_HW = 3'd5;
  localparam logic [2:0] C_GS = 3'd6;

  logic [3:0]  c_target;
  logic [27:0] c_a;
  logic [2:0]  c_ram;        // which memory the access names
  logic [4:0]  c_bank;
  logic [11:0] c_row;
  logic        c_acc;

  assign c_target = cfg_addr[31:28];
  assign c_a = cfg_addr[27:0];
  assign c_acc = cfg_we || cfg_re;

  logic t_isbe, t_status, t_hw, t_gs;
  assign t_isbe = (c_target == 4'h1 || c_target == 4'h2) && c_a < 28'h40A00;
  assign t_status = (c_target == 4'h3 || c_target == 4'h4) && c_a < 28'h2000;
  assign t_hw = c_target == 4'h5 && c_a < 28'h1800;
  assign t_gs = c_target == 4'h6 && c_a < 28'h20000;

  assign c_ram = t_isbe ? ((c_target == 4'h2 && !shared) ? C_ISBE_OUT : C_ISBE_IN)  // N24
               : t_status ? (c_target == 4'h3 ? C_ST_IN : C_ST_OUT)
               : t_hw ? C_HW
               : t_gs ? C_GS
                      : C_NONE;
  assign c_bank = t_status ? c_a[9:5] : t_gs ? c_a[16:12] : c_a[6:2];
  assign c_row = t_isbe ? c_a[18:7]
               : t_status ? {6'd0, c_a[12:10], c_a[4:2]}
               : t_hw ? {6'd0, c_a[12:10], c_a[9:7]}
                      : {2'd0, c_a[11:2]};

  // ---- Banks ---------------------------------------------------------------------
  logic [31:0] in_rdata [32], out_rdata [32], stin_rdata [32], stout_rdata [32];
  logic [31:0] hwr_rdata [32], gs_rdata [32];
  logic          clr_st, clr_hw, clr_gs;

  assign clr_st = clear_row < 12'(STATUS_ROWS);
  assign clr_hw = clear_row < 12'(HW_ROWS);
  assign clr_gs = clear_row < 12'(GS_ROWS);

  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    logic cfg_here;
    assign cfg_here = c_acc && c_bank == 5'(b);

    // One set of port signals per RAM: clear, else memory stage, else cfg.
    logic        in_en, out_en, sti_en, sto_en, hw_en, gs_en;
    logic        isbe_we, st_we, gs_we;
    logic [11:0] isbe_addr;
    logic [5:0]  st_addr, hw_addr;
    logic [9:0]  gs_addr;
    logic [31:0] isbe_wdata, gs_wdata, st_wmask, st_wdata, full_mask;

    assign full_mask = 32'hFFFF_FFFF;

    assign in_en = clear_busy ? 1'b1
                 : exec_sel ? x_isbe_en[b] && !x_mem_out
                 : cfg_here && c_ram == C_ISBE_IN;
    assign out_en = clear_busy ? 1'b1
                  : exec_sel ? x_isbe_en[b] && x_mem_out
                  : cfg_here && c_ram == C_ISBE_OUT;
    assign isbe_we = clear_busy || (exec_sel ? x_we : cfg_we);
    assign isbe_addr = clear_busy ? clear_row : exec_sel ? x_isbe_row[12*b +: 12] : c_row;
    assign isbe_wdata = clear_busy ? 32'd0 : exec_sel ? x_wdata[32*b +: 32] : cfg_wdata;

    assign sti_en = clear_busy ? clr_st
                  : exec_sel ? x_st_en[b] && !x_st_out
                  : cfg_here && c_ram == C_ST_IN;
    assign sto_en = clear_busy ? clr_st
                  : exec_sel ? x_st_en[b] && x_st_out
                  : cfg_here && c_ram == C_ST_OUT;
    assign st_we = isbe_we;
    assign st_addr = clear_busy ? clear_row[5:0] : exec_sel ? x_st_row[6*b +: 6] : c_row[5:0];
    // A store sets one write-status bit (the current stage wrote it).
    assign st_wmask = clear_busy ? full_mask
                    : exec_sel ? (32'd1 << x_st_bit[5*b +: 5]) : full_mask;
    assign st_wdata = clear_busy ? 32'd0 : exec_sel ? full_mask : cfg_wdata;

    assign hw_en = clear_busy ? clr_hw
                 : exec_sel ? x_hw_en[b]
                 : cfg_here && c_ram == C_HW;
    assign hw_addr = clear_busy ? clear_row[5:0] : exec_sel ? x_hw_row[6*b +: 6] : c_row[5:0];

    assign gs_en = clear_busy ? clr_gs
                 : exec_sel ? x_gs_en[b]
                 : cfg_here && c_ram == C_GS;
    assign gs_we = isbe_we;
    assign gs_addr = clear_busy ? clear_row[9:0] : exec_sel ? x_gs_row[10*b +: 10] : c_row[9:0];
    assign gs_wdata = isbe_wdata;

    attr_ram #(.DEPTH(ISBE_ROWS), .AW(12)) u_isbe_in (
      .clk(clk), .en(in_en), .we(isbe_we), .addr(isbe_addr), .wmask(full_mask),
      .wdata(isbe_wdata), .rdata(in_rdata[b]));
    attr_ram #(.DEPTH(ISBE_ROWS), .AW(12)) u_isbe_out (
      .clk(clk), .en(out_en), .we(isbe_we), .addr(isbe_addr), .wmask(full_mask),
      .wdata(isbe_wdata), .rdata(out_rdata[b]));
    attr_ram #(.DEPTH(STATUS_ROWS), .AW(6)) u_status_in (
      .clk(clk), .en(sti_en), .we(st_we), .addr(st_addr), .wmask(st_wmask),
      .wdata(st_wdata), .rdata(stin_rdata[b]));
    attr_ram #(.DEPTH(STATUS_ROWS), .AW(6)) u_status_out (
      .clk(clk), .en(sto_en), .we(st_we), .addr(st_addr), .wmask(st_wmask),
      .wdata(st_wdata), .rdata(stout_rdata[b]));
    // The memory stage only reads HW values; the cfg port and clear write.
    attr_ram #(.DEPTH(HW_ROWS), .AW(6)) u_hw (
      .clk(clk), .en(hw_en), .we(isbe_we && !exec_sel), .addr(hw_addr), .wmask(full_mask),
      .wdata(isbe_wdata), .rdata(hwr_rdata[b]));
    attr_ram #(.DEPTH(GS_ROWS), .AW(10)) u_gs (
      .clk(clk), .en(gs_en), .we(gs_we), .addr(gs_addr), .wmask(full_mask),
      .wdata(gs_wdata), .rdata(gs_rdata[b]));
  end

  // ---- Read data ---------------------------------------------------------------------
  // Memory stage: the space selects of the beat, registered with the read.
  logic x_mem_out_q, x_st_out_q;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      x_mem_out_q <= 1'b0;
      x_st_out_q <= 1'b0;
    end else if (exec_sel) begin
      x_mem_out_q <= x_mem_out;
      x_st_out_q <= x_st_out;
    end
  end

  for (genvar b = 0; b < BANKS; b++) begin : g_rdata
    assign isbe_rdata[32*b +: 32] = x_mem_out_q ? out_rdata[b] : in_rdata[b];
    assign st_rdata[32*b +: 32] = x_st_out_q ? stout_rdata[b] : stin_rdata[b];
    assign hw_rdata[32*b +: 32] = hwr_rdata[b];
  end

  // Configuration port: which RAM and bank the read named.
  logic [2:0] c_ram_q;
  logic [4:0] c_bank_q;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      c_ram_q <= C_NONE;
      c_bank_q <= 5'd0;
    end else if (cfg_re) begin
      c_ram_q <= c_ram;
      c_bank_q <= c_bank;
    end
  end

  always_comb begin
    case (c_ram_q)
      C_ISBE_IN:  cfg_rdata = in_rdata[c_bank_q];
      C_ISBE_OUT: cfg_rdata = out_rdata[c_bank_q];
      C_ST_IN:    cfg_rdata = stin_rdata[c_bank_q];
      C_ST_OUT:   cfg_rdata = stout_rdata[c_bank_q];
      C_HW:       cfg_rdata = hwr_rdata[c_bank_q];
      C_GS:       cfg_rdata = gs_rdata[c_bank_q];
      default:    cfg_rdata = 32'd0;
    endcase
  end

endmodule : attr_mem
