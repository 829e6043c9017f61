// SPDX-License-Identifier: Apache-2.0
/* ISBE spaces: the fixed region map of one space (N20) and which memory a
 * spagm_space names (attr.h "Addressing the memories from outside"). */
#include "attr/attr_state.h"

uint32_t spagm_isbe_region_base(spagm_isbe_region r) {
  switch (r) {
    case SPAGM_REGION_MAP: return SPAGM_ISBE_MAP_BASE;
    case SPAGM_REGION_PATCH: return SPAGM_ISBE_PATCH_BASE;
    case SPAGM_REGION_PRIM: return SPAGM_ISBE_PRIM_BASE;
    case SPAGM_REGION_ATTR: return SPAGM_ISBE_ATTR_BASE;
  }
  return 0;
}

uint32_t spagm_isbe_region_size(spagm_isbe_region r) {
  switch (r) {
    case SPAGM_REGION_MAP: return SPAGM_ISBE_MAP_SIZE;
    case SPAGM_REGION_PATCH: return SPAGM_ISBE_PATCH_SIZE;
    case SPAGM_REGION_PRIM: return SPAGM_ISBE_PRIM_SIZE;
    case SPAGM_REGION_ATTR: return SPAGM_ISBE_ATTR_SIZE;
  }
  return 0;
}

int spagm__attr_space_index(spagm_space space) {
  if (space == SPAGM_SPACE_ISBE_IN) return SPAGM__IN;
  if (space == SPAGM_SPACE_ISBE_OUT) return SPAGM__OUT;
  return -1;
}

uint8_t *spagm__attr_space_mem(const spagm_attr_state *s, spagm_space space,
                               uint32_t *size) {
  switch (space) {
    case SPAGM_SPACE_ISBE_IN:
      *size = SPAGM_ISBE_SPACE_BYTES;
      return s->mem[SPAGM__IN];
    case SPAGM_SPACE_ISBE_OUT:
      *size = SPAGM_ISBE_SPACE_BYTES;
      return s->mem[SPAGM__OUT];
    case SPAGM_SPACE_PATCH:
      /* R4: the patch space is 4 * patch_words bytes (AST.P target). */
      *size = 4u * s->cfg.patch_words;
      return s->mem[SPAGM__OUT] + SPAGM_ISBE_PATCH_BASE;
    case SPAGM_SPACE_GS_OUT:
      *size = SPAGM_ATTR_GS_BYTES;
      return s->gs;
    case SPAGM_SPACE_NONE: break;
  }
  *size = 0;
  return NULL;
}
