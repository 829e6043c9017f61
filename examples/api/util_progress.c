/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/util/progress.h: the progress line of a long loop, on a terminal
 * redrawn in place, in a log one line every SPAGM_PROGRESS_SECONDS. */
#include <stdio.h>
#include <string.h>

#include <spagm/spagm.h>
#include <spagm/util/progress.h>

#include "example.h"

int main(void) {
  spagm_model *m = spagm_model_new();
  spagm_diag d;
  uint64_t word;
  if (!m || example_word("ALD R4, a[0x7c];", &word, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  const uint64_t total = 20000;
  //! [progress_loop]
  spagm_progress p;
  spagm_progress_start(&p, stderr, "example", "transactions", total);
  spagm_request req;
  spagm_response rsp;
  spagm_request_init(&req);
  req.insn = word;
  req.lane_mask = 0xFFFFFFFFu;
  for (uint64_t done = 0; done < total; done++) {
    req.tag = (uint32_t)done;
    spagm_execute(m, &req, &rsp);
    spagm_progress_update(&p, done + 1);  /* cheap: reads the clock every 256th call */
  }
  spagm_progress_end(&p);                 /* a redrawn line is cleared */
  printf("%llu transactions\n", (unsigned long long)total);
  //! [progress_loop]
  char line[160];
  spagm_progress_format(&p, 5000, 2.0, line, sizeof line);
  spagm_model_free(m);
  puts(line);
  if (!strstr(line, "example: 5000/20000 transactions (25%)") || !strstr(line, "ETA"))
    return example_fail("the progress line", NULL);
  return 0;
}
