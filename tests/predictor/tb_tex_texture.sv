// SPDX-License-Identifier: Apache-2.0
// The texture unit (the stand-in rtl_stubs/tex_unit.sv) reading textures a
// SystemVerilog testbench built with spagm_pkg's functions only: headers by
// their fields (spagm_tex_header), texels placed by the predictor's
// write_texel, the DUT's memory a copy of the predictor's texture memory
// page by page (docs/predictor.md, "Texture content"). Nothing here
// derives a header bit or a texel address itself.
//
// Textures (header pool at POOL, constant-bank word i points at header i):
//   1: a block-linear 2D R32 UINT texture, 65x33, four mip levels (odd
//      sizes), two GOBs per block in y; read with TLDS.LL;
//   2: a block-linear 2D array, 40x20, three layers of three levels, four
//      GOBs per block in y; read with TLDS.LZ ARRAY_2D;
//   3: a block-linear 16x8 texture with 2x2 multisampling; read with
//      TLDS.LZ.MS;
//   4: a pitch-linear 24x10 texture (one level, N70), rows of 128 bytes;
//      read with TLDS.LL at level 0.
// Every texel holds its own coordinates (x | y << 8 | layer or sample << 16
// | level << 24), so a texel read from the wrong place is a mismatch.
//
// Plusargs: +seed=N, +txns=N, +bug=NAME (a defect of rtl_stubs/tex_bugs.md).
// Prints "tb_tex_texture: PASSED" or ends with $fatal.
module tb_tex_texture;
  import spagm_txn_pkg::*;
  import spagm_pkg::*;

  localparam longint unsigned POOL = 64'h1000;
  localparam int DRAIN_LIMIT = 20000;

  longint unsigned seed = 1;
  int unsigned txns = 300;
  int bug = 0;
  string bug_arg = "none";
`include "spagm_bugs.svh"

  // ---- Clock, DUT ---------------------------------------------------------
  logic clk = 1'b0;
  always #5 clk = ~clk;

  logic rst_n = 1'b0;
  logic [7:0] bug_sel;
  logic cfg_valid = 1'b0, cfg_ready, cfg_write = 1'b1, cfg_rvalid, idle;
  logic [31:0] cfg_addr = '0, cfg_mask = '0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;
  logic req_valid = 1'b0, req_ready, rsp_valid, rsp_ready = 1'b0;
  spagm_request_t req = spagm_request_t'(0);
  spagm_response_t rsp;
  logic mem_req_valid, mem_req_ready = 1'b0, mem_rsp_valid = 1'b0, mem_rsp_ready;
  logic [47:0] mem_req_addr;
  logic [7:0] mem_req_tag, mem_rsp_tag = '0;
  logic [255:0] mem_rsp_data = '0;

  assign bug_sel = bug[7:0];

  tex_unit dut (
    .clk, .rst_n, .bug_sel, .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask,
    .cfg_wdata, .cfg_rvalid, .cfg_rdata, .idle, .req_valid, .req_ready, .req(req), .rsp_valid,
    .rsp_ready, .rsp(rsp), .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag,
    .mem_rsp_valid, .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data
  );

  // ---- Random numbers: xorshift64* ----------------------------------------
  longint unsigned rng;

  function automatic longint unsigned next64();
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 64'h2545F4914F6CDD1D;
  endfunction

  function automatic int unsigned rnd(int unsigned n);
    return 32'((next64() >> 16) % 64'(n));
  endfunction

  // ---- Textures, built by the package's functions -------------------------
  spagm_tex_predictor pred;
  spagm_tex_header mips, layers, msaa, pitch;

  function automatic spagm_tex_header r32_uint(int unsigned w, int unsigned h);
    spagm_tex_header t = new();
    t.components = SPAGM_TEXFMT_R32;
    for (int c = 0; c < 4; c++) t.data_type[c] = SPAGM_TEXDT_UINT;
    t.width = w;
    t.height = h;
    return t;
  endfunction

  function automatic void make_headers();
    mips = r32_uint(65, 33);
    mips.layout = SPAGM_TEXLAYOUT_BLOCKLINEAR;
    mips.block_height_log2 = 1;
    mips.max_mip_level = 3;
    mips.view_max_level = 3;
    mips.address = 64'h2_0000;
    layers = r32_uint(40, 20);
    layers.type_id = SPAGM_TEXTYPE_2D_ARRAY;
    layers.depth = 3;
    layers.block_height_log2 = 2;
    layers.max_mip_level = 2;
    layers.view_max_level = 2;
    layers.address = 64'h8_0000;
    msaa = r32_uint(16, 8);
    msaa.msaa = SPAGM_TEXMS_2X2;
    msaa.address = 64'h10_0000;
    pitch = r32_uint(24, 10);
    pitch.layout = SPAGM_TEXLAYOUT_PITCH;
    pitch.pitch = 128;
    pitch.address = 64'h12_0020;
  endfunction

  function automatic int unsigned value_of(int unsigned x, int unsigned y, int unsigned p,
                                          int unsigned lv);
    return x | y << 8 | p << 16 | lv << 24;
  endfunction

  function automatic int unsigned level_size(int unsigned size, int unsigned level);
    return (size >> level) == 0 ? 1 : size >> level;
  endfunction

  // Every texel of header index's texture: its coordinates as its value;
  // then one texel per level read back through texel_address.
  function automatic void fill(int unsigned index, spagm_tex_header t, int unsigned planes,
                               bit by_sample);
    longint unsigned va;
    bit [255:0] line;
    if (!pred.load_header(index, t)) return;
    for (int unsigned p = 0; p < planes; p++)
      for (int unsigned lv = 0; lv <= t.max_mip_level; lv++)
        for (int unsigned y = 0; y < level_size(t.height, lv); y++)
          for (int unsigned x = 0; x < level_size(t.width, lv); x++)
            void'(pred.write_texel(t, x, y, by_sample ? 0 : p, lv, by_sample ? p : 0,
                                   128'(value_of(x, y, p, lv))));
    for (int unsigned lv = 0; lv <= t.max_mip_level; lv++) begin
      int unsigned x = level_size(t.width, lv) - 1, y = level_size(t.height, lv) - 1;
      int unsigned p = planes - 1;
      if (!t.texel_address(x, y, by_sample ? 0 : p, lv, by_sample ? p : 0, va)) begin
        pred.fail($sformatf("texel_address: %s", t.error));
        continue;
      end
      void'(pred.tex_mem_read(va & ~64'd31, line));
      if (line[8 * 8'(va % 32) +: 32] != value_of(x, y, p, lv))
        pred.fail($sformatf("header %0d level %0d: texel (%0d, %0d) not at texel_address 0x%0h",
                            index, lv, x, y, va));
    end
  endfunction

  // ---- The DUT's memory: a copy of the predictor's, by 32-byte line -------
  bit [255:0] mem[longint unsigned];

  function automatic void copy_memory();
    bit [255:0] line;
    mem.delete();
    for (longint unsigned i = 0; i < pred.tex_mem_pages(); i++) begin
      longint unsigned page = pred.tex_mem_page(i);
      for (int k = 0; k < 128; k++) begin
        void'(pred.tex_mem_read(page + 32 * k, line));
        mem[(page >> 5) + 64'(k)] = line;
      end
    end
  endfunction

  // Outstanding memory reads, answered in random order after random waits.
  logic [7:0] pend_tag[$];
  logic [47:0] pend_addr[$];

  always @(posedge clk) begin
    mem_req_ready <= rnd(100) < 80;
    if (mem_req_valid && mem_req_ready) begin
      pend_tag.push_back(mem_req_tag);
      pend_addr.push_back(mem_req_addr);
    end
    if (mem_rsp_valid && mem_rsp_ready) mem_rsp_valid <= 1'b0;
    if ((!mem_rsp_valid || mem_rsp_ready) && pend_tag.size() != 0 && rnd(100) < 60) begin
      int i = rnd(pend_tag.size());
      longint unsigned line = 64'(pend_addr[i]) >> 5;
      mem_rsp_valid <= 1'b1;
      mem_rsp_tag <= pend_tag[i];
      mem_rsp_data <= mem.exists(line) != 0 ? mem[line] : '0;
      pend_tag.delete(i);
      pend_addr.delete(i);
    end
  end

  // ---- Requests -------------------------------------------------------------
  // TLDS words (spagm asm): write mask R, result in R0.
  localparam logic [63:0] TLDS_LL_2D = 64'hdaa0001ff0670400;      // TLDS.LL RZ, R0, R4, R6, 0x1, 2D, R
  localparam logic [63:0] TLDS_LZ_ARRAY = 64'hdb00002ff0a70800;   // TLDS.LZ RZ, R0, R8, R10, 0x2, ARRAY_2D, R
  localparam logic [63:0] TLDS_LZ_MS = 64'hdac0003ff0670400;      // TLDS.LZ.MS RZ, R0, R4, R6, 0x3, 2D, R
  localparam logic [63:0] TLDS_LL_PITCH = 64'hdaa0004ff0670400;   // TLDS.LL RZ, R0, R4, R6, 0x4, 2D, R

  // Operands by docs/design.md §7.6: 2D .LL s, t in Ra, Ra+1, level in Rb
// (0 for the pitch texture);
  // ARRAY_2D .LZ layer in Ra, s, t in Rb, Rb+1; 2D .LZ .MS s, t in Ra,
  // Ra+1, sample in Rb. A coordinate now and then one past the edge.
  function automatic spagm_request_t make_request(int unsigned tag);
    spagm_request_t r = spagm_request_t'(0);
    int unsigned kind = rnd(4);
    r.tag = tag;
    r.lane_mask = rnd(4) == 0 ? 32'(next64()) : 32'hFFFF_FFFF;
    r.insn = kind == 0 ? TLDS_LL_2D : kind == 1 ? TLDS_LZ_ARRAY : kind == 2 ? TLDS_LZ_MS
                                                                            : TLDS_LL_PITCH;
    for (int l = 0; l < SPAGM_LANES; l++) begin
      if (kind == 0) begin
        r.a[0][l] = rnd(66);
        r.a[1][l] = rnd(34);
        r.b[0][l] = rnd(4);
      end else if (kind == 1) begin
        r.a[0][l] = rnd(3);
        r.b[0][l] = rnd(41);
        r.b[1][l] = rnd(21);
      end else if (kind == 2) begin
        r.a[0][l] = rnd(17);
        r.a[1][l] = rnd(9);
        r.b[0][l] = rnd(4);
      end else begin
        r.a[0][l] = rnd(25);
        r.a[1][l] = rnd(11);
      end
    end
    return r;
  endfunction

  // Configuration: pool base and MaximumIndex, then bank words 0..31
  // (word i = headerPtr i), one word per burst.
  int unsigned cfg_a[35], cfg_d[35];

  initial begin
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("txns=%d", txns));
    void'($value$plusargs("bug=%s", bug_arg));
    bug = spagm_bug_parse(bug_arg, "tex", "tb_tex_texture");
    if (bug < 0) $fatal(1, "tb_tex_texture: refused: +bug=%0s", bug_arg);
    $display("tb_tex_texture: seed %0d, %0d requests, bug %0s", seed, txns, bug_arg);
    rng = seed ^ 64'h9E37_79B9_7F4A_7C15;
    if (rng == 0) rng = 1;
    pred = new(seed, "tb_tex_texture.dut");
    cfg_a[0] = 32'h008;
    cfg_d[0] = 32'(POOL);
    cfg_a[1] = 32'h00C;
    cfg_d[1] = 32'(POOL >> 32);
    cfg_a[2] = 32'h010;
    cfg_d[2] = 15;
    for (int i = 0; i < 32; i++) begin
      cfg_a[3 + i] = 32'h1000_0000 + 4 * i;
      cfg_d[3 + i] = i;
    end
  end

  // ---- The test, one clocked process ----------------------------------------
  typedef enum logic [2:0] {S_RESET, S_CONFIG, S_BUILD, S_RUN, S_DRAIN, S_DONE} state_t;
  state_t state = S_RESET;
  int k = 0, waited = 0;
  int unsigned tag = 0, errors = 0;
  string report;

  always @(posedge clk) begin
    longint unsigned fails;
    if (cfg_valid && cfg_ready) cfg_valid <= 1'b0;
    if (rsp_valid && rsp_ready) begin
      if (pred.check(rsp, report) != 0) begin
        if (errors < 3) $display("%s", report);
        errors++;
      end
    end
    rsp_ready <= rnd(100) < 70;
    if (req_valid && req_ready) begin
      void'(pred.predict(req));
      req_valid <= 1'b0;
    end

    case (state)
      S_RESET: begin
        if (k == 0) void'(pred.reset());
        rst_n <= k >= 2;
        k++;
        if (k == 3) begin
          k = 0;
          state <= S_CONFIG;
        end
      end
      S_CONFIG: begin
        if (!cfg_valid || cfg_ready) begin
          if (k < $size(cfg_a)) begin
            cfg_valid <= 1'b1;
            cfg_addr <= cfg_a[k] & ~32'd127;
            cfg_mask <= 32'd1 << cfg_a[k][6:2];
            cfg_wdata[32*cfg_a[k][6:2] +: 32] <= cfg_d[k];
            void'(pred.cfg_write(cfg_a[k], cfg_d[k]));
            k++;
          end else begin
            state <= S_BUILD;
          end
        end
      end
      S_BUILD: begin  // after the pool is configured: headers go to pool + 32 * index
        make_headers();
        fill(1, mips, 1, 0);
        fill(2, layers, layers.depth, 0);
        fill(3, msaa, 4, 1);
        fill(4, pitch, 1, 0);
        copy_memory();
        state <= S_RUN;
      end
      S_RUN: begin
        if (tag == txns && !req_valid) begin
          waited = 0;
          state <= S_DRAIN;
        end else if ((!req_valid || req_ready) && tag < txns && rnd(100) < 80) begin
          req <= make_request(tag);
          req_valid <= 1'b1;
          tag++;
        end
      end
      S_DRAIN: begin
        waited++;
        if (idle && pred.outstanding() == 0) begin
          state <= S_DONE;
        end else if (waited > DRAIN_LIMIT) begin
          pred.fail($sformatf("%0d responses still missing after %0d cycles",
                              pred.outstanding(), DRAIN_LIMIT));
          state <= S_DONE;
        end
      end
      S_DONE: begin
        // A run that read no texel proves nothing (the summary warns too).
        if (pred.count(SPAGM_COUNT_TEXELS) == 0) pred.fail("no texel was read");
        $display("%s", pred.summary());
        fails = pred.failures();
        pred.free();
        if (fails != 0) begin
          $fatal(1, "tb_tex_texture: FAILED, %0d failures (seed %0d)", fails, seed);
        end else begin
          $display("tb_tex_texture: PASSED (seed %0d)", seed);
          $finish;
        end
      end
      default: ;
    endcase
  end
endmodule
