// SPDX-License-Identifier: Apache-2.0
// pix_lane: the PIXLD datapath of one lane (combinational).
//
// The pixel unit instantiates LANES_PER_CYCLE of these and streams the 32
// lanes of a warp through them. Inputs are the decoded controls (one-hot
// op_*), the raster configuration and the lane's operands: Ra, the pixel's
// 16-bit coverage mask and its 4-bit SSAA sample index. Rules (PIXLD.txt,
// DESIGN R13-R15, spec-notes N52-N56):
//
//   .MSCOUNT          the raster sample count
//   .COVMASK          coverage & bits 0..count-1
//   .COVERED          index valid (unsigned < count) and its bit covered:
//                     0xFFFFFFFF / 0, and the same as a predicate
//   .OFFSET           packed (dx, dy) of a valid index, else 0
//   .CENTROID_OFFSET  0 when all or none of samples 0..count-1 are covered,
//                     else the position of the lowest covered sample
//   .MY_INDEX         SSAA: the sample index and predicate TRUE; else 0/FALSE
//
// The index of .COVERED/.OFFSET is the zero-extended imm8 without Ra, or
// Ra + sign-extended imm8 modulo 2^32. Positions come from the standard ROM
// (in the configured order, N351) or from the programmable table (entry i:
// x [3:0], y [7:4]). Offsets are packed as dx [15:0], dy [31:16], each a
// signed 16-bit half (§7.4): the 4-bit value sign-extended, or with S0.12
// selected the same value times 256, i.e. at [11:8] of the half (N350).
//
// The bug_* inputs inject the datapath defects of pix_bugs.md.
module pix_lane (
  input  logic         op_mscount,
  input  logic         op_covmask,
  input  logic         op_covered,
  input  logic         op_offset,
  input  logic         op_centroid,
  input  logic         op_my_index,
  input  logic         ra_rz,
  input  logic [7:0]   imm8,
  input  logic [2:0]   count_log2,    // 0..4: 1, 2, 4, 8, 16 samples
  input  logic         programmable,  // programmable positions
  input  logic         offset_s012,   // offsets in S0.12 (N350)
  input  logic         order_nvidia,  // NVIDIA standard order (N351)
  input  logic [127:0] prog_table,    // entry i at [8*i +: 8]
  input  logic         ssaa,
  input  logic [31:0]  ra_value,
  input  logic [15:0]  coverage,
  input  logic [3:0]   sample,
  input  logic         bug_centroid_highest,
  input  logic         bug_centroid_full_not_center,
  input  logic         bug_centroid_programmable_ignored,
  input  logic         bug_covmask_unmasked,
  input  logic         bug_index_bound_off_by_one,
  input  logic         bug_offset_swap_xy_8x,
  input  logic         bug_imm_not_sign_extended,
  input  logic         bug_index_adder_narrow,
  input  logic         bug_my_index_ignores_ssaa,
  output logic [31:0]  value,         // Rd
  output logic         pred           // Pd (.COVERED, .MY_INDEX)
);

  // ---- Sample count ------------------------------------------------------
  logic [4:0]  count;       // 1..16
  logic [15:0] count_mask;  // coverage bits of samples 0..count-1

  always @* begin
    case (count_log2)
      3'd0:    begin count = 5'd1;  count_mask = 16'h0001; end
      3'd1:    begin count = 5'd2;  count_mask = 16'h0003; end
      3'd2:    begin count = 5'd4;  count_mask = 16'h000F; end
      3'd3:    begin count = 5'd8;  count_mask = 16'h00FF; end
      default: begin count = 5'd16; count_mask = 16'hFFFF; end
    endcase
  end

  // ---- Sample index of .COVERED / .OFFSET (R13, N52) ---------------------
  logic [31:0] imm_ext, base, index;
  logic        index_valid;

  assign imm_ext = (ra_rz || bug_imm_not_sign_extended) ? {24'd0, imm8}
                                                        : {{24{imm8[7]}}, imm8};
  assign base = ra_rz ? 32'd0 : ra_value;
  assign index = bug_index_adder_narrow ? {24'd0, base[7:0] + imm_ext[7:0]}
                                        : base + imm_ext;
  assign index_valid = bug_index_bound_off_by_one ? index <= {27'd0, count}
                                                  : index < {27'd0, count};

  // Coverage bit of the index; the widened mask reads 0 past sample 15.
  logic [31:0] coverage_wide;
  logic        index_covered;
  assign coverage_wide = {16'd0, coverage};
  assign index_covered = index_valid && coverage_wide[index[4:0]];

  // ---- Centroid (R15, N53) -----------------------------------------------
  logic [15:0] cov_in_count;
  logic        all_covered, none_covered;
  logic [3:0]  lowest_covered, highest_covered;

  assign cov_in_count = coverage & count_mask;
  assign all_covered = cov_in_count == count_mask;
  assign none_covered = cov_in_count == 16'd0;

  // Priority encoders over the covered samples: the lowest set bit alone
  // (x & (~x + 1)) and the highest (the bits smeared down, then the top of
  // the smear), each index bit one OR-reduction under a constant mask. No
  // loop: on Icarus each loop step is an interpreted statement, for every
  // lane.
  logic [15:0] low_bit, smear1, smear2, smear4, smear, high_bit;
  assign low_bit = cov_in_count & (~cov_in_count + 16'd1);
  assign smear1 = cov_in_count | (cov_in_count >> 1);
  assign smear2 = smear1 | (smear1 >> 2);
  assign smear4 = smear2 | (smear2 >> 4);
  assign smear = smear4 | (smear4 >> 8);
  assign high_bit = smear & ~(smear >> 1);
  assign lowest_covered = {|(low_bit & 16'hFF00), |(low_bit & 16'hF0F0),
                           |(low_bit & 16'hCCCC), |(low_bit & 16'hAAAA)};
  assign highest_covered = {|(high_bit & 16'hFF00), |(high_bit & 16'hF0F0),
                            |(high_bit & 16'hCCCC), |(high_bit & 16'hAAAA)};

  // ---- Sample position: one lookup per lane ------------------------------
  logic [3:0] pos_index;
  logic [3:0] rom_x, rom_y, pos_x, pos_y;
  logic [7:0] table_entry;
  logic       use_table, swap_xy;
  logic [31:0] pos_packed;

  assign pos_index = !op_centroid ? index[3:0]
                     : bug_centroid_highest ? highest_covered : lowest_covered;

  pix_sample_rom u_rom (
    .nvidia    (order_nvidia),
    .count_log2(count_log2),
    .index     (pos_index),
    .x         (rom_x),
    .y         (rom_y)
  );

  assign table_entry = prog_table[8*pos_index +: 8];  // N55: by sample index
  assign use_table = programmable &&
                     !(op_centroid && bug_centroid_programmable_ignored);

  assign swap_xy = op_offset && bug_offset_swap_xy_8x && count_log2 == 3'd3;
  assign pos_x = use_table ? table_entry[3:0] : swap_xy ? rom_y : rom_x;
  assign pos_y = use_table ? table_entry[7:4] : swap_xy ? rom_x : rom_y;
  assign pos_packed = offset_s012
      ? {{4{pos_y[3]}}, pos_y, 8'd0, {4{pos_x[3]}}, pos_x, 8'd0}
      : {{12{pos_y[3]}}, pos_y, {12{pos_x[3]}}, pos_x};

  // ---- Result select -----------------------------------------------------
  logic [31:0] v_mscount, v_covmask, v_covered, v_offset, v_centroid, v_my_index;
  logic        centroid_is_center;

  assign centroid_is_center = none_covered ||
                              (all_covered && !bug_centroid_full_not_center);

  assign v_mscount = {27'd0, count};
  assign v_covmask = {16'd0, bug_covmask_unmasked ? coverage : cov_in_count};
  assign v_covered = {32{index_covered}};
  assign v_offset = index_valid ? pos_packed : 32'd0;
  assign v_centroid = centroid_is_center ? 32'd0 : pos_packed;
  assign v_my_index = (ssaa || bug_my_index_ignores_ssaa) ? {28'd0, sample} : 32'd0;

  assign value = ({32{op_mscount}} & v_mscount) |
                 ({32{op_covmask}} & v_covmask) |
                 ({32{op_covered}} & v_covered) |
                 ({32{op_offset}} & v_offset) |
                 ({32{op_centroid}} & v_centroid) |
                 ({32{op_my_index}} & v_my_index);
  assign pred = (op_covered && index_covered) || (op_my_index && ssaa);

endmodule : pix_lane
