// SPDX-License-Identifier: Apache-2.0
/* spagm — the lock-step co-simulation engine behind the DPI layer.
 *
 * Plain C (no svdpi.h) so it can be tested without a simulator: dpi/spagm_dpi.c
 * only converts svBitVecVal vectors and strings and calls these functions.
 *
 * One run: a stimulus generator (seed), a golden model, and per unit a
 * scoreboard of expected responses parked by tag. The testbench drives the
 * flow epoch by epoch (docs/architecture.md, "One transaction"):
 *
 *   while (spagm_cosim_begin_epoch(c)):                 state into the model
 *     reset the units; while (cfg_next(u, &a, &d)) write a to d      (load)
 *     while requests: next_request(u) -> drive; at accept: accept(u, req)
 *     at each response: check(u, rsp)                 (compare by tag)
 *     drain; while (readback_next(u, &a)): read a; readback_check(u, a, d)
 *   finish()                                             summary, status
 *
 * The model executes a request when the RTL accepts it, in acceptance order
 * per unit (DESIGN §3). */
#ifndef SPAGM_COSIM_H
#define SPAGM_COSIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "spagm/spagm.h"
#include "spagm/statemap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spagm_cosim_opts {
  uint64_t seed;
  uint64_t txns;        /* requests per unit over the run */
  uint32_t units;       /* bit (1u << spagm_unit) per unit */
  uint32_t epoch_txns;  /* requests per unit per epoch */
  uint32_t max_errors;  /* stop reporting (and ask to stop) after this many */
  uint32_t illegal_ppm; /* illegal instruction words per million requests */
  bool check;           /* false: +no_check, same traffic, no model execution */
  const char *repro;    /* command line that reproduces this run, for reports */
  const char *tool;     /* the running program's name, for its messages (N210);
                           NULL: "spagm-cosim" */
} spagm_cosim_opts;

/* seed 1, 20000 requests per unit, attr+pix+tex, 1000 per epoch, 1% illegal
 * words, 10 errors, checking on. */
void spagm_cosim_opts_default(spagm_cosim_opts *o);
/* Parse a unit list "attr,pix,tex" into a mask; false for an unknown name. */
bool spagm_cosim_parse_units(const char *list, uint32_t *mask);

typedef struct spagm_cosim spagm_cosim;

spagm_cosim *spagm_cosim_new(const spagm_cosim_opts *o, spagm_diag *d);
void spagm_cosim_free(spagm_cosim *c);

/* Where the run reports besides the summary: json_path (NULL = none)
 * receives the summary as JSON when spagm_cosim_finish runs
 * (docs/json-summary.md); progress prints progress lines with rate and ETA
 * to stderr (spagm/util/progress.h). Returns false when out of memory. */
bool spagm_cosim_set_outputs(spagm_cosim *c, const char *json_path, bool progress);

/* +checkpoint=N (docs/cosim.md, "Long runs"): a checkpoint line
 * (spagm_progress_checkpoint: transactions accepted over all units, seconds
 * since spagm_cosim_new, resident memory and its peak) to stdout now, at
 * every N-th accepted transaction and at spagm_cosim_finish. 0 = none. */
void spagm_cosim_set_checkpoint(spagm_cosim *c, uint64_t every);

/* +cov=FILE (docs/coverage.md): sample every checked transaction
 * at accept into a functional-coverage database, one input named after the
 * seed, written to cov_path by spagm_cosim_finish (a write error fails the
 * run). NULL or "" = none. false when out of memory. */
bool spagm_cosim_set_coverage(spagm_cosim *c, const char *cov_path);

/* The units of the run, bit (1u << spagm_unit) per unit. */
uint32_t spagm_cosim_units(const spagm_cosim *c);

/* Start the next epoch; false when the run has produced all its requests. */
bool spagm_cosim_begin_epoch(spagm_cosim *c);
unsigned spagm_cosim_epoch(const spagm_cosim *c);

/* Configuration writes that load the current epoch's state into unit u's
 * RTL (docs/port-contract.md); false when there are no more. */
bool spagm_cosim_cfg_next(spagm_cosim *c, spagm_unit u, uint32_t *addr,
                          uint32_t *data);

/* The same writes packed into bursts of the version-2 port (N120,
 * spagm_cfg_list_next_burst); false when there are no more. A testbench
 * uses either this or spagm_cosim_cfg_next for an epoch, not both. */
bool spagm_cosim_cfg_burst(spagm_cosim *c, spagm_unit u, spagm_cfg_burst *b);

/* The next request for unit u; false when its share of the epoch is done. */
bool spagm_cosim_next_request(spagm_cosim *c, spagm_unit u, spagm_request *req);

/* The RTL accepted req: execute it on the model and park the expected
 * response under its tag (only counts it with checking off). */
void spagm_cosim_accept(spagm_cosim *c, spagm_unit u, const spagm_request *req,
                        uint64_t cycle);

/* The RTL responded: compare with the parked expectation of the same tag
 * under the rules of docs/port-contract.md. Returns the number of
 * mismatching fields (0 = match); a report is appended to report text. */
unsigned spagm_cosim_check(spagm_cosim *c, spagm_unit u,
                           const spagm_response *rsp, uint64_t cycle);

/* For the waves (N211), called before spagm_cosim_check of the same
 * response: the request and the expected response parked under rsp's tag
 * (the prediction the check compares), the lanes where rsp differs from it
 * and the rule the model applied to the first of them. False, with *req
 * and *exp zeroed and no lanes, when no request of that tag is outstanding
 * or the run does not check (+no_check). */
bool spagm_cosim_expected(const spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                          spagm_request *req, spagm_response *exp, uint32_t *lanes,
                          unsigned *rule);

/* Requests accepted and not yet answered, for unit u. */
unsigned spagm_cosim_outstanding(const spagm_cosim *c, spagm_unit u);

/* The summary's exercise warnings of unit u so far (N375): a unit that
 * checked responses but had no active lane, read no texel (texture unit),
 * ran TLDS on empty texture memory, or hit no coverage bin (+cov). 0 for
 * a unit outside the run or without checking (+no_check). */
unsigned spagm_cosim_warnings(const spagm_cosim *c, spagm_unit u);

/* End-of-epoch read-back: the next address to read through unit u's
 * configuration port; false when done. Then check the word read there. */
bool spagm_cosim_readback_next(spagm_cosim *c, spagm_unit u, uint32_t *addr);
unsigned spagm_cosim_readback_check(spagm_cosim *c, spagm_unit u, uint32_t addr,
                                    uint32_t data, uint64_t cycle);

/* The same read-back as bursts (b->data is 0): the words of b->mask are
 * read at once; then hand the data read (b->addr, b->mask and the words)
 * to readback_check_burst, which checks each masked word like
 * readback_check and returns how many differ. */
bool spagm_cosim_readback_burst(spagm_cosim *c, spagm_unit u, spagm_cfg_burst *b);
unsigned spagm_cosim_readback_check_burst(spagm_cosim *c, spagm_unit u,
                                          const spagm_cfg_burst *b, uint64_t cycle);

/* A random bit for response backpressure / request gaps of unit u, from a
 * stream of its own (seeded), so waves reproduce. pct = chance of 1. */
bool spagm_cosim_random(spagm_cosim *c, spagm_unit u, unsigned pct);

/* The testbench saw no handshake of unit u for `cycles` cycles while work
 * was pending in `phase` (0 the configuration load: a burst never taken or
 * the unit never idle; 1 the run: requests or responses stuck; 2 the
 * read-back: a read burst never taken or never answered): report a hang as
 * an error. */
void spagm_cosim_hang(spagm_cosim *c, spagm_unit u, uint64_t cycle, uint64_t cycles,
                      unsigned phase);

/* Port rules of docs/port-contract.md the testbench sees broken, each
 * reported and counted as an error (a handshake report, kinds
 * "unasked_read", "idle_owed" and "unasked_mem_read" of the JSON summary):
 * unit u raised cfg_rvalid at cycle while no read burst of it was
 * outstanding ("one pulse per read burst", N122), in `phase` (0 the
 * configuration load, 1 the run, 2 the read-back, 3 between epochs); unit
 * u held idle high at cycle while requests it accepted were not yet
 * responded ("idle: nothing accepted and not yet responded"), the
 * outstanding count being the scoreboard's; unit u (the texture unit)
 * raised mem_req_valid at cycle out of reset in `phase` 0, 2 or 3, when it
 * holds no request to read memory for (N552). */
void spagm_cosim_unasked_read(spagm_cosim *c, spagm_unit u, uint64_t cycle, unsigned phase);
void spagm_cosim_idle_owed(spagm_cosim *c, spagm_unit u, uint64_t cycle);
void spagm_cosim_unasked_mem_read(spagm_cosim *c, spagm_unit u, uint64_t cycle, unsigned phase);

/* 32 bytes of the current epoch's texture memory at va (wrapping modulo
 * 2^48; never-written bytes read 0, N61): what the testbench's memory
 * model answers the texture unit with. */
void spagm_cosim_tex_read(const spagm_cosim *c, uint64_t va, uint8_t out[32]);

/* Mismatch reports not yet taken (empty string when none); taking them
 * clears the buffer. */
const char *spagm_cosim_take_report(spagm_cosim *c);

/* Totals. */
uint64_t spagm_cosim_errors(const spagm_cosim *c);
uint64_t spagm_cosim_first_error_cycle(const spagm_cosim *c); /* ~0 when none */
/* When the first error was a mismatching response: the cycle its request
 * was accepted, so the waves can mark both ends of the transaction
 * (+waves_on_fail). ~0 when there is no error or the first error has no
 * accepted request (hang, unknown tag, image word). */
uint64_t spagm_cosim_first_error_accept_cycle(const spagm_cosim *c);
/* The lanes where that first mismatching response differed (the waves'
 * save file opens the first of them, N212); 0 when the first error is no
 * compare. */
uint32_t spagm_cosim_first_error_lanes(const spagm_cosim *c);
bool spagm_cosim_should_stop(const spagm_cosim *c); /* max_errors reached */

/* Cycles the testbench spent in each phase of the epochs (load, run,
 * read-back), for the summary's share of configuration load. */
void spagm_cosim_set_phase_cycles(spagm_cosim *c, uint64_t load, uint64_t run,
                                  uint64_t readback);
/* Rising edges of unit's own clock over the run. The co-simulation stops a
 * unit's clock once it is done with a phase (N126), so a unit that finishes
 * its run before the others gets fewer edges than the run has cycles; the
 * summary prints them for the run's units. */
void spagm_cosim_set_unit_clocks(spagm_cosim *c, unsigned unit, uint64_t clocks);
/* Time the caller spent in its C side (DPI calls: stimulus, packing, model,
 * scoreboard), as a difference of spagm_cosim_ticks readings; the model's
 * own share is measured inside. The summary splits the run's time into
 * model, testbench C and the rest (the simulator). */
void spagm_cosim_add_c_ticks(spagm_cosim *c, uint64_t ticks);
/* The run's tick counter (cosim/clock.h): cheap to read, so the
 * timing of every DPI call costs little of what it measures. */
uint64_t spagm_cosim_ticks(const spagm_cosim *c);

/* Print the summary (per-unit counts, rates, seed, last line
 * "cosim: N passed, M failed") to out; returns M plus image mismatches
 * (0 = the run passed). */
uint64_t spagm_cosim_finish(spagm_cosim *c, FILE *out, uint64_t cycles,
                            double seconds);

#ifdef __cplusplus
}
#endif
#endif
