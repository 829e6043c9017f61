// SPDX-License-Identifier: Apache-2.0
// tb_dut.svh: the RTL of one unit, included inside tb_cosim_unit.sv and
// tb_replay_unit.sv, which declare the signals it connects by name: clk,
// rst_n, bug_sel, the version-2 configuration port (cfg_valid, cfg_ready,
// cfg_write, cfg_addr, cfg_mask, cfg_wdata, cfg_rvalid, cfg_rdata), idle,
// the request and response channels and, for the texture unit, the memory
// port (mem_*). UNIT selects the unit; its top module comes from
// tb_rtl_tops.svh. A unit built with SPAGM_<UNIT>_CFG_V1 has the
// version-1 configuration port and is connected through tb_cfg_v1_bridge,
// which also stands between its idle and the driver's.

// The bridge and the pins of a version-1 unit, named one by one (Verilator
// 5.006 does not let named pins override `.*`).
`define SPAGM_TB_V1_BRIDGE \
    logic v1_we, v1_re, v1_idle; \
    logic [31:0] v1_addr, v1_wdata, v1_rdata; \
    tb_cfg_v1_bridge bridge ( \
      .clk, .rst_n, .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask, .cfg_wdata, \
      .cfg_rvalid, .cfg_rdata, .v1_we, .v1_re, .v1_addr, .v1_wdata, .v1_rdata, \
      .idle(v1_idle), .idle_out(idle));
`define SPAGM_TB_V1_PINS \
    .cfg_we(v1_we), .cfg_re(v1_re), .cfg_addr(v1_addr), .cfg_wdata(v1_wdata), \
    .cfg_rdata(v1_rdata), .idle(v1_idle), .clk, .rst_n, .bug_sel, .req_valid, .req_ready, \
    .req, .rsp_valid, .rsp_ready, .rsp
`define SPAGM_TB_MEM_PINS \
    .mem_req_valid, .mem_req_ready, .mem_req_addr, .mem_req_tag, .mem_rsp_valid, \
    .mem_rsp_ready, .mem_rsp_tag, .mem_rsp_data

  if (UNIT == UNIT_ATTR) begin : g_rtl
`ifdef SPAGM_ATTR_CFG_V1
    `SPAGM_TB_V1_BRIDGE
    `SPAGM_ATTR_TOP dut (`SPAGM_TB_V1_PINS);
`else
    `SPAGM_ATTR_TOP dut (.*);
`endif
  end else if (UNIT == UNIT_PIX) begin : g_rtl
`ifdef SPAGM_PIX_CFG_V1
    `SPAGM_TB_V1_BRIDGE
    `SPAGM_PIX_TOP dut (`SPAGM_TB_V1_PINS);
`else
    `SPAGM_PIX_TOP dut (.*);
`endif
  end else begin : g_rtl
`ifdef SPAGM_TEX_CFG_V1
    `SPAGM_TB_V1_BRIDGE
    `SPAGM_TEX_TOP dut (`SPAGM_TB_V1_PINS, `SPAGM_TB_MEM_PINS);
`else
    `SPAGM_TEX_TOP dut (.*);
`endif
  end

`undef SPAGM_TB_V1_BRIDGE
`undef SPAGM_TB_V1_PINS
`undef SPAGM_TB_MEM_PINS
