/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/attr.h: the attribute unit's state of a tessellation shader loaded
 * through the backdoor (stage, maps, vertex count, a previous-stage output
 * in the input ISBE space) and read by ALD (ALD.txt, R1). */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_model *m = spagm_model_new();
  if (!m) return 1;
  spagm_diag d;
  uint32_t phys = 0;
  //! [attr_state]
  /* GENERIC0 (0x080..0x08c) is read by this stage and written by the one
   * before: input BMAP = IMAP & OMAP_PREV holds those four attributes. */
  uint32_t generic0[SPAGM_ATTR_MAP_WORDS] = {0};
  for (uint32_t addr = 0x080; addr <= 0x08c; addr += 4)
    generic0[addr / 4 / 32] |= 1u << (addr / 4 % 32);
  if (spagm_attr_set_stage(m, SPAGM_STAGE_TS, &d) != SPAGM_OK ||
      spagm_attr_set_map(m, SPAGM_MAP_IMAP, generic0, &d) != SPAGM_OK ||
      spagm_attr_set_map(m, SPAGM_MAP_OMAP_PREV, generic0, &d) != SPAGM_OK ||
      spagm_attr_set_vertex_count(m, 4, &d) != SPAGM_OK ||
      /* vertex 2's GENERIC0.x, written by the previous stage */
      spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, 2, 0x080, 0x40490fdbu, true,
                                 &d) != SPAGM_OK ||
      spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_IN, 2, 0x080, &phys, &d) != SPAGM_OK) {
    fprintf(stderr, "attribute state: %s\n", d.msg);
    return 1;
  }
  printf("vertex 2 GENERIC0.x lives at ISBE_IN byte 0x%x (R1 layout)\n", (unsigned)phys);
  //! [attr_state]

  spagm_request req;
  spagm_response rsp;
  if (example_request("ALD R0, a[0x080], R1;", 1, &req, &d) != SPAGM_OK)
    return example_fail("assemble", &d);
  req.b[0][0] = 2; /* R1: vertex handle 2 */
  spagm_execute(m, &req, &rsp);
  uint32_t raw = 0;
  spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, phys, &raw, &d);
  spagm_model_free(m);
  if (rsp.wb_value[0][0] != 0x40490fdbu || raw != 0x40490fdbu || phys != 2 * 4)
    return example_fail("ALD reads the previous stage's output at its R1 address", NULL);
  printf("ALD R0, a[0x080], R1 with R1 = 2 -> 0x%08x\n", (unsigned)rsp.wb_value[0][0]);
  return 0;
}
