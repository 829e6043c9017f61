// SPDX-License-Identifier: Apache-2.0
// tb_replay_iverilog: the clock and the exit status of the replay testbench
// under Icarus Verilog (Verilator uses tb_replay_main.cpp instead):
//   iverilog -g2012 -I testbench -s tb_replay_iverilog -o tb_replay.vvp RTL \
//     testbench/tb_replay_pkg.sv testbench/tb_replay_driver.sv testbench/tb_replay_mem.sv \
//     testbench/tb_replay_unit.sv testbench/tb_replay.sv testbench/tb_replay_iverilog.sv
// where RTL is the files of rtl_stubs/attr.f, pix.f and tex.f in that order,
// each file once (Icarus refuses a package given twice; tb_replay.cmake
// builds this list with cmake/SpagmRtl.cmake).
//   vvp -n tb_replay.vvp +vectors=DIR
// The exit status is 0 only when every check passed.
module tb_replay_iverilog;
  logic clk = 1'b0;
  logic done;
  int failures;
  always #5 clk = !clk;
  tb_replay tb (.clk, .done, .failures);
  always @(posedge clk)
    if (done) begin
      if (failures != 0) $fatal(1, "replay: %0d checks failed", failures);
      $finish;
    end
endmodule : tb_replay_iverilog
