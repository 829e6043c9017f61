// SPDX-License-Identifier: Apache-2.0
// tb_cosim_unit: one unit of the lock-step co-simulation (tb_cosim.sv): the
// unit's RTL, the signals of its ports (docs/port-contract.md) and the
// driver that feeds them from the golden model through spagm_dpi_pkg.
//
// Under the phases of the epoch controller, per epoch:
//   reset     the flags
//   load      one configuration write at a time, only while the unit is
//             idle and never two cycles in a row
//   run       the seeded requests with random gaps, responses under random
//             backpressure; every accept and every response goes to the
//             scoreboard (spagm_dpi_accept, spagm_dpi_check)
//   readback  every word of the state images, checked by the model
// The texture unit's memory port is answered by tb_cosim_mem.sv. Gaps and
// backpressure come from the unit's own generator (spagm_dpi_random), so a
// unit's traffic does not depend on the others'. DPI functions are called
// only from clocked blocks, on handshakes. The debug signals the waves show
// (req_tag, rsp_tag, check_tag, mismatch; docs/cosim.md, "Waves") are here,
// and the request and response field by field under `fields`.
//
// The RTL module of each unit is the stand-in of rtl_stubs/ unless the build
// defines SPAGM_ATTR_TOP, SPAGM_PIX_TOP or SPAGM_TEX_TOP (tb_rtl_tops.svh,
// docs/own-rtl.md); it is connected by port name.
`include "tb_rtl_tops.svh"
module tb_cosim_unit
  import spagm_txn_pkg::*;
  import spagm_dpi_pkg::*;
  import tb_cosim_pkg::*;
#(
  parameter int UNIT = UNIT_ATTR  // which unit: UNIT_ATTR, UNIT_PIX or UNIT_TEX
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic [7:0]  bug_sel,           // rtl_stubs injected defect, 0 = none
  tb_cosim_run_if     run,
  input  ctrl_t       ctrl,              // the epoch controller's phase
  input  logic [63:0] cycle,             // cycles since the start
  output logic        load_done = 1'b0,  // this epoch's state is loaded
  output logic        run_done = 1'b0,   // every request sent and answered
  output logic        rb_done = 1'b0,    // the images are read back
  output logic        hung = 1'b0,       // no handshake for HANG_CYCLES
  output logic [63:0] first_bad = '1     // cycle of the first mismatch, all ones when none
);
  // ---- The unit's ports ------------------------------------------------------
  logic cfg_we = 0, cfg_re = 0, idle;
  logic [31:0] cfg_addr = 0, cfg_wdata = 0, cfg_rdata;
  logic req_valid = 0, req_ready, rsp_valid, rsp_ready = 0;
  spagm_request_t req;
  spagm_response_t rsp;

  // ---- Debug signals for the waves -------------------------------------------
  logic [31:0] req_tag, rsp_tag, check_tag = 0;
  logic mismatch = 0;  // high the cycle after a mismatching response or image word
  logic [63:0] errors = 0;
  assign req_tag = req.tag;
  assign rsp_tag = rsp.tag;
  // The request and response field by field (tb_cosim_view.sv): a separate
  // instance, so no name of it can meet a port of the RTL's `.*` below.
  tb_cosim_view fields (.req, .rsp);

  // ---- The RTL ---------------------------------------------------------------
  if (UNIT == UNIT_ATTR) begin : g_rtl
    `SPAGM_ATTR_TOP dut (.*);
  end else if (UNIT == UNIT_PIX) begin : g_rtl
    `SPAGM_PIX_TOP dut (.*);
  end else begin : g_rtl
    // The texture unit also has a memory port, answered by the memory model.
    logic mem_req_valid, mem_req_ready, mem_rsp_valid, mem_rsp_ready;
    logic [47:0] mem_req_addr;
    logic [7:0] mem_req_tag, mem_rsp_tag;
    logic [255:0] mem_rsp_data;
    `SPAGM_TEX_TOP dut (.*);
    tb_cosim_mem #(.UNIT(UNIT)) mem (
      .clk, .run, .ctrl, .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag,
      .mem_rsp_valid, .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data);
  end

  // ---- Driver ----------------------------------------------------------------
  logic stream_done = 0;  // no more requests this epoch
  logic rb_p1 = 0, rb_p2 = 0;  // a read-back read issued one / two edges ago
  logic [31:0] rb_a1, rb_a2;  // and its address
  logic [31:0] quiet = 0;  // cycles without a handshake while running

  always_ff @(posedge clk) begin
    int unsigned a, d, n;
    bit [SPAGM_REQUEST_BITS-1:0] next;
    cfg_we <= 1'b0;
    cfg_re <= 1'b0;
    mismatch <= 1'b0;
    if (ctrl == C_RESET) begin
      load_done <= 1'b0;
      run_done <= 1'b0;
      rb_done <= 1'b0;
      stream_done <= 1'b0;
      req_valid <= 1'b0;
      rsp_ready <= 1'b0;
      rb_p1 <= 1'b0;
      rb_p2 <= 1'b0;
      quiet <= 0;
    end
    // Load: one write at a time, each only while the unit is idle, and
    // never two in a row, so a clear can lower idle before the next.
    if (ctrl == C_LOAD && !load_done && idle && !cfg_we) begin
      if (spagm_dpi_cfg_next(run.h, UNIT, a, d)) begin
        cfg_we <= 1'b1;
        cfg_addr <= a;
        cfg_wdata <= d;
      end else begin
        load_done <= 1'b1;
      end
    end
    if (ctrl == C_RUN) begin
      if (req_valid && req_ready) begin
        spagm_dpi_accept(run.h, UNIT, req, cycle);
        req_valid <= 1'b0;
      end
      // Nested ifs: Verilator does not short-circuit && around DPI calls.
      if ((!req_valid || req_ready) && !stream_done) begin
        if (spagm_dpi_random(run.h, UNIT, 85)) begin
          if (spagm_dpi_next_request(run.h, UNIT, next)) begin
            req <= next;
            req_valid <= 1'b1;
          end else begin
            stream_done <= 1'b1;
          end
        end
      end
      if (rsp_valid && rsp_ready) begin
        check_tag <= rsp.tag;
        n = spagm_dpi_check(run.h, UNIT, rsp, cycle);
        if (n != 0) begin
          mismatch <= 1'b1;
          errors <= errors + 1;
          if (first_bad == '1) first_bad <= cycle;
        end
      end
      rsp_ready <= spagm_dpi_random(run.h, UNIT, 70);
      n = spagm_dpi_outstanding(run.h, UNIT);
      run_done <= stream_done && !req_valid && n == 0 && idle;
      // Hang watchdog: work pending and no handshake for too long.
      if ((req_valid && req_ready) || (rsp_valid && rsp_ready) ||
          (stream_done && !req_valid && n == 0))
        quiet <= 0;
      else
        quiet <= quiet + 1;
      if (quiet == HANG_CYCLES && !hung) begin
        hung <= 1'b1;
        spagm_dpi_hang(run.h, UNIT, cycle, HANG_CYCLES);
        if (first_bad == '1) first_bad <= cycle;
      end
    end
    // Read-back: a read issued at edge k is answered after edge k+1 and
    // checked at edge k+2.
    if (ctrl == C_READBACK && !rb_done) begin
      rsp_ready <= 1'b0;
      if (rb_p2) begin
        if (spagm_dpi_readback_check(run.h, UNIT, rb_a2, cfg_rdata, cycle) != 0) begin
          mismatch <= 1'b1;
          if (first_bad == '1) first_bad <= cycle;
        end
      end
      rb_p2 <= rb_p1;
      rb_a2 <= rb_a1;
      if (spagm_dpi_readback_next(run.h, UNIT, a)) begin
        cfg_re <= 1'b1;
        cfg_addr <= a;
        rb_p1 <= 1'b1;
        rb_a1 <= a;
      end else begin
        rb_p1 <= 1'b0;
        if (!rb_p1 && !rb_p2) rb_done <= 1'b1;
      end
    end
  end
endmodule : tb_cosim_unit
