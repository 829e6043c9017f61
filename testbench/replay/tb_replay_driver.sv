// SPDX-License-Identifier: Apache-2.0
// tb_replay_driver: drives one unit of the replay testbench (tb_replay_unit.sv)
// from the hex export of a vector file (spagm export-hex, docs/vector-format.md)
// and checks it, in plain SystemVerilog without DPI (Verilator 5, Icarus 11).
//
// Per epoch, under the phases of the controller (tb_replay.sv), exactly as
// the co-simulation (tb_cosim_unit.sv) does:
//   reset    the flags; this epoch's counts are read from <unit>_epochs.hex
//   load     the configuration words in file order (<unit>_cfg.hex: the
//            clear first, then the registers, then the non-zero memory
//            words), packed into bursts of the version-2 port as the
//            co-simulation packs them (docs/port-contract.md, N120), back
//            to back as the unit takes them
//   run      every request in file order (<unit>_req.hex) with seeded gaps,
//            responses under seeded backpressure; each response is matched
//            by tag to the requests in flight (they may return out of order)
//            and compared with the expected response under the compare mask:
//            ((rtl ^ expected) & mask) == 0 (<unit>_exp.hex, <unit>_cmp.hex)
//   readback every read-back word (<unit>_rb.hex: address and expected
//            word), packed into read bursts the same way; each answer
//            (cfg_rvalid) is checked against the oldest burst in flight
// While cfg_valid or req_valid is low, the bus or the request carries
// fresh seeded random bits, as do a write burst's unmasked words (half of
// them shaped as a register's value) and a read burst's data words
// (tb_dontcare_pkg.sv, docs/port-contract.md): the
// vectors fix only what is offered.
// In every phase out of reset, the port rules of docs/port-contract.md that
// no response shows: `cfg_rvalid` only answers a read burst (one pulse per
// burst, N122), and `idle` is low while a request is accepted and not yet
// responded. Each broken rule is a handshake report and a failure, as in
// the co-simulation (cosim/check.c).
// Reports follow docs/report-format.md: a mismatch names the tag, the line
// of the record in the vector file, and each differing field element
// (fields.hex gives the layout).
module tb_replay_driver
  import tb_replay_pkg::*;
#(
  parameter int UNIT = 0,            // spagm_unit: 0 attr, 1 pix, 2 tex
  parameter int REQ_BITS = 12032,
  parameter int RSP_BITS = 16824,
  parameter int RING = 16            // requests in flight the checker tracks
) (
  input  logic                clk,
  input  logic                rst_n,
  input  logic [2:0]          phase,
  input  logic [31:0]         epoch,     // for messages
  output logic                present,   // the export has this unit
  output logic                load_done,
  output logic                run_done,
  output logic                rb_done,
  output logic                hung,
  output int                  passed,    // transactions and epoch images
  output int                  failed,
  // The unit's ports (docs/port-contract.md).
  output logic                cfg_valid,
  input  logic                cfg_ready,
  output logic                cfg_write,
  output logic [31:0]         cfg_addr,
  output logic [31:0]         cfg_mask,
  output logic [1023:0]       cfg_wdata,
  input  logic                cfg_rvalid,
  input  logic [1023:0]       cfg_rdata,
  input  logic                idle,
  output logic                req_valid,
  input  logic                req_ready,
  output logic [REQ_BITS-1:0] req,
  input  logic                rsp_valid,
  output logic                rsp_ready,
  input  logic [RSP_BITS-1:0] rsp
);
  localparam int REQ_WORDS = (REQ_BITS + 31) / 32;
  localparam int RSP_WORDS = (RSP_BITS + 31) / 32;
  localparam int MAXW = REQ_WORDS > RSP_WORDS ? REQ_WORDS : RSP_WORDS;
  localparam int VB = MAXW * 32;  // width of the staging vectors

  // ---- Files ---------------------------------------------------------------
  // Variables the initial block sets have no declaration initializers (the
  // order of those and initial blocks is not defined).
  string dir, name;
  int max_reports, reports = 0, r;
  integer fd_cfg, fd_req, fd_exp, fd_cmp, fd_txn, fd_rb, fd_ep;
  logic [31:0] man[0:MANIFEST_WORDS-1];
  logic [31:0] fl[0:255];  // response fields: lsb, bits, count, outer, name (4 words)
  int nfields;
  logic file_error;
  logic [31:0] seed, rng;

  // ---- Requests in flight ----------------------------------------------------
  logic [VB-1:0] s_exp[0:RING-1];
  logic [VB-1:0] s_cmp[0:RING-1];
  logic [31:0] s_tag[0:RING-1];
  logic [31:0] s_line[0:RING-1];
  logic s_used[0:RING-1];
  int outstanding = 0;
  // Requests the unit accepted and has not yet answered: what `idle` must
  // see as owed. `idle_bad` makes a run of idle cycles one report.
  int owed = 0;
  logic idle_bad = 1'b0;

  // ---- Epoch bookkeeping -------------------------------------------------------
  int cfg_left = 0, txn_left = 0, rb_left = 0, n_pass, n_fail, quiet = 0;
  logic counts_read = 1'b0, stream_done = 1'b0, rb_bad = 1'b0, progress;
  logic cfg_end = 1'b0;  // no more bursts in this phase
  logic [VB-1:0] v, got;
  logic [31:0] word, tag;
  int k, slot, found;

  // ---- Bursts (N120) ---------------------------------------------------------
  // The word read from a file and not yet placed in a burst.
  logic pend = 1'b0;
  logic [31:0] pa, pd;
  logic more;
  logic [31:0] ba, bm;
  logic [1023:0] bd;
  // Read bursts offered and not yet answered, oldest first (N122).
  localparam int RB_DEPTH = 8;
  logic [31:0] rb_fa[0:RB_DEPTH-1], rb_fm[0:RB_DEPTH-1];
  logic [1023:0] rb_fd[0:RB_DEPTH-1];
  int rb_n = 0;

  assign passed = n_pass;
  assign failed = n_fail;

  // ---- Payloads while valid is low ------------------------------------------
  // The driver writes the burst and the request it offers (o_*); the unit
  // sees them while their valid is high and seeded random bits while it is
  // low (tb_idle_payload.sv), as in the co-simulation: the draws of cycle n
  // of this unit's streams, under +seed.
  logic o_cfg_write;
  logic [31:0] o_cfg_addr, o_cfg_mask;
  logic [1023:0] o_cfg_wdata, dc_cfg_wdata;
  logic [REQ_BITS-1:0] o_req;
  logic [63:0] dc_n = 64'd0;
  always @(posedge clk) dc_n <= dc_n + 64'd1;
  tb_idle_payload #(.UNIT(UNIT), .REQ_BITS(REQ_BITS)) idle_payload (
      .clk(clk), .seed(64'(seed)), .n(dc_n),
      .cfg_valid(cfg_valid), .o_cfg_write(o_cfg_write), .o_cfg_addr(o_cfg_addr),
      .o_cfg_mask(o_cfg_mask), .o_cfg_wdata(o_cfg_wdata),
      .req_valid(req_valid), .o_req(o_req),
      .cfg_write(cfg_write), .cfg_addr(cfg_addr), .cfg_mask(cfg_mask), .cfg_wdata(cfg_wdata),
      .req(req), .dc_cfg_wdata(dc_cfg_wdata));

  initial begin
    max_reports = 10;
    seed = 32'd1;
    n_pass = 0;
    n_fail = 0;
    fd_cfg = 0;
    fd_req = 0;
    fd_exp = 0;
    fd_cmp = 0;
    fd_txn = 0;
    fd_rb = 0;
    fd_ep = 0;
    file_error = 1'b0;
    present = 1'b0;
    load_done = 1'b0;
    run_done = 1'b0;
    rb_done = 1'b0;
    hung = 1'b0;
    cfg_valid = 1'b0;
    o_cfg_write = 1'b0;
    o_cfg_addr = 32'd0;
    o_cfg_mask = 32'd0;
    o_cfg_wdata = '0;
    req_valid = 1'b0;
    rsp_ready = 1'b0;
    o_req = '0;
    nfields = 0;
    for (k = 0; k < RING; k++) s_used[k] = 1'b0;
    if (UNIT == 0) name = "attr";
    else if (UNIT == 1) name = "pix";
    else name = "tex";
    if ($value$plusargs("max_reports=%d", max_reports)) r = 1;  // not `r = ...`: an unused
    if ($value$plusargs("seed=%d", seed)) r = 2;  // result may be optimised away
    // The generator of this unit: the seed and the unit, never zero.
    rng = seed ^ (32'h9E3779B9 * (UNIT + 1));
    if (rng == 0) rng = 32'h1;
    if ($value$plusargs("vectors=%s", dir)) begin
      $readmemh({dir, "/manifest.hex"}, man);
      if (man[0] === MANIFEST_MAGIC && man[16+4*UNIT] == 32'd1) begin
        present = 1'b1;
        nfields = man[8];
        if (nfields > 0 && nfields <= 32) $readmemh({dir, "/fields.hex"}, fl, 0, 8 * nfields - 1);
        fd_cfg = $fopen({dir, "/", name, "_cfg.hex"}, "r");
        fd_req = $fopen({dir, "/", name, "_req.hex"}, "r");
        fd_exp = $fopen({dir, "/", name, "_exp.hex"}, "r");
        fd_cmp = $fopen({dir, "/", name, "_cmp.hex"}, "r");
        fd_txn = $fopen({dir, "/", name, "_txn.hex"}, "r");
        fd_rb = $fopen({dir, "/", name, "_rb.hex"}, "r");
        fd_ep = $fopen({dir, "/", name, "_epochs.hex"}, "r");
        if (fd_cfg == 0 || fd_req == 0 || fd_exp == 0 || fd_cmp == 0 || fd_txn == 0 ||
            fd_rb == 0 || fd_ep == 0) begin
          $display("replay: cannot open the %0s_*.hex files in %0s", name, dir);
          file_error = 1'b1;
          n_fail = n_fail + 1;
        end else begin
          file_error = 1'b0;
        end
      end else begin
        file_error = 1'b0;
      end
    end
  end

  // n (1 or 2) 32-bit hex words from a file, in one $fscanf (on Icarus
  // each call is a VPI call, a large share of a replay); a
  // short file is an error.
  task automatic read_words(input integer fd, input int n, output logic [31:0] x,
                            output logic [31:0] y);
    int got_n;
    y = 32'd0;
    got_n = n == 1 ? $fscanf(fd, "%h", x) : $fscanf(fd, "%h %h", x, y);
    if (got_n != n) begin
      if (!file_error) begin
        $display("replay: the %0s hex files end early (a truncated export?)", name);
        n_fail = n_fail + 1;
      end
      file_error = 1'b1;
      x = 32'd0;
      y = 32'd0;
    end
  endtask

  task automatic read_word(input integer fd, output logic [31:0] x);
    logic [31:0] none;
    read_words(fd, 1, x, none);
  endtask

  task automatic read_pair(input integer fd, output logic [31:0] x, output logic [31:0] y);
    read_words(fd, 2, x, y);
  endtask

  // A vector of n words, word 0 = bits [31:0] (the svBitVecVal order of
  // txn_pack.h), written sparse (vechex.c put_sparse): K, then K pairs of
  // (zero words skipped, non-zero word).
  task automatic read_vec(input integer fd, input int n, output logic [VB-1:0] x);
    logic [31:0] k, s, w;
    int i, at;
    x = '0;
    at = 0;
    read_word(fd, k);
    for (i = 0; i < int'(k) && !file_error; i++) begin
      read_pair(fd, s, w);
      at = at + int'(s);
      if (at >= n || s > n) begin
        $display("replay: the %0s hex files are corrupt (a vector word beyond %0d)", name, n);
        n_fail = n_fail + 1;
        file_error = 1'b1;  // ends the loop
      end else begin
        x[at*32+:32] = w;
        at = at + 1;
      end
    end
  endtask

  // The next burst of a word list (fd, `left` words of address and data):
  // the pending word and the words after it in its 128-byte block at
  // ascending addresses, as spagm_cfg_list_next_burst packs the
  // co-simulation's (N120). got = 0 at the end of the list.
  task automatic next_burst(input integer fd, inout int left, output logic got,
                            output logic [31:0] a, output logic [31:0] m,
                            output logic [1023:0] d);
    logic [31:0] last;
    logic stop;
    got = 1'b0;
    a = 32'd0;
    m = 32'd0;
    d = '0;
    last = 32'd0;
    stop = 1'b0;
    while (!stop) begin
      if (!pend) begin
        if (left > 0 && !file_error) begin
          read_pair(fd, pa, pd);
          left = left - 1;
          pend = !file_error;
        end
        if (!pend) stop = 1'b1;
      end
      if (pend && !stop) begin
        if (!got) begin
          got = 1'b1;
          a = pa & ~32'd127;
        end
        if ((pa & ~32'd127) == a && (m == 0 || pa > last)) begin
          m[pa[6:2]] = 1'b1;
          d[32*pa[6:2]+:32] = pd;
          last = pa;
          pend = 1'b0;
        end else begin
          stop = 1'b1;
        end
      end
    end
  endtask

  // Each compared field element that differs: name[row][element], expected,
  // got, and the bits that are compared.
  task automatic report_txn(input int s, input logic [VB-1:0] actual);
    int f, e, lsb, bits, count, outer, row_len, shown;
    logic [127:0] fname;
    logic [63:0] m, xe, xg, xc;
    reports++;
    if (reports <= max_reports) begin
      $display("replay: MISMATCH %0s tag %0d (vector file line %0d), epoch %0d:", name,
               s_tag[s], s_line[s], epoch);
      shown = 0;
      for (f = 0; f < nfields; f++) begin
        lsb = fl[8*f];
        bits = fl[8*f+1];
        count = fl[8*f+2];
        outer = fl[8*f+3];
        fname = {fl[8*f+4], fl[8*f+5], fl[8*f+6], fl[8*f+7]};
        row_len = outer > 0 ? count / outer : count;
        m = bits >= 64 ? 64'hFFFF_FFFF_FFFF_FFFF : ((64'd1 << bits) - 64'd1);
        for (e = 0; e < count; e++) begin
          xc = (s_cmp[s] >> (lsb + e * bits)) & m;
          xe = (s_exp[s] >> (lsb + e * bits)) & m;
          xg = (actual >> (lsb + e * bits)) & m;
          if (((xe ^ xg) & xc) != 0) begin
            shown++;
            if (shown <= 8) begin
              if (outer > 1)
                $display("  %0s[%0d][%0d]: expected %h, got %h (compared bits %h)", fname,
                         e / row_len, e % row_len, xe, xg, xc);
              else if (count > 1)
                $display("  %0s[%0d]: expected %h, got %h (compared bits %h)", fname, e, xe,
                         xg, xc);
              else
                $display("  %0s: expected %h, got %h (compared bits %h)", fname, xe, xg, xc);
            end
          end
        end
      end
      if (shown > 8) $display("  ... and %0d more differing elements", shown - 8);
    end
  endtask

  always @(posedge clk) begin
    progress = 1'b0;
    if (phase == PH_START) counts_read = 1'b0;
    if (phase == PH_RESET) begin
      load_done <= 1'b0;
      run_done <= 1'b0;
      rb_done <= 1'b0;
      stream_done <= 1'b0;
      req_valid <= 1'b0;
      rsp_ready <= 1'b0;
      cfg_valid <= 1'b0;
      cfg_end <= 1'b0;
      rb_n = 0;
      rb_bad = 1'b0;
      quiet = 0;
      owed = 0;
      idle_bad = 1'b0;
      if (!counts_read) begin
        counts_read = 1'b1;
        cfg_left = 0;
        txn_left = 0;
        rb_left = 0;
        if (present && !file_error) begin
          read_word(fd_ep, word);
          cfg_left = word;
          read_word(fd_ep, word);
          txn_left = word;
          read_word(fd_ep, word);
          rb_left = word;
        end
      end
    end
    if (cfg_valid && cfg_ready) begin
      cfg_valid <= 1'b0;
      progress = 1'b1;
    end

    // The port rules: idle while owed a response; an answer to no read
    // outside the read-back (the read-back checks its own answers below).
    if (idle && owed != 0) begin
      if (!idle_bad) begin
        n_fail = n_fail + 1;
        reports++;
        if (reports <= max_reports)
          $display("replay: MISMATCH %0s: idle in epoch %0d while %0d accepted requests are not yet responded",
                   name, epoch, owed);
      end
      idle_bad = 1'b1;
    end else begin
      idle_bad = 1'b0;
    end
    if (rst_n && cfg_rvalid && phase != PH_READBACK) begin
      n_fail = n_fail + 1;
      reports++;
      if (reports <= max_reports)
        $display("replay: MISMATCH %0s: answered a configuration read nobody asked for in the %0s of epoch %0d",
                 name, phase == PH_LOAD ? "configuration load" : phase == PH_RUN ? "run" :
                 "gap between epochs", epoch);
    end
    if (req_valid && req_ready) owed = owed + 1;
    if (rsp_valid && rsp_ready && owed != 0) owed = owed - 1;

    // Load: the next burst as soon as the last one is taken (N121); done
    // when all are taken and the unit is idle.
    if (phase == PH_LOAD && !load_done) begin
      if ((!cfg_valid || cfg_ready) && !cfg_end) begin
        next_burst(fd_cfg, cfg_left, more, ba, bm, bd);
        if (more) begin
          cfg_valid <= 1'b1;
          o_cfg_write <= 1'b1;
          o_cfg_addr <= ba;
          o_cfg_mask <= bm;
          o_cfg_wdata <= tb_dontcare_pkg::masked_words(bm, bd, dc_cfg_wdata);
        end else begin
          cfg_end <= 1'b1;
        end
      end
      if (cfg_end && !cfg_valid && idle) begin
        load_done <= 1'b1;
        cfg_end <= 1'b0;
        progress = 1'b1;
      end
    end

    if (phase == PH_RUN && !run_done) begin
      if (req_valid && req_ready) begin
        req_valid <= 1'b0;
        progress = 1'b1;
      end
      if ((!req_valid || req_ready) && !stream_done) begin
        rng = xorshift32(rng);
        if (rng % 100 < 85) begin
          if (txn_left == 0 || file_error) begin
            stream_done <= 1'b1;
          end else begin
            slot = -1;
            for (k = 0; k < RING; k++) if (!s_used[k] && slot < 0) slot = k;
            if (slot >= 0) begin  // else: RING requests in flight, a gap
              read_vec(fd_req, REQ_WORDS, v);
              o_req <= v[REQ_BITS-1:0];
              req_valid <= 1'b1;
              read_vec(fd_exp, RSP_WORDS, v);
              s_exp[slot] = v;
              read_vec(fd_cmp, RSP_WORDS, v);
              s_cmp[slot] = v;
              read_pair(fd_txn, s_tag[slot], s_line[slot]);
              s_used[slot] = 1'b1;
              outstanding = outstanding + 1;
              txn_left = txn_left - 1;
            end
          end
        end
      end
      if (rsp_valid && rsp_ready) begin
        progress = 1'b1;
        tag = rsp[RSP_BITS-1-:32];  // tag is the first field of the response (txn.h)
        found = -1;
        for (k = 0; k < RING; k++) if (s_used[k] && s_tag[k] == tag && found < 0) found = k;
        if (found < 0) begin
          n_fail = n_fail + 1;
          reports++;
          if (reports <= max_reports)
            $display("replay: MISMATCH %0s: response with tag %0d matches no request in flight",
                     name, tag);
        end else begin
          got = '0;
          got[RSP_BITS-1:0] = rsp;
          if (((got ^ s_exp[found]) & s_cmp[found]) == '0) begin
            n_pass = n_pass + 1;
          end else begin
            n_fail = n_fail + 1;
            report_txn(found, got);
          end
          s_used[found] = 1'b0;
          outstanding = outstanding - 1;
        end
      end
      rng = xorshift32(rng);
      rsp_ready <= rng % 100 < 70;
      run_done <= stream_done && !req_valid && outstanding == 0 && idle;
      if (stream_done && !req_valid && outstanding == 0) progress = 1'b1;
    end

    // Read-back: read bursts back to back, up to RB_DEPTH unanswered; each
    // answer is checked word by word against the oldest.
    if (phase == PH_READBACK && !rb_done) begin
      rsp_ready <= 1'b0;
      if (cfg_rvalid) begin
        progress = 1'b1;
        if (rb_n == 0) begin
          rb_bad = 1'b1;
          reports++;
          if (reports <= max_reports)
            $display("replay: MISMATCH %0s: answered a configuration read nobody asked for",
                     name);
        end else begin
          for (k = 0; k < 32; k++) begin
            if (rb_fm[0][k] && cfg_rdata[32*k+:32] !== rb_fd[0][32*k+:32]) begin
              rb_bad = 1'b1;
              reports++;
              if (reports <= max_reports)
                $display("replay: MISMATCH %0s image at end of epoch %0d: address 0x%h holds 0x%h, model has 0x%h",
                         name, epoch, rb_fa[0] + 4 * k, cfg_rdata[32*k+:32], rb_fd[0][32*k+:32]);
            end
          end
          for (k = 0; k < RB_DEPTH - 1; k++) begin
            rb_fa[k] = rb_fa[k+1];
            rb_fm[k] = rb_fm[k+1];
            rb_fd[k] = rb_fd[k+1];
          end
          rb_n = rb_n - 1;
        end
      end
      if ((!cfg_valid || cfg_ready) && !cfg_end && rb_n < RB_DEPTH) begin
        next_burst(fd_rb, rb_left, more, ba, bm, bd);
        if (more) begin
          cfg_valid <= 1'b1;
          o_cfg_write <= 1'b0;
          o_cfg_addr <= ba;
          o_cfg_mask <= bm;
          o_cfg_wdata <= dc_cfg_wdata;  // a read's data words are don't-cares too
          rb_fa[rb_n] = ba;
          rb_fm[rb_n] = bm;
          rb_fd[rb_n] = bd;
          rb_n = rb_n + 1;
        end else begin
          cfg_end <= 1'b1;
        end
      end
      if (cfg_end && !cfg_valid && rb_n == 0) begin
        rb_done <= 1'b1;
        if (present) begin  // one check per epoch image
          if (rb_bad || file_error) n_fail = n_fail + 1;
          else n_pass = n_pass + 1;
        end
      end
    end

    // Hang watchdog: no progress for HANG_CYCLES while this unit has work.
    if ((phase == PH_LOAD && !load_done) || (phase == PH_RUN && !run_done) ||
        (phase == PH_READBACK && !rb_done)) begin
      if (progress) quiet = 0;
      else quiet = quiet + 1;
      if (quiet == HANG_CYCLES && !hung) begin
        hung <= 1'b1;
        $display("replay: HANG %0s in epoch %0d: no progress for %0d cycles (%0d requests in flight, %0d not sent)",
                 name, epoch, HANG_CYCLES, outstanding, txn_left);
        // Never answered; an image never read back fails too.
        n_fail = n_fail + outstanding + txn_left + (phase == PH_READBACK ? 1 : 0);
      end
    end
  end
endmodule : tb_replay_driver
