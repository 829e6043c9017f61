// A phase that counts 0..4 and wraps, inside a unit (fx_hphase.sv;
// test_formal.py, ModuleRegisterCorrespondence). Two kinds of equivalent
// mutant: dropping `(en & ph[0])` changes nothing in any state, so the
// module step's first rung (every register cut out) proves it; dropping
// `(ph == 3'd6)` changes nothing only because the phase never reaches 6,
// which that rung cannot see, and the proof from reset decides.
module fx_phase (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       en,
  output logic [2:0] ph
);
  always_ff @(posedge clk) begin
    if (!rst_n) ph <= 3'd0;
    else if (en | (en & ph[0]))
      ph <= (ph == 3'd4) | (ph == 3'd6) ? 3'd0 : ph + 3'd1;
  end
endmodule
