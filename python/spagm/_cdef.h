/* SPDX-License-Identifier: Apache-2.0
 * The C declarations the Python binding uses, in cffi's cdef dialect.
 *
 * These are not layouts: every struct ends in "...;", so cffi takes sizes
 * and offsets from the C compiler, which compiles the generated module
 * against the public headers (spagm/_ffi_build.py). The build also checks
 * that every field named here has exactly this type in the header and
 * every function exactly this prototype (a pointer assignment per name,
 * compiled with -Werror=incompatible-pointer-types), so a field renamed or
 * retyped in txn.h, or a prototype changed, stops the build with the
 * compiler's message (CTest python.cdef_drift_breaks_build, N180). */

/* ---- libc: arrays the library malloc's (spagm_asm_text) ---- */
void free(void *ptr);

/* ---- status.h ---- */
typedef enum spagm_status {
  SPAGM_OK, SPAGM_E_ARG, SPAGM_E_NOMEM, SPAGM_E_DECODE, SPAGM_E_ENCODE,
  SPAGM_E_SYNTAX, SPAGM_E_SEMANTIC, SPAGM_E_IO, SPAGM_E_FORMAT,
  SPAGM_E_EXPECT, SPAGM_E_STATE, ...
} spagm_status;
typedef struct spagm_diag { int line; int col; char msg[256]; ...; } spagm_diag;
const char *spagm_status_name(spagm_status s);
const char *spagm_version(void);

/* ---- insn.h ---- */
typedef enum spagm_unit { SPAGM_UNIT_ATTR, SPAGM_UNIT_PIX, SPAGM_UNIT_TEX, SPAGM_UNIT_COUNT, ... } spagm_unit;
typedef enum spagm_stage { ... } spagm_stage;
typedef enum spagm_op { ... } spagm_op;
typedef struct spagm_insn { spagm_op op; bool has_sched; ...; } spagm_insn;
const char *spagm_unit_name(spagm_unit u);
const char *spagm_stage_name(spagm_stage s);
const char *spagm_op_name(spagm_op op);
spagm_unit spagm_op_unit(spagm_op op);
spagm_status spagm_decode(uint64_t word, spagm_insn *insn, spagm_diag *d);
spagm_status spagm_encode(const spagm_insn *insn, uint64_t *word, unsigned *dropped, spagm_diag *d);

/* ---- asm.h ---- */
typedef struct spagm_asm_opts { int stage; ...; } spagm_asm_opts;
spagm_status spagm_asm_one(const char *text, int line, int col, const spagm_asm_opts *opts,
                           spagm_insn *insn, spagm_diag *d);
spagm_status spagm_asm_text(const char *src, size_t len, const spagm_asm_opts *opts,
                            spagm_insn **out, size_t *count, spagm_diag *d);
size_t spagm_disasm(const spagm_insn *insn, int with_sched, char *buf, size_t n);
spagm_status spagm_disasm_word(uint64_t word, char *buf, size_t n);

/* ---- txn.h, txn_pack.h ---- */
#define SPAGM_LANES ...
#define SPAGM_WB_SLOTS ...
#define SPAGM_ST_COMPS ...
#define SPAGM_REQUEST_WORDS ...
#define SPAGM_RESPONSE_WORDS ...
#define SPAGM_REQUEST_BITS ...
#define SPAGM_RESPONSE_BITS ...
typedef struct spagm_request {
  uint32_t tag;
  uint64_t insn;
  uint32_t lane_mask;
  uint32_t a[2][32];
  uint32_t b[2][32];
  uint32_t c[32];
  uint32_t d[4][32];
  uint32_t vertex[32];
  uint32_t primitive[32];
  uint16_t coverage[32];
  uint8_t sample[32];
  ...;
} spagm_request;
typedef struct spagm_response {
  uint32_t tag;
  uint8_t fault;
  uint32_t fault_lanes;
  uint8_t wb_reg[4];
  uint32_t wb_valid[4];
  uint32_t wb_value[4][32];
  uint32_t wb_dontcare[4][32];
  uint8_t pd;
  uint32_t pd_written;
  uint32_t pd_value;
  uint8_t st_space;
  uint32_t st_mask[4];
  uint32_t st_addr[4][32];
  uint32_t st_data[4][32];
  ...;
} spagm_response;
typedef enum spagm_fault { SPAGM_FAULT_NONE, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                           SPAGM_FAULT_VTX_OUT_OF_RANGE, ... } spagm_fault;
typedef enum spagm_space { ... } spagm_space;
const char *spagm_fault_name(spagm_fault f);
const char *spagm_space_name(spagm_space s);
typedef struct spagm_field_info {
  const char *name;
  unsigned bits;
  unsigned count;
  unsigned outer;
  unsigned lsb;
  ...;
} spagm_field_info;
size_t spagm_request_fields(spagm_field_info *out, size_t max);
size_t spagm_response_fields(spagm_field_info *out, size_t max);
void spagm_request_init(spagm_request *req);
void spagm_response_init(spagm_response *resp, uint32_t tag);
void spagm_request_pack(const spagm_request *req, uint32_t *words);
void spagm_response_pack(const spagm_response *resp, uint32_t *words);
void spagm_request_unpack(const uint32_t *words, spagm_request *req);
void spagm_response_unpack(const uint32_t *words, spagm_response *resp);

/* ---- explain.h ---- */
#define SPAGM_EXPLAIN_SLOTS ...
#define SPAGM_EXPLAIN_PD_SLOT ...
typedef enum spagm_value_type { SPAGM_VALUE_TYPE_RULE, SPAGM_VALUE_TYPE_FLOAT, SPAGM_VALUE_TYPE_SINT,
  SPAGM_VALUE_TYPE_UINT, ... } spagm_value_type;
typedef struct spagm_explain_texel {
  int32_t s; int32_t t; int32_t r; uint32_t level; uint32_t layer; uint32_t sample;
  uint64_t address;
  ...;
} spagm_explain_texel;
typedef struct spagm_explain {
  uint16_t fault_rule;
  int32_t fault_arg[3];
  uint16_t rule[5][32];
  int32_t arg[5][32][3];
  uint8_t value_type[5];
  bool has_tex_header;
  uint32_t tex_header;
  uint32_t texel_lanes;
  uint32_t texel_read;
  spagm_explain_texel texel[32];
  ...;
} spagm_explain;
void spagm_explain_init(spagm_explain *ex);
const char *spagm_rule_name(unsigned rule);
const char *spagm_rule_text(unsigned rule);
size_t spagm_explain_format(const spagm_explain *ex, unsigned slot, unsigned lane, char *buf,
                            size_t n);
size_t spagm_explain_fault(const spagm_explain *ex, char *buf, size_t n);

/* ---- model.h ---- */
typedef struct spagm_model spagm_model;
spagm_model *spagm_model_new(void);
void spagm_model_free(spagm_model *m);
void spagm_model_reset(spagm_model *m);
spagm_status spagm_execute(spagm_model *m, const spagm_request *req, spagm_response *resp);
spagm_status spagm_execute_insn(spagm_model *m, const spagm_insn *insn, const spagm_request *req,
                                spagm_response *resp, spagm_explain *ex);
spagm_status spagm_execute_explained(spagm_model *m, const spagm_request *req,
                                     spagm_response *resp, spagm_explain *ex);

/* ---- statemap.h: the configuration-port words (backdoor) ---- */
typedef struct spagm_cfg_word { uint32_t addr; uint32_t data; ...; } spagm_cfg_word;
typedef struct spagm_cfg_list { spagm_cfg_word *w; size_t n; size_t cap; ...; } spagm_cfg_list;
typedef struct spagm_mem_word { uint64_t va; uint32_t data; ...; } spagm_mem_word;
typedef struct spagm_mem_list { spagm_mem_word *w; size_t n; size_t cap; ...; } spagm_mem_list;
typedef struct spagm_cfg_burst { uint32_t addr; uint32_t mask; uint32_t data[32]; ...; } spagm_cfg_burst;
void spagm_cfg_list_free(spagm_cfg_list *l);
spagm_status spagm_cfg_list_push(spagm_cfg_list *l, uint32_t addr, uint32_t data);
bool spagm_cfg_list_next_burst(const spagm_cfg_list *l, size_t *pos, spagm_cfg_burst *b);
void spagm_mem_list_free(spagm_mem_list *l);
spagm_status spagm_mem_list_push(spagm_mem_list *l, uint64_t va, uint32_t data);
spagm_status spagm_statemap_load_list(const spagm_model *m, spagm_unit u, spagm_cfg_list *out);
spagm_status spagm_statemap_readback_list(const spagm_model *m, spagm_unit u,
                                          spagm_cfg_list *out);
bool spagm_statemap_read(const spagm_model *m, spagm_unit u, uint32_t addr, uint32_t *value);
spagm_status spagm_statemap_write(spagm_model *m, spagm_unit u, uint32_t addr, uint32_t data,
                                  spagm_diag *d);
bool spagm_statemap_has_memory(spagm_unit u);
spagm_status spagm_statemap_memory_list(const spagm_model *m, spagm_unit u,
                                        spagm_mem_list *out);
spagm_status spagm_statemap_memory_write(spagm_model *m, spagm_unit u, uint64_t va,
                                         uint32_t data, spagm_diag *d);
const char *spagm_statemap_target_name(spagm_unit u, uint32_t addr);

/* ---- predictor.h ---- */
typedef struct spagm_predictor spagm_predictor;
typedef struct spagm_predictor_counts {
  uint64_t predicted; uint64_t checked; uint64_t matched; uint64_t mismatched;
  uint64_t unknown; uint64_t duplicate; uint64_t discarded; uint64_t outstanding;
  uint64_t ignored_writes; uint64_t unmapped_reads; uint64_t refused; uint64_t active_lanes;
  uint64_t texels; uint64_t faults; uint64_t empty_memory; uint64_t warnings;
  ...;
} spagm_predictor_counts;
typedef struct spagm_cov spagm_cov;
spagm_status spagm_predictor_unit_by_name(const char *name, spagm_unit *unit);
spagm_predictor *spagm_predictor_new(spagm_unit unit, uint64_t seed, spagm_diag *d);
void spagm_predictor_free(spagm_predictor *p);
spagm_status spagm_predictor_set_name(spagm_predictor *p, const char *name);
spagm_unit spagm_predictor_unit(const spagm_predictor *p);
uint64_t spagm_predictor_seed(const spagm_predictor *p);
spagm_status spagm_predictor_cfg_write(spagm_predictor *p, uint32_t addr, uint32_t data,
                                       spagm_diag *d);
spagm_status spagm_predictor_cfg_read(spagm_predictor *p, uint32_t addr, uint32_t *data,
                                      spagm_diag *d);
typedef enum spagm_diff_field {
  SPAGM_DIFF_FAULT, SPAGM_DIFF_WB_LANES, SPAGM_DIFF_WB_REG, SPAGM_DIFF_WB_VALUE,
  SPAGM_DIFF_PD_LANES, SPAGM_DIFF_PD_REG, SPAGM_DIFF_PD_VALUE, SPAGM_DIFF_ST_LANES,
  SPAGM_DIFF_ST_VALUE, SPAGM_DIFF_ST_SPACE, SPAGM_DIFF_NO_PREDICTION, ...
} spagm_diff_field;
typedef enum spagm_diff_kind {
  SPAGM_DIFF_KIND_NONE, SPAGM_DIFF_KIND_FLOAT, SPAGM_DIFF_KIND_UINT, SPAGM_DIFF_KIND_SINT,
  SPAGM_DIFF_KIND_OFFSETS, SPAGM_DIFF_KIND_HALVES, ...
} spagm_diff_kind;
typedef struct spagm_predictor_diff {
  spagm_diff_field field; int slot; int lane; unsigned reg; uint32_t expected; uint32_t actual;
  uint32_t expected_addr; uint32_t actual_addr; uint32_t dontcare; unsigned rule;
  const char *rule_name; char reason[200];
  spagm_diff_kind kind; bool has_tex_header; uint32_t tex_header; bool has_texel; bool texel_read;
  spagm_explain_texel texel;
  ...;
} spagm_predictor_diff;
size_t spagm_predictor_diffs(const spagm_predictor *p, const spagm_predictor_diff **out);
spagm_status spagm_predictor_set_strict(spagm_predictor *p, bool strict);
bool spagm_predictor_strict(const spagm_predictor *p);
spagm_status spagm_predictor_fail(spagm_predictor *p, const char *what);
spagm_status spagm_predictor_tex_set_header(spagm_predictor *p, uint32_t index,
                                            const uint8_t tic[32], spagm_diag *d);
spagm_status spagm_predictor_reset(spagm_predictor *p);
spagm_model *spagm_predictor_model(spagm_predictor *p);
spagm_status spagm_predictor_predict(spagm_predictor *p, const spagm_request *req,
                                     spagm_response *expected, spagm_diag *d);
spagm_status spagm_predictor_check(spagm_predictor *p, const spagm_response *observed,
                                   unsigned *diffs, const char **report);
spagm_status spagm_predictor_get_counts(const spagm_predictor *p, spagm_predictor_counts *c);
uint64_t spagm_predictor_failures(const spagm_predictor *p);
const char *spagm_predictor_summary(spagm_predictor *p);
spagm_status spagm_predictor_set_cov(spagm_predictor *p, spagm_cov *cov);

/* ---- stim/stim.h ---- */
typedef struct spagm_stim_opts {
  uint64_t seed; uint32_t units; uint32_t epoch_txns; uint32_t illegal_ppm; ...;
} spagm_stim_opts;
typedef struct spagm_stim spagm_stim;
void spagm_stim_opts_default(spagm_stim_opts *o);
spagm_stim *spagm_stim_new(const spagm_stim_opts *o, spagm_diag *d);
void spagm_stim_free(spagm_stim *s);
spagm_status spagm_stim_begin_epoch(spagm_stim *s, unsigned epoch, spagm_model *m,
                                    spagm_diag *d);
bool spagm_stim_next(spagm_stim *s, spagm_unit u, spagm_request *req);
uint32_t spagm_stim_epoch_budget(const spagm_stim *s, spagm_unit u);
const char *spagm_stim_epoch_summary(const spagm_stim *s, spagm_unit u);
bool spagm_stim_keeps_power_on(const spagm_stim *s, spagm_unit u);
spagm_status spagm_stim_load_list(spagm_stim *s, const spagm_model *m, spagm_unit u,
                                  spagm_cfg_list *out);
uint32_t spagm_stim_unwritten(spagm_stim *s, const spagm_model *m, spagm_unit u);
typedef enum spagm_stim_illegal_kind { SPAGM_STIM_ILLEGAL_TARGET, SPAGM_STIM_ILLEGAL_ADDRESS,
  SPAGM_STIM_ILLEGAL_VALUE, SPAGM_STIM_ILLEGAL_KINDS } spagm_stim_illegal_kind;
typedef struct spagm_stim_illegal {
  uint32_t addr; uint32_t data; spagm_stim_illegal_kind kind; bool after; bool aliases; ...;
} spagm_stim_illegal;
bool spagm_stim_has_illegal_writes(const spagm_stim *s, spagm_unit u);
bool spagm_stim_rewrites_registers(const spagm_stim *s, spagm_unit u);
size_t spagm_stim_illegal_writes(const spagm_stim *s, spagm_unit u,
                                 const spagm_stim_illegal **out);
spagm_status spagm_stim_readback_list(const spagm_stim *s, const spagm_model *m, spagm_unit u,
                                      spagm_cfg_list *out);

/* ---- vec/file.h ---- */
typedef enum spagm_vec_source { SPAGM_VEC_SOURCE_RANDOM, SPAGM_VEC_SOURCE_SCENARIO, ... } spagm_vec_source;
typedef struct spagm_vec_header {
  unsigned version; char generator[64]; spagm_vec_source source; char scenario[128];
  uint64_t seed; uint32_t count; uint32_t epoch_txns; uint32_t illegal_ppm; uint32_t units;
  uint32_t epochs; bool sharded; uint32_t shard_index; uint32_t shard_count;
  uint32_t first_epoch; uint32_t shard_epochs;
  ...;
} spagm_vec_header;
typedef enum spagm_vec_item_kind {
  SPAGM_VEC_EPOCH, SPAGM_VEC_STATE, SPAGM_VEC_TXN, SPAGM_VEC_READBACK, SPAGM_VEC_END, ...
} spagm_vec_item_kind;
typedef struct spagm_vec_item {
  spagm_vec_item_kind kind; int line; uint32_t epoch; spagm_unit unit;
  spagm_cfg_list words; spagm_mem_list mem; spagm_request req; spagm_response rsp;
  int expect_line; uint64_t txns;
  ...;
} spagm_vec_item;
typedef struct spagm_vec_reader spagm_vec_reader;
typedef struct spagm_vec_writer spagm_vec_writer;
spagm_status spagm_vec_header_random(spagm_vec_header *h, uint64_t seed, uint32_t count,
                                     uint32_t epoch_txns, uint32_t illegal_ppm, uint32_t units,
                                     spagm_diag *d);
bool spagm_vec_parse_units(const char *list, uint32_t *mask);
spagm_vec_writer *spagm_vec_writer_open(const char *path, const spagm_vec_header *h,
                                        spagm_diag *d);
spagm_vec_writer *spagm_vec_writer_open_mem(const spagm_vec_header *h, spagm_diag *d);
spagm_status spagm_vec_write_epoch(spagm_vec_writer *w, uint32_t epoch, spagm_diag *d);
spagm_status spagm_vec_write_state(spagm_vec_writer *w, spagm_unit u,
                                   const spagm_cfg_list *words, const spagm_mem_list *mem,
                                   const char *summary, spagm_diag *d);
spagm_status spagm_vec_write_txn(spagm_vec_writer *w, spagm_unit u, const spagm_request *req,
                                 const spagm_response *rsp, const spagm_explain *ex,
                                 spagm_diag *d);
spagm_status spagm_vec_write_readback(spagm_vec_writer *w, spagm_unit u,
                                      const spagm_cfg_list *words, spagm_diag *d);
spagm_status spagm_vec_writer_close(spagm_vec_writer *w, spagm_diag *d);
void spagm_vec_writer_abort(spagm_vec_writer *w);
const char *spagm_vec_writer_text(const spagm_vec_writer *w, size_t *len);
spagm_status spagm_vec_writer_finish_mem(spagm_vec_writer *w, spagm_diag *d);
spagm_vec_reader *spagm_vec_reader_open(const char *path, spagm_vec_header *h, spagm_diag *d);
spagm_vec_reader *spagm_vec_reader_open_mem(const char *text, size_t len, const char *name,
                                            spagm_vec_header *h, spagm_diag *d);
void spagm_vec_reader_free(spagm_vec_reader *r);
spagm_status spagm_vec_next(spagm_vec_reader *r, spagm_vec_item *it, spagm_diag *d);
spagm_status spagm_vec_gen_random(spagm_vec_writer *w, const spagm_vec_header *h,
                                  spagm_diag *d);
void spagm_vec_compare_mask(const spagm_response *exp, spagm_response *mask);

/* ---- vec/cov.h ---- */
typedef struct spagm_cov_totals { unsigned bins; unsigned legal; unsigned hit; unsigned holes; ...; } spagm_cov_totals;
spagm_cov *spagm_cov_new(void);
void spagm_cov_free(spagm_cov *c);
spagm_status spagm_cov_begin_input(spagm_cov *c, const char *name, spagm_diag *d);
spagm_status spagm_cov_sample(spagm_cov *c, const spagm_model *m, const spagm_insn *insn,
                              const spagm_request *req, const spagm_response *rsp,
                              const spagm_explain *ex);
spagm_status spagm_cov_sample_response(spagm_cov *c, spagm_unit u, bool overtaken,
                                       unsigned in_flight, bool reloaded);
spagm_status spagm_cov_sample_unwritten(spagm_cov *c, spagm_unit u, const spagm_request *req,
                                        uint32_t unwritten);
spagm_status spagm_cov_sample_illegal_write(spagm_cov *c, spagm_unit u, unsigned kind,
                                            bool after);
typedef enum spagm_cov_load_corner { SPAGM_COV_LOAD_WRITTEN_TWICE,
  SPAGM_COV_LOAD_ALIASED_TARGET_WRITE, SPAGM_COV_LOAD_ALIASED_ADDRESS_WRITE,
  SPAGM_COV_LOAD_CORNERS } spagm_cov_load_corner;
spagm_status spagm_cov_sample_load_corner(spagm_cov *c, spagm_unit u, unsigned corner);
spagm_status spagm_cov_merge(spagm_cov *into, const spagm_cov *from, spagm_diag *d);
spagm_status spagm_cov_write(const spagm_cov *c, const char *path, spagm_diag *d);
spagm_status spagm_cov_read(const char *path, spagm_cov **out, spagm_diag *d);
spagm_status spagm_cov_unit_totals(const spagm_cov *c, unsigned u, spagm_cov_totals *t);

/* ---- cosim/include/cosim.h: the co-simulation's scoreboard (spagm-cosim's C side),
 * driven by spagm.cosim_replay with a cocotb run's recorded order (N232).
 * Not a public header and not NULL-safe: only cosim.py calls these, never
 * with NULL (python/tests/test_fuzz.py leaves them out for that reason). */
typedef struct spagm_cosim_opts {
  uint64_t seed; uint64_t txns; uint32_t units; uint32_t epoch_txns; uint32_t max_errors;
  uint32_t illegal_ppm; bool check; ...;
} spagm_cosim_opts;
typedef struct spagm_cosim spagm_cosim;
void spagm_cosim_opts_default(spagm_cosim_opts *o);
spagm_cosim *spagm_cosim_new(const spagm_cosim_opts *o, spagm_diag *d);
void spagm_cosim_free(spagm_cosim *c);
bool spagm_cosim_set_coverage(spagm_cosim *c, const char *cov_path);
bool spagm_cosim_begin_epoch(spagm_cosim *c);
unsigned spagm_cosim_epoch(const spagm_cosim *c);
bool spagm_cosim_next_request(spagm_cosim *c, spagm_unit u, spagm_request *req);
void spagm_cosim_accept(spagm_cosim *c, spagm_unit u, const spagm_request *req, uint64_t cycle);
unsigned spagm_cosim_check(spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                           uint64_t cycle);
uint64_t spagm_cosim_finish(spagm_cosim *c, FILE *out, uint64_t cycles, double seconds);
/* libc: the summary spagm_cosim_finish prints, caught in memory. */
FILE *open_memstream(char **ptr, size_t *sizeloc);
int fclose(FILE *stream);

/* ---- tex.h: texture headers and texels as a user builds them ---- */
typedef enum spagm_tex_components {
  SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXFMT_R16_G16_B16_A16,
  SPAGM_TEXFMT_R32_G32, SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXFMT_A2B10G10R10, SPAGM_TEXFMT_R16_G16,
  SPAGM_TEXFMT_R32, SPAGM_TEXFMT_B5G6R5, SPAGM_TEXFMT_G8R8, SPAGM_TEXFMT_R16, SPAGM_TEXFMT_R8,
  SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, SPAGM_TEXFMT_BF10GF11RF11, ...
} spagm_tex_components;
typedef enum spagm_tex_data_type {
  SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SINT, SPAGM_TEXDT_UINT,
  SPAGM_TEXDT_SNORM_FORCE_FP16, SPAGM_TEXDT_UNORM_FORCE_FP16, SPAGM_TEXDT_FLOAT, ...
} spagm_tex_data_type;
typedef enum spagm_tex_source {
  SPAGM_TEXSRC_ZERO, SPAGM_TEXSRC_R, SPAGM_TEXSRC_G, SPAGM_TEXSRC_B, SPAGM_TEXSRC_A,
  SPAGM_TEXSRC_ONE_INT, SPAGM_TEXSRC_ONE_FLOAT, ...
} spagm_tex_source;
typedef enum spagm_tex_layout { SPAGM_TEXLAYOUT_PITCH, SPAGM_TEXLAYOUT_BLOCKLINEAR, ... } spagm_tex_layout;
typedef enum spagm_tex_type {
  SPAGM_TEXTYPE_1D, SPAGM_TEXTYPE_2D, SPAGM_TEXTYPE_3D, SPAGM_TEXTYPE_CUBE, SPAGM_TEXTYPE_1D_ARRAY,
  SPAGM_TEXTYPE_2D_ARRAY, SPAGM_TEXTYPE_1D_BUFFER, SPAGM_TEXTYPE_2D_NO_MIPMAP,
  SPAGM_TEXTYPE_CUBE_ARRAY, ...
} spagm_tex_type;
typedef enum spagm_tex_msaa {
  SPAGM_TEXMS_1X1, SPAGM_TEXMS_2X1, SPAGM_TEXMS_2X2, SPAGM_TEXMS_4X2, SPAGM_TEXMS_4X2_D3D,
  SPAGM_TEXMS_2X1_D3D, SPAGM_TEXMS_4X4, SPAGM_TEXMS_2X2_VC_4, SPAGM_TEXMS_2X2_VC_12,
  SPAGM_TEXMS_4X2_VC_8, SPAGM_TEXMS_4X2_VC_24, ...
} spagm_tex_msaa;
typedef struct spagm_tic {
  unsigned components;
  unsigned data_type[4];
  unsigned source[4];
  unsigned layout;
  uint64_t address;
  uint32_t pitch;
  unsigned block_height_log2;
  unsigned block_depth_log2;
  unsigned max_mip_level;
  uint32_t width;
  uint32_t height;
  uint32_t depth;
  unsigned type;
  bool srgb;
  unsigned view_min_level;
  unsigned view_max_level;
  unsigned msaa;
  ...;
} spagm_tic;
void spagm_tic_init(spagm_tic *t);
spagm_status spagm_tic_encode(const spagm_tic *t, uint8_t out[32], spagm_diag *d);
spagm_status spagm_tic_decode(const uint8_t in[32], spagm_tic *t);
spagm_status spagm_tex_set_header_pool(spagm_model *m, uint64_t base, uint32_t max_index);
spagm_status spagm_tex_get_header_pool(const spagm_model *m, uint64_t *base, uint32_t *max_index);
spagm_status spagm_tex_set_header(spagm_model *m, uint32_t index, const spagm_tic *t, spagm_diag *d);
spagm_status spagm_tex_get_header(const spagm_model *m, uint32_t index, spagm_tic *t);
unsigned spagm_tex_texel_bytes(unsigned components);
bool spagm_tex_msaa_grid(unsigned msaa, unsigned *samples, unsigned *grid_w, unsigned *grid_h);
spagm_status spagm_tex_texel_address(const spagm_tic *t, uint32_t x, uint32_t y, uint32_t z,
                                     unsigned level, unsigned sample, uint64_t *va, spagm_diag *d);
spagm_status spagm_tex_texel_write(spagm_model *m, const spagm_tic *t, uint32_t x, uint32_t y,
                                   uint32_t z, unsigned level, unsigned sample, const void *bytes,
                                   spagm_diag *d);
spagm_status spagm_tex_set_cbank_word(spagm_model *m, unsigned bank, unsigned index, uint32_t value);
spagm_status spagm_tex_select_cbank(spagm_model *m, unsigned bank);
