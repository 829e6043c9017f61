/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/util/json.h: a tool's machine-readable summary written whole, as
 * `spagm check --json` writes its own (docs/json-summary.md). */
#include <stdio.h>
#include <string.h>

#include <spagm/spagm.h>
#include <spagm/util/json.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  //! [json_summary]
  spagm_json j;
  if (!spagm_json_open(&j, "summary.json", &d)) {  /* summary.json.tmp-PID */
    fprintf(stderr, "summary.json: %s\n", d.msg);
    return 1;
  }
  spagm_json_str(&j, "tool", "my-testbench");
  spagm_json_u64(&j, "seed", 7);
  spagm_json_bool(&j, "passed", false);
  spagm_json_array(&j, "mismatches");
  spagm_json_object(&j, NULL);                     /* keys are NULL inside arrays */
  spagm_json_u64(&j, "tag", 12);
  spagm_json_str(&j, "field", "wb_value[0][3]");
  spagm_json_end(&j);
  spagm_json_end(&j);
  spagm_json_f64(&j, "seconds", 1.5);
  if (!spagm_json_close(&j, &d)) {                 /* renamed onto summary.json */
    fprintf(stderr, "summary.json: %s\n", d.msg);
    return 1;
  }
  //! [json_summary]
  char text[512] = "";
  FILE *f = fopen("summary.json", "r");
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  if (f) fclose(f);
  text[n] = '\0';
  fputs(text, stdout);
  if (!strstr(text, "\"tool\"") || !strstr(text, "\"my-testbench\"") ||
      !strstr(text, "\"wb_value[0][3]\"") || !strstr(text, "false") || text[0] != '{')
    return example_fail("summary.json holds what was written", NULL);
  return 0;
}
