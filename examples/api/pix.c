/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/pix.h: the raster configuration PIXLD reads, set before traffic,
 * and the sample position a PIXLD.OFFSET must return for it (PIXLD.txt,
 * R14, DESIGN §7.4). */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  spagm_request req;   /* R2 of lane l = l: the sample index */
  spagm_response rsp;
  spagm_model *m = example_ps_model(1, &d);
  if (!m || example_request("PIXLD.OFFSET R0, [R2+0];", 0xFu, &req, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  int bad = 0;
  //! [pix_raster]
  /* 4xAA with the standard positions: what PIXLD.OFFSET of sample i gives. */
  spagm_raster_config rc;
  spagm_pix_get_config(m, &rc, NULL);
  rc.samples = 4;
  rc.positions = SPAGM_PIX_POSITIONS_STANDARD;
  rc.ssaa = false;
  if (spagm_pix_set_config(m, &rc, &d) != SPAGM_OK) {
    fprintf(stderr, "raster: %s\n", d.msg);
    return 1;
  }
  spagm_execute(m, &req, &rsp);  /* PIXLD.OFFSET R0, [R2+0], R2 = lane */
  for (unsigned i = 0; i < 4; i++) {
    spagm_sample_pos pos;
    spagm_pix_standard_position(4, i, &pos, NULL);
    uint32_t expected = spagm_pix_pack_offset(pos.x, pos.y);
    printf("sample %u at (%d, %d)/16: 0x%08x\n", i, pos.x, pos.y, (unsigned)rsp.wb_value[0][i]);
    bad |= rsp.wb_value[0][i] != expected;
  }
  //! [pix_raster]
  spagm_model_free(m);
  return bad ? example_fail("PIXLD.OFFSET returns the standard position", NULL) : 0;
}
