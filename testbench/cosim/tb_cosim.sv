// SPDX-License-Identifier: Apache-2.0
// spagm lock-step co-simulation top (DESIGN §4, docs/port-contract.md).
//
// Each unit of rtl_stubs/ (or a user's RTL with the same ports) is an
// instance of tb_cosim_unit.sv, whose driver talks to the golden model
// through spagm_dpi_pkg: per epoch the controller below resets the units,
// the drivers load the epoch's state through the configuration ports, drive
// the seeded requests with random gaps, accept responses under random
// backpressure, hand every accepted request and every response to the
// scoreboard, then read the state images back. DPI functions are called only
// from clocked blocks, on handshakes. The run's handle reaches the units
// through tb_cosim_run_if.
//
// Plusargs: +seed=N +txns=N (per unit) +units=attr,pix,tex +epoch_txns=N
// +illegal_ppm=N +bug=N (rtl_stubs defect, 0 = none) +max_errors=N
// +no_check +repro=TEXT +spagm_tool=NAME +bug_name=NAME.
// The C++ harness (cosim_main.cpp) handles tracing and +waves_on_fail.
module tb_cosim
  import spagm_dpi_pkg::*;
  import tb_cosim_pkg::*;
(
  input  logic        clk,
  output logic        done,             // the run is over (summary printed)
  output logic [63:0] failures,         // 0 = passed
  output logic [63:0] first_err_cycle,  // all ones when no mismatch
  output logic [1:0]  first_err_unit,   // unit of the first mismatch
  output logic [63:0] first_err_req_cycle,  // its request's accept cycle, all ones when none
  output logic [31:0] first_err_lanes,  // the lanes its response differed on, 0 when none
  output logic [63:0] cycle             // cycles since the start
);
  // ---- Run options ------------------------------------------------------
  tb_cosim_run_if run ();  // run.h: the handle of spagm_dpi_open
  longint unsigned seed = 1, txns = 20000;
  int unsigned epoch_txns = 1000, illegal_ppm = 10000, max_errors = 10, bug = 0;
  string units = "attr,pix,tex", repro = "spagm-cosim", json = "", cov = "";
  longint unsigned checkpoint = 0;
  // The harness's name and the defect's name (+spagm_tool, +bug_name, given
  // by cosim_plusargs; N210): the header names both.
  string tool = "spagm-cosim", bug_name = "";
  bit check = 1;
  logic [2:0] unit_on = 3'b111;  // the units of the run (spagm_dpi_units)

  initial begin
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("txns=%d", txns));
    void'($value$plusargs("epoch_txns=%d", epoch_txns));
    void'($value$plusargs("max_errors=%d", max_errors));
    void'($value$plusargs("illegal_ppm=%d", illegal_ppm));
    void'($value$plusargs("bug=%d", bug));
    void'($value$plusargs("units=%s", units));
    void'($value$plusargs("repro=%s", repro));
    void'($value$plusargs("json=%s", json));
    void'($value$plusargs("cov=%s", cov));
    void'($value$plusargs("checkpoint=%d", checkpoint));
    void'($value$plusargs("spagm_tool=%s", tool));
    void'($value$plusargs("bug_name=%s", bug_name));
    if (bug_name == "") bug_name = bug == 0 ? "none" : $sformatf("%0d", bug);
    if ($test$plusargs("no_check")) check = 0;
    run.seed = seed;
    run.h = spagm_dpi_open(seed, txns, units, epoch_txns, illegal_ppm, max_errors, check, repro,
                           tool);
    if (run.h == null) begin
      $display("%s: could not open the run (see above)", tool);
      $finish;
    end
    unit_on = 3'(spagm_dpi_units(run.h));
    // +json=FILE: the summary as JSON too; progress on stderr unless
    // +no_progress (and never in the waves re-run, whose output is silenced).
    if (!spagm_dpi_outputs(run.h, json,
                           !$test$plusargs("no_progress") && !$test$plusargs("spagm_rerun")))
      $display("%s: out of memory", tool);
    // +checkpoint=N: time and resident memory every N transactions (not in
    // the waves re-run).
    if (checkpoint != 0 && !$test$plusargs("spagm_rerun")) spagm_dpi_checkpoint(run.h, checkpoint);
    // +cov=FILE: functional coverage (docs/coverage.md); not in the waves re-run.
    if (!$test$plusargs("spagm_rerun") && !spagm_dpi_coverage(run.h, cov))
      $display("%s: out of memory", tool);
    $display("%s: seed %0d, %0d requests per unit, units %s, bug %s", tool, seed, txns,
             units, bug_name);
    if (!check) $display("%s: +no_check: the model is not run, nothing is compared", tool);
  end

  logic [7:0] bug_sel;
  assign bug_sel = bug[7:0];

  // ---- Epoch controller -------------------------------------------------
  ctrl_t ctrl = C_START;
  logic rst_n = 1'b0;
  logic [3:0] reset_count;
  logic load_done, run_done, rb_done, hung;
  logic [31:0] epoch;

  initial begin
    done = 0;
    failures = 0;
    first_err_cycle = '1;
    first_err_req_cycle = '1;
    first_err_lanes = 0;
    cycle = 0;
  end

  // Cycles per phase, for the summary's share of the configuration load.
  logic [63:0] phase_cycles[3] = '{0, 0, 0};

  always_ff @(posedge clk) begin
    cycle <= cycle + 1;
    if (ctrl == C_LOAD) phase_cycles[0] <= phase_cycles[0] + 1;
    if (ctrl == C_RUN) phase_cycles[1] <= phase_cycles[1] + 1;
    if (ctrl == C_READBACK) phase_cycles[2] <= phase_cycles[2] + 1;
    case (ctrl)
      C_START: begin
        // Nested ifs: Verilator does not short-circuit && around DPI calls.
        ctrl <= C_FINISH;
        if (run.h != null) begin
          if (spagm_dpi_begin_epoch(run.h)) begin
            epoch <= spagm_dpi_epoch(run.h);
            rst_n <= 1'b0;
            reset_count <= 4'd3;
            ctrl <= C_RESET;
          end
        end
      end
      C_RESET: begin
        if (reset_count == 0) begin
          rst_n <= 1'b1;
          ctrl <= C_LOAD;
        end else begin
          reset_count <= reset_count - 1;
        end
      end
      C_LOAD: begin
        if (load_done) ctrl <= C_RUN;
        if (hung) ctrl <= C_FINISH;
      end
      C_RUN: begin
        if (run_done) ctrl <= C_READBACK;
        if (hung) ctrl <= C_FINISH;
      end
      C_READBACK: begin
        if (rb_done) ctrl <= C_START;
        if (hung) ctrl <= C_FINISH;
      end
      C_FINISH: begin
        if (run.h != null) begin
          spagm_dpi_phase_cycles(run.h, phase_cycles[0], phase_cycles[1], phase_cycles[2]);
          for (int u = 0; u < 3; u++) spagm_dpi_unit_clocks(run.h, u, unit_clocks[u]);
          failures <= spagm_dpi_finish(run.h, cycle);
          first_err_cycle <= spagm_dpi_first_error_cycle(run.h);
          first_err_req_cycle <= spagm_dpi_first_error_accept_cycle(run.h);
          first_err_lanes <= spagm_dpi_first_error_lanes(run.h);
        end else begin
          failures <= 1;
        end
        done <= 1'b1;
        ctrl <= C_DONE;
      end
      default: ;
    endcase
    // Stop early once max_errors mismatches are in (the summary still runs).
    if (run.h != null && ctrl != C_FINISH && ctrl != C_DONE) begin
      if (spagm_dpi_should_stop(run.h)) ctrl <= C_FINISH;
    end
  end

  // The run is freed only when the simulation ends: other blocks may still
  // call DPI in the cycle the summary is printed.
  final if (run.h != null) spagm_dpi_close(run.h);

  // ---- Units ------------------------------------------------------------------
  // Each unit with its driver (tb_cosim_unit.sv); the flags are per unit,
  // indexed by the unit number.
  logic [2:0] unit_load_done, unit_run_done, unit_rb_done, unit_hung;
  logic [63:0] unit_first_bad[3];
  logic [63:0] unit_clocks[3];

  // Only the units of the run get a clock: a unit left out costs the
  // simulator nothing, and its flags count as done. A build without a unit
  // (SPAGM_COSIM_NO_<UNIT>, from -DSPAGM_COSIM_UNITS) has no instance of it
  // at all; the harness refuses a run of it.
`define SPAGM_COSIM_ABSENT(U) \
  assign unit_load_done[U] = 1'b1; \
  assign unit_run_done[U] = 1'b1; \
  assign unit_rb_done[U] = 1'b1; \
  assign unit_hung[U] = 1'b0; \
  assign unit_first_bad[U] = '1; \
  assign unit_clocks[U] = '0;
  logic clk_attr, clk_pix, clk_tex;
  assign clk_attr = clk & unit_on[UNIT_ATTR];
  assign clk_pix = clk & unit_on[UNIT_PIX];
  assign clk_tex = clk & unit_on[UNIT_TEX];

`ifndef SPAGM_COSIM_NO_ATTR
  tb_cosim_unit #(.UNIT(UNIT_ATTR)) u_attr (
    .tb_clk(clk_attr), .rst_n, .bug_sel, .run, .ctrl, .cycle, .load_done(unit_load_done[UNIT_ATTR]),
    .run_done(unit_run_done[UNIT_ATTR]), .rb_done(unit_rb_done[UNIT_ATTR]),
    .hung(unit_hung[UNIT_ATTR]), .first_bad(unit_first_bad[UNIT_ATTR]),
    .clocks(unit_clocks[UNIT_ATTR]));
`else
  `SPAGM_COSIM_ABSENT(UNIT_ATTR)
`endif
`ifndef SPAGM_COSIM_NO_PIX
  tb_cosim_unit #(.UNIT(UNIT_PIX)) u_pix (
    .tb_clk(clk_pix), .rst_n, .bug_sel, .run, .ctrl, .cycle, .load_done(unit_load_done[UNIT_PIX]),
    .run_done(unit_run_done[UNIT_PIX]), .rb_done(unit_rb_done[UNIT_PIX]),
    .hung(unit_hung[UNIT_PIX]), .first_bad(unit_first_bad[UNIT_PIX]),
    .clocks(unit_clocks[UNIT_PIX]));
`else
  `SPAGM_COSIM_ABSENT(UNIT_PIX)
`endif
`ifndef SPAGM_COSIM_NO_TEX
  tb_cosim_unit #(.UNIT(UNIT_TEX)) u_tex (
    .tb_clk(clk_tex), .rst_n, .bug_sel, .run, .ctrl, .cycle, .load_done(unit_load_done[UNIT_TEX]),
    .run_done(unit_run_done[UNIT_TEX]), .rb_done(unit_rb_done[UNIT_TEX]),
    .hung(unit_hung[UNIT_TEX]), .first_bad(unit_first_bad[UNIT_TEX]),
    .clocks(unit_clocks[UNIT_TEX]));
`else
  `SPAGM_COSIM_ABSENT(UNIT_TEX)
`endif

  // The unit whose first mismatch came first, for the waves' save file.
  always_comb begin
    first_err_unit = 2'(UNIT_ATTR);
    if (unit_first_bad[UNIT_PIX] < unit_first_bad[UNIT_ATTR] &&
        unit_first_bad[UNIT_PIX] <= unit_first_bad[UNIT_TEX])
      first_err_unit = 2'(UNIT_PIX);
    else if (unit_first_bad[UNIT_TEX] < unit_first_bad[UNIT_ATTR] &&
             unit_first_bad[UNIT_TEX] < unit_first_bad[UNIT_PIX])
      first_err_unit = 2'(UNIT_TEX);
  end

  assign load_done = &(unit_load_done | ~unit_on);
  assign run_done = &(unit_run_done | ~unit_on);
  assign rb_done = &(unit_rb_done | ~unit_on);
  assign hung = |(unit_hung & unit_on);
endmodule : tb_cosim
