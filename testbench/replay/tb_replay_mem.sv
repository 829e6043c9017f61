// SPDX-License-Identifier: Apache-2.0
// tb_replay_mem: the texture unit's memory model in the replay testbench
// (tb_replay_unit.sv), in plain SystemVerilog without DPI (Verilator 5, Icarus 11).
//
// It answers the memory port of docs/port-contract.md ("Texture unit") the
// way the co-simulation's memory model does (tb_cosim_mem.sv),
// with the texture memory of the hex export (docs/vector-format.md) in place
// of the model's and the testbench's xorshift32 in place of the model's
// generator:
//   reset, load  this epoch's pages (count: tex_mem_epochs.hex) are read
//                from tex_mem.hex, one page per cycle, into a page table and
//                a data array of PAGES pages; the controller starts the run
//                only when all are in. An epoch with more pages stops the run
//                with a failure: a dropped page would read 0 and show up as
//                mismatches that are not the RTL's.
//   run          each line read is taken into one of SLOTS slots, answered
//                once after a seeded latency (2 cycles or the line's own
//                slow latency, tb_mem_latency_pkg.sv) with the 32
//                bytes at its address, the ready slots in seeded order;
//                mem_req_ready is high (seeded, 80 %) only while a slot is
//                sure to be free for the read it admits, so no read is lost.
// Bytes outside the epoch's pages read 0 (N61). Out of reset, a read
// request outside the run is one no request of the unit asked for (N552);
// a stretch of such cycles is one failure. The stream is seeded by
// +seed and differs from the unit drivers', so it stays the same whatever
// they draw, and both simulators see the same traffic.
//
// +tex_mem_pages=N lowers the capacity below PAGES (to try the limit
// without a rebuild).
module tb_replay_mem
  import tb_replay_pkg::*;
  import tb_mem_latency_pkg::*;
#(
  parameter int PAGES = 256,  // pages one epoch may have
  parameter int SLOTS = 32    // reads held at once
) (
  input  logic         clk,
  input  logic         rst_n,
  input  logic [2:0]   phase,
  input  logic [31:0]  epoch,          // for messages
  output logic         load_done,      // this epoch's pages are in
  output logic         fatal,          // the texture memory cannot be loaded: stop
  output int           failed,
  // The unit's memory port (docs/port-contract.md, "Texture unit").
  input  logic         mem_req_valid,
  output logic         mem_req_ready,
  input  logic [47:0]  mem_req_addr,
  input  logic [7:0]   mem_req_tag,
  output logic         mem_rsp_valid,
  input  logic         mem_rsp_ready,
  output logic [7:0]   mem_rsp_tag,
  output logic [255:0] mem_rsp_data
);
  localparam int PAGE_WORDS = 1024;  // 4 KiB


  // ---- Files ---------------------------------------------------------------
  // Variables the initial block sets have no declaration initializers (the
  // order of those and initial blocks is not defined).
  string dir;
  int limit, r;
  integer fd_ep, fd_mem;
  logic [31:0] man[0:MANIFEST_WORDS-1];
  logic present, broken;  // broken: a file problem or the capacity, reported once
  logic mem_bad = 1'b0;   // the last cycle broke the read-only-in-the-run rule
  logic [31:0] seed, rng;

  // ---- This epoch's pages ----------------------------------------------------
  logic [35:0] pg_va[0:PAGES-1];  // va[47:12], ascending
  logic [31:0] pg_data[0:PAGES*PAGE_WORDS-1];
  int n_pages = 0, pages_left = 0;
  logic counts_read = 1'b0;

  // ---- Reads in flight -----------------------------------------------------------
  logic [SLOTS-1:0] busy = '0;
  logic [7:0] s_tag[0:SLOTS-1];
  logic [255:0] s_line[0:SLOTS-1];
  logic [5:0] s_wait[0:SLOTS-1];

  logic [31:0] w, hi, lo;
  logic [255:0] line;
  int k, free, pick, held;

  // The answer offered (o_*), seen while mem_rsp_valid is high; fresh
  // seeded random bits while it is low, a don't-care, as in the
  // co-simulation (tb_dontcare_pkg.sv).
  logic [7:0] o_tag;
  logic [255:0] o_data, dc_data = '0;
  logic [63:0] dc_n = 64'd0;
  always @(posedge clk) begin
    dc_data <= {dc_data[191:0], tb_dontcare_pkg::draw(64'(seed), UNIT_TEX,
                                                      tb_dontcare_pkg::S_MEM_RSP, dc_n)};
    dc_n <= dc_n + 64'd1;
  end
  assign mem_rsp_tag = mem_rsp_valid ? o_tag : dc_data[255:248];
  assign mem_rsp_data = mem_rsp_valid ? o_data : dc_data;

  initial begin
    seed = 32'd1;
    limit = PAGES;
    failed = 0;
    fd_ep = 0;
    fd_mem = 0;
    present = 1'b0;
    broken = 1'b0;
    fatal = 1'b0;
    load_done = 1'b0;
    mem_req_ready = 1'b0;
    mem_rsp_valid = 1'b0;
    o_tag = 8'd0;
    o_data = '0;
    if ($value$plusargs("seed=%d", seed)) r = 1;  // not `r = ...`: an unused
    if ($value$plusargs("tex_mem_pages=%d", limit)) r = 2;  // result may be optimised away
    if (limit > PAGES || limit < 0) limit = PAGES;
    // Its own stream: the unit drivers use seed ^ 0x9E3779B9 * (unit + 1).
    rng = seed ^ 32'h85EBCA6B;
    if (rng == 0) rng = 32'h1;
    if ($value$plusargs("vectors=%s", dir)) begin
      $readmemh({dir, "/manifest.hex"}, man);
      if (man[0] === MANIFEST_MAGIC && man[16+4*UNIT_TEX] == 32'd1) begin
        present = 1'b1;
        fd_ep = $fopen({dir, "/tex_mem_epochs.hex"}, "r");
        fd_mem = $fopen({dir, "/tex_mem.hex"}, "r");
        if (fd_ep == 0 || fd_mem == 0) begin
          $display("replay: cannot open tex_mem_epochs.hex and tex_mem.hex in %0s", dir);
          broken = 1'b1;
          fatal = 1'b1;
          failed = 1;
        end
      end
    end
  end

  // A problem that makes the texture memory unusable: reported once, and
  // the controller stops the run.
  task automatic give_up;
    if (!broken) failed = failed + 1;
    broken = 1'b1;
  endtask

  // One 32-bit hex word from a file; a short file is an error.
  task automatic read_word(input integer fd, output logic [31:0] x);
    int got_n;
    got_n = $fscanf(fd, "%h", x);
    if (got_n != 1) begin
      if (!broken) $display("replay: the tex_mem hex files end early (a truncated export?)");
      give_up();
      x = 32'd0;
    end
  endtask

  // The next page of tex_mem.hex: va[47:32], va[31:0], 1024 data words.
  // Pages come in ascending address order, which the lookup relies on.
  task automatic load_page;
    int i, j, got_n;
    logic [31:0] w8 [8];
    read_word(fd_mem, hi);
    read_word(fd_mem, lo);
    if (!broken && (hi[31:16] != 0 || lo[11:0] != 0 ||
                    (n_pages > 0 && {hi[15:0], lo[31:12]} <= pg_va[n_pages-1]))) begin
      $display("replay: tex_mem.hex, epoch %0d page %0d: %h%h is not a page address above the one before",
               epoch, n_pages, hi[15:0], lo);
      give_up();
    end
    pg_va[n_pages] = {hi[15:0], lo[31:12]};
    // Eight words per $fscanf (on Icarus each call is a VPI call).
    for (i = 0; i < PAGE_WORDS && !broken; i += 8) begin
      got_n = $fscanf(fd_mem, "%h %h %h %h %h %h %h %h", w8[0], w8[1], w8[2], w8[3], w8[4],
                      w8[5], w8[6], w8[7]);
      if (got_n != 8) begin
        if (!broken) $display("replay: the tex_mem hex files end early (a truncated export?)");
        give_up();
      end
      for (j = 0; j < 8; j++) pg_data[n_pages*PAGE_WORDS+i+j] = got_n == 8 ? w8[j] : 32'd0;
    end
    n_pages = n_pages + 1;
    pages_left = pages_left - 1;
  endtask

  // The 32-byte line a (address bits [47:5]; lines are aligned, so the low
  // five bits of a request are not looked at), byte k at [8k+7:8k]; a binary
  // search of the page table, 0 outside it (N61).
  task automatic read_line(input logic [47:5] a, output logic [255:0] x);
    int lo_i, hi_i, mid, found, base, j;
    x = '0;
    found = -1;
    lo_i = 0;
    hi_i = n_pages - 1;
    while (lo_i <= hi_i) begin
      mid = (lo_i + hi_i) / 2;
      if (pg_va[mid] == a[47:12]) begin
        found = mid;
        lo_i = hi_i + 1;
      end else if (pg_va[mid] < a[47:12]) begin
        lo_i = mid + 1;
      end else begin
        hi_i = mid - 1;
      end
    end
    if (found >= 0) begin
      base = found * PAGE_WORDS + 8 * a[11:5];
      for (j = 0; j < 8; j++) x[32*j+:32] = pg_data[base+j];
    end
  endtask

  // True pct times in 100, from this model's stream.
  function automatic logic chance(input int pct);
    rng = xorshift32(rng);
    return rng % 100 < pct;
  endfunction

  always @(posedge clk) begin
    if (phase == PH_START) counts_read = 1'b0;

    // A new epoch: forget the last one's reads and pages, take the count.
    if (phase == PH_RESET && !counts_read) begin
      counts_read = 1'b1;
      load_done <= 1'b0;
      busy <= '0;
      mem_req_ready <= 1'b0;
      mem_rsp_valid <= 1'b0;
      n_pages = 0;
      pages_left = 0;
      if (present && !broken) begin
        read_word(fd_ep, w);
        if (!broken && w > limit) begin
          $display("replay: epoch %0d has %0d texture memory pages, the memory model holds %0d (the largest epoch has %0d: manifest word 10); raise +tex_mem_pages, or TEX_MEM_PAGES (%0d) in tb_replay_pkg.sv and rebuild",
                   epoch, w, limit, man[10], PAGES);
          give_up();
        end else begin
          pages_left = w;
        end
      end
    end

    // Load: one page per cycle from the reset on; the unit's own state load
    // takes far longer, so this costs no extra cycles.
    if ((phase == PH_RESET || phase == PH_LOAD) && counts_read && !load_done && !broken) begin
      if (pages_left > 0) load_page();
      else if (phase == PH_LOAD) load_done <= 1'b1;
    end

    // The port rule: the unit reads memory only for requests it holds,
    // that is in the run (docs/port-contract.md, N552).
    if (rst_n && mem_req_valid && phase != PH_RUN) begin
      if (!mem_bad) begin
        failed = failed + 1;
        $display("replay: MISMATCH tex: asked memory for a line with no request to read for in the %0s of epoch %0d",
                 phase == PH_LOAD ? "configuration load" : phase == PH_READBACK ? "read-back" :
                 "gap between epochs", epoch);
      end
      mem_bad = 1'b1;
    end else begin
      mem_bad = 1'b0;
    end

    if (phase == PH_RUN) begin
      if (mem_rsp_valid && mem_rsp_ready) mem_rsp_valid <= 1'b0;
      // The highest free slot (from the top down, stopping at the first).
      free = -1;
      held = $countones(busy);
      for (k = SLOTS - 1; k >= 0 && free < 0; k--)
        if (!busy[k]) free = k;
      if (mem_req_valid && mem_req_ready && free >= 0) begin
        read_line(mem_req_addr[47:5], line);
        busy[free] <= 1'b1;
        s_tag[free] <= mem_req_tag;
        s_line[free] <= line;
        s_wait[free] <= chance(50) ? 6'(FAST) : slow_latency(seed, mem_req_addr[47:5]);
      end
      // Ready only while a slot is sure to be free for it: ready is seen
      // a cycle late, and one more read may be taken in the cycle it is set.
      mem_req_ready <= 1'b0;
      if (held <= SLOTS - 3) mem_req_ready <= chance(80);
      pick = -1;
      if (busy != '0) for (k = 0; k < SLOTS; k++) begin
        if (busy[k] && s_wait[k] != 0) s_wait[k] <= s_wait[k] - 6'd1;
        // Nested, not ||: a draw only for the second and later ready slots,
        // whatever a simulator does about short-circuiting.
        if (busy[k] && s_wait[k] == 0) begin
          if (pick < 0) pick = k;
          else if (chance(50)) pick = k;
        end
      end
      if ((!mem_rsp_valid || mem_rsp_ready) && pick >= 0) begin
        mem_rsp_valid <= 1'b1;
        o_tag <= s_tag[pick];
        o_data <= s_line[pick];
        busy[pick] <= 1'b0;
      end
    end else begin
      mem_req_ready <= 1'b0;
    end

    fatal <= broken;
  end
endmodule : tb_replay_mem
