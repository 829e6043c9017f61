// SPDX-License-Identifier: Apache-2.0
// tb_replay: the replay testbench (DESIGN §4). Replays the hex export of a
// golden vector file (spagm export-hex FILE DIR) against the RTL units in
// plain SystemVerilog, with no DPI and no model, on Verilator 5 and Icarus
// Verilog 11 alike.
//
// Per epoch the controller resets the units, has each unit's driver
// (tb_replay_unit.sv, tb_replay_driver.sv) load the epoch's state through
// the configuration port, drive the requests and check the responses, then
// read the state images back, exactly as the co-simulation (tb_cosim.sv)
// does. The texture unit's memory port is answered by tb_replay_mem.sv from
// the export's texture memory pages, loaded per epoch before the run. At the end it prints
// one line per unit and the closing line
//     replay: N passed, M failed
// where a check is one transaction or one unit's image at the end of an
// epoch. `done` rises then and `failures` holds M (the Icarus wrapper
// tb_replay_iverilog.sv and the Verilator harness tb_replay_main.cpp turn it
// into the exit status; `checked` and `total` drive their progress lines).
//
// Plusargs: +vectors=DIR (required), +seed=N (gaps and backpressure,
// default 1), +bug=N (rtl_stubs injected defect, default 0 = none),
// +max_reports=N (mismatch reports per unit, default 10), +tex_mem_pages=N
// (texture memory pages per epoch, at most TEX_MEM_PAGES of tb_replay_pkg).
//
// Another RTL with the ports of docs/port-contract.md replaces the units
// (tb_replay_unit.sv); the widths come from the RTL's transaction package.
module tb_replay
  import shader_txn_pkg::*;
  import tb_replay_pkg::*;
(
  input  logic clk,
  output logic done,
  output int   failures,
  // Progress for the harnesses (tb_replay_main.cpp, tb_replay_iverilog.sv):
  // checks made so far and in all (transactions + one image per unit and epoch).
  output int   checked,
  output int   total
);
  // ---- Options and manifest -------------------------------------------------
  string dir;
  logic [31:0] man[0:MANIFEST_WORDS-1];
  // Variables the initial block sets have no declaration initializers: the
  // order of those and initial blocks is not defined (Verilator runs them
  // in either order).
  logic ok;  // the manifest is usable
  logic [31:0] epochs, first_epoch, ep = 0;
  int bug, r;

  initial begin
    done = 1'b0;
    failures = 0;
    ok = 1'b0;
    epochs = 0;
    first_epoch = 0;
    bug = 0;
    if ($value$plusargs("bug=%d", bug)) r = 1;  // (an unused result may be optimised away)
    if (!$value$plusargs("vectors=%s", dir)) begin
      $display("replay: give the hex export with +vectors=DIR (spagm export-hex FILE DIR)");
    end else begin
      $readmemh({dir, "/manifest.hex"}, man);
      if (man[0] !== MANIFEST_MAGIC)
        $display("replay: %0s/manifest.hex is not the manifest of a spagm hex export", dir);
      else if (man[1] != EXPORT_VERSION)
        $display("replay: export format %0d, this testbench reads %0d: export again", man[1],
                 EXPORT_VERSION);
      else if (man[2] != REQUEST_BITS || man[4] != RESPONSE_BITS)
        $display("replay: the vectors' transactions have %0d/%0d bits, the RTL's ports %0d/%0d",
                 man[2], man[4], REQUEST_BITS, RESPONSE_BITS);
      else begin
        ok = 1'b1;
        epochs = man[6];
        first_epoch = man[7];
        $display("replay: %0s: %0d epochs; attr %0d, pix %0d, tex %0d transactions; bug_sel %0d",
                 dir, epochs, man[18], man[22], man[26], bug);
      end
    end
  end

  logic [7:0] bug_sel;
  assign bug_sel = bug[7:0];

  // ---- Epoch controller -------------------------------------------------------
  logic [2:0] phase = PH_START;
  logic rst_n = 1'b0;
  logic [3:0] reset_count = 4'd0;
  logic [31:0] cur_epoch;
  int total_pass, total_fail;
  // The units' flags and counts, indexed by the unit number.
  logic [2:0] present, load_done, run_done, rb_done, hung, mem_fatal;
  int passed[0:2], failed[0:2];
  assign cur_epoch = first_epoch + ep;
  assign checked = passed[UNIT_ATTR] + passed[UNIT_PIX] + passed[UNIT_TEX] +
                   failed[UNIT_ATTR] + failed[UNIT_PIX] + failed[UNIT_TEX];
  int n_present;
  assign n_present = int'(present[0]) + int'(present[1]) + int'(present[2]);
  assign total = ok ? int'(man[18] + man[22] + man[26]) + int'(epochs) * n_present : 0;

  always @(posedge clk) begin
    case (phase)
      PH_START: begin
        if (ok && ep < epochs) begin
          rst_n <= 1'b0;
          reset_count <= 4'd3;
          phase <= PH_RESET;
        end else begin
          phase <= PH_FINISH;
        end
      end
      PH_RESET: begin
        if (reset_count == 0) begin
          rst_n <= 1'b1;
          phase <= PH_LOAD;
        end else begin
          reset_count <= reset_count - 4'd1;
        end
      end
      PH_LOAD: if (&(load_done | ~present)) phase <= PH_RUN;
      PH_RUN: if (&(run_done | ~present)) phase <= PH_READBACK;
      PH_READBACK: begin
        if (&(rb_done | ~present)) begin
          ep <= ep + 1;
          phase <= PH_START;
        end
      end
      PH_FINISH: begin
        total_pass = passed[UNIT_ATTR] + passed[UNIT_PIX] + passed[UNIT_TEX];
        total_fail = failed[UNIT_ATTR] + failed[UNIT_PIX] + failed[UNIT_TEX] + (ok ? 0 : 1);
        if (present[UNIT_ATTR])
          $display("replay: attr %0d passed, %0d failed", passed[UNIT_ATTR], failed[UNIT_ATTR]);
        if (present[UNIT_PIX])
          $display("replay: pix %0d passed, %0d failed", passed[UNIT_PIX], failed[UNIT_PIX]);
        if (present[UNIT_TEX])
          $display("replay: tex %0d passed, %0d failed", passed[UNIT_TEX], failed[UNIT_TEX]);
        if (ok && ep < epochs)
          $display("replay: stopped in epoch %0d of %0d (%0s)", cur_epoch, epochs,
                   |(mem_fatal & present) ? "the texture memory could not be loaded" : "a unit hung");
        $display("replay: checked %0d transactions and %0d end-of-epoch images in %0d epochs",
                 checked - int'(ep) * n_present, int'(ep) * n_present, ep);
        $display("replay: %0d passed, %0d failed", total_pass, total_fail);
        failures <= total_fail;
        done <= 1'b1;
        phase <= PH_DONE;
      end
      default: ;
    endcase
    // A hung unit ends the run (its missing responses count as failed), and
    // so does texture memory that cannot be loaded (counted as one failure).
    if (phase == PH_LOAD || phase == PH_RUN || phase == PH_READBACK)
      if (|(hung & present) || |(mem_fatal & present)) phase <= PH_FINISH;
  end

  // ---- Units ------------------------------------------------------------------
  // A unit gets a clock only when the export has it (its driver says so
  // from the manifest before the first edge): a unit left out costs the
  // simulator nothing, and its flags count as done.
  logic [2:0] clk_u;
  assign clk_u = {3{clk}} & present;

  // Each unit with its driver (tb_replay_unit.sv).
  tb_replay_unit #(.UNIT(UNIT_ATTR)) u_attr (
    .clk(clk_u[UNIT_ATTR]), .rst_n, .bug_sel, .phase, .epoch(cur_epoch), .present(present[UNIT_ATTR]),
    .load_done(load_done[UNIT_ATTR]), .run_done(run_done[UNIT_ATTR]),
    .rb_done(rb_done[UNIT_ATTR]), .hung(hung[UNIT_ATTR]), .mem_fatal(mem_fatal[UNIT_ATTR]),
    .passed(passed[UNIT_ATTR]), .failed(failed[UNIT_ATTR]));
  tb_replay_unit #(.UNIT(UNIT_PIX)) u_pix (
    .clk(clk_u[UNIT_PIX]), .rst_n, .bug_sel, .phase, .epoch(cur_epoch), .present(present[UNIT_PIX]),
    .load_done(load_done[UNIT_PIX]), .run_done(run_done[UNIT_PIX]),
    .rb_done(rb_done[UNIT_PIX]), .hung(hung[UNIT_PIX]), .mem_fatal(mem_fatal[UNIT_PIX]),
    .passed(passed[UNIT_PIX]), .failed(failed[UNIT_PIX]));
  tb_replay_unit #(.UNIT(UNIT_TEX)) u_tex (
    .clk(clk_u[UNIT_TEX]), .rst_n, .bug_sel, .phase, .epoch(cur_epoch), .present(present[UNIT_TEX]),
    .load_done(load_done[UNIT_TEX]), .run_done(run_done[UNIT_TEX]),
    .rb_done(rb_done[UNIT_TEX]), .hung(hung[UNIT_TEX]), .mem_fatal(mem_fatal[UNIT_TEX]),
    .passed(passed[UNIT_TEX]), .failed(failed[UNIT_TEX]));
endmodule : tb_replay
