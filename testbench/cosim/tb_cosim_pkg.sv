// SPDX-License-Identifier: Apache-2.0
// tb_cosim_pkg: what the co-simulation top (tb_cosim.sv) shares with its
// unit benches (tb_cosim_unit.sv, tb_cosim_mem.sv).
package tb_cosim_pkg;
  // Unit numbers: spagm_unit of the DPI layer (cosim/include/cosim.h), the `unit`
  // argument of every spagm_dpi_pkg function.
  localparam int UNIT_ATTR = 0;
  localparam int UNIT_PIX = 1;
  localparam int UNIT_TEX = 2;

  // A unit's name, as reports name it (docs/report-format.md).
  function automatic string unit_name(int unit);
    return unit == UNIT_ATTR ? "attr" : unit == UNIT_PIX ? "pix" : "tex";
  endfunction

  localparam int HANG_CYCLES = 20000;  // no handshake this long = a hang
  localparam int MEM_SLOTS = 32;       // reads the memory model holds at once

  // Phases of the epoch controller (tb_cosim.sv): reset the units, load the
  // epoch's state, run the requests, read the images back; finish once.
  typedef enum logic [2:0] {C_START, C_RESET, C_LOAD, C_RUN, C_READBACK, C_FINISH, C_DONE}
      ctrl_t;
endpackage : tb_cosim_pkg
