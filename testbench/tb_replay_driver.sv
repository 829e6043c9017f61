// SPDX-License-Identifier: Apache-2.0
// tb_replay_driver: drives one unit of the replay testbench (tb_replay_unit.sv)
// from the hex export of a vector file (spagm export-hex, docs/vector-format.md)
// and checks it, in plain SystemVerilog without DPI (Verilator 5, Icarus 11).
//
// Per epoch, under the phases of the controller (tb_replay.sv), exactly as
// the co-simulation (tb_cosim_unit.sv) does:
//   reset    the flags; this epoch's counts are read from <unit>_epochs.hex
//   load     one configuration write at a time, only while the unit is idle
//            and never two cycles in a row (so a clear can lower idle before
//            the next write), in file order: the clear first, then the
//            registers, then the non-zero memory words (<unit>_cfg.hex)
//   run      every request in file order (<unit>_req.hex) with seeded gaps,
//            responses under seeded backpressure; each response is matched
//            by tag to the requests in flight (they may return out of order)
//            and compared with the expected response under the compare mask:
//            ((rtl ^ expected) & mask) == 0 (<unit>_exp.hex, <unit>_cmp.hex)
//   readback every read-back word: cfg_re with the address, the data valid
//            the cycle after, checked two edges after the read was issued
//            (<unit>_rb.hex)
// A mismatch report names the tag, the line of the record in the vector
// file, and each differing field element (fields.hex gives the layout).
module tb_replay_driver
  import tb_replay_pkg::*;
#(
  parameter int UNIT = 0,            // spagm_unit: 0 attr, 1 pix, 2 tex
  parameter int REQ_BITS = 12032,
  parameter int RSP_BITS = 16824,
  parameter int RING = 16            // requests in flight the checker tracks
) (
  input  logic                clk,
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
  output logic                cfg_we,
  output logic                cfg_re,
  output logic [31:0]         cfg_addr,
  output logic [31:0]         cfg_wdata,
  input  logic [31:0]         cfg_rdata,
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

  // ---- Epoch bookkeeping -------------------------------------------------------
  int cfg_left = 0, txn_left = 0, rb_left = 0, n_pass, n_fail, quiet = 0;
  logic counts_read = 1'b0, stream_done = 1'b0, rb_bad = 1'b0, progress;
  logic rb_p1 = 1'b0, rb_p2 = 1'b0;
  logic [31:0] rb_a1, rb_a2, rb_d1, rb_d2;
  logic [VB-1:0] v, got;
  logic [31:0] word, wa, wd, tag;
  int k, slot, found;

  assign passed = n_pass;
  assign failed = n_fail;

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
    cfg_we = 1'b0;
    cfg_re = 1'b0;
    cfg_addr = 32'd0;
    cfg_wdata = 32'd0;
    req_valid = 1'b0;
    rsp_ready = 1'b0;
    req = '0;
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

  // One 32-bit hex word from a file; a short file is an error.
  task automatic read_word(input integer fd, output logic [31:0] x);
    int got_n;
    got_n = $fscanf(fd, "%h", x);
    if (got_n != 1) begin
      if (!file_error) begin
        $display("replay: the %0s hex files end early (a truncated export?)", name);
        n_fail = n_fail + 1;
      end
      file_error = 1'b1;
      x = 32'd0;
    end
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
      read_word(fd, s);
      read_word(fd, w);
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
    cfg_we <= 1'b0;
    cfg_re <= 1'b0;
    progress = 1'b0;
    if (phase == PH_START) counts_read = 1'b0;
    if (phase == PH_RESET) begin
      load_done <= 1'b0;
      run_done <= 1'b0;
      rb_done <= 1'b0;
      stream_done <= 1'b0;
      req_valid <= 1'b0;
      rsp_ready <= 1'b0;
      rb_p1 <= 1'b0;
      rb_p2 <= 1'b0;
      rb_bad = 1'b0;
      quiet = 0;
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

    // Load: one write at a time, each only while the unit is idle, and
    // never two in a row, so a clear can lower idle before the next.
    if (phase == PH_LOAD && !load_done && idle && !cfg_we) begin
      if (cfg_left > 0 && !file_error) begin
        read_word(fd_cfg, wa);
        read_word(fd_cfg, wd);
        cfg_we <= 1'b1;
        cfg_addr <= wa;
        cfg_wdata <= wd;
        cfg_left = cfg_left - 1;
        progress = 1'b1;
      end else begin
        load_done <= 1'b1;
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
              req <= v[REQ_BITS-1:0];
              req_valid <= 1'b1;
              read_vec(fd_exp, RSP_WORDS, v);
              s_exp[slot] = v;
              read_vec(fd_cmp, RSP_WORDS, v);
              s_cmp[slot] = v;
              read_word(fd_txn, word);
              s_tag[slot] = word;
              read_word(fd_txn, word);
              s_line[slot] = word;
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
            $display("replay: MISMATCH %0s: a response with tag %0d matches no request in flight",
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

    // Read-back: a read issued at edge k is answered after edge k+1 and
    // checked at edge k+2.
    if (phase == PH_READBACK && !rb_done) begin
      rsp_ready <= 1'b0;
      progress = 1'b1;
      if (rb_p2 && cfg_rdata !== rb_d2) begin
        rb_bad = 1'b1;
        reports++;
        if (reports <= max_reports)
          $display("replay: MISMATCH %0s image at the end of epoch %0d: address %h holds %h, expected %h",
                   name, epoch, rb_a2, cfg_rdata, rb_d2);
      end
      rb_p2 <= rb_p1;
      rb_a2 <= rb_a1;
      rb_d2 <= rb_d1;
      if (rb_left > 0 && !file_error) begin
        read_word(fd_rb, wa);
        read_word(fd_rb, wd);
        cfg_re <= 1'b1;
        cfg_addr <= wa;
        rb_p1 <= 1'b1;
        rb_a1 <= wa;
        rb_d1 <= wd;
        rb_left = rb_left - 1;
      end else begin
        rb_p1 <= 1'b0;
        if (!rb_p1 && !rb_p2) begin
          rb_done <= 1'b1;
          if (present) begin  // one check per epoch image
            if (rb_bad || file_error) n_fail = n_fail + 1;
            else n_pass = n_pass + 1;
          end
        end
      end
    end

    // Hang watchdog: no progress for HANG_CYCLES while this unit has work.
    if ((phase == PH_LOAD && !load_done) || (phase == PH_RUN && !run_done)) begin
      if (progress) quiet = 0;
      else quiet = quiet + 1;
      if (quiet == HANG_CYCLES && !hung) begin
        hung <= 1'b1;
        $display("replay: HANG %0s in epoch %0d: no progress for %0d cycles (%0d requests in flight, %0d not sent)",
                 name, epoch, HANG_CYCLES, outstanding, txn_left);
        n_fail = n_fail + outstanding + txn_left;  // never answered
      end
    end
  end
endmodule : tb_replay_driver
