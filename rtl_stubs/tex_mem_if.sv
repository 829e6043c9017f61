// SPDX-License-Identifier: Apache-2.0
// tex_mem_if: the texture unit's read-only memory port
// (docs/port-contract.md, "Texture unit"): 32-byte line reads with tags,
// answered once each, with any latency and in any order.
//
// Requests: the line cache's misses (tex_lcache; header and texel lines
// alike, tags 0 .. 63 naming its miss table). The port's request is a
// register: it is loaded when empty or when its request transfers in the
// same cycle, so mem_req_valid never drops and mem_req_addr/tag stay
// stable until mem_req_ready. The requester's line is taken in a cycle
// where f_take is high.
//
// Responses: every tag in flight owns its storage (a miss table entry and,
// behind it, a header buffer or a lane's texel register), so the unit
// always accepts: mem_rsp_ready is high out of reset.
module tex_mem_if (
  input  logic         clk,
  input  logic         rst_n,
  input  logic         f_req,
  input  logic [47:0]  f_addr,
  input  logic [7:0]   f_tag,
  output logic         f_take,
  output logic         f_rsp,          // a line arrives
  output logic [7:0]   f_rsp_tag,
  output logic [255:0] rsp_data,
  // the port
  output logic         mem_req_valid,
  input  logic         mem_req_ready,
  output logic [47:0]  mem_req_addr,
  output logic [7:0]   mem_req_tag,
  input  logic         mem_rsp_valid,
  output logic         mem_rsp_ready,
  input  logic [7:0]   mem_rsp_tag,
  input  logic [255:0] mem_rsp_data
);

  logic load;
  assign load = !mem_req_valid || mem_req_ready;
  assign f_take = load && f_req;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      mem_req_valid <= 1'b0;
      mem_req_addr <= 48'd0;
      mem_req_tag <= 8'd0;
    end else if (load) begin
      mem_req_valid <= f_req;
      if (f_req) begin
        mem_req_addr <= {f_addr[47:5], 5'd0};
        mem_req_tag <= f_tag;
      end
    end
  end

  always_ff @(posedge clk) begin
    mem_rsp_ready <= rst_n;
  end

  assign f_rsp = mem_rsp_valid && mem_rsp_ready;
  assign f_rsp_tag = mem_rsp_tag;
  assign rsp_data = mem_rsp_data;

  // The low address bits are always 0: a line is 32-byte aligned.
  logic unused_addr;
  assign unused_addr = ^f_addr[4:0];

endmodule : tex_mem_if
