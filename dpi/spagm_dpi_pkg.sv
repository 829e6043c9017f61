// SPDX-License-Identifier: Apache-2.0
// DPI-C imports of the spagm co-simulation core (dpi/spagm_dpi.c).
// Requests and responses travel as the packed vectors of spagm_txn_pkg
// (generated from model/include/spagm/txn.h; docs/port-contract.md has the
// bit layout). Call these from clocked blocks on handshakes only.
package spagm_dpi_pkg;
  import spagm_txn_pkg::*;

  // Open a run. seed: stimulus seed; txns: requests per unit over the run;
  // units: comma list of "attr", "pix", "tex"; epoch_txns: requests per unit
  // between state reloads; illegal_ppm: illegal instruction words per
  // million requests; max_errors: mismatches after which
  // spagm_dpi_should_stop turns true (0 = never); check: 0 runs the same
  // traffic without executing the model (+no_check); repro: the command that
  // reproduces the run, quoted in reports; tool: the program's name, which
  // its messages start with ("" = spagm-cosim; N210). Returns null on bad
  // arguments.
  import "DPI-C" function chandle spagm_dpi_open(
      input longint unsigned seed, input longint unsigned txns, input string units,
      input int unsigned epoch_txns, input int unsigned illegal_ppm,
      input int unsigned max_errors, input bit check,
      input string repro, input string tool);

  // Where the run reports besides the summary: json names a file that gets
  // the summary as JSON at spagm_dpi_finish ("" = none; docs/json-summary.md);
  // progress = 1 prints progress lines with rate and ETA to stderr.
  // Returns 0 when out of memory.
  import "DPI-C" function bit spagm_dpi_outputs(input chandle h, input string json,
                                                input bit progress);

  // +cov=FILE: functional coverage of every checked transaction, written at
  // spagm_dpi_finish ("" = none; docs/coverage.md). Returns 0 when out of memory.
  import "DPI-C" function bit spagm_dpi_coverage(input chandle h, input string cov);

  // +checkpoint=N (docs/cosim.md, "Long runs"): a checkpoint line (transactions
  // accepted over all units, seconds, resident memory and its peak) to stdout
  // now, at every N-th accepted transaction and at spagm_dpi_finish.
  import "DPI-C" function void spagm_dpi_checkpoint(input chandle h,
                                                    input longint unsigned every);

  // The units of the run (+units=): bit u set for unit u (0 attr, 1 pix,
  // 2 tex). The testbench clocks only these.
  import "DPI-C" function int unsigned spagm_dpi_units(input chandle h);

  // Load the next epoch's state into the model; 0 when the run is complete.
  import "DPI-C" function bit spagm_dpi_begin_epoch(input chandle h);
  // Current epoch number (0-based).
  import "DPI-C" function int spagm_dpi_epoch(input chandle h);

  // Next burst of the configuration load of unit (0 attr, 1 pix, 2 tex)
  // for the version-2 port (docs/port-contract.md, N120): addr = target
  // [31:28] and the 128-byte block's byte address (addr[6:0] = 0), mask
  // bit k = the word at addr + 4k takes part, its data at data[32k +: 32].
  // 0 when the unit's load is complete.
  import "DPI-C" function bit spagm_dpi_cfg_burst(
      input chandle h, input int unsigned unit, output int unsigned addr,
      output int unsigned mask, output bit [1023:0] data);

  // Next request for unit, packed as spagm_request_t; 0 when the unit's
  // requests of this epoch are exhausted.
  import "DPI-C" function bit spagm_dpi_next_request(
      input chandle h, input int unsigned unit,
      output bit [SPAGM_REQUEST_BITS-1:0] req);

  // The DUT accepted req (valid && ready) at cycle: the model executes it
  // and parks the expected response under req.tag.
  import "DPI-C" function void spagm_dpi_accept(
      input chandle h, input int unsigned unit,
      input bit [SPAGM_REQUEST_BITS-1:0] req, input longint unsigned cycle);

  // The DUT delivered rsp (valid && ready) at cycle: compare with the parked
  // expectation of rsp.tag; returns the number of differing fields (0 = ok)
  // and prints a mismatch report.
  import "DPI-C" function int unsigned spagm_dpi_check(
      input chandle h, input int unsigned unit,
      input bit [SPAGM_RESPONSE_BITS-1:0] rsp, input longint unsigned cycle);

  // For the waves (N211), before spagm_dpi_check of the same response: the
  // request and the expected response parked under its tag (the prediction
  // the check compares), the lanes where it differs and the name of the
  // rule the model applied to the first of them (32 ASCII bytes, first
  // character on top); 0 when no request of that tag is outstanding.
  import "DPI-C" function bit spagm_dpi_expected(
      input chandle h, input int unsigned unit, input bit [SPAGM_RESPONSE_BITS-1:0] rsp,
      output bit [SPAGM_REQUEST_BITS-1:0] req, output bit [SPAGM_RESPONSE_BITS-1:0] exp,
      output int unsigned lanes, output bit [255:0] rule_name);

  // Requests of unit accepted and not yet answered.
  import "DPI-C" function int unsigned spagm_dpi_outstanding(
      input chandle h, input int unsigned unit);

  // End-of-epoch read-back, in bursts: the next block (addr, mask as for
  // cfg_burst) of unit to read; 0 when done. Then hand the burst's read
  // data (cfg_rdata, word k at [32k +: 32]) to readback_check_burst, which
  // returns how many masked words differ from the model's image.
  import "DPI-C" function bit spagm_dpi_readback_burst(
      input chandle h, input int unsigned unit, output int unsigned addr,
      output int unsigned mask);
  import "DPI-C" function int unsigned spagm_dpi_readback_check_burst(
      input chandle h, input int unsigned unit, input int unsigned addr,
      input int unsigned mask, input bit [1023:0] data, input longint unsigned cycle);

  // 1 with probability pct/100, from unit's own seeded stream (backpressure
  // and request gaps reproduce with the seed).
  import "DPI-C" function bit spagm_dpi_random(
      input chandle h, input int unsigned unit, input int unsigned pct);

  // No handshake of unit for `cycles` cycles at cycle while work was
  // pending in phase (0 configuration load, 1 run, 2 read-back): report a
  // hang (counts as a mismatch).
  import "DPI-C" function void spagm_dpi_hang(
      input chandle h, input int unsigned unit, input longint unsigned cycle,
      input longint unsigned cycles, input int unsigned phase);

  // Port rules the testbench sees broken (docs/port-contract.md), each
  // reported and counted as a mismatch: unit raised cfg_rvalid at cycle
  // with no read burst outstanding, in phase (0 configuration load, 1 run,
  // 2 read-back, 3 between epochs); unit held idle high at cycle while
  // requests it accepted were not yet responded; unit raised mem_req_valid
  // at cycle out of reset in phase 0, 2 or 3 (N552).
  import "DPI-C" function void spagm_dpi_unasked_read(
      input chandle h, input int unsigned unit, input longint unsigned cycle,
      input int unsigned phase);
  import "DPI-C" function void spagm_dpi_idle_owed(
      input chandle h, input int unsigned unit, input longint unsigned cycle);
  import "DPI-C" function void spagm_dpi_unasked_mem_read(
      input chandle h, input int unsigned unit, input longint unsigned cycle,
      input int unsigned phase);

  // 32 bytes of the epoch's texture memory at byte address addr (a multiple
  // of 32, wrapping modulo 2^48): byte k in data[8k+7:8k]. The texture
  // unit's memory model in the testbench answers reads with it.
  import "DPI-C" function void spagm_dpi_tex_read(
      input chandle h, input longint unsigned addr, output bit [255:0] data);

  // Simulated cycles the epochs spent loading state, running requests and
  // reading images back; the summary prints the shares (call before finish).
  import "DPI-C" function void spagm_dpi_phase_cycles(
      input chandle h, input longint unsigned load, input longint unsigned run,
      input longint unsigned readback);
  // Rising edges of a unit's own clock (stopped once the unit is done with
  // a phase, N126); unit: 0 attr, 1 pix, 2 tex. Call before finish.
  import "DPI-C" function void spagm_dpi_unit_clocks(
      input chandle h, input int unsigned unit, input longint unsigned clocks);

  // max_errors mismatches reached.
  import "DPI-C" function bit spagm_dpi_should_stop(input chandle h);
  // Cycle of the first mismatch, all ones when none.
  import "DPI-C" function longint unsigned spagm_dpi_first_error_cycle(input chandle h);
  // Cycle its request was accepted when the first mismatch is a response
  // (the waves mark it); all ones otherwise.
  import "DPI-C" function longint unsigned spagm_dpi_first_error_accept_cycle(input chandle h);
  // The lanes that first mismatching response differed on (0 when none).
  import "DPI-C" function int unsigned spagm_dpi_first_error_lanes(input chandle h);
  // Print the summary; returns the number of failures (0 = passed).
  import "DPI-C" function longint unsigned spagm_dpi_finish(
      input chandle h, input longint unsigned cycles);
  import "DPI-C" function void spagm_dpi_close(input chandle h);
endpackage : spagm_dpi_pkg
