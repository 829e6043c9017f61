// SPDX-License-Identifier: Apache-2.0
// Attribute unit (attr_unit): the stand-in RTL, docs/rtl-attr.md.
// One file per line, relative to this file (as -F reads it), packages first.
// shader_txn_pkg.sv is in every unit's list, so each list compiles alone;
// whoever joins lists drops the repeats (cmake/SpagmRtl.cmake does).
shader_txn_pkg.sv
attr_pkg.sv
attr_agu.sv
attr_arb.sv
attr_cfg.sv
attr_decode.sv
attr_mem.sv
attr_mstage.sv
attr_popcount.sv
attr_ram.sv
attr_rank.sv
attr_select.sv
attr_skew.sv
attr_unit.sv
attr_vdiv.sv
attr_wram.sv
