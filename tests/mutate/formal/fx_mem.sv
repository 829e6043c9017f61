// A small unit with a memory (test_formal.py, memories cut out of the
// miter): a write port whose data has a bit no output reads, data of a
// cycle without a write, and read data registered before the output.
module fx_mem (
  input  logic       clk,
  input  logic       rst_n,
  input  logic       we,
  input  logic [3:0] wa,
  input  logic [7:0] wd,
  input  logic [3:0] ra,
  output logic [6:0] q,
  output logic       seen
);
  logic [7:0] mem [16];
  logic [7:0] wdata;
  logic [7:0] rdata;
  assign wdata = we ? (wd ^ 8'h80) : 8'h00;
  always_ff @(posedge clk) begin
    if (we) mem[wa] <= wdata;
    rdata <= mem[ra];
  end
  always_ff @(posedge clk) begin
    if (!rst_n) seen <= 1'b0;
    else if (we) seen <= 1'b1;
  end
  assign q = rdata[6:0];
endmodule
