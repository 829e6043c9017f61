// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — the predictor API: the golden model as a per-transaction
 * predictor in a user's own testbench (docs/predictor.md).
 *
 * spagm-cosim owns stimulus, DUT and scoreboard in a closed loop. The
 * predictor is the narrow part of it a verification engineer calls from
 * their own environment (UVM, cocotb, plain SV or C++), one unit instance
 * at a time:
 *
 *   p = spagm_predictor_new(SPAGM_UNIT_PIX, seed, &d);
 *   spagm_predictor_cfg_write(p, addr, data, &d);   each configuration word
 *                                                   the DUT gets (or backdoor
 *                                                   loads through the model)
 *   at every request the DUT accepts (valid && ready), in acceptance order:
 *     spagm_predictor_predict(p, &req, &expected, &d);
 *   at every response the DUT delivers, in any order:
 *     spagm_predictor_check(p, &rsp, &diffs, &report);   diffs 0 = match
 *   at the end: puts(spagm_predictor_summary(p)); failures decide the test.
 *   spagm_predictor_free(p);
 *
 * The model executes a request when predict is called, so predict must be
 * called in the order the DUT accepts requests (DESIGN §3); responses are
 * matched to predictions by tag and may come back in any order. The
 * comparison is the co-simulation's, under docs/port-contract.md ("What is
 * compared"): (actual ^ expected) & ~dontcare on written lanes, faults,
 * predicates and stores exactly.
 *
 * Transactions are the structs of spagm/txn.h; a testbench holding the
 * packed wire format converts with spagm_request_unpack and
 * spagm_response_unpack (spagm/txn_pack.h).
 *
 * Errors: every function taking a pointer accepts NULL and then returns
 * SPAGM_E_ARG (or the documented neutral value) without crashing; where a
 * spagm_diag *d is taken it is optional (may be NULL) and receives the
 * reason. A predictor holds no global state: any number may live in one
 * process, each with its own model. One predictor must not be used from two
 * threads at once.
 *
 * Example (tests/predictor/predictor_test.cpp): a pixel-unit predictor given the
 * stage, sample count and positions as the DUT's configuration words,
 * \snippet tests/predictor/predictor_test.cpp predictor_cfg
 * then a request predicted at acceptance and the DUT's response checked:
 * \snippet tests/predictor/predictor_test.cpp predictor_predict_check
 * and spagm_predictor_check(p, &got, &diffs, &report) as the test's check()
 * calls it. */
#ifndef SPAGM_PREDICTOR_H
#define SPAGM_PREDICTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pointer arguments: no function declared here dereferences a
 * NULL pointer. A NULL for a required pointer gives SPAGM_E_ARG from a
 * function returning spagm_status, NULL from one returning a pointer, false
 * from one returning bool, 0 (or a fixed text) from one returning a number
 * or a name, and nothing at all from a void function. spagm_diag *d and
 * spagm_explain *ex are optional wherever they appear (NULL: not wanted),
 * as are outputs whose comment says so. tests/model/api_null_test.cpp calls
 * every function with NULL for each pointer. */

/** A predictor of one unit (opaque; spagm_predictor_new, spagm_predictor_free). */
typedef struct spagm_predictor spagm_predictor;


/** What a predictor has seen so far. */
typedef struct spagm_predictor_counts {
  uint64_t predicted;   /**< requests given to predict (accepted by the DUT) */
  uint64_t checked;     /**< responses given to check whose tag had a prediction */
  uint64_t matched;     /**< of those, equal under the port contract */
  uint64_t mismatched;  /**< of those, different */
  uint64_t unknown;     /**< responses whose tag had no outstanding prediction
                           (never predicted, or already answered) */
  uint64_t duplicate;   /**< predictions made while the same tag was still
                           outstanding: the older one was dropped */
  uint64_t discarded;   /**< outstanding predictions dropped by a reset */
  uint64_t outstanding; /**< predicted and not answered yet */
  /* The configuration port (docs/port-contract.md, "Configuration port"). */
  uint64_t ignored_writes; /**< illegal configuration writes (an address outside the
                              unit's map, a value the register cannot hold) the
                              predictor ignored, as the DUT must: not failures */
  uint64_t unmapped_reads; /**< configuration reads of addresses outside the map,
                              answered 0 as the DUT must: not failures */
  uint64_t refused;        /**< calls refused, each a failure: in strict mode an
                              illegal write or an unmapped read, a header placed
                              before the header pool is configured, and what a
                              caller reports with spagm_predictor_fail */
  /* What the predicted requests exercised (a run that exercised nothing
   * warns in the summary instead of passing silently). */
  uint64_t active_lanes;   /**< lanes set in the lane masks of the predicted requests */
  uint64_t texels;         /**< texture unit: lanes that read a texel
                              (spagm_explain.texel_read; their value may be
                              don't-care, TLDS.F16 of an integer texture) */
  uint64_t faults;         /**< predictions whose expected response faults */
  uint64_t empty_memory;   /**< texture unit: TLDS predictions that read no texel
                              while texture memory was empty (never loaded, or
                              cleared by spagm_predictor_reset) */
  uint64_t warnings;       /**< exercise warnings the summary lists (see
                              spagm_predictor_summary); failures in strict mode */
} spagm_predictor_counts;

/** The unit named "attr", "pix" or "tex" into *unit. SPAGM_E_ARG for another
 * name, a NULL name or a NULL unit. */
spagm_status spagm_predictor_unit_by_name(const char *name, spagm_unit *unit);

/** A new predictor for unit (SPAGM_UNIT_ATTR, _PIX or _TEX) with its own
 * model in power-on state (spagm_model_new). seed is recorded and printed in
 * every report and summary; nothing in the predictor is random today, so it
 * does not change predictions. NULL, with d saying why, for a unit outside
 * the enum or when out of memory. */
spagm_predictor *spagm_predictor_new(spagm_unit unit, uint64_t seed, spagm_diag *d);
/** Free p and everything it owns (NULL is ignored). Strings returned by p
 * are invalid afterwards. */
void spagm_predictor_free(spagm_predictor *p);

/** A name for reports, e.g. the instance path of the DUT ("tb.u_pix0");
 * copied, at most 63 characters kept. Default: the unit name. SPAGM_E_ARG
 * for a NULL p or name. */
spagm_status spagm_predictor_set_name(spagm_predictor *p, const char *name);
/** The unit, SPAGM_UNIT_COUNT for a NULL p. */
spagm_unit spagm_predictor_unit(const spagm_predictor *p);
/** The seed given to spagm_predictor_new, 0 for a NULL p. */
uint64_t spagm_predictor_seed(const spagm_predictor *p);

/** Strict mode (default off): an illegal configuration write and a read of
 * an unmapped configuration address are refused (SPAGM_E_ARG, counted in
 * refused, failures) instead of ignored and answered 0 as the port
 * contract has the DUT do, and every exercise warning of the summary is a
 * failure. For testbenches whose own stimulus never sends such words.
 * SPAGM_E_ARG for a NULL p. */
spagm_status spagm_predictor_set_strict(spagm_predictor *p, bool strict);
/** Whether p is in strict mode (false for a NULL p). */
bool spagm_predictor_strict(const spagm_predictor *p);

/** Count a failure the testbench found outside the predictor's checks (a
 * refused backdoor load, a read-back image that differs, a check of its
 * own) so that failures and the summary include it; what (copied, at most
 * 159 characters) is listed in the summary, the first 8 of them.
 * SPAGM_E_ARG for a NULL p or what. */
spagm_status spagm_predictor_fail(spagm_predictor *p, const char *what);

/* ---- State ---------------------------------------------------------------- */

/** Apply one configuration-port write (docs/port-contract.md, "State load
 * port, per unit"): addr = target [31:28] and byte address [27:0], data =
 * the 32-bit word. Give the predictor the same words, in the same order, as
 * the DUT's configuration port (an attribute-unit clear at 0x040 zeroes the
 * unit's memories), illegal ones included: a write of an address outside
 * the unit's map or of a value a register cannot hold leaves the state
 * unchanged, as the port contract has the DUT ignore it; it is counted in
 * ignored_writes, listed in the summary and gives SPAGM_OK (d, when given,
 * says why it was ignored). In strict mode (spagm_predictor_set_strict) it
 * gives SPAGM_E_ARG and counts as refused, a failure. SPAGM_E_ARG for a
 * NULL p. */
spagm_status spagm_predictor_cfg_write(spagm_predictor *p, uint32_t addr, uint32_t data,
                                       spagm_diag *d);
/** The model's word at configuration address addr into *data (what the
 * DUT's cfg_rdata should return there, e.g. to compare ISBE images at the
 * end of a test). An address outside the unit's map reads 0, as the port
 * contract has the DUT answer it (counted in unmapped_reads, SPAGM_OK); in
 * strict mode it gives SPAGM_E_ARG, *data 0, counted as refused.
 * SPAGM_E_ARG for a NULL p or data. */
spagm_status spagm_predictor_cfg_read(spagm_predictor *p, uint32_t addr, uint32_t *data,
                                      spagm_diag *d);

/** Back to power-on state, as after spagm_predictor_new: the model's state is
 * reset (spagm_model_reset) and outstanding predictions are dropped and
 * counted as discarded (a DUT reset loses its in-flight requests). The
 * counters are kept. The model's state includes texture memory: a reset
 * empties it, unlike a DUT reset, which leaves the memory the DUT reads
 * alone; load texture memory and headers again after every reset (TLDS
 * predictions that then find it empty count in empty_memory and warn in
 * the summary). The header pool counts as not configured again
 * (spagm_predictor_tex_set_header). SPAGM_E_ARG for a NULL p. */
spagm_status spagm_predictor_reset(spagm_predictor *p);

/** The predictor's model, for backdoor loads through the model's public API:
 * attr.h (stage, maps, SPH headers with spagm_attr_load_sph, ISBE contents,
 * write status, HW values), pix.h (raster configuration), tex.h (constant
 * banks, header pool, TIC headers, texture memory, FP16 rounding). Changes
 * take effect from the next predict. Do not execute requests on it yourself:
 * the predictor's acceptance order would be lost. NULL for a NULL p. */
spagm_model *spagm_predictor_model(spagm_predictor *p);

/** Texture unit: place the 32-byte TIC header tic (byte k of the header in
 * tic[k], the layout of spagm/tex.h "Texture headers") as entry index of the header pool,
 * at pool base + 32 * index of texture memory, where TLDS reads it. The
 * pool must be configured first, by a configuration write of its base or
 * MaximumIndex (registers 0x008, 0x00C, 0x010) since the last reset or by
 * a pool the model already holds (spagm_tex_set_header_pool): a header
 * placed at the power-on base would be left behind by the base written
 * after it, and every TLDS would read zeros. So it is refused then
 * (SPAGM_E_STATE, counted as refused, d saying what to do). A pool base
 * written after headers were placed leaves them at the old base: the
 * summary warns. SPAGM_E_ARG for a NULL p or tic, or another unit. */
spagm_status spagm_predictor_tex_set_header(spagm_predictor *p, uint32_t index,
                                            const uint8_t tic[32], spagm_diag *d);

/* ---- Transactions ------------------------------------------------------- */

/** The DUT accepted req (valid && ready): execute it on the model now, park
 * the expected response under req->tag until spagm_predictor_check, and
 * copy it to *expected when expected is not NULL. The expected response
 * carries the per-bit don't-care masks (wb_dontcare: bits the architecture
 * leaves undefined, never compared). A word that is not one of this unit's
 * instructions (another unit's opcode, or no legal word at all) is
 * predicted as the DUT must answer it: ILLEGAL_INSTR_ENCODING on every lane
 * of req->lane_mask, nothing written (docs/port-contract.md).
 *   SPAGM_OK        predicted and parked;
 *   SPAGM_E_STATE   req->tag is already outstanding: the new prediction
 *                   replaces the old one, which is dropped and counted as a
 *                   failure (duplicate), d says which tag;
 *   SPAGM_E_ARG     NULL p or req: nothing executed;
 *   SPAGM_E_NOMEM   no memory to park it: nothing executed. */
spagm_status spagm_predictor_predict(spagm_predictor *p, const spagm_request *req,
                                     spagm_response *expected, spagm_diag *d);

/** The DUT delivered observed (valid && ready): find the prediction parked
 * under observed->tag, compare under the port contract and release it.
 * *diffs (when diffs is not NULL) receives the number of differing fields,
 * 0 when the response matches. *report (when report is not NULL) receives
 * "" on a match, otherwise a mismatch report: unit, name, tag, seed,
 * instruction word and its disassembly, lane mask, then per differing field
 * the slot, register, lane, expected and actual value and the rule the
 * model applied. The text is owned by p and valid until the next check or
 * the free of p.
 *   SPAGM_OK      the response was examined: matched (*diffs 0), mismatched
 *                 (*diffs > 0), or its tag had no outstanding prediction
 *                 (*diffs 1, counted as unknown, the report says so);
 *   SPAGM_E_ARG   NULL p or observed: nothing counted, *diffs 1 and *report
 *                 names the NULL argument. */
spagm_status spagm_predictor_check(spagm_predictor *p, const spagm_response *observed,
                                   unsigned *diffs, const char **report);

/** spagm_predictor_check, and *expected (when expected is not NULL)
 * receives the prediction the response was compared with, taken before it
 * is released: the expected response of observed->tag with its don't-care
 * masks (wb_dontcare), what a testbench shows next to the actual response
 * on a mismatch (N214). For a tag with no outstanding prediction, and on
 * SPAGM_E_ARG with a non-NULL observed, *expected is a cleared response
 * (spagm_response_init) carrying observed->tag: there was nothing to
 * expect. Statuses, *diffs and *report as spagm_predictor_check. */
spagm_status spagm_predictor_check_expected(spagm_predictor *p, const spagm_response *observed,
                                            unsigned *diffs, const char **report,
                                            spagm_response *expected);

/** spagm_predictor_check_expected for a response from a 4-state simulator:
 * unknown has a bit set, in the layout of spagm_response, for
 * every bit of observed that was X or Z (observed holds 0 or anything
 * there). An unknown bit where the port contract compares the prediction
 * of observed->tag (spagm_vec_compare_mask) is a mismatch, reported with
 * its slot, lane and rule as a wrong value and a last line "X/Z: N unknown
 * bit(s) ... (the highest at rsp bit B)", B counted in the packed response
 * (spagm_response_pack); an unknown bit anywhere else is don't-care. A NULL
 * or all-zero unknown is spagm_predictor_check_expected. Statuses, *diffs,
 * *report and *expected as spagm_predictor_check_expected (N377). */
spagm_status spagm_predictor_check_unknown(spagm_predictor *p, const spagm_response *observed,
                                           const spagm_response *unknown, unsigned *diffs,
                                           const char **report, spagm_response *expected);

/** Which field of a response differed (spagm_predictor_diff.field). */
typedef enum spagm_diff_field {
  SPAGM_DIFF_FAULT = 0,         /**< the fault: expected/actual the spagm_fault, the
                                     lanes in expected_addr/actual_addr */
  SPAGM_DIFF_WB_LANES = 1,      /**< the lanes a write-back slot wrote (wb_valid) */
  SPAGM_DIFF_WB_REG = 2,        /**< the register a write-back slot wrote */
  SPAGM_DIFF_WB_VALUE = 3,      /**< the value of one written lane (outside dontcare) */
  SPAGM_DIFF_PD_LANES = 4,      /**< the lanes the predicate write wrote (pd_written) */
  SPAGM_DIFF_PD_REG = 5,        /**< the predicate register written */
  SPAGM_DIFF_PD_VALUE = 6,      /**< the predicate's true lanes among those written;
                                     lane: the first that differs */
  SPAGM_DIFF_ST_LANES = 7,      /**< the lanes a store component stored (st_mask) */
  SPAGM_DIFF_ST_VALUE = 8,      /**< one stored lane: data in expected/actual, the
                                     address in expected_addr/actual_addr */
  SPAGM_DIFF_ST_SPACE = 9,      /**< the store space (spagm_space) */
  SPAGM_DIFF_NO_PREDICTION = 10 /**< the tag had no outstanding prediction */
} spagm_diff_field;

/** How a difference's expected and actual read as numbers
 * (spagm_predictor_diff.kind), as its report line prints them. */
typedef enum spagm_diff_kind {
  SPAGM_DIFF_KIND_NONE = 0,    /**< not a lane's value: a lane mask, register, fault
                                    or space, as field says */
  SPAGM_DIFF_KIND_FLOAT = 1,   /**< an fp32 */
  SPAGM_DIFF_KIND_UINT = 2,    /**< an unsigned integer: a count, mask, index or
                                    address; a UINT texel component (R21) */
  SPAGM_DIFF_KIND_SINT = 3,    /**< a signed integer: a SINT texel component (R21) */
  SPAGM_DIFF_KIND_OFFSETS = 4, /**< PIXLD offsets: dx [15:0], dy [31:16], s16 */
  SPAGM_DIFF_KIND_HALVES = 5   /**< TLDS.F16: two fp16, lo [15:0], hi [31:16] (R22) */
} spagm_diff_kind;

/** One difference of a checked response, as data: what the report's line
 * for it says (spagm_predictor_diffs). */
typedef struct spagm_predictor_diff {
  spagm_diff_field field; /**< which field */
  int slot;               /**< write-back slot or store component 0..3; -1 for none */
  int lane;               /**< lane 0..31; -1 for a field of the whole warp */
  unsigned reg;           /**< register of the slot (R), of the predicate (P); 0 for none */
  uint32_t expected;      /**< expected: the lane's value, the lane mask, the register,
                               the fault or the space, as field says */
  uint32_t actual;        /**< what the response carried there */
  uint32_t expected_addr; /**< SPAGM_DIFF_ST_VALUE: expected address; SPAGM_DIFF_FAULT:
                               expected fault lanes; else 0 */
  uint32_t actual_addr;   /**< the same, of the response */
  uint32_t dontcare;      /**< SPAGM_DIFF_WB_VALUE: the bits not compared; else 0 */
  unsigned rule;          /**< the spagm_rule the model applied there, 0 when none */
  const char *rule_name;  /**< spagm_rule_name(rule), "" when none */
  char reason[200];       /**< the model's sentence for it (spagm_explain_format), "" when none */
  spagm_diff_kind kind;   /**< how expected and actual read as numbers */
  bool has_tex_header;    /**< a lane's value of a TLDS that read a header index */
  uint32_t tex_header;    /**< that header index (spagm_explain.tex_header), 0 when none */
  bool has_texel;         /**< texel holds where the lane read (or, out of range,
                               would have read) its texel */
  bool texel_read;        /**< the lane read its texel: texel.address is its address */
  spagm_explain_texel texel; /**< the lane's texel location (spagm_explain.texel) */
} spagm_predictor_diff;

/** The differences the last spagm_predictor_check (or _check_expected) of p
 * found, as data: one per differing field, in the order of the report's
 * lines, all of them (the report prints six). *out (when out is not NULL)
 * points at them, valid until the next check or the free of p. Returns how
 * many: 0 after a match, 1 (SPAGM_DIFF_NO_PREDICTION) for a tag with no
 * prediction; 0 for a NULL p. */
size_t spagm_predictor_diffs(const spagm_predictor *p, const spagm_predictor_diff **out);

struct spagm_cov; /* spagm/cov/cov.h */
/** Functional coverage (spagm/cov/cov.h): from now on every predict samples
 * the transaction it executed into cov, as spagm-cosim +cov samples each
 * accepted request (the model's state, the request, the expected response
 * and its explanation), so a testbench around a predictor (cocotb, UVM)
 * writes a database that `spagm cov merge` takes with the others. cov NULL
 * stops sampling; cov is not owned and must outlive its use here.
 * SPAGM_E_ARG for a NULL p. */
spagm_status spagm_predictor_set_cov(spagm_predictor *p, struct spagm_cov *cov);


/* ---- Results ------------------------------------------------------------ */

/** The counters into *c. SPAGM_E_ARG for a NULL p or c. */
spagm_status spagm_predictor_get_counts(const spagm_predictor *p, spagm_predictor_counts *c);

/** Failures so far: mismatched + unknown + duplicate + outstanding (a
 * prediction never answered fails once the test ends) + refused, and in
 * strict mode + warnings. Ignored illegal writes and unmapped reads are not
 * failures. 0 means the test passed. 1 for a NULL p. */
uint64_t spagm_predictor_failures(const spagm_predictor *p);

/** End-of-test summary, several lines: name, unit and seed; the counters;
 * what the run exercised (active lanes, texels read, faults, and the
 * unit's coverage bins hit when spagm_predictor_set_cov is attached); the
 * configuration port's ignored writes and unmapped reads, the first of
 * them listed; the refused calls; the oldest predictions never answered
 * (tag, insn, disassembly); a "WARNING:" line for each way the run
 * exercised nothing although it checked responses (no active lane; texture
 * unit: no texel read, TLDS predicted on empty texture memory, headers
 * left behind by a moved pool base; no bin of the unit hit) and the last
 * line "spagm predictor <name>: N passed, M failed" with N = matched and
 * M = spagm_predictor_failures(p). Owned by p, valid until the next
 * summary or the free of p. A fixed one-line text for a NULL p. */
const char *spagm_predictor_summary(spagm_predictor *p);

#ifdef __cplusplus
}
#endif
#endif
