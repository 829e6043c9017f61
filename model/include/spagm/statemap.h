// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — unit state as configuration-port words (docs/port-contract.md).
 *
 * The co-simulation loads each epoch's state into the RTL through the
 * units' configuration ports, reads the images back at the end, and vector
 * files record the same words so a replay loads the RTL exactly as the
 * co-simulation does. This is the one place that maps model state to those
 * words and back.
 *
 * Example (examples/api/statemap.c, run by the test
 * api_example.statemap): a model's state loaded into a second model
 * through configuration words and the read-back compared.
 * \snippet examples/api/statemap.c statemap_load
 */
#ifndef SPAGM_STATEMAP_H
#define SPAGM_STATEMAP_H

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

/** One word of a unit's configuration port (docs/port-contract.md). */
typedef struct spagm_cfg_word {
  uint32_t addr; /**< target [31:28], byte address [27:0] */
  uint32_t data; /**< the word written there */
} spagm_cfg_word;

/** A growable list of words; start zeroed, free with spagm_cfg_list_free. */
typedef struct spagm_cfg_list {
  spagm_cfg_word *w; /**< the words, n of them */
  size_t n;          /**< words in the list */
  size_t cap;        /**< words w has room for */
} spagm_cfg_list;

/** Free the words and zero the list (no-op when l is NULL). */
void spagm_cfg_list_free(spagm_cfg_list *l);
/** Append; SPAGM_E_NOMEM when the list cannot grow. */
spagm_status spagm_cfg_list_push(spagm_cfg_list *l, uint32_t addr, uint32_t data);

/** A burst of the version-2 configuration port (docs/port-contract.md,
 * N120): up to 32 words of one 128-byte block. addr is the block's address
 * (target [31:28], addr[6:0] = 0); bit k of mask says the word at
 * addr + 4k takes part, its data in data[k] (0 where the bit is clear). */
typedef struct spagm_cfg_burst {
  uint32_t addr;     /**< the block's address */
  uint32_t mask;     /**< bit k: the word at addr + 4k takes part */
  uint32_t data[32]; /**< the words, 0 where mask's bit is clear */
} spagm_cfg_burst;

/** The burst that starts at list word *pos: that word and the words after
 * it that fall in its 128-byte block at strictly ascending addresses (N120:
 * so a unit may apply a burst's words in any order). Advances *pos past
 * them; false (b untouched) at the end of the list. A replay packs its hex
 * export by the same rule (testbench/replay/tb_replay_driver.sv). */
bool spagm_cfg_list_next_burst(const spagm_cfg_list *l, size_t *pos, spagm_cfg_burst *b);

/** The writes that load the model's current state of unit u into RTL that
 * has just been reset: for the attribute unit the clear command, every
 * register, then every non-zero memory word; for the pixel unit every
 * register, the two configuration choices (offset format, sample order)
 * only when they are not 0 (N352); for the texture unit every register and
 * every word of the selected constant bank (texture memory is the testbench
 * memory model's). Appended to out. */
spagm_status spagm_statemap_load_list(const spagm_model *m, spagm_unit u,
                                      spagm_cfg_list *out);

/** The addresses (data 0) read back at the end of an epoch: for the
 * attribute unit every target, in target order (the registers, maps and
 * default table; the input space's attributes of the live vertices and its
 * map, patch and primitive regions; the output space's attributes of the
 * live vertices and its patch region; both write statuses; every HW value;
 * the used GS buffers in a GS); the pixel unit's registers (the two
 * configuration choices only when not 0, N352) and programmable table; the
 * texture unit's registers and the first row of its constant bank.
 * Appended to out. */
spagm_status spagm_statemap_readback_list(const spagm_model *m, spagm_unit u,
                                          spagm_cfg_list *out);

/** The model's word at a configuration address; false when the address is
 * not readable in the map. */
bool spagm_statemap_read(const spagm_model *m, spagm_unit u, uint32_t addr,
                         uint32_t *value);

/** Apply one configuration write to the model, the inverse of the load list
 * (a clear zeroes the unit's memories). SPAGM_E_ARG, with d saying why, for
 * an address outside the map or a value a register cannot hold. */
spagm_status spagm_statemap_write(spagm_model *m, spagm_unit u, uint32_t addr,
                                  uint32_t data, spagm_diag *d);

/* ---- Memory beside the configuration port ------------------------------ */

/** A word of the memory a unit reads through a port of its own (the texture
 * unit's memory port, docs/port-contract.md): a 32-bit little-endian word
 * at byte address va (a multiple of 4, below 2^48). */
typedef struct spagm_mem_word {
  uint64_t va;   /**< byte address, a multiple of 4 below 2^48 */
  uint32_t data; /**< the word, little-endian in memory */
} spagm_mem_word;

/** A growable list of memory words; start zeroed, free with
 * spagm_mem_list_free. */
typedef struct spagm_mem_list {
  spagm_mem_word *w; /**< the words, n of them */
  size_t n;          /**< words in the list */
  size_t cap;        /**< words w has room for */
} spagm_mem_list;

/** Free the words and zero the list (no-op when l is NULL). */
void spagm_mem_list_free(spagm_mem_list *l);

/** Append; SPAGM_E_NOMEM when the list cannot grow. */
spagm_status spagm_mem_list_push(spagm_mem_list *l, uint64_t va, uint32_t data);

/** True for a unit whose state includes such a memory (the texture unit:
 * headers and texels live in texture memory, N60). */
bool spagm_statemap_has_memory(spagm_unit u);

/** Every non-zero word of unit u's memory in ascending address order,
 * appended to out: with the load list, the whole state a testbench needs
 * (bytes not listed are 0, N61). Nothing for a unit without memory. */
spagm_status spagm_statemap_memory_list(const spagm_model *m, spagm_unit u,
                                        spagm_mem_list *out);

/** Store one memory word into the model, the inverse of the memory list.
 * SPAGM_E_ARG (d says why) for a unit without memory, an unaligned
 * address or one past 2^48. */
spagm_status spagm_statemap_memory_write(spagm_model *m, spagm_unit u, uint64_t va,
                                         uint32_t data, spagm_diag *d);

/** Name of the target an address falls in ("ISBE output space", ...). */
const char *spagm_statemap_target_name(spagm_unit u, uint32_t addr);

#ifdef __cplusplus
}
#endif
#endif
