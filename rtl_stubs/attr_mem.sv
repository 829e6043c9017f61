// SPDX-License-Identifier: Apache-2.0
// attr_mem: every memory of the attribute unit, as 32 banks of single-port
// SRAM (attr_ram), with the port multiplexing between the memory stage
// and the configuration port, and the flash clear.
//
// Bank b holds, each as one attr_ram:
//   ISBE input space   ISBE_ROWS x 32 bits: word w of the space (byte 4w)
//   ISBE output space  with w % 32 = b, at row w / 32 (the SKEW layout of
//                      R1 puts vertex v in bank v % 32; N20 region map)
//   write status in    8 x 256 bits: vertex v (v % 32 = b), row v / 32,
//   write status out   status word i at bits [32i +: 32], bit j of it =
//                      attribute 32i + j
//   HW values          48 x 32 bits: kind k, vertex/primitive i
//                      (i % 32 = b) at row k * 8 + i / 32 (R2)
//   GS buffer          32 x 1024 bits: lane b's buffer (N26), word j at
//                      row j / 32, bits [32(j % 32) +: 32]
// The row widths make every 128-byte block of the configuration map one
// row of one or more banks, so a burst (N120) takes one cycle for every
// target:
//   1 ISBE input space      block a[18:7] = row of all 32 banks, word k in bank k
//   2 ISBE output space     the same; the input memory while sharing (N24)
//   3/4 write status in/out 32v + 4i: the block holds vertices v0..v0+3
//                           (v0 = a[12:5], a multiple of 4): banks v % 32,
//                           row v0 / 32, word k = 8(v - v0) + i
//   5 HW values             1024k + 4i: block = 32 consecutive i of kind k,
//                           word k in bank k, row k * 8 + a[9:7]
//   6 GS buffers            4096l + 4j: bank l, row a[11:7], the whole row
// Out-of-range blocks (past a target's table, HW kinds 6 and 7) ignore
// writes and read 0 (N123).
//
// Ports: while the memory stage holds an instruction (exec_sel) it owns
// every bank (the configuration port is not ready then); otherwise a
// configuration burst drives the banks its block names. The clear
// command (clear, one cycle) flash-clears every RAM's valid bits.
// Reads: the RAM output registers hold the rows the cycle after the
// access; a configuration read is answered from them (cfg_rdata, valid
// with the unit's cfg_rvalid).
module attr_mem
  import attr_pkg::*;
(
  input  logic           clk,
  input  logic           rst_n,
  input  logic           clear,          // flash clear, one cycle
  // memory stage
  input  logic           exec_sel,
  input  logic           x_mem_out,      // ISBE accesses use the output space's memory
  input  logic           x_st_out,       // write status of the output space
  input  logic           x_we,           // this beat writes (AST)
  input  logic [31:0]    x_isbe_en,
  input  logic [383:0]   x_isbe_row,     // bank b at [12b +: 12]
  input  logic [1023:0]  x_wdata,        // bank b at [32b +: 32] (ISBE or GS word)
  input  logic [31:0]    x_st_en,
  input  logic [191:0]   x_st_row,       // [6b +: 6]: vertex group, status word
  input  logic [159:0]   x_st_bit,       // [5b +: 5] bit set by a store
  input  logic [31:0]    x_hw_en,
  input  logic [191:0]   x_hw_row,       // [6b +: 6]
  input  logic [31:0]    x_gs_en,
  input  logic [319:0]   x_gs_row,       // [10b +: 10]: buffer word
  output logic [1023:0]  isbe_rdata,     // bank b at [32b +: 32], the cycle after the read
  output logic [1023:0]  st_rdata,       // the status word the beat named
  output logic [1023:0]  hw_rdata,
  // configuration port (one burst, already accepted: cfg_fire)
  input  logic           shared,
  input  logic           cfg_fire,
  input  logic           cfg_write,
  input  logic [31:0]    cfg_addr,
  input  logic [31:0]    cfg_mask,
  input  logic [1023:0]  cfg_wdata,
  output logic [1023:0]  cfg_rdata,      // the last read burst's block, word k at [32k +: 32]
  // injected defects
  input  logic           bug_burst_last_word_dropped,
  input  logic           bug_burst_read_row_behind,
  input  logic           bug_clear_misses_status_out,
  input  logic           bug_status_invalid_row_merge
);

  // ---- Configuration block decode ----------------------------------------------
  localparam logic [2:0] C_NONE = 3'd0;
  localparam logic [2:0] C_ISBE_IN = 3'd1;
  localparam logic [2:0] C_ISBE_OUT = 3'd2;
  localparam logic [2:0] C_ST_IN = 3'd3;
  localparam logic [2:0] C_ST_OUT = 3'd4;
  localparam logic [2:0] C_HW = 3'd5;
  localparam logic [2:0] C_GS = 3'd6;

  logic [3:0]  c_target;
  logic [27:0] c_a;
  logic [2:0]  c_ram;        // which memory the block names
  logic [11:0] c_isbe_row;
  logic [31:0] c_mask;

  assign c_target = cfg_addr[31:28];
  assign c_a = cfg_addr[27:0];

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
  // Defect attr_burst_read_row_behind: reads address the row below the block.
  assign c_isbe_row = (bug_burst_read_row_behind && !cfg_write) ? c_a[18:7] - 12'd1 : c_a[18:7];
  // Defect attr_burst_last_word_dropped: an ISBE burst write loses word 31
  // (the mask is taken as 31 bits wide).
  assign c_mask = (bug_burst_last_word_dropped && t_isbe && cfg_write) ? {1'b0, cfg_mask[30:0]}
                                                                       : cfg_mask;

  // ---- Banks ---------------------------------------------------------------------
  logic [31:0]   in_rdata [32], out_rdata [32], hwr_rdata [32];
  logic [255:0]  stin_rdata [32], stout_rdata [32];
  logic [1023:0] gs_rdata [32];

  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    // Configuration: does the block name this bank, and with which words?
    // Status block: vertices v0..v0+3 in banks v0 % 32 .. +3; this bank
    // holds vertex v0 + b % 4 when b / 4 matches.
    logic c_isbe, c_st, c_hw, c_gs;

    assign c_isbe = cfg_fire && t_isbe && (c_mask[b] || !cfg_write);
    assign c_st = cfg_fire && t_status && c_a[9:7] == 3'(b / 4);
    assign c_hw = cfg_fire && t_hw && (c_mask[b] || !cfg_write);
    assign c_gs = cfg_fire && t_gs && c_a[16:12] == 5'(b);

    // One set of port signals per RAM: memory stage, else configuration.
    logic        in_en, out_en, sti_en, sto_en, hw_en, gs_en, we;
    logic [11:0] isbe_addr;
    logic [2:0]  st_addr;
    logic [5:0]  hw_addr;
    logic [4:0]  gs_addr;
    logic [31:0] isbe_wdata;

    assign we = exec_sel ? x_we : cfg_write;
    assign in_en = exec_sel ? x_isbe_en[b] && !x_mem_out : c_isbe && c_ram == C_ISBE_IN;
    assign out_en = exec_sel ? x_isbe_en[b] && x_mem_out : c_isbe && c_ram == C_ISBE_OUT;
    assign isbe_addr = exec_sel ? x_isbe_row[12*b +: 12] : c_isbe_row;
    assign isbe_wdata = exec_sel ? x_wdata[32*b +: 32] : cfg_wdata[32*b +: 32];

    assign sti_en = exec_sel ? x_st_en[b] && !x_st_out : c_st && c_ram == C_ST_IN;
    assign sto_en = exec_sel ? x_st_en[b] && x_st_out : c_st && c_ram == C_ST_OUT;
    assign st_addr = exec_sel ? x_st_row[6*b + 3 +: 3] : c_a[12:10];

    assign hw_en = exec_sel ? x_hw_en[b] : c_hw;
    assign hw_addr = exec_sel ? x_hw_row[6*b +: 6] : {c_a[12:10], c_a[9:7]};

    assign gs_en = exec_sel ? x_gs_en[b] : c_gs;
    assign gs_addr = exec_sel ? x_gs_row[10*b + 5 +: 5] : c_a[11:7];

    attr_ram #(.DEPTH(ISBE_ROWS), .AW(12)) u_isbe_in (
      .clk(clk), .clr(clear), .en(in_en), .we(we), .addr(isbe_addr), .wdata(isbe_wdata),
      .rdata(in_rdata[b]));
    attr_ram #(.DEPTH(ISBE_ROWS), .AW(12)) u_isbe_out (
      .clk(clk), .clr(clear), .en(out_en), .we(we), .addr(isbe_addr), .wdata(isbe_wdata),
      .rdata(out_rdata[b]));
    // A store sets one write-status bit (the current stage wrote it): word
    // attr / 32, bit attr % 32. A burst writes the bank's vertex's 8 words.
    attr_wram #(.DEPTH(STATUS_ROWS), .AW(3), .WORDS(8), .XW(3)) u_status_in (
      .clk(clk), .clr(clear), .clr_keep(1'b0), .en(sti_en), .we(we), .addr(st_addr),
      .word_form(exec_sel), .wen(c_mask[8*(b % 4) +: 8]), .wrow(cfg_wdata[256*(b % 4) +: 256]),
      .xidx(x_st_row[6*b +: 3]), .xword(32'hFFFF_FFFF), .xmask(32'd1 << x_st_bit[5*b +: 5]),
      .bug_merge_invalid(bug_status_invalid_row_merge), .rdata(stin_rdata[b]));
    attr_wram #(.DEPTH(STATUS_ROWS), .AW(3), .WORDS(8), .XW(3)) u_status_out (
      .clk(clk), .clr(clear), .clr_keep(bug_clear_misses_status_out), .en(sto_en), .we(we),
      .addr(st_addr), .word_form(exec_sel), .wen(c_mask[8*(b % 4) +: 8]),
      .wrow(cfg_wdata[256*(b % 4) +: 256]), .xidx(x_st_row[6*b +: 3]), .xword(32'hFFFF_FFFF),
      .xmask(32'd1 << x_st_bit[5*b +: 5]), .bug_merge_invalid(bug_status_invalid_row_merge),
      .rdata(stout_rdata[b]));
    // The memory stage only reads HW values; the cfg port writes them.
    attr_ram #(.DEPTH(HW_ROWS), .AW(6)) u_hw (
      .clk(clk), .clr(clear), .en(hw_en), .we(we && !exec_sel), .addr(hw_addr),
      .wdata(isbe_wdata), .rdata(hwr_rdata[b]));
    // A GS store writes word j % 32 of row j / 32; a burst the masked words.
    attr_wram #(.DEPTH(GS_ROWS), .AW(5), .WORDS(32), .XW(5)) u_gs (
      .clk(clk), .clr(clear), .clr_keep(1'b0), .en(gs_en), .we(we), .addr(gs_addr),
      .word_form(exec_sel), .wen(c_mask), .wrow(cfg_wdata), .xidx(x_gs_row[10*b +: 5]),
      .xword(x_wdata[32*b +: 32]), .xmask(32'hFFFF_FFFF), .bug_merge_invalid(1'b0),
      .rdata(gs_rdata[b]));
  end

  // ---- Memory-stage read data ----------------------------------------------------------
  // The space selects and status words of the beat, registered with the read.
  logic        x_mem_out_q, x_st_out_q;
  logic [95:0] x_st_word_q;   // bank b's status word index at [3b +: 3]

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      x_mem_out_q <= 1'b0;
      x_st_out_q <= 1'b0;
    end else if (exec_sel) begin
      x_mem_out_q <= x_mem_out;
      x_st_out_q <= x_st_out;
      for (int b = 0; b < BANKS; b++) x_st_word_q[3*b +: 3] <= x_st_row[6*b +: 3];
    end
  end

  // The read-data buses are packed by one process, not sliced by 32
  // continuous assigns (Icarus resends a sliced bus bit by bit to every
  // reader per slice that changes; attr_unit.sv, agu_acc).
  logic [31:0] st_word_b [32];
  for (genvar b = 0; b < BANKS; b++) begin : g_rdata
    logic [255:0] st_row;
    assign st_row = x_st_out_q ? stout_rdata[b] : stin_rdata[b];
    assign st_word_b[b] = st_row[32*x_st_word_q[3*b +: 3] +: 32];
  end
  always @*
    for (int b = 0; b < BANKS; b++) begin
      isbe_rdata[32*b +: 32] = x_mem_out_q ? out_rdata[b] : in_rdata[b];
      st_rdata[32*b +: 32] = st_word_b[b];
      hw_rdata[32*b +: 32] = hwr_rdata[b];
    end

  // ---- Configuration read data -----------------------------------------------------------
  // Which memory and which banks the last read burst named.
  logic [2:0] c_ram_q;
  logic [4:0] c_sel_q;   // status: a[9:7] (bank group); GS: the lane

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      c_ram_q <= C_NONE;
      c_sel_q <= 5'd0;
    end else if (cfg_fire && !cfg_write) begin
      c_ram_q <= c_ram;
      c_sel_q <= t_gs ? c_a[16:12] : {2'd0, c_a[9:7]};
    end
  end

  // Word k of the answer (one multiplexer per word; no process, so no
  // logic runs here unless its inputs change).
  for (genvar k = 0; k < 32; k++) begin : g_cfg_rdata
    logic [31:0] stin_w, stout_w, gs_w;
    assign stin_w = stin_rdata[{c_sel_q[2:0], 2'(k / 8)}][32*(k % 8) +: 32];
    assign stout_w = stout_rdata[{c_sel_q[2:0], 2'(k / 8)}][32*(k % 8) +: 32];
    assign gs_w = gs_rdata[c_sel_q][32*k +: 32];
    assign cfg_rdata[32*k +: 32] =
        c_ram_q == C_ISBE_IN  ? in_rdata[k]
      : c_ram_q == C_ISBE_OUT ? out_rdata[k]
      : c_ram_q == C_ST_IN    ? stin_w
      : c_ram_q == C_ST_OUT   ? stout_w
      : c_ram_q == C_HW       ? hwr_rdata[k]
      : c_ram_q == C_GS       ? gs_w
                              : 32'd0;
  end

endmodule : attr_mem
