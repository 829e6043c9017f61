// SPDX-License-Identifier: Apache-2.0
// cfg_v1_bridge_selftest: testbench/shared/tb_cfg_v1_bridge.sv between a version-2
// driver and a version-1 unit (docs/own-rtl.md, N120-N123). The unit here is
// a word memory that, like a real version-1 unit, lowers idle for a few
// cycles after a write to its clear address (0x040) and counts every
// version-1 rule the bridge breaks: a write while not idle, two writes in a
// row, a read while not idle. The bench writes random bursts (random masks,
// blocks of two targets), reads them back in bursts of random masks with up
// to four reads in flight, and checks the words against its own copy and the
// order of the answers. CTest rtl.cfg_v1_bridge runs it on Icarus:
//   iverilog -g2012 -o /tmp/br testbench/shared/tb_cfg_v1_bridge.sv \
//       tests/rtl/cfg_v1_bridge_selftest.sv && vvp /tmp/br
// It prints "SELFTEST PASS" or "SELFTEST FAIL".
module cfg_v1_bridge_selftest;
  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // ---- Version-2 side -------------------------------------------------------
  logic cfg_valid = 1'b0, cfg_write = 1'b0, cfg_ready, cfg_rvalid, idle_out;
  logic [31:0] cfg_addr = '0, cfg_mask = '0;
  logic [1023:0] cfg_wdata = '0, cfg_rdata;

  // ---- Version-1 unit: 2 targets x 4 blocks of 32 words ----------------------
  logic v1_we, v1_re, unit_idle;
  logic [31:0] v1_addr, v1_wdata, v1_rdata;
  logic [31:0] mem[0:255];
  int busy = 0, rule_errors = 0;
  logic we_q = 1'b0;
  function automatic int index(input logic [31:0] a);
    return {a[28], a[8:2]};  // target bit 28, block 0..3, word
  endfunction
  assign unit_idle = busy == 0;
  always @(posedge clk) begin
    we_q <= v1_we;
    if (busy > 0) busy <= busy - 1;
    if (v1_we) begin
      if (!unit_idle || we_q) rule_errors++;
      if (v1_addr == 32'h040) busy <= 3;  // the "clear"
      mem[index(v1_addr)] <= v1_wdata;
    end
    if (v1_re) begin
      if (!unit_idle) rule_errors++;
      v1_rdata <= mem[index(v1_addr)];
    end
  end

  tb_cfg_v1_bridge dut (
    .clk, .rst_n, .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask, .cfg_wdata,
    .cfg_rvalid, .cfg_rdata, .v1_we, .v1_re, .v1_addr, .v1_wdata, .v1_rdata,
    .idle(unit_idle), .idle_out);

  // ---- Bench ------------------------------------------------------------------
  logic [31:0] shadow[0:255];
  logic [31:0] rng = 32'h1234_5678;
  int errors = 0, bursts = 0, reads = 0;
  function automatic logic [31:0] next_rng();
    rng = rng ^ (rng << 13);
    rng = rng ^ (rng >> 17);
    rng = rng ^ (rng << 5);
    return rng;
  endfunction

  // One burst, held until taken (N120, N121): driven at a falling edge,
  // transferred at the first rising edge with cfg_ready high before it.
  task automatic offer(input logic write, input logic [31:0] addr, input logic [31:0] mask,
                       input logic [1023:0] data);
    @(negedge clk);
    cfg_valid = 1'b1;
    cfg_write = write;
    cfg_addr = addr;
    cfg_mask = mask;
    cfg_wdata = data;
    while (!cfg_ready) @(negedge clk);
    @(posedge clk);
    @(negedge clk);
    cfg_valid = 1'b0;
  endtask

  // Answers, checked in order against the reads offered (N122).
  // What each read must return, taken when it is offered (later writes
  // are not yet applied when it is answered).
  logic [31:0] q_addr[0:63], q_mask[0:63];
  logic [1023:0] q_want[0:63];
  int q_in = 0, q_out = 0;
  always @(posedge clk) begin
    if (cfg_rvalid) begin
      if (q_out == q_in) begin
        errors++;
        $display("an answer nobody asked for");
      end else begin
        for (int k = 0; k < 32; k++)
          if (q_mask[q_out % 64][k] &&
              cfg_rdata[32*k +: 32] !== q_want[q_out % 64][32*k +: 32]) begin
            errors++;
            $display("read %h word %0d: %h, expected %h", q_addr[q_out % 64], k,
                     cfg_rdata[32*k +: 32], q_want[q_out % 64][32*k +: 32]);
          end
        q_out++;
      end
    end
  end

  initial begin
    logic [31:0] a, m;
    logic [1023:0] d;
    for (int i = 0; i < 256; i++) begin
      mem[i] = 32'd0;
      shadow[i] = 32'd0;
    end
    repeat (3) @(posedge clk);
    rst_n <= 1'b1;
    @(posedge clk);
    for (int n = 0; n < 400; n++) begin
      a = {3'd0, next_rng() % 2 == 0 ? 1'b0 : 1'b1, 19'd0, 2'(next_rng() % 4), 7'd0};
      m = next_rng() | (32'd1 << (next_rng() % 32));
      if (n % 5 == 0) m = 32'h0001_0000;  // the clear word alone, now and then
      for (int k = 0; k < 32; k++) d[32*k +: 32] = next_rng();
      if (a == 32'h0 && m[16]) d[32*16 +: 32] = 32'd1;
      for (int k = 0; k < 32; k++) if (m[k]) shadow[index(a + 4 * k)] = d[32*k +: 32];
      offer(1'b1, a, m, d);
      bursts++;
      if (n % 3 == 0) begin
        for (int r = 0; r < 4; r++) begin
          a = {3'd0, next_rng() % 2 == 0 ? 1'b0 : 1'b1, 19'd0, 2'(next_rng() % 4), 7'd0};
          m = next_rng() | 32'd1;
          q_addr[q_in % 64] = a;
          q_mask[q_in % 64] = m;
          for (int k = 0; k < 32; k++) q_want[q_in % 64][32*k +: 32] = shadow[index(a + 4 * k)];
          q_in++;
          offer(1'b0, a, m, '0);
          reads++;
        end
      end
    end
    while (q_out != q_in || !idle_out) @(posedge clk);
    if (errors == 0 && rule_errors == 0 && reads > 0)
      $display("SELFTEST PASS (%0d write bursts, %0d read bursts)", bursts, reads);
    else
      $display("SELFTEST FAIL (%0d mismatches, %0d version-1 rules broken)", errors, rule_errors);
    $finish;
  end
endmodule : cfg_v1_bridge_selftest
