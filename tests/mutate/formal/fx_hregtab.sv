// fx_regtab as the one submodule of a unit (test_formal.py,
// ModuleRegisterCut).
module fx_hregtab (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       we,
  input  logic [2:0] wa,
  input  logic [7:0] wd,
  input  logic [2:0] ra,
  output logic [7:0] q,
  output logic [3:0] n
);
  fx_regtab u_tab (.clk(clk), .rst_n(rst_n), .we(we), .wa(wa), .wd(wd), .ra(ra), .q(q),
                   .n(n));
endmodule
