// SPDX-License-Identifier: Apache-2.0
// pix_decode: instruction decoder of the pixel unit (combinational).
//
// Takes the 64-bit SM50 word and the current shader stage and says whether
// the unit executes it, and with which controls. PIXLD is (DESIGN §7.1)
//
//   [63:48] opcode 0xEFE8     [47:45] Pd          [44:34] reserved, 0
//   [33:31] mode              [30:28] reserved, 0  [27:20] imm8
//   [19:16] guard predicate   [15:8]  Ra           [7:0]   Rd
//
// Every field bit is used or reserved; a reserved bit that is set, a mode
// of 6 or 7 (PIXLD.txt INVALID[2], R16) or any other opcode makes the word
// illegal, and so does a legal PIXLD outside the pixel-shader stage (R8).
// An illegal word becomes a warp-wide ILLEGAL_INSTR_ENCODING downstream.
//
// The bug_* inputs inject the decoder defects of pix_bugs.md; all 0 in a
// correct unit.
module pix_decode
  import shader_txn_pkg::*;
(
  input  logic [63:0] insn,
  input  logic [2:0]  stage,           // configuration register, 5 = PS
  input  logic        bug_stage_unchecked,
  input  logic        bug_reserved_ignored,
  input  logic        bug_mode6_accepted,
  input  logic        bug_pd_written_when_pt,
  input  logic        bug_rz_suppresses_pd,
  output logic        legal,           // execute; else warp-wide fault
  output logic        op_mscount,      // mode 0
  output logic        op_covmask,      // mode 1
  output logic        op_covered,      // mode 2
  output logic        op_offset,       // mode 3
  output logic        op_centroid,     // mode 4 (CENTROID_OFFSET)
  output logic        op_my_index,     // mode 5
  output logic [7:0]  rd,
  output logic        rd_write,        // Rd is not RZ
  output logic        ra_rz,           // Ra is RZ: the index is imm8 alone
  output logic [7:0]  imm8,
  output logic [2:0]  pd,
  output logic        pd_write         // the response names Pd
);

  localparam logic [15:0] OPC_PIXLD = 16'hEFE8;

  logic [2:0] mode;
  logic opcode_ok, reserved_ok, mode_ok, stage_ok;

  // The guard predicate [19:16] is applied by the issuing side: it arrives
  // folded into the request's lane_mask, so the unit never reads it.
  logic unused_guard;
  assign unused_guard = ^insn[19:16];

  assign mode = insn[33:31];
  assign opcode_ok = insn[63:48] == OPC_PIXLD;
  assign reserved_ok = bug_reserved_ignored ||
                       (insn[30:28] == 3'd0 && insn[44:34] == 11'd0);
  assign mode_ok = mode <= 3'd5 || (bug_mode6_accepted && mode == 3'd6);
  assign stage_ok = stage == STAGE_PS || bug_stage_unchecked;  // R8
  assign legal = opcode_ok && reserved_ok && mode_ok && stage_ok;

  assign op_mscount = mode == 3'd0;
  assign op_covmask = mode == 3'd1;
  assign op_covered = mode == 3'd2;
  assign op_offset = mode == 3'd3;
  assign op_centroid = mode == 3'd4;
  assign op_my_index = mode == 3'd5;

  assign rd = insn[7:0];
  assign rd_write = rd != RZ;  // RZ is never written (N50)
  assign ra_rz = insn[15:8] == RZ;
  assign imm8 = insn[27:20];
  assign pd = insn[47:45];

  // R16: Pd only for .COVERED and .MY_INDEX and never PT; it does not
  // depend on Rd (N50).
  assign pd_write = (op_covered || op_my_index) &&
                    (pd != PT || bug_pd_written_when_pt) &&
                    (rd_write || !bug_rz_suppresses_pd);

endmodule : pix_decode
