// A unit with three submodules for the module step of the formal check
// (test_formal.py, ModuleStep): a combinational one whose input `b` the
// unit holds at 0 through logic (not a constant the module step sees), one
// whose parameter the unit overrides, and one with a register under reset.
module fx_hier_comb (
  input  logic [3:0] a,
  input  logic [3:0] b,
  output logic [3:0] y,
  output logic       hi
);
  assign y = a + b;
  assign hi = a[3] | (a[3] & b[0]);
endmodule

module fx_hier_par #(parameter int W = 4) (
  input  logic [7:0] x,
  output logic [7:0] y
);
  assign y = x ^ (W > 4 ? 8'd1 : 8'd0);
endmodule

module fx_hier_seq (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       en,
  input  logic       x,
  output logic [3:0] cnt
);
  always_ff @(posedge clk) begin
    if (!rst_n) cnt <= 4'd0;
    else if (en | (en & x)) cnt <= cnt + 4'd1;
  end
endmodule

module fx_hier (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [3:0] in_a,
  input  logic [7:0] in_x,
  input  logic       in_en,
  output logic [3:0] out_y,
  output logic       out_hi,
  output logic [7:0] out_p,
  output logic [3:0] out_cnt
);
  fx_hier_comb u_comb (.a(in_a), .b(in_a & ~in_a), .y(out_y), .hi(out_hi));
  fx_hier_par #(.W(8)) u_par (.x(in_x), .y(out_p));
  fx_hier_seq u_seq (.clk(clk), .rst_n(rst_n), .en(in_en), .x(in_a[0]), .cnt(out_cnt));
endmodule
