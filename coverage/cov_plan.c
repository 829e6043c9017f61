// SPDX-License-Identifier: Apache-2.0
/* The coverage plan: every coverpoint and cross of the three
 * units, their bins, and the bins excluded with the ruling that excludes
 * them. This table is the single source of collection (cov_sample.c), of
 * the database layout (cov_db.c) and of docs/coverage-plan.md (N100). */
#include <string.h>

#include "cov_internal.h"
#include "spagm/stim/stim.h"

/* ---- Rule bins: every rule id a unit can record (explain.h) ------------ */

#define COV_X_NAME(id, num, text) #id,
#define COV_X_NUM(id, num, text) num,
/* ILLEGAL_WORD and LANE_INACTIVE are common rules, credited to the unit
 * that executed the transaction; NONE is "nothing recorded", not a bin. */
static const char *const attr_rules[] = {"ILLEGAL_WORD", "LANE_INACTIVE",
                                         SPAGM_RULES_ATTR(COV_X_NAME)};
static const char *const pix_rules[] = {"ILLEGAL_WORD", "LANE_INACTIVE",
                                        SPAGM_RULES_PIX(COV_X_NAME)};
static const char *const tex_rules[] = {"ILLEGAL_WORD", "LANE_INACTIVE",
                                        SPAGM_RULES_TEX(COV_X_NAME)};
const uint16_t spagm__cov_rule_nums_attr[] = {1, 2, SPAGM_RULES_ATTR(COV_X_NUM)};
const uint16_t spagm__cov_rule_nums_pix[] = {1, 2, SPAGM_RULES_PIX(COV_X_NUM)};
const uint16_t spagm__cov_rule_nums_tex[] = {1, 2, SPAGM_RULES_TEX(COV_X_NUM)};
/* Bin indexes of the rule points, for the exclusion lists below. */
#define COV_X_BIN(prefix, id) prefix##id,
#define COV_X_ATTR_BIN(id, num, text) COV_X_BIN(ATTR_BIN_, id)
#define COV_X_PIX_BIN(id, num, text) COV_X_BIN(PIX_BIN_, id)
#define COV_X_TEX_BIN(id, num, text) COV_X_BIN(TEX_BIN_, id)
enum { ATTR_BIN_ILLEGAL_WORD, ATTR_BIN_LANE_INACTIVE, SPAGM_RULES_ATTR(COV_X_ATTR_BIN) };
enum { PIX_BIN_ILLEGAL_WORD, PIX_BIN_LANE_INACTIVE, SPAGM_RULES_PIX(COV_X_PIX_BIN) };
enum { TEX_BIN_ILLEGAL_WORD, TEX_BIN_LANE_INACTIVE, SPAGM_RULES_TEX(COV_X_TEX_BIN) };
#define COUNT(a) ((unsigned)(sizeof a / sizeof a[0]))
const unsigned spagm__cov_rule_count[SPAGM_UNIT_COUNT] = {COUNT(attr_rules), COUNT(pix_rules),
                                                          COUNT(tex_rules)};

/* ---- Dimension bins ----------------------------------------------------- */

static const char *const faults[] = {"NONE", "ILLEGAL_INSTR_ENCODING", "VTX_OUT_OF_RANGE"};
static const char *const attr_ops[] = {"ALD", "AST", "AL2P", "ISBERD", "ISBEWR"};
static const char *const stages[] = {"VSA", "VSB", "TI", "TS", "GS", "PS"};
static const char *const io[] = {"I", "O"};
static const char *const no_yes[] = {"no", "yes"};
static const char *const asizes[] = {"32", "64", "96", "128"};
static const char *const pd_kind[] = {"PT", "P0-P6"};
static const char *const ra_kind[] = {"RZ", "reg"};
static const char *const isbe_ops[] = {"ISBERD", "ISBEWR"};
static const char *const regions[] = {"MAP", "PATCH", "PRIM", "ATTR"};
static const char *const isizes[] = {"U8", "U16", "B32"};
static const char *const ld_st[] = {"ALD", "AST"};
static const char *const aligns[] = {"aligned", "misaligned"};
static const char *const bounds[] = {"in", "out"};
static const char *const bmap_rows[] = {"I_BMAP0_DEFAULT", "I_GARBAGE",       "I_HW",
                                        "I_PREV_OUTPUT",   "O_BMAP0_DEFAULT", "O_GARBAGE",
                                        "O_CUR_OUTPUT"};
static const char *const pix_modes[] = {"MSCOUNT", "COVMASK",         "COVERED",
                                        "OFFSET",  "CENTROID_OFFSET", "MY_INDEX"};
static const char *const sample_counts[] = {"1", "2", "4", "8", "16"};
static const char *const positions[] = {"standard", "programmable"};
static const char *const mask_shapes[] = {"full", "partial", "single"};
static const char *const dests[] = {"Rd0", "Rd0+Rd1", "none"};
static const char *const wmsk_tables[] = {"2C", "34C"};
static const char *const wmsks[] = {"0", "1", "2", "3", "4", "5", "6", "7"};
/* The legal modifier table rows of TLDS.txt (model/src/isa/tlds_table.c). */
static const char *const encodings[] = {"0:1D.LZ",       "1:1D.LL",       "2:2D.LZ",
                                        "4:2D.LZ.AOFFI", "5:2D.LL",       "6:2D.LZ.MS",
                                        "7:3D.LZ",       "8:ARRAY_2D.LZ", "12:2D.LL.AOFFI"};
static const char *const layouts[] = {"pitch", "blocklinear"};
static const char *const formats[] = {
    "R32_G32_B32_A32", "R32_G32_B32", "R16_G16_B16_A16", "R32_G32", "A8B8G8R8",
    "A2B10G10R10",     "R16_G16",     "R32",             "B5G6R5",  "G8R8",
    "R16",             "R8",          "E5B9G9R9",        "BF10GF11RF11"};
static const char *const rounds[] = {"RNE", "RZ"};
static const char *const fp16_classes[] = {"zero", "subnormal", "normal", "max_finite", "inf",
                                           "nan"};

/* Boundary points (N245): where a bounded value lies
 * against its limit, and mask shapes. */
static const char *const bound_pos[] = {"first_valid", "last_valid", "first_invalid", "interior"};
static const char *const attr_bound_fields[] = {"attr_address", "ald_vertex", "ast_vertex",
                                                "ald_patch",    "ast_patch",  "gs_vertex",
                                                "isberd_offset", "isberd_vertex_major",
                                                "gs_word"};
static const char *const streq_ops[] = {"ALD.O", "AST"};
static const char *const streq_shapes[] = {"empty",          "end_eq_start",
                                           "end_at_omap_first", "end_at_omap_last",
                                           "start_at_omap_last", "other"};
static const char *const mask_modes[] = {"COVMASK", "COVERED", "CENTROID_OFFSET"};
static const char *const cov_shapes[] = {"all", "none", "all_but_one", "only_one", "other"};
static const char *const index_modes[] = {"COVERED", "OFFSET"};
static const char *const tex_bound_fields[] = {"coordinate", "layer", "mip_level", "sample",
                                               "header_index"};
/* Power-on points (N246): configuration fields holding their power-on
 * value (spagm_attr_config_default, the pixel and texture units' reset). */
static const char *const attr_power_on[] = {"stage", "shared", "trap", "vertex_count",
                                            "patch_words", "gs_max_vertices", "streq",
                                            "defaults"};
static const char *const pix_power_on[] = {"samples", "positions", "ssaa", "table"};
static const char *const tex_power_on[] = {"cbank_select", "fp16_round"};
/* N280: pixel registers a load left unwritten (its words 0x00..0x0C). */
static const char *const pix_unwritten[] = {"stage", "samples", "positions", "ssaa"};
/* N291: attribute and texture registers a load left unwritten, those the
 * default run leaves out (spagm__cov_unwritten_bin maps register word 4k
 * to them). */
static const char *const attr_unwritten[] = {"stage", "shared", "trap", "vertex_count",
                                             "patch_words", "streq_start", "streq_end"};
static const char *const tex_unwritten[] = {"stage", "cbank_select", "pool_base_hi",
                                            "fp16_round"};

/* N290: kinds of illegal configuration write (spagm_stim_illegal_kind). */
static const char *const illegal_kinds[] = {"target", "address", "value"};
static const char *const illegal_places[] = {"among", "after"};

/* N350, N351: the two configuration choices, each register at its reset
 * value or the other; a PIXLD hits one bin of each. */
static const char *const offset_modes[] = {"OFFSET", "CENTROID_OFFSET"};
static const char *const config_settings[] = {"sixteenths", "S0.12", "D3D_order", "NVIDIA_order"};

/* N420, N421: stimulus 10's corners of the pixel load (spagm_cov_load_corner). */
static const char *const load_corners[] = {"written_twice", "aliased_target_write",
                                           "aliased_address_write"};

/* N466, N467, N531, N532: the corners an attribute epoch drew
 * (spagm_stim_attr_corner). */
static const char *const attr_epoch_corners[] = {
    "all_attributes_mapped", "one_output_attribute", "blocks_written_twice",
    "memory_after_clear",    "isbe_upper_half",      "streq_end_at_255",
    "streq_from_attribute_0", "gs_max_at_power_on",  "isberd_at_isbe_end",
    "guard_not_pt",          "al2p_immediate_end",   "streq_start_at_power_on",
    "ast_o_bit"};
_Static_assert(sizeof attr_epoch_corners / sizeof attr_epoch_corners[0] == SPAGM_STIM_ATTR_CORNERS,
               "a bin per attribute corner");

/* N495: stimulus 12's corners of the fp32 -> fp16 conversion
 * (spagm_stim_f16_corner). */
static const char *const f16_inputs[] = {
    "infinity",           "quiet_nan",          "signalling_nan",    "nan_low_payload",
    "below_tie",          "above_tie",          "below_65520",       "above_65520",
    "overflow",           "subnormal_tie",      "min_normal_tie",    "min_subnormal",
    "half_min_subnormal", "above_half_min_subnormal", "underflow",   "zero"};
_Static_assert(sizeof f16_inputs / sizeof f16_inputs[0] == SPAGM_STIM_F16_CORNERS,
               "a bin per conversion corner");

/* N518, N550, N553: the texture-state corners of stimulus 14, 16 and 17
 * (spagm_stim_tex_corner). */
static const char *const tex_state_corners[] = {"block_shape", "view_past_levels",
                                                "ignored_fields", "data_types",
                                                "unused_bits", "long_texture",
                                                "bank_rows", "pool_32",
                                                "pool_power_on", "pool_large",
                                                "pool_multiple", "tall_deep",
                                                "slices_16384"};
_Static_assert(sizeof tex_state_corners / sizeof tex_state_corners[0] == SPAGM_STIM_TEX_CORNERS,
               "a bin per texture-state corner");

static const char *const orders[] = {"in_order", "overtaken"};
static const char *const depths[] = {"1", "2-3", "4+"};
static const char *const epochs[] = {"first", "reloaded"};

#define DIM(nm, arr) {nm, COUNT(arr), arr}
#define ANY -1

/* ---- Excluded bins (each with the ruling that excludes it) ------------- */

/* Rules no instruction word and no assembly text can reach: the decoder
 * refuses the word (the common rule ILLEGAL_WORD covers it) or a field
 * cannot hold the value; only spagm_execute_insn with a hand-built
 * spagm_insn gives them (tests/model cover that path). N103. */
#define HAND_BUILT " only a hand-built spagm_insn (spagm_execute_insn) reaches the rule (N87, N103)"
static const spagm_cov_except attr_rule_except[] = {
    {{ATTR_BIN_ISBE_SIZE_ILLEGAL, ANY, ANY, ANY},
     "the decoder refuses ISBERD size 3 (ILLEGAL_WORD) and the assembler refuses it;" HAND_BUILT},
    {{ATTR_BIN_ISBE_REGION_ILLEGAL, ANY, ANY, ANY},
     "region [34:33] has only the four legal values;" HAND_BUILT},
    {{ATTR_BIN_ATTR_RA_IMM_ILLEGAL, ANY, ANY, ANY},
     "the decoder refuses Ra with an immediate and no .P (ILLEGAL_WORD, R5);" HAND_BUILT},
    {{ATTR_BIN_ALD_OUT_OF_BOUNDS, ANY, ANY, ANY},
     "a word's address is 10-bit unsigned without Ra (R5) and aligned (R10), a .PHYS "
     "address 10 bits (R7): always 0..1023;" HAND_BUILT},
    {{ATTR_BIN_AST_OUT_OF_BOUNDS, ANY, ANY, ANY},
     "a word's address is 10-bit unsigned without Ra (R5) and aligned (R10), a .PHYS "
     "address 10 bits (R7): always 0..1023;" HAND_BUILT},
    {{0}, NULL}};
static const spagm_cov_except pix_rule_except[] = {
    {{PIX_BIN_PIX_MODE_ILLEGAL, ANY, ANY, ANY},
     "the decoder refuses modes 6 and 7 (ILLEGAL_WORD, R16);" HAND_BUILT},
    {{PIX_BIN_PIX_IMM_U8_RANGE, ANY, ANY, ANY}, "imm8 [27:20] always fits (N51);" HAND_BUILT},
    {{PIX_BIN_PIX_IMM_S8_RANGE, ANY, ANY, ANY}, "imm8 [27:20] always fits (N51);" HAND_BUILT},
    {{PIX_BIN_PIX_PD_RANGE, ANY, ANY, ANY}, "Pd [47:45] always names P0..P6 or PT (N51);" HAND_BUILT},
    {{0}, NULL}};
static const spagm_cov_except tex_rule_except[] = {
    {{TEX_BIN_LANE_INACTIVE, ANY, ANY, ANY},
     "TLDS records no rule for an inactive lane (model/src/tex/tlds.c leaves it empty)"},
    {{TEX_BIN_TEX_ENCODING_ILLEGAL, ANY, ANY, ANY},
     "the decoder refuses a target outside the legal table (ILLEGAL_WORD, N73);" HAND_BUILT},
    {{TEX_BIN_TEX_MODIFIERS_MISMATCH, ANY, ANY, ANY},
     "a word's modifiers are those of its row (N73);" HAND_BUILT},
    {{TEX_BIN_TEX_FIELD_RANGE, ANY, ANY, ANY}, "a word's fields fit their bits (N73);" HAND_BUILT},
    {{TEX_BIN_TEX_WMSK_34C_ILLEGAL, ANY, ANY, ANY},
     "the decoder refuses wmsk34C 5..7 (ILLEGAL_WORD, R23);" HAND_BUILT},
    {{0}, NULL}};
static const spagm_cov_except pix_fault_except[] = {
    {{2, ANY, ANY, ANY}, "R9: vertex handles exist only in the attribute unit"},
    {{0}, NULL}};
static const spagm_cov_except tex_fault_except[] = {
    {{2, ANY, ANY, ANY}, "R9: vertex handles exist only in the attribute unit"},
    {{0}, NULL}};
static const spagm_cov_except ald_except[] = {
    {{ANY, 1, ANY, 1}, "R5: .PHYS means .P=0"},
    {{0}, NULL}};
static const spagm_cov_except ast_except[] = {
    {{1, ANY, 1, ANY}, "R5: .PHYS means .P=0"},
    {{0}, NULL}};
static const spagm_cov_except bmap_except[] = {
    {{ANY, 5, ANY, ANY}, "R8: ALD is ILLEGAL_INSTR_ENCODING in PS, no row is read"},
    {{4, 4, ANY, ANY}, "R8: ALD.O is illegal in GS"},
    {{5, 4, ANY, ANY}, "R8: ALD.O is illegal in GS"},
    {{6, 4, ANY, ANY}, "R8: ALD.O is illegal in GS"},
    {{0}, NULL}};
static const spagm_cov_except wmsk_except[] = {
    {{1, 5, ANY, ANY}, "R23: the wmsk34C table has rows 0..4 (5..7 are ILLEGAL_INSTR_ENCODING)"},
    {{1, 6, ANY, ANY}, "R23: the wmsk34C table has rows 0..4 (5..7 are ILLEGAL_INSTR_ENCODING)"},
    {{1, 7, ANY, ANY}, "R23: the wmsk34C table has rows 0..4 (5..7 are ILLEGAL_INSTR_ENCODING)"},
    {{0}, NULL}};

#define ONE_SAMPLE "R13: a 1-sample pixel's mask is all or none"
#define TWO_SAMPLES "with 2 samples, one present is all but one (counted there)"
static const spagm_cov_except attr_bound_except[] = {
    {{0, 2, ANY, ANY},
     "a word's address is 10-bit unsigned without Ra (R5) and aligned (R10), a .PHYS address 10 "
     "bits (R7): always 0..1023 (the rules ALD_OUT_OF_BOUNDS and AST_OUT_OF_BOUNDS, N103)"},
    {{0}, NULL}};
static const spagm_cov_except covmask_except[] = {
    {{ANY, 0, 2, ANY}, ONE_SAMPLE}, {{ANY, 0, 3, ANY}, ONE_SAMPLE}, {{ANY, 0, 4, ANY}, ONE_SAMPLE},
    {{ANY, 1, 3, ANY}, TWO_SAMPLES}, {{ANY, 1, 4, ANY}, TWO_SAMPLES},
    {{0}, NULL}};

/* ---- The plan ----------------------------------------------------------- */

/* Depth goals (N161): a rule is exercised by many operand
 * values, so one hit says little; every rule bin needs RULE_AT_LEAST hits.
 * Other bins keep the default 1 (0 in the table). */
#define RULE_AT_LEAST 10u
/* Boundary bins need as many: one hit of a last-valid
 * address says as little as one hit of a rule. */
#define BOUND_AT_LEAST 10u

static const spagm_cov_point plan[COV_PT_COUNT] = {
    [COV_ATTR_RULE] = {"attr.rule", SPAGM_UNIT_ATTR,
                       "every rule the attribute unit records (rules_attr.h), from the "
                       "explanation of each active lane and slot and of the fault",
                       1, {DIM("rule", attr_rules)}, attr_rule_except, false, RULE_AT_LEAST},
    [COV_ATTR_FAULT] = {"attr.fault", SPAGM_UNIT_ATTR, "the response's fault kind", 1,
                        {DIM("fault", faults)}, NULL, false, 0},
    [COV_ATTR_OP_STAGE] = {"attr.op_stage", SPAGM_UNIT_ATTR,
                           "each attribute instruction in each shader stage (R8)", 2,
                           {DIM("op", attr_ops), DIM("stage", stages)}, NULL, false, 0},
    [COV_ALD_FIELDS] = {"attr.ald_fields", SPAGM_UNIT_ATTR,
                        "ALD fields: .I/.O [32], .P [31], size [48:47], .PHYS (R5)", 4,
                        {DIM("io", io), DIM("patch", no_yes), DIM("size", asizes),
                         DIM("phys", no_yes)},
                        ald_except, false, 0},
    [COV_AST_FIELDS] = {"attr.ast_fields", SPAGM_UNIT_ATTR,
                        "AST fields: .P [31], size [48:47], .PHYS (R5)", 3,
                        {DIM("patch", no_yes), DIM("size", asizes), DIM("phys", no_yes)},
                        ast_except, false, 0},
    [COV_AL2P_FIELDS] = {"attr.al2p_fields", SPAGM_UNIT_ATTR,
                         "AL2P fields: .O [32], size [48:47], Pd [46:44]", 3,
                         {DIM("io", io), DIM("size", asizes), DIM("pd", pd_kind)}, NULL, false, 0},
    [COV_ISBE_FIELDS] = {"attr.isbe_fields", SPAGM_UNIT_ATTR,
                         "ISBERD/ISBEWR region [34:33] and size [48:47] (encoding 3 is "
                         "ILLEGAL_INSTR_ENCODING and never decodes)",
                         3, {DIM("op", isbe_ops), DIM("region", regions), DIM("size", isizes)},
                         NULL, false, 0},
    [COV_ATTR_ACCESS] = {"attr.access", SPAGM_UNIT_ATTR,
                         "ALD/AST (not .PHYS) size x alignment of the immediate x bounds "
                         "outcome (R4: any lane out of bounds, R10)",
                         4, {DIM("op", ld_st), DIM("size", asizes), DIM("align", aligns),
                             DIM("bounds", bounds)},
                         NULL, false, 0},
    [COV_ATTR_BMAP_STAGE] = {"attr.bmap_stage", SPAGM_UNIT_ATTR,
                             "the ALD.I/ALD.O table row a lane took (ALD.txt) x stage", 2,
                             {DIM("row", bmap_rows), DIM("stage", stages)}, bmap_except, false, 0},
    [COV_PIX_RULE] = {"pix.rule", SPAGM_UNIT_PIX,
                      "every rule the pixel unit records (rules_pix.h)", 1,
                      {DIM("rule", pix_rules)}, pix_rule_except, false, RULE_AT_LEAST},
    [COV_PIX_FAULT] = {"pix.fault", SPAGM_UNIT_PIX, "the response's fault kind", 1,
                       {DIM("fault", faults)}, pix_fault_except, false, 0},
    [COV_PIX_FIELDS] = {"pix.fields", SPAGM_UNIT_PIX,
                        "PIXLD Pd [47:45] and Ra [15:8] (imm8 zero- or sign-extended, R13)", 2,
                        {DIM("pd", pd_kind), DIM("ra", ra_kind)}, NULL, false, 0},
    [COV_PIX_MODE_LAYOUT_MASK] = {"pix.mode_layout_mask", SPAGM_UNIT_PIX,
                                  "PIXLD mode x raster samples x sample positions x lane-mask "
                                  "shape (legal modes, no fault)",
                                  4, {DIM("mode", pix_modes), DIM("samples", sample_counts),
                                      DIM("positions", positions), DIM("mask", mask_shapes)},
                                  NULL, false, 0},
    [COV_TEX_RULE] = {"tex.rule", SPAGM_UNIT_TEX,
                      "every rule the texture unit records (rules_tex.h)", 1,
                      {DIM("rule", tex_rules)}, tex_rule_except, false, RULE_AT_LEAST},
    [COV_TEX_FAULT] = {"tex.fault", SPAGM_UNIT_TEX, "the response's fault kind", 1,
                       {DIM("fault", faults)}, tex_fault_except, false, 0},
    [COV_TEX_FIELDS] = {"tex.fields", SPAGM_UNIT_TEX,
                        "TLDS .F16 (bit 59), .NODEP [49], destinations (R24)", 3,
                        {DIM("f16", no_yes), DIM("nodep", no_yes), DIM("dest", dests)}, NULL, false, 0},
    [COV_TEX_WMSK] = {"tex.wmsk", SPAGM_UNIT_TEX,
                      "TLDS write mask [52:50] in its table (2C when Rd1 is RZ, else 34C)", 2,
                      {DIM("table", wmsk_tables), DIM("wmsk", wmsks)}, wmsk_except, false, 0},
    [COV_TEX_ENC_LAYOUT] = {"tex.encoding_layout", SPAGM_UNIT_TEX,
                            "TLDS legal-table row (dimensionality, .LL, .AOFFI, .MS, array) x "
                            "memory layout of the header it read",
                            2, {DIM("encoding", encodings), DIM("layout", layouts)}, NULL, false, 0},
    [COV_TEX_FORMAT_LAYOUT] = {"tex.format_layout", SPAGM_UNIT_TEX,
                               "component format (R21) x memory layout of the header read", 2,
                               {DIM("format", formats), DIM("layout", layouts)}, NULL, false, 0},
    [COV_TEX_FP16] = {"tex.fp16", SPAGM_UNIT_TEX,
                      "TLDS.F16 rounding mode x class of each defined half written (R22)", 2,
                      {DIM("round", rounds), DIM("class", fp16_classes)}, NULL, false, 0},
    [COV_ATTR_BOUNDARY] = {"attr.boundary", SPAGM_UNIT_ATTR,
                           "each bounded value of a lane against its limit, from the rule that "
                           "used or refused it: attribute word of ALD/AST against the 256 words "
                           "(R4), vertex handle of ALD/AST against the vertex count (R9), .P word "
                           "against 4 x patch_words (R4), GS output vertex against "
                           "MaxOutputVertexCount (R12), ISBERD element against its region (N29), "
                           "and in the attribute region without .SKEW against the vertex-major "
                           "view's end, byte 1024 N (N281), and the word a GS store lands on "
                           "against the lane's 1024 words (N26, N283)",
                           2, {DIM("field", attr_bound_fields), DIM("position", bound_pos)},
                           attr_bound_except,
                           false, BOUND_AT_LEAST},
    [COV_ATTR_STREQ] = {"attr.streq", SPAGM_UNIT_ATTR,
                        "the ST_REQ range against the current OMAP when ALD.O or AST (no .P, no "
                        ".PHYS) reads the output BMAP (OMAP & (IMAP_next | ST_REQ), ALD.txt): "
                        "empty (end < start), end = start, end at the OMAP's first or last "
                        "attribute, start at its last, or none of these",
                        2, {DIM("op", streq_ops), DIM("range", streq_shapes)}, NULL, false,
                        BOUND_AT_LEAST},
    [COV_ATTR_POWER_ON] = {"attr.power_on", SPAGM_UNIT_ATTR,
                           "configuration fields holding their power-on value "
                           "(spagm_attr_config_default) while a transaction executes (N246)",
                           1, {DIM("field", attr_power_on)}, NULL, false, 0},
    [COV_PIX_COVMASK] = {"pix.covmask", SPAGM_UNIT_PIX,
                         "coverage-mask shape of the active lanes (within the raster sample "
                         "count) x the mode that reads it x sample count (R13, no fault)",
                         3, {DIM("mode", mask_modes), DIM("samples", sample_counts),
                             DIM("shape", cov_shapes)},
                         covmask_except, false, BOUND_AT_LEAST},
    [COV_PIX_INDEX] = {"pix.index", SPAGM_UNIT_PIX,
                       "the PIXLD sample index of COVERED and OFFSET against the raster sample "
                       "count (R13, R14), from the rule of each lane",
                       2, {DIM("mode", index_modes), DIM("position", bound_pos)}, NULL, false,
                       BOUND_AT_LEAST},
    [COV_PIX_POWER_ON] = {"pix.power_on", SPAGM_UNIT_PIX,
                          "raster configuration fields holding their power-on value while a "
                          "transaction executes (N246)",
                          1, {DIM("field", pix_power_on)}, NULL, false, 0},
    [COV_TEX_BOUNDARY] = {"tex.boundary", SPAGM_UNIT_TEX,
                          "each bounded value of a lane against the header it read (R18, "
                          "R20): 1D/2D coordinates against the level's size (a refused one of "
                          "any type at the size), array layer against depth, mip level "
                          "against the view's levels, MSAA sample against the grid, and per "
                          "request the header index against MaximumIndex",
                          2, {DIM("field", tex_bound_fields), DIM("position", bound_pos)}, NULL,
                          false, BOUND_AT_LEAST},
    [COV_TEX_POWER_ON] = {"tex.power_on", SPAGM_UNIT_TEX,
                          "texture configuration holding its power-on value while a "
                          "transaction executes: constant bank select, FP16 rounding (N246)",
                          1, {DIM("field", tex_power_on)}, NULL, false, 0},
    [COV_PIX_UNWRITTEN] = {"pix.unwritten", SPAGM_UNIT_PIX,
                           "co-simulation only: a PIXLD mode executed while a pixel register "
                           "was left unwritten by the epoch's load, so the unit's reset value "
                           "was in use (N280: stimulus 5 leaves the power-on values in place "
                           "in some epochs; positions=OFFSET/CENTROID_OFFSET is what a wrong "
                           "reset of the positions word shows in)",
                           2, {DIM("field", pix_unwritten), DIM("mode", pix_modes)}, NULL, true,
                           BOUND_AT_LEAST},
#define UNWRITTEN(nm, u, which, why, fields)                                                  \
  {nm, u,                                                                                        \
   "co-simulation only: a transaction executed while " which " register was left unwritten "   \
   "by the epoch's load, so the unit's reset value was in use (N291; " why ")",                \
   1, {DIM("field", fields)}, NULL, true, BOUND_AT_LEAST}
    [COV_ATTR_UNWRITTEN] = UNWRITTEN("attr.unwritten", SPAGM_UNIT_ATTR, "an attribute",
                                     "MaxOutputVertexCount's power-on 32 is not kept by seeds "
                                     "1-5 and is not a bin", attr_unwritten),
    [COV_TEX_UNWRITTEN] = UNWRITTEN("tex.unwritten", SPAGM_UNIT_TEX, "a texture",
                                    "the pool base's low word and MaximumIndex are never 0 in "
                                    "the texture stream, N246", tex_unwritten),
#undef UNWRITTEN
#define COSIM_FLOW(nm, u)                                                                        \
  {nm, u,                                                                                        \
   "co-simulation only: each response's tag order (overtaken: a younger request was answered " \
   "first), requests in flight (request/response handshakes) and epoch (first, or state "      \
   "reloaded through the configuration port)",                                                  \
   3, {DIM("order", orders), DIM("in_flight", depths), DIM("epoch", epochs)}, NULL, true, 0}
    [COV_ATTR_COSIM] = COSIM_FLOW("attr.cosim_flow", SPAGM_UNIT_ATTR),
    [COV_PIX_COSIM] = COSIM_FLOW("pix.cosim_flow", SPAGM_UNIT_PIX),
    [COV_TEX_COSIM] = COSIM_FLOW("tex.cosim_flow", SPAGM_UNIT_TEX),
#undef COSIM_FLOW
#define ILLEGAL_WRITE(nm, u)                                                                     \
  {nm, u,                                                                                        \
   "co-simulation only: an illegal configuration write of the epoch's load, which the unit "    \
   "must ignore (N123) and the read-back shows ignored: to a target with no table, to an "      \
   "address of a table that names no word, of a value the register cannot hold; placed among "  \
   "the legal words (a value right behind its register's own word) or after all of them (N290)", \
   2, {DIM("kind", illegal_kinds), DIM("placed", illegal_places)}, NULL, true, BOUND_AT_LEAST}
    [COV_ATTR_ILLEGAL] = ILLEGAL_WRITE("attr.illegal_write", SPAGM_UNIT_ATTR),
    [COV_PIX_ILLEGAL] = ILLEGAL_WRITE("pix.illegal_write", SPAGM_UNIT_PIX),
    [COV_TEX_ILLEGAL] = ILLEGAL_WRITE("tex.illegal_write", SPAGM_UNIT_TEX),
#undef ILLEGAL_WRITE
    [COV_PIX_CONFIG_CHOICE] = {"pix.config_choice", SPAGM_UNIT_PIX,
                               "the configuration choices a PIXLD.OFFSET or .CENTROID_OFFSET "
                               "executes under (no fault): the offset format, sixteenths or "
                               "S0.12 (register 0x10, N350), and the standard sample order, "
                               "D3D or NVIDIA (register 0x14, N351); each request hits one "
                               "bin of each register, x raster sample count",
                               3, {DIM("mode", offset_modes), DIM("setting", config_settings),
                                   DIM("samples", sample_counts)},
                               NULL, false, 0},
    [COV_PIX_LOAD_CORNER] = {"pix.load_corner", SPAGM_UNIT_PIX,
                             "co-simulation only: the corners of an epoch's pixel load that a "
                             "unit refusing a legal value equal to its reset value, or decoding "
                             "the address too loosely, gets wrong: every register the load names "
                             "written twice, another legal value first (N420); an illegal write "
                             "to another target, or to a hole, carrying a value the register "
                             "its address aliases can hold (N421)",
                             1, {DIM("corner", load_corners)}, NULL, true, 0},
    [COV_ATTR_EPOCH_CORNER] = {"attr.epoch_corner", SPAGM_UNIT_ATTR,
                               "co-simulation only: the corners of an attribute epoch that a "
                               "unit slicing a count or a rank one bit short, or writing words "
                               "a burst's mask leaves out, gets wrong: every attribute mapped "
                               "(N = 256, ranks up to 255) or one output attribute (N = 1, GS "
                               "vertex indices up to 1023) (N466); every memory block loaded in "
                               "two bursts, the second over words the first wrote, and a memory "
                               "burst right after the clear command (N467); the ISBE's upper "
                               "half (offsets of 0x20000 and up), ST_REQ ending at 255 or "
                               "starting at attribute 0, MaxOutputVertexCount at its power-on "
                               "value, and requests of the epoch with an ISBERD lane at the "
                               "ISBE's end, a guard other than @PT, or an AL2P immediate of "
                               "+-512..1023 with Ra (N531); ST_REQ start at its power-on "
                               "value with the end written, an AST with its .O bit (N532)",
                               1, {DIM("corner", attr_epoch_corners)}, NULL, true, 0},
    [COV_TEX_F16_INPUT] = {"tex.fp16_input", SPAGM_UNIT_TEX,
                           "co-simulation only: a TLDS.F16 lane read a texel holding a word "
                           "of this fp32 -> fp16 conversion corner (R22): infinity, NaNs, one "
                           "ulp either side of a rounding tie, the overflow edge around 65520, "
                           "the subnormal and underflow edges, zero (stimulus 12, N495)",
                           1, {DIM("corner", f16_inputs)}, NULL, true, 0},
    [COV_TEX_STATE_CORNER] = {"tex.state_corner", SPAGM_UNIT_TEX,
                              "co-simulation only: a TLDS read texels through a header with "
                              "this texture-state corner of stimulus 14, 16 or 17 (N516, "
                              "N517, N550, N553): blocks of 2^4..2^5 GOBs, a view past the "
                              "levels stored, a field the type or layout ignores set, the data "
                              "types of lacking components or an sRGB alpha, bits outside "
                              "every field, a long texture, bank words past the first row, a "
                              "pool off 4 KiB, the pool at its power-on values, a pool of 2^19 "
                              "headers and more, texels at 2 or 4 times the pool's address, a "
                              "3D texture over 256 rows and 16 slices in 2^5 x 2^5 GOB blocks, "
                              "a 3D texture of 16384 slices read from level 2 or later",
                              1, {DIM("corner", tex_state_corners)}, NULL, true, 0},
};

/* Boundary corners of docs/stimulus.md that this plan does not bin, each with
 * its ruling (printed by `spagm cov plan` under "Not binned"). */
const spagm__cov_unbinned spagm__cov_not_binned[] = {
    {"FP16 rounding inputs: ties of each parity, 65520, the subnormal/normal edge",
     "N245: the input of a rounding is a texel word in texture memory; the request, the state "
     "registers and the explanation do not carry it, and recovering it means fetching the texel "
     "again (header, layout, format) beside the model. The generator counts these inputs per "
     "word written, and the corner-count test holds each to 10 per seed (N240, N242); the "
     "rounded results are binned by tex.fp16. Stimulus 12's conversion corners are binned in "
     "the co-simulation, which asks the generator what it drew at a texel's address "
     "(tex.fp16_input, N495)"},
    {"Power-on values of the texture pool (base 0, MaximumIndex 0) and of the constant bank "
     "words",
     "N246: stimulus 7 never keeps the pool and the bank words (every epoch draws a pool and 32 "
     "bank words), so they would be holes of the default run; the table is binned since "
     "stimulus 7 keeps it at (0, 0) in its power-on epochs (pix.power_on table, N291)"},
    {"Texel codes at the edges of the normalized conversions (stimulus 14)",
     "N518: drawn per texel of an 8- or 16-bit format; like the FP16 rounding inputs, the "
     "request and the explanation do not carry the code read, and the corner-count test holds "
     "the corner to 10 over seeds 1-5"},
    {"The four attribute maps (IMAP, OMAP, OMAP_PREV, IMAP_NEXT) at power-on (empty)",
     "N246: an empty map is a legal state, but stimulus 6 draws every map with attributes, so "
     "these would be holes of the default run"},
    {NULL, NULL}};

/* Each point's rule dimension is filled from the rule tables above. */
const spagm_cov_point *spagm_cov_plan(size_t *n) {
  if (n) *n = COV_PT_COUNT;
  return plan;
}

unsigned spagm_cov_point_bins(const spagm_cov_point *p) {
  if (!p) return 0;
  unsigned b = 1;
  for (unsigned k = 0; k < p->ndims; k++) b *= p->dim[k].n;
  return b;
}

unsigned spagm__cov_index(const spagm_cov_point *p, const unsigned *at) {
  unsigned b = 0;
  for (unsigned k = 0; k < p->ndims; k++) b = b * p->dim[k].n + at[k];
  return b;
}

/* Per-dimension indexes of a bin (the inverse of spagm__cov_index). */
static void split(const spagm_cov_point *p, unsigned bin, unsigned *at) {
  for (unsigned k = p->ndims; k-- > 0;) {
    at[k] = bin % p->dim[k].n;
    bin /= p->dim[k].n;
  }
}

const char *spagm_cov_bin_excluded(const spagm_cov_point *p, unsigned bin) {
  if (!p || !p->except || bin >= spagm_cov_point_bins(p)) return NULL;
  unsigned at[SPAGM_COV_MAX_DIMS];
  split(p, bin, at);
  for (const spagm_cov_except *e = p->except; e->reason; e++) {
    bool match = true;
    for (unsigned k = 0; k < p->ndims; k++)
      if (e->at[k] != ANY && (unsigned)e->at[k] != at[k]) match = false;
    if (match) return e->reason;
  }
  return NULL;
}

unsigned spagm_cov_bin_at_least(const spagm_cov_point *p, unsigned bin) {
  (void)bin; /* one goal per point today; the argument keeps per-bin goals possible */
  if (!p) return 0;
  return p->at_least ? p->at_least : 1;
}

const char *spagm_cov_bin_name(const spagm_cov_point *p, unsigned bin, char *buf, size_t n) {
  if (!buf || n == 0) return "";
  buf[0] = '\0';
  if (!p || bin >= spagm_cov_point_bins(p)) return buf;
  unsigned at[SPAGM_COV_MAX_DIMS];
  split(p, bin, at);
  size_t used = 0;
  for (unsigned k = 0; k < p->ndims && used < n; k++) {
    int w = p->ndims == 1 ? snprintf(buf + used, n - used, "%s", p->dim[k].bins[at[k]])
                          : snprintf(buf + used, n - used, "%s%s=%s", k ? " " : "",
                                     p->dim[k].name, p->dim[k].bins[at[k]]);
    if (w < 0) break;
    used += (size_t)w;
  }
  return buf;
}
