/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/statemap.h: a model's attribute-unit state turned into the
 * configuration-port words that load it into RTL after reset, applied to a
 * second model standing in for the DUT, and the end-of-epoch read-back
 * compared word by word (docs/port-contract.md). */
#include <stdio.h>

#include <spagm/spagm.h>
#include <spagm/statemap.h>

#include "example.h"

int main(void) {
  spagm_model *golden = spagm_model_new(), *dut = spagm_model_new();
  spagm_diag d;
  uint32_t pos_map[SPAGM_ATTR_MAP_WORDS] = {0xF0000000u}; /* POSITION 0x70..0x7c */
  if (!golden || !dut || spagm_attr_set_stage(golden, SPAGM_STAGE_VSB, &d) != SPAGM_OK ||
      spagm_attr_set_map(golden, SPAGM_MAP_OMAP, pos_map, &d) != SPAGM_OK ||
      spagm_attr_set_map(golden, SPAGM_MAP_IMAP_NEXT, pos_map, &d) != SPAGM_OK ||
      spagm_attr_set_vertex_count(golden, 3, &d) != SPAGM_OK ||
      spagm_attr_set_vertex_attr(golden, SPAGM_SPACE_ISBE_OUT, 1, 0x74, 0x3f000000u, true, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  unsigned differ = 0, bursts = 0;
  //! [statemap_load]
  spagm_cfg_list load = {0}, readback = {0};
  if (spagm_statemap_load_list(golden, SPAGM_UNIT_ATTR, &load) != SPAGM_OK) return 1;
  for (size_t i = 0; i < load.n; i++) {
    /* a testbench drives load.w[i] on the DUT's configuration port here */
    if (spagm_statemap_write(dut, SPAGM_UNIT_ATTR, load.w[i].addr, load.w[i].data, &d) !=
        SPAGM_OK) {
      fprintf(stderr, "word %zu at 0x%08x (%s): %s\n", i, (unsigned)load.w[i].addr,
              spagm_statemap_target_name(SPAGM_UNIT_ATTR, load.w[i].addr), d.msg);
      return 1;
    }
  }
  spagm_cfg_burst b;  /* the same words as version-2 port bursts */
  for (size_t pos = 0; spagm_cfg_list_next_burst(&load, &pos, &b);) bursts++;

  /* At the end of the epoch: what the DUT must read back. */
  spagm_statemap_readback_list(golden, SPAGM_UNIT_ATTR, &readback);
  for (size_t i = 0; i < readback.n; i++) {
    uint32_t want = 0, got = 0;
    spagm_statemap_read(golden, SPAGM_UNIT_ATTR, readback.w[i].addr, &want);
    spagm_statemap_read(dut, SPAGM_UNIT_ATTR, readback.w[i].addr, &got);
    differ += want != got;
  }
  printf("%zu load words in %u bursts, %zu read-back words, %u differ\n", load.n, bursts,
         readback.n, differ);
  spagm_cfg_list_free(&load);
  spagm_cfg_list_free(&readback);
  //! [statemap_load]
  uint32_t v = 0;
  spagm_attr_get_vertex_attr(dut, SPAGM_SPACE_ISBE_OUT, 1, 0x74, &v, &d);
  spagm_model_free(golden);
  spagm_model_free(dut);
  if (differ || v != 0x3f000000u || !bursts)
    return example_fail("the DUT model holds the golden state", NULL);
  return 0;
}
