// SPDX-License-Identifier: Apache-2.0
// tex_unit_selftest: directed-random self-check of rtl_stubs/tex_unit.
//
// A development bench for the texture RTL, independent of the C model and
// of the RTL's own structure: textures, headers and the constant bank are
// built here from the layout formulas of docs/texture-layout.md, and the
// expected responses are computed here from TLDS.txt, DESIGN R10, R17-R24,
// §7.5 and spec-notes N60-N76, behaviourally (loops, integer and real
// arithmetic), then compared with the rules of docs/port-contract.md "What
// is compared" (including the model's don't-care cases). It
//   - loads and reads back the configuration registers and constant bank
//     through the version-2 burst port (N120-N123): full, masked and
//     ignored bursts, back-to-back read bursts checked in order;
//   - answers the unit's memory port from a behavioural memory (two windows:
//     [0, 4 MiB) and the top 64 KiB below 2^48, everything else reads 0,
//     N61) with random ready, random latency and out-of-order responses,
//     checking tags, alignment and request stability;
//   - runs epochs with new textures, headers and bank words: every
//     supported format and data type, sRGB, swizzles, pitch and
//     block-linear layouts, 1D/2D/3D/array/no-mipmap types, mip levels,
//     multisample grids, a texture that wraps around 2^48, unsupported
//     headers, invalid header indexes, type mismatches, illegal words,
//     R24, .F16 in both rounding modes, in- and out-of-range coordinates,
//     levels, layers and samples, AOFFI;
//   - checks every response by tag, that none is lost or duplicated, and
//     that rsp stays stable while rsp_valid waits for rsp_ready;
//   - repeats the whole run for bug_sel = 0 and 64 .. 87: bug_sel 0 must
//     give no mismatch, every defect of tex_bugs.md at least one;
//   - then measures back-to-back throughput (bug_sel 0, still checked) with
//     the co-simulation memory model's 2- or 12-cycle latency
//     (+perf_epochs=N, +perf_mem_ready=N, +perf_only, +idle=N).
//
//   $ iverilog -g2012 -o /tmp/texst rtl_stubs/shader_txn_pkg.sv rtl_stubs/tex_pkg.sv \
//       rtl_stubs/tex_[a-oq-z]*.sv tests/rtl/tex_unit_selftest.sv && vvp /tmp/texst
//   and with Verilator (the same stimulus):
//   $ verilator --binary --timing -Wno-fatal rtl_stubs/shader_txn_pkg.sv rtl_stubs/tex_pkg.sv \
//       rtl_stubs/tex_[a-oq-z]*.sv tests/rtl/tex_unit_selftest.sv \
//       --top-module tex_unit_selftest -o texst && obj_dir/texst
//   (optional: -Ptex_unit_selftest.LPC=8, or -GLPC=8 with Verilator; +seed=N at run time)
//
// Prints "SELFTEST PASS" or "SELFTEST FAIL". With +dump=FILE the bug_sel 0
// run also writes each epoch's state (E, then R register, K bank word, M
// memory line) and its requests (Q hex) and responses (S hex) to FILE, for
// comparing the RTL with another implementation offline.
module tex_unit_selftest;
  import shader_txn_pkg::*;

  parameter int LPC = 4;          // LANES_PER_CYCLE of the unit under test
  parameter int SEED = 1;
  parameter int TXN_PER_EPOCH = 100;
  parameter int EPOCHS = 6;
  parameter int ONLY_BUG = -1;    // >= 0: run bug_sel 0 and this defect only
  localparam int FIRST_BUG = 64, LAST_BUG = 87;   // tex_bugs.md
  localparam int MAX_TXN = 2048;  // tags per bug_sel run
  localparam int NT = 12;         // textures (headers 0 .. NT-1) per epoch
  localparam int NBANK = 64;      // bank words rewritten every epoch

  // ---- DUT ------------------------------------------------------------------------
  logic clk = 1'b0;
  logic rst_n = 1'b0;
  logic [7:0] bug_sel = 8'd0;
  logic cfg_valid = 1'b0, cfg_ready, cfg_write = 1'b0, cfg_rvalid;
  logic [31:0] cfg_addr = 32'd0, cfg_mask = 32'd0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;
  logic idle;
  logic req_valid = 1'b0, req_ready;
  logic [REQUEST_BITS-1:0] req;
  logic rsp_valid, rsp_ready = 1'b0;
  logic [RESPONSE_BITS-1:0] rsp;
  logic mem_req_valid, mem_req_ready = 1'b0;
  logic [47:0] mem_req_addr;
  logic [7:0] mem_req_tag;
  logic mem_rsp_valid = 1'b0, mem_rsp_ready;
  logic [7:0] mem_rsp_tag = 8'd0;
  logic [255:0] mem_rsp_data = '0;

  tex_unit #(.LANES_PER_CYCLE(LPC)) dut (
    .clk(clk), .rst_n(rst_n), .bug_sel(bug_sel),
    .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_write(cfg_write),
    .cfg_addr(cfg_addr), .cfg_mask(cfg_mask), .cfg_wdata(cfg_wdata),
    .cfg_rvalid(cfg_rvalid), .cfg_rdata(cfg_rdata), .idle(idle),
    .req_valid(req_valid), .req_ready(req_ready), .req(req),
    .rsp_valid(rsp_valid), .rsp_ready(rsp_ready), .rsp(rsp),
    .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
    .mem_req_addr(mem_req_addr), .mem_req_tag(mem_req_tag),
    .mem_rsp_valid(mem_rsp_valid), .mem_rsp_ready(mem_rsp_ready),
    .mem_rsp_tag(mem_rsp_tag), .mem_rsp_data(mem_rsp_data)
  );

  always #5 clk = ~clk;

  // Field positions of the port contract's tables, used directly on the
  // flat vectors (this also cross-checks the package's struct layout).
  localparam int RQ_TAG = 12000, RQ_INSN = 11936, RQ_MASK = 11904;
  localparam int RQ_A = 9856, RQ_B = 7808;
  localparam int RS_TAG = 16792, RS_FAULT = 16784, RS_FAULT_LANES = 16752;
  localparam int RS_WB_REG = 16720, RS_WB_VALID = 16592, RS_WB_VALUE = 12496;
  localparam int RS_WB_DC = 8400, RS_PD_WRITTEN = 8360, RS_ST_MASK = 8192;

  // ---- Bench state ----------------------------------------------------------------
  int errors, setup_errors, proto_errors;
  int ready_pct = 50, mem_ready_pct = 70, mem_rsp_pct = 60;
  int max_latency = 20;
  int sent, received;
  int dump_fd = 0;
  int dbg_tag = -1, dbg_now = 0;
  int seed;                       // SEED, or +seed=N  // +dbg_tag=N: print the reference's work for tag N
  int cycle = 0;
  int bank_load_cycles = 0, bank_load_bursts = 0;   // the 8192-word load of epoch 0
  // Throughput run (after the defect runs, bug_sel 0): requests back to
  // back, rsp_ready always high, memory latency 2 or 12 cycles like the
  // co-simulation's model (testbench/cosim/tb_cosim_mem.sv), due reads answered
  // in random order, mem_req_ready high perf_mem_ready % of cycles
  // (+perf_mem_ready=N, default 100; the co-simulation's model: 80).
  bit perf = 1'b0;
  int perf_cycles = 0, perf_lines = 0, perf_mem_ready = 100, perf_sent = 0;
  int perf_epochs, idle_cycles;   // +perf_epochs=N (default 2), +idle=N (default 0)
  bit perf_only;
  localparam int PERF_TXN = 500;
  int reads_reordered = 0;        // responses that overtook an older request
  int traffic_cycles = 0;         // cycles from an epoch's first request to its drain
  // Coverage of the bug_sel 0 run: lanes that read a texel by format kind
  // (0..6) and layout, and warp outcomes.
  int cov_kind[7], cov_pitch, cov_bl, cov_ms, cov_3d, cov_array, cov_level, cov_srgb;
  int cov_f16_rz, cov_f16_rne, cov_12b_two, cov_wrap, cov_aoffi;
  int cov_fault, cov_r24, cov_bad_index, cov_mismatch_type, cov_unsup, cov_read_warps;

  // Expected responses by tag.
  logic [7:0]    e_fault[MAX_TXN];
  logic [31:0]   e_fault_lanes[MAX_TXN];
  logic [31:0]   e_wb_reg[MAX_TXN];      // slot s at [8s +: 8]
  logic [127:0]  e_wb_valid[MAX_TXN];    // slot s at [32s +: 32]
  logic [127:0]  e_dc[MAX_TXN];          // don't-care bits of slot s (same every lane)
  logic [4095:0] e_value[MAX_TXN];       // slot s, lane l at [32(32s + l) +: 32]
  int            seen[MAX_TXN];
  int            e_hdr[MAX_TXN];         // header read, for mismatch reports (-1 none)
  logic [63:0]   sent_insn[MAX_TXN];

  // xorshift32 generators: the same stimulus on every simulator. The memory
  // and rsp_ready have their own streams.
  logic [31:0] rng_state, ready_rng_state, mem_rng_state;

  function automatic logic [31:0] xorshift(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction

  function automatic logic [31:0] rand32();
    rng_state = xorshift(rng_state);
    return rng_state;
  endfunction

  function automatic int rnd(input int n);  // 0 .. n-1
    return int'(rand32() % n);
  endfunction

  function automatic int mem_rnd(input int n);
    mem_rng_state = xorshift(mem_rng_state);
    return int'(mem_rng_state % n);
  endfunction

  // ---- Texture memory (N61: bytes never written read 0; addresses mod 2^48)
  localparam int LO_LINES = 131072;               // [0, 4 MiB)
  localparam int HI_LINES = 2048;                 // [2^48 - 64 KiB, 2^48)
  localparam logic [47:0] HI_BASE = 48'hFFFF_FFFF_0000;
  bit [255:0] mem_lo [LO_LINES];
  bit [255:0] mem_hi [HI_LINES];

  function automatic logic [255:0] mem_line(input logic [47:0] a);
    if (a < 48'h40_0000) return mem_lo[a[21:5]];
    if (a >= HI_BASE) return mem_hi[a[15:5]];
    return '0;
  endfunction

  task automatic mem_put_line(input logic [47:0] a, input logic [255:0] v);
    if (a < 48'h40_0000) mem_lo[a[21:5]] = v;
    else if (a >= HI_BASE) mem_hi[a[15:5]] = v;
    else begin
      setup_errors++;
      $display("BENCH: line 0x%012h outside the bench memory", a);
    end
  endtask

  function automatic logic [7:0] mem_byte(input logic [47:0] a);
    logic [255:0] line;
    line = mem_line(a);
    return line[8*a[4:0] +: 8];
  endfunction

  task automatic mem_clear;
    for (int i = 0; i < LO_LINES; i++) mem_lo[i] = '0;
    for (int i = 0; i < HI_LINES; i++) mem_hi[i] = '0;
  endtask

  // ---- Memory port responder -----------------------------------------------------------
  localparam int PQ = 256;
  logic [47:0] pq_addr [PQ];
  logic [7:0]  pq_tag [PQ];
  int          pq_due [PQ];
  int          pq_seq [PQ];
  int          pq_n = 0, req_seq = 0;
  logic        mreq_waiting = 1'b0;
  logic [47:0] mreq_held_addr;
  logic [7:0]  mreq_held_tag;
  bit          tag_busy [256];

  always @(posedge clk) begin
    int pick, n_due, oldest, k_due, lat;
    cycle++;
    if (!rst_n) begin
      pq_n = 0;
      mem_rsp_valid <= 1'b0;
      mreq_waiting = 1'b0;
      for (int i = 0; i < 256; i++) tag_busy[i] = 1'b0;
    end else begin
      // Request channel: stability while waiting, then the handshake.
      if (mreq_waiting && (!mem_req_valid || mem_req_addr != mreq_held_addr ||
                           mem_req_tag != mreq_held_tag)) begin
        proto_errors++;
        $display("PROTOCOL: mem_req changed or dropped while waiting for ready");
      end
      if (mem_req_valid && mem_req_ready) begin
        if (mem_req_addr[4:0] != 5'd0) begin
          proto_errors++;
          $display("PROTOCOL: mem_req_addr 0x%012h not 32-byte aligned", mem_req_addr);
        end
        if (tag_busy[mem_req_tag]) begin
          proto_errors++;
          $display("PROTOCOL: tag %0d reused while in flight", mem_req_tag);
        end
        tag_busy[mem_req_tag] = 1'b1;
        if (perf) perf_lines++;
        pq_addr[pq_n] = mem_req_addr;
        pq_tag[pq_n] = mem_req_tag;
        // perf: the co-simulation memory model's latency, 2 or 12 cycles.
        // One draw in its own statement: Verilator may evaluate both arms of
        // a ?: or if/else that calls a function, which would skew the stream.
        lat = mem_rnd(perf ? 2 : max_latency);
        pq_due[pq_n] = perf ? cycle + 2 + 10 * lat : cycle + 1 + lat;
        pq_seq[pq_n] = req_seq++;
        pq_n++;
      end
      mreq_waiting = mem_req_valid && !mem_req_ready;
      mreq_held_addr = mem_req_addr;
      mreq_held_tag = mem_req_tag;
      // Response channel: a new response when the slot is free or taken now.
      if (!mem_rsp_valid || mem_rsp_ready) begin
        if (mem_rsp_valid) tag_busy[mem_rsp_tag] = 1'b0;
        n_due = 0;
        for (int i = 0; i < pq_n; i++)
          if (pq_due[i] <= cycle) n_due++;
        k_due = mem_rnd(100);       // drawn every time: the same stream everywhere
        if (n_due > 0 && k_due < mem_rsp_pct) begin
          k_due = mem_rnd(n_due);   // the k-th due entry
          pick = -1;
          for (int i = 0; i < pq_n; i++)
            if (pq_due[i] <= cycle && pick < 0) begin
              if (k_due == 0) pick = i;
              k_due--;
            end
          oldest = 1;
          for (int i = 0; i < pq_n; i++)
            if (pq_seq[i] < pq_seq[pick]) oldest = 0;
          if (!oldest) reads_reordered++;
          mem_rsp_valid <= 1'b1;
          mem_rsp_tag <= pq_tag[pick];
          mem_rsp_data <= mem_line(pq_addr[pick]);
          for (int i = pick; i < pq_n - 1; i++) begin
            pq_addr[i] = pq_addr[i + 1];
            pq_tag[i] = pq_tag[i + 1];
            pq_due[i] = pq_due[i + 1];
            pq_seq[i] = pq_seq[i + 1];
          end
          pq_n--;
        end else begin
          mem_rsp_valid <= 1'b0;
        end
      end
    end
  end

  always @(negedge clk) begin
    ready_rng_state = xorshift(ready_rng_state);
    rsp_ready = int'(ready_rng_state % 100) < ready_pct;
    ready_rng_state = xorshift(ready_rng_state);
    mem_req_ready = int'(ready_rng_state % 100) < mem_ready_pct;
  end

  // ---- Numbers: reference conversions by real arithmetic ------------------------------
  // A double (normal fp32 range or zero) rounded to the nearest fp32, ties to even.
  function automatic logic [31:0] f32_of_real(input real v);
    logic [63:0] d;
    logic [24:0] sig;
    logic [28:0] rest;
    int e;
    if (v == 0.0) return 32'd0;
    d = $realtobits(v);
    e = int'(d[62:52]) - 1023 + 127;
    sig = {2'b01, d[51:29]};
    rest = d[28:0];
    if (rest > 29'h1000_0000 || (rest == 29'h1000_0000 && sig[0])) sig = sig + 25'd1;
    if (sig[24]) begin
      sig = sig >> 1;
      e++;
    end
    return {d[63], 8'(e), sig[22:0]};
  endfunction

  function automatic real pow2(input int k);
    real r;
    r = 1.0;
    if (k >= 0) for (int i = 0; i < k; i++) r = r * 2.0;
    else for (int i = 0; i < -k; i++) r = r / 2.0;
    return r;
  endfunction

  // A finite fp32 as a real.
  function automatic real real_of_f32(input logic [31:0] f);
    real m;
    if (f[30:23] == 8'd0) m = real'(f[22:0]) * pow2(-149);
    else m = (1.0 + real'(f[22:0]) / pow2(23)) * pow2(int'(f[30:23]) - 127);
    return f[31] ? -m : m;
  endfunction

  // fp32 to fp16, round to nearest even or toward zero (R22).
  function automatic logic [15:0] f16_ref(input logic [31:0] f, input bit rz);
    real a, unit, q, fl, p;
    int ex;
    logic [15:0] bits;
    if (f[30:23] == 8'hFF)
      return f[22:0] != 0 ? {f[31], 5'h1F, 1'b1, f[21:13]} : {f[31], 15'h7C00};
    a = real_of_f32({1'b0, f[30:0]});
    if (a >= 65536.0) return {f[31], rz ? 15'h7BFF : 15'h7C00};
    if (a < pow2(-14)) unit = pow2(-24);
    else begin
      p = pow2(-14);
      while (p * 2.0 <= a) p = p * 2.0;
      unit = p / 1024.0;
    end
    q = a / unit;
    fl = $floor(q);
    if (!rz && (q - fl > 0.5 || (q - fl == 0.5 && (longint'(fl) % 2) == 1))) fl = fl + 1.0;
    a = fl * unit;
    if (a >= 65536.0) return {f[31], 15'h7C00};
    if (a < pow2(-14)) bits = 16'(longint'(a / pow2(-24)));
    else begin
      p = pow2(-14);
      ex = 1;
      while (p * 2.0 <= a) begin
        p = p * 2.0;
        ex++;
      end
      bits = 16'(ex * 1024 + longint'(a / p * 1024.0) - 1024);
    end
    return {f[31], bits[14:0]};
  endfunction

  // An unsigned/signed float with a 5-bit exponent and an mb-bit mantissa.
  function automatic logic [31:0] float5_ref(input bit sign, input int e, input int m,
                                             input int mb);
    real v;
    if (e == 31) begin
      if (m == 0) return {sign, 31'h7F80_0000};
      return {sign, 31'h7FC0_0000 | 31'(m << (23 - mb))};  // N66
    end
    if (e == 0) v = real'(m) * pow2(-14 - mb);
    else v = (1.0 + real'(m) / pow2(mb)) * pow2(e - 15);
    return v == 0.0 ? {sign, 31'd0} : f32_of_real(sign ? -v : v);
  endfunction

  function automatic logic [31:0] unorm_ref(input int c, input int b);
    return f32_of_real(real'(c) / (pow2(b) - 1.0));
  endfunction

  function automatic logic [31:0] snorm_ref(input int c, input int b);
    int s;
    real v;
    s = c >= (1 << (b - 1)) ? c - (1 << b) : c;
    v = real'(s) / (pow2(b - 1) - 1.0);
    if (v < -1.0) v = -1.0;
    return f32_of_real(v);
  endfunction

  function automatic logic [31:0] srgb_ref(input int v);
    real c;
    c = real'(v) / 255.0;
    if (c <= 0.04045) return f32_of_real(c / 12.92);
    return f32_of_real($pow((c + 0.055) / 1.055, 2.4));
  endfunction

  // ---- Texture parameters ------------------------------------------------------------------
  // What the bench generated for header t (the reference decodes the header
  // bytes from memory instead, see ref_texture).
  int tp_comp[NT], tp_ver[NT], tp_type[NT], tp_w[NT], tp_h[NT], tp_d[NT], tp_mip[NT];
  int tp_yl[NT], tp_zl[NT], tp_vmin[NT], tp_vmax[NT], tp_msaa[NT], tp_srgb[NT];
  int tp_dt[NT][4], tp_src[NT][4], tp_pitch[NT];
  logic [47:0] tp_base[NT];

  // Configuration of the epoch.
  logic [47:0] pool_base;
  logic [31:0] max_index;
  int          round_rz;
  logic [31:0] cbank[8192];

  // ---- Reference texture (decoded from the header in memory) -----------------------------
  int r_comp, r_ver, r_type, r_w, r_h, r_d, r_mip, r_yl, r_zl, r_vmin, r_vmax, r_msaa, r_srgb;
  int r_dt[4], r_src[4];
  longint r_base, r_pitch;
  // layout
  int r_bpp, r_ncomp, r_kind, r_pitchlin, r_dims, r_layers, r_levels, r_gw, r_gh, r_samples;
  int r_supported, r_integer;
  longint lv_w[16], lv_h[16], lv_d[16], lv_bx[16], lv_by[16], lv_off[16];
  int lv_yl[16], lv_zl[16];
  longint r_stride;

  function automatic int bits_of(input logic [255:0] h, input int hi, input int lo);
    int v;
    v = 0;
    for (int i = hi; i >= lo; i--) v = (v << 1) | int'(h[i]);
    return v;
  endfunction

  // Format table (texture-layout.md §3): bytes, components, kind, allowed types.
  // kind 0 32-bit, 1 16-bit, 2 8-bit, 3 A2B10G10R10, 4 B5G6R5, 5 R11G11B10F, 6 RGB9E5.
  task automatic fmt_info(input int comp, output int bytes, output int n, output int kind,
                          output int allowed);
    bytes = 0; n = 0; kind = 0; allowed = 0;
    case (comp)
      'h01: begin bytes = 16; n = 4; kind = 0; allowed = 'h98; end
      'h02: begin bytes = 12; n = 3; kind = 0; allowed = 'h98; end
      'h04: begin bytes = 8; n = 2; kind = 0; allowed = 'h98; end
      'h0F: begin bytes = 4; n = 1; kind = 0; allowed = 'h98; end
      'h03: begin bytes = 8; n = 4; kind = 1; allowed = 'h9E; end
      'h0C: begin bytes = 4; n = 2; kind = 1; allowed = 'h9E; end
      'h1B: begin bytes = 2; n = 1; kind = 1; allowed = 'h9E; end
      'h08: begin bytes = 4; n = 4; kind = 2; allowed = 'h1E; end
      'h18: begin bytes = 2; n = 2; kind = 2; allowed = 'h1E; end
      'h1D: begin bytes = 1; n = 1; kind = 2; allowed = 'h1E; end
      'h09: begin bytes = 4; n = 4; kind = 3; allowed = 'h14; end
      'h15: begin bytes = 2; n = 3; kind = 4; allowed = 'h04; end
      'h21: begin bytes = 4; n = 3; kind = 5; allowed = 'h80; end
      'h20: begin bytes = 4; n = 3; kind = 6; allowed = 'h80; end
      default: ;
    endcase
  endtask

  function automatic int ceil_log2(input longint n);
    int k;
    k = 0;
    while ((64'd1 << k) < n) k++;
    return k;
  endfunction

  // Grid of a MULTI_SAMPLE_COUNT mode (R20, N64); 0 = reserved.
  task automatic msaa_grid(input int mode, output int gw, output int gh);
    gw = 0; gh = 0;
    case (mode)
      0: begin gw = 1; gh = 1; end
      1, 5: begin gw = 2; gh = 1; end
      2, 8, 9: begin gw = 2; gh = 2; end
      3, 4, 10, 11: begin gw = 4; gh = 2; end
      6: begin gw = 4; gh = 4; end
      default: ;
    endcase
  endtask

  // Levels of the reference texture (texture-layout.md §4).
  task automatic ref_layout;
    longint total, align, height, depth, row_bytes, rows, bz;
    r_dims = (r_type == 0 || r_type == 4 || r_type == 6) ? 1 : r_type == 2 ? 3 : 2;
    r_layers = (r_type == 4 || r_type == 5 || r_type == 8) ? r_d : 1;
    r_levels = r_type == 7 ? 1 : r_mip + 1;
    height = r_dims >= 2 ? r_h : 1;
    depth = r_dims == 3 ? r_d : 1;
    total = 0;
    if (r_pitchlin) begin    // N70: one 2D image
      r_layers = 1;
      r_levels = 1;
      r_gw = 1;
      r_gh = 1;
      r_samples = 1;
      lv_w[0] = r_w;
      lv_h[0] = height;
      lv_d[0] = 1;
    end else begin
      for (int l = 0; l < r_levels; l++) begin : levels
        lv_w[l] = (r_w >> l) > 0 ? (r_w >> l) : 1;
        lv_h[l] = (height >> l) > 0 ? (height >> l) : 1;
        lv_d[l] = (depth >> l) > 0 ? (depth >> l) : 1;
        row_bytes = lv_w[l] * r_gw * r_bpp;
        rows = lv_h[l] * r_gh;
        lv_yl[l] = ceil_log2((rows + 7) / 8);
        if (lv_yl[l] > r_yl) lv_yl[l] = r_yl;
        lv_zl[l] = ceil_log2(lv_d[l]);
        if (lv_zl[l] > r_zl) lv_zl[l] = r_zl;
        lv_bx[l] = (row_bytes + 63) / 64;
        lv_by[l] = (rows + (8 << lv_yl[l]) - 1) / (8 << lv_yl[l]);
        bz = (lv_d[l] + (1 << lv_zl[l]) - 1) / (1 << lv_zl[l]);
        lv_off[l] = total;
        total += lv_bx[l] * lv_by[l] * bz * (512 << (lv_yl[l] + lv_zl[l]));
      end
      align = 512 << (lv_yl[0] + lv_zl[0]);
      r_stride = (total + align - 1) / align * align;
    end
  endtask

  // Decode the header of `ptr` from memory (DESIGN §7.5) and derive its layout.
  task automatic ref_texture(input logic [19:0] ptr);
    logic [255:0] h;
    logic [47:0] a;
    int allowed, tmp;
    a = pool_base + {23'd0, ptr, 5'd0};
    for (int i = 0; i < 32; i++) h[8*i +: 8] = mem_byte(a + 48'(i));
    r_comp = bits_of(h, 6, 0);
    for (int c = 0; c < 4; c++) begin
      r_dt[c] = bits_of(h, 9 + 3*c, 7 + 3*c);
      r_src[c] = bits_of(h, 21 + 3*c, 19 + 3*c);
    end
    r_ver = bits_of(h, 87, 85);
    r_pitchlin = r_ver == 2;
    r_base = (longint'(bits_of(h, 79, 64)) << 32) |
             (r_pitchlin ? longint'(bits_of(h, 63, 37)) << 5 : longint'(bits_of(h, 63, 41)) << 9);
    r_yl = bits_of(h, 101, 99);
    r_zl = bits_of(h, 104, 102);
    r_pitch = longint'(bits_of(h, 111, 96)) << 5;
    r_mip = bits_of(h, 127, 124);
    r_w = bits_of(h, 143, 128) + 1;
    r_srgb = bits_of(h, 150, 150);
    r_type = bits_of(h, 154, 151);
    r_h = bits_of(h, 175, 160) + 1;
    r_d = bits_of(h, 189, 176) + 1;
    r_vmin = bits_of(h, 227, 224);
    r_vmax = bits_of(h, 231, 228);
    r_msaa = bits_of(h, 235, 232);
    fmt_info(r_comp, r_bpp, r_ncomp, r_kind, allowed);
    msaa_grid(r_msaa, r_gw, r_gh);
    r_samples = r_gw * r_gh;
    // N62: the modelled subset.
    r_supported = r_bpp != 0 && (r_ver == 2 || r_ver == 3) && r_gw != 0 &&
                  (r_pitchlin || (r_yl <= 5 && r_zl <= 5));
    r_integer = 0;
    for (int c = 0; c < 4; c++) begin
      if (r_src[c] == 1) r_supported = 0;
      if (c < r_ncomp) begin
        tmp = (allowed >> r_dt[c]) & 1;
        if (tmp == 0) r_supported = 0;
        if (r_dt[c] == 3 || r_dt[c] == 4) r_integer = 1;
        if (r_srgb != 0 && c < 3 && (r_kind != 2 || r_dt[c] != 2)) r_supported = 0;
      end
    end
    if (r_supported) ref_layout;
  endtask

  // GOB offset of byte column u, row v (DESIGN §7.5).
  function automatic longint gob_offset(input longint u, input longint v);
    return ((u % 64) / 32) * 256 + ((v % 8) / 2) * 64 + ((u % 32) / 16) * 32 +
           (v % 2) * 16 + u % 16;
  endfunction

  // Byte address of byte column xb, sample row y, slice z, of a level and layer.
  function automatic logic [47:0] ref_addr(input int level, input longint xb, input longint y,
                                           input longint z, input longint layer);
    longint block, gob, yl, zl;
    if (r_pitchlin) return 48'(r_base + y * r_pitch + xb);
    yl = lv_yl[level];
    zl = lv_zl[level];
    block = ((z >> zl) * lv_by[level] + (y >> (3 + yl))) * lv_bx[level] + (xb >> 6);
    gob = (z % (1 << zl)) * (1 << yl) + (y >> 3) % (1 << yl);
    return 48'(r_base + layer * r_stride + lv_off[level] + block * (512 << (yl + zl)) +
               gob * 512 + gob_offset(xb % 64, y % 8));
  endfunction

  // One stored component c of a texel (R21).
  function automatic logic [31:0] ref_component(input logic [127:0] tx, input int c);
    int dt, v, w;
    logic [31:0] word;
    word = tx[31:0];
    dt = r_dt[c];
    case (r_kind)
      0: return tx[32*c +: 32];
      1: begin
        v = int'(tx[16*c +: 16]);
        case (dt)
          1: return snorm_ref(v, 16);
          2: return unorm_ref(v, 16);
          3: return {{16{tx[16*c + 15]}}, tx[16*c +: 16]};
          4: return {16'd0, tx[16*c +: 16]};
          default: return float5_ref(tx[16*c + 15], (v >> 10) & 31, v & 1023, 10);
        endcase
      end
      2: begin
        v = int'(tx[8*c +: 8]);
        if (r_srgb != 0 && c < 3) return srgb_ref(v);
        case (dt)
          1: return snorm_ref(v, 8);
          2: return unorm_ref(v, 8);
          3: return {{24{tx[8*c + 7]}}, tx[8*c +: 8]};
          default: return {24'd0, tx[8*c +: 8]};
        endcase
      end
      3: begin
        w = c < 3 ? 10 : 2;
        v = int'((word >> (10 * c)) & ((32'd1 << w) - 1));
        return dt == 2 ? unorm_ref(v, w) : v;
      end
      4: begin
        if (c == 0) return unorm_ref(int'(word[4:0]), 5);
        if (c == 1) return unorm_ref(int'(word[10:5]), 6);
        return unorm_ref(int'(word[15:11]), 5);
      end
      5: begin
        if (c == 0) return float5_ref(1'b0, int'(word[10:6]), int'(word[5:0]), 6);
        if (c == 1) return float5_ref(1'b0, int'(word[21:17]), int'(word[16:11]), 6);
        return float5_ref(1'b0, int'(word[31:27]), int'(word[26:22]), 5);
      end
      default: begin
        v = int'((word >> (9 * c)) & 32'h1FF);
        return v == 0 ? 32'd0 : f32_of_real(real'(v) * pow2(int'(word[31:27]) - 24));
      end
    endcase
  endfunction

  // One lane: X, Y, Z, W (all 0 when an R18 check fails).
  task automatic ref_lane(input int row, input logic [31:0] a0, input logic [31:0] a1,
                          input logic [31:0] b0, input logic [31:0] b1,
                          output logic [127:0] xyzw);
    longint s, t, r, lod, level, last, layer, sample, x, y, z, xs, ys, xb;
    logic [31:0] aoffi, rgba[4];
    logic [127:0] tx;
    logic [47:0] a;
    logic [42:0] a0_line;
    int param, du, dv;
    bit in_range;
    xyzw = '0;
    // Legal-table packing (TLDS.txt).
    param = (row <= 1) ? 1 : row == 7 ? 3 : row == 8 ? 4 : 2;   // 1D, 2D, 3D, ARRAY_2D
    s = row == 8 ? longint'($signed(b0)) : longint'($signed(a0));
    t = 0;
    if (row == 2) t = longint'($signed(b0));
    if (row == 4 || row == 5 || row == 6 || row == 7 || row == 12) t = longint'($signed(a1));
    if (row == 8) t = longint'($signed(b1));
    r = row == 7 ? longint'($signed(b0)) : 0;
    lod = (row == 1 || row == 5 || row == 12) ? longint'(b0) : 0;
    aoffi = row == 4 ? b0 : row == 12 ? b1 : 32'd0;
    sample = row == 6 ? longint'(b0) : 0;
    layer = row == 8 ? longint'(a0[15:0]) : 0;
    // N69 levels, R18 layer and sample.
    level = r_vmin + lod;
    last = r_vmax < r_levels - 1 ? r_vmax : r_levels - 1;
    in_range = level <= last && layer < r_layers && sample < r_samples;
    // R19 offsets, R18 bounds.
    du = int'(aoffi[3:0]);
    dv = int'(aoffi[7:4]);
    if (du >= 8) du -= 16;
    if (dv >= 8) dv -= 16;
    x = s + ((row == 4 || row == 12) ? du : 0);
    y = t + ((row == 4 || row == 12) ? dv : 0);
    z = r;
    if (in_range) begin
      if (x < 0 || x >= lv_w[level]) in_range = 0;
      if (param != 1 && (y < 0 || y >= lv_h[level])) in_range = 0;
      if (param == 3 && (z < 0 || z >= lv_d[level])) in_range = 0;
    end
    if (in_range) begin
      if (param == 1) y = 0;
      if (param != 3) z = 0;
      if (bug_sel == 0) begin
        cov_kind[r_kind]++;
        if (r_pitchlin) cov_pitch++; else cov_bl++;
        if (row == 6 && r_samples > 1) cov_ms++;
        if (param == 3) cov_3d++;
        if (layer > 0) cov_array++;
        if (level > 0) cov_level++;
        if (r_srgb != 0) cov_srgb++;
        if ((row == 4 || row == 12) && (du < 0 || dv < 0)) cov_aoffi++;
        if (r_base + r_stride * r_layers > 64'h1_0000_0000_0000) cov_wrap++;
      end
      // R20 sample grid, then the texel's bytes (N75: a 12-byte texel word by word).
      xs = x * r_gw + sample % r_gw;
      ys = y * r_gh + sample / r_gw;
      xb = xs * r_bpp;
      tx = '0;
      if (r_bpp == 12) begin
        for (int k = 0; k < 3; k++) begin
          a = ref_addr(int'(level), xb + 4 * k, ys, z, layer);
          if (k == 0) a0_line = a[47:5];
          if (k == 2 && a[47:5] != a0_line && bug_sel == 0) cov_12b_two++;
          for (int i = 0; i < 4; i++) tx[32*k + 8*i +: 8] = mem_byte(a + 48'(i));
        end
      end else begin
        a = ref_addr(int'(level), xb, ys, z, layer);
        for (int i = 0; i < r_bpp; i++) tx[8*i +: 8] = mem_byte(a + 48'(i));
      end
      if (dbg_now)
        $display("  ref: level %0d x %0d y %0d z %0d layer %0d sample %0d addr %h texel %h",
                 level, x, y, z, layer, sample, a, tx);
      // R21 conversion, N67 missing components, then the swizzle.
      for (int c = 0; c < 4; c++) begin
        if (c < r_ncomp) rgba[c] = ref_component(tx, c);
        else if (c == 3) rgba[c] = (r_dt[0] == 3 || r_dt[0] == 4) ? 32'd1 : 32'h3F80_0000;
        else rgba[c] = 32'd0;
      end
      for (int i = 0; i < 4; i++)
        case (r_src[i])
          2, 3, 4, 5: xyzw[32*i +: 32] = rgba[r_src[i] - 2];
          6: xyzw[32*i +: 32] = 32'd1;
          7: xyzw[32*i +: 32] = 32'h3F80_0000;
          default: xyzw[32*i +: 32] = 32'd0;
        endcase
    end
  endtask

  // ---- Reference: the expected response of one request ------------------------------------
  task automatic expect_txn(input int tag, input logic [REQUEST_BITS-1:0] q);
    logic [63:0] w;
    logic [31:0] lanes, entry;
    int rd0, rd1, ra, rb, wmsk, row, f16, idx, na, nb, n, nd0, nd1, param, ok, unsup;
    int comps[4], reg_of[4], lo[4], hi[4];
    logic legal;
    logic [127:0] xyzw;
    logic [31:0] val;

    w = q[RQ_INSN +: 64];
    lanes = q[RQ_MASK +: 32];
    dbg_now = tag == dbg_tag && bug_sel == 0;
    rd0 = int'(w[7:0]);
    ra = int'(w[15:8]);
    rb = int'(w[27:20]);
    rd1 = int'(w[35:28]);
    idx = int'(w[48:36]);
    wmsk = int'(w[52:50]);
    row = int'(w[56:53]);
    f16 = w[59] ? 0 : 1;
    e_value[tag] = '0;
    e_dc[tag] = '0;
    e_hdr[tag] = -1;
    e_wb_reg[tag] = 32'hFFFF_FFFF;
    e_wb_valid[tag] = '0;
    e_fault[tag] = FAULT_NONE;
    e_fault_lanes[tag] = 32'd0;
    seen[tag] = 0;

    // Legality (DESIGN §7.1, R10, R23, N4, N73).
    legal = (w[63:57] == 7'h6D || w[63:57] == 7'h69) &&
            (row == 0 || row == 1 || row == 2 || row == 4 || row == 5 || row == 6 ||
             row == 7 || row == 8 || row == 12) && (rd1 == 255 || wmsk <= 4);
    na = (row & 4) != 0 ? 2 : 1;
    nb = row == 0 ? 0 : (row & 8) != 0 ? 2 : 1;
    // Components of the write mask (TLDS.txt tables, R23).
    n = 0;
    if (rd1 == 255) begin
      case (wmsk)
        0: begin n = 1; comps[0] = 0; end
        1: begin n = 1; comps[0] = 1; end
        2: begin n = 1; comps[0] = 2; end
        3: begin n = 1; comps[0] = 3; end
        4: begin n = 2; comps[0] = 0; comps[1] = 1; end
        5: begin n = 2; comps[0] = 0; comps[1] = 3; end
        6: begin n = 2; comps[0] = 1; comps[1] = 3; end
        default: begin n = 2; comps[0] = 2; comps[1] = 3; end
      endcase
    end else begin
      case (wmsk)
        0: begin n = 3; comps[0] = 0; comps[1] = 1; comps[2] = 2; end
        1: begin n = 3; comps[0] = 0; comps[1] = 1; comps[2] = 3; end
        2: begin n = 3; comps[0] = 0; comps[1] = 2; comps[2] = 3; end
        3: begin n = 3; comps[0] = 1; comps[1] = 2; comps[2] = 3; end
        default: begin n = 4; comps[0] = 0; comps[1] = 1; comps[2] = 2; comps[3] = 3; end
      endcase
    end
    nd0 = f16 ? 1 : rd1 == 255 ? n : 2;
    nd1 = rd1 == 255 ? 0 : f16 ? 1 : n - 2;
    if (legal) begin
      if (ra == 255 || (na == 2 && ra % 2 == 1)) legal = 0;
      if (nb == 0 && rb != 255) legal = 0;
      if (nb > 0 && rb == 255) legal = 0;
      if (nb == 2 && rb != 255 && rb % 2 == 1) legal = 0;
      if (nd0 == 2 && rd0 != 255 && rd0 % 2 == 1) legal = 0;
      if (nd1 == 2 && rd1 != 255 && rd1 % 2 == 1) legal = 0;
    end
    if (bug_sel == 0) begin
      if (!legal) cov_fault++;
      else if (rd0 == 255 && rd1 == 255) cov_r24++;
    end
    if (!legal) begin
      e_fault[tag] = FAULT_ILLEGAL_INSTR_ENCODING;
      e_fault_lanes[tag] = lanes;
    end else if (rd0 != 255 || rd1 != 255) begin   // R24: else nothing
      // Destinations (N74).
      for (int s = 0; s < 4; s++) begin
        reg_of[s] = 255;
        lo[s] = -1;
        hi[s] = -1;
      end
      for (int i = 0; i < n; i++) begin
        if (f16) begin
          reg_of[(i / 2) * 2] = i < 2 ? rd0 : rd1;
          if (i % 2 == 0) lo[(i / 2) * 2] = comps[i];
          else hi[(i / 2) * 2] = comps[i];
        end else begin
          if (i % 2 == 0) reg_of[i] = i < 2 ? rd0 : rd1;
          else reg_of[i] = (i < 2 ? rd0 : rd1) >= 254 ? 255 : (i < 2 ? rd0 : rd1) + 1;
          lo[i] = comps[i];
        end
      end
      for (int s = 0; s < 4; s++)
        if (reg_of[s] != 255) begin
          e_wb_reg[tag][8*s +: 8] = 8'(reg_of[s]);
          e_wb_valid[tag][32*s +: 32] = lanes;
        end

      // The texture (R18 index and type, N62 subset).
      entry = cbank[idx];
      ok = entry[19:0] <= max_index;
      unsup = 0;
      if (ok) begin
        ref_texture(entry[19:0]);
        param = (row <= 1) ? 1 : row == 7 ? 3 : 2;
        if (r_type == 0 || r_type == 4) ok = param == 1;
        else if (r_type == 1 || r_type == 5 || r_type == 7) ok = param == 2;
        else if (r_type == 2) ok = param == 3;
        else ok = 0;
        if (bug_sel == 0 && !ok) cov_mismatch_type++;
        if (ok && !r_supported) begin
          unsup = 1;
          ok = 0;
          if (bug_sel == 0) cov_unsup++;
        end
      end else if (bug_sel == 0) cov_bad_index++;
      e_hdr[tag] = ok ? int'(entry[19:0]) : -1;
      if (ok && bug_sel == 0) begin
        cov_read_warps++;
        if (f16 && round_rz != 0) cov_f16_rz++;
        if (f16 && round_rz == 0) cov_f16_rne++;
      end
      for (int s = 0; s < 4; s++)
        if (reg_of[s] != 255) begin
          if (unsup) e_dc[tag][32*s +: 32] = 32'hFFFF_FFFF;
          else if (ok && f16 && r_integer) begin   // R22, N72
            if (lo[s] >= 0) e_dc[tag][32*s +: 16] = 16'hFFFF;
            if (hi[s] >= 0) e_dc[tag][32*s + 16 +: 16] = 16'hFFFF;
          end
        end
      for (int l = 0; l < 32; l++)
        if (ok && lanes[l]) begin
          ref_lane(row, q[RQ_A + 32*l +: 32], q[RQ_A + 1024 + 32*l +: 32],
                   q[RQ_B + 32*l +: 32], q[RQ_B + 1024 + 32*l +: 32], xyzw);
          for (int s = 0; s < 4; s++)
            if (reg_of[s] != 255) begin
              if (f16)
                val = {hi[s] >= 0 ? f16_ref(xyzw[32*hi[s] +: 32], round_rz != 0) : 16'd0,
                       f16_ref(xyzw[32*lo[s] +: 32], round_rz != 0)};
              else val = xyzw[32*lo[s] +: 32];
              e_value[tag][32*(32*s + l) +: 32] = val;
            end
        end
    end
  endtask

  // ---- Response check ---------------------------------------------------------------------------
  task automatic describe(input int t);
    $display("  header %0d: fmt %h types %0d %0d %0d %0d src %0d %0d %0d %0d srgb %0d ver %0d type %0d %0dx%0dx%0d mip %0d yl %0d zl %0d view %0d..%0d ms %0d base %h",
             t, tp_comp[t], tp_dt[t][0], tp_dt[t][1], tp_dt[t][2], tp_dt[t][3], tp_src[t][0],
             tp_src[t][1], tp_src[t][2], tp_src[t][3], tp_srgb[t], tp_ver[t], tp_type[t],
             tp_w[t], tp_h[t], tp_d[t], tp_mip[t], tp_yl[t], tp_zl[t], tp_vmin[t], tp_vmax[t],
             tp_msaa[t], tp_base[t]);
  endtask

  task automatic mismatch(input int tag, input string what);
    errors++;
    if (bug_sel == 0 && errors <= 12) begin
      $display("MISMATCH bug_sel=%0d tag=%0d: %s", bug_sel, tag, what);
      if (tag >= 0 && tag < MAX_TXN && e_hdr[tag] >= 0 && e_hdr[tag] < NT)
        describe(e_hdr[tag]);
    end
  endtask

  task automatic check_rsp(input logic [RESPONSE_BITS-1:0] o);
    int tag;
    logic [31:0] got, want, dc;
    tag = o[RS_TAG +: 32];
    if (tag < 0 || tag >= sent) mismatch(tag, "response with a tag never sent");
    else begin
      seen[tag]++;
      received++;
      if (seen[tag] > 1) mismatch(tag, "duplicate response");
      else begin
        if (o[RS_FAULT +: 8] != e_fault[tag]) mismatch(tag, "fault");
        if (o[RS_FAULT_LANES +: 32] != e_fault_lanes[tag]) mismatch(tag, "fault_lanes");
        for (int s = 0; s < 4; s++) begin
          if (o[RS_WB_VALID + 32*s +: 32] != e_wb_valid[tag][32*s +: 32])
            mismatch(tag, $sformatf("wb_valid[%0d] %h, expected %h", s,
                                    o[RS_WB_VALID + 32*s +: 32], e_wb_valid[tag][32*s +: 32]));
          if (e_wb_valid[tag][32*s +: 32] != 0) begin
            if (o[RS_WB_REG + 8*s +: 8] != e_wb_reg[tag][8*s +: 8])
              mismatch(tag, $sformatf("wb_reg[%0d]", s));
            dc = e_dc[tag][32*s +: 32];
            for (int l = 0; l < 32; l++) begin
              got = o[RS_WB_VALUE + 32*(32*s + l) +: 32];
              want = e_value[tag][32*(32*s + l) +: 32];
              if (e_wb_valid[tag][32*s + l] && ((got ^ want) & ~dc) != 0)
                mismatch(tag, $sformatf("wb_value[%0d][%0d] %h, expected %h (insn %h)", s, l,
                                        got, want, sent_insn[tag]));
            end
          end
        end
        if (o[RS_WB_DC +: 4096] != '0) mismatch(tag, "wb_dontcare must be 0 in RTL");
        if (o[RS_PD_WRITTEN +: 32] != 32'd0) mismatch(tag, "pd_written");
        if (o[RS_ST_MASK +: 128] != 128'd0) mismatch(tag, "st_mask");
      end
    end
  endtask

  // Hex dumps, most significant digit first, 32 bits at a time.
  task automatic dump_req(input logic [REQUEST_BITS-1:0] v);
    $fwrite(dump_fd, "Q ");
    for (int i = REQUEST_BITS / 32 - 1; i >= 0; i--) $fwrite(dump_fd, "%h", v[32*i +: 32]);
    $fwrite(dump_fd, "\n");
  endtask

  task automatic dump_rsp(input logic [RESPONSE_BITS-1:0] v);
    $fwrite(dump_fd, "S %h", v[RESPONSE_BITS-1:RESPONSE_BITS/32*32]);
    for (int i = RESPONSE_BITS / 32 - 1; i >= 0; i--) $fwrite(dump_fd, "%h", v[32*i +: 32]);
    $fwrite(dump_fd, "\n");
  endtask

  // Monitor: handshakes and the stability rule, sampled on the rising edge.
  logic acc_evt = 1'b0;
  int in_flight = 0, max_in_flight = 0;
  logic rsp_waiting = 1'b0;
  logic [RESPONSE_BITS-1:0] rsp_held;

  always @(posedge clk) begin
    acc_evt = rst_n && req_valid && req_ready;
    if (in_flight > max_in_flight) max_in_flight = in_flight;
    if (rst_n) begin
      if (acc_evt) in_flight++;
      if (rsp_valid && rsp_ready) in_flight--;
      if (rsp_waiting && (!rsp_valid || rsp != rsp_held))
        mismatch(-1, "rsp changed or dropped while waiting for rsp_ready");
      if (rsp_valid && rsp_ready) begin
        check_rsp(rsp);
        if (dump_fd != 0 && bug_sel == 0) dump_rsp(rsp);
      end
      rsp_waiting = rsp_valid && !rsp_ready;
      rsp_held = rsp;
    end else begin
      rsp_waiting = 1'b0;
      in_flight = 0;
    end
  end

  // ---- Driver (all changes on the falling edge) ----------------------------------------
  // Configuration port, version 2 (docs/port-contract.md N120-N123): one
  // burst of the words of one 128-byte block named by mask. cfg_ready may
  // depend on the offer, so it is sampled once the offer has settled; the
  // burst transfers on the next rising edge. Read answers are checked by
  // the monitor below, in order (N122); bursts may follow back to back.
  localparam int CQ = 64;
  logic [31:0]   cq_addr [CQ], cq_mask [CQ];
  logic [1023:0] cq_want [CQ];
  int            cq_wr = 0, cq_rd = 0;
  int            cfg_bursts = 0;      // transfers, for the load-cost figure

  task automatic cfg_burst(input logic write, input logic [31:0] addr, input logic [31:0] mask,
                           input logic [1023:0] data);
    cfg_valid = 1'b1;
    cfg_write = write;
    cfg_addr = addr;
    cfg_mask = mask;
    cfg_wdata = write ? data : {32{32'hDEAD_BEEF}};  // read bursts carry no data
    #1;
    while (!cfg_ready) begin
      @(negedge clk);
      #1;
    end
    if (!write) begin
      cq_addr[cq_wr % CQ] = addr;
      cq_mask[cq_wr % CQ] = mask;
      cq_want[cq_wr % CQ] = data;
      cq_wr++;
    end
    cfg_bursts++;
    @(negedge clk);
    cfg_valid = 1'b0;
  endtask

  task automatic cfg_write1(input logic [31:0] addr, input logic [31:0] data);
    logic [1023:0] d;
    d = '0;
    d[32*addr[6:2] +: 32] = data;
    cfg_burst(1'b1, {addr[31:7], 7'd0}, 32'd1 << addr[6:2], d);
  endtask

  task automatic cfg_expect(input logic [31:0] addr, input logic [31:0] want);
    logic [1023:0] d;
    d = '0;
    d[32*addr[6:2] +: 32] = want;
    cfg_burst(1'b0, {addr[31:7], 7'd0}, 32'd1 << addr[6:2], d);
  endtask

  task automatic cfg_drain;   // every read answered
    int t;
    t = 0;
    while (cq_rd < cq_wr && t < 100) begin
      @(negedge clk);
      t++;
    end
    if (cq_rd < cq_wr) begin
      setup_errors++;
      $display("CFG: %0d read bursts never answered", cq_wr - cq_rd);
      cq_rd = cq_wr;
    end
  endtask

  always @(posedge clk) begin
    if (rst_n && cfg_rvalid) begin
      if (cq_rd >= cq_wr) begin
        setup_errors++;
        $display("CFG: cfg_rvalid without an outstanding read burst");
      end else begin
        for (int k = 0; k < 32; k++)
          if (cq_mask[cq_rd % CQ][k] &&
              cfg_rdata[32*k +: 32] !== cq_want[cq_rd % CQ][32*k +: 32]) begin
            // A defect's read-back differences count as its mismatches.
            if (bug_sel == 0) begin
              setup_errors++;
              $display("CFG READ 0x%08h = 0x%08h, expected 0x%08h", cq_addr[cq_rd % CQ] + 4 * k,
                       cfg_rdata[32*k +: 32], cq_want[cq_rd % CQ][32*k +: 32]);
            end else errors++;
          end
        cq_rd++;
      end
    end
  end

  // ---- Stimulus: textures ------------------------------------------------------------------
  // Data types a component of format kind may have (texture-layout.md §3).
  function automatic int pick_type(input int kind);
    int k, j;
    k = rnd(200);
    j = rnd(20);                                 // drawn whatever k is
    if (k < 2) return 5 + j % 2;                 // FORCE_FP16: outside the subset (N62)
    case (kind)
      0: return j % 3 == 0 ? 7 : j % 3 == 1 ? 3 : 4;
      1: return j % 5 == 0 ? 7 : j % 5;          // FLOAT, SNORM, UNORM, SINT, UINT
      2: return 1 + j % 4;
      3: return j % 2 == 0 ? 2 : 4;
      4: return 2;
      default: return 7;
    endcase
  endfunction

  logic [255:0] hdr_bits;

  task automatic put_bits(input int hi, input int lo, input longint v);
    for (int i = lo; i <= hi; i++) hdr_bits[i] = v[i - lo];
  endtask

  // A random texture t placed at `base` (advanced past it); `wrap` places it
  // across 2^48.
  // The supported COMPONENTS values (texture-layout.md §3).
  function automatic int fmt_by_index(input int i);
    case (i)
      0: return 'h01;  1: return 'h02;  2: return 'h04;  3: return 'h0F;
      4: return 'h03;  5: return 'h0C;  6: return 'h1B;  7: return 'h08;
      8: return 'h18;  9: return 'h1D;  10: return 'h09; 11: return 'h15;
      12: return 'h21; default: return 'h20;
    endcase
  endfunction

  task automatic new_texture(input int t, inout longint cursor, input int wrap,
                            input int force_fmt);
    int bytes, n, kind, allowed, k, j, gw, gh, tries;
    longint foot, rowb, a;
    logic [255:0] line;
    tries = 0;
    foot = 64'h7FFF_FFFF;
    while (foot > (wrap ? 48'd60000 : 48'd200000) && tries < 50) begin
      tries++;
      k = rnd(100);
      j = rnd(14);
      tp_comp[t] = k < 3 ? 'h05 : k < 5 ? 'h22 : fmt_by_index(j);   // 0x05, 0x22 unsupported
      if (force_fmt >= 0) tp_comp[t] = fmt_by_index(force_fmt);
      fmt_info(tp_comp[t], bytes, n, kind, allowed);
      for (int c = 0; c < 4; c++) tp_dt[t][c] = pick_type(kind);
      k = rnd(100);
      if (k < 55) for (int c = 0; c < 4; c++) tp_src[t][c] = 2 + c;
      else for (int c = 0; c < 4; c++) begin
        k = rnd(60);
        j = rnd(4);
        tp_src[t][c] = k == 0 ? 1 : k < 8 ? 0 : k < 14 ? 6 : k < 20 ? 7 : 2 + j;
      end
      tp_srgb[t] = 0;
      k = rnd(100);
      j = rnd(100);
      if (kind == 2 && k < (tp_comp[t] == 'h08 ? 75 : 50)) begin
        tp_srgb[t] = 1;
        for (int c = 0; c < 3; c++) begin
          k = rnd(20);
          tp_dt[t][c] = k == 0 ? 1 : 2;
        end
      end else if (j < 2) tp_srgb[t] = 1;           // sRGB on another format
      k = rnd(100);
      j = rnd(6);
      tp_ver[t] = k < 40 ? 2 : k < 98 ? 3 : (j % 2 == 0 ? 1 : 4);
      if (wrap) tp_ver[t] = 3;
      k = rnd(100);
      tp_type[t] = k < 15 ? 0 : k < 45 ? 1 : k < 60 ? 2 : k < 68 ? 4 : k < 85 ? 5 : k < 95 ? 7
                 : (j % 3 == 0 ? 3 : j % 3 == 1 ? 6 : 8);
      tp_msaa[t] = 0;
      k = rnd(100);
      j = rnd(12);
      if ((tp_type[t] == 1 || tp_type[t] == 5 || tp_type[t] == 7) && k < 35)
        tp_msaa[t] = j == 7 ? (k % 3 == 0 ? 7 : 12) : j == 0 ? 6 : j;   // 7, 12: reserved
      j = rnd(10);
      k = rnd(5);
      // Directed textures of every epoch: an array with mips whose layer
      // stride needs rounding, a multisample texture of 4+ samples, an sRGB
      // A8B8G8R8 with alpha, an R32_G32_B32.
      if (t == 3) begin
        tp_type[t] = 5;
        tp_ver[t] = 3;
        tp_msaa[t] = 0;
      end
      if (t == 4) begin
        tp_type[t] = 1;
        tp_ver[t] = 3;
        tp_msaa[t] = k == 0 ? 2 : k == 1 ? 3 : k == 2 ? 6 : k == 3 ? 8 : 10;
      end
      if (t == 6) begin            // 12-byte texels, some straddling two lines (N75)
        tp_comp[t] = 'h02;
        fmt_info(tp_comp[t], bytes, n, kind, allowed);
        for (int c = 0; c < 4; c++) tp_dt[t][c] = pick_type(kind) == 7 ? 7 : 4;
      end
      if (t == 5) begin
        tp_comp[t] = 'h08;
        tp_srgb[t] = 1;
        tp_type[t] = 1;
        for (int c = 0; c < 4; c++) begin
          tp_dt[t][c] = c < 3 ? 2 : 1 + k % 2;
          tp_src[t][c] = 2 + c;
        end
      end
      if (wrap) begin   // keep the wrapping texture readable
        tp_comp[t] = fmt_by_index(j);
        fmt_info(tp_comp[t], bytes, n, kind, allowed);
        for (int c = 0; c < 4; c++) begin
          tp_dt[t][c] = kind == 0 ? 4 : 2;
          tp_src[t][c] = 2 + c;
        end
        tp_srgb[t] = 0;
        tp_type[t] = 1;
        tp_msaa[t] = 0;
      end
      msaa_grid(tp_msaa[t], gw, gh);
      if (gw == 0) begin gw = 1; gh = 1; end
      tp_w[t] = 1 + rnd(tp_msaa[t] != 0 ? 14 : 70);
      tp_h[t] = 1 + rnd(tp_msaa[t] != 0 ? 8 : 40);
      tp_d[t] = 1 + rnd(6);
      tp_mip[t] = rnd(5);
      k = rnd(40);
      j = rnd(8);
      tp_yl[t] = k == 0 ? 6 + j % 2 : j % 6;          // 6, 7: outside the subset
      tp_zl[t] = k == 1 ? 6 + j % 2 : (j + k) % 6;
      k = rnd(12);
      tp_vmin[t] = k < 3 ? k : 0;
      tp_vmax[t] = k >= 8 ? k - 8 : 15;
      if (t == 3) begin
        tp_h[t] = 17 + tp_h[t] % 24;    // level 1 needs fewer GOBs than level 0
        tp_d[t] = 2 + tp_d[t] % 5;
        tp_yl[t] = 2 + j % 4;
        tp_mip[t] = 1 + j % 3;
        tp_vmin[t] = 0;
        tp_vmax[t] = 15;
      end
      rowb = longint'(tp_w[t]) * (bytes == 0 ? 4 : bytes);
      tp_pitch[t] = int'((rowb + 31) / 32 * 32 + 32 * rnd(3));
      // Footprint: the bench's own layout of this texture.
      r_comp = tp_comp[t]; r_type = tp_type[t]; r_w = tp_w[t]; r_h = tp_h[t]; r_d = tp_d[t];
      r_mip = tp_mip[t]; r_yl = tp_yl[t] > 5 ? 5 : tp_yl[t]; r_zl = tp_zl[t] > 5 ? 5 : tp_zl[t];
      r_gw = gw; r_gh = gh; r_bpp = bytes == 0 ? 4 : bytes; r_pitchlin = tp_ver[t] == 2;
      ref_layout;
      foot = r_pitchlin ? longint'(tp_pitch[t]) * (r_dims >= 2 ? tp_h[t] : 1)
                        : r_stride * r_layers;
    end
    if (foot > (wrap ? 60000 : 200000)) begin   // keep it small whatever was drawn
      tp_w[t] = 1; tp_h[t] = 1; tp_d[t] = 1; tp_mip[t] = 0; foot = 4096;
    end
    // A wrapping texture starts below 2^48 and ends above 0 (N61).
    k = rnd(3);
    if (wrap) tp_base[t] = 48'(49'h1_0000_0000_0000 - 49'(512 * (foot >= 2048 ? foot / 1024 : 1)));
    else begin
      tp_base[t] = 48'(cursor);
      cursor = (cursor + foot + 511) / 512 * 512 + 512 * k;
    end
    // Random texel bytes over the footprint (and a little beyond).
    for (a = 0; a < foot + 64; a += 32) begin
      for (int i = 0; i < 8; i++) line[32*i +: 32] = rand32();
      k = rnd(32);
      if (k < 4) line[31:0] = 32'h7F80_0000 + k;  // infinity and NaN patterns
      mem_put_line(48'(longint'(tp_base[t]) + a), line);
    end
    // The header (DESIGN §7.5), at pool base + 32 t (N60).
    hdr_bits = '0;
    put_bits(6, 0, tp_comp[t]);
    for (int c = 0; c < 4; c++) begin
      put_bits(9 + 3*c, 7 + 3*c, tp_dt[t][c]);
      put_bits(21 + 3*c, 19 + 3*c, tp_src[t][c]);
    end
    if (tp_ver[t] == 2) begin
      put_bits(63, 37, longint'(tp_base[t][31:5]));
      put_bits(111, 96, longint'(tp_pitch[t] >> 5));
    end else begin
      put_bits(63, 41, longint'(tp_base[t][31:9]));
      put_bits(101, 99, tp_yl[t]);
      put_bits(104, 102, tp_zl[t]);
    end
    put_bits(79, 64, longint'(tp_base[t][47:32]));
    put_bits(87, 85, tp_ver[t]);
    put_bits(127, 124, tp_mip[t]);
    put_bits(143, 128, tp_w[t] - 1);
    put_bits(150, 150, tp_srgb[t]);
    put_bits(154, 151, tp_type[t]);
    put_bits(175, 160, tp_h[t] - 1);
    put_bits(189, 176, tp_d[t] - 1);
    put_bits(227, 224, tp_vmin[t]);
    put_bits(231, 228, tp_vmax[t]);
    put_bits(235, 232, tp_msaa[t]);
    // Ignored fields hold garbage (TLDS.txt header overrides).
    put_bits(255, 236, longint'(rand32()));
    mem_put_line(pool_base + 48'(32 * t), hdr_bits);
  endtask

  // ---- Stimulus: requests -----------------------------------------------------------------------
  // Texture dimensions as the bench drew them, for coordinates near the edges.
  int cur_t;

  function automatic logic [31:0] coord(input int size);
    int k;
    logic [31:0] any;
    int j;
    k = rnd(24);
    j = rnd(size);
    any = rand32();
    if (k < 19) return 32'(j);
    if (k == 19) return 32'(size);
    if (k == 20) return 32'hFFFF_FFFF;
    if (k == 21) return 32'(size) + any[1:0];
    if (k == 22) return 32'h8000_0000 + any[1:0];
    return any;
  endfunction

  // The rows of the legal modifier table (TLDS.txt).
  function automatic int row_by_index(input int i);
    case (i)
      0: return 0; 1: return 1; 2: return 2; 3: return 4; 4: return 5;
      5: return 6; 6: return 7; 7: return 8; default: return 12;
    endcase
  endfunction

  task automatic make_req(input int tag, output logic [REQUEST_BITS-1:0] q);
    logic [63:0] w;
    int kind, row, rd1, wmsk, n, na, nb, nd0, pick, j, w_l, h_l, d_l, level;
    logic [31:0] any;
    logic [31:0] x, y, z, lod, aoffi, smp, lyr;
    for (int i = 0; i < REQUEST_BITS / 32; i++) q[32*i +: 32] = rand32();
    q[RQ_TAG +: 32] = tag;
    pick = rnd(5);
    j = rnd(32);
    any = rand32();
    q[RQ_MASK +: 32] = pick == 0 ? 32'hFFFF_FFFF : pick == 1 ? 32'd1 << j : any;
    kind = rnd(100);
    w[63:32] = rand32();
    w[31:0] = rand32();
    if (kind >= 6) begin
      // Mostly a texture first and a row whose paramA matches its type.
      cur_t = rnd(NT);
      pick = rnd(100);
      j = rnd(63);
      if (pick < 4) row = 3 + 6 * (j % 2);                     // 3, 9: not rows
      else if (pick < 20) row = row_by_index(j % 9);
      else if (tp_type[cur_t] == 0 || tp_type[cur_t] == 4) row = j % 2;
      else if (tp_type[cur_t] == 2) row = 7;
      else if (tp_msaa[cur_t] != 0 && j < 32) row = 6;
      else if (tp_type[cur_t] == 5 && j < 32) row = 8;
      else row = row_by_index(2 + j % 7);
      w[63:57] = 7'h6D;
      j = rnd(3);
      w[59] = j != 0;                                   // .F16 one in three
      w[56:53] = 4'(row);
      pick = rnd(40);
      j = rnd(100);
      rd1 = pick < 20 ? 255 : pick == 20 ? 2 * j + 1 : 2 * j;   // odd: maybe misaligned
      pick = rnd(12);
      j = rnd(40);
      wmsk = rd1 != 255 && pick != 0 ? j % 5 : j % 8;
      w[52:50] = 3'(wmsk);
      w[35:28] = 8'(rd1);
      n = rd1 == 255 ? (wmsk < 4 ? 1 : 2) : (wmsk == 4 ? 4 : 3);
      nd0 = !w[59] ? 1 : rd1 == 255 ? n : 2;
      pick = rnd(30);
      j = rnd(254);
      w[7:0] = pick < 3 ? 8'd255 : pick < 6 ? 8'd254 : pick == 6 ? 8'(j | 1)   // maybe misaligned
             : 8'(nd0 == 2 ? j & ~1 : j);
      na = (row & 4) != 0 ? 2 : 1;
      nb = row == 0 ? 0 : (row & 8) != 0 ? 2 : 1;
      j = rnd(254);
      w[15:8] = 8'(na == 2 ? j & ~1 : j);
      j = rnd(254);
      w[27:20] = nb == 0 ? 8'd255 : 8'(nb == 2 ? j & ~1 : j);
      pick = rnd(40);
      if (pick == 0) w[15:8] = 8'd255;
      if (pick == 1) w[27:20] = nb == 0 ? 8'(j) : 8'd255;
      if (pick == 2) w[15:8] = 8'(j | 1);
      if (pick == 3) w[27:20] = 8'(j | 1);
      pick = rnd(10);
      j = rnd(NBANK);
      any = rand32();
      w[48:36] = pick == 0 ? any[12:0] : pick == 1 ? 13'(j) : 13'(cur_t);
    end
    q[RQ_INSN +: 64] = w;
    sent_insn[tag] = w;
    // Operands: near the sizes of the texture the bank word names.
    cur_t = int'(cbank[w[48:36]] & 32'hF_FFFF);
    j = rnd(NT);
    if (cur_t >= NT) cur_t = j;
    row = int'(w[56:53]);
    for (int l = 0; l < 32; l++) begin
      pick = rnd(8);
      j = rnd(tp_mip[cur_t] + 1);
      any = coord(6);
      lod = pick < 3 ? 32'(j) : pick < 6 ? 32'd0 : any;
      level = tp_vmin[cur_t] + int'(lod[3:0]);
      w_l = tp_w[cur_t] >> level; if (w_l == 0) w_l = 1;
      h_l = tp_h[cur_t] >> level; if (h_l == 0) h_l = 1;
      d_l = tp_d[cur_t] >> level; if (d_l == 0) d_l = 1;
      x = coord(w_l);
      y = coord(h_l);
      z = coord(d_l);
      pick = rnd(8);
      j = rnd(tp_d[cur_t] + 1);
      any = rand32();
      lyr = pick == 0 ? any : {any[31:16], 16'(j)};   // the array index is [15:0] (R17)
      pick = rnd(8);
      j = rnd(17);
      any = rand32();
      smp = pick == 0 ? any : pick < 3 ? 32'(j) : 32'(j % 8);
      aoffi = rand32();
      case (row)
        0: begin q[RQ_A + 32*l +: 32] = x; end
        1: begin q[RQ_A + 32*l +: 32] = x; q[RQ_B + 32*l +: 32] = lod; end
        2: begin q[RQ_A + 32*l +: 32] = x; q[RQ_B + 32*l +: 32] = y; end
        4: begin
          q[RQ_A + 32*l +: 32] = x; q[RQ_A + 1024 + 32*l +: 32] = y;
          q[RQ_B + 32*l +: 32] = aoffi;
        end
        5: begin
          q[RQ_A + 32*l +: 32] = x; q[RQ_A + 1024 + 32*l +: 32] = y;
          q[RQ_B + 32*l +: 32] = lod;
        end
        6: begin
          q[RQ_A + 32*l +: 32] = x; q[RQ_A + 1024 + 32*l +: 32] = y;
          q[RQ_B + 32*l +: 32] = smp;
        end
        7: begin
          q[RQ_A + 32*l +: 32] = x; q[RQ_A + 1024 + 32*l +: 32] = y;
          q[RQ_B + 32*l +: 32] = z;
        end
        8: begin
          q[RQ_A + 32*l +: 32] = lyr;
          q[RQ_B + 32*l +: 32] = x; q[RQ_B + 1024 + 32*l +: 32] = y;
        end
        12: begin
          q[RQ_A + 32*l +: 32] = x; q[RQ_A + 1024 + 32*l +: 32] = y;
          q[RQ_B + 32*l +: 32] = lod; q[RQ_B + 1024 + 32*l +: 32] = aoffi;
        end
        default: ;
      endcase
    end
  endtask

  task automatic send(input logic [REQUEST_BITS-1:0] q);
    while (!perf && rnd(4) == 0) @(negedge clk);
    req = q;
    req_valid = 1'b1;
    @(negedge clk);
    while (!acc_evt) @(negedge clk);
    req_valid = 1'b0;
  endtask

  task automatic wait_drain;
    int t;
    t = 0;
    while ((received < sent || !idle) && t < 20000) begin
      @(negedge clk);
      t++;
    end
  endtask

  // ---- Epochs -----------------------------------------------------------------------------------
  task automatic dump_state;
    $fwrite(dump_fd, "E\n");
    $fwrite(dump_fd, "R 8 %h\nR c %h\nR 10 %h\nR 14 %h\n", pool_base[31:0],
            {16'd0, pool_base[47:32]}, max_index, round_rz);
    for (int i = 0; i < 8192; i++)
      if (cbank[i] != 0) $fwrite(dump_fd, "K %0d %h\n", i, cbank[i]);
    for (int i = 0; i < LO_LINES; i++)
      if (mem_lo[i] != 0) $fwrite(dump_fd, "M %h %h\n", 48'(i) << 5, mem_lo[i]);
    for (int i = 0; i < HI_LINES; i++)
      if (mem_hi[i] != 0) $fwrite(dump_fd, "M %h %h\n", HI_BASE + (48'(i) << 5), mem_hi[i]);
  endtask

  task automatic run_epoch(input int epoch);
    logic [REQUEST_BITS-1:0] q;
    longint cursor;
    int k, j;
    logic [31:0] any, m;
    logic [1023:0] regs, row;
    int r;
    // New state: memory, textures, headers, bank words, registers.
    mem_clear;
    pool_base = 48'h1_0000 + 48'(32 * rnd(256));
    cursor = 64'h2_0000;
    // Textures 0..2 cycle through every supported format over the epochs.
    for (int t = 0; t < NT; t++)
      new_texture(t, cursor, t == NT - 1 && epoch % 2 == 1, t < 3 ? (3 * epoch + t) % 14 : -1);
    max_index = 32'(NT - 4 + rnd(4));   // a real header at MaximumIndex
    round_rz = epoch % 2;            // both .F16 rounding modes (R22)
    for (int i = 0; i < (epoch == 0 ? 8192 : NBANK); i++) begin
      k = rnd(20);
      j = rnd(NT);
      any = rand32();
      cbank[i] = (any & 32'hFFF0_0000) |   // samplerPtr [31:20] is ignored
                 (k == 0 ? 32'h000F_FFFF : k == 1 ? 32'(NT + j % 3) : 32'(j));
    end
    // Every texture reachable: bank word t names header t.
    for (int t = 0; t < NT; t++) cbank[t] = (cbank[t] & 32'hFFF0_0000) | 32'(t);
    // Registers: one burst of words 0..5 of block 0 of target 0 (N120).
    regs = '0;
    regs[31:0] = 32'(rnd(6));
    regs[63:32] = 32'(rnd(18));
    regs[95:64] = pool_base[31:0];
    regs[127:96] = {16'd0, pool_base[47:32]};
    regs[159:128] = max_index;
    regs[191:160] = 32'(round_rz);
    cfg_burst(1'b1, 32'h000, 32'h0000_003F, regs);
    // Bank: a full burst per row, all 256 rows after a reset of epoch 0
    // (the load of the port contract), the first NBANK words later. Every
    // later epoch also rewrites the NBANK words' rows with a random mask
    // (masked-off words must keep their value) and once with mask 0 on the
    // data bus of other words.
    k = cycle;
    j = cfg_bursts;
    for (int r = 0; r < (epoch == 0 ? 256 : NBANK / 32); r++) begin
      for (int w = 0; w < 32; w++) row[32*w +: 32] = cbank[32 * r + w];
      cfg_burst(1'b1, 32'h1000_0000 + 32'(128 * r), 32'hFFFF_FFFF, row);
    end
    if (epoch == 0) begin
      bank_load_cycles = cycle - k;
      bank_load_bursts = cfg_bursts - j;
    end else begin
      for (int r = 0; r < NBANK / 32; r++) begin
        m = rand32() | 32'd1;
        for (int w = 0; w < 32; w++) begin
          any = rand32();
          if (m[w]) cbank[32 * r + w] = (any & 32'hFFF0_0000) | 32'(rnd(NT));
          row[32*w +: 32] = m[w] ? cbank[32 * r + w] : any;   // masked off: not written
        end
        cfg_burst(1'b1, 32'h1000_0000 + 32'(128 * r), m, row);
      end
    end
    // Writes that must be ignored (N123): register block 1, word 6 of block 0,
    // a bank address past 32 KiB, target 2.
    cfg_burst(1'b1, 32'h080, 32'hFFFF_FFFF, {32{32'h0000_0001}});
    cfg_write1(32'h018, 32'h1);
    cfg_burst(1'b1, 32'h1000_8000, 32'hFFFF_FFFF, {32{32'hFFFF_FFFF}});
    cfg_burst(1'b1, 32'h2000_0000, 32'hFFFF_FFFF, {32{32'hFFFF_FFFF}});
    // Read-back: the registers (stage and bank select as written), back to
    // back with bank rows of random masks and ignored addresses (read 0).
    cfg_burst(1'b0, 32'h000, 32'h0000_003F | 32'd1 << (6 + rnd(26)), regs);
    for (int i = 0; i < 6; i++) begin
      r = rnd(256);
      for (int w = 0; w < 32; w++) row[32*w +: 32] = cbank[32 * r + w];
      cfg_burst(1'b0, 32'h1000_0000 + 32'(128 * r), rand32() | 32'd1, row);
    end
    cfg_burst(1'b0, 32'h080, 32'hFFFF_FFFF, '0);
    cfg_burst(1'b0, 32'h1000_8000, 32'hFFFF_FFFF, '0);
    cfg_burst(1'b0, 32'h3000_0000, 32'hFFFF_FFFF, '0);
    cfg_drain;
    if (dump_fd != 0 && bug_sel == 0) dump_state;
    ready_pct = 30 + rnd(71);
    mem_ready_pct = 30 + rnd(71);
    mem_rsp_pct = 30 + rnd(71);
    max_latency = 1 + rnd(40);
    if (perf) begin   // back to back: the unit alone sets the pace
      ready_pct = 100;
      mem_ready_pct = perf_mem_ready;
      mem_rsp_pct = 100;
    end
    k = cycle;
    for (int i = 0; i < (perf ? PERF_TXN : TXN_PER_EPOCH); i++) begin
      make_req(sent, q);
      expect_txn(sent, q);
      if (dump_fd != 0 && bug_sel == 0) dump_req(q);
      sent++;
      send(q);
    end
    wait_drain;
    if (perf) perf_cycles += cycle - k;
    else if (bug_sel == 0) traffic_cycles += cycle - k;
  endtask

  task automatic run_all(input logic [7:0] sel);
    bug_sel = sel;
    errors = 0;
    sent = 0;
    received = 0;
    rng_state = 32'h9E37_79B9 ^ seed;   // the same stimulus for every bug_sel
    mem_rng_state = 32'h2545_F491 ^ seed;
    rst_n = 1'b0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // Power-on configuration (port contract, N60).
    cfg_expect(32'h008, 0);
    cfg_expect(32'h00C, 0);
    cfg_expect(32'h010, 0);
    cfg_expect(32'h014, 0);
    cfg_expect(32'h2000_0000, 0);  // no such target
    cfg_drain;
    for (int e = 0; e < EPOCHS; e++) begin
      if (e > 0) begin   // the testbench resets between epochs
        rst_n = 1'b0;
        repeat (2) @(negedge clk);
        rst_n = 1'b1;
      end
      run_epoch(e);
    end
    for (int t = 0; t < sent; t++)
      if (seen[t] == 0) mismatch(t, "response lost");
  endtask

  // ---- Main ----------------------------------------------------------------------------------------
  initial begin
    int failed;
    string dump_name;
    if ($value$plusargs("dump=%s", dump_name)) dump_fd = $fopen(dump_name, "w");
    if (!$value$plusargs("dbg_tag=%d", dbg_tag)) dbg_tag = -1;
    if (!$value$plusargs("seed=%d", seed)) seed = SEED;
    ready_rng_state = 32'h7F4A_7C15 ^ seed;
    setup_errors = 0;
    proto_errors = 0;
    failed = 0;
    for (int i = 0; i < 8192; i++) cbank[i] = 32'd0;
    @(negedge clk);
    // +perf_only: the throughput run alone (for timing the simulator).
    perf_only = $test$plusargs("perf_only");
    if (!$value$plusargs("perf_epochs=%d", perf_epochs)) perf_epochs = 2;
    if (!$value$plusargs("idle=%d", idle_cycles)) idle_cycles = 0;
    for (int sel = 0; sel <= LAST_BUG; sel = sel == 0 ? FIRST_BUG : sel + 1) begin
      if (!perf_only && (ONLY_BUG < 0 || sel == 0 || sel == ONLY_BUG)) begin
        run_all(sel[7:0]);
        $display("bug_sel %2d: %0d transactions, %0d mismatches", sel, sent, errors);
        if (sel == 0 ? errors != 0 : errors == 0) failed++;
        if (sel == 0) begin
          $display("bug_sel  0: up to %0d transactions in flight, %0d memory responses reordered, %0d cycles per transaction",
                   max_in_flight, reads_reordered, traffic_cycles / sent);
          if (max_in_flight < 4 || reads_reordered == 0) failed++;
          $display("coverage: warps faulted %0d, R24 %0d, invalid index %0d, type mismatch %0d,",
                   cov_fault, cov_r24, cov_bad_index, cov_mismatch_type);
          $display("  unsupported %0d, reading %0d (.F16 RZ %0d, RNE %0d)", cov_unsup,
                   cov_read_warps, cov_f16_rz, cov_f16_rne);
          $display("  texel lanes by kind 32b %0d 16b %0d 8b %0d 1010102 %0d 565 %0d 111110 %0d 999e5 %0d",
                   cov_kind[0], cov_kind[1], cov_kind[2], cov_kind[3], cov_kind[4], cov_kind[5],
                   cov_kind[6]);
          $display("  pitch %0d, block-linear %0d, .MS %0d, 3D %0d, layer>0 %0d, level>0 %0d,",
                   cov_pitch, cov_bl, cov_ms, cov_3d, cov_array, cov_level);
          $display("  sRGB %0d, negative AOFFI %0d, 12-byte on two lines %0d, wrapping texture %0d",
                   cov_srgb, cov_aoffi, cov_12b_two, cov_wrap);
          if (dump_fd != 0) begin
            $fclose(dump_fd);
            dump_fd = 0;
          end
        end
      end
    end
    // Throughput, bug_sel 0, responses still checked.
    perf = 1'b1;
    if (!$value$plusargs("perf_mem_ready=%d", perf_mem_ready)) perf_mem_ready = 100;
    bug_sel = 8'd0;
    errors = 0;
    perf_sent = 0;
    rng_state = 32'h9E37_79B9 ^ seed;
    mem_rng_state = 32'h2545_F491 ^ seed;
    for (int e = 0; e < perf_epochs; e++) begin
      sent = 0;
      received = 0;
      rst_n = 1'b0;
      repeat (2) @(negedge clk);
      rst_n = 1'b1;
      run_epoch(e % 6);
      for (int t = 0; t < sent; t++)
        if (seen[t] == 0) mismatch(t, "response lost");
      perf_sent += sent;
    end
    $display("throughput: %0d transactions back to back in %0d cycles, %0d.%0d cycles per TLDS, %0d.%0d memory reads per TLDS, %0d mismatches",
             perf_sent, perf_cycles, perf_cycles / perf_sent, (perf_cycles * 10 / perf_sent) % 10,
             perf_lines / perf_sent, (perf_lines * 10 / perf_sent) % 10, errors);
    // +idle=N: N cycles with nothing offered (the cost of an idle cycle).
    repeat (idle_cycles) @(negedge clk);
    if (errors != 0) failed++;
    if (setup_errors != 0 || proto_errors != 0) failed++;
    $display("configuration read-back errors: %0d, memory protocol errors: %0d",
             setup_errors, proto_errors);
    $display("constant bank load: %0d bursts in %0d cycles; %0d cycles in all",
             bank_load_bursts, bank_load_cycles, cycle);
    if (failed == 0) $display("SELFTEST PASS (LANES_PER_CYCLE=%0d, seed %0d)", LPC, seed);
    else $display("SELFTEST FAIL (%0d problems)", failed);
    $finish;
  end

endmodule : tex_unit_selftest
