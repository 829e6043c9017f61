// SPDX-License-Identifier: Apache-2.0
// tb_cosim_run_if: carries the run's DPI handle (spagm_dpi_open) from the
// co-simulation top (tb_cosim.sv) to its unit benches (tb_cosim_unit.sv,
// tb_cosim_mem.sv). A port cannot have the chandle type (IEEE 1800-2017
// 6.14); an interface port can hold one.
interface tb_cosim_run_if;
  chandle h;  // null until tb_cosim has opened the run, and when it could not
  longint unsigned seed;  // the run's +seed (tb_cosim_mem's latency per line)
endinterface : tb_cosim_run_if
