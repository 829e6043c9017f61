// SPDX-License-Identifier: Apache-2.0
/* HW-generated attributes (R2): which addresses they live at and the values
 * the model returns for them when the previous stage did not write them. */
#include "core/model_internal.h"

static const uint32_t hw_addr[SPAGM_HW_COUNT] = {
    0x060, /* PRIMITIVE_ID */
    0x2F0, /* TESS_COORD u */
    0x2F4, /* TESS_COORD v */
    0x2F8, /* INSTANCE_ID */
    0x2FC, /* VERTEX_ID */
    0x3FC, /* FRONT_FACE */
};

static const char *const hw_name[SPAGM_HW_COUNT] = {
    "primitive_id", "tess_coord_u", "tess_coord_v",
    "instance_id",  "vertex_id",    "front_face",
};

uint32_t spagm_attr_hw_addr(spagm_attr_hw kind) {
  return (unsigned)kind < SPAGM_HW_COUNT ? hw_addr[kind] : 0xFFFFFFFFu;
}

int spagm_attr_hw_at(uint32_t addr) {
  addr &= ~3u;
  for (int k = 0; k < SPAGM_HW_COUNT; k++)
    if (hw_addr[k] == addr) return k;
  return -1;
}

const char *spagm_attr_hw_name(spagm_attr_hw kind) {
  return (unsigned)kind < SPAGM_HW_COUNT ? hw_name[kind] : "unknown_hw";
}

static spagm_status hw_args(const spagm_model *m, spagm_attr_hw kind,
                            unsigned index, spagm_diag *d) {
  if (!m) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model");
  if ((unsigned)kind >= SPAGM_HW_COUNT)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "HW attribute kind %d is unknown", (int)kind);
  unsigned limit = kind == SPAGM_HW_PRIMITIVE_ID ? SPAGM_ATTR_MAX_PRIMITIVES
                                                 : SPAGM_ATTR_MAX_VERTICES;
  if (index >= limit)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "%s index %u is not below %u", hw_name[kind], index,
                          limit);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_hw(spagm_model *m, spagm_attr_hw kind,
                               unsigned index, uint32_t value, spagm_diag *d) {
  spagm_status st = hw_args(m, kind, index, d);
  if (st != SPAGM_OK) return st;
  if (kind == SPAGM_HW_PRIMITIVE_ID)
    m->attr.hw_prim[index] = value;
  else
    m->attr.hw_vert[index][kind] = value;
  return SPAGM_OK;
}

spagm_status spagm_attr_get_hw(const spagm_model *m, spagm_attr_hw kind,
                               unsigned index, uint32_t *value,
                               spagm_diag *d) {
  if (!value) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL value");
  spagm_status st = hw_args(m, kind, index, d);
  if (st != SPAGM_OK) return st;
  *value = kind == SPAGM_HW_PRIMITIVE_ID ? m->attr.hw_prim[index]
                                         : m->attr.hw_vert[index][kind];
  return SPAGM_OK;
}
