// SPDX-License-Identifier: Apache-2.0
// A user's own testbench for a pixel unit (PIXLD), with spagm as the
// predictor: the stimulus, the driver, the phases and the verdict are the
// user's; spagm_pkg only predicts each accepted request and checks each
// response (docs/predictor.md). Plain IEEE 1800-2017 SystemVerilog: it
// makes its own clock, so any simulator with DPI-C runs it (Verilator with
// --timing).
//
// Plusargs: +seed=N (stimulus; also printed in every report), +txns=N
// (requests over the whole test), +bug=NAME or +bug=N (a defect of the
// stand-in RTL by name or number, rtl_stubs/pix_bugs.md; none by default;
// one it does not know is refused), +max_errors=N (stop after N
// mismatching responses, 0 never).
//
// A test is a sequence of phases. Each phase resets the DUT and the
// predictor, writes a random raster configuration through the
// configuration port (and the same words into the predictor), then sends
// its share of random PIXLD requests with random gaps while responses leave
// under random backpressure, and drains.
module tb_pix_predictor;
  import spagm_txn_pkg::*;
  import spagm_pkg::*;

  localparam int PHASES = 6;
  localparam int DRAIN_LIMIT = 2000;  // cycles a drain may take before it is a hang

  // ---- Options ------------------------------------------------------------
  longint unsigned seed = 1;
  int unsigned txns = 12000, max_errors = 10;
  int bug = 0;
  string bug_arg = "none";
  // spagm_bug_parse (generated from rtl_stubs/bugs.tsv by spagm_bug_svh).
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

  assign bug_sel = bug[7:0];

  my_pix_dut dut (
    .clk, .rst_n, .bug_sel, .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask,
    .cfg_wdata, .cfg_rvalid, .cfg_rdata, .idle,
    .req_valid, .req_ready, .req(req), .rsp_valid, .rsp_ready, .rsp(rsp)
  );

  // ---- The user's random numbers: xorshift64*, the same in every simulator
  longint unsigned rng;

  function automatic longint unsigned next64();
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 64'h2545F4914F6CDD1D;
  endfunction

  // A number below n (n > 0).
  function automatic int unsigned rnd(int unsigned n);
    return 32'((next64() >> 16) % 64'(n));
  endfunction

  // ---- Stimulus -----------------------------------------------------------
  // Configuration words of one phase (docs/port-contract.md, pixel unit).
  int unsigned cfg_a[22], cfg_d[22];
  int cfg_n;

  function automatic void push_cfg(int unsigned addr, int unsigned data);
    cfg_a[cfg_n] = addr;
    cfg_d[cfg_n] = data;
    cfg_n++;
  endfunction

  function automatic void make_config(int phase);
    // Phases 1 to 3 show the configuration choices (N350, N351): the S0.12
    // offset format in 1 and 3, NVIDIA's sample order in 2 and 3, on 2 or 8
    // standard positions, where the two orders differ. The others draw
    // both at random.
    bit choices = phase >= 1 && phase <= 3;
    bit programmable = !choices && rnd(3) == 0;
    cfg_n = 0;
    // The last phase runs outside the pixel shader: every PIXLD must fault (R8).
    push_cfg(32'h00, phase == PHASES - 1 ? rnd(5) : 5);
    push_cfg(32'h04, choices ? 2 << 2 * rnd(2) : 1 << rnd(5));  // 2 or 8 samples; else 1 to 16
    push_cfg(32'h08, {31'd0, programmable});
    push_cfg(32'h0C, rnd(2));  // SSAA
    push_cfg(32'h10, choices ? 32'(phase != 2) : rnd(2));  // offset format: sixteenths, S0.12
    push_cfg(32'h14, choices ? 32'(phase != 1) : rnd(2));  // sample order: D3D, NVIDIA
    if (programmable)
      for (int i = 0; i < 16; i++) push_cfg(32'h40 + 4 * i, rnd(256));  // x [3:0], y [7:4]
  endfunction

  // One PIXLD request (DESIGN §7.1: opcode [63:48], Pd [47:45], mode
  // [33:31], imm8 [27:20], guard [19:16] = PT, Ra [15:8], Rd [7:0]).
  function automatic spagm_request_t make_request(int unsigned tag);
    spagm_request_t r = spagm_request_t'(0);
    logic [2:0] mode = 3'(rnd(6));
    logic [7:0] rd = rnd(8) == 0 ? 8'd255 : 8'(rnd(255));
    logic [7:0] ra = rnd(2) == 0 ? 8'd255 : 8'(rnd(255));
    logic [7:0] imm = rnd(4) == 0 ? 8'(rnd(256)) : 8'(rnd(20));
    logic [2:0] pd = rnd(4) == 0 ? 3'd7 : 3'(rnd(7));
    r.tag = tag;
    r.insn = {16'hEFE8, pd, 11'd0, mode, 3'd0, imm, 1'b0, 3'd7, ra, rd};
    // Now and then a word the unit must refuse: mode 6/7, a reserved bit.
    if (rnd(100) == 0) r.insn[33:31] = 3'(6 + rnd(2));
    else if (rnd(100) == 0) r.insn[34 + rnd(11)] = 1'b1;
    r.lane_mask = rnd(2) == 0 ? 32'hFFFF_FFFF : 32'(next64());
    for (int l = 0; l < 32; l++) begin
      r.a[0][l] = rnd(4) == 0 ? 32'(next64()) : rnd(20);  // Ra: sample indexes
      r.coverage[l] = 16'(next64());
      r.sample[l] = 4'(rnd(16));
    end
    return r;
  endfunction

  // ---- Predictor ----------------------------------------------------------
  spagm_pix_predictor pred;

  // ---- Expected next to actual --------------------------------------------
  // The prediction each delivered response was compared with
  // (check_expected, N214), held until the next response: a wave dump of
  // this testbench shows exp_rsp beside rsp, and per write-back slot the
  // lanes where the two differ (mismatch_lanes[slot]).
  spagm_response_t exp_rsp = spagm_response_t'(0);
  logic [3:0][31:0] mismatch_lanes = '0;

  // Lanes of write-back slot s where actual a and expected e differ under
  // the port contract ("What is compared"): lanes written by one side
  // only; every written lane when the register differs; else the written
  // lanes whose values differ outside the don't-care bits.
  function automatic logic [31:0] slot_mismatch(spagm_response_t a, spagm_response_t e, int s);
    logic [31:0] m = a.wb_valid[s] ^ e.wb_valid[s];
    if (m != 0) return m;
    if (e.wb_valid[s] != 0 && a.wb_reg[s] != e.wb_reg[s]) return e.wb_valid[s];
    for (int l = 0; l < SPAGM_LANES; l++)
      if (e.wb_valid[s][l] && ((a.wb_value[s][l] ^ e.wb_value[s][l]) & ~e.wb_dontcare[s][l]) != 0)
        m[l] = 1'b1;
    return m;
  endfunction

  function automatic string reg_name(logic [7:0] r);
    return r == 8'd255 ? "RZ" : $sformatf("R%0d", r);
  endfunction

  // On a mismatch: what differs, expected next to actual, from the
  // prediction itself (the report above is the model's own account).
  function automatic void show_expected(spagm_response_t a, spagm_response_t e);
    $display("tb_pix_predictor: tag %0d, expected vs actual (check_expected):", a.tag);
    if (a.fault != e.fault || a.fault_lanes != e.fault_lanes)
      $display("  fault: expected %0d on lanes 0x%08h, actual %0d on lanes 0x%08h", e.fault,
               e.fault_lanes, a.fault, a.fault_lanes);
    for (int s = 0; s < 4; s++) begin
      int shown = 0;
      if (mismatch_lanes[s] == 0) continue;
      $display("  slot %0d: expected %0s lanes 0x%08h, actual %0s lanes 0x%08h, mismatch lanes 0x%08h",
               s, reg_name(e.wb_reg[s]), e.wb_valid[s], reg_name(a.wb_reg[s]), a.wb_valid[s],
               mismatch_lanes[s]);
      for (int l = 0; l < SPAGM_LANES; l++) begin
        if (!mismatch_lanes[s][l] || !e.wb_valid[s][l] || !a.wb_valid[s][l]) continue;
        if (shown == 8) begin
          $display("    ... and %0d more lanes", $countones(mismatch_lanes[s] >> l));
          break;
        end
        $display("    lane %0d: expected 0x%08h, actual 0x%08h%0s", l, e.wb_value[s][l],
                 a.wb_value[s][l], e.wb_dontcare[s][l] == 0 ? "" :
                 $sformatf(" (don't-care 0x%08h)", e.wb_dontcare[s][l]));
        shown++;
      end
    end
    if (a.pd_written != e.pd_written || (e.pd_written != 0 && a.pd != e.pd) ||
        ((a.pd_value ^ e.pd_value) & e.pd_written) != 0)
      $display("  predicate: expected P%0d lanes 0x%08h true 0x%08h, actual P%0d lanes 0x%08h true 0x%08h",
               e.pd, e.pd_written, e.pd_value & e.pd_written, a.pd, a.pd_written,
               a.pd_value & a.pd_written);
    $display("");
  endfunction

  initial begin
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("txns=%d", txns));
    void'($value$plusargs("bug=%s", bug_arg));
    void'($value$plusargs("max_errors=%d", max_errors));
    $display("tb_pix_predictor: seed %0d, %0d requests, bug %0s", seed, txns, bug_arg);
    if ($test$plusargs("bug_sel"))
      $fatal(1, "tb_pix_predictor: refused: +bug_sel= is now +bug=NAME or +bug=N");
    bug = spagm_bug_parse(bug_arg, "pix", "tb_pix_predictor");
    if (bug < 0) $fatal(1, "tb_pix_predictor: refused: +bug=%0s", bug_arg);
    rng = seed ^ 64'h9E37_79B9_7F4A_7C15;
    if (rng == 0) rng = 1;
    pred = new(seed, "tb_pix_predictor.dut");
  end

  // ---- The test, one clocked process --------------------------------------
  // Predictor calls happen only here, on handshakes: a configuration write,
  // req_valid && req_ready, rsp_valid && rsp_ready.
  typedef enum logic [2:0] {S_RESET, S_CONFIG, S_RUN, S_DRAIN, S_DONE} state_t;
  state_t state = S_RESET;
  int phase = 0, k = 0, waited = 0;
  int unsigned tag = 0, sent = 0, per_phase, errors = 0;
  string report;

  always @(posedge clk) begin
    int unsigned n;
    longint unsigned fails;
    spagm_diff first;
    if (cfg_valid && cfg_ready) cfg_valid <= 1'b0;
    per_phase = (txns + PHASES - 1) / PHASES;

    // Every response, in any state: checked by tag.
    if (rsp_valid && rsp_ready) begin
      n = pred.check_expected(rsp, report, exp_rsp);
      for (int s = 0; s < 4; s++) mismatch_lanes[s] = slot_mismatch(rsp, exp_rsp, s);
      if (n != 0) begin
        $display("%s", report);
        // A tag with no prediction has no expected response to show.
        first = pred.get_diff(0);
        if (first != null && first.field != SPAGM_DIFF_NO_PREDICTION) show_expected(rsp, exp_rsp);
        errors++;
      end
    end
    rsp_ready <= rnd(100) < 70;

    // Every accepted request: predicted now, in acceptance order.
    if (req_valid && req_ready) begin
      void'(pred.predict(req));
      req_valid <= 1'b0;
    end

    case (state)
      S_RESET: begin  // two cycles of reset; the predictor forgets too
        if (k == 0) void'(pred.reset());
        rst_n <= k >= 2;
        k++;
        if (k == 3) begin
          make_config(phase);
          k = 0;
          state <= S_CONFIG;
        end
      end
      S_CONFIG: begin  // one word per burst (docs/port-contract.md, N120)
        if (!cfg_valid || cfg_ready) begin
          if (k < cfg_n) begin
            cfg_valid <= 1'b1;
            cfg_addr <= cfg_a[k] & ~32'd127;
            cfg_mask <= 32'd1 << cfg_a[k][6:2];
            cfg_wdata[32*cfg_a[k][6:2] +: 32] <= cfg_d[k];
            void'(pred.cfg_write(cfg_a[k], cfg_d[k]));
            k++;
          end else begin
            sent = 0;
            state <= S_RUN;
          end
        end
      end
      S_RUN: begin  // requests with random gaps; the last one accepted ends it
        if (sent == per_phase && !req_valid) begin
          waited = 0;
          state <= S_DRAIN;
        end else if ((!req_valid || req_ready) && sent < per_phase && rnd(100) < 80) begin
          req <= make_request(tag);
          req_valid <= 1'b1;
          tag++;
          sent++;
        end
      end
      S_DRAIN: begin  // every prediction answered, the unit empty
        waited++;
        if (idle && pred.outstanding() == 0) begin
          phase++;
          k = 0;
          state <= phase == PHASES ? S_DONE : S_RESET;
        end else if (waited > DRAIN_LIMIT) begin
          $display("tb_pix_predictor: ERROR: %0d responses still missing after %0d cycles",
                   pred.outstanding(), DRAIN_LIMIT);
          state <= S_DONE;
        end
      end
      S_DONE: begin
        $display("%s", pred.summary());
        fails = pred.failures();
        pred.free();
        if (fails != 0) begin
          $fatal(1, "tb_pix_predictor: FAILED, %0d failures (seed %0d)", fails, seed);
        end else begin
          $display("tb_pix_predictor: PASSED (seed %0d)", seed);
          $finish;
        end
      end
      default: ;
    endcase
    if (max_errors != 0 && errors >= max_errors && state != S_DONE) begin
      $display("tb_pix_predictor: stopping after %0d mismatching responses", errors);
      state <= S_DONE;
    end
  end
endmodule
