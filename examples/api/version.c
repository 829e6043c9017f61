/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/version.h: a program checks at start-up that the library it runs
 * with is the one its headers describe (a stale libspagm.so on the library
 * path is found here, not as a wrong result later). */
#include <stdio.h>
#include <string.h>

#include <spagm/version.h>

int main(void) {
  //! [version_check]
  if (strcmp(spagm_version(), SPAGM_VERSION_STRING) != 0) {
    fprintf(stderr, "spagm headers %s but library %s: rebuild against one spagm\n",
            SPAGM_VERSION_STRING, spagm_version());
    return 1;
  }
#if SPAGM_VERSION_MAJOR == 0 && SPAGM_VERSION_MINOR < 2
#error "this testbench needs spagm 0.2 or later (spagm_predictor_set_cov)"
#endif
  printf("spagm %s\n", spagm_version());
  //! [version_check]
  return 0;
}
