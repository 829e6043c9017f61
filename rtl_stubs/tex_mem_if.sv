// SPDX-License-Identifier: Apache-2.0
// tex_mem_if: the texture unit's read-only memory port
// (docs/port-contract.md, "Texture unit"): 32-byte line reads with tags,
// answered once each, with any latency and in any order.
//
// Requests: two requesters share the port, the accept stage D (one header
// line per instruction, tag TAG_HEADER + header buffer) and the fetch stage
// (texel lines, tags 0..191 = 64 * slot + 2 * lane + line). The port's request is a register: it is
// loaded when empty or when its request transfers in the same cycle, so
// mem_req_valid never drops and mem_req_addr/tag stay stable until
// mem_req_ready; the header stage wins when both ask (it asks once per
// instruction, so the fetch stage cannot starve). A requester's request
// is taken in a cycle where its *_take is high.
//
// Responses: every tag in flight owns its storage (a header buffer, a
// lane's texel register), so the unit always accepts: mem_rsp_ready is
// high out of reset. Responses are routed by tag (a header line to its
// buffer, a texel line to its fetch slot); a tag the unit never
// issued is dropped.
module tex_mem_if
  import tex_pkg::*;
(
  input  logic         clk,
  input  logic         rst_n,
  // header stage
  input  logic         h_req,
  input  logic [47:0]  h_addr,
  input  logic         h_buf,          // header buffer the line goes to
  output logic         h_take,
  output logic         h_rsp,          // a header line arrives (data on rsp_data)
  output logic         h_rsp_buf,      // for this buffer
  // fetch stage
  input  logic         f_req,
  input  logic [47:0]  f_addr,
  input  logic [7:0]   f_tag,
  output logic         f_take,
  output logic         f_rsp,          // a texel line arrives
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
  assign h_take = load && h_req;
  assign f_take = load && f_req && !h_req;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      mem_req_valid <= 1'b0;
      mem_req_addr <= 48'd0;
      mem_req_tag <= 8'd0;
    end else if (load) begin
      mem_req_valid <= h_req || f_req;
      if (h_req) begin
        mem_req_addr <= {h_addr[47:5], 5'd0};
        mem_req_tag <= TAG_HEADER | {7'd0, h_buf};
      end else if (f_req) begin
        mem_req_addr <= {f_addr[47:5], 5'd0};
        mem_req_tag <= f_tag;
      end
    end
  end

  always_ff @(posedge clk) begin
    mem_rsp_ready <= rst_n;
  end

  logic rsp_fire;
  assign rsp_fire = mem_rsp_valid && mem_rsp_ready;
  assign h_rsp = rsp_fire && mem_rsp_tag[7:1] == TAG_HEADER[7:1];
  assign h_rsp_buf = mem_rsp_tag[0];
  assign f_rsp = rsp_fire && mem_rsp_tag[7:6] != 2'b11;
  assign f_rsp_tag = mem_rsp_tag;
  assign rsp_data = mem_rsp_data;

  // The low address bits are always 0: a line is 32-byte aligned.
  logic unused_addr;
  assign unused_addr = ^{h_addr[4:0], f_addr[4:0]};

endmodule : tex_mem_if
