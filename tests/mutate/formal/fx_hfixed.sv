// A unit whose submodules take inputs the unit holds at one value when no
// defect is selected (test_formal.py, ModuleFixedInputs): a defect select
// derived from bug_sel and read through a function argument, an input the
// unit connects to a constant, and a module whose two instances disagree
// (one takes the defect select, the other a free input of the unit).
module fx_hfixed_grow (
  input  logic [3:0] a,
  input  logic       up,
  input  logic [3:0] k,
  output logic [3:0] y,
  output logic [3:0] z
);
  function automatic logic [3:0] grow(input logic [3:0] v, input logic u);
    return u ? v + 4'd3 : v;
  endfunction
  assign y = grow(a, up);
  assign z = a | k;
endmodule

module fx_hfixed_mix (
  input  logic [3:0] a,
  input  logic       up,
  output logic [3:0] y
);
  function automatic logic [3:0] grow(input logic [3:0] v, input logic u);
    return u ? v + 4'd5 : v;
  endfunction
  assign y = grow(a, up);
endmodule

module fx_hfixed (
  input  logic       clk,
  input  logic       rst_n,
  input  logic [7:0] bug_sel,
  input  logic [3:0] in_a,
  input  logic       in_up,
  output logic [3:0] out_y,
  output logic [3:0] out_z,
  output logic [3:0] out_m0,
  output logic [3:0] out_m1,
  output logic [3:0] out_r
);
  logic bug_grows;
  assign bug_grows = bug_sel == 8'd3;
  fx_hfixed_grow u_grow (.a(in_a), .up(bug_grows), .k(4'd0), .y(out_y), .z(out_z));
  fx_hfixed_mix u_mix0 (.a(in_a), .up(bug_grows), .y(out_m0));
  fx_hfixed_mix u_mix1 (.a(in_a), .up(in_up), .y(out_m1));
  always_ff @(posedge clk) begin
    if (!rst_n) out_r <= 4'd0;
    else out_r <= in_a;
  end
endmodule
