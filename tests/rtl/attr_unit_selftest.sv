// SPDX-License-Identifier: Apache-2.0
// attr_unit_selftest: directed self-test of rtl_stubs/attr_unit.sv.
//
// Loads configurations through the configuration port (version 2: bursts
// of one 128-byte block, N120-N123; single words go as one-word bursts),
// tests bursts of every target with partial masks, reads outside the
// tables and the one-cycle clear entry by entry, sends ALD / AST / AL2P /
// ISBERD words (encoded here from the bit positions of DESIGN §7.1) in
// back-to-back batches under random response backpressure, and checks every
// response against values worked out from the spec pages and rulings
// (ALD.txt, AST.txt, ISBE-layout.txt, R1-R12, spec-notes N20-N35). No DPI,
// no model: it runs on Verilator and Icarus Verilog alike.
//
// Build and run (both simulators, the package files first):
//   FILES="$(sed 's|^|rtl_stubs/|' rtl_stubs/attr.f | grep -v '^rtl_stubs//')
//          tests/rtl/attr_unit_selftest.sv"
//   With Verilator 5: --binary -O3 --x-assign fast --x-initial fast -Wno-fatal
//                    -Wno-lint -Wno-style --top-module attr_unit_selftest
//                    -F rtl_stubs/attr.f tests/rtl/attr_unit_selftest.sv,
//                    then obj_dir/Vattr_unit_selftest
//   With Icarus:      iverilog -g2012 -s attr_unit_selftest -o selftest.vvp $FILES,
//                    then vvp -n selftest.vvp
//
// Plusarg +bug=N runs with injected defect N (the run is then expected to
// fail). LANES_PER_CYCLE is the parameter LPC: -GLPC=N (Verilator),
// -Pattr_unit_selftest.LPC=N (Icarus).
// The line before the last gives the cycles of the run, of the clear and
// the longest cfg_ready wait; the last line is "attr_unit_selftest: PASS
// (n checks)" or "FAIL (e of n)".
module attr_unit_selftest;
  import shader_txn_pkg::*;

  parameter int LPC = 16;

  // ---- DUT ------------------------------------------------------------------
  logic clk = 1'b0, rst_n = 1'b0;
  logic [7:0]  bug_sel = 8'd0;
  logic          cfg_valid = 1'b0, cfg_wr = 1'b0, cfg_ready, cfg_rvalid;
  logic [31:0]   cfg_addr = 32'd0, cfg_mask = 32'd0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;
  logic        idle, req_valid = 1'b0, req_ready, rsp_valid, rsp_ready = 1'b0;
  txn_request_t  req;
  txn_response_t rsp;

  always #5 clk = !clk;   // rising edges at 10k; the bench drives at 10k+5

  attr_unit #(.LANES_PER_CYCLE(LPC)) dut (
    .clk, .rst_n, .bug_sel, .cfg_valid, .cfg_ready, .cfg_write(cfg_wr), .cfg_addr, .cfg_mask,
    .cfg_wdata, .cfg_rvalid, .cfg_rdata,
    .idle, .req_valid, .req_ready, .req, .rsp_valid, .rsp_ready, .rsp);

  // Loop bounds go through a variable: Verilator unrolls loops with constant
  // bounds, which would copy the bench's tasks into every iteration.
  int one = 1;
  function automatic int bound(input int n);
    return n * one;
  endfunction

  // ---- Results ----------------------------------------------------------------
  int checks = 0, errors = 0;

  task automatic expect32(input string what, input int lane, input logic [31:0] got,
                          input logic [31:0] want);
    checks++;
    if (got !== want) begin
      errors++;
      if (errors <= 40)
        $display("MISMATCH %s lane %0d: got %08h want %08h", what, lane, got, want);
    end
  endtask

  // ---- Encoders (DESIGN §7.1, spec-notes N1; guard = PT) ----------------------------
  localparam logic [7:0] RZ_ = 8'd255;
  localparam logic [63:0] GUARD_PT = 64'h7 << 16;

  function automatic logic [63:0] enc_ald(input logic [7:0] rd, input logic [7:0] ra,
                                          input logic [10:0] addr, input logic p,
                                          input logic o, input logic [7:0] rb,
                                          input logic [1:0] size);
    return {15'h77EC, size, rb, 6'd0, o, p, addr, 1'b0, 3'd7, ra, rd};
  endfunction

  function automatic logic [63:0] enc_ast(input logic [7:0] rdata, input logic [7:0] ra,
                                          input logic [10:0] addr, input logic p,
                                          input logic [7:0] rc, input logic [1:0] size);
    return {15'h77F8, size, rc, 7'd0, p, addr, 1'b0, 3'd7, ra, rdata};
  endfunction

  function automatic logic [63:0] enc_al2p(input logic [7:0] rd, input logic [7:0] ra,
                                           input logic [10:0] imm, input logic o,
                                           input logic [2:0] pd, input logic [1:0] size);
    return {15'h77D0, size, pd, 11'd0, o, 1'b0, imm, 1'b0, 3'd7, ra, rd};
  endfunction

  function automatic logic [63:0] enc_isberd(input logic [7:0] rd, input logic [7:0] ra,
                                             input logic skew, input logic o,
                                             input logic [1:0] region, input logic [1:0] size);
    return {15'h77E8, size, 12'd0, region, o, skew, 11'd0, 1'b0, 3'd7, ra, rd};
  endfunction

  // R1 SKEW offset.
  function automatic int skew(input int v, input int k, input int n);
    return (v / 32) * (n * 128) + k * 128 + (v % 32) * 4;
  endfunction

  // Fill pattern of the input space: vertex v, rank k.
  function automatic logic [31:0] pat(input int v, input int k);
    return 32'hA000_0000 | (32'(v) << 16) | 32'(k);
  endfunction

  // ---- Configuration port (version 2, N120-N123) -------------------------------------
  // One burst: the block at a (a[6:0] = 0), words by mask. Offered at a
  // falling edge, held until a rising edge with cfg_ready (N121).
  int cfg_wait_max = 0;   // longest cfg_ready-low wait seen

  task automatic offer(input logic wr, input logic [31:0] a, input logic [31:0] m,
                       input logic [1023:0] d);
    int waited;
    @(negedge clk);
    while (!idle) @(negedge clk);
    cfg_valid = 1'b1;
    cfg_wr = wr;
    cfg_addr = a;
    cfg_mask = m;
    cfg_wdata = d;
    waited = 0;
    #4;
    while (!cfg_ready) begin
      @(negedge clk);
      #4;
      waited++;
    end
    if (waited > cfg_wait_max) cfg_wait_max = waited;
    @(negedge clk);
    cfg_valid = 1'b0;
    cfg_mask = 32'd0;
  endtask

  task automatic cfg_burst_write(input logic [31:0] a, input logic [31:0] m,
                                 input logic [1023:0] d);
    offer(1'b1, a, m, d);
  endtask

  // A read burst: the answer is one cfg_rvalid pulse >= 1 cycle after the
  // transfer (N122); cfg_rvalid must not be high before it.
  task automatic cfg_burst_read(input logic [31:0] a, input logic [31:0] m,
                                output logic [1023:0] d);
    int n;
    offer(1'b0, a, m, '0);
    n = 0;
    #4;
    while (!cfg_rvalid && n < 100) begin
      @(negedge clk);
      #4;
      n++;
    end
    expect32("cfg_rvalid within 100 cycles", -1, 32'(cfg_rvalid), 32'd1);
    d = cfg_rdata;
    @(negedge clk);
    #4;
    expect32("cfg_rvalid is one pulse", -1, 32'(cfg_rvalid), 32'd0);
  endtask

  // Single words: a one-word burst at the word's place in its block.
  task automatic cfg_write(input logic [31:0] a, input logic [31:0] d);
    logic [1023:0] w;
    w = '0;
    w[32*a[6:2] +: 32] = d;
    cfg_burst_write({a[31:7], 7'd0}, 32'd1 << a[6:2], w);
  endtask

  task automatic cfg_read(input logic [31:0] a, output logic [31:0] d);
    logic [1023:0] r;
    cfg_burst_read({a[31:7], 7'd0}, 32'd1 << a[6:2], r);
    d = r[32*a[6:2] +: 32];
  endtask

  task automatic set_map(input int base, input logic [255:0] bits);
    for (int i = 0; i < bound(8); i++) cfg_write(32'(base + 4 * i), bits[32*i +: 32]);
  endtask

  // The clear: cfg_ready and idle low while it runs, a handful of cycles.
  int clear_cycles = 0;

  task automatic clear_unit;
    logic [31:0] busy;
    int n;
    cfg_write(32'h040, 32'd1);
    n = 0;
    #4;
    while (!idle || !cfg_ready) begin
      @(negedge clk);
      #4;
      n++;
    end
    clear_cycles = n;
    expect32("clear takes at most 4 cycles", -1, 32'(n <= 4), 32'd1);
    cfg_read(32'h040, busy);
    expect32("clear busy bit after idle", 0, busy, 32'd0);
  endtask

  // ---- Request staging and batches ---------------------------------------------------
  localparam int QMAX = 64;
  txn_request_t  q_req [QMAX];
  txn_response_t r_rsp [QMAX];
  int            q_n = 0, got = 0;

  // Operand vectors of the request being built: lane l at [32l +: 32],
  // store data component c of lane l at [32(32c + l) +: 32].
  logic [1023:0] s_ra, s_rb, s_rc, s_vtx, s_prim;
  logic [4095:0] s_d;

  task automatic clear_operands;
    s_ra = '0; s_rb = '0; s_rc = '0; s_vtx = '0; s_prim = '0; s_d = '0;
  endtask

  // Queue a request; returns its tag (its index in the batch).
  task automatic push(input logic [63:0] insn, input logic [31:0] lanes, output int tag);
    txn_request_t r;
    r.tag = 32'(q_n);
    r.insn = insn;
    r.lane_mask = lanes;
    r.a = {1024'd0, s_ra};
    r.b = {1024'd0, s_rb};
    r.c = s_rc;
    r.d = s_d;
    r.vertex = s_vtx;
    r.primitive_index = s_prim;
    r.coverage = '0;   // PIXLD fields
    r.sample = '0;
    tag = q_n;
    q_req[q_n] = r;
    q_n++;
  endtask

  // Responses under random backpressure, stored by tag.
  int ready_pct = 65;
  initial begin
    forever begin
      @(negedge clk);
      rsp_ready = ($urandom % 100) < ready_pct;
      #4;
      if (rsp_valid && rsp_ready) begin
        r_rsp[rsp.tag] = rsp;
        got++;
      end
    end
  end

  // Send the queued requests back to back (with occasional gaps) and wait
  // for every response.
  task automatic run_batch;
    got = 0;
    for (int i = 0; i < q_n; i++) begin
      @(negedge clk);
      while (($urandom % 100) < 15) @(negedge clk);
      req_valid = 1'b1;
      req = q_req[i];
      #4;
      while (!req_ready) begin
        @(negedge clk);
        #4;
      end
    end
    @(negedge clk);
    req_valid = 1'b0;
    while (got < q_n || !idle) @(negedge clk);
  endtask

  task automatic new_batch;
    q_n = 0;
  endtask

  // Scalar response fields of a stored response.
  function automatic logic [31:0] rsp_field(input int tag, input int which);
    txn_response_t x;
    x = r_rsp[tag];
    case (which)
      0: return x.tag;
      1: return {24'd0, x.fault};
      2: return x.fault_lanes;
      3: return {24'd0, x.pd};
      4: return x.pd_written;
      5: return x.pd_value;
      default: return {24'd0, x.st_space};
    endcase
  endfunction
  localparam int F_TAG = 0, F_FAULT = 1, F_FAULT_LANES = 2, F_PD = 3, F_PD_WRITTEN = 4,
                 F_PD_VALUE = 5, F_ST_SPACE = 6;

  // ---- Response field accessors ---------------------------------------------------------
  function automatic logic [31:0] wb_value(input int tag, input int slot, input int lane);
    logic [4095:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.wb_value;
    return v[32*(32*slot + lane) +: 32];
  endfunction
  function automatic logic [31:0] wb_valid(input int tag, input int slot);
    logic [127:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.wb_valid;
    return v[32*slot +: 32];
  endfunction
  function automatic logic [7:0] wb_reg(input int tag, input int slot);
    logic [31:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.wb_reg;
    return v[8*slot +: 8];
  endfunction
  function automatic logic [31:0] st_mask(input int tag, input int c);
    logic [127:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.st_mask;
    return v[32*c +: 32];
  endfunction
  function automatic logic [31:0] st_addr(input int tag, input int c, input int lane);
    logic [4095:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.st_addr;
    return v[32*(32*c + lane) +: 32];
  endfunction
  function automatic logic [31:0] st_data(input int tag, input int c, input int lane);
    logic [4095:0] v;
    txn_response_t x;
    x = r_rsp[tag];
    v = x.st_data;
    return v[32*(32*c + lane) +: 32];
  endfunction

  task automatic expect_fault(input string what, input int tag, input logic [7:0] f,
                              input logic [31:0] lanes);
    expect32({what, " fault"}, -1, rsp_field(tag, F_FAULT), {24'd0, f});
    expect32({what, " fault_lanes"}, -1, rsp_field(tag, F_FAULT_LANES), lanes);
    expect32({what, " tag"}, -1, rsp_field(tag, F_TAG), 32'(tag));
  endtask

  // A warp-wide refusal: nothing written.
  task automatic expect_illegal(input string what, input int tag, input logic [31:0] lanes);
    expect_fault(what, tag, FAULT_ILLEGAL_INSTR_ENCODING, lanes);
    for (int s = 0; s < 4; s++) begin
      expect32({what, " wb_valid"}, s, wb_valid(tag, s), 32'd0);
      expect32({what, " st_mask"}, s, st_mask(tag, s), 32'd0);
    end
    expect32({what, " pd_written"}, -1, rsp_field(tag, F_PD_WRITTEN), 32'd0);
  endtask

  // Write-back slot s: register, lanes; values checked by the caller.
  task automatic expect_slot(input string what, input int tag, input int s,
                             input logic [7:0] regno, input logic [31:0] lanes);
    expect32({what, " wb_reg"}, s, {24'd0, wb_reg(tag, s)}, {24'd0, regno});
    expect32({what, " wb_valid"}, s, wb_valid(tag, s), lanes);
  endtask

  // ---- Configuration A: a vertex shader ---------------------------------------------------
  //   input  BMAP = IMAP & OMAP_prev = {0x060, 0x070, 0x074, 0x078, 0x080..0x08C, 0x2F8}
  //            ranks 0x060:0 0x070:1 0x074:2 0x078:3 0x080:4 .. 0x08C:7 0x2F8:8, N = 9
  //   output BMAP = OMAP & (IMAP_next | ST_REQ 0x22..0x23) = {0x080..0x08C}, N = 4
  localparam int N_IN = 9, N_OUT = 4, VCOUNT = 64;

  function automatic logic [255:0] attrs(input int a0, input int a1, input int a2,
                                         input int a3, input int a4, input int a5,
                                         input int a6, input int a7, input int a8,
                                         input int a9, input int a10);
    logic [255:0] m;
    m = '0;
    if (a0 >= 0) m[a0] = 1'b1;
    if (a1 >= 0) m[a1] = 1'b1;
    if (a2 >= 0) m[a2] = 1'b1;
    if (a3 >= 0) m[a3] = 1'b1;
    if (a4 >= 0) m[a4] = 1'b1;
    if (a5 >= 0) m[a5] = 1'b1;
    if (a6 >= 0) m[a6] = 1'b1;
    if (a7 >= 0) m[a7] = 1'b1;
    if (a8 >= 0) m[a8] = 1'b1;
    if (a9 >= 0) m[a9] = 1'b1;
    if (a10 >= 0) m[a10] = 1'b1;
    return m;
  endfunction

  // The registers of configuration A.
  task automatic config_vs_regs;
    cfg_write(32'h000, 32'd0);          // VSA
    cfg_write(32'h004, 32'd0);          // not shared
    cfg_write(32'h008, 32'd1);          // trap on
    cfg_write(32'h00C, 32'(VCOUNT));
    cfg_write(32'h018, 32'h22);         // ST_REQ 0x088..0x08C
    cfg_write(32'h01C, 32'h23);
    // IMAP: 0x060, POSITION xyzw, GENERIC0, INSTANCE_ID, VERTEX_ID
    set_map(32'h100, attrs('h18, 'h1C, 'h1D, 'h1E, 'h1F, 'h20, 'h21, 'h22, 'h23, 'hBE, 'hBF));
    // OMAP: POSITION, GENERIC0
    set_map(32'h120, attrs('h1C, 'h1D, 'h1E, 'h1F, 'h20, 'h21, 'h22, 'h23, -1, -1, -1));
    // OMAP_prev: no POSITION_W, no VERTEX_ID, an attribute IMAP lacks (0x100)
    set_map(32'h140, attrs('h18, 'h1C, 'h1D, 'h1E, 'h20, 'h21, 'h22, 'h23, 'hBE, 'h40, -1));
    // IMAP_next: GENERIC0.xy
    set_map(32'h160, attrs('h20, 'h21, -1, -1, -1, -1, -1, -1, -1, -1, -1));
    // A driver default for VERTEX_ID (R3: the table is state)
    cfg_write(32'h400 + 4 * 32'hBF, 32'h1234_5678);
  endtask

  task automatic config_vs;
    logic [31:0] w;
    config_vs_regs();
    // Input space: every (vertex, rank) word of 72 vertex entries (R1)
    for (int v = 0; v < bound(72); v++)
      for (int k = 0; k < bound(N_IN); k++) cfg_write(32'h1000_0000 + 32'(skew(v, k, N_IN)), pat(v, k));
    // Write status (previous stage): everything in the BMAP, except
    // vertex 3 / 0x070 (garbage), vertex 4 / 0x2F8 and primitive 2 / 0x060
    // (HW values, R2).
    for (int v = 0; v < bound(VCOUNT); v++) begin
      w = 32'h7000_0000 | (v == 2 ? 32'h0 : 32'h0100_0000);   // 0x060 (bit 24), 0x070..0x078 (28..30)
      if (v == 3) w = w & ~32'h1000_0000;
      cfg_write(32'h3000_0000 + 32'(32 * v + 0), w);
      cfg_write(32'h3000_0000 + 32'(32 * v + 4), 32'h0000_000F);             // 0x080..0x08C
      cfg_write(32'h3000_0000 + 32'(32 * v + 20), v == 4 ? 32'd0 : 32'h4000_0000);  // 0x2F8
    end
    // HW values: PRIMITIVE_ID (kind 0) and INSTANCE_ID (kind 3)
    for (int i = 0; i < bound(VCOUNT); i++) begin
      cfg_write(32'h5000_0000 + 32'(1024 * 0 + 4 * i), 32'hB000_0000 + 32'(i));
      cfg_write(32'h5000_0000 + 32'(1024 * 3 + 4 * i), 32'h3000_0000 + 32'(i));
    end
    // Map region: bytes 0, 1, 2, ... (ISBERD .MAP)
    for (int i = 0; i < bound(256); i++)
      cfg_write(32'h1004_0000 + 32'(4 * i),
                {8'(4 * i + 3), 8'(4 * i + 2), 8'(4 * i + 1), 8'(4 * i)});
  endtask

  // Lane context used by most VS tests.
  int vtx_of [32], prim_of [32];

  task automatic vs_context;
    for (int l = 0; l < bound(32); l++) begin
      vtx_of[l] = l < 16 ? l : (l * 5) % 72;    // lane 28 -> 68: out of range
      prim_of[l] = l % 8;
    end
    vtx_of[31] = VCOUNT;                         // exactly the vertex count: out of range (R9)
    clear_operands();
    for (int l = 0; l < bound(32); l++) begin
      s_vtx[32*l +: 32] = 32'(vtx_of[l]);
      s_prim[32*l +: 32] = 32'(prim_of[l]);
    end
  endtask

  function automatic logic [31:0] trap_lanes(input logic [31:0] lanes);
    logic [31:0] t;
    t = '0;
    for (int l = 0; l < bound(32); l++) if (lanes[l] && vtx_of[l] >= VCOUNT) t[l] = 1'b1;
    return t;
  endfunction

  // Expected ALD.I value at attribute byte address a for vertex v (the
  // tables of ALD.txt with the state loaded by config_vs).
  function automatic logic [31:0] ald_in(input int a, input int v, input int p);
    case (a)
      'h060: return p == 2 ? 32'hB000_0002 : pat(p, 0);  // N27: primitive handle; HW when unwritten
      'h070: return pat(v, 1);                          // vertex 3 unwritten: garbage = the word
      'h074: return pat(v, 2);
      'h078: return pat(v, 3);
      'h07C: return 32'h3F80_0000;                      // BMAP 0: R3 default 1.0
      'h080, 'h084, 'h088, 'h08C: return pat(v, 4 + (a - 'h80) / 4);
      'h2F8: return v == 4 ? 32'h3000_0004 : pat(v, 8); // HW INSTANCE_ID when unwritten
      'h2FC: return 32'h1234_5678;                      // BMAP 0: the table's default
      default: return 32'd0;                            // R3: other defaults are 0
    endcase
  endfunction

  // ---- Tests -----------------------------------------------------------------------------
  task automatic test_vs_loads;
    int t_ald128, t_ald64, t_prim, t_inst, t_vid, t_al2p128, t_al2p_o, t_phys, t_isb_skew;
    int t_isb_vm, t_isb_map, t_isb_out;
    logic [31:0] lanes, traps;
    lanes = 32'hFFFF_FFFB;   // lane 2 inactive
    new_batch();
    vs_context();
    traps = trap_lanes(lanes);
    push(enc_ald(8'd4, RZ_, 11'h070, 1'b0, 1'b0, RZ_, 2'd3), lanes, t_ald128);
    push(enc_ald(8'd7, RZ_, 11'h07C, 1'b0, 1'b0, RZ_, 2'd1), lanes, t_ald64);   // aligns to R6, 0x078
    push(enc_ald(8'd8, RZ_, 11'h060, 1'b0, 1'b0, RZ_, 2'd0), lanes, t_prim);
    push(enc_ald(8'd9, RZ_, 11'h2F8, 1'b0, 1'b0, RZ_, 2'd0), lanes, t_inst);
    push(enc_ald(8'd10, RZ_, 11'h2FC, 1'b0, 1'b0, RZ_, 2'd0), lanes, t_vid);
    push(enc_al2p(8'd11, RZ_, 11'h070, 1'b0, 3'd1, 2'd3), lanes, t_al2p128);
    // AL2P.O.64 R13, R1 - 8: Ra per lane
    for (int l = 0; l < bound(32); l++) s_ra[32*l +: 32] = 32'h88 + 32'(8 * (l % 3));
    s_ra[32*7 +: 32] = 32'hFFFF_FFF0;
    push(enc_al2p(8'd13, 8'd1, 11'h7F8, 1'b1, 3'd2, 2'd1), lanes, t_al2p_o);
    // ALD.PHYS R14, a[R1]: AL2P results per lane
    for (int l = 0; l < bound(32); l++)
      case (l % 4)
        0: s_ra[32*l +: 32] = (32'd2 << 10) | 32'h074;
        1: s_ra[32*l +: 32] = 32'h8000_0000 | 32'h07C;
        2: s_ra[32*l +: 32] = (32'd9 << 10) | 32'h100;      // rank >= N: unmapped (N31)
        default: s_ra[32*l +: 32] = (32'd0 << 10) | 32'h063; // [1:0] dropped; PRIMITIVE_ID
      endcase
    push(enc_ald(8'd14, 8'd1, 11'h000, 1'b0, 1'b0, RZ_, 2'd0), lanes, t_phys);
    // ISBERD.ATTR.SKEW.B32: physical offsets
    for (int l = 0; l < bound(32); l++) s_ra[32*l +: 32] = 32'(skew(l * 2, l % N_IN, N_IN));
    push(enc_isberd(8'd15, 8'd1, 1'b1, 1'b0, 2'd3, 2'd2), lanes, t_isb_skew);
    // ISBERD.ATTR.U16 without .SKEW: vertex-major view, upper half-word
    for (int l = 0; l < bound(32); l++) s_ra[32*l +: 32] = 32'(((l * 2) * N_IN + l % N_IN) * 4 + 3);
    push(enc_isberd(8'd16, 8'd1, 1'b0, 1'b0, 2'd3, 2'd1), lanes, t_isb_vm);
    // ISBERD.MAP.U8
    for (int l = 0; l < bound(32); l++) s_ra[32*l +: 32] = l == 5 ? 32'h400 : 32'(l * 37);
    push(enc_isberd(8'd17, 8'd1, 1'b0, 1'b0, 2'd0, 2'd0), lanes, t_isb_map);
    // ISBERD.O.PRIM.B32 of the (empty) output space
    push(enc_isberd(8'd18, 8'd1, 1'b0, 1'b1, 2'd2, 2'd2), lanes, t_isb_out);
    run_batch();

    // ALD.128 R4, a[0x70]
    expect_fault("ald128", t_ald128, FAULT_VTX_OUT_OF_RANGE, traps);
    for (int s = 0; s < 4; s++) begin
      expect_slot("ald128", t_ald128, s, 8'(4 + s), lanes);
      for (int l = 0; l < bound(32); l++)
        if (lanes[l])
          expect32($sformatf("ald128 slot %0d", s), l, wb_value(t_ald128, s, l),
                   vtx_of[l] >= VCOUNT ? 32'd0 : ald_in('h70 + 4 * s, vtx_of[l], prim_of[l]));
    end
    // ALD.64 R7, a[0x7C]: R6/R7 and 0x078/0x07C (R10)
    expect_fault("ald64", t_ald64, FAULT_VTX_OUT_OF_RANGE, traps);
    for (int s = 0; s < 2; s++) begin
      expect_slot("ald64", t_ald64, s, 8'(6 + s), lanes);
      for (int l = 0; l < bound(32); l++)
        if (lanes[l])
          expect32("ald64", l, wb_value(t_ald64, s, l),
                   vtx_of[l] >= VCOUNT ? 32'd0 : ald_in('h78 + 4 * s, vtx_of[l], prim_of[l]));
    end
    expect_slot("ald64 unused", t_ald64, 2, RZ_, 32'd0);
    // PRIMITIVE_ID: primitive handle, all in range, no trap (N27)
    expect_fault("prim", t_prim, FAULT_NONE, 32'd0);
    for (int l = 0; l < bound(32); l++)
      if (lanes[l]) expect32("prim", l, wb_value(t_prim, 0, l), ald_in('h60, vtx_of[l], prim_of[l]));
    for (int l = 0; l < bound(32); l++)
      if (lanes[l]) begin
        expect32("instance_id", l, wb_value(t_inst, 0, l),
                 vtx_of[l] >= VCOUNT ? 32'd0 : ald_in('h2F8, vtx_of[l], 0));
        expect32("vertex_id default", l, wb_value(t_vid, 0, l),
                 vtx_of[l] >= VCOUNT ? 32'd0 : ald_in('h2FC, vtx_of[l], 0));
      end
    // AL2P.128 R11, 0x70, P1: rank 1; 0x07C unmapped -> Pd false (R7, N30)
    expect_fault("al2p128", t_al2p128, FAULT_NONE, 32'd0);
    expect_slot("al2p128", t_al2p128, 0, 8'd11, lanes);
    expect32("al2p128 pd", -1, rsp_field(t_al2p128, F_PD), 32'd1);
    expect32("al2p128 pd_written", -1, rsp_field(t_al2p128, F_PD_WRITTEN), lanes);
    expect32("al2p128 pd_value", -1, rsp_field(t_al2p128, F_PD_VALUE), 32'd0);
    for (int l = 0; l < bound(32); l++)
      if (lanes[l]) expect32("al2p128", l, wb_value(t_al2p128, 0, l), (32'd1 << 10) | 32'h70);
    // AL2P.O.64 R13, R1 - 8 on the output BMAP {0x80..0x8C}
    begin
      logic [31:0] pdv;
      pdv = '0;
      for (int l = 0; l < bound(32); l++)
        if (lanes[l]) begin
          logic [31:0] want;
          if (l == 7) want = 32'h8000_0000 | 32'h3E8;          // -24: out of range
          else if (l % 3 == 0) begin want = 32'h080; pdv[l] = 1'b1; end        // rank 0
          else if (l % 3 == 1) begin want = (32'd2 << 10) | 32'h088; pdv[l] = 1'b1; end
          else want = 32'h8000_0000 | 32'h090;                 // unmapped
          expect32("al2p.o", l, wb_value(t_al2p_o, 0, l), want);
        end
      expect32("al2p.o pd_value", -1, rsp_field(t_al2p_o, F_PD_VALUE), pdv);
      expect32("al2p.o pd", -1, rsp_field(t_al2p_o, F_PD), 32'd2);
    end
    // ALD.PHYS
    expect_fault("phys", t_phys, FAULT_VTX_OUT_OF_RANGE, traps & ~32'h8888_8888);
    for (int l = 0; l < bound(32); l++)
      if (lanes[l]) begin
        logic [31:0] want;
        case (l % 4)
          0: want = vtx_of[l] >= VCOUNT ? 32'd0 : pat(vtx_of[l], 2);
          1: want = vtx_of[l] >= VCOUNT ? 32'd0 : 32'h3F80_0000;   // R7: default of 0x07C
          2: want = vtx_of[l] >= VCOUNT ? 32'd0 : 32'd0;           // default of 0x100 is 0
          default: want = ald_in('h60, 0, prim_of[l]);              // primitive handle
        endcase
        expect32("ald.phys", l, wb_value(t_phys, 0, l), want);
      end
    // ISBERD
    for (int l = 0; l < bound(32); l++)
      if (lanes[l]) begin
        expect32("isberd skew", l, wb_value(t_isb_skew, 0, l), pat(l * 2, l % N_IN));
        expect32("isberd vertex-major u16", l, wb_value(t_isb_vm, 0, l),
                 pat(l * 2, l % N_IN) >> 16);
        // N29: outside the 0x400-byte region a read returns 0
        expect32("isberd map u8", l, wb_value(t_isb_map, 0, l),
                 (l == 5 || l * 37 >= 'h400) ? 32'd0 : 32'((l * 37) & 255));
        expect32("isberd .O prim", l, wb_value(t_isb_out, 0, l), 32'd0);
      end
    expect_slot("isberd", t_isb_map, 0, 8'd17, lanes);
  endtask

  // Without the trap, out-of-range handles still read 0 but nothing faults (R9).
  task automatic test_trap_off;
    int t;
    logic [31:0] lanes;
    lanes = 32'hFFFF_FFFF;
    cfg_write(32'h008, 32'd0);
    new_batch();
    vs_context();
    push(enc_ald(8'd4, RZ_, 11'h074, 1'b0, 1'b0, RZ_, 2'd0), lanes, t);
    run_batch();
    expect_fault("trap off", t, FAULT_NONE, 32'd0);
    for (int l = 0; l < bound(32); l++)
      expect32("trap off value", l, wb_value(t, 0, l),
               vtx_of[l] >= VCOUNT ? 32'd0 : ald_in('h74, vtx_of[l], 0));
    cfg_write(32'h008, 32'd1);
  endtask

  // AST to the output space, read back by ALD.O in the same batch (RAW).
  int st_vtx [32];
  logic [31:0] st_winner_data [4][VCOUNT];

  task automatic test_vs_stores;
    int t_ast, t_ald_o, t_ast_bmap0, t_ald_after;
    logic [31:0] lanes, traps, winners, rd;
    int t_first;
    lanes = 32'hFFFF_FFFF;
    new_batch();
    clear_operands();
    // A load first, whose response the output register holds (mostly not
    // taken) while the stores execute.
    push(enc_ald(8'd4, RZ_, 11'h074, 1'b0, 1'b0, RZ_, 2'd0), lanes, t_first);
    for (int l = 0; l < bound(32); l++) st_vtx[l] = l < 30 ? l % 20 : (l == 30 ? VCOUNT : 63);
    for (int l = 0; l < bound(32); l++) begin
      s_vtx[32*l +: 32] = 32'(st_vtx[l]);
      s_rb[32*l +: 32] = 32'(st_vtx[l]);
      for (int c = 0; c < 4; c++) s_d[32*(32*c + l) +: 32] = 32'hD000_0000 | 32'(c << 8) | 32'(l);
    end
    push(enc_ast(8'd20, RZ_, 11'h080, 1'b0, RZ_, 2'd3), lanes, t_ast);
    push(enc_ald(8'd24, RZ_, 11'h080, 1'b0, 1'b1, RZ_, 2'd3), lanes, t_ald_o);
    push(enc_ast(8'd20, RZ_, 11'h070, 1'b0, RZ_, 2'd0), lanes, t_ast_bmap0);
    push(enc_ald(8'd28, RZ_, 11'h070, 1'b0, 1'b1, RZ_, 2'd0), lanes, t_ald_after);
    ready_pct = 4;
    run_batch();
    ready_pct = 65;

    // The first load: every lane at vertex 0, one shared read (attr_arb)
    for (int l = 0; l < bound(32); l++)
      expect32("load before the stores", l, wb_value(t_first, 0, l), pat(0, 2));
    traps = 32'h4000_0000;   // lane 30: vertex 64
    winners = '0;
    for (int l = 0; l < bound(32); l++)
      if (st_vtx[l] < VCOUNT) begin
        // N28: the highest lane of a vertex wins; a later lane overrides.
        for (int c = 0; c < 4; c++) st_winner_data[c][st_vtx[l]] = 32'hD000_0000 | 32'(c << 8) | 32'(l);
      end
    for (int l = 0; l < bound(32); l++) begin
      logic last;
      last = st_vtx[l] < VCOUNT;
      for (int m = l + 1; m < 32; m++) if (st_vtx[m] == st_vtx[l]) last = 1'b0;
      winners[l] = last;
    end
    expect_fault("ast", t_ast, FAULT_VTX_OUT_OF_RANGE, traps);
    expect32("ast st_space", -1, rsp_field(t_ast, F_ST_SPACE), {24'd0, SPACE_ISBE_OUT});
    for (int c = 0; c < 4; c++) begin
      expect32("ast st_mask", c, st_mask(t_ast, c), winners);
      for (int l = 0; l < bound(32); l++)
        if (winners[l]) begin
          expect32("ast st_addr", l, st_addr(t_ast, c, l), 32'(skew(st_vtx[l], c, N_OUT)));
          expect32("ast st_data", l, st_data(t_ast, c, l), 32'hD000_0000 | 32'(c << 8) | 32'(l));
        end
      expect32("ast wb_valid", c, wb_valid(t_ast, c), 32'd0);
    end
    // ALD.O.128 right behind it sees the stores (ALD.txt .O table, written 1)
    expect_fault("ald.o", t_ald_o, FAULT_VTX_OUT_OF_RANGE, traps);
    for (int c = 0; c < 4; c++)
      for (int l = 0; l < bound(32); l++)
        expect32("ald.o after ast", l, wb_value(t_ald_o, c, l),
                 st_vtx[l] < VCOUNT ? st_winner_data[c][st_vtx[l]] : 32'd0);
    // AST to BMAP 0: discarded, still names its space (N28)
    expect32("ast bmap0 st_space", -1, rsp_field(t_ast_bmap0, F_ST_SPACE), {24'd0, SPACE_ISBE_OUT});
    for (int c = 0; c < 4; c++) expect32("ast bmap0 st_mask", c, st_mask(t_ast_bmap0, c), 32'd0);
    for (int l = 0; l < bound(30); l++)
      expect32("ald.o bmap0 default", l, wb_value(t_ald_after, 0, l), 32'd0);
    // Images through the cfg port: output space and its write status
    for (int v = 0; v < bound(20); v++) begin
      for (int c = 0; c < 4; c++) begin
        cfg_read(32'h2000_0000 + 32'(skew(v, c, N_OUT)), rd);
        expect32("out image", v, rd, st_winner_data[c][v]);
      end
      cfg_read(32'h4000_0000 + 32'(32 * v + 4), rd);
      expect32("out write status", v, rd, 32'h0000_000F);
    end
    cfg_read(32'h4000_0000 + 32'(32 * 40 + 4), rd);
    expect32("out write status untouched", 40, rd, 32'd0);
    cfg_read(32'h1000_0000 + 32'(skew(5, 4, N_IN)), rd);
    expect32("input space untouched", 5, rd, pat(5, 4));
  endtask

  task automatic test_illegal;
    int t [10];
    logic [31:0] lanes;
    lanes = 32'h1234_5678;
    new_batch();
    clear_operands();
    push(enc_ald(8'd4, RZ_, 11'h070, 1'b0, 1'b0, RZ_, 2'd0) | (64'd1 << 35), lanes, t[0]); // N3 reserved
    push(64'h0, lanes, t[1]);                                                            // no opcode
    push(enc_isberd(8'd4, 8'd1, 1'b0, 1'b0, 2'd0, 2'd3), lanes, t[2]);                   // ISBERD size 3
    push(enc_al2p(8'd4, RZ_, 11'h070, 1'b0, 3'd7, 2'd0) | (64'd1 << 31), lanes, t[3]);  // AL2P [31]
    push(enc_ald(8'd4, RZ_, 11'h470, 1'b0, 1'b0, RZ_, 2'd0), lanes, t[4]);               // R5 bit 30, RZ
    push(enc_ald(8'd4, 8'd1, 11'h004, 1'b0, 1'b0, RZ_, 2'd0), lanes, t[5]);              // .PHYS imm != 0
    push(enc_ald(8'd4, 8'd1, 11'h000, 1'b0, 1'b0, RZ_, 2'd1), lanes, t[6]);              // R6 .PHYS.64
    push(enc_ald(8'd4, RZ_, 11'h070, 1'b1, 1'b0, RZ_, 2'd0), lanes, t[7]);               // R8 ALD.P in VS
    push(enc_ald(8'd4, RZ_, 11'h070, 1'b0, 1'b0, 8'd3, 2'd0), lanes, t[8]);              // R8 Rb in VS
    push({16'hEFE8, 48'd0} | GUARD_PT, lanes, t[9]);                        // a PIXLD word
    run_batch();
    for (int i = 0; i < bound(10); i++) expect_illegal($sformatf("illegal #%0d", i), t[i], lanes);
  endtask

  // Tessellation init: patch stores (R11) and loads, Rb handles.
  task automatic test_ti;
    int t_astp, t_aldp, t_aldp_in, t_ald_rb, t_astp_ts;
    logic [31:0] lanes, want_mask, rd;
    cfg_write(32'h000, 32'd2);   // TI
    cfg_write(32'h010, 32'd8);   // 8 patch words: 32 bytes (R4)
    for (int i = 0; i < bound(8); i++) cfg_write(32'h1004_0400 + 32'(4 * i), 32'h5000_0000 + 32'(i));
    lanes = 32'hFFFF_FFFF;
    new_batch();
    clear_operands();
    for (int l = 0; l < bound(32); l++) begin
      s_ra[32*l +: 32] = l == 31 ? 32'd32 : 32'((l % 4) * 4);
      s_d[32*l +: 32] = 32'hE000_0000 | 32'(l);
      s_rb[32*l +: 32] = 32'(3 * l);
    end
    push(enc_ast(8'd20, 8'd1, 11'h000, 1'b1, RZ_, 2'd0), lanes, t_astp);           // AST.P a[R1]
    push(enc_ald(8'd32, RZ_, 11'h000, 1'b1, 1'b1, RZ_, 2'd3), lanes, t_aldp);      // ALD.P.O.128 a[0]
    for (int l = 0; l < bound(32); l++) s_ra[32*l +: 32] = 32'(8 + 8 * (l % 5));
    push(enc_ald(8'd36, 8'd1, 11'h7F8, 1'b1, 1'b0, RZ_, 2'd1), lanes, t_aldp_in);   // ALD.P.64 a[R1-8]
    push(enc_ald(8'd38, RZ_, 11'h074, 1'b0, 1'b0, 8'd3, 2'd0), lanes, t_ald_rb);   // ALD a[0x74], R3
    run_batch();
    // R11 / N28: per address the highest lane; lane 31 is past the patch
    want_mask = (32'd1 << 28) | (32'd1 << 29) | (32'd1 << 30) | (32'd1 << 27);
    expect_fault("ast.p", t_astp, FAULT_NONE, 32'd0);
    expect32("ast.p st_space", -1, rsp_field(t_astp, F_ST_SPACE), {24'd0, SPACE_PATCH});
    expect32("ast.p st_mask", 0, st_mask(t_astp, 0), want_mask);
    for (int l = 27; l < bound(31); l++) begin
      expect32("ast.p st_addr", l, st_addr(t_astp, 0, l), 32'((l % 4) * 4));
      expect32("ast.p st_data", l, st_data(t_astp, 0, l), 32'hE000_0000 | 32'(l));
    end
    for (int l = 0; l < bound(32); l++) begin
      expect32("ald.p.o w0", l, wb_value(t_aldp, 0, l), 32'hE000_001C);
      expect32("ald.p.o w1", l, wb_value(t_aldp, 1, l), 32'hE000_001D);
      expect32("ald.p.o w2", l, wb_value(t_aldp, 2, l), 32'hE000_001E);
      expect32("ald.p.o w3", l, wb_value(t_aldp, 3, l), 32'hE000_001B);
      for (int c = 0; c < 2; c++)
        expect32("ald.p.i", l, wb_value(t_aldp_in, c, l),
                 l % 5 == 4 ? 32'd0 : 32'h5000_0000 + 32'(2 * (l % 5) + c));
      expect32("ald rb handle", l, wb_value(t_ald_rb, 0, l),
               3 * l >= VCOUNT ? 32'd0 : pat(3 * l, 2));
    end
    expect_fault("ald rb", t_ald_rb, FAULT_VTX_OUT_OF_RANGE, 32'hFFC0_0000);   // 3l >= 64
    cfg_read(32'h2004_0400 + 32'd12, rd);
    expect32("patch image", 3, rd, 32'hE000_001B);
    // AST.P outside TI is refused (R8)
    cfg_write(32'h000, 32'd3);   // TS
    new_batch();
    push(enc_ast(8'd20, 8'd1, 11'h000, 1'b1, RZ_, 2'd0), lanes, t_astp_ts);
    run_batch();
    expect_illegal("ast.p in TS", t_astp_ts, lanes);
  endtask

  // Geometry shader: GS buffer stores (R12, N26).
  task automatic test_gs;
    int t_gs, t_gs_phys, t_ald_o;
    logic [31:0] lanes, mask0, rd;
    cfg_write(32'h000, 32'd4);   // GS
    cfg_write(32'h014, 32'd4);   // MaxOutputVertexCount
    lanes = 32'hFFFF_FFFF;
    new_batch();
    clear_operands();
    for (int l = 0; l < bound(32); l++) begin
      s_rc[32*l +: 32] = 32'hABCD_0000 | 32'(l % 6);
      s_d[32*l +: 32] = 32'h6000_0000 | 32'(l);
      s_ra[32*l +: 32] = (32'd3 << 10) | 32'h08C;
    end
    push(enc_ast(8'd20, RZ_, 11'h084, 1'b0, 8'd5, 2'd0), lanes, t_gs);
    push(enc_ast(8'd20, 8'd1, 11'h000, 1'b0, 8'd5, 2'd0), lanes, t_gs_phys);
    push(enc_ald(8'd4, RZ_, 11'h080, 1'b0, 1'b1, RZ_, 2'd0), lanes, t_ald_o);     // ALD.O in GS
    run_batch();
    mask0 = '0;
    for (int l = 0; l < bound(32); l++) if (l % 6 < 4) mask0[l] = 1'b1;
    expect32("gs st_space", -1, rsp_field(t_gs, F_ST_SPACE), {24'd0, SPACE_GS_OUT});
    expect32("gs st_mask", 0, st_mask(t_gs, 0), mask0);
    expect32("gs.phys st_mask", 0, st_mask(t_gs_phys, 0), mask0);
    for (int l = 0; l < bound(32); l++)
      if (mask0[l]) begin
        // N26: word index * N + rank; 0x084 is rank 1, 0x08C rank 3
        expect32("gs st_addr", l, st_addr(t_gs, 0, l), 32'(4096 * l + 4 * ((l % 6) * N_OUT + 1)));
        expect32("gs.phys st_addr", l, st_addr(t_gs_phys, 0, l),
                 32'(4096 * l + 4 * ((l % 6) * N_OUT + 3)));
        expect32("gs st_data", l, st_data(t_gs, 0, l), 32'h6000_0000 | 32'(l));
      end
    expect_illegal("ald.o in gs", t_ald_o, lanes);
    cfg_read(32'h6000_0000 + 32'(4096 * 9 + 4 * (3 * N_OUT + 3)), rd);
    expect32("gs image", 9, rd, 32'h6000_0009);
  endtask

  // Shared spaces (N24): output stores land in the input space's memory.
  task automatic test_shared;
    int t_ast, t_ald;
    logic [31:0] lanes, rd;
    cfg_write(32'h000, 32'd1);   // VSB
    cfg_write(32'h004, 32'd1);   // shared
    lanes = 32'h0000_00FF;
    new_batch();
    clear_operands();
    for (int l = 0; l < bound(8); l++) begin
      s_vtx[32*l +: 32] = 32'(40 + l);
      s_d[32*l +: 32] = 32'h7700_0000 | 32'(l);
    end
    push(enc_ast(8'd20, RZ_, 11'h088, 1'b0, RZ_, 2'd0), lanes, t_ast);
    push(enc_ald(8'd4, RZ_, 11'h088, 1'b0, 1'b1, RZ_, 2'd0), lanes, t_ald);
    run_batch();
    for (int l = 0; l < bound(8); l++) begin
      expect32("shared st_addr", l, st_addr(t_ast, 0, l), 32'(skew(40 + l, 2, N_OUT)));
      expect32("shared ald.o", l, wb_value(t_ald, 0, l), 32'h7700_0000 | 32'(l));
    end
    cfg_read(32'h1000_0000 + 32'(skew(43, 2, N_OUT)), rd);
    expect32("shared: input memory holds the store", 3, rd, 32'h7700_0003);
    cfg_read(32'h2000_0000 + 32'(skew(43, 2, N_OUT)), rd);
    expect32("shared: target 2 names the input memory", 3, rd, 32'h7700_0003);
    cfg_write(32'h004, 32'd0);
    cfg_read(32'h2000_0000 + 32'(skew(43, 2, N_OUT)), rd);
    expect32("unshared: own output memory unchanged", 3, rd, 32'd0);
  endtask

  task automatic test_clear_and_regs;
    logic [31:0] rd;
    cfg_read(32'h00C, rd);
    expect32("reg vertex count", -1, rd, 32'(VCOUNT));
    cfg_read(32'h400 + 4 * 32'h1F, rd);
    expect32("reg default 0x07C (R3)", -1, rd, 32'h3F80_0000);
    cfg_write(32'h010, 32'd12);   // not a legal patch size: ignored
    cfg_read(32'h010, rd);
    expect32("reg patch words kept", -1, rd, 32'd8);
    clear_unit();
    cfg_read(32'h1000_0000 + 32'(skew(5, 4, N_IN)), rd);
    expect32("cleared isbe", -1, rd, 32'd0);
    cfg_read(32'h3000_0000 + 32'(32 * 5), rd);
    expect32("cleared status", -1, rd, 32'd0);
    cfg_read(32'h5000_0000 + 32'(1024 * 3 + 4 * 7), rd);
    expect32("cleared hw", -1, rd, 32'd0);
    cfg_read(32'h6000_0000 + 32'(4096 * 9 + 4 * (3 * N_OUT + 3)), rd);
    expect32("cleared gs", -1, rd, 32'd0);
  endtask

  // ---- Bursts of every target (N120-N123) -------------------------------------------
  // Word k of a test block: distinct per target and block.
  function automatic logic [31:0] bw(input int tgt, input int blk, input int k);
    return 32'hC000_0000 | (32'(tgt) << 24) | (32'(blk & 'hFFF) << 8) | 32'(k);
  endfunction

  function automatic logic [1023:0] block_of(input int tgt, input int blk);
    logic [1023:0] d;
    for (int k = 0; k < bound(32); k++) d[32*k +: 32] = bw(tgt, blk, k);
    return d;
  endfunction

  // Write a full block, overwrite it under a partial mask, read it back
  // under another partial mask: masked words new, unmasked words old.
  task automatic burst_target(input string what, input logic [31:0] a, input int tgt,
                              input int blk, input logic [31:0] wmask2);
    logic [1023:0] d1, d2, r;
    logic [31:0]   rmask;
    d1 = block_of(tgt, blk);
    d2 = block_of(tgt + 8, blk);
    rmask = 32'hF0F0_3C3D;
    cfg_burst_write(a, 32'hFFFF_FFFF, d1);
    cfg_burst_write(a, wmask2, d2);
    cfg_burst_read(a, 32'hFFFF_FFFF, r);
    for (int k = 0; k < bound(32); k++)
      expect32({what, " full read"}, k, r[32*k +: 32],
               wmask2[k] ? d2[32*k +: 32] : d1[32*k +: 32]);
    cfg_burst_read(a, rmask, r);
    for (int k = 0; k < bound(32); k++)
      if (rmask[k])
        expect32({what, " masked read"}, k, r[32*k +: 32],
                 wmask2[k] ? d2[32*k +: 32] : d1[32*k +: 32]);
  endtask

  // A partial write into a block cleared since: unmasked words read 0.
  task automatic burst_partial_after_clear(input string what, input logic [31:0] a,
                                           input int tgt, input int blk,
                                           input logic [31:0] m);
    logic [1023:0] d, r;
    d = block_of(tgt, blk);
    cfg_burst_write(a, m, d);
    cfg_burst_read(a, 32'hFFFF_FFFF, r);
    for (int k = 0; k < bound(32); k++)
      expect32({what, " partial after clear"}, k, r[32*k +: 32], m[k] ? d[32*k +: 32] : 32'd0);
  endtask

  task automatic test_bursts;
    logic [1023:0] r, d;
    logic [31:0] m;
    // Memories: ISBE in (attribute row 7 and the last row), ISBE out, write
    // status in / out (vertices 4..7 and 252..255), HW kinds 0 and 5, GS
    // lanes 0 and 31 (first and last rows of the buffer).
    burst_target("isbe in", 32'h1000_0000 + 32'(7 * 128), 1, 7, 32'h8000_0001);
    burst_target("isbe in last row", 32'h1000_0000 + 32'h40980, 1, 2067, 32'h7FFF_FFFE);
    burst_target("isbe out", 32'h2000_0000 + 32'(300 * 128), 2, 300, 32'hAAAA_5555);
    burst_target("status in", 32'h3000_0000 + 32'(32 * 4), 3, 1, 32'h0F0F_F00F);
    burst_target("status out", 32'h4000_0000 + 32'(32 * 252), 4, 63, 32'hFF00_00FF);
    burst_target("hw kind 0", 32'h5000_0000 + 32'(1024 * 0 + 128 * 2), 5, 2, 32'h1234_5678);
    burst_target("hw kind 5", 32'h5000_0000 + 32'(1024 * 5 + 128 * 7), 5, 47, 32'hFFFF_0000);
    burst_target("gs lane 0", 32'h6000_0000 + 32'(4096 * 0 + 128 * 0), 6, 0, 32'hC000_0003);
    burst_target("gs lane 31", 32'h6000_0000 + 32'(4096 * 31 + 128 * 31), 6, 31, 32'h0000_FFFF);
    // Words of one burst reach their own addresses: single-word reads.
    begin
      logic [31:0] rd;
      cfg_read(32'h6000_0000 + 32'(4096 * 31 + 128 * 31 + 4 * 20), rd);
      expect32("gs word 20 of the last row", -1, rd, bw(6, 31, 20));
      cfg_read(32'h3000_0000 + 32'(32 * 6 + 4 * 3), rd);   // vertex 6, word 3 = burst word 19
      expect32("status vertex 6 word 3", -1, rd, bw(3 + 8, 1, 19));
      cfg_read(32'h5000_0000 + 32'(1024 * 5 + 4 * (224 + 31)), rd);
      expect32("hw kind 5 item 255", -1, rd, bw(5 + 8, 47, 31));
    end
    // Registers: the four maps in one burst, defaults block 5, and the
    // scalar block with refused values (N123: ignored).
    d = block_of(0, 2);
    cfg_burst_write(32'h100, 32'hFFFF_FFFF, d);
    cfg_burst_read(32'h100, 32'hFFFF_FFFF, r);
    for (int k = 0; k < bound(32); k++) expect32("maps burst", k, r[32*k +: 32], d[32*k +: 32]);
    d = block_of(0, 5);
    cfg_burst_write(32'h400 + 32'(128 * 5), 32'h00FF_FF00, d);
    cfg_burst_read(32'h400 + 32'(128 * 5), 32'hFFFF_FFFF, r);
    // Unmasked words keep their values: R3 1.0 at 0x28C and 0x29C (words 3,
    // 7), the driver default of VERTEX_ID (0x2FC, word 31) from config_vs.
    for (int k = 0; k < bound(32); k++)
      expect32("defaults burst", k, r[32*k +: 32],
               (k >= 8 && k < 24) ? d[32*k +: 32]
             : (k == 3 || k == 7) ? 32'h3F80_0000
             : k == 31 ? 32'h1234_5678 : 32'd0);
    d = '0;
    d[32*0 +: 32] = 32'd3;     // stage TS
    d[32*1 +: 32] = 32'd2;     // sharing 2: refused
    d[32*3 +: 32] = 32'd200;   // vertex count
    d[32*4 +: 32] = 32'd24;    // patch 24: refused
    d[32*5 +: 32] = 32'd1025;  // MaxOutputVertexCount 1025: refused
    d[32*6 +: 32] = 32'd7;     // ST_REQ start
    m = 32'h0000_007B;         // words 0, 1, 3, 4, 5, 6 (not 2: trap kept)
    cfg_burst_write(32'h000, m, d);
    cfg_burst_read(32'h000, 32'h0001_00FF, r);
    expect32("scalar stage", -1, r[32*0 +: 32], 32'd3);
    expect32("scalar sharing kept", -1, r[32*1 +: 32], 32'd0);
    expect32("scalar trap kept", -1, r[32*2 +: 32], 32'd1);
    expect32("scalar vertex count", -1, r[32*3 +: 32], 32'd200);
    expect32("scalar patch kept", -1, r[32*4 +: 32], 32'd8);
    expect32("scalar gs max kept", -1, r[32*5 +: 32], 32'd4);
    expect32("scalar st_req start", -1, r[32*6 +: 32], 32'd7);
    expect32("scalar clear idle", -1, r[32*16 +: 32], 32'd0);
    // N123: reads outside the tables return 0 (and writes there are ignored)
    cfg_burst_write(32'h1000_0000 + 32'h40A00, 32'hFFFF_FFFF, block_of(1, 1));
    cfg_burst_read(32'h1000_0000 + 32'h40A00, 32'hFFFF_FFFF, r);
    expect32("isbe past the space", -1, 32'(r != '0), 32'd0);
    cfg_burst_read(32'h3000_0000 + 32'h2000, 32'hFFFF_FFFF, r);
    expect32("status past the table", -1, 32'(r != '0), 32'd0);
    cfg_burst_write(32'h5000_0000 + 32'h1800, 32'hFFFF_FFFF, block_of(5, 1));
    cfg_burst_read(32'h5000_0000 + 32'h1800, 32'hFFFF_FFFF, r);
    expect32("hw kind 6", -1, 32'(r != '0), 32'd0);
    cfg_burst_read(32'h6000_0000 + 32'h20000, 32'hFFFF_FFFF, r);
    expect32("gs past the buffers", -1, 32'(r != '0), 32'd0);
    cfg_burst_read(32'h7000_0000, 32'hFFFF_FFFF, r);
    expect32("target 7", -1, 32'(r != '0), 32'd0);
    cfg_burst_read(32'h200, 32'hFFFF_FFFF, r);
    expect32("unused register block", -1, 32'(r != '0), 32'd0);
    // Back-to-back reads answer in order (N122).
    begin
      logic [31:0] rd1, rd2;
      cfg_read(32'h1000_0000 + 32'(7 * 128 + 4 * 31), rd1);
      cfg_read(32'h1000_0000 + 32'(8 * 128 + 4 * 31), rd2);
      expect32("read of row 7", -1, rd1, bw(9, 7, 31));
      expect32("read of row 8", -1, rd2, 32'd0);
    end
  endtask

  // The flash clear zeroes every memory; entries written after it are the
  // only ones that read non-zero, word by word (attr_ram valid bits).
  task automatic test_clear_entries;
    int t_ast;
    logic [31:0] rd, lanes;
    logic [1023:0] r;
    clear_unit();
    for (int blk = 0; blk < bound(2); blk++) begin
      cfg_burst_read(32'h1000_0000 + 32'(7 * 128), 32'hFFFF_FFFF, r);
      expect32("cleared isbe in row", -1, 32'(r != '0), 32'd0);
      cfg_burst_read(32'h2000_0000 + 32'(300 * 128), 32'hFFFF_FFFF, r);
      expect32("cleared isbe out row", -1, 32'(r != '0), 32'd0);
      cfg_burst_read(32'h4000_0000 + 32'(32 * 252), 32'hFFFF_FFFF, r);
      expect32("cleared status out", -1, 32'(r != '0), 32'd0);
      cfg_burst_read(32'h3000_0000 + 32'(32 * 4), 32'hFFFF_FFFF, r);
      expect32("cleared status in", -1, 32'(r != '0), 32'd0);
      cfg_burst_read(32'h5000_0000 + 32'(1024 * 5 + 128 * 7), 32'hFFFF_FFFF, r);
      expect32("cleared hw", -1, 32'(r != '0), 32'd0);
      cfg_burst_read(32'h6000_0000 + 32'(4096 * 31 + 128 * 31), 32'hFFFF_FFFF, r);
      expect32("cleared gs", -1, 32'(r != '0), 32'd0);
    end
    burst_partial_after_clear("isbe in", 32'h1000_0000 + 32'(7 * 128), 1, 7, 32'h0000_8001);
    burst_partial_after_clear("status out", 32'h4000_0000 + 32'(32 * 252), 4, 63, 32'h0100_0010);
    burst_partial_after_clear("gs", 32'h6000_0000 + 32'(4096 * 31 + 128 * 31), 6, 31, 32'h8000_0000);
    burst_partial_after_clear("hw", 32'h5000_0000 + 32'(1024 * 5 + 128 * 7), 5, 47, 32'h0000_0100);
    // A store after the clear sets only its own write-status bit: the
    // entries test_vs_stores wrote (0x080..0x08C of vertices 0..19) are gone.
    config_vs_regs();
    lanes = 32'h0000_FFFF;
    new_batch();
    clear_operands();
    for (int l = 0; l < bound(16); l++) begin
      s_vtx[32*l +: 32] = 32'(l);
      s_d[32*l +: 32] = 32'h5500_0000 | 32'(l);
    end
    push(enc_ast(8'd20, RZ_, 11'h088, 1'b0, RZ_, 2'd0), lanes, t_ast);
    run_batch();
    for (int v = 0; v < bound(16); v++) begin
      cfg_read(32'h4000_0000 + 32'(32 * v + 4), rd);
      expect32("status after clear + store", v, rd, 32'h0000_0004);
      cfg_read(32'h2000_0000 + 32'(skew(v, 0, N_OUT)), rd);
      expect32("output word after clear", v, rd, 32'd0);
      cfg_read(32'h2000_0000 + 32'(skew(v, 2, N_OUT)), rd);
      expect32("stored word after clear", v, rd, 32'h5500_0000 | 32'(v));
    end
  endtask

  // ---- Main -----------------------------------------------------------------------------
  initial begin
    int bug;
    if ($value$plusargs("bug=%d", bug)) bug_sel = 8'(bug);
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    clear_unit();
    config_vs();
    test_vs_loads();
    test_trap_off();
    test_vs_stores();
    test_illegal();
    test_ti();
    test_gs();
    test_shared();
    test_clear_and_regs();
    test_bursts();
    test_clear_entries();
    $display("attr_unit_selftest: %0d cycles, clear %0d cycles, longest cfg_ready wait %0d",
             $time / 10, clear_cycles, cfg_wait_max);
    if (errors == 0) $display("attr_unit_selftest: PASS (%0d checks, LANES_PER_CYCLE %0d)", checks, LPC);
    else $display("attr_unit_selftest: FAIL (%0d of %0d checks, bug_sel %0d)", errors, checks, bug_sel);
    $finish;
  end

  // Watchdog
  initial begin
    #20_000_000;
    $display("attr_unit_selftest: FAIL (timeout)");
    $finish;
  end

endmodule : attr_unit_selftest
