// SPDX-License-Identifier: Apache-2.0
/* libFuzzer harness of the scenario runner (scenario/scenario.h): the
 * input is a scenario text. spagm_scn_run_text must return a status for
 * any text (a refusal with its line), executing whatever instructions,
 * state directives and expectations parse. The trace goes to /dev/null so
 * the printing code runs too; nothing else is written. */
#include <stdio.h>

#include "fuzz_roundtrip.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *devnull;
  if (!devnull && !(devnull = fopen("/dev/null", "w"))) return 0;
  spagm_scn_result res = {0, 0, 0};
  spagm_diag d = {0};
  spagm_status st = spagm_scn_run_text((const char *)data, size, "fuzz.scn", devnull, &res, &d);
  if (st == SPAGM_OK && res.failed != 0) fuzz_fail("SPAGM_OK with failed expectations", NULL);
  if (st == SPAGM_E_EXPECT && res.failed == 0)
    fuzz_fail("SPAGM_E_EXPECT without a failed expectation", d.msg);
  if (st != SPAGM_OK && st != SPAGM_E_NOMEM && d.msg[0] == '\0')
    fuzz_fail("a refused scenario without a message", spagm_status_name(st));
  return 0;
}
