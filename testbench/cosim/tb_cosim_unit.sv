// SPDX-License-Identifier: Apache-2.0
// tb_cosim_unit: one unit of the lock-step co-simulation (tb_cosim.sv): the
// unit's RTL, the signals of its ports (docs/port-contract.md) and the
// driver that feeds them from the golden model through spagm_dpi_pkg.
//
// Under the phases of the epoch controller, per epoch:
//   reset     the flags
//   load      the configuration bursts (docs/port-contract.md, N120-N123),
//             back to back as the unit takes them
//   run       the seeded requests with random gaps, responses under random
//             backpressure; every accept and every response goes to the
//             scoreboard (spagm_dpi_accept, spagm_dpi_check)
//   readback  every word of the state images in read bursts, answers
//             checked by the model in order
// While cfg_valid or req_valid is low, the bus or the request carries
// fresh seeded random bits, as do a write burst's unmasked words (half of
// them shaped as a register's value) and a read burst's data words
// (tb_dontcare_pkg.sv, docs/port-contract.md).
// The texture unit's memory port is answered by tb_cosim_mem.sv. Gaps and
// backpressure come from the unit's own generator (spagm_dpi_random), so a
// unit's traffic does not depend on the others'. DPI functions are called
// only from clocked blocks, on handshakes. The debug signals the waves show
// (req_tag, rsp_tag, check_tag, mismatch; docs/cosim.md, "Waves") are here,
// and the request and response field by field under `fields`.
//
// The RTL module of each unit is the stand-in of rtl_stubs/ unless the build
// defines SPAGM_ATTR_TOP, SPAGM_PIX_TOP or SPAGM_TEX_TOP (tb_rtl_tops.svh,
// docs/own-rtl.md); it is connected by port name, a unit with the
// version-1 configuration port through tb_cfg_v1_bridge.
`include "tb_rtl_tops.svh"
module tb_cosim_unit
  import spagm_txn_pkg::*;
  import spagm_dpi_pkg::*;
  import tb_cosim_pkg::*;
#(
  parameter int UNIT = UNIT_ATTR  // which unit: UNIT_ATTR, UNIT_PIX or UNIT_TEX
) (
  input  logic        tb_clk,            // the testbench's clock of this unit
  input  logic        rst_n,
  input  logic [7:0]  bug_sel,           // rtl_stubs injected defect, 0 = none
  tb_cosim_run_if     run,
  input  ctrl_t       ctrl,              // the epoch controller's phase
  input  logic [63:0] cycle,             // cycles since the start
  output logic        load_done = 1'b0,  // this epoch's state is loaded
  output logic        run_done = 1'b0,   // every request sent and answered
  output logic        rb_done = 1'b0,    // the images are read back
  output logic        hung = 1'b0,       // no handshake for HANG_CYCLES
  output logic [63:0] first_bad = '1,    // cycle of the first mismatch, all ones when none
  output logic [63:0] clocks = '0        // rising edges of the unit's own clock (N126)
);
  // ---- The unit's ports ------------------------------------------------------
  logic cfg_valid = 0, cfg_write, cfg_ready, cfg_rvalid, idle;
  logic [31:0] cfg_addr, cfg_mask;
  logic [1023:0] cfg_wdata, cfg_rdata;
  logic req_valid = 0, req_ready, rsp_valid, rsp_ready = 0;
  spagm_request_t req;
  spagm_response_t rsp;

  // ---- Payloads while valid is low ------------------------------------------
  // The driver below writes the burst and the request it offers (o_*); the
  // unit sees them while their valid is high and seeded random bits while
  // it is low (tb_idle_payload.sv), the draws of this cycle.
  logic o_cfg_write = 0;
  logic [31:0] o_cfg_addr = 0, o_cfg_mask = 0;
  logic [1023:0] o_cfg_wdata = 0;
  spagm_request_t o_req = '0;
  logic [1023:0] dc_cfg_wdata;
  tb_idle_payload #(.UNIT(UNIT), .REQ_BITS(SPAGM_REQUEST_BITS)) idle_payload (
      .clk(tb_clk), .seed(run.seed), .n(cycle),
      .cfg_valid(cfg_valid), .o_cfg_write(o_cfg_write), .o_cfg_addr(o_cfg_addr),
      .o_cfg_mask(o_cfg_mask), .o_cfg_wdata(o_cfg_wdata),
      .req_valid(req_valid), .o_req(o_req),
      .cfg_write(cfg_write), .cfg_addr(cfg_addr), .cfg_mask(cfg_mask), .cfg_wdata(cfg_wdata),
      .req(req), .dc_cfg_wdata(dc_cfg_wdata));

  // ---- Debug signals for the waves -------------------------------------------
  // req_tag and rsp_tag follow the live ports. A response is delivered on
  // the edge that ends its handshake's cycle; from the next cycle until the
  // next delivery the waves hold it (`dlv`) with the request of its tag
  // (`dlv_req`) and the model's expected response (`exp`, the prediction
  // the scoreboard compares, through spagm_dpi_expected), the lanes where
  // they differ and the name of the rule behind the first of them, on the
  // cycle `check_tag` and the `mismatch` pulse show it (N211). Only when
  // tracing (+trace; +waves_on_fail's re-run sets it): a run without waves
  // makes no extra DPI call.
  logic [31:0] req_tag, rsp_tag, check_tag = 0;
  logic mismatch = 0;  // high the cycle after a mismatching response or image word
  logic [63:0] errors = 0;
  bit view_on = 1'b0;
  spagm_request_t dlv_req = '0;
  spagm_response_t dlv = '0, exp = '0;
  // What a delivery gives the view is first held here, and the view's
  // inputs above are written only by the block of view_tick, which toggles
  // only on a delivery while tracing: Verilator evaluates the view's
  // decode, and the shadow copies of the wide non-blocking writes, with
  // the block that writes its inputs; written from the unit's clocked block
  // they would cost every cycle of every run, waves or not.
  bit [SPAGM_REQUEST_BITS-1:0] held_req = '0;
  bit [SPAGM_RESPONSE_BITS-1:0] held_rsp = '0, held_exp = '0;
  bit view_tick = 1'b0;
  logic [31:0] mismatch_lanes = 0;       // lane 31 left, lane 0 right
  logic [255:0] mismatch_rule_name = 0;  // ASCII: GTKWave shows it as text
  initial view_on = $test$plusargs("trace");
  assign req_tag = req.tag;
  assign rsp_tag = rsp.tag;
  // The delivered transaction field by field: its request, its response and
  // the expected one (tb_cosim_view.sv). A separate instance, so no name of
  // it can meet a port of the RTL's `.*` below.
  tb_cosim_view fields (.req(dlv_req), .rsp(dlv), .exp);
  always @(posedge view_tick or negedge view_tick) begin
    dlv_req <= held_req;
    dlv <= held_rsp;
    exp <= held_exp;
  end

  // ---- The RTL's clock ---------------------------------------------------------
  // The unit is clocked only while it has work in the current phase: once
  // its load, run or read-back is done it waits, idle, for the other units
  // (with all three units the texture unit's run is several times the
  // others'), and Verilator evaluates a clocked-off unit for free. The
  // enable changes on the falling edge (a clock gate's latch), so `clk`
  // never has a short pulse. The driver, the memory model and their random
  // draws stay on tb_clk: the stimulus is the same as with the unit clocked.
  logic clk, clk_en = 1'b1;
  always_ff @(negedge tb_clk)
    clk_en <= !((ctrl == C_LOAD && load_done) || (ctrl == C_RUN && run_done) ||
                (ctrl == C_READBACK && rb_done));
  assign clk = tb_clk & clk_en;
  always_ff @(posedge clk) clocks <= clocks + 1;

  // ---- The RTL ---------------------------------------------------------------
  // The texture unit also has a memory port, answered by the memory model.
  logic mem_req_valid, mem_req_ready, mem_rsp_valid, mem_rsp_ready;
  logic [47:0] mem_req_addr;
  logic [7:0] mem_req_tag, mem_rsp_tag;
  logic [255:0] mem_rsp_data;
`include "tb_dut.svh"
  if (UNIT == UNIT_TEX) begin : g_mem
    tb_cosim_mem #(.UNIT(UNIT)) mem (
      .clk(tb_clk), .run, .ctrl, .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag,
      .mem_rsp_valid, .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data);
  end

  // ---- Driver ----------------------------------------------------------------
  localparam int RB_DEPTH = 8;  // read bursts in flight
  logic stream_done = 0;  // no more requests this epoch
  logic cfg_end = 0;      // no more bursts in this phase
  logic [31:0] quiet = 0;  // cycles without a handshake while work is pending
  // Read bursts offered and not yet answered, oldest first (N122: in order).
  logic [31:0] rb_addr[RB_DEPTH], rb_mask[RB_DEPTH];
  logic [$clog2(RB_DEPTH+1)-1:0] rb_n = 0;
  // In odd epochs the consumer raises rsp_ready only the cycle after it
  // sees rsp_valid, as the handshake rules allow (ready may depend on
  // valid): a unit that needs rsp_ready to fill an empty output stage then
  // waits forever, which the hang watchdog reports (N425).
  logic ready_after_valid = 1'b0;
  // Port rules checked every cycle (docs/port-contract.md, reported by the
  // C core): `idle` promises "nothing accepted and not yet responded", so
  // it must be low while the scoreboard holds a request the unit accepted
  // on an earlier edge and has not answered (`owed`: the outstanding count
  // after the last edge); `cfg_rvalid` is "one pulse per read burst", so a
  // pulse with no read outstanding, in any phase out of reset, is an answer
  // nobody asked for; the texture unit reads memory only for requests it
  // holds, so `mem_req_valid` out of reset outside the run is a read
  // nobody asked for (N552: a request left from before the reset). A
  // stretch of cycles idle while owed, or of such a request, is one report.
  int unsigned owed = 0;
  logic idle_bad = 1'b0, mem_bad = 1'b0;
  wire mem_unasked = rst_n && mem_req_valid && ctrl != C_RUN;

  // The DPI calls with wide outputs sit in functions of their own, not
  // inlined (no_inline_task), that write the driver's variables below: a
  // wide output of a call in the clocked block is a temporary the
  // generated code clears on every run of the block, several KB a cycle
  // per unit whether the call is made or not. Only the
  // driver calls them. The waves show req, cfg_* and mismatch_* instead.
  /*verilator tracing_off*/
  bit [SPAGM_REQUEST_BITS-1:0] next = '0;  // the request spagm_dpi_next_request gave
  bit [1023:0] words = '0;                 // the burst spagm_dpi_cfg_burst gave
  int unsigned burst_addr = 0, burst_mask = 0, view_lanes = 0;
  bit [255:0] view_name = '0;
  /*verilator tracing_on*/
  function automatic bit fetch_request(chandle h);
    /*verilator no_inline_task*/
    return spagm_dpi_next_request(h, UNIT, next);
  endfunction
  function automatic bit fetch_burst(chandle h);
    /*verilator no_inline_task*/
    return spagm_dpi_cfg_burst(h, UNIT, burst_addr, burst_mask, words);
  endfunction
  function automatic void fetch_expected(chandle h);
    /*verilator no_inline_task*/
    void'(spagm_dpi_expected(h, UNIT, rsp, held_req, held_exp, view_lanes, view_name));
  endfunction

  always_ff @(posedge tb_clk) begin
    int unsigned a, m, n;
    logic moved;
    mismatch <= 1'b0;
    moved = 1'b0;
    if (ctrl == C_RESET) begin
      load_done <= 1'b0;
      run_done <= 1'b0;
      rb_done <= 1'b0;
      stream_done <= 1'b0;
      cfg_end <= 1'b0;
      cfg_valid <= 1'b0;
      req_valid <= 1'b0;
      rsp_ready <= 1'b0;
      rb_n <= 0;
      quiet <= 0;
      owed <= 0;
      ready_after_valid <= spagm_dpi_epoch(run.h) % 2 == 1;
    end
    if (cfg_valid && cfg_ready) begin
      cfg_valid <= 1'b0;
      moved = 1'b1;
    end
    idle_bad <= idle && owed != 0;
    if (idle && owed != 0 && !idle_bad) begin
      spagm_dpi_idle_owed(run.h, UNIT, cycle);
      mismatch <= 1'b1;
      if (first_bad == '1) first_bad <= cycle;
    end
    if (UNIT == UNIT_TEX) begin
      mem_bad <= mem_unasked;
      if (mem_unasked && !mem_bad) begin
        spagm_dpi_unasked_mem_read(run.h, UNIT, cycle,
                                   ctrl == C_LOAD ? 0 : ctrl == C_READBACK ? 2 : 3);
        mismatch <= 1'b1;
        if (first_bad == '1) first_bad <= cycle;
      end
    end
    if (rst_n && cfg_rvalid && ctrl != C_READBACK) begin
      spagm_dpi_unasked_read(run.h, UNIT, cycle, ctrl == C_LOAD ? 0 : ctrl == C_RUN ? 1 : 3);
      mismatch <= 1'b1;
      if (first_bad == '1) first_bad <= cycle;
    end
    // Load: the next burst as soon as the last one is taken (N121); the
    // load is done when all are taken and the unit is idle.
    if (ctrl == C_LOAD && !load_done) begin
      if ((!cfg_valid || cfg_ready) && !cfg_end) begin
        if (fetch_burst(run.h)) begin
          cfg_valid <= 1'b1;
          o_cfg_write <= 1'b1;
          o_cfg_addr <= burst_addr;
          o_cfg_mask <= burst_mask;
          o_cfg_wdata <= tb_dontcare_pkg::masked_words(burst_mask, words, dc_cfg_wdata);
        end else begin
          cfg_end <= 1'b1;
        end
      end
      if (cfg_end && !cfg_valid && idle) begin
        load_done <= 1'b1;
        cfg_end <= 1'b0;
        moved = 1'b1;
      end
    end
    if (ctrl == C_RUN) begin
      if (req_valid && req_ready) begin
        spagm_dpi_accept(run.h, UNIT, req, cycle);
        req_valid <= 1'b0;
        moved = 1'b1;
      end
      // Nested ifs: Verilator does not short-circuit && around DPI calls.
      if ((!req_valid || req_ready) && !stream_done) begin
        if (spagm_dpi_random(run.h, UNIT, 85)) begin
          if (fetch_request(run.h)) begin
            o_req <= next;
            req_valid <= 1'b1;
          end else begin
            stream_done <= 1'b1;
          end
        end
      end
      if (rsp_valid && rsp_ready) begin
        check_tag <= rsp.tag;
        moved = 1'b1;
        if (view_on) begin : view  // before the check, which retires the tag
          // Blocking: held_* are read only by the view_tick block, which
          // runs after this edge's non-blocking writes, in the same step.
          fetch_expected(run.h);
          held_rsp = rsp;
          view_tick <= !view_tick;
          mismatch_lanes <= view_lanes;
          mismatch_rule_name <= view_name;
        end
        n = spagm_dpi_check(run.h, UNIT, rsp, cycle);
        if (n != 0) begin
          mismatch <= 1'b1;
          errors <= errors + 1;
          if (first_bad == '1) first_bad <= cycle;
        end
      end
      rsp_ready <= spagm_dpi_random(run.h, UNIT, 70) && (rsp_valid || !ready_after_valid);
      n = spagm_dpi_outstanding(run.h, UNIT);
      owed <= n;
      run_done <= stream_done && !req_valid && n == 0 && idle;
      if (stream_done && !req_valid && n == 0) moved = 1'b1;
    end
    // Read-back: read bursts back to back, up to RB_DEPTH unanswered; each
    // answer is checked against the oldest.
    if (ctrl == C_READBACK && !rb_done) begin
      rsp_ready <= 1'b0;
      n = rb_n;
      if (cfg_rvalid) begin
        moved = 1'b1;
        if (n == 0) begin
          spagm_dpi_unasked_read(run.h, UNIT, cycle, 2);
          mismatch <= 1'b1;
          if (first_bad == '1) first_bad <= cycle;
        end else begin
          if (spagm_dpi_readback_check_burst(run.h, UNIT, rb_addr[0], rb_mask[0], cfg_rdata,
                                             cycle) != 0) begin
            mismatch <= 1'b1;
            if (first_bad == '1) first_bad <= cycle;
          end
          for (int i = 0; i < RB_DEPTH - 1; i++) begin
            rb_addr[i] <= rb_addr[i+1];
            rb_mask[i] <= rb_mask[i+1];
          end
          n = n - 1;
        end
      end
      if ((!cfg_valid || cfg_ready) && !cfg_end && n < RB_DEPTH) begin
        if (spagm_dpi_readback_burst(run.h, UNIT, a, m)) begin
          cfg_valid <= 1'b1;
          o_cfg_write <= 1'b0;
          o_cfg_addr <= a;
          o_cfg_mask <= m;
          o_cfg_wdata <= dc_cfg_wdata;  // a read's data words are don't-cares too
          rb_addr[n] <= a;
          rb_mask[n] <= m;
          n = n + 1;
        end else begin
          cfg_end <= 1'b1;
        end
      end
      rb_n <= n[$bits(rb_n)-1:0];
      if (cfg_end && !cfg_valid && n == 0) rb_done <= 1'b1;
    end
    // Hang watchdog: work pending and nothing moved for too long (a burst
    // never taken, a read never answered, a response never given).
    if ((ctrl == C_LOAD && !load_done) || ctrl == C_RUN || (ctrl == C_READBACK && !rb_done)) begin
      if (moved) quiet <= 0;
      else quiet <= quiet + 1;
      if (quiet == HANG_CYCLES && !hung) begin
        hung <= 1'b1;
        spagm_dpi_hang(run.h, UNIT, cycle, HANG_CYCLES,
                       ctrl == C_LOAD ? 0 : ctrl == C_RUN ? 1 : 2);
        if (first_bad == '1) first_bad <= cycle;
      end
    end
  end
endmodule : tb_cosim_unit
