// A unit with the port contract's ports for the contract's miter (test_formal.py,
// ContractMiter): a request loads one response whose slot 0 writes the request's lanes
// with one value, plus Ra's a[0] of lane 0 unless Ra is RZ; one configuration register
// read back; `idle` from a submodule (the top step cuts it out). Parts of the response
// the scoreboard never compares (the payload while rsp_valid is low, lanes not written,
// pd with no lane written, cfg_rdata while cfg_rvalid is low) are where the tests mutate.
module fx_contract (
  input  logic           clk,
  input  logic           rst_n,
  input  logic [7:0]     bug_sel,
  input  logic           cfg_valid,
  output logic           cfg_ready,
  input  logic           cfg_write,
  input  logic [31:0]    cfg_addr,
  input  logic [31:0]    cfg_mask,
  input  logic [1023:0]  cfg_wdata,
  output logic           cfg_rvalid,
  output logic [1023:0]  cfg_rdata,
  output logic           idle,
  input  logic           req_valid,
  output logic           req_ready,
  input  logic [12031:0] req,
  output logic           rsp_valid,
  input  logic           rsp_ready,
  output logic [16823:0] rsp
);
  logic [31:0] tag, lanes, val, reg0;
  logic [1023:0] slot0;

  assign req_ready = !rsp_valid;
  assign cfg_ready = 1'b1;
  fx_contract_idle u_idle (.busy(rsp_valid), .idle(idle));

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      rsp_valid <= 1'b0;
      tag <= 32'd0;
      cfg_rvalid <= 1'b0;
      reg0 <= 32'd0;
    end else begin
      if (req_valid && req_ready) begin
        rsp_valid <= 1'b1;
        tag <= req[12031:12000];
        lanes <= req[31:0];
        val <= req[63:32] + (req[11951:11944] == 8'd255 ? 32'd0 : req[9887:9856]);
      end else if (rsp_valid && rsp_ready) begin
        rsp_valid <= 1'b0;
      end
      cfg_rvalid <= cfg_valid && !cfg_write && cfg_addr == 32'd0;
      if (cfg_valid && cfg_write && cfg_addr == 32'd0 && cfg_mask[0]) reg0 <= cfg_wdata[31:0];
    end
  end

  for (genvar l = 0; l < 32; l++) begin : g_lane
    assign slot0[32 * l +: 32] = lanes[l] ? val : 32'd0;
  end

  assign cfg_rdata = cfg_rvalid ? {992'd0, reg0} : 1024'd0;
  // tag, fault, fault_lanes, wb_reg[3:0], wb_valid[3:0], wb_value, wb_dontcare,
  // pd, pd_written, pd_value, st_space, st_mask, st_addr, st_data
  assign rsp = {tag, 8'd0, 32'd0, 24'hFFFFFF, 8'd4, 96'd0, lanes, 3072'd0, slot0, 4096'd0,
                8'd7, 32'd0, 32'd0, 8'd0, 128'd0, 4096'd0, 4096'd0};
endmodule

module fx_contract_idle (
  input  logic busy,
  output logic idle
);
  assign idle = !busy;
endmodule
