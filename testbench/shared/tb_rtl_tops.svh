// SPDX-License-Identifier: Apache-2.0
// The RTL module of each unit, for both testbenches (tb_cosim_unit.sv,
// tb_replay_unit.sv): the stand-ins of rtl_stubs/ unless the build defines
// SPAGM_ATTR_TOP, SPAGM_PIX_TOP or SPAGM_TEX_TOP (docs/own-rtl.md; CMake
// always does, from the cache variables of cmake/SpagmRtl.cmake). The
// defaults serve a testbench compiled by hand.
`ifndef SPAGM_ATTR_TOP
`define SPAGM_ATTR_TOP attr_unit
`endif
`ifndef SPAGM_PIX_TOP
`define SPAGM_PIX_TOP pix_unit
`endif
`ifndef SPAGM_TEX_TOP
`define SPAGM_TEX_TOP tex_unit
`endif
