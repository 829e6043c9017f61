// A small unit for the formal step's tests: a loaded register, a counter.
module fx_unit (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [7:0] bug_sel,
  input  logic       in_valid,
  input  logic [3:0] in_a,
  output logic [4:0] out_q,
  output logic       out_hi,
  output logic       out_late
);
  logic [3:0] acc;
  logic [6:0] cnt;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      acc <= 4'd0;
      cnt <= 7'd0;
    end else begin
      if (in_valid) acc <= in_a;
      if (cnt != 7'd100) cnt <= cnt + 7'd1;
    end
  end
  assign out_q = {1'b0, acc} + 5'd1;
  assign out_hi = acc[3] | (acc[3] & in_valid);
  assign out_late = (cnt == 7'd100);
endmodule
