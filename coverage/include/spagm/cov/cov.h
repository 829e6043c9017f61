// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — functional coverage (docs/coverage.md).
 *
 * One table (the plan, coverage/cov_plan.c) lists every coverpoint
 * of the three units: its dimensions, the names of their bins, and the bins
 * that are illegal or unreachable with the ruling that makes them so. The
 * same table drives collection (spagm_cov_sample), the database, the
 * reports and docs/coverage-plan.md (spagm_cov_write_plan), so the plan and
 * what is collected cannot drift apart.
 *
 * A database (spagm_cov) holds a hit count per bin and, per input (a gen
 * seed, a scenario file, a co-simulation seed), which bins that input hit,
 * for stimulus grading (spagm_cov_rank). It is written as a versioned text
 * file ending in a zlib CRC-32 (format in docs/coverage.md, N101), whole
 * (temporary file + rename), and refused with a clear error when corrupt,
 * truncated, of another version or of another plan.
 *
 * Pointer arguments: as everywhere, a NULL for a required pointer
 * gives SPAGM_E_ARG (or NULL / 0 / nothing, by return type); spagm_diag *d is
 * optional.
 *
 * Example (examples/api/cov.c, run by the test api_example.cov):
 * coverage of a run collected, written, read back and reported.
 * \snippet examples/api/cov.c cov_collect
 */
#ifndef SPAGM_COV_COV_H
#define SPAGM_COV_COV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The version of the database file (`spagm-cov N`) this library writes
 * and reads; another is refused. 2: the plan id covers at_least (N161). */
#define SPAGM_COV_FORMAT_VERSION 2u
/** Most dimensions of a cross. */
#define SPAGM_COV_MAX_DIMS 4u

/* ---- The plan ---------------------------------------------------------- */

/** One dimension of a coverpoint: its name and the names of its bins. */
typedef struct spagm_cov_dim {
  const char *name;         /**< the dimension's name */
  unsigned n;               /**< bins in it */
  const char *const *bins;  /**< their names, n of them */
} spagm_cov_dim;

/** A set of bins that must never (illegal) or cannot (unreachable) be hit:
 * at[k] is a bin index of dimension k or -1 for any; reason cites the
 * ruling or spec line. */
typedef struct spagm_cov_except {
  int16_t at[SPAGM_COV_MAX_DIMS]; /**< per dimension a bin index, -1 for any */
  const char *reason;             /**< the ruling or spec line; NULL ends a list */
} spagm_cov_except;

/** A coverpoint (one dimension) or a cross (several). */
typedef struct spagm_cov_point {
  const char *name; /**< "attr.access", unique */
  spagm_unit unit;  /**< the unit sampled */
  const char *what; /**< one sentence: what is sampled, from where */
  unsigned ndims;   /**< 1 for a coverpoint, more for a cross */
  spagm_cov_dim dim[SPAGM_COV_MAX_DIMS]; /**< the dimensions, ndims of them */
  const spagm_cov_except *except; /**< NULL-reason-terminated list, or NULL */
  /** Observed only by a co-simulation (handshakes, tags, epochs): counted in
   * totals and holes only when the database holds co-simulation samples
   * (spagm_cov_has_cosim), so gen/check/run databases can close (N104). */
  bool cosim_only;
  /** Hits each bin needs to count as covered in depth (N161);
   * 0 means 1. A legal bin hit fewer times is thin, reported apart from
   * the holes. */
  unsigned at_least;
} spagm_cov_point;

/** The plan's coverpoints in order; count into *n. */
const spagm_cov_point *spagm_cov_plan(size_t *n);
/** Bins of a point (product of its dimensions). 0 for NULL. */
unsigned spagm_cov_point_bins(const spagm_cov_point *p);
/** The reason bin `bin` of p is excluded, or NULL when it is a legal bin. */
const char *spagm_cov_bin_excluded(const spagm_cov_point *p, unsigned bin);
/** The hits bin `bin` of p needs (p's at_least, at least 1); 0 for NULL. */
unsigned spagm_cov_bin_at_least(const spagm_cov_point *p, unsigned bin);
/** "size=64 align=misaligned" (or the bin name of a one-dimension point)
 * into buf; returns buf ("" for bad arguments). */
const char *spagm_cov_bin_name(const spagm_cov_point *p, unsigned bin, char *buf, size_t n);
/** CRC-32 of the plan's names and bins: a database records it and is
 * refused by a build whose plan differs. */
uint32_t spagm_cov_plan_id(void);
/** docs/coverage-plan.md: every point, its bins and the excluded ones. */
spagm_status spagm_cov_write_plan(FILE *f);

/* ---- Collection -------------------------------------------------------- */

/** A coverage database of the current plan (opaque). */
typedef struct spagm_cov spagm_cov;

/// @{
/** An empty database of the current plan; NULL when out of memory. */
spagm_cov *spagm_cov_new(void);
void spagm_cov_free(spagm_cov *c);
/// @}

/** Later samples are credited to input `name` (a seed, a scenario file:
 * printable text without newlines, at most 255 bytes); an existing input of
 * that name is continued. */
spagm_status spagm_cov_begin_input(spagm_cov *c, const char *name, spagm_diag *d);

/** Sample one executed transaction: the model it ran on (its state is read,
 * not changed: stage, raster configuration, texture headers), the decoded
 * instruction (NULL: decode req->insn; the scenario runner passes its text
 * forms such as ISBEWR), the request, the response and the explanation
 * (spagm_execute_explained). */
spagm_status spagm_cov_sample(spagm_cov *c, const spagm_model *m, const spagm_insn *insn,
                              const spagm_request *req, const spagm_response *rsp,
                              const spagm_explain *ex);

/** Co-simulation only (spagm-cosim +cov): a response of unit u arrived.
 * overtaken: a younger request of u was answered before it (out-of-order
 * tags); in_flight: requests of u outstanding, this one included (how far
 * the unit's pipeline and the response handshake let requests pile up);
 * reloaded: the epoch is not the first, so the unit's state was reloaded
 * through its configuration port. SPAGM_E_ARG for NULL c or a bad unit. */
spagm_status spagm_cov_sample_response(spagm_cov *c, spagm_unit u, bool overtaken,
                                       unsigned in_flight, bool reloaded);
/** Co-simulation only (N280): a request of unit u was accepted while the
 * epoch's load had left registers unwritten (reset values in use). For the
 * pixel unit bit k of `unwritten` is the register word 4k (k 0..3: stage,
 * samples, positions, SSAA; a request that does not decode is not
 * sampled); for the attribute and texture units too (N291: bits 0..7 and
 * 0..5, spagm_stim_unwritten), each request counted once per field. SPAGM_E_ARG for NULL c or
 * req or a bad unit. */
spagm_status spagm_cov_sample_unwritten(spagm_cov *c, spagm_unit u, const spagm_request *req,
                                        uint32_t unwritten);
/** Co-simulation only (N290): the epoch's load of unit u carried an
 * illegal configuration write of kind `kind` (spagm_stim_illegal_kind: 0
 * a target with no table, 1 an address no table names, 2 a value the
 * register cannot hold), placed after every legal word (`after`) or among
 * them. SPAGM_E_ARG for NULL c, a bad unit or kind. */
spagm_status spagm_cov_sample_illegal_write(spagm_cov *c, spagm_unit u, unsigned kind,
                                            bool after);
/** The corners of stimulus 10 in a pixel load (co-simulation only, N420,
 * N421), the bins of pix.load_corner. */
typedef enum spagm_cov_load_corner {
  SPAGM_COV_LOAD_WRITTEN_TWICE,          /**< every register written twice */
  SPAGM_COV_LOAD_ALIASED_TARGET_WRITE,   /**< another target's write aliases a register */
  SPAGM_COV_LOAD_ALIASED_ADDRESS_WRITE,  /**< a hole's write aliases a register */
  SPAGM_COV_LOAD_CORNERS
} spagm_cov_load_corner;
/** Co-simulation only: the epoch's load of unit u had corner `corner`.
 * Only the pixel unit has the point; SPAGM_E_ARG for NULL c, another unit
 * or a bad corner. */
spagm_status spagm_cov_sample_load_corner(spagm_cov *c, spagm_unit u, unsigned corner);
/** Co-simulation only: the attribute epoch drew corner `corner`
 * (spagm_stim_attr_corner, N466, N467), a bin of attr.epoch_corner.
 * SPAGM_E_ARG for NULL c or a bad corner. */
spagm_status spagm_cov_sample_attr_corner(spagm_cov *c, unsigned corner);
/** Co-simulation only: a TLDS.F16 read a texel holding a word of
 * conversion corner `corner` (spagm_stim_f16_corner, N495), a bin of
 * tex.fp16_input. SPAGM_E_ARG for NULL c or a bad corner. */
spagm_status spagm_cov_sample_f16_input(spagm_cov *c, unsigned corner);
/** Co-simulation only: a TLDS read texels through a header with stimulus
 * 14's texture-state corner `corner` (spagm_stim_tex_corner, N518), a bin
 * of tex.state_corner. SPAGM_E_ARG for NULL c or a bad corner. */
spagm_status spagm_cov_sample_tex_corner(spagm_cov *c, unsigned corner);
/** Whether c holds co-simulation samples (then co-simulation-only points
 * count in totals and holes). false for NULL. */
bool spagm_cov_has_cosim(const spagm_cov *c);

/** Hits of bin `bin` of the plan's point `point`; 0 out of range. */
uint64_t spagm_cov_hits(const spagm_cov *c, size_t point, unsigned bin);

/* ---- The database file ------------------------------------------------- */

/** Add every count and input of `from` into `into` (inputs of one name are
 * united). The result does not depend on the order of merges (N102). */
spagm_status spagm_cov_merge(spagm_cov *into, const spagm_cov *from, spagm_diag *d);
/** Write whole: PATH.tmp-PID, then rename. */
spagm_status spagm_cov_write(const spagm_cov *c, const char *path, spagm_diag *d);
/** Read and check (CRC, version, plan, every line); *out NULL on error and
 * d names the file and line. */
spagm_status spagm_cov_read(const char *path, spagm_cov **out, spagm_diag *d);

/* ---- Reports ------------------------------------------------------------ */

/** Bin counts of a unit or of the whole plan. */
typedef struct spagm_cov_totals {
  unsigned bins;  /**< all bins */
  unsigned legal; /**< bins neither illegal nor unreachable */
  unsigned hit;   /**< legal bins hit at least once */
  unsigned holes; /**< legal bins never hit */
  unsigned thin;  /**< legal bins hit, but fewer times than their at_least (N161) */
} spagm_cov_totals;


/** What an unhit legal bin is (N255); one function decides it for every
 * report and for spagm-regress (coverage/cov_reach.c). */
typedef enum spagm_cov_gap {
  SPAGM_COV_GAP_NONE = 0, /**< no gap: hit, excluded, or its point is not counted (N104) */
  SPAGM_COV_GAP_HOLE,     /**< a hole: the stimulus should reach it */
  /** Needs a reordering DUT: an `order=overtaken` bin of a co-simulation-only
   * point while no response of that point was ever overtaken in c (N243). */
  SPAGM_COV_GAP_REORDER,
  /** Not reachable by co-simulation: a bin of ISBEWR, which has no SM50 word
   * (spec §7.1, N241), in a database holding co-simulation samples; a
   * model-only directed scenario reaches it (N143). */
  SPAGM_COV_GAP_NO_PORT
} spagm_cov_gap;
/** The class of bin `bin` of the plan's point `point` in c. */
spagm_cov_gap spagm_cov_bin_gap(const spagm_cov *c, size_t point, unsigned bin);
/** "hole", "needs a reordering DUT (N243)", "not reachable by co-simulation
 * (N241)", or "" for SPAGM_COV_GAP_NONE. */
const char *spagm_cov_gap_name(spagm_cov_gap g);

/** Totals of one unit (u = SPAGM_UNIT_COUNT: every unit). */
spagm_status spagm_cov_unit_totals(const spagm_cov *c, unsigned u, spagm_cov_totals *t);
/** Text report: per unit, per point: hits, percentage, holes by name. */
spagm_status spagm_cov_report_text(const spagm_cov *c, FILE *f);
/** Holes only (SPAGM_COV_GAP_HOLE: not the bins listed apart, N255), one
 * "point: bin" a line; returns how many. */
unsigned spagm_cov_report_holes(const spagm_cov *c, FILE *f);
/** One self-contained HTML page, a table per unit, into DIR/index.html. */
spagm_status spagm_cov_report_html(const spagm_cov *c, const char *dir, spagm_diag *d);
/** JSON summary (docs/json-summary.md) into path, written whole. */
spagm_status spagm_cov_report_json(const spagm_cov *c, const char *path, spagm_diag *d);
/** The database as UCIS XML (Accellera UCIS 1.0, the schema pyucis reads;
 * docs/coverage.md, "UCIS"), written whole: per unit a covergroup, per
 * counted point a coverpoint with every bin's hit count, the excluded bins
 * as illegal bins with their ruling, and each input as a test record that
 * the bins it hit name. The same database gives the same bytes. A database
 * without inputs (UCIS needs a test record) or with an input name that is
 * not UTF-8 is refused (SPAGM_E_FORMAT). */
spagm_status spagm_cov_export_ucis(const spagm_cov *c, const char *path, spagm_diag *d);
/** Stimulus grading: greedily the inputs that add the most new legal bins
 * until none adds any; one line each with what it added. */
spagm_status spagm_cov_rank(const spagm_cov *c, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
