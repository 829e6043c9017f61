// SPDX-License-Identifier: Apache-2.0
// tb_mem_latency_pkg: the texture memory's latency per line, shared by the
// co-simulation's memory model (tb_cosim_mem.sv) and the replay's
// (tb_replay_mem.sv), plain SystemVerilog for Verilator and Icarus.
//
// A read is answered after FAST cycles (the line's row is open) or after
// the line's own slow latency, SLOW_MIN .. SLOW_MIN + SLOW_SPREAD - 1: a
// seeded hash of the line address, so the same line is slow in every read
// of a run and other seeds place the slow lines elsewhere (a
// texture memory of variable latency, so that the texture unit's younger
// warps that hit its line cache overtake older ones waiting for a slow
// line). Which of the two a read gets is the model's seeded draw.
package tb_mem_latency_pkg;
  localparam int FAST = 2;
  localparam int SLOW_MIN = 8;
  localparam int SLOW_SPREAD = 32;   // a power of two

  // The slow latency of line a (address bits [47:5]) under seed.
  function automatic logic [5:0] slow_latency(input logic [31:0] seed, input logic [47:5] a);
    logic [31:0] x;
    x = a[36:5] ^ (32'({21'd0, a[47:37]}) * 32'h9E3779B1) ^ (seed * 32'h7FEB352D);
    // A 32-bit finaliser (xor-shift-multiply): every address bit reaches
    // the low bits.
    x = x ^ (x >> 16);
    x = x * 32'h85EBCA6B;
    x = x ^ (x >> 13);
    x = x * 32'hC2B2AE35;
    x = x ^ (x >> 16);
    return 6'(SLOW_MIN + int'(x % SLOW_SPREAD));
  endfunction
endpackage : tb_mem_latency_pkg
