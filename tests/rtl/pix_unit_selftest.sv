// SPDX-License-Identifier: Apache-2.0
// pix_unit_selftest: directed-random self-check of rtl_stubs/pix_unit.
//
// A development bench for the pixel RTL, independent of the C model: the
// expected responses are computed here from PIXLD.txt and the DESIGN rulings
// (R8, R13-R16, §7.4) and spec-notes N50-N58, and compared with the rules of
// docs/port-contract.md "What is compared". It
//   - loads and reads back the configuration registers (port contract);
//   - runs epochs of requests over every sample count, standard and
//     programmable positions, SSAA on and off, both offset formats (N350)
//     and both standard orders (N351), and a stage other than PS,
//     with random request gaps and random response backpressure;
//   - checks every response by tag, that none is lost or duplicated, and
//     that rsp stays stable while rsp_valid waits for rsp_ready;
//   - checks the port rules no response shows: cfg_rvalid only in the cycle
//     after a read burst (one pulse per burst, N122), and idle low while a
//     request is accepted and not yet responded;
//   - repeats the whole run for bug_sel = 0 .. NUM_BUGS (but the load hang
//     of defect 18, which the testbench's watchdog shows): bug_sel 0 must
//     give no mismatch, every defect of pix_bugs.md at least one.
//
//   iverilog -g2012 -o /tmp/pixst rtl_stubs/shader_txn_pkg.sv \
//       rtl_stubs/pix_*.sv tests/rtl/pix_unit_selftest.sv && vvp /tmp/pixst
//   (optional: -Ppix_unit_selftest.LPC=4 -Ppix_unit_selftest.SEED=7)
//
// Prints "SELFTEST PASS" or "SELFTEST FAIL". With +dump=FILE the bug_sel 0
// run also writes its configurations (C stage samples prog ssaa x0 y0 ..
// x15 y15), requests (Q hex) and responses (S hex) to FILE, for comparing
// the RTL with another implementation offline.
module pix_unit_selftest;
  import shader_txn_pkg::*;

  parameter int LPC = 16;         // LANES_PER_CYCLE of the unit under test
  parameter int SEED = 1;
  parameter int TXN_PER_EPOCH = 32;
  localparam int NUM_BUGS = 22;   // defects 1..22 of pix_bugs.md
  localparam int BUG_HANG = 18;   // pix_cfg_table_busy_stuck: hangs the load
  localparam int MAX_TXN = 4096;  // tags per bug_sel run

  // ---- DUT ----------------------------------------------------------------
  logic clk = 1'b0;
  logic rst_n = 1'b0;
  logic [7:0] bug_sel = 8'd0;
  logic cfg_valid = 1'b0, cfg_write_en = 1'b0, cfg_ready, cfg_rvalid;
  logic [31:0] cfg_addr = 32'd0, cfg_mask = 32'd0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;
  logic idle;
  logic req_valid = 1'b0, req_ready;
  logic [REQUEST_BITS-1:0] req;
  logic rsp_valid, rsp_ready = 1'b0;
  logic [RESPONSE_BITS-1:0] rsp;

  pix_unit #(.LANES_PER_CYCLE(LPC)) dut (
    .clk(clk), .rst_n(rst_n), .bug_sel(bug_sel),
    .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_write(cfg_write_en),
    .cfg_addr(cfg_addr), .cfg_mask(cfg_mask), .cfg_wdata(cfg_wdata),
    .cfg_rvalid(cfg_rvalid), .cfg_rdata(cfg_rdata), .idle(idle),
    .req_valid(req_valid), .req_ready(req_ready), .req(req),
    .rsp_valid(rsp_valid), .rsp_ready(rsp_ready), .rsp(rsp)
  );

  always #5 clk = ~clk;

  // Field positions of the port contract's tables, used directly on the flat
  // vectors (this also cross-checks the package's struct layout).
  localparam int RQ_TAG = 12000, RQ_INSN = 11936, RQ_MASK = 11904;
  localparam int RQ_A = 9856, RQ_COV = 128, RQ_SAMPLE = 0;
  localparam int RS_TAG = 16792, RS_FAULT = 16784, RS_FAULT_LANES = 16752;
  localparam int RS_WB_REG = 16720, RS_WB_VALID = 16592, RS_WB_VALUE = 12496;
  localparam int RS_WB_DC = 8400, RS_PD = 8392, RS_PD_WRITTEN = 8360;
  localparam int RS_PD_VALUE = 8328, RS_ST_MASK = 8192;

  // ---- Bench state ----------------------------------------------------------
  int errors;        // mismatches in the current run
  int setup_errors;  // configuration read-back failures (any run)
  int ready_pct = 50;  // chance of rsp_ready in percent
  int sent, received;
  int dump_fd = 0;   // +dump=FILE, bug_sel 0 only

  // Raster configuration as the bench loaded it.
  int cur_stage, cur_samples, cur_prog, cur_ssaa;
  int cur_s012, cur_nvidia;  // offset format S0.12 (N350), NVIDIA order (N351)
  int tab_x[16], tab_y[16];

  // Standard positions (DESIGN §7.4): std_x[n][i], std_y[n][i]; NVIDIA's
  // default order (N351, Mesa's nvc0 table minus 8): nv_x[n][i], nv_y[n][i].
  int std_x[17][16], std_y[17][16];
  int nv_x[17][16], nv_y[17][16];

  // Expected responses by tag.
  logic [7:0]    e_fault[MAX_TXN];
  logic [31:0]   e_fault_lanes[MAX_TXN];
  logic [7:0]    e_wb_reg[MAX_TXN];
  logic [31:0]   e_wb_valid[MAX_TXN];
  logic [1023:0] e_value[MAX_TXN];
  logic          e_dontcare[MAX_TXN];  // whole value don't-care (R14)
  logic [7:0]    e_pd[MAX_TXN];
  logic [31:0]   e_pd_written[MAX_TXN];
  logic [31:0]   e_pd_value[MAX_TXN];
  int            seen[MAX_TXN];

  task automatic set_std(input int n, input int i, input int x, input int y);
    std_x[n][i] = x;
    std_y[n][i] = y;
  endtask

  task automatic init_std_positions;
    set_std(1, 0, 0, 0);
    set_std(2, 0, 4, 4);    set_std(2, 1, -4, -4);
    set_std(4, 0, -2, -6);  set_std(4, 1, 6, -2);   set_std(4, 2, -6, 2);
    set_std(4, 3, 2, 6);
    set_std(8, 0, 1, -3);   set_std(8, 1, -1, 3);   set_std(8, 2, 5, 1);
    set_std(8, 3, -3, -5);  set_std(8, 4, -5, 5);   set_std(8, 5, -7, -1);
    set_std(8, 6, 3, 7);    set_std(8, 7, 7, -7);
    set_std(16, 0, 1, 1);   set_std(16, 1, -1, -3); set_std(16, 2, -3, 2);
    set_std(16, 3, 4, -1);  set_std(16, 4, -5, -2); set_std(16, 5, 2, 5);
    set_std(16, 6, 5, 3);   set_std(16, 7, 3, -5);  set_std(16, 8, -2, 6);
    set_std(16, 9, 0, -7);  set_std(16, 10, -4, -6); set_std(16, 11, -6, 4);
    set_std(16, 12, -8, 0); set_std(16, 13, 7, -4); set_std(16, 14, 6, 7);
    set_std(16, 15, -7, -8);
    for (int n = 1; n <= 16; n++)
      for (int i = 0; i < 16; i++) begin
        nv_x[n][i] = std_x[n][i];
        nv_y[n][i] = std_y[n][i];
      end
    nv_x[2][0] = -4; nv_y[2][0] = -4;  nv_x[2][1] = 4;  nv_y[2][1] = 4;
    nv_x[8][0] = -7; nv_y[8][0] = -1;  nv_x[8][1] = -3; nv_y[8][1] = -5;
    nv_x[8][2] = -5; nv_y[8][2] = 5;   nv_x[8][3] = -1; nv_y[8][3] = 3;
    nv_x[8][4] = 1;  nv_y[8][4] = -3;  nv_x[8][5] = 7;  nv_y[8][5] = -7;
    nv_x[8][6] = 3;  nv_y[8][6] = 7;   nv_x[8][7] = 5;  nv_y[8][7] = 1;
  endtask

  // xorshift32 generators: the same stimulus on every simulator (the
  // $random streams of Icarus and Verilator differ). Backpressure has its
  // own stream, so the order in which processes run at one edge cannot
  // change the requests.
  logic [31:0] rng_state, ready_rng_state;

  function automatic logic [31:0] xorshift(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction

  function automatic logic [31:0] rand32();
    rng_state = xorshift(rng_state);
    return rng_state;
  endfunction

  function automatic int rnd(input int n);  // 0 .. n-1
    return int'(rand32() % n);
  endfunction

  // dx in [15:0], dy in [31:16], two's complement 16-bit each (§7.4).
  // An offset as .OFFSET returns it: each half the sixteenths, or with
  // S0.12 selected the sixteenths times 256 (N350).
  function automatic logic [31:0] pack(input int x, input int y);
    logic [31:0] xx, yy;
    xx = cur_s012 != 0 ? x * 256 : x;
    yy = cur_s012 != 0 ? y * 256 : y;
    return {yy[15:0], xx[15:0]};
  endfunction

  // Standard position of sample i of n in the loaded order.
  function automatic logic [31:0] pack_std(input int n, input int i);
    return cur_nvidia != 0 ? pack(nv_x[n][i], nv_y[n][i]) : pack(std_x[n][i], std_y[n][i]);
  endfunction

  // ---- Reference: the expected response of one request -----------------------
  task automatic expect_txn(input int tag, input logic [REQUEST_BITS-1:0] r);
    logic [63:0] w;
    logic [31:0] lane_mask;
    int mode, rd, ra, pd, n, s;
    logic [7:0] imm8;
    logic [31:0] idx, mask_n, cov, v;
    logic legal, p, writes_pd, dc;
    logic [1023:0] vals;
    logic [31:0] preds;

    w = r[RQ_INSN +: 64];
    lane_mask = r[RQ_MASK +: 32];
    mode = int'(w[33:31]);
    rd = int'(w[7:0]);
    ra = int'(w[15:8]);
    pd = int'(w[47:45]);
    imm8 = w[27:20];
    n = cur_samples;
    mask_n = (32'd1 << n) - 32'd1;
    // Legal: the PIXLD opcode, reserved bits 0, modes 0..5 (R16), PS (R8).
    legal = w[63:48] == 16'hEFE8 && w[30:28] == 3'd0 && w[44:34] == 11'd0 &&
            mode <= 5 && cur_stage == 5;
    vals = '0;
    preds = '0;
    dc = 1'b0;
    for (int l = 0; l < 32; l++) begin
      cov = {16'd0, r[RQ_COV + 16*l +: 16]};
      // Index: zero-extended imm8 without Ra, Ra + sign-extended imm8 with it.
      if (ra == 255) idx = {24'd0, imm8};
      else idx = r[RQ_A + 32*l +: 32] + {{24{imm8[7]}}, imm8};
      v = 32'd0;
      p = 1'b0;
      case (mode)
        0: v = n;
        1: v = cov & mask_n;
        2: begin
          p = idx < n && cov[idx[4:0]];
          v = p ? 32'hFFFF_FFFF : 32'd0;
        end
        3: begin
          if (idx < n) begin
            if (cur_prog != 0) v = pack(tab_x[idx], tab_y[idx]);
            else v = pack_std(n, int'(idx));
          end
          dc = cur_prog != 0 || n == 16;
        end
        4: begin
          if ((cov & mask_n) != mask_n && (cov & mask_n) != 0) begin
            s = 0;
            while (!cov[s]) s++;
            if (cur_prog != 0) v = pack(tab_x[s], tab_y[s]);
            else v = pack_std(n, s);
          end
        end
        5: begin
          p = cur_ssaa != 0;
          v = p ? {28'd0, r[RQ_SAMPLE + 4*l +: 4]} : 32'd0;
        end
        default: ;
      endcase
      vals[32*l +: 32] = v;
      preds[l] = p;
    end
    writes_pd = (mode == 2 || mode == 5) && pd != 7;
    e_fault[tag] = legal ? FAULT_NONE : FAULT_ILLEGAL_INSTR_ENCODING;
    e_fault_lanes[tag] = legal ? 32'd0 : lane_mask;
    e_wb_reg[tag] = (legal && rd != 255) ? rd[7:0] : RZ;
    e_wb_valid[tag] = (legal && rd != 255) ? lane_mask : 32'd0;
    e_value[tag] = vals;
    e_dontcare[tag] = dc;
    e_pd[tag] = (legal && writes_pd) ? pd[7:0] : 8'd7;
    e_pd_written[tag] = (legal && writes_pd) ? lane_mask : 32'd0;
    e_pd_value[tag] = preds & lane_mask;
    seen[tag] = 0;
  endtask

  // ---- Response check (port-contract.md "What is compared") ------------------
  task automatic mismatch(input int tag, input string what);
    errors++;
    if (bug_sel == 0 && errors <= 10)
      $display("MISMATCH bug_sel=%0d tag=%0d: %s", bug_sel, tag, what);
  endtask

  task automatic check_rsp(input logic [RESPONSE_BITS-1:0] o);
    int tag;
    tag = o[RS_TAG +: 32];
    if (tag < 0 || tag >= sent) begin
      mismatch(tag, "response with a tag never sent");
    end else begin
      seen[tag]++;
      received++;
      if (seen[tag] > 1) mismatch(tag, "duplicate response");
      else check_fields(tag, o);
    end
  endtask

  task automatic check_fields(input int tag, input logic [RESPONSE_BITS-1:0] o);
    logic [31:0] got, want;
    if (o[RS_FAULT +: 8] != e_fault[tag]) mismatch(tag, "fault");
    if (o[RS_FAULT_LANES +: 32] != e_fault_lanes[tag]) mismatch(tag, "fault_lanes");
    if (o[RS_WB_VALID +: 32] != e_wb_valid[tag]) mismatch(tag, "wb_valid[0]");
    if (o[RS_WB_VALID + 32 +: 96] != 96'd0) mismatch(tag, "wb_valid of an unused slot");
    if (e_wb_valid[tag] != 0) begin
      if (o[RS_WB_REG +: 8] != e_wb_reg[tag]) mismatch(tag, "wb_reg[0]");
      if (!e_dontcare[tag])
        for (int l = 0; l < 32; l++) begin
          got = o[RS_WB_VALUE + 32*l +: 32];
          want = e_value[tag][32*l +: 32];
          if (e_wb_valid[tag][l] && got != want)
            mismatch(tag, $sformatf("wb_value[0][%0d] %h, expected %h", l, got, want));
        end
    end
    if (o[RS_WB_DC +: 4096] != '0) mismatch(tag, "wb_dontcare must be 0 in RTL");
    if (o[RS_PD_WRITTEN +: 32] != e_pd_written[tag]) mismatch(tag, "pd_written");
    if (e_pd_written[tag] != 0) begin
      if (o[RS_PD +: 8] != e_pd[tag]) mismatch(tag, "pd");
      if ((o[RS_PD_VALUE +: 32] & e_pd_written[tag]) != (e_pd_value[tag] & e_pd_written[tag]))
        mismatch(tag, "pd_value");
    end
    if (o[RS_ST_MASK +: 128] != 128'd0) mismatch(tag, "st_mask");
  endtask

  // Hex dumps, most significant digit first, written 32 bits at a time
  // (Verilator limits one $display to 8192 bits).
  task automatic dump_req(input logic [REQUEST_BITS-1:0] v);
    $fwrite(dump_fd, "Q ");
    for (int i = REQUEST_BITS / 32 - 1; i >= 0; i--) $fwrite(dump_fd, "%h", v[32*i +: 32]);
    $fwrite(dump_fd, "\n");
  endtask

  task automatic dump_rsp(input logic [RESPONSE_BITS-1:0] v);
    $fwrite(dump_fd, "S %h", v[RESPONSE_BITS-1:RESPONSE_BITS/32*32]);  // top 24 bits
    for (int i = RESPONSE_BITS / 32 - 1; i >= 0; i--) $fwrite(dump_fd, "%h", v[32*i +: 32]);
    $fwrite(dump_fd, "\n");
  endtask

  // Monitor: handshakes and the stability rule, sampled on the rising edge.
  logic acc_evt = 1'b0;
  int in_flight = 0, max_in_flight = 0;  // accepted, not yet answered
  logic rsp_waiting = 1'b0;
  logic [RESPONSE_BITS-1:0] rsp_held;
  logic read_due = 1'b0;  // a read burst went in on the last edge: its answer is due
  logic idle_bad = 1'b0;  // a stretch of idle cycles while owed is one mismatch

  always @(posedge clk) begin
    acc_evt = rst_n && req_valid && req_ready;
    if (in_flight > max_in_flight) max_in_flight = in_flight;
    if (rst_n) begin
      if (cfg_rvalid && !read_due) mismatch(-1, "cfg_rvalid with no read burst asked");
      read_due = cfg_valid && cfg_ready && !cfg_write_en;
      if (idle && in_flight != 0 && !idle_bad)
        mismatch(-1, "idle while an accepted request is not yet responded");
      idle_bad = idle && in_flight != 0;
      if (acc_evt) in_flight++;
      if (rsp_valid && rsp_ready) in_flight--;
      if (rsp_waiting && (!rsp_valid || rsp != rsp_held))
        mismatch(-1, "rsp changed or dropped while waiting for rsp_ready");
      if (rsp_valid && rsp_ready) begin
        check_rsp(rsp);
        if (dump_fd != 0 && bug_sel == 0) dump_rsp(rsp);
      end
      rsp_waiting = rsp_valid && !rsp_ready;
      rsp_held = rsp;
    end else begin
      rsp_waiting = 1'b0;
      in_flight = 0;
      read_due = 1'b0;
      idle_bad = 1'b0;
    end
  end

  always @(negedge clk) begin
    ready_rng_state = xorshift(ready_rng_state);
    rsp_ready = int'(ready_rng_state % 100) < ready_pct;
  end

  // ---- Driver (all changes on the falling edge) -------------------------------
  // One-word bursts of the version-2 port (docs/port-contract.md, N120):
  // the word's block and its bit of the mask. The unit takes every burst at
  // once (cfg_ready is always high), so one cycle each.
  task automatic cfg_write(input logic [31:0] addr, input logic [31:0] data);
    cfg_valid = 1'b1;
    cfg_write_en = 1'b1;
    cfg_addr = addr & ~32'd127;
    cfg_mask = 32'd1 << addr[6:2];
    cfg_wdata = '0;
    cfg_wdata[32*addr[6:2] +: 32] = data;
    @(negedge clk);
    if (!cfg_ready) setup_errors++;
    cfg_valid = 1'b0;
  endtask

  // A read burst of one word; the answer comes the cycle after (N122).
  task automatic cfg_expect(input logic [31:0] addr, input logic [31:0] want);
    cfg_valid = 1'b1;
    cfg_write_en = 1'b0;
    cfg_addr = addr & ~32'd127;
    cfg_mask = 32'd1 << addr[6:2];
    @(negedge clk);
    cfg_valid = 1'b0;
    if (!cfg_rvalid || cfg_rdata[32*addr[6:2] +: 32] !== want) begin
      setup_errors++;
      $display("CFG READ 0x%08h = 0x%08h (rvalid %b), expected 0x%08h", addr,
               cfg_rdata[32*addr[6:2] +: 32], cfg_rvalid, want);
    end
  endtask

  task automatic configure(input int stage, input int samples, input int prog,
                           input int ssaa, input int s012, input int nvidia);
    cur_stage = stage;
    cur_samples = samples;
    cur_prog = prog;
    cur_ssaa = ssaa;
    cur_s012 = s012;
    cur_nvidia = nvidia;
    cfg_write(32'h00, stage);
    cfg_write(32'h04, samples);
    cfg_write(32'h08, prog);
    cfg_write(32'h0C, ssaa);
    cfg_write(32'h10, s012);
    cfg_write(32'h14, nvidia);
    // The table in one burst of 16 words (N120), with values the format
    // and order registers cannot hold and a stray word past the registers
    // (0x18), which the unit must ignore.
    cfg_valid = 1'b1;
    cfg_write_en = 1'b1;
    cfg_addr = 32'h0;
    cfg_mask = 32'hFFFF_0070;
    cfg_wdata = '0;
    cfg_wdata[32*4 +: 32] = 32'd2;
    cfg_wdata[32*5 +: 32] = 32'hFFFF_FFFF;
    cfg_wdata[32*6 +: 32] = 32'hFFFF_FFFF;
    for (int i = 0; i < 16; i++) begin
      tab_x[i] = rnd(16) - 8;
      tab_y[i] = rnd(16) - 8;
      cfg_wdata[32*(16 + i) +: 32] = {24'd0, tab_y[i][3:0], tab_x[i][3:0]};
    end
    @(negedge clk);
    cfg_valid = 1'b0;
    cfg_expect(32'h10, s012);
    cfg_expect(32'h14, nvidia);
    cfg_expect(32'h18, 0);
    cfg_expect(32'h00, stage);
    cfg_expect(32'h04, samples);
    cfg_expect(32'h08, prog);
    cfg_expect(32'h0C, ssaa);
    for (int i = 0; i < 16; i++)
      cfg_expect(32'h40 + 4 * i, {24'd0, tab_y[i][3:0], tab_x[i][3:0]});
    if (dump_fd != 0 && bug_sel == 0) begin
      $fwrite(dump_fd, "C %0d %0d %0d %0d %0d %0d", stage, samples, prog, ssaa, s012, nvidia);
      for (int i = 0; i < 16; i++) $fwrite(dump_fd, " %0d %0d", tab_x[i], tab_y[i]);
      $fwrite(dump_fd, "\n");
    end
  endtask

  // A random request; most are legal PIXLDs with operands chosen to reach
  // the edges of R13-R16 (index at the count, negative immediates, full and
  // empty coverage, Rd RZ, Pd PT).
  task automatic make_req(input int tag, output logic [REQUEST_BITS-1:0] r);
    logic [63:0] w;
    int kind, mode, pick;
    for (int i = 0; i < REQUEST_BITS / 32; i++) r[32*i +: 32] = rand32();
    r[RQ_TAG +: 32] = tag;
    pick = rnd(4);  // one draw, whatever the simulator does with case
    case (pick)
      0: r[RQ_MASK +: 32] = 32'hFFFF_FFFF;
      1: r[RQ_MASK +: 32] = 32'd1 << rnd(32);
      default: r[RQ_MASK +: 32] = rand32();
    endcase
    kind = rnd(16);
    w[63:32] = rand32();  // one call per statement: operand order is free
    w[31:0] = rand32();
    if (kind != 0) begin
      // Draw unconditionally: Verilator evaluates both arms of ?:.
      pick = rnd(6);
      mode = kind == 1 ? 6 + pick % 2 : pick;
      w[63:48] = 16'hEFE8;
      w[47:45] = 3'(rnd(8));
      w[44:34] = 11'd0;
      w[33:31] = 3'(mode);
      w[30:28] = 3'd0;
      pick = rnd(4);  // one draw, whatever the simulator does with case
      case (pick)
        0, 1: w[27:20] = 8'(rnd(cur_samples + 2));  // valid, count, count+1
        2: w[27:20] = 8'(255 - rnd(4));             // -1 .. -4 with Ra
        default: w[27:20] = 8'(rand32());
      endcase
      pick = rnd(2 * 255);
      w[15:8] = pick < 255 ? 8'd255 : 8'(pick - 255);  // Ra: RZ half the time
      pick = rnd(8 * 255);
      w[7:0] = pick < 255 ? 8'd255 : 8'(pick % 255);   // Rd: RZ one in eight
      if (kind == 2) begin                           // one reserved bit set
        pick = rnd(14);
        if (pick < 3) w[28 + pick] = 1'b1;
        else w[34 + pick - 3] = 1'b1;
      end
    end
    r[RQ_INSN +: 64] = w;
    for (int l = 0; l < 32; l++) begin
      pick = rnd(8);  // one draw, whatever the simulator does with case
      case (pick)
        0, 1, 2, 3: r[RQ_A + 32*l +: 32] = rnd(cur_samples + 4);
        4: r[RQ_A + 32*l +: 32] = 32'd256 + rnd(20);
        5: r[RQ_A + 32*l +: 32] = 32'hFFFF_FFF0 + rnd(16);
        default: r[RQ_A + 32*l +: 32] = rand32();
      endcase
      pick = rnd(8);  // one draw, whatever the simulator does with case
      case (pick)
        0, 1: r[RQ_COV + 16*l +: 16] = 16'hFFFF;
        2: r[RQ_COV + 16*l +: 16] = 16'h0000;
        3: r[RQ_COV + 16*l +: 16] = 16'((32'd1 << cur_samples) - 1);
        default: r[RQ_COV + 16*l +: 16] = 16'(rand32());
      endcase
    end
  endtask

  task automatic send(input logic [REQUEST_BITS-1:0] r);
    while (rnd(4) == 0) @(negedge clk);
    req = r;
    req_valid = 1'b1;
    @(negedge clk);
    while (!acc_evt) @(negedge clk);
    req_valid = 1'b0;
  endtask

  task automatic wait_drain;
    int t;
    t = 0;
    while ((received < sent || !idle) && t < 5000) begin
      @(negedge clk);
      t++;
    end
    // A defect may lose a response: then the unit is idle with one missing.
  endtask

  task automatic run_epoch(input int stage, input int samples, input int prog,
                           input int ssaa, input int s012, input int nvidia);
    logic [REQUEST_BITS-1:0] r;
    configure(stage, samples, prog, ssaa, s012, nvidia);
    for (int k = 0; k < TXN_PER_EPOCH; k++) begin
      make_req(sent, r);
      expect_txn(sent, r);
      if (dump_fd != 0 && bug_sel == 0) dump_req(r);
      sent++;
      send(r);
    end
    wait_drain;
  endtask

  task automatic run_all(input logic [7:0] sel);
    bug_sel = sel;
    errors = 0;
    sent = 0;
    received = 0;
    rst_n = 1'b0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // Power-on configuration (port contract, pix.h).
    cfg_expect(32'h00, 0);
    cfg_expect(32'h04, 1);
    cfg_expect(32'h08, 0);
    cfg_expect(32'h0C, 0);
    cfg_expect(32'h10, 0);
    cfg_expect(32'h14, 0);
    cfg_expect(32'h1000_0000, 0);  // no such target
    // Values the registers cannot hold are refused.
    cfg_write(32'h04, 3);
    cfg_expect(32'h04, 1);
    cfg_write(32'h00, 6);
    cfg_expect(32'h00, 0);
    for (int samples = 1; samples <= 16; samples *= 2)
      for (int prog = 0; prog < 2; prog++)
        for (int ssaa = 0; ssaa < 2; ssaa++) begin
          ready_pct = 30 + rnd(71);
          // Both offset formats and both orders with standard positions at
          // every count, and each format with programmable positions.
          run_epoch(5, samples, prog, ssaa, prog ^ ssaa, ssaa);
        end
    ready_pct = 50;
    run_epoch(rnd(5), 4, 0, 1, 0, 0);  // R8: a stage other than PS
    for (int t = 0; t < sent; t++)
      if (seen[t] == 0) mismatch(t, "response lost");
  endtask

  // ---- Main -----------------------------------------------------------------
  initial begin
    int failed;
    string dump_name;
    if ($value$plusargs("dump=%s", dump_name)) dump_fd = $fopen(dump_name, "w");
    rng_state = 32'h9E37_79B9 ^ SEED;
    ready_rng_state = 32'h7F4A_7C15 ^ SEED;
    setup_errors = 0;
    failed = 0;
    init_std_positions;
    @(negedge clk);
    for (int sel = 0; sel <= NUM_BUGS; sel++)
      // Defect 18 hangs the load: the testbench's watchdog shows it.
      if (sel != BUG_HANG) begin
        run_all(sel[7:0]);
        $display("bug_sel %2d: %0d transactions, %0d mismatches", sel, sent, errors);
        if (sel == 0 ? errors != 0 : errors == 0) failed++;
        if (sel == 0) begin
          // A real pipeline: D, X and O each held a transaction at once.
          $display("bug_sel  0: up to %0d transactions in flight", max_in_flight);
          if (max_in_flight < 3) failed++;
        end
      end
    if (setup_errors != 0) failed++;
    $display("configuration read-back errors: %0d", setup_errors);
    if (failed == 0) $display("SELFTEST PASS (LANES_PER_CYCLE=%0d)", LPC);
    else $display("SELFTEST FAIL (%0d problems)", failed);
    if (dump_fd != 0) $fclose(dump_fd);
    $finish;
  end

endmodule : pix_unit_selftest
