// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — golden vector files (docs/vector-format.md).
 *
 * A vector file is versioned, line-oriented text: a header (format version,
 * generator, source and options, unit mix, epochs), then per epoch the state
 * of each unit as configuration-port words (statemap.h) and, for the
 * texture unit, the non-zero words of texture memory, one record per
 * transaction (request, expected response with don't-care masks and store
 * effects, disassembly and explanation as comments), the expected read-back
 * words, and a trailer with the CRC-32 of everything before it. Every block
 * also carries the CRC-32 of its own lines, so an edit is located to the
 * record it is in.
 *
 * Request and response records are written and read through the field
 * tables of txn.h (spagm_request_fields / spagm_response_fields): adding a
 * field to the transaction contract changes the file format in that one
 * place. Writers write to a temporary name and rename when complete; readers
 * reject truncated, edited or corrupted files with the line (and column) of
 * the first problem and never crash on bad input.
 *
 * Example (examples/api/vec_file.c, run by the test api_example.vec_file): a
 * random run written to a vector file, read back and checked transaction by
 * transaction.
 * \snippet examples/api/vec_file.c vec_file_gen_check
 */
#ifndef SPAGM_VECFILE_H
#define SPAGM_VECFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/** The format version this library writes and reads. */
#define SPAGM_VEC_FORMAT_VERSION 2
/** Version 1 (no texture memory) is still read for files without the
 * texture unit: their text is the same in both versions. */
#define SPAGM_VEC_FORMAT_OLDEST 1

/** Where a file's transactions come from. */
typedef enum spagm_vec_source {
  SPAGM_VEC_SOURCE_RANDOM = 0,  /**< the seeded stimulus generator (stim.h) */
  SPAGM_VEC_SOURCE_SCENARIO = 1 /**< a directed scenario (spagm gen --scenario) */
} spagm_vec_source;

/** The header of a file. For a random source the generator options are
 * recorded so `spagm gen` with the same options reproduces the file. */
typedef struct spagm_vec_header {
  unsigned version;       /**< SPAGM_VEC_FORMAT_VERSION */
  char generator[64];     /**< "spagm 0.2.0": the tool that wrote the file */
  spagm_vec_source source; /**< random or scenario */
  char scenario[128];     /**< SCENARIO: file name of the source (no directory) */
  uint64_t seed;          /**< RANDOM: the options of spagm_stim_opts */
  uint32_t count;         /**< RANDOM: requests per unit over the run */
  uint32_t epoch_txns;    /**< RANDOM: at most this many requests per unit and epoch */
  uint32_t illegal_ppm;   /**< RANDOM: illegal words per million requests */
  uint32_t units;         /**< bit (1u << spagm_unit) per unit in the file */
  uint32_t epochs;        /**< epochs of the whole (unsharded) run */
  /** A shard holds epochs first_epoch .. first_epoch + shard_epochs - 1. */
  bool sharded;
  uint32_t shard_index;   /**< 1 .. shard_count */
  uint32_t shard_count;   /**< shards of the run */
  uint32_t first_epoch;   /**< the shard's first epoch */
  uint32_t shard_epochs;  /**< the shard's epoch count */
} spagm_vec_header;

/** A header for a random run with these options, no shard. The epochs are
 * those the co-simulation runs: each epoch gives each unit what the
 * stimulus offers (up to epoch_txns, fewer to a unit whose stage does not
 * suit it) until every unit has count requests; they are found by running
 * the stimulus without the model. SPAGM_E_ARG (d says why) for bad options. */
spagm_status spagm_vec_header_random(spagm_vec_header *h, uint64_t seed, uint32_t count,
                                     uint32_t epoch_txns, uint32_t illegal_ppm, uint32_t units,
                                     spagm_diag *d);

/** Epochs [*first, *first + *n) of shard i of n_shards (1-based) of a run of
 * `epochs` epochs: contiguous ranges, in order, whose union is the run. */
void spagm_vec_shard_range(uint32_t epochs, uint32_t i, uint32_t n_shards, uint32_t *first,
                           uint32_t *n);

/** Parse a unit list "attr,pix" into a mask; false for an unknown name or
 * an empty list. */
bool spagm_vec_parse_units(const char *list, uint32_t *mask);

/* ---- Writer ------------------------------------------------------------- */

/** A vector file being written (opaque). */
typedef struct spagm_vec_writer spagm_vec_writer;

/** Start a file at path: the text goes to a temporary file beside it
 * (path.partial-PID) that spagm_vec_writer_close renames to path. Writes
 * the header. NULL (d filled) when the file cannot be created or the header
 * is invalid. */
spagm_vec_writer *spagm_vec_writer_open(const char *path, const spagm_vec_header *h,
                                        spagm_diag *d);
/** The same into memory (spagm_vec_writer_text gives the text). */
spagm_vec_writer *spagm_vec_writer_open_mem(const spagm_vec_header *h, spagm_diag *d);

/** The temporary file a file writer writes (PATH.partial-PID) until
 * spagm_vec_writer_close renames it; NULL for NULL or a memory writer. A
 * caller can store it to remove it from a signal handler (spagm gen). */
const char *spagm_vec_writer_partial_path(const spagm_vec_writer *w);

/** Start epoch `epoch` (the next one in order). */
spagm_status spagm_vec_write_epoch(spagm_vec_writer *w, uint32_t epoch, spagm_diag *d);
/** The state of unit u as configuration words in load order (the load list
 * of statemap.h) and, for a unit with memory (spagm_statemap_has_memory),
 * the non-zero memory words in ascending address order (the memory list;
 * NULL or empty for none); summary (may be NULL) is written as a comment.
 * SPAGM_E_ARG for memory words given to a unit without memory or not in
 * strictly ascending order. */
spagm_status spagm_vec_write_state(spagm_vec_writer *w, spagm_unit u,
                                   const spagm_cfg_list *words, const spagm_mem_list *mem,
                                   const char *summary, spagm_diag *d);
/** One transaction of unit u: the request and the model's response, and the
 * explanation (may be NULL) written as comments with the disassembly.
 * SPAGM_E_ARG, and nothing written, for a value wider than its field (the
 * reader's range check; the writer stays usable). */
spagm_status spagm_vec_write_txn(spagm_vec_writer *w, spagm_unit u, const spagm_request *req,
                                 const spagm_response *rsp, const spagm_explain *ex,
                                 spagm_diag *d);
/** The words the end-of-epoch read-back of unit u must return, as
 * (address, expected data) in read order. */
spagm_status spagm_vec_write_readback(spagm_vec_writer *w, spagm_unit u,
                                      const spagm_cfg_list *words, spagm_diag *d);
/** Append bytes verbatim (whole lines of a body copied by spagm merge). The
 * caller vouches for their syntax; they are covered by the trailer CRC. */
spagm_status spagm_vec_write_raw(spagm_vec_writer *w, const char *text, size_t n,
                                 uint64_t txns, spagm_diag *d);

/** Write the trailer and, for a file, flush, close and rename it into place.
 * The writer is freed in every case; on error the temporary file is
 * removed and nothing appears under the final name. */
spagm_status spagm_vec_writer_close(spagm_vec_writer *w, spagm_diag *d);
/** Drop the file (temporary removed) and free the writer. */
void spagm_vec_writer_abort(spagm_vec_writer *w);
/** For a memory writer: the text written so far (the whole file after
 * spagm_vec_writer_finish_mem); NULL for a file writer. */
const char *spagm_vec_writer_text(const spagm_vec_writer *w, size_t *len);
/** For a memory writer: write the trailer and keep the writer for
 * spagm_vec_writer_text; free it with spagm_vec_writer_abort. */
spagm_status spagm_vec_writer_finish_mem(spagm_vec_writer *w, spagm_diag *d);
/** Bytes written so far (header and trailer included once written). */
uint64_t spagm_vec_writer_bytes(const spagm_vec_writer *w);

/// @{
/** For progress lines of long runs (spagm/util/progress.h): fn(user, n) is
 * called after each transaction written (writer) or read (reader), n being
 * the count so far. fn NULL removes it; w/r NULL is ignored. */
typedef void (*spagm_vec_progress_fn)(void *user, uint64_t txns);
void spagm_vec_writer_on_txn(spagm_vec_writer *w, spagm_vec_progress_fn fn, void *user);
/// @}

/* ---- Reader ------------------------------------------------------------- */

/** What a spagm_vec_item read from a file is. */
typedef enum spagm_vec_item_kind {
  SPAGM_VEC_EPOCH,    /**< epoch: a new epoch starts */
  SPAGM_VEC_STATE,    /**< unit, words, mem: a unit's state */
  SPAGM_VEC_TXN,      /**< unit, req, rsp: a transaction */
  SPAGM_VEC_READBACK, /**< unit, words: expected read-back */
  SPAGM_VEC_END       /**< the trailer: CRC and counts verified */
} spagm_vec_item_kind;

/** Most response fields a record has (spagm_response_fields). */
#define SPAGM_VEC_MAX_FIELDS 32
/** Most rows one response field takes in a record. */
#define SPAGM_VEC_MAX_ROWS 8

/** One item of a vector file, as spagm_vec_reader_next returns it: which
 * members are set depends on kind. */
typedef struct spagm_vec_item {
  spagm_vec_item_kind kind; /**< what the item is */
  int line;            /**< line of the epoch / state / txn / readback / trailer line */
  uint32_t epoch;      /**< the current epoch */
  spagm_unit unit;       /**< STATE, TXN, READBACK: the unit */
  spagm_cfg_list words;  /**< STATE, READBACK (owned by the reader) */
  spagm_mem_list mem;    /**< STATE: memory words, ascending (owned by the reader) */
  spagm_request req;     /**< TXN */
  spagm_response rsp;    /**< TXN */
  int expect_line;       /**< TXN: line of `expect` */
  /** TXN: line of each response field row (field index of
   * spagm_response_fields, row), 0 when the row was left out. */
  int rsp_row_line[SPAGM_VEC_MAX_FIELDS][SPAGM_VEC_MAX_ROWS];
  uint64_t txns;         /**< END: transactions in the file */
} spagm_vec_item;

/** A vector file being read (opaque). */
typedef struct spagm_vec_reader spagm_vec_reader;

/** Open a file and read its header. NULL (d filled with the line and
 * column) when the file cannot be read or its header is invalid. */
spagm_vec_reader *spagm_vec_reader_open(const char *path, spagm_vec_header *h, spagm_diag *d);
/// @{
/** The same over text in memory (not copied: keep it alive); name is used
 * in messages. */
spagm_vec_reader *spagm_vec_reader_open_mem(const char *text, size_t len, const char *name,
                                            spagm_vec_header *h, spagm_diag *d);
void spagm_vec_reader_free(spagm_vec_reader *r);
/// @}
/** See spagm_vec_writer_on_txn. */
void spagm_vec_reader_on_txn(spagm_vec_reader *r, spagm_vec_progress_fn fn, void *user);

/** The next item into *it (reused between calls: its word list is the
 * reader's). SPAGM_OK with kind END once the trailer is verified, then
 * nothing more; SPAGM_E_FORMAT (or E_IO, E_NOMEM) with d->line/col at the
 * first problem. After an error the reader returns that error again. */
spagm_status spagm_vec_next(spagm_vec_reader *r, spagm_vec_item *it, spagm_diag *d);

/** Byte offsets for spagm merge: where the body (first `epoch` line)
 * starts and where the trailer line starts; valid after END. */
void spagm_vec_reader_body(const spagm_vec_reader *r, uint64_t *body_start,
                           uint64_t *trailer_start);

/** Read a whole file and verify it (structure, block and trailer CRCs).
 * Fills *txns with the transactions when not NULL. */
spagm_status spagm_vec_validate(const char *path, spagm_vec_header *h, uint64_t *txns,
                                spagm_diag *d);

/* ---- Compare masks (docs/port-contract.md, "What is compared") ---------- */

/** mask = the bits of each response field that a checker compares with the
 * expected response exp: the port contract's mask,
 * spagm_response_compare_mask of `spagm/txn.h`, kept under this name for
 * the vector library's users. */
void spagm_vec_compare_mask(const spagm_response *exp, spagm_response *mask);

/* ---- Generation, checking, export --------------------------------------- */

/** The expected end-of-epoch read-back of unit u: the addresses of
 * spagm_statemap_readback_list with the model's words (out is cleared
 * first). */
spagm_status spagm_vec_readback_words(const spagm_model *m, spagm_unit u, spagm_cfg_list *out);

/** Write the epochs of a random run (h->sharded selects a range) to w: per
 * epoch the stimulus state, the requests of each unit executed on the model,
 * the read-back. */
spagm_status spagm_vec_gen_random(spagm_vec_writer *w, const spagm_vec_header *h,
                                  spagm_diag *d);
/// @{
/** The same, sampling each executed transaction into the coverage database
 * cov (spagm/cov/cov.h; NULL: no coverage). The file's bytes do not depend
 * on cov. */
struct spagm_cov; /**< spagm/cov/cov.h */
spagm_status spagm_vec_gen_random_cov(spagm_vec_writer *w, const spagm_vec_header *h,
                                      struct spagm_cov *cov, spagm_diag *d);
/// @}

/** What spagm_vec_check found. */
typedef struct spagm_vec_check_result {

  uint64_t txns;          /**< transactions re-executed */
  uint64_t txns_failed;   /**< of which disagreed with the file */
  uint64_t differences;   /**< field elements that disagreed */
  uint64_t rb_words;      /**< read-back words compared */
  uint64_t rb_failed;     /**< of which disagreed */
  uint64_t state_failed;  /**< state words rejected or not reproduced */
} spagm_vec_check_result;

/** Re-execute every transaction of the file read by r on a model rebuilt
 * from the recorded state words (spagm_statemap_write) and compare with the
 * recorded responses and read-back words. Each disagreement is printed to
 * report (up to max_reports lines, 0 = all) as "NAME:LINE: ...". Returns
 * SPAGM_OK when the file could be read to its verified trailer (check res
 * for disagreements), else the reader's error in d. */
spagm_status spagm_vec_check(spagm_vec_reader *r, const char *name, FILE *report,
                             unsigned max_reports, spagm_vec_check_result *res, spagm_diag *d);
/** The same, sampling each re-executed transaction into the coverage
 * database cov (spagm/cov/cov.h; NULL: none). */
spagm_status spagm_vec_check_cov(spagm_vec_reader *r, const char *name, FILE *report,
                                 unsigned max_reports, spagm_vec_check_result *res,
                                 struct spagm_cov *cov, spagm_diag *d);

/** Export the file read by r as $readmemh files into dir (created; an
 * earlier export there is replaced; built beside it and renamed into
 * place). Layout: docs/vector-format.md, "Hex export". */
spagm_status spagm_vec_export_hex(spagm_vec_reader *r, const char *source_name,
                                  const char *dir, spagm_diag *d);

/// @{
/** What an interrupted export leaves, for a caller that must remove it from
 * a signal handler, where it cannot list a directory (spagm export-hex):
 * the temporary directory this process builds for dir (DIR.partial-PID)
 * into buf, and the names of the files it can hold for a unit mix, name k
 * for 0 <= k < spagm_vec_export_hex_file_count(units). false for NULL
 * arguments, a buffer too small or k out of range. */
bool spagm_vec_export_hex_partial_dir(const char *dir, char *buf, size_t n);
size_t spagm_vec_export_hex_file_count(uint32_t units);
bool spagm_vec_export_hex_file_name(uint32_t units, size_t k, char *buf, size_t n);
/// @}

#ifdef __cplusplus
}
#endif
#endif
