// A table of eight bytes kept in flip-flops beside a write counter, inside
// a unit (fx_hregtab.sv; test_formal.py, ModuleRegisterCut): the module
// step proves the counter's mutants with the 64-bit table cut out.
module fx_regtab (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       we,
  input  logic [2:0] wa,
  input  logic [7:0] wd,
  input  logic [2:0] ra,
  output logic [7:0] q,
  output logic [3:0] n
);
  logic [63:0] tab;

  always_ff @(posedge clk) begin
    if (!rst_n) tab <= '0;
    else if (we)
      for (int i = 0; i < 8; i++)
        if (wa == 3'(i)) tab[8*i +: 8] <= wd;
  end

  assign q = tab[8*ra +: 8];

  always_ff @(posedge clk) begin
    if (!rst_n) n <= 4'd0;
    else if (we | (we & wd[0])) n <= n + 4'd1;
  end
endmodule
