/* SPDX-License-Identifier: Apache-2.0 */
/* Compiles only through the forwarding headers at the earlier paths, and
 * calls one function of each so the link needs the moved libraries too. */
#include <stdio.h>

#include <spagm/spagm.h>
#include <spagm/vec/cov.h>
#include <spagm/vec/json.h>
#include <spagm/vec/progress.h>
#include <spagm/vec/statemap.h>
#include <spagm/vec/stim.h>

int main(void) {
  spagm_diag d;
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  spagm_stim *s = spagm_stim_new(&o, &d);
  spagm_model *m = spagm_model_new();
  if (!s || !m || spagm_stim_begin_epoch(s, 0, m, &d) != SPAGM_OK) {
    fprintf(stderr, "old_header_paths: stimulus: %s\n", d.msg);
    return 1;
  }
  spagm_cfg_list l = {0};
  spagm_status st = spagm_statemap_load_list(m, SPAGM_UNIT_PIX, &l);
  spagm_progress p;
  spagm_progress_start(&p, NULL, "old", "words", l.n);
  char line[128];
  spagm_progress_format(&p, l.n, 1.0, line, sizeof line);
  size_t e_acute = spagm_utf8_len((const unsigned char *)"\xc3\xa9");
  printf("old header paths: %s; U+00E9 is %zu bytes of UTF-8\n", line, e_acute);
  spagm_cov *c = spagm_cov_new();
  int rc = st == SPAGM_OK && l.n > 0 && e_acute == 2 && c &&
                   spagm_cov_begin_input(c, "old paths", &d) == SPAGM_OK
               ? 0
               : 1;
  spagm_cov_free(c);
  spagm_cfg_list_free(&l);
  spagm_model_free(m);
  spagm_stim_free(s);
  return rc;
}
