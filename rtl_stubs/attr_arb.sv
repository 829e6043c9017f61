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

  // Three passes over the lanes rather than a comparator per (bank, lane)
  // pair: idle lanes cost nothing, and on Icarus one process that runs
  // once per beat is far cheaper than 1024 continuous assignments that
  // each see every change of the 160-bit bank vector.
  always @* begin
    logic [4:0]  b;
    logic [11:0] lead_row [32];
    logic [31:0] g_t, act_t;
    logic [159:0] lead_t, high_t;
    b = 5'd0;
    act_t = '0;
    lead_t = '0;
    high_t = '0;
    g_t = '0;
    for (int b_i = 0; b_i < 32; b_i++) lead_row[b_i] = 12'd0;
    // Leaders: the lowest pending lane of each bank (from the top down,
    // the last write is the lowest).
    for (int l = 31; l >= 0; l--)
      if (pend[l]) begin
        b = bank[5*l +: 5];
        act_t[b] = 1'b1;
        lead_t[5*b +: 5] = 5'(l);
        lead_row[b] = row[12*l +: 12];
      end
    // Grants: every pending lane whose bank's leader has its row; the
    // highest of them per bank, from the bottom up.
    for (int l = 0; l < 32; l++)
      if (pend[l]) begin
        b = bank[5*l +: 5];
        if (row[12*l +: 12] == lead_row[b]) begin
          g_t[l] = 1'b1;
          high_t[5*b +: 5] = 5'(l);
        end
      end
    grant = g_t;
    bank_active = act_t;
    leader = lead_t;
    highest = high_t;
  end

endmodule : attr_arb
