// SPDX-License-Identifier: Apache-2.0
/* Directed vector files recorded from a scenario (spagm gen --scenario). */
#ifndef SPAGM_CLI_VEC_SCENARIO_H
#define SPAGM_CLI_VEC_SCENARIO_H

#include "spagm/vec/file.h"

/* Run the scenario at scn_path and write its instructions as a vector file
 * at out_path (NULL: into *mem_writer, a memory writer the caller frees with
 * spagm_vec_writer_abort). Each instruction becomes one transaction; the
 * first instruction, and the first after a unit directive or `reset`, starts
 * an epoch whose state is the scenario model's at that point. The unit mix
 * is the units the instructions go to. Errors (a bad scenario, a failed
 * `expect`, an instruction without a word such as ISBEWR, a unit without a
 * state map) come back with d->line/col in the scenario. *where (when not
 * NULL) is set to the file an error is about: scn_path for the scenario
 * (including one that cannot be opened), out_path for the output. */
spagm_status spagm_cli_record_scenario(const char *scn_path, const char *out_path,
                                       spagm_vec_writer **mem_writer, const char **where,
                                       spagm_diag *d);

#endif
