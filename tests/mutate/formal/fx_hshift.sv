// A submodule with state that reads a part-select past its vector, which
// Yosys lowers to bits of x (test_formal.py, ModuleStep).
module fx_hshift_sub (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [2:0] idx,
  input  logic       d,
  output logic [1:0] y
);
  logic [3:0] r;
  always_ff @(posedge clk) begin
    if (!rst_n) r <= 4'd0;
    else r <= {r[2:0], d | (d & idx[0])};
  end
  assign y = r[idx +: 2];
endmodule

module fx_hshift (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [2:0] idx,
  input  logic       d,
  output logic [1:0] y
);
  fx_hshift_sub u_sub (.clk(clk), .rst_n(rst_n), .idx(idx), .d(d), .y(y));
endmodule
