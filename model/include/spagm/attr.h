// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — attribute-unit state: stage, attribute maps, ISBE spaces, and the
 * backdoor a testbench uses to load and read back all of it (ALD.txt,
 * AST.txt, ISBE-layout.txt, DESIGN §3 "State", §7.3, rulings R1–R12).
 *
 * What the state is
 * -----------------
 * - The stage of the running shader (spagm_stage, insn.h).
 * - Four attribute maps, 256 bits each, one bit per 32-bit attribute (bit
 *   = logical byte address / 4, so bit 0x70/4 = 28 is POSITION_X): IMAP and
 *   OMAP of the current stage, OMAP of the previous stage, IMAP of the next
 *   stage. They are passed as uint32_t[8], bit b in word b/32, bit b%32.
 * - The store-request range ST_REQ of the current stage: attribute indexes
 *   start..end inclusive (SPH StoreReqStart/StoreReqEnd, units of 32-bit
 *   attributes, spec-notes N21); end < start is the empty range.
 * - Derived from those (ALD.txt):
 *     input  BMAP = IMAP(current) & OMAP(previous)
 *     output BMAP = OMAP(current) & (IMAP(next) | ST_REQ(current))
 * - Two ISBE spaces, input and output, or one space serving both when
 *   sharing is on (SPH bit 25). Each space is one byte-addressed memory with
 *   four regions at fixed offsets (SPAGM_ISBE_*_BASE below). The attribute
 *   region is compacted by that space's BMAP and laid out SKEW (R1): vertex
 *   v, rank k (k-th set bit of the BMAP) lives at byte
 *       (v/32)*(N*128) + k*128 + (v%32)*4,   N = popcount(BMAP).
 * - Write-status bits per space, vertex and logical attribute: "written by
 *   the previous stage" for the input space, "written by this stage" for the
 *   output space (ALD.txt tables). Kept per space even when the memory is
 *   shared (N24).
 * - The vertex count (handles >= it are out of range, R9), patch size in
 *   words (R4), MaxOutputVertexCount of a GS (R12), the default-value table
 *   (R3), HW-generated attribute values (R2) and the vertex-trap enable (R9).
 * - The GS output buffer: one per lane (thread), SPAGM_ATTR_GS_LANE_WORDS
 *   words; output vertex i, rank k (output BMAP) is word i*N + k (N26).
 *
 * Addressing the memories from outside (backdoor, vector files, responses)
 * ------------------------------------------------------------------------
 * Every memory is named by a spagm_space (txn.h) and a byte address, the
 * same pair a response's st_space/st_addr reports:
 *   SPAGM_SPACE_ISBE_IN / _ISBE_OUT  a whole ISBE space, regions at the
 *                                    SPAGM_ISBE_*_BASE offsets (attribute
 *                                    region at 0, so AST store addresses are
 *                                    the R1 offsets themselves);
 *   SPAGM_SPACE_PATCH                the output space's patch region from 0
 *                                    (where AST.P stores go);
 *   SPAGM_SPACE_GS_OUT               the GS output buffers, lane l at
 *                                    l * SPAGM_ATTR_GS_LANE_BYTES.
 * With sharing on, ISBE_IN and ISBE_OUT name the same memory.
 *
 * Power-on state (spagm_model_new / spagm_model_reset): stage VSA, all maps
 * empty, ST_REQ empty (start 255, end 0), no sharing, 32 vertices, 32 patch
 * words, MaxOutputVertexCount 32, trap off, memories and write-status zero,
 * HW values 0, default table per R3.
 *
 * Errors: every function returns SPAGM_E_ARG for a NULL model or pointer and
 * for out-of-range values (a vertex past the configured maximum, an address
 * past a memory, an unknown enum), SPAGM_E_STATE when the request does not
 * fit the current state (an attribute that has no storage because its BMAP
 * bit is 0), and fills d (optional, may be NULL) with the reason. A failing
 * call changes nothing.
 *
 * Example (examples/api/attr.c, run by the test api_example.attr): a
 * tessellation shader's maps, vertex count and one previous-stage output
 * loaded through the backdoor.
 * \snippet examples/api/attr.c attr_state
 */
#ifndef SPAGM_ATTR_H
#define SPAGM_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spagm/model.h"

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

/// @{
/** Logical attribute space: 1024 bytes, 256 attributes of 32 bits. */
#define SPAGM_ATTR_BYTES 1024u
#define SPAGM_ATTR_COUNT 256u
#define SPAGM_ATTR_MAP_WORDS 8u /**< uint32_t words of one 256-bit map */
/// @}

/// @{
/** Capacities fixed at model creation (N20). The map region holds 8-bit
 * vertex indices, so a vertex handle is below 256. */
#define SPAGM_ATTR_MAX_VERTICES 256u
#define SPAGM_ATTR_MAX_PRIMITIVES 256u
#define SPAGM_ATTR_MAX_PATCH_WORDS 128u
#define SPAGM_ATTR_MAX_GS_VERTICES 1024u
#define SPAGM_ATTR_GS_LANE_WORDS 1024u /**< 32-bit words per thread (N26) */
#define SPAGM_ATTR_GS_LANE_BYTES (4u * SPAGM_ATTR_GS_LANE_WORDS)
#define SPAGM_ATTR_GS_BYTES (32u * SPAGM_ATTR_GS_LANE_BYTES)
/// @}

/// @{
/** Regions of one ISBE space: base byte offset and size (N20). The attribute
 * region holds SPAGM_ATTR_MAX_VERTICES vertices of up to 256 attributes. */
#define SPAGM_ISBE_ATTR_BASE 0x00000u
#define SPAGM_ISBE_ATTR_SIZE 0x40000u
#define SPAGM_ISBE_MAP_BASE 0x40000u
#define SPAGM_ISBE_MAP_SIZE 0x00400u
#define SPAGM_ISBE_PATCH_BASE 0x40400u
#define SPAGM_ISBE_PATCH_SIZE 0x00200u /**< 4 * SPAGM_ATTR_MAX_PATCH_WORDS */
#define SPAGM_ISBE_PRIM_BASE 0x40600u
#define SPAGM_ISBE_PRIM_SIZE 0x00400u
#define SPAGM_ISBE_SPACE_BYTES 0x40A00u
/// @}

/// @{
/** Base and size of a region (spagm_isbe_region, insn.h); 0 for a value
 * outside the enum. The patch region's usable size is 4 * patch_words. */
uint32_t spagm_isbe_region_base(spagm_isbe_region r);
uint32_t spagm_isbe_region_size(spagm_isbe_region r);
/// @}

/// @{
/** Which attribute map a setter or getter means. The BMAPs are derived and
 * can only be read. */
typedef enum spagm_attr_map {
  SPAGM_MAP_IMAP = 0,      /**< IMAP of the current stage */
  SPAGM_MAP_OMAP = 1,      /**< OMAP of the current stage */
  SPAGM_MAP_OMAP_PREV = 2, /**< OMAP of the previous stage */
  SPAGM_MAP_IMAP_NEXT = 3, /**< IMAP of the next stage */
  SPAGM_MAP_STREQ = 4,     /**< ST_REQ as a map (read only, from the range) */
  SPAGM_MAP_BMAP_IN = 5,   /**< input BMAP (read only) */
  SPAGM_MAP_BMAP_OUT = 6,  /**< output BMAP (read only) */
  SPAGM_MAP_COUNT
} spagm_attr_map;
const char *spagm_attr_map_name(spagm_attr_map which);
/// @}

/** HW-generated attributes (R2), returned by ALD.I when the input BMAP bit is
 * 1 and the previous stage did not write the attribute. PRIMITIVE_ID is kept
 * per primitive (indexed by the primitive handle), the others per vertex. */
typedef enum spagm_attr_hw {
  SPAGM_HW_PRIMITIVE_ID = 0, /**< 0x060 */
  SPAGM_HW_TESS_COORD_U = 1, /**< 0x2F0 */
  SPAGM_HW_TESS_COORD_V = 2, /**< 0x2F4 */
  SPAGM_HW_INSTANCE_ID = 3,  /**< 0x2F8 */
  SPAGM_HW_VERTEX_ID = 4,    /**< 0x2FC */
  SPAGM_HW_FRONT_FACE = 5,   /**< 0x3FC */
  SPAGM_HW_COUNT
} spagm_attr_hw;
/** Attribute byte address of a HW-generated attribute (0x060, 0x2F0, ...),
 * or 0xFFFFFFFF for a value outside the enum. */
uint32_t spagm_attr_hw_addr(spagm_attr_hw kind);
/// @{
/** The HW kind at byte address addr (aligned to 4), or -1 when addr is not a
 * HW-generated attribute. */
int spagm_attr_hw_at(uint32_t addr);
const char *spagm_attr_hw_name(spagm_attr_hw kind);
/// @}

/** Every scalar and map of the attribute-unit state: what a co-simulation
 * loads into the RTL before traffic and what a vector file records. The
 * memories, write-status bits and HW values are read separately (below). */
typedef struct spagm_attr_config {
  spagm_stage stage;       /**< the shader stage (DESIGN §7.3) */
  bool shared;             /**< one ISBE space serves input and output */
  bool trap;               /**< vertex-handle trap (R9) */
  uint32_t vertex_count;   /**< 0..SPAGM_ATTR_MAX_VERTICES */
  uint32_t patch_words;    /**< 8, 16, 32, 64 or 128 (R4) */
  uint32_t gs_max_vertices; /**< MaxOutputVertexCount, 0..1024 (R12) */
  uint32_t streq_start;    /**< attribute index 0..255 */
  uint32_t streq_end;      /**< attribute index 0..255, inclusive */
  uint32_t imap[SPAGM_ATTR_MAP_WORDS];      /**< IMAP of the current stage */
  uint32_t omap[SPAGM_ATTR_MAP_WORDS];      /**< OMAP of the current stage */
  uint32_t omap_prev[SPAGM_ATTR_MAP_WORDS]; /**< OMAP of the previous stage */
  uint32_t imap_next[SPAGM_ATTR_MAP_WORDS]; /**< IMAP of the next stage */
  uint32_t defaults[SPAGM_ATTR_COUNT]; /**< default value per attribute (R3) */
} spagm_attr_config;

/** Copy of the whole configuration. */
spagm_status spagm_attr_get_config(const spagm_model *m, spagm_attr_config *c,
                                   spagm_diag *d);
/** Replace the whole configuration after checking every field (stage enum,
 * counts and sizes in range, streq indexes <= 255). Memories, write-status
 * bits and HW values are kept. On error nothing changes. */
spagm_status spagm_attr_set_config(spagm_model *m, const spagm_attr_config *c,
                                   spagm_diag *d);
/** The power-on configuration (see the top of this file). */
void spagm_attr_config_default(spagm_attr_config *c);

/* --- Single settings ---------------------------------------------------- */

/** Set the shader stage; SPAGM_E_ARG for a value outside spagm_stage. */
spagm_status spagm_attr_set_stage(spagm_model *m, spagm_stage stage,
                                  spagm_diag *d);
/** The shader stage into *stage. */
spagm_status spagm_attr_get_stage(const spagm_model *m, spagm_stage *stage,
                                  spagm_diag *d);


/** Set IMAP, OMAP, OMAP_PREV or IMAP_NEXT from bits[8] (one bit per 32-bit
 * attribute, bit = address/4). The derived maps are SPAGM_E_ARG. */
spagm_status spagm_attr_set_map(spagm_model *m, spagm_attr_map which,
                                const uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                spagm_diag *d);
/** Read any map, the derived ones included. */
spagm_status spagm_attr_get_map(const spagm_model *m, spagm_attr_map which,
                                uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                spagm_diag *d);

/** ST_REQ = attributes start..end inclusive (indexes 0..255, address/4);
 * end < start clears it. */
spagm_status spagm_attr_set_store_req(spagm_model *m, unsigned start,
                                      unsigned end, spagm_diag *d);

/** Share one ISBE space between input and output (SPH bit 25). The memory
 * that serves both is the input space's; the output space's own memory is
 * kept and comes back when sharing is turned off (N24). */
spagm_status spagm_attr_set_shared(spagm_model *m, bool shared, spagm_diag *d);

/** Number of ISBE vertex entries, 0..SPAGM_ATTR_MAX_VERTICES (R9). */
spagm_status spagm_attr_set_vertex_count(spagm_model *m, unsigned count,
                                         spagm_diag *d);
/** Patch size in 32-bit words: 8, 16, 32, 64 or 128 (R4). */
spagm_status spagm_attr_set_patch_words(spagm_model *m, unsigned words,
                                        spagm_diag *d);
/** MaxOutputVertexCount of a GS, 0..SPAGM_ATTR_MAX_GS_VERTICES (R12). */
spagm_status spagm_attr_set_gs_max_vertices(spagm_model *m, unsigned count,
                                            spagm_diag *d);
/** Vertex-handle trap enable (R9). */
spagm_status spagm_attr_set_trap(spagm_model *m, bool on, spagm_diag *d);

/// @{
/** Default value of the attribute at byte address addr (0..1020, multiple of
 * 4) (R3). */
spagm_status spagm_attr_set_default(spagm_model *m, uint32_t addr,
                                    uint32_t value, spagm_diag *d);
spagm_status spagm_attr_get_default(const spagm_model *m, uint32_t addr,
                                    uint32_t *value, spagm_diag *d);
/// @}

/// @{
/** HW-generated value (R2): index is the primitive for PRIMITIVE_ID
 * (< SPAGM_ATTR_MAX_PRIMITIVES), the vertex otherwise
 * (< SPAGM_ATTR_MAX_VERTICES). */
spagm_status spagm_attr_set_hw(spagm_model *m, spagm_attr_hw kind,
                               unsigned index, uint32_t value, spagm_diag *d);
spagm_status spagm_attr_get_hw(const spagm_model *m, spagm_attr_hw kind,
                               unsigned index, uint32_t *value, spagm_diag *d);
/// @}

/// @{
/** Load the state from real SPH v3 headers (20 words each, DESIGN §7.3).
 * cur is the running shader's header: stage must match its ShaderType
 * (VERTEX for VSA/VSB, TESS_INIT for TI, TESSELLATION for TS, GEOMETRY for
 * GS, PIXEL for PS) and its SphType (VTG, or PS for PS). From cur come the
 * stage, IMAP, OMAP, ST_REQ, sharing (bit 25), the patch size (TI/TS,
 * PerPatchAttributeCount rounded up to 8/16/32/64/128, N22) and
 * MaxOutputVertexCount (GS). prev (optional) gives OMAP_PREV, next
 * (optional) IMAP_NEXT; a NULL one leaves that map as it is. A PS header
 * as next gives its IMAP (an attribute is in it when its interpolation mode
 * is not UNUSED, N23). SPAGM_E_FORMAT with the field named in d for a header
 * that does not fit; on error nothing changes. */
#define SPAGM_SPH_WORDS 20u
spagm_status spagm_attr_load_sph(spagm_model *m, spagm_stage stage,
                                 const uint32_t cur[SPAGM_SPH_WORDS],
                                 const uint32_t *prev, const uint32_t *next,
                                 spagm_diag *d);
/// @}

/// @{
/** Load only the OMAP_PREV from a previous stage's header, or only the
 * IMAP_NEXT from a next stage's header (VTG, or PS for next), leaving the
 * rest of the state as it is. SPAGM_E_FORMAT for a header that does not
 * fit (a PS as previous stage, bad type fields). */
spagm_status spagm_attr_load_sph_prev(spagm_model *m,
                                      const uint32_t prev[SPAGM_SPH_WORDS],
                                      spagm_diag *d);
spagm_status spagm_attr_load_sph_next(spagm_model *m,
                                      const uint32_t next[SPAGM_SPH_WORDS],
                                      spagm_diag *d);
/// @}

/* --- Memories (backdoor) ------------------------------------------------ */

/** Size in bytes of the memory named by space (ISBE_IN/ISBE_OUT:
 * SPAGM_ISBE_SPACE_BYTES, PATCH: 4 * patch_words, GS_OUT:
 * SPAGM_ATTR_GS_BYTES); 0 for SPAGM_SPACE_NONE or an unknown value. */
uint32_t spagm_attr_space_size(const spagm_model *m, spagm_space space);

/// @{
/** Copy n bytes at byte address addr of a memory out of / into the model.
 * Raw: write-status bits are not touched. SPAGM_E_ARG when [addr, addr+n)
 * is not inside the memory. */
spagm_status spagm_attr_read(const spagm_model *m, spagm_space space,
                             uint32_t addr, void *buf, size_t n,
                             spagm_diag *d);
spagm_status spagm_attr_write(spagm_model *m, spagm_space space,
                              uint32_t addr, const void *buf, size_t n,
                              spagm_diag *d);
/// @}
/// @{
/** Little-endian 32-bit word at a 4-aligned address. */
spagm_status spagm_attr_read32(const spagm_model *m, spagm_space space,
                               uint32_t addr, uint32_t *value, spagm_diag *d);
spagm_status spagm_attr_write32(spagm_model *m, spagm_space space,
                                uint32_t addr, uint32_t value, spagm_diag *d);
/// @}

/** Physical byte address (R1) of attribute addr of vertex v in the ISBE_IN
 * or ISBE_OUT space, under that space's BMAP. SPAGM_E_STATE when the BMAP
 * bit of addr is 0 (the attribute has no storage). */
spagm_status spagm_attr_phys_addr(const spagm_model *m, spagm_space space,
                                  unsigned vertex, uint32_t addr,
                                  uint32_t *phys, spagm_diag *d);

/// @{
/** Write/read attribute addr (multiple of 4, < 1024) of vertex v through the
 * R1 layout of an ISBE space. set_vertex_attr also sets the write-status bit
 * when mark_written. SPAGM_E_STATE when the attribute has no storage. */
spagm_status spagm_attr_set_vertex_attr(spagm_model *m, spagm_space space,
                                        unsigned vertex, uint32_t addr,
                                        uint32_t value, bool mark_written,
                                        spagm_diag *d);
spagm_status spagm_attr_get_vertex_attr(const spagm_model *m,
                                        spagm_space space, unsigned vertex,
                                        uint32_t addr, uint32_t *value,
                                        spagm_diag *d);
/// @}

/// @{
/** Write-status bit of (vertex, attribute addr) of the ISBE_IN space
 * (written by the previous stage) or ISBE_OUT space (written by this
 * stage). Any vertex below SPAGM_ATTR_MAX_VERTICES and any address < 1024. */
spagm_status spagm_attr_set_written(spagm_model *m, spagm_space space,
                                    unsigned vertex, uint32_t addr,
                                    bool written, spagm_diag *d);
spagm_status spagm_attr_get_written(const spagm_model *m, spagm_space space,
                                    unsigned vertex, uint32_t addr,
                                    bool *written, spagm_diag *d);
/// @}
/// @{
/** All 256 write-status bits of one vertex (bit = address/4). */
spagm_status spagm_attr_set_written_bits(
    spagm_model *m, spagm_space space, unsigned vertex,
    const uint32_t bits[SPAGM_ATTR_MAP_WORDS], spagm_diag *d);
spagm_status spagm_attr_get_written_bits(const spagm_model *m,
                                         spagm_space space, unsigned vertex,
                                         uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                         spagm_diag *d);
/// @}

/// @{
/** Output map region helpers (ISBE-layout.txt): the 32-bit primitive_count at
 * offset 0 of the output space's map region, and 8-bit primitive index i at
 * offset i (input space) or 4 + i (output space). */
spagm_status spagm_attr_set_primitive_count(spagm_model *m, uint32_t count,
                                            spagm_diag *d);
spagm_status spagm_attr_set_primitive_index(spagm_model *m, spagm_space space,
                                            unsigned i, uint8_t vertex,
                                            spagm_diag *d);
/// @}

#ifdef __cplusplus
}
#endif
#endif
