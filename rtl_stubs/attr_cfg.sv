// SPDX-License-Identifier: Apache-2.0
// attr_cfg: configuration registers of the attribute unit, the BMAPs and
// ranks derived from them, the default table and the clear command
// (docs/port-contract.md, "Attribute unit", target 0x0).
//
//   byte address (cfg_addr[27:0], target cfg_addr[31:28] = 0):
//     0x000  stage 0 VSA .. 5 PS        0x004  shared ISBE 0/1 (N24)
//     0x008  vertex trap enable 0/1     0x00C  vertex count 0..256
//     0x010  patch words 8..128 (R4)    0x014  MaxOutputVertexCount 0..1024
//     0x018  ST_REQ start 0..255        0x01C  ST_REQ end 0..255 (N21)
//     0x040  clear: any write zeroes every memory (flash clear, attr_ram);
//            reads busy in bit 0
//     0x100 + 4i  IMAP word i    0x120 + 4i  OMAP       (i = 0..7)
//     0x140 + 4i  OMAP of the previous stage
//     0x160 + 4i  IMAP of the next stage
//     0x400 + 4a  default value of attribute a (R3), a = 0..255
//
// Bursts (N120): a 128-byte block of up to 32 registers is written or
// read in one cycle, each masked word at its own address (the registers
// are flops, so any number of them take a value at once). A write of a
// value a register cannot hold is ignored (the register keeps its value),
// as the model refuses such a setting (N123). Other addresses ignore
// writes and read 0. A read burst's words are registered (reg_rdata) for
// the cfg_rvalid pulse of the next cycle (N122).
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
// The clear command: a write of 0x040 raises clear_busy for one cycle, in
// which every RAM of attr_mem drops its valid bits (flash clear); the
// port and the request channel are not ready meanwhile (N121).
module attr_cfg
  import attr_pkg::*;
(
  input  logic           clk,
  input  logic           rst_n,
  input  logic           cfg_fire,      // a burst transfers this cycle
  input  logic           cfg_write,
  input  logic [31:0]    cfg_addr,
  input  logic [31:0]    cfg_mask,
  input  logic [1023:0]  cfg_wdata,
  output logic [1023:0]  reg_rdata,     // target 0 read data, the cycle after the read
  input  logic           bug_bmap_in_imap_only,
  output logic [2:0]     stage,
  output logic           shared,
  output logic           trap,
  output logic [8:0]     vertex_count,
  output logic [7:0]     patch_words,
  output logic [10:0]    gs_max,
  output logic [8191:0]  defaults,      // attribute a at [32a +: 32]
  output logic [255:0]   bmap_in,
  output logic [71:0]    pre_in,        // pre[w] at [9w +: 9]
  output logic [8:0]     n_in,
  output logic [255:0]   bmap_out,
  output logic [71:0]    pre_out,
  output logic [8:0]     n_out,
  output logic           clear_busy
);

  // Blocks (byte address / 128) inside target 0, and words inside them.
  localparam logic [20:0] B_SCALARS = 21'h0;   // 0x000..0x07F: scalar registers, clear
  localparam logic [20:0] B_MAPS = 21'h2;      // 0x100..0x17F: 4 maps x 8 words
  localparam logic [17:0] B_DEFAULTS = 18'h1;  // 0x400..0x7FF: 8 blocks of defaults
  localparam int W_STAGE = 0, W_SHARED = 1, W_TRAP = 2, W_VCOUNT = 3, W_PATCH = 4;
  localparam int W_GSMAX = 5, W_SRSTART = 6, W_SREND = 7, W_CLEAR = 16;

  logic        target_regs, unused_low_bits;
  logic [20:0] block;
  logic        in_scalars, in_maps, in_defaults;
  logic [2:0]  default_block;   // attributes 32 * default_block ..

  assign target_regs = cfg_addr[31:28] == 4'h0;
  assign block = cfg_addr[27:7];
  assign unused_low_bits = ^cfg_addr[6:0];   // block-aligned (N120)
  assign in_scalars = target_regs && block == B_SCALARS;
  assign in_maps = target_regs && block == B_MAPS;
  assign in_defaults = target_regs && block[20:3] == B_DEFAULTS;
  assign default_block = block[2:0];

  // Word k of the burst.
  function automatic logic [31:0] wd(input logic [1023:0] d, input int k);
    return d[32*k +: 32];
  endfunction

  logic [31:0] patch_v;
  logic        patch_ok;
  assign patch_v = cfg_wdata[32*W_PATCH +: 32];
  assign patch_ok = patch_v == 32'd8 || patch_v == 32'd16 || patch_v == 32'd32 ||
                    patch_v == 32'd64 || patch_v == 32'd128;

  // ---- Registers -------------------------------------------------------------
  logic [7:0]    streq_start, streq_end;
  logic [1023:0] maps;      // IMAP, OMAP, OMAP_prev, IMAP_next: map m at [256m +: 256]
  logic          wr, sw;

  assign wr = cfg_fire && cfg_write;
  assign sw = wr && in_scalars;

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
      if (sw && cfg_mask[W_STAGE] && wd(cfg_wdata, W_STAGE) <= 32'd5)
        stage <= cfg_wdata[32*W_STAGE +: 3];
      if (sw && cfg_mask[W_SHARED] && wd(cfg_wdata, W_SHARED) <= 32'd1)
        shared <= cfg_wdata[32*W_SHARED];
      if (sw && cfg_mask[W_TRAP] && wd(cfg_wdata, W_TRAP) <= 32'd1)
        trap <= cfg_wdata[32*W_TRAP];
      if (sw && cfg_mask[W_VCOUNT] && wd(cfg_wdata, W_VCOUNT) <= 32'd256)
        vertex_count <= cfg_wdata[32*W_VCOUNT +: 9];
      if (sw && cfg_mask[W_PATCH] && patch_ok)
        patch_words <= cfg_wdata[32*W_PATCH +: 8];
      if (sw && cfg_mask[W_GSMAX] && wd(cfg_wdata, W_GSMAX) <= 32'd1024)
        gs_max <= cfg_wdata[32*W_GSMAX +: 11];
      if (sw && cfg_mask[W_SRSTART] && wd(cfg_wdata, W_SRSTART) <= 32'd255)
        streq_start <= cfg_wdata[32*W_SRSTART +: 8];
      if (sw && cfg_mask[W_SREND] && wd(cfg_wdata, W_SREND) <= 32'd255)
        streq_end <= cfg_wdata[32*W_SREND +: 8];
      for (int k = 0; k < 32; k++)
        if (in_maps && cfg_mask[k]) maps[32*k +: 32] <= cfg_wdata[32*k +: 32];
      for (int a = 0; a < 256; a++)   // a constant slice per word (N555)
        if (in_defaults && int'(default_block) == a / 32 && cfg_mask[a % 32])
          defaults[32*a +: 32] <= cfg_wdata[32*(a % 32) +: 32];
    end
  end

  // ---- Clear command -------------------------------------------------------------
  // One cycle of clear_busy after the write: attr_mem flash-clears then.
  always_ff @(posedge clk) begin
    if (!rst_n) clear_busy <= 1'b0;
    else clear_busy <= sw && cfg_mask[W_CLEAR];
  end

  // ---- Derived BMAPs and prefix counts -------------------------------------------
  logic [255:0] imap, omap, omap_prev, imap_next, streq;
  logic [255:0] bmap_in_c, bmap_out_c;

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

  // Set bits per map word (word w at [6w +: 6]), then the running count
  // over the eight words: entry w is the count of words 0..w-1, entry 8
  // the whole map (N).
  logic [47:0] count_in, count_out;
  for (genvar w = 0; w < 8; w++) begin : g_count
    attr_popcount u_in (.x(bmap_in_c[32*w +: 32]), .count(count_in[6*w +: 6]));
    attr_popcount u_out (.x(bmap_out_c[32*w +: 32]), .count(count_out[6*w +: 6]));
  end

  function automatic logic [80:0] prefix_counts(input logic [47:0] counts);
    logic [80:0] p;
    p[8:0] = 9'd0;
    for (int w = 0; w < 8; w++)
      p[9*(w+1) +: 9] = p[9*w +: 9] + {3'd0, counts[6*w +: 6]};
    return p;
  endfunction

  // Registered only the cycle after a register write (and after reset):
  // a clocked block guarded by derive, so the prefix sums do not run every
  // cycle. bug_sel is fixed for a run (it is set before reset ends).
  logic derive;

  always_ff @(posedge clk) begin
    derive <= !rst_n || wr;
    if (!rst_n) begin
      bmap_in <= '0;
      bmap_out <= '0;
      pre_in <= '0;
      pre_out <= '0;
      n_in <= 9'd0;
      n_out <= 9'd0;
    end else if (derive) begin
      bmap_in <= bmap_in_c;
      bmap_out <= bmap_out_c;
      // 9 prefix values of 9 bits ([9w +: 9]), the last one is N
      {n_in, pre_in} <= prefix_counts(count_in);
      {n_out, pre_out} <= prefix_counts(count_out);
    end
  end

  // ---- Read-back, registered -----------------------------------------------------
  logic [1023:0] scalars;   // the scalar block as it reads

  always @* begin
    scalars = '0;
    scalars[32*W_STAGE +: 32] = {29'd0, stage};
    scalars[32*W_SHARED +: 32] = {31'd0, shared};
    scalars[32*W_TRAP +: 32] = {31'd0, trap};
    scalars[32*W_VCOUNT +: 32] = {23'd0, vertex_count};
    scalars[32*W_PATCH +: 32] = {24'd0, patch_words};
    scalars[32*W_GSMAX +: 32] = {21'd0, gs_max};
    scalars[32*W_SRSTART +: 32] = {24'd0, streq_start};
    scalars[32*W_SREND +: 32] = {24'd0, streq_end};
    scalars[32*W_CLEAR +: 32] = {31'd0, clear_busy};
  end

  // Evaluated only for a read burst (a clocked block, not logic that runs
  // every cycle).
  always_ff @(posedge clk) begin
    if (!rst_n) reg_rdata <= '0;
    else if (cfg_fire && !cfg_write)
      reg_rdata <= in_scalars ? scalars
                 : in_maps ? maps
                 : in_defaults ? defaults[1024*int'(default_block) +: 1024]
                               : '0;
  end

endmodule : attr_cfg
