/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/tex.h: a texture set up the way a driver does (header pool, a
 * constant-bank word pointing at the header, the TIC header, the texels)
 * and read by TLDS (TLDS.txt, R17, R21). */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_model *m = spagm_model_new();
  if (!m) return 1;
  spagm_diag d;
  //! [tex_texture]
  /* A 4x1 R32 FLOAT 2D texture, header 1 of a pool at 0x1000, found by
   * TLDS through word 1 of constant bank 0 (headerPtr = 1). */
  spagm_tic tic;
  spagm_tic_init(&tic);
  tic.components = SPAGM_TEXFMT_R32;
  for (unsigned c = 0; c < 4; c++) tic.data_type[c] = SPAGM_TEXDT_FLOAT;
  tic.address = 0x100000;
  tic.width = 4;
  tic.height = 1;
  if (spagm_tex_set_header_pool(m, 0x1000, 7) != SPAGM_OK ||
      spagm_tex_set_cbank_word(m, 0, 1, 1) != SPAGM_OK ||
      spagm_tex_set_header(m, 1, &tic, &d) != SPAGM_OK) {
    fprintf(stderr, "texture: %s\n", d.msg);
    return 1;
  }
  for (uint32_t s = 0; s < 4; s++) {
    float value = 0.25f * (float)s;  /* texel s holds s/4 */
    if (spagm_tex_texel_write(m, &tic, s, 0, 0, 0, 0, &value, &d) != SPAGM_OK) {
      fprintf(stderr, "texel %u: %s\n", (unsigned)s, d.msg);
      return 1;
    }
  }
  //! [tex_texture]

  spagm_request req;  /* R2 of lane l = l: s; R3: t = 0 */
  spagm_response rsp;
  if (example_request("TLDS.LZ RZ, R8, R2, R3, 0x1, 2D, R;", 0xFu, &req, &d) != SPAGM_OK)
    return example_fail("assemble", &d);
  spagm_execute(m, &req, &rsp);
  uint64_t va = 0;
  spagm_tex_texel_address(&tic, 3, 0, 0, 0, 0, &va, &d);
  spagm_model_free(m);
  const uint32_t want[4] = {0, 0x3e800000u, 0x3f000000u, 0x3f400000u};
  for (unsigned lane = 0; lane < 4; lane++)
    if (rsp.fault || rsp.wb_value[0][lane] != want[lane])
      return example_fail("TLDS reads the texel written", NULL);
  printf("TLDS of texels 0..3: 0x%08x 0x%08x 0x%08x 0x%08x; texel 3 at 0x%llx\n",
         (unsigned)rsp.wb_value[0][0], (unsigned)rsp.wb_value[0][1],
         (unsigned)rsp.wb_value[0][2], (unsigned)rsp.wb_value[0][3], (unsigned long long)va);
  return 0;
}
