// SPDX-License-Identifier: Apache-2.0
// tb_dontcare_pkg: what the testbenches put on a payload while its valid is
// low (docs/port-contract.md, "Payloads while valid is low"), shared by the
// co-simulation (tb_cosim_unit.sv, tb_cosim_mem.sv) and the replay
// (tb_replay_driver.sv, tb_replay_mem.sv); plain SystemVerilog for both
// simulators, Verilator and Icarus.
//
// The contract makes a payload a don't-care while its valid is low: the
// configuration bus (cfg_write, cfg_addr, cfg_mask, cfg_wdata) while
// cfg_valid is low, req while req_valid is low, mem_rsp_tag and
// mem_rsp_data while mem_rsp_valid is low. A unit that acts on such bits
// without their valid is wrong, and shows it only when the bits change, so
// the testbenches put fresh random bits there on every cycle. They come
// from streams of their own, counter-based: draw n of a stream is
// splitmix64's output for the stream's key plus n times its increment, the
// key a hash of the run's seed, the unit and the stream. So the pattern of
// a cycle depends on the seed, the unit and the cycle only (same seed,
// same bytes), and the draws of the traffic (gaps, backpressure,
// latencies) are not touched. A wide payload is a shift register that
// takes 64 fresh bits a cycle: every field changes on every cycle for one
// draw.
package tb_dontcare_pkg;
  localparam logic [63:0] GAMMA = 64'h9E3779B97F4A7C15;  // splitmix64's increment

  // The streams of a unit.
  localparam int S_CFG_ADDR = 0;  // cfg_addr, cfg_write
  localparam int S_CFG_DATA = 1;  // cfg_mask, cfg_wdata
  localparam int S_REQ = 2;       // req
  localparam int S_MEM_RSP = 3;   // mem_rsp_tag, mem_rsp_data

  // splitmix64's output function.
  function automatic logic [63:0] mix(input logic [63:0] z);
    z = (z ^ (z >> 30)) * 64'hBF58476D1CE4E5B9;
    z = (z ^ (z >> 27)) * 64'h94D049BB133111EB;
    return z ^ (z >> 31);
  endfunction

  // Draw n of stream s of unit under seed.
  function automatic logic [63:0] draw(input logic [63:0] seed, input int unit, input int s,
                                       input logic [63:0] n);
    logic [63:0] key;
    key = mix(seed ^ 64'hDC0DCA4EB7E5A11D ^ (64'(unit) * 64'hD1342543DE82EF95) ^
              (64'(s) * 64'hAF251AF3B0F025B5));
    return mix(key + n * GAMMA);
  endfunction

  // A configuration address from a draw: target x[3:0] and a byte offset
  // of x[63:36] shifted right by x[8:4], so that small offsets are as
  // likely as large ones and a cycle often names a block of a real table
  // (every table of the three units lies below 2^19 bytes); the low bits
  // are left random too.
  function automatic logic [31:0] cfg_addr(input logic [63:0] x);
    logic [27:0] off;
    off = x[63:36] >> x[8:4];
    return {x[3:0], off};
  endfunction

  // A word of don't-care data shaped like a register's value (N551): x's
  // bits below 2^w, w = 32 >> x[31:29] (29, 16, 8, 4, 2, 1, 0, 0 bits).
  // Registers hold small values (a stage, a select, a flag, a 16-bit
  // half), so such a word is often one the register could take, and a unit
  // that writes a register from an unmasked word takes it instead of
  // refusing it as it would most random words.
  function automatic logic [31:0] plausible(input logic [31:0] x);
    int w;
    w = 32 >> x[31:29];
    return w == 32 ? x : x & ((32'd1 << w) - 32'd1);
  endfunction

  // A write burst's data: word k of words where mask bit k is set, where it
  // is clear a word of r (random), as it is or shaped by plausible() (the
  // unmasked words take no part, N120).
  function automatic logic [1023:0] masked_words(input logic [31:0] mask,
                                                 input logic [1023:0] words,
                                                 input logic [1023:0] r);
    logic [1023:0] m;
    for (int k = 0; k < 32; k++)
      m[32*k +: 32] = mask[k] ? words[32*k +: 32]
                    : r[32*k+28] ? plausible(r[32*k +: 32]) : r[32*k +: 32];
    return m;
  endfunction
endpackage : tb_dontcare_pkg
