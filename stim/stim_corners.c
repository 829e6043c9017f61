// SPDX-License-Identifier: Apache-2.0
/* The corner tables: for every field the spec bounds, the boundary values
 * the generator draws with an explicit weight (per mille of the field's
 * draws); the rest of the field's draws are uniform. One table per unit,
 * listed in docs/stimulus.md (a test checks the page against them). A
 * changed weight changes the traffic: bump SPAGM_STIM_VERSION (N240). */
#include <stddef.h>

#include "stim_internal.h"

#define LANE_MASK_CORNERS                                  \
  {"lane mask", "all lanes", 450, false},                  \
  {"lane mask", "no lane", 50, false},                     \
  {"lane mask", "only one lane", 100, false},              \
  {"lane mask", "all lanes but one", 100, false}

const spagm_stim_corner spagm__stim_attr_corners[AC_N] = {
    LANE_MASK_CORNERS,
    /* R9: one lane's handle, per handle field of a request. */
    {"vertex handle", "first valid (0)", 40, false},
    {"vertex handle", "last valid (count - 1)", 60, false},
    {"vertex handle", "first invalid (count)", 40, false},
    /* R4: attribute byte address of a 32..128-bit access. */
    {"attribute address", "first valid (0x000)", 40, false},
    {"attribute address", "last word (0x3FC)", 40, false},
    {"attribute address", "last valid start of the vector (1024 - size)", 60, false},
    {"attribute address", "first invalid start of the vector (1028 - size)", 60, false},
    /* R4: patch offset Ra + imm of one lane against 4 x patch_words. */
    {"patch offset", "first valid (0)", 100, false},
    {"patch offset", "last word (4 x patch_words - 4)", 100, false},
    {"patch offset", "first invalid (4 x patch_words)", 100, false},
    {"patch offset", "below the patch (-4)", 50, false},
    /* R12: GS output vertex index [15:0] of one lane of an AST. */
    {"GS output vertex index", "first valid (0)", 80, false},
    {"GS output vertex index", "last valid (max - 1)", 120, false},
    {"GS output vertex index", "first invalid (max)", 120, false},
    /* N29: ISBERD byte offset of one lane against its region. */
    {"ISBERD offset", "first valid (0)", 100, false},
    {"ISBERD offset", "last valid element (size - element)", 150, false},
    {"ISBERD offset", "first invalid (size)", 150, false},
    /* N531: one lane of an ISBERD with Ra at the end of the ISBE's
     * attribute region, whatever region it names: its last element
     * (0x40000 - element), the first byte past it (0x40000), and the last
     * element of the 32-bit offsets (2^32 - element), where the region's
     * end wraps. */
    {"ISBERD offset past the region", "the ISBE's last element (0x40000 - element)", 60, false},
    {"ISBERD offset past the region", "the ISBE's end (0x40000)", 60, false},
    {"ISBERD offset past the region", "the last element of 32 bits (2^32 - element)", 60, false},
    /* AST.txt/ALD.txt ST_REQ: the store-request range against the OMAP,
     * drawn once per epoch. */
    {"ST_REQ range", "end = start", 150, true},
    {"ST_REQ range", "end at the first OMAP attribute", 120, true},
    {"ST_REQ range", "end at the last OMAP attribute", 120, true},
    {"ST_REQ range", "start at the last OMAP attribute", 100, true},
    /* N531: the range at the ends of the attribute indexes: ending at 255,
     * and starting at 0 with attribute 0 in OMAP and not in IMAP(next), so
     * only ST_REQ puts it in the output BMAP. */
    {"ST_REQ range", "end at attribute 255", 120, true},
    {"ST_REQ range", "start at attribute 0, which only ST_REQ maps", 200, true},
    /* N532: start at its power-on value 255 and end 1..254 (an empty
     * range, N21), so an epoch that keeps power-on values writes the end
     * word of the pair without the start word. */
    {"ST_REQ range", "start at its power-on value 255, end written (empty)", 100, true},
    /* N26, N283: a GS epoch whose MaxOutputVertexCount lets a store reach
     * the end of the lane's 1024-word buffer (N: output BMAP attributes),
     * and one lane of a GS store at its last word or the first past it. */
    {"GS output buffer size", "MaxOutputVertexCount past the word limit (1024 / N + 1..8)", 700, true},
    {"GS buffer word", "last valid (word 1023)", 400, false},
    {"GS buffer word", "first invalid (word 1024)", 400, false},
    /* N290: the epoch's load carries illegal configuration writes (N123),
     * one of each kind among the legal words and one of each after them. */
    {"illegal writes", "outside a table and of values a register cannot hold", 300, true},
    /* N291: the epoch's load leaves the registers and default-table words
     * that hold their power-on value unwritten (the reset gives them). */
    {"load", "power-on values left in place (registers, default table)", 300, true},
    /* N466: the attribute maps at their ends: every attribute in all four
     * maps (N = 256 in both spaces, ranks up to 255, 33..64 vertices), or
     * one attribute in the output map (N = 1; in a GS epoch with
     * MaxOutputVertexCount 1024, so a buffer holds 1024 vertices). */
    {"attribute maps", "every attribute mapped (N = 256)", 200, true},
    {"attribute maps", "one output attribute (N = 1)", 200, true},
    /* N531: every attribute mapped over 129..136 vertices and a shared
     * ISBE, so vertices 128 and up sit at offsets of 0x20000 or more. */
    {"attribute maps", "every attribute mapped over 129..136 vertices (ISBE offsets of 0x20000 and up)", 120, true},
    /* N467: the epoch's load writes every memory block of two or more
     * words in two bursts (its odd words, then its even words), so the
     * second burst's mask leaves out words the block already holds; and
     * its first memory block in the cycle after the clear command. */
    {"load", "memory blocks written in two bursts (a partial mask over written words)", 300, true},
    {"load", "a memory burst right after the clear command", 300, true},
    /* N531: MaxOutputVertexCount at its power-on value 32, so an epoch
     * that keeps power-on values leaves it to the reset. */
    {"GS output buffer size at power-on", "MaxOutputVertexCount 32 (its power-on value)", 250, true},
    /* N531: a request's guard [19:16] other than @PT (the unit sees the
     * lanes after the guard and reads no guard bit). */
    {"guard", "a guard other than @PT", 40, false},
    /* N531: an AL2P with Ra whose immediate has bits 10 and 9 unequal
     * (512..1023 or -1024..-513), every lane's Ra putting the sum in range. */
    {"AL2P immediate with Ra", "bit 10 unlike bit 9 (+-512..1023)", 150, false},
    /* N532: AST with its bit 32 (.O, N340) set, as NAK writes every
     * store. */
    {"AST .O bit", "AST.O (bit 32 set, as NAK writes every store)", 150, false},
};

const spagm_stim_corner spagm__stim_pix_corners[PC_N] = {
    LANE_MASK_CORNERS,
    /* R13/N53: a lane's coverage mask against the sample count. */
    {"coverage mask", "all samples", 250, false},
    {"coverage mask", "no sample", 100, false},
    {"coverage mask", "all samples but one", 120, false},
    {"coverage mask", "only one sample", 120, false},
    /* R13: a lane's current sample index. */
    {"sample index", "first valid (0)", 100, false},
    {"sample index", "last valid (samples - 1)", 100, false},
    {"sample index", "first invalid (samples)", 50, false},
    /* R13: the PIXLD sample index (#imm8 or Ra + #imm8). */
    {"PIXLD index", "first valid (0)", 100, false},
    {"PIXLD index", "last valid (samples - 1)", 100, false},
    {"PIXLD index", "first invalid (samples)", 100, false},
    /* N280: the epoch's load leaves every pixel register at its power-on
     * value unwritten, the positions word always among them (standard
     * positions), so PIXLD runs on the unit's reset values. */
    {"load", "power-on values left in place (positions word unwritten)", 300, true},
    /* N290: the epoch's load carries illegal configuration writes (N123),
     * one of each kind among the legal words and one of each after them. */
    {"illegal writes", "outside a table and of values a register cannot hold", 300, true},
    /* N350, N351, N353: the configuration choices other than their reset
     * value, each drawn once per epoch that does not keep the power-on
     * values. */
    {"offset format", "S0.12 (register 0x10 = 1)", 300, true},
    {"sample order", "NVIDIA (register 0x14 = 1)", 300, true},
    /* N420: the epoch's load first writes each register word it names with
     * another value the register can hold, then the epoch's own value, so a
     * unit that refuses a legal value equal to its reset value keeps the
     * other one. */
    {"load", "registers written twice (another legal value first)", 400, true},
};

const spagm_stim_corner spagm__stim_tex_corners[TC_N] = {
    LANE_MASK_CORNERS,
    /* R17/R18: a lane's s, t or r coordinate against the level's size. */
    {"coordinate", "first valid (0)", 40, false},
    {"coordinate", "last valid (size - 1)", 40, false},
    {"coordinate", "first invalid (size)", 10, false},
    {"coordinate", "negative (-1)", 20, false},
    /* R17: a lane's array layer against the header's depth. */
    {"array layer", "first valid (0)", 50, false},
    {"array layer", "last valid (depth - 1)", 50, false},
    {"array layer", "first invalid (depth)", 30, false},
    /* R18: a lane's level of detail against the view's levels. */
    {"mip level", "first valid (0)", 100, false},
    {"mip level", "last valid (levels - 1)", 100, false},
    {"mip level", "first invalid (levels)", 30, false},
    /* R18: a lane's MSAA sample index against the header's grid. */
    {"sample index", "first valid (0)", 100, false},
    {"sample index", "last valid (samples - 1)", 100, false},
    {"sample index", "first invalid (samples)", 60, false},
    /* R18: the header index of a request's constant-bank word. */
    {"header index", "last valid (MaximumIndex)", 40, false},
    {"header index", "first invalid (MaximumIndex + 1)", 20, false},
    /* R22: an FP32 texel word of a float format (state), as rounded to
     * FP16 by TLDS.F16 under RNE or RZ. */
    {"FP16 rounding input", "exact tie, even below", 60, true},
    {"FP16 rounding input", "exact tie, odd below", 60, true},
    {"FP16 rounding input", "largest finite (65504)", 30, true},
    {"FP16 rounding input", "tie above the largest finite (65520)", 30, true},
    {"FP16 rounding input", "smallest normal (2^-14)", 30, true},
    {"FP16 rounding input", "largest subnormal (2^-14 - 2^-24)", 30, true},
    /* N495: the FP32 corners of the conversion itself, drawn per FP32 word
     * from a stream of their own (stimulus 12, spagm_stim_f16_corner):
     * the special values, a value one ulp either side of a rounding tie,
     * the overflow edge, and the subnormal and underflow edges. A word that
     * draws none keeps the rounding-input draw above. */
    {"FP16 conversion input", "infinity", 25, true},
    {"FP16 conversion input", "quiet NaN", 15, true},
    {"FP16 conversion input", "signalling NaN", 15, true},
    {"FP16 conversion input", "NaN with its payload only in the dropped bits", 10, true},
    {"FP16 conversion input", "one ulp below a tie", 25, true},
    {"FP16 conversion input", "one ulp above a tie", 25, true},
    {"FP16 conversion input", "one ulp below 65520", 15, true},
    {"FP16 conversion input", "one ulp above 65520", 15, true},
    {"FP16 conversion input", "overflow (2^16 and above)", 15, true},
    {"FP16 conversion input", "a subnormal result's tie", 25, true},
    {"FP16 conversion input", "the tie below the smallest normal", 15, true},
    {"FP16 conversion input", "smallest subnormal (2^-24)", 15, true},
    {"FP16 conversion input", "half the smallest subnormal (2^-25)", 15, true},
    {"FP16 conversion input", "one ulp above 2^-25", 15, true},
    {"FP16 conversion input", "underflow (below 2^-25)", 15, true},
    {"FP16 conversion input", "zero", 15, true},
    /* N62: a header outside the modelled subset (a block of 2^6 or 2^7
     * GOBs), drawn per header: its reads are don't-care. */
    {"header", "outside the modelled subset (block height 2^6..2^7 GOBs)", 30, true},
    /* R10 / TLDS.txt register rules 2-4: a source register the row's
     * packing forbids (a warp-wide ILLEGAL_INSTR_ENCODING). Rb = RZ is
     * drawn where the row packs something in Rb, Rb != RZ where it packs
     * nothing (row 0), Ra = RZ in both. */
    {"source registers", "Rb = RZ where the row reads Rb", 5, false},
    {"source registers", "Ra = RZ", 5, false},
    {"source registers", "Rb not RZ where the row reads none", 40, false},
    /* N290: the epoch's load carries illegal configuration writes (N123),
     * one of each kind among the legal words and one of each after them. */
    {"illegal writes", "outside a table and of values a register cannot hold", 300, true},
    /* N291: the epoch's load leaves the registers that hold their power-on
     * value unwritten (pool base [47:32] nearly always). */
    {"load", "power-on values left in place (registers)", 300, true},
    /* N516 (stimulus 14): header corners, drawn per header from a stream
     * of their own after the header's other draws: blocks at the
     * subset's GOB limit, a view past the levels stored (N69), the fields
     * the texture's type or layout ignores (N65, N70), the data types of
     * components the format lacks with sRGB on 8-bit UNORM colour and an
     * alpha of any 8-bit type (N67, N68), and the bits no field uses. */
    {"header block shape", "GOBs per block at the subset's limit (2^4..2^5)", 100, true},
    {"header view", "maximum level past the levels stored", 100, true},
    {"header fields", "fields the type or layout ignores, set", 150, true},
    {"header data types", "lacking components' types any value; sRGB with any 8-bit alpha", 150, true},
    {"header bits", "bits no field uses, set at random", 150, true},
    /* N517: a long texture (one dimension 2^8 - 1 .. 65536, or 16384
     * slices or layers, with up to 16 levels), its texels stored near the
     * ends of that dimension only; a normalized 8- or 16-bit component at
     * one of its edge codes (per texel); the epoch's constant-bank words
     * spread over the bank's rows; the header pool at a 32-byte multiple
     * that is not one of 4 KiB. */
    {"texture size", "a long texture (a dimension of 2^8 - 1 .. 2^16, up to 16 levels)", 100, true},
    {"texel code", "a normalized component at an edge code (0, 1, max - 1, max, SNORM min, min + 1)", 100, true},
    {"constant-bank words", "spread over the bank's rows (#tsPtrIdxU13 past 31)", 500, true},
    {"header pool", "at a 32-byte multiple, not one of 4 KiB", 500, true},
    /* N550 (stimulus 16): the pool at its power-on place and size (base
     * 0, MaximumIndex 0), kept there by a power-on load, so a reset value
     * of either shows; a pool of 2^19 headers and more (MaximumIndex
     * 2^19 .. 2^20 - 4, header 0 copied to the last), so headerPtr's top
     * bit is read; a pool above 4 GiB; the load's register words in a
     * random order, each burst then holding a few of them, so a word
     * written under another word's mask bit shows. */
    {"header pool", "at its power-on values (base 0, MaximumIndex 0), loaded as at power-on", 100, true},
    {"header pool", "2^19 headers and more (MaximumIndex 2^19 .. 2^20 - 4)", 100, true},
    {"header pool", "above 4 GiB (base [47:32] not 0)", 300, true},
    {"load", "register words in a random order", 400, true},
    /* N553 (stimulus 17): a header pool at a 32 KiB multiple with the
     * texels of its last two headers at twice and four times its address,
     * so a header line and a texel line (or two texel lines) share a line
     * cache set with tags a factor of two apart; a 3D texture of 257..272
     * rows and 17..24 slices in blocks of 2^5 x 2^5 GOBs, so a GOB's index
     * in its block reaches 512..1023; a 3D texture of 16384 slices whose
     * view starts at level 2..14, where a level's place depends on the
     * sizes of levels 0 and 1. */
    {"texture place", "texels at 2 and 4 times a 32 KiB-aligned header pool's address", 100, true},
    {"texture size", "a 3D texture of 257..272 rows and 17..24 slices, blocks of 2^5 x 2^5 GOBs", 100, true},
    {"texture size", "a 3D texture of 16384 slices read from level 2..14", 100, true},
};

_Static_assert(AC_N <= STIM_MAX_CORNERS && PC_N <= STIM_MAX_CORNERS && TC_N <= STIM_MAX_CORNERS,
               "every corner table fits the generator's counters");

static unsigned ncorners(spagm_unit u) {
  switch (u) {
    case SPAGM_UNIT_ATTR: return AC_N;
    case SPAGM_UNIT_PIX: return PC_N;
    case SPAGM_UNIT_TEX: return TC_N;
    default: return 0;
  }
}

unsigned spagm_stim_corner_count(spagm_unit u) { return ncorners(u); }

const spagm_stim_corner *spagm_stim_corner_info(spagm_unit u, unsigned i) {
  if (i >= ncorners(u)) return NULL;
  if (u == SPAGM_UNIT_ATTR) return &spagm__stim_attr_corners[i];
  return u == SPAGM_UNIT_PIX ? &spagm__stim_pix_corners[i] : &spagm__stim_tex_corners[i];
}

uint64_t spagm_stim_corner_hits(const spagm_stim *s, spagm_unit u, unsigned i) {
  if (!s || i >= ncorners(u)) return 0;
  return s->hits[u][i];
}
