// The small unit of fx_unit.sv with an instance of a module no file of the
// list defines, which slang parses and Yosys cannot elaborate.
module fx_unknown (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [3:0] in_a,
  output logic [4:0] out_q
);
  logic [3:0] acc;
  always_ff @(posedge clk) begin
    if (!rst_n) acc <= 4'd0;
    else acc <= in_a;
  end
  fx_missing_block u_missing (.a(acc));
  assign out_q = {1'b0, acc} + 5'd1;
endmodule
