// spagm lock-step co-simulation top (DESIGN §4, docs/port-contract.md).
//
// Each unit of rtl_stubs/ (or a user's RTL with the same ports) is driven by
// a block below that talks to the golden model through spagm_dpi_pkg: per
// epoch the controller resets the units, the blocks load the epoch's state
// through the configuration ports, drive the seeded requests with random
// gaps, accept responses under random backpressure, hand every accepted
// request and every response to the scoreboard, then read the state images
// back. DPI functions are called only from clocked blocks, on handshakes.
//
// Plusargs: +seed=N +txns=N (per unit) +units=attr,pix,tex +epoch_txns=N
// +illegal_ppm=N +bug=N (rtl_stubs defect, 0 = none) +max_errors=N
// +no_check +repro=TEXT.
// The C++ harness (cosim_main.cpp) handles tracing and +waves_on_fail.
module tb_cosim
  import spagm_txn_pkg::*;
  import spagm_dpi_pkg::*;
(
  input  logic        clk,
  output logic        done,             // the run is over (summary printed)
  output logic [63:0] failures,         // 0 = passed
  output logic [63:0] first_err_cycle,  // all ones when no mismatch
  output logic [1:0]  first_err_unit,   // unit of the first mismatch
  output logic [63:0] cycle             // cycles since the start
);
  localparam int UNIT_ATTR = 0;
  localparam int UNIT_PIX = 1;
  localparam int UNIT_TEX = 2;
  localparam int HANG_CYCLES = 20000;  // no handshake this long = a hang
  localparam int MEM_SLOTS = 32;       // reads the memory model holds at once

  // ---- Run options ------------------------------------------------------
  chandle h;
  longint unsigned seed = 1, txns = 20000;
  int unsigned epoch_txns = 1000, illegal_ppm = 10000, max_errors = 10, bug = 0;
  string units = "attr,pix,tex", repro = "spagm-cosim";
  bit check = 1;

  initial begin
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("txns=%d", txns));
    void'($value$plusargs("epoch_txns=%d", epoch_txns));
    void'($value$plusargs("max_errors=%d", max_errors));
    void'($value$plusargs("illegal_ppm=%d", illegal_ppm));
    void'($value$plusargs("bug=%d", bug));
    void'($value$plusargs("units=%s", units));
    void'($value$plusargs("repro=%s", repro));
    if ($test$plusargs("no_check")) check = 0;
    h = spagm_dpi_open(seed, txns, units, epoch_txns, illegal_ppm, max_errors, check, repro);
    if (h == null) begin
      $display("spagm-cosim: could not open the run (see above)");
      $finish;
    end
    $display("spagm-cosim: seed %0d, %0d requests per unit, units %s, bug %0d", seed, txns,
             units, bug);
    if (!check) $display("spagm-cosim: +no_check: the model is not run, nothing is compared");
  end

  logic [7:0] bug_sel;
  assign bug_sel = bug[7:0];

  // ---- Epoch controller -------------------------------------------------
  typedef enum logic [2:0] {C_START, C_RESET, C_LOAD, C_RUN, C_READBACK, C_FINISH, C_DONE}
      ctrl_t;
  ctrl_t ctrl = C_START;
  logic rst_n = 1'b0;
  logic [3:0] reset_count;
  logic load_done, run_done, rb_done, hung;
  logic [31:0] epoch;

  initial begin
    done = 0;
    failures = 0;
    first_err_cycle = '1;
    cycle = 0;
  end

  always_ff @(posedge clk) begin
    cycle <= cycle + 1;
    case (ctrl)
      C_START: begin
        // Nested ifs: Verilator does not short-circuit && around DPI calls.
        ctrl <= C_FINISH;
        if (h != null) begin
          if (spagm_dpi_begin_epoch(h)) begin
            epoch <= spagm_dpi_epoch(h);
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
      C_LOAD: if (load_done) ctrl <= C_RUN;
      C_RUN: begin
        if (run_done) ctrl <= C_READBACK;
        if (hung) ctrl <= C_FINISH;
      end
      C_READBACK: if (rb_done) ctrl <= C_START;
      C_FINISH: begin
        if (h != null) begin
          failures <= spagm_dpi_finish(h, cycle);
          first_err_cycle <= spagm_dpi_first_error_cycle(h);
        end else begin
          failures <= 1;
        end
        done <= 1'b1;
        ctrl <= C_DONE;
      end
      default: ;
    endcase
    // Stop early once max_errors mismatches are in (the summary still runs).
    if (h != null && ctrl != C_FINISH && ctrl != C_DONE) begin
      if (spagm_dpi_should_stop(h)) ctrl <= C_FINISH;
    end
  end

  // The run is freed only when the simulation ends: other blocks may still
  // call DPI in the cycle the summary is printed.
  final if (h != null) spagm_dpi_close(h);

  // ---- One block per unit -------------------------------------------------
  // The same driver for every unit: DUT ports, load, run, read-back, and the
  // debug signals the waves show (tag under check, mismatch marker).
`define SPAGM_UNIT_BLOCK(NAME, UNIT, MODULE, HAS_MEM)                               \
  if (1) begin : NAME                                                            \
    logic cfg_we = 0, cfg_re = 0, idle;                                          \
    logic [31:0] cfg_addr = 0, cfg_wdata = 0, cfg_rdata;                         \
    logic req_valid = 0, req_ready, rsp_valid, rsp_ready = 0;                    \
    spagm_request_t req;                                                         \
    spagm_response_t rsp;                                                        \
    logic [31:0] req_tag, rsp_tag, check_tag = 0;                                \
    logic mismatch = 0, stream_done = 0, load_done = 0, run_done = 0;            \
    logic rb_done = 0, rb_p1 = 0, rb_p2 = 0;                                     \
    logic [31:0] rb_a1, rb_a2;                                                   \
    logic [63:0] errors = 0, first_bad = '1;                                     \
    logic [31:0] quiet = 0;  /* cycles without a handshake while running */     \
    logic hung = 0;                                                              \
    assign req_tag = req.tag;                                                    \
    assign rsp_tag = rsp.tag;                                                    \
    /* Memory port of the texture unit (docs/port-contract.md); the other */   \
    /* units have none and leave these idle. */                                  \
    logic mem_req_valid, mem_req_ready = 0, mem_rsp_valid = 0, mem_rsp_ready;   \
    logic [47:0] mem_req_addr;                                                   \
    logic [7:0] mem_req_tag, mem_rsp_tag = 0;                                    \
    logic [255:0] mem_rsp_data = 0;                                              \
    logic [MEM_SLOTS-1:0] mem_busy = 0;                                          \
    logic [7:0] mem_tag [MEM_SLOTS];                                             \
    logic [255:0] mem_line [MEM_SLOTS];                                          \
    logic [5:0] mem_wait [MEM_SLOTS];                                            \
    /* Every port by name: a unit with a memory port gets the model below. */   \
    MODULE dut (.*);                                                             \
    /* Memory model: answers each read once, after a seeded random latency, */  \
    /* in any order; the data is the epoch's texture memory in the model. */     \
    always_ff @(posedge clk) begin                                               \
      bit [255:0] line;                                                          \
      int k, pick, free;                                                         \
      if (HAS_MEM && ctrl == C_RUN) begin                                        \
        if (mem_rsp_valid && mem_rsp_ready) mem_rsp_valid <= 1'b0;               \
        free = -1;                                                               \
        for (k = 0; k < MEM_SLOTS; k++) if (!mem_busy[k]) free = k;              \
        if (mem_req_valid && mem_req_ready && free >= 0) begin                   \
          spagm_dpi_tex_read(h, {16'd0, mem_req_addr}, line);                    \
          mem_busy[free] <= 1'b1;                                                \
          mem_tag[free] <= mem_req_tag;                                          \
          mem_line[free] <= line;                                                \
          mem_wait[free] <= 6'(spagm_dpi_random(h, UNIT, 50) ? 2 : 12);          \
        end                                                                      \
        /* Ready only while a slot is sure to be free for it (one more read */  \
        /* may be taken in the cycle this is seen), so no read is dropped. */    \
        mem_req_ready <= 1'b0;                                                   \
        if ($countones(mem_busy) <= MEM_SLOTS - 3)                               \
          mem_req_ready <= spagm_dpi_random(h, UNIT, 80);                        \
        pick = -1;                                                               \
        for (k = 0; k < MEM_SLOTS; k++) begin                                    \
          if (mem_busy[k] && mem_wait[k] != 0) mem_wait[k] <= mem_wait[k] - 1;   \
          if (mem_busy[k] && mem_wait[k] == 0 && (pick < 0 ||                    \
              spagm_dpi_random(h, UNIT, 50))) pick = k;                          \
        end                                                                      \
        if ((!mem_rsp_valid || mem_rsp_ready) && pick >= 0) begin                \
          mem_rsp_valid <= 1'b1;                                                 \
          mem_rsp_tag <= mem_tag[pick];                                          \
          mem_rsp_data <= mem_line[pick];                                        \
          mem_busy[pick] <= 1'b0;                                                \
        end                                                                      \
      end                                                                        \
    end                                                                          \
    always_ff @(posedge clk) begin                                               \
      int unsigned a, d, n;                                                      \
      bit [SPAGM_REQUEST_BITS-1:0] next;                                         \
      cfg_we <= 1'b0;                                                            \
      cfg_re <= 1'b0;                                                            \
      mismatch <= 1'b0;                                                          \
      if (ctrl == C_RESET) begin                                                 \
        load_done <= 1'b0;                                                       \
        run_done <= 1'b0;                                                        \
        rb_done <= 1'b0;                                                         \
        stream_done <= 1'b0;                                                     \
        req_valid <= 1'b0;                                                       \
        rsp_ready <= 1'b0;                                                       \
        rb_p1 <= 1'b0;                                                           \
        rb_p2 <= 1'b0;                                                           \
        quiet <= 0;                                                              \
      end                                                                        \
      /* Load: one write at a time, each only while the unit is idle, and */     \
      /* never two in a row, so a clear can lower idle before the next. */      \
      if (ctrl == C_LOAD && !load_done && idle && !cfg_we) begin                 \
        if (spagm_dpi_cfg_next(h, UNIT, a, d)) begin                             \
          cfg_we <= 1'b1;                                                        \
          cfg_addr <= a;                                                         \
          cfg_wdata <= d;                                                        \
        end else begin                                                           \
          load_done <= 1'b1;                                                     \
        end                                                                      \
      end                                                                        \
      if (ctrl == C_RUN) begin                                                   \
        if (req_valid && req_ready) begin                                        \
          spagm_dpi_accept(h, UNIT, req, cycle);                                 \
          req_valid <= 1'b0;                                                     \
        end                                                                      \
        /* Nested ifs: Verilator does not short-circuit && around DPI calls. */  \
        if ((!req_valid || req_ready) && !stream_done) begin                     \
          if (spagm_dpi_random(h, UNIT, 85)) begin                               \
            if (spagm_dpi_next_request(h, UNIT, next)) begin                     \
              req <= next;                                                       \
              req_valid <= 1'b1;                                                 \
            end else begin                                                       \
              stream_done <= 1'b1;                                               \
            end                                                                  \
          end                                                                    \
        end                                                                      \
        if (rsp_valid && rsp_ready) begin                                        \
          check_tag <= rsp.tag;                                                  \
          n = spagm_dpi_check(h, UNIT, rsp, cycle);                              \
          if (n != 0) begin                                                      \
            mismatch <= 1'b1;                                                    \
            errors <= errors + 1;                                                \
            if (first_bad == '1) first_bad <= cycle;                             \
          end                                                                    \
        end                                                                      \
        rsp_ready <= spagm_dpi_random(h, UNIT, 70);                              \
        n = spagm_dpi_outstanding(h, UNIT);                                      \
        run_done <= stream_done && !req_valid && n == 0 && idle;                 \
        /* Hang watchdog: work pending and no handshake for too long. */         \
        if ((req_valid && req_ready) || (rsp_valid && rsp_ready) ||              \
            (stream_done && !req_valid && n == 0))                               \
          quiet <= 0;                                                            \
        else                                                                     \
          quiet <= quiet + 1;                                                    \
        if (quiet == HANG_CYCLES && !hung) begin                                 \
          hung <= 1'b1;                                                          \
          spagm_dpi_hang(h, UNIT, cycle, HANG_CYCLES);                           \
          if (first_bad == '1) first_bad <= cycle;                               \
        end                                                                      \
      end                                                                        \
      /* Read-back: a read issued at edge k is answered after edge k+1 and */   \
      /* checked at edge k+2. */                                                 \
      if (ctrl == C_READBACK && !rb_done) begin                                  \
        rsp_ready <= 1'b0;                                                       \
        if (rb_p2) begin                                                         \
          if (spagm_dpi_readback_check(h, UNIT, rb_a2, cfg_rdata, cycle) != 0) begin \
            mismatch <= 1'b1;                                                    \
            if (first_bad == '1) first_bad <= cycle;                             \
          end                                                                    \
        end                                                                      \
        rb_p2 <= rb_p1;                                                          \
        rb_a2 <= rb_a1;                                                          \
        if (spagm_dpi_readback_next(h, UNIT, a)) begin                           \
          cfg_re <= 1'b1;                                                        \
          cfg_addr <= a;                                                         \
          rb_p1 <= 1'b1;                                                         \
          rb_a1 <= a;                                                            \
        end else begin                                                           \
          rb_p1 <= 1'b0;                                                         \
          if (!rb_p1 && !rb_p2) rb_done <= 1'b1;                                 \
        end                                                                      \
      end                                                                        \
    end                                                                          \
  end

  `SPAGM_UNIT_BLOCK(g_attr, UNIT_ATTR, attr_unit, 0)
  `SPAGM_UNIT_BLOCK(g_pix, UNIT_PIX, pix_unit, 0)
  `SPAGM_UNIT_BLOCK(g_tex, UNIT_TEX, tex_unit, 1)

  // The unit whose first mismatch came first, for the waves' save file.
  always_comb begin
    first_err_unit = 2'(UNIT_ATTR);
    if (g_pix.first_bad < g_attr.first_bad && g_pix.first_bad <= g_tex.first_bad)
      first_err_unit = 2'(UNIT_PIX);
    else if (g_tex.first_bad < g_attr.first_bad && g_tex.first_bad < g_pix.first_bad)
      first_err_unit = 2'(UNIT_TEX);
  end

  assign load_done = g_attr.load_done && g_pix.load_done && g_tex.load_done;
  assign run_done = g_attr.run_done && g_pix.run_done && g_tex.run_done;
  assign rb_done = g_attr.rb_done && g_pix.rb_done && g_tex.rb_done;
  assign hung = g_attr.hung || g_pix.hung || g_tex.hung;
endmodule : tb_cosim
