// SPDX-License-Identifier: Apache-2.0
// Pixel unit (pix_unit): the stand-in RTL, docs/rtl-pix.md.
// One file per line, relative to this file (as -F reads it), packages first.
// shader_txn_pkg.sv is in every unit's list, so each list compiles alone;
// whoever joins lists drops the repeats (cmake/SpagmRtl.cmake does).
shader_txn_pkg.sv
pix_cfg_regs.sv
pix_decode.sv
pix_lane.sv
pix_sample_rom.sv
pix_unit.sv
