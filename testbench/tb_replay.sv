// tb_replay: the replay testbench (DESIGN §4). Replays the hex export of a
// golden vector file (spagm export-hex FILE DIR) against the RTL units in
// plain SystemVerilog, with no DPI and no model, on Verilator 5 and Icarus
// Verilog 11 alike.
//
// Per epoch the controller resets the units, has each unit's driver
// (tb_replay_unit.sv) load the epoch's state through the configuration port,
// drive the requests and check the responses, then read the state images
// back, exactly as the co-simulation (tb_cosim.sv) does. The texture unit's
// memory port is answered by tb_replay_mem.sv from the export's texture
// memory pages, loaded per epoch before the run. At the end it prints
// one line per unit and the closing line
//     replay: N passed, M failed
// where a check is one transaction or one unit's image at the end of an
// epoch. `done` rises then and `failures` holds M (the Icarus wrapper
// tb_replay_iverilog.sv and the Verilator harness tb_replay_main.cpp turn it
// into the exit status).
//
// Plusargs: +vectors=DIR (required), +seed=N (gaps and backpressure,
// default 1), +bug=N (rtl_stubs injected defect, default 0 = none),
// +max_reports=N (mismatch reports per unit, default 10), +tex_mem_pages=N
// (texture memory pages per epoch, at most TEX_MEM_PAGES of tb_replay_pkg).
//
// Another RTL with the ports of docs/port-contract.md replaces the units
// below; the widths come from the RTL's transaction package.
module tb_replay
  import shader_txn_pkg::*;
  import tb_replay_pkg::*;
(
  input  logic clk,
  output logic done,
  output int   failures
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
  assign cur_epoch = first_epoch + ep;

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
      PH_LOAD:
        if (g_attr.load_done && g_pix.load_done && g_tex.load_done && g_tex.mem_load_done)
          phase <= PH_RUN;
      PH_RUN: if (g_attr.run_done && g_pix.run_done && g_tex.run_done) phase <= PH_READBACK;
      PH_READBACK: begin
        if (g_attr.rb_done && g_pix.rb_done && g_tex.rb_done) begin
          ep <= ep + 1;
          phase <= PH_START;
        end
      end
      PH_FINISH: begin
        total_pass = g_attr.passed + g_pix.passed + g_tex.passed;
        total_fail = g_attr.failed + g_pix.failed + g_tex.failed + g_tex.mem_failed + (ok ? 0 : 1);
        if (g_attr.present)
          $display("replay: attr %0d passed, %0d failed", g_attr.passed, g_attr.failed);
        if (g_pix.present)
          $display("replay: pix %0d passed, %0d failed", g_pix.passed, g_pix.failed);
        if (g_tex.present)
          $display("replay: tex %0d passed, %0d failed", g_tex.passed,
                   g_tex.failed + g_tex.mem_failed);
        if (ok && ep < epochs)
          $display("replay: stopped in epoch %0d of %0d (%0s)", cur_epoch, epochs,
                   g_tex.mem_fatal ? "the texture memory could not be loaded" : "a unit hung");
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
      if (g_attr.hung || g_pix.hung || g_tex.hung || g_tex.mem_fatal) phase <= PH_FINISH;
  end

  // ---- Units ------------------------------------------------------------------
  // Each unit block holds the signals of the common ports and the unit's
  // driver (tb_replay_unit.sv); the RTL module is connected by name.
`define TB_REPLAY_UNIT(NUM) \
    logic cfg_we, cfg_re, idle, req_valid, req_ready, rsp_valid, rsp_ready; \
    logic [31:0] cfg_addr, cfg_wdata, cfg_rdata; \
    logic [REQUEST_BITS-1:0] req; \
    logic [RESPONSE_BITS-1:0] rsp; \
    logic present, load_done, run_done, rb_done, hung; \
    int passed, failed; \
    tb_replay_unit #(.UNIT(NUM), .REQ_BITS(REQUEST_BITS), .RSP_BITS(RESPONSE_BITS)) drv ( \
      .clk, .phase, .epoch(cur_epoch), .present, .load_done, .run_done, .rb_done, .hung, \
      .passed, .failed, .cfg_we, .cfg_re, .cfg_addr, .cfg_wdata, .cfg_rdata, .idle, \
      .req_valid, .req_ready, .req, .rsp_valid, .rsp_ready, .rsp);
`define TB_REPLAY_COMMON_PORTS \
      .clk, .rst_n, .bug_sel, .cfg_we, .cfg_re, .cfg_addr, .cfg_wdata, .cfg_rdata, .idle, \
      .req_valid, .req_ready, .req, .rsp_valid, .rsp_ready, .rsp

  if (1) begin : g_attr
    `TB_REPLAY_UNIT(0)
    attr_unit dut (`TB_REPLAY_COMMON_PORTS);
  end

  if (1) begin : g_pix
    `TB_REPLAY_UNIT(1)
    pix_unit dut (`TB_REPLAY_COMMON_PORTS);
  end

  // The texture unit has a memory port besides (docs/port-contract.md),
  // answered by the memory model from the export's texture memory.
  if (1) begin : g_tex
    `TB_REPLAY_UNIT(2)
    logic mem_req_valid, mem_req_ready, mem_rsp_valid, mem_rsp_ready;
    logic [47:0] mem_req_addr;
    logic [7:0] mem_req_tag, mem_rsp_tag;
    logic [255:0] mem_rsp_data;
    logic mem_load_done, mem_fatal;
    int mem_failed;
    tex_unit dut (`TB_REPLAY_COMMON_PORTS, .mem_req_valid, .mem_req_ready, .mem_req_addr,
                  .mem_req_tag, .mem_rsp_valid, .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data);
    tb_replay_mem #(.PAGES(TEX_MEM_PAGES)) mem (
      .clk, .phase, .epoch(cur_epoch), .load_done(mem_load_done), .fatal(mem_fatal),
      .failed(mem_failed), .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag,
      .mem_rsp_valid, .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data);
  end
`undef TB_REPLAY_UNIT
`undef TB_REPLAY_COMMON_PORTS
endmodule : tb_replay
