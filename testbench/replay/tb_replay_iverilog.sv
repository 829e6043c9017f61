// SPDX-License-Identifier: Apache-2.0
// tb_replay_iverilog: the clock and the exit status of the replay testbench
// under Icarus Verilog (Verilator uses tb_replay_main.cpp instead):
//   iverilog -g2012 -I testbench/shared -s tb_replay_iverilog -o tb_replay.vvp RTL \
//     testbench/shared/tb_mem_latency_pkg.sv testbench/shared/tb_dontcare_pkg.sv \
//     testbench/shared/tb_idle_payload.sv testbench/replay/tb_replay_pkg.sv \
//     testbench/replay/tb_replay_driver.sv testbench/replay/tb_replay_mem.sv \
//     testbench/shared/tb_cfg_v1_bridge.sv testbench/replay/tb_replay_unit.sv \
//     testbench/replay/tb_replay.sv testbench/replay/tb_replay_iverilog.sv
// where RTL is the files of rtl_stubs/attr.f, pix.f and tex.f in that order,
// each file once (Icarus refuses a package given twice; CMakeLists.txt here
// builds this list with cmake/SpagmRtl.cmake).
//   vvp -n tb_replay.vvp +vectors=DIR
// The exit status is 0 only when every check passed; bin/spagm-replay-iverilog
// (spagm-replay-iverilog.in) runs it and also fails a run that ended without
// its summary. Every 2% of the checks it prints `replay: progress C/T`, which
// that wrapper turns into rate and ETA.
module tb_replay_iverilog;
  logic clk = 1'b0;
  logic done;
  int failures, checked, total, next_report = 0;
  always #5 clk = !clk;
  tb_replay tb (.clk, .done, .failures, .checked, .total);
  always @(posedge clk)
    if (total > 0 && checked >= next_report && !done) begin
      $display("replay: progress %0d/%0d", checked, total);
      $fflush();
      next_report <= checked + (total + 49) / 50;
    end
  always @(posedge clk)
    if (done) begin
      if (failures != 0) $fatal(1, "replay: %0d checks failed", failures);
      $finish;
    end
endmodule : tb_replay_iverilog
