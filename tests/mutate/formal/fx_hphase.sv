// fx_phase as the one submodule of a unit (test_formal.py,
// ModuleRegisterCorrespondence).
module fx_hphase (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       en,
  output logic [2:0] ph
);
  fx_phase u_phase (.clk(clk), .rst_n(rst_n), .en(en), .ph(ph));
endmodule
