// A small unit for the reset of the formal step's miter (test_formal.py): a
// valid bit that follows its input, a register it loads; each has a reset.
module fx_reset (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       in_valid,
  input  logic [3:0] in_a,
  output logic       out_valid,
  output logic [3:0] out_r
);
  logic       v;
  logic [3:0] r;
  always_ff @(posedge clk) begin
    if (!rst_n) v <= 1'b0;
    else v <= in_valid;
  end
  always_ff @(posedge clk) begin
    if (!rst_n) r <= 4'd0;
    else if (in_valid) r <= in_a;
  end
  assign out_valid = v;
  assign out_r = r;
endmodule
