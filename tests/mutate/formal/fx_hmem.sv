// fx_mem as the one submodule of a unit (test_formal.py, ModuleMemoryCut):
// the module step proves its mutants with the memory cut out.
module fx_hmem (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       we,
  input  logic [3:0] wa,
  input  logic [7:0] wd,
  input  logic [3:0] ra,
  output logic [6:0] q,
  output logic       seen
);
  fx_mem u_mem (.clk(clk), .rst_n(rst_n), .we(we), .wa(wa), .wd(wd), .ra(ra), .q(q),
                .seen(seen));
endmodule
