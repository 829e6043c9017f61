// SPDX-License-Identifier: Apache-2.0
// attr_arb: bank arbitration of one memory beat (combinational).
//
// Up to 32 pending accesses (one per lane, one component of a warp) each
// name a bank and a row. Every bank serves one row per beat: the row of
// its lowest pending lane (the leader). Every pending lane whose bank's
// leader has the same row is granted in the same beat, so lanes that read
// one word share it and lanes that store to one word are granted together
// (the memory stage then lets the highest of them write: R11, N28). The
// others wait for a later beat. With the SKEW layout (R1) a warp whose
// lanes hold 32 consecutive vertices needs one beat per component.
module attr_arb (
  input  logic [31:0]  pend,
  input  logic [159:0] bank,       // lane l at [5l +: 5]
  input  logic [383:0] row,        // lane l at [12l +: 12]
  output logic [31:0]  grant,
  output logic [31:0]  bank_active,
  output logic [159:0] leader,     // bank b at [5b +: 5]: lowest granted lane
  output logic [159:0] highest     // bank b at [5b +: 5]: highest granted lane
);

  function automatic logic [4:0] lowest_set(input logic [31:0] x);
    logic [4:0] idx;
    idx = 5'd0;
    for (int i = 31; i >= 0; i--) if (x[i]) idx = 5'(i);
    return idx;
  endfunction

  function automatic logic [4:0] highest_set(input logic [31:0] x);
    logic [4:0] idx;
    idx = 5'd0;
    for (int i = 0; i < 32; i++) if (x[i]) idx = 5'(i);
    return idx;
  endfunction

  logic [383:0] leader_row;   // bank b at [12b +: 12]

  for (genvar b = 0; b < 32; b++) begin : g_bank
    logic [31:0] match, granted;
    logic [4:0]  lead;
    for (genvar l = 0; l < 32; l++) begin : g_lane
      assign match[l] = pend[l] && bank[5*l +: 5] == 5'(b);
    end
    assign bank_active[b] = |match;
    assign lead = lowest_set(match);
    assign leader[5*b +: 5] = lead;
    assign leader_row[12*b +: 12] = row[12*lead +: 12];
    assign granted = match & grant;
    assign highest[5*b +: 5] = highest_set(granted);
  end

  for (genvar l = 0; l < 32; l++) begin : g_grant
    logic [4:0] my_bank;
    assign my_bank = bank[5*l +: 5];
    assign grant[l] = pend[l] && row[12*l +: 12] == leader_row[12*my_bank +: 12];
  end

endmodule : attr_arb
