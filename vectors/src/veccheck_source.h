// SPDX-License-Identifier: Apache-2.0
/* Internal: spagm check's comparison of a random file with the stimulus
 * its header names (veccheck_source.c, N86). */
#ifndef SPAGM_VECCHECK_SOURCE_H
#define SPAGM_VECCHECK_SOURCE_H

#include "vecfile_internal.h"

typedef struct spagm__vec_source spagm__vec_source;

/* NULL for a scenario file (nothing to regenerate) or out of memory. */
spagm__vec_source *spagm__vec_source_new(const spagm_vec_header *h);
void spagm__vec_source_free(spagm__vec_source *v);
/* Start the stimulus's epoch; false when it cannot. */
bool spagm__vec_source_epoch(spagm__vec_source *v, uint32_t epoch);
/* The stimulus's state of unit u lists exactly these words. */
bool spagm__vec_source_state(spagm__vec_source *v, spagm_unit u, const spagm_cfg_list *words);
/* NULL when req is the stimulus's next request of u, else the name of the
 * first field that differs. */
const char *spagm__vec_source_txn(spagm__vec_source *v, spagm_unit u, const spagm_request *req);
/* At u's read-back: the stimulus has no further request of u this epoch,
 * or the unit reached the header's count. */
bool spagm__vec_source_unit_done(spagm__vec_source *v, spagm_unit u);

#endif
