// SPDX-License-Identifier: Apache-2.0
/* The driver shared by the execution harnesses fuzz_exec_attr, _pix and
 * _tex: one model, a unit's state set through its public API from the
 * input, then requests whose words carry one of the unit's opcodes and
 * whose other bits, lanes and operands come from the input. */
#ifndef SPAGM_FUZZ_EXEC_H
#define SPAGM_FUZZ_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "spagm/spagm.h"

/* Opcode field of one of a unit's instructions: the word's bits under
 * mask are replaced by bits (N1: attribute opcodes are [63:49], PIXLD's
 * [63:48], TLDS's [63:57]). */
typedef struct fuzz_opcode {
  uint64_t mask;
  uint64_t bits;
} fuzz_opcode;

/* Sets the unit's state of m (just reset) from the input's back bytes.
 * Refused settings are part of the test: they must leave the model usable. */
typedef void (*fuzz_state_fn)(spagm_model *m, fuzz_in *in);

/* Run one input: state, then up to 64 requests. Aborts on a broken
 * promise of model.h (a status other than the documented ones, a response
 * that does not answer its request). */
int fuzz_exec_run(const uint8_t *data, size_t size, const fuzz_opcode *ops, size_t nops,
                  fuzz_state_fn state);

/* A stage for the unit under test (PIXLD is meant for PS, N80). */
void fuzz_exec_set_stage(spagm_model *m, fuzz_in *in);

#endif
