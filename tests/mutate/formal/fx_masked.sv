// A small unit whose register keeps a bit no output reads: a mutant that
// changes only that bit changes a named signal and no output.
module fx_masked (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [3:0] in_a,
  output logic [2:0] out_m
);
  logic [3:0] held;
  always_ff @(posedge clk) begin
    if (!rst_n) held <= 4'd0;
    else held <= in_a | 4'b0001;
  end
  assign out_m = held[3:1];
endmodule
