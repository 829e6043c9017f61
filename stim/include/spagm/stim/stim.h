// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — the stimulus generator: seeded constrained-random plus directed
 * traffic for the three units, used by the co-simulation (through DPI) and
 * by `spagm gen` (vector files).
 *
 * A run is a sequence of epochs. Each epoch has its own state (stage, maps,
 * ISBE contents, raster state, textures), loaded into a model at the start
 * of the epoch, and a stream of requests per unit: first a directed
 * sequence that walks the forms of the unit's instructions, then random
 * requests. Everything depends only on (seed, epoch, unit): the requests of
 * one unit never depend on another unit's, on timing, or on any result, so
 * a run with checking and a run without it see the same traffic.
 *
 * Example (examples/api/stim.c, run by the test api_example.stim):
 * three epochs of seeded stimulus executed on a model.
 * \snippet examples/api/stim.c stim_epochs
 */
#ifndef SPAGM_STIM_H
#define SPAGM_STIM_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/model.h"
#include "spagm/statemap.h"

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

/** The stimulus version: bumped whenever the same seed and options give
 * other traffic (a weight of docs/stimulus.md changed, a field was added).
 * Recorded on the `generator` line of every vector file (N240). */
#define SPAGM_STIM_VERSION 17u

/** One boundary value ("corner") of a field the spec bounds, drawn with an
 * explicit weight; the rest of the field's draws are uniform (or the
 * field's older distribution). One table per unit; docs/stimulus.md lists
 * every entry. */
typedef struct spagm_stim_corner {
  const char *field;  /**< the bounded field, e.g. "vertex index" */
  const char *name;   /**< the corner, e.g. "first invalid" */
  uint16_t weight;    /**< per mille of the field's draws */
  bool per_epoch;     /**< drawn once per epoch (state), else per request */
} spagm_stim_corner;

/** The number of entries of unit u's corner table (0 for a bad unit). */
unsigned spagm_stim_corner_count(spagm_unit u);
/** Entry i of unit u's corner table; NULL past the end. */
const spagm_stim_corner *spagm_stim_corner_info(spagm_unit u, unsigned i);

/** Options of the stimulus generator (`spagm gen`'s options). */
typedef struct spagm_stim_opts {
  uint64_t seed;         /**< the seed: the same seed gives the same bytes */
  uint32_t units;        /**< bit (1u << spagm_unit) per unit to generate for */
  uint32_t epoch_txns;   /**< requests per unit and epoch (>= 1) */
  uint32_t illegal_ppm;  /**< illegal instruction words per million requests */
} spagm_stim_opts;

/** seed 1, attr and pix, 1000 requests per epoch, 1% illegal words. */
void spagm_stim_opts_default(spagm_stim_opts *o);

/** A stimulus generator (opaque; spagm_stim_new, spagm_stim_free). */
typedef struct spagm_stim spagm_stim;

/** How often generator s has drawn corner i of unit u since it was made
 * (what the corner-count test checks); 0 for NULL or a bad index. */
uint64_t spagm_stim_corner_hits(const spagm_stim *s, spagm_unit u, unsigned i);


/// @{
/** NULL (and d filled) for bad options or out of memory. */
spagm_stim *spagm_stim_new(const spagm_stim_opts *o, spagm_diag *d);
void spagm_stim_free(spagm_stim *s);
/// @}

/** Start epoch `epoch`: reset m and load that epoch's state into it.
 * Requests of the previous epoch not yet taken are dropped. */
spagm_status spagm_stim_begin_epoch(spagm_stim *s, unsigned epoch,
                                    spagm_model *m, spagm_diag *d);

/** Next request of unit u in the current epoch; false when the epoch has
 * produced its requests for u: epoch_txns when the epoch's stage suits the
 * unit, a twentieth of that when it does not (PIXLD outside PS, attribute
 * instructions in PS), none when u is not generated. Tags count
 * up per unit over the whole run, starting at 1. */
bool spagm_stim_next(spagm_stim *s, spagm_unit u, spagm_request *req);

/** The requests unit u gets in the current epoch: what spagm_stim_next
 * yields before it returns false (0 for a unit not generated). Lets a
 * planner count epochs without generating the requests (spagm gen). */
uint32_t spagm_stim_epoch_budget(const spagm_stim *s, spagm_unit u);

/** Whether the current epoch's load of unit u leaves the registers that
 * hold their power-on value unwritten (the "power-on values left in place"
 * corner: pixel unit N280, attribute and texture units N291): the unit's
 * reset must give them. */
bool spagm_stim_keeps_power_on(const spagm_stim *s, spagm_unit u);

/** The configuration words that load unit u with model m's state in the
 * current epoch: spagm_statemap_load_list, without the register words at
 * their power-on value when spagm_stim_keeps_power_on (N280), and with the
 * epoch's illegal writes when spagm_stim_has_illegal_writes (N290): one of
 * each kind placed among the legal words (a value the register cannot hold
 * right behind the register's own word) and one of each after them; when
 * spagm_stim_rewrites_registers (N420), first a write of another legal
 * value to each register word the rest names (spagm_stim_rewritten of
 * them). For the attribute unit, the first memory block right behind the
 * clear command when the epoch draws SPAGM_STIM_ATTR_AFTER_CLEAR, and each
 * memory block of two or more words as its odd words, then its even words
 * (two bursts, N120) when it draws SPAGM_STIM_ATTR_BLOCKS_TWICE (N467): the
 * same words, so the same state. For the texture unit, the register words
 * in a random order when the epoch draws "register words in a random
 * order" (N550). out is appended to. */
spagm_status spagm_stim_load_list(spagm_stim *s, const spagm_model *m, spagm_unit u,
                                  spagm_cfg_list *out);

/** The register words of unit u that the current epoch's load leaves at
 * their power-on value (the one derivation of "unwritten registers", used
 * by spagm-cosim, its coverage and the Python binding): bit k is the
 * register word at byte address 4k of target 0 (pixel unit: k 0..3,
 * stage, samples, positions, SSAA; attribute unit k 0..7, stage to ST_REQ
 * end; texture unit k 0..5, stage to FP16 rounding). 0 when the epoch keeps no power-on
 * value for u (spagm_stim_keeps_power_on), for NULL or a bad unit. m is
 * the model holding the epoch's state, as for spagm_stim_load_list. */
uint32_t spagm_stim_unwritten(spagm_stim *s, const spagm_model *m, spagm_unit u);

/** Whether the current epoch's load of unit u writes each register word it
 * names twice, first with another value the register can hold (the "registers
 * written twice" corner, pixel unit, N420). */
bool spagm_stim_rewrites_registers(const spagm_stim *s, spagm_unit u);

/** How many words at the start of the last spagm_stim_load_list of unit u
 * in the current epoch are such first writes (in ascending address order);
 * 0 when the epoch draws no rewrite for u, for NULL or a bad unit. */
size_t spagm_stim_rewritten(const spagm_stim *s, spagm_unit u);

/** Corners of an attribute epoch (docs/stimulus.md): stimulus 11's maps at
 * their ends (N466) and load's memory bursts (N467); stimulus 13's and 15's
 * state and request corners (N531, N532). */
typedef enum spagm_stim_attr_corner {
  SPAGM_STIM_ATTR_ALL_MAPPED,      /**< every attribute in all four maps (N = 256) */
  SPAGM_STIM_ATTR_ONE_OUTPUT,      /**< one attribute in the output map (N = 1) */
  SPAGM_STIM_ATTR_BLOCKS_TWICE,    /**< each memory block loaded in two bursts */
  SPAGM_STIM_ATTR_AFTER_CLEAR,     /**< a memory burst right after the clear command */
  SPAGM_STIM_ATTR_UPPER_HALF,      /**< every attribute mapped over 129..136 vertices */
  SPAGM_STIM_ATTR_STREQ_TOP,       /**< ST_REQ ending at attribute 255 */
  SPAGM_STIM_ATTR_STREQ_ZERO,      /**< ST_REQ from attribute 0, which only ST_REQ maps */
  SPAGM_STIM_ATTR_GS_MAX_POWER_ON, /**< MaxOutputVertexCount at its power-on value 32 */
  SPAGM_STIM_ATTR_ISBE_END,        /**< a request: an ISBERD lane at the ISBE's end or past it */
  SPAGM_STIM_ATTR_GUARD,           /**< a request: a guard other than \@PT */
  SPAGM_STIM_ATTR_IMM_END,         /**< a request: an AL2P with Ra and an immediate of +-512..1023 */
  SPAGM_STIM_ATTR_STREQ_POWER_ON,  /**< ST_REQ start at its power-on value 255, end written */
  SPAGM_STIM_ATTR_AST_O,           /**< a request: an AST with its .O bit (32) set */
  SPAGM_STIM_ATTR_CORNERS
} spagm_stim_attr_corner;

/** Whether the current epoch drew attribute corner k so far (false outside
 * an epoch, for NULL or a bad k): the state corners when the epoch begins,
 * the request corners once a request of the epoch drew one. The load
 * corners apply to the lists spagm_stim_load_list gives when the attribute
 * unit is in the mix. */
bool spagm_stim_attr_corner_drawn(const spagm_stim *s, spagm_stim_attr_corner k);

/** Stimulus 12's corners of TLDS.F16's fp32 -> fp16 conversion (R22,
 * N495, docs/stimulus.md): FP32 words of float texels, drawn per word;
 * each of either sign. "A tie" is a normal-range word whose 13 dropped
 * fraction bits are exactly 0x1000. */
typedef enum spagm_stim_f16_corner {
  SPAGM_STIM_F16_INF,              /**< infinity */
  SPAGM_STIM_F16_QUIET_NAN,        /**< quiet NaN, random payload */
  SPAGM_STIM_F16_SIGNALLING_NAN,   /**< signalling NaN, random payload */
  SPAGM_STIM_F16_NAN_LOW_PAYLOAD,  /**< signalling NaN whose payload lies only in the dropped bits */
  SPAGM_STIM_F16_BELOW_TIE,        /**< one ulp below a tie (dropped bits 0x0FFF) */
  SPAGM_STIM_F16_ABOVE_TIE,        /**< one ulp above a tie (dropped bits 0x1001) */
  SPAGM_STIM_F16_BELOW_MAX_TIE,    /**< one ulp below 65520 (rounds to 65504) */
  SPAGM_STIM_F16_ABOVE_MAX_TIE,    /**< one ulp above 65520 (overflows in both modes) */
  SPAGM_STIM_F16_OVERFLOW,         /**< 2^16 or more, finite */
  SPAGM_STIM_F16_SUBNORMAL_TIE,    /**< a tie of a subnormal result (2^-24 .. 2^-15) */
  SPAGM_STIM_F16_MIN_NORMAL_TIE,   /**< the tie below 2^-14 (RNE carries into the normal range) */
  SPAGM_STIM_F16_MIN_SUBNORMAL,    /**< the smallest subnormal, 2^-24 */
  SPAGM_STIM_F16_HALF_MIN_SUBNORMAL, /**< 2^-25 (RNE: zero) */
  SPAGM_STIM_F16_ABOVE_HALF_MIN_SUBNORMAL, /**< one ulp above 2^-25 (RNE: 2^-24) */
  SPAGM_STIM_F16_UNDERFLOW,        /**< below 2^-25: an fp32 normal or denormal that gives zero */
  SPAGM_STIM_F16_ZERO,             /**< zero */
  SPAGM_STIM_F16_CORNERS
} spagm_stim_f16_corner;

/** The stimulus-12 corners (bit k for spagm_stim_f16_corner k) among the
 * words of the texel whose first byte is at `address` in a float FP32
 * texture of the current epoch; 0 for a texel without one, outside an
 * epoch, or for NULL s. */
uint32_t spagm_stim_f16_corners_at(const spagm_stim *s, uint64_t address);

/** Stimulus 14's, 16's and 17's texture-state corners (N516, N517, N550,
 * N553, docs/stimulus.md) a header carries: its own, and the epoch's bank-row
 * and pool corners with every header of the epoch. The per-texel edge
 * codes are not among them. */
typedef enum spagm_stim_tex_corner {
  SPAGM_STIM_TEX_BLOCK_SHAPE,    /**< GOBs per block 2^4..2^5 (block-linear) */
  SPAGM_STIM_TEX_VIEW_PAST,      /**< view maximum past the last level stored (N69) */
  SPAGM_STIM_TEX_IGNORED_FIELDS, /**< a field the type or layout ignores, set (N65, N69, N70) */
  SPAGM_STIM_TEX_DATA_TYPES,     /**< lacking components' types, sRGB with any 8-bit alpha */
  SPAGM_STIM_TEX_UNUSED_BITS,    /**< bits outside every field, random */
  SPAGM_STIM_TEX_LONG,           /**< a long texture (a dimension 2^8 - 1 .. 2^16) */
  SPAGM_STIM_TEX_BANK_ROWS,      /**< the epoch's bank words spread over the rows */
  SPAGM_STIM_TEX_POOL_32,        /**< the epoch's pool at a 32-byte multiple off 4 KiB */
  SPAGM_STIM_TEX_POOL_POWER_ON,  /**< the pool at base 0 with MaximumIndex 0, left to the reset */
  SPAGM_STIM_TEX_POOL_LARGE,     /**< MaximumIndex 2^19 and above (headerPtr's top bit) */
  SPAGM_STIM_TEX_POOL_MULTIPLE,  /**< texels at 2 or 4 times a 32 KiB-aligned pool's address */
  SPAGM_STIM_TEX_TALL_DEEP,      /**< 3D, over 256 rows and 16 slices, blocks of 2^5 x 2^5 GOBs */
  SPAGM_STIM_TEX_SLICES_16384,   /**< 3D of 16384 slices, its view from level 2 or later */
  SPAGM_STIM_TEX_CORNERS
} spagm_stim_tex_corner;

/** The texture-state corners (bit k for spagm_stim_tex_corner k) of header
 * `header` of the current epoch's pool; 0 for a header the generator did
 * not write, outside an epoch, or for NULL s. */
uint32_t spagm_stim_tex_corners_at(const spagm_stim *s, uint32_t header);

/** Kinds of illegal configuration write (docs/port-contract.md, N123): the
 * unit must ignore each, and a read of the address gives 0 (kinds TARGET
 * and ADDRESS) or the register's unchanged value (VALUE). N290. */
typedef enum spagm_stim_illegal_kind {
  SPAGM_STIM_ILLEGAL_TARGET = 0,  /**< a target with no table */
  SPAGM_STIM_ILLEGAL_ADDRESS = 1, /**< an address of a target's table that names no word */
  SPAGM_STIM_ILLEGAL_VALUE = 2,   /**< a value the register cannot hold */
  SPAGM_STIM_ILLEGAL_KINDS = 3
} spagm_stim_illegal_kind;

/** One illegal write of an epoch's load (spagm_stim_illegal_writes). */
typedef struct spagm_stim_illegal {
  uint32_t addr;                /**< the address written */
  uint32_t data;                /**< the word written there */
  spagm_stim_illegal_kind kind; /**< what makes it illegal */
  bool after;                   /**< after every legal word, else among them */
  /** A target or address write that carries a value the register of target
   * 0 its address aliases can hold (N421): a unit that decodes the address
   * too loosely takes it. */
  bool aliases;
} spagm_stim_illegal;

/** Whether the current epoch's load of unit u carries illegal writes (the
 * "illegal writes" corner, N290). */
bool spagm_stim_has_illegal_writes(const spagm_stim *s, spagm_unit u);

/** The illegal writes the last spagm_stim_load_list of unit u inserted in
 * the current epoch, one of each kind among the legal words and one of each
 * after them (*out: valid until the next load list or epoch); 0 when it
 * inserted none, for NULL or a bad unit. */
size_t spagm_stim_illegal_writes(const spagm_stim *s, spagm_unit u,
                                 const spagm_stim_illegal **out);

/** The addresses read back at the end of the current epoch of unit u (data
 * 0): spagm_statemap_readback_list; for the texture unit, when the epoch
 * spread its bank words over the rows, the 32 words of the row of one of
 * them too (N550); then the address of every illegal write of the epoch's
 * load in ascending order (each once), so a unit that took one shows it
 * (N290). out is appended to. */
spagm_status spagm_stim_readback_list(const spagm_stim *s, const spagm_model *m, spagm_unit u,
                                      spagm_cfg_list *out);

/** One line describing the current epoch's state for unit u (for reports),
 * e.g. "stage GS, 37 vertices, trap on, shared ISBE". */
const char *spagm_stim_epoch_summary(const spagm_stim *s, spagm_unit u);

#ifdef __cplusplus
}
#endif
#endif
