// SPDX-License-Identifier: Apache-2.0
// tb_replay_pkg: constants and helpers of the replay testbench
// (tb_replay.sv, tb_replay_unit.sv, tb_replay_driver.sv, tb_replay_mem.sv).
// Plain SystemVerilog that Verilator 5 and Icarus Verilog 11 both accept; no
// DPI.
package tb_replay_pkg;
  // The units, numbered as their slots in the export's manifest.
  localparam int UNIT_ATTR = 0;
  localparam int UNIT_PIX = 1;
  localparam int UNIT_TEX = 2;

  // Phases of an epoch, driven by the controller in tb_replay.sv; the same
  // sequence as the co-simulation (tb_cosim.sv): reset, load the state
  // through the configuration port, run the requests, read the images back.
  localparam logic [2:0] PH_START = 3'd0;
  localparam logic [2:0] PH_RESET = 3'd1;
  localparam logic [2:0] PH_LOAD = 3'd2;
  localparam logic [2:0] PH_RUN = 3'd3;
  localparam logic [2:0] PH_READBACK = 3'd4;
  localparam logic [2:0] PH_FINISH = 3'd5;
  localparam logic [2:0] PH_DONE = 3'd6;

  // Cycles without progress after which a unit counts as hung.
  localparam int HANG_CYCLES = 20000;

  // The hex export's manifest (docs/vector-format.md, "Hex export").
  localparam int MANIFEST_WORDS = 48;
  localparam logic [31:0] MANIFEST_MAGIC = 32'h53504756;  // "SPGV"
  localparam logic [31:0] EXPORT_VERSION = 32'd3;  // 3: sparse transaction vectors

  // Texture memory pages one epoch may have (tb_replay_mem.sv): 4 KiB each.
  // An export whose manifest word 10 is larger needs a larger value here.
  localparam int TEX_MEM_PAGES = 256;

  // xorshift32: the gaps and backpressure come from this generator, not
  // from $urandom, so both simulators see the same cycle-by-cycle traffic
  // for the same +seed.
  function automatic logic [31:0] xorshift32(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    y = y ^ (y << 5);
    return y;
  endfunction
endpackage : tb_replay_pkg
