// SPDX-License-Identifier: Apache-2.0
// Texture-load unit (tex_unit): the stand-in RTL, docs/rtl-tex.md.
// One file per line, relative to this file (as -F reads it), packages first.
// shader_txn_pkg.sv is in every unit's list, so each list compiles alone;
// whoever joins lists drops the repeats (cmake/SpagmRtl.cmake does).
shader_txn_pkg.sv
tex_pkg.sv
tex_agu.sv
tex_cfg.sv
tex_coord.sv
tex_decode.sv
tex_fetch.sv
tex_format.sv
tex_fp16.sv
tex_header.sv
tex_lcache.sv
tex_lowest_set.sv
tex_levels.sv
tex_mem_if.sv
tex_srgb_rom.sv
tex_unit.sv
tex_unorm.sv
tex_wb.sv
