// SPDX-License-Identifier: Apache-2.0
// attr_cfg: configuration registers of the attribute unit, the BMAPs and
// ranks derived from them, the default table and the clear sequencer
// (docs/port-contract.md, "Attribute unit", target 0x0).
//
//   byte address (cfg_addr[27:0], target cfg_addr[31:28] = 0):
//     0x000  stage 0 VSA .. 5 PS        0x004  shared ISBE 0/1 (N24)
//     0x008  vertex trap enable 0/1     0x00C  vertex count 0..256
//     0x010  patch words 8..128 (R4)    0x014  MaxOutputVertexCount 0..1024
//     0x018  ST_REQ start 0..255        0x01C  ST_REQ end 0..255 (N21)
//     0x040  clear: any write starts zeroing every memory; reads busy in bit 0
//     0x100 + 4i  IMAP word i    0x120 + 4i  OMAP       (i = 0..7)
//     0x140 + 4i  OMAP of the previous stage
//     0x160 + 4i  IMAP of the next stage
//     0x400 + 4a  default value of attribute a (R3), a = 0..255
//
// A write of a value a register cannot hold is ignored (the register keeps
// its value), as the model refuses such a setting. Other addresses ignore
// writes and read 0. Reads return the register the cycle after cfg_re.
// Reset gives the power-on configuration (N35): VSA, no sharing, trap off,
// 32 vertices, 32 patch words, MaxOutputVertexCount 32, ST_REQ empty (255,
// 0), maps zero, default table per R3.
//
// Derived state, registered one cycle after a change (a request can reach
// the address stage two cycles after the last configuration write at the
// earliest):
//   input  BMAP = IMAP & OMAP(previous)              (ALD.txt)
//   output BMAP = OMAP & (IMAP(next) | ST_REQ)        (ALD.txt, N21)
// and for each BMAP N = popcount and the prefix counts pre[w] = number of
// set bits in words 0..w-1, from which the address stage ranks an
// attribute as pre[a/32] + popcount(word & bits below a) (R1).
//
// The clear sequencer walks the memory rows (ISBE_ROWS cycles); the memory
// block zeroes row clear_row of every RAM while clear_busy is high.
module attr_cfg
  import attr_pkg::*;
(
  input  logic          clk,
  input  logic          rst_n,
  input  logic          cfg_we,
  input  logic          cfg_re,
  input  logic [31:0]   cfg_addr,
  input  logic [31:0]   cfg_wdata,
  output logic [31:0]   reg_rdata,     // target 0 read data, the cycle after cfg_re
  input  logic          bug_bmap_in_imap_only,
  output logic [2:0]    stage,
  output logic          shared,
  output logic          trap,
  output logic [8:0]    vertex_count,
  output logic [7:0]    patch_words,
  output logic [10:0]   gs_max,
  output logic [8191:0] defaults,      // attribute a at [32a +: 32]
  output logic [255:0]  bmap_in,
  output logic [71:0]   pre_in,        // pre[w] at [9w +: 9]
  output logic [8:0]    n_in,
  output logic [255:0]  bmap_out,
  output logic [71:0]   pre_out,
  output logic [8:0]    n_out,
  output logic          clear_busy,
  output logic [11:0]   clear_row
);

  // Word addresses (byte address / 4) inside target 0.
  localparam logic [25:0] W_STAGE = 26'h0;
  localparam logic [25:0] W_SHARED = 26'h1;
  localparam logic [25:0] W_TRAP = 26'h2;
  localparam logic [25:0] W_VCOUNT = 26'h3;
  localparam logic [25:0] W_PATCH = 26'h4;
  localparam logic [25:0] W_GSMAX = 26'h5;
  localparam logic [25:0] W_SRSTART = 26'h6;
  localparam logic [25:0] W_SREND = 26'h7;
  localparam logic [25:0] W_CLEAR = 26'h10;
  localparam logic [20:0] MAPS_BLOCK = 21'h2;   // words 0x40..0x5F: 4 maps x 8
  localparam logic [17:0] DEFAULTS_BLOCK = 18'h1;  // words 0x100..0x1FF

  logic        target_regs, unused_byte_bits;
  logic [25:0] word;
  logic        in_maps, in_defaults;
  logic [4:0]  map_word;      // map m word i at m*8 + i
  logic [7:0]  default_index;

  assign target_regs = cfg_addr[31:28] == 4'h0;
  assign word = cfg_addr[27:2];
  assign unused_byte_bits = ^cfg_addr[1:0];  // word accesses only
  assign in_maps = word[25:5] == MAPS_BLOCK;
  assign map_word = word[4:0];
  assign in_defaults = word[25:8] == DEFAULTS_BLOCK;
  assign default_index = word[7:0];

  logic patch_ok;
  assign patch_ok = cfg_wdata == 32'd8 || cfg_wdata == 32'd16 || cfg_wdata == 32'd32 ||
                    cfg_wdata == 32'd64 || cfg_wdata == 32'd128;

  // ---- Registers -------------------------------------------------------------
  logic [7:0]    streq_start, streq_end;
  logic [1023:0] maps;      // IMAP, OMAP, OMAP_prev, IMAP_next: map m at [256m +: 256]
  logic          wr;

  assign wr = cfg_we && target_regs;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      stage <= 3'd0;
      shared <= 1'b0;
      trap <= 1'b0;
      vertex_count <= 9'd32;
      patch_words <= 8'd32;
      gs_max <= 11'd32;
      streq_start <= 8'd255;  // N21: empty range
      streq_end <= 8'd0;
      maps <= '0;
      for (int a = 0; a < 256; a++) defaults[32*a +: 32] <= r3_default(8'(a));
    end else if (wr) begin
      if (word == W_STAGE && cfg_wdata <= 32'd5) stage <= cfg_wdata[2:0];
      if (word == W_SHARED && cfg_wdata <= 32'd1) shared <= cfg_wdata[0];
      if (word == W_TRAP && cfg_wdata <= 32'd1) trap <= cfg_wdata[0];
      if (word == W_VCOUNT && cfg_wdata <= 32'd256) vertex_count <= cfg_wdata[8:0];
      if (word == W_PATCH && patch_ok) patch_words <= cfg_wdata[7:0];
      if (word == W_GSMAX && cfg_wdata <= 32'd1024) gs_max <= cfg_wdata[10:0];
      if (word == W_SRSTART && cfg_wdata <= 32'd255) streq_start <= cfg_wdata[7:0];
      if (word == W_SREND && cfg_wdata <= 32'd255) streq_end <= cfg_wdata[7:0];
      if (in_maps) maps[32*map_word +: 32] <= cfg_wdata;
      if (in_defaults) defaults[32*default_index +: 32] <= cfg_wdata;
    end
  end

  // ---- Clear sequencer ---------------------------------------------------------
  localparam logic [11:0] LAST_ROW = 12'(ISBE_ROWS - 1);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      clear_busy <= 1'b0;
      clear_row <= 12'd0;
    end else if (wr && word == W_CLEAR) begin
      clear_busy <= 1'b1;
      clear_row <= 12'd0;
    end else if (clear_busy) begin
      clear_busy <= clear_row != LAST_ROW;
      clear_row <= clear_row + 12'd1;
    end
  end

  // ---- Derived BMAPs and prefix counts -------------------------------------------
  logic [255:0] imap, omap, omap_prev, imap_next, streq;
  logic [255:0] bmap_in_c, bmap_out_c;
  logic [80:0]  pre_in_c, pre_out_c;   // 9 prefix values of 9 bits, [9w +: 9]

  assign imap = maps[255:0];
  assign omap = maps[511:256];
  assign omap_prev = maps[767:512];
  assign imap_next = maps[1023:768];

  // N21: ST_REQ covers attribute indexes start..end inclusive (empty when
  // end < start): the bits at or above start and at or below end.
  logic [255:0] from_start;
  logic [256:0] through_end;
  assign from_start = ~((256'd1 << streq_start) - 256'd1);
  assign through_end = (257'd2 << streq_end) - 257'd1;
  assign streq = from_start & through_end[255:0];
  logic unused_through_end;
  assign unused_through_end = through_end[256];

  assign bmap_in_c = bug_bmap_in_imap_only ? imap : (imap & omap_prev);
  assign bmap_out_c = omap & (imap_next | streq);

  // Running population count over the eight map words: entry w is the
  // count of words 0..w-1, entry 8 the whole map (N).
  function automatic logic [80:0] prefix_counts(input logic [255:0] m);
    logic [80:0] p;
    p[8:0] = 9'd0;
    for (int w = 0; w < 8; w++)
      p[9*(w+1) +: 9] = p[9*w +: 9] + {3'd0, popcount32(m[32*w +: 32])};
    return p;
  endfunction

  assign pre_in_c = prefix_counts(bmap_in_c);
  assign pre_out_c = prefix_counts(bmap_out_c);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      bmap_in <= '0;
      bmap_out <= '0;
      pre_in <= '0;
      pre_out <= '0;
      n_in <= 9'd0;
      n_out <= 9'd0;
    end else begin
      bmap_in <= bmap_in_c;
      bmap_out <= bmap_out_c;
      pre_in <= pre_in_c[71:0];
      pre_out <= pre_out_c[71:0];
      n_in <= pre_in_c[80:72];
      n_out <= pre_out_c[80:72];
    end
  end

  // ---- Read-back, registered -----------------------------------------------------
  logic [31:0] read_value;

  always_comb begin
    read_value = 32'd0;
    if (target_regs) begin
      case (word)
        W_STAGE:   read_value = {29'd0, stage};
        W_SHARED:  read_value = {31'd0, shared};
        W_TRAP:    read_value = {31'd0, trap};
        W_VCOUNT:  read_value = {23'd0, vertex_count};
        W_PATCH:   read_value = {24'd0, patch_words};
        W_GSMAX:   read_value = {21'd0, gs_max};
        W_SRSTART: read_value = {24'd0, streq_start};
        W_SREND:   read_value = {24'd0, streq_end};
        W_CLEAR:   read_value = {31'd0, clear_busy};
        default:   read_value = 32'd0;
      endcase
      if (in_maps) read_value = maps[32*map_word +: 32];
      if (in_defaults) read_value = defaults[32*default_index +: 32];
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) reg_rdata <= 32'd0;
    else if (cfg_re) reg_rdata <= read_value;
  end

endmodule : attr_cfg
