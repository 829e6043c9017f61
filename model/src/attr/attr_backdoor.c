// SPDX-License-Identifier: Apache-2.0
/* Backdoor access to the attribute unit's memories and write-status bits
 * (attr.h "Memories"): what testbenches, vector files and tests use to load
 * an ISBE image before traffic and read it back afterwards. */
#include <string.h>

#include "core/model_internal.h"

uint32_t spagm_attr_space_size(const spagm_model *m, spagm_space space) {
  uint32_t size = 0;
  if (!m) return 0;
  spagm__attr_space_mem(&m->attr, space, &size);
  return size;
}

/* Memory behind space with [addr, addr+n) checked against its size. */
static uint8_t *span(const spagm_model *m, spagm_space space, uint32_t addr,
                     size_t n, spagm_diag *d, spagm_status *st) {
  uint32_t size = 0;
  uint8_t *mem = m ? spagm__attr_space_mem(&m->attr, space, &size) : NULL;
  if (!mem) {
    *st = spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                         m ? "space %d is not an attribute-unit memory"
                           : "NULL model (space %d)",
                         (int)space);
    return NULL;
  }
  if ((uint64_t)addr + n > size) {
    *st = spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                         "bytes 0x%x..+%zu are outside %s (0x%x bytes)", addr,
                         n, spagm_space_name(space), size);
    return NULL;
  }
  *st = SPAGM_OK;
  return mem + addr;
}

spagm_status spagm_attr_read(const spagm_model *m, spagm_space space,
                             uint32_t addr, void *buf, size_t n,
                             spagm_diag *d) {
  spagm_status st;
  if (!buf && n) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL buffer");
  const uint8_t *p = span(m, space, addr, n, d, &st);
  if (!p) return st;
  if (n) memcpy(buf, p, n);
  return SPAGM_OK;
}

spagm_status spagm_attr_write(spagm_model *m, spagm_space space,
                              uint32_t addr, const void *buf, size_t n,
                              spagm_diag *d) {
  spagm_status st;
  if (!buf && n) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL buffer");
  uint8_t *p = span(m, space, addr, n, d, &st);
  if (!p) return st;
  if (n) memcpy(p, buf, n);
  return SPAGM_OK;
}

spagm_status spagm_attr_read32(const spagm_model *m, spagm_space space,
                               uint32_t addr, uint32_t *value, spagm_diag *d) {
  spagm_status st;
  if (!value) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL value");
  if (addr & 3u)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "word address 0x%x is not a multiple of 4", addr);
  const uint8_t *p = span(m, space, addr, 4, d, &st);
  if (!p) return st;
  *value = spagm__load32(p);
  return SPAGM_OK;
}

spagm_status spagm_attr_write32(spagm_model *m, spagm_space space,
                                uint32_t addr, uint32_t value, spagm_diag *d) {
  spagm_status st;
  if (addr & 3u)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "word address 0x%x is not a multiple of 4", addr);
  uint8_t *p = span(m, space, addr, 4, d, &st);
  if (!p) return st;
  spagm__store32(p, value);
  return SPAGM_OK;
}

/* Space index for the per-vertex functions, which only take ISBE_IN/OUT. */
static spagm_status vertex_args(const spagm_model *m, spagm_space space,
                                unsigned vertex, uint32_t addr, int *sp,
                                spagm_diag *d) {
  if (!m) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model");
  *sp = spagm__attr_space_index(space);
  if (*sp < 0)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "space %d is not isbe_in or isbe_out", (int)space);
  if (vertex >= SPAGM_ATTR_MAX_VERTICES)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "vertex %u is not below the maximum %u", vertex,
                          SPAGM_ATTR_MAX_VERTICES);
  if (addr >= SPAGM_ATTR_BYTES || (addr & 3u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "attribute address 0x%x is not a multiple of 4 "
                          "below 0x400",
                          addr);
  return SPAGM_OK;
}

spagm_status spagm_attr_phys_addr(const spagm_model *m, spagm_space space,
                                  unsigned vertex, uint32_t addr,
                                  uint32_t *phys, spagm_diag *d) {
  int sp = 0;
  spagm_status st = vertex_args(m, space, vertex, addr, &sp, d);
  if (st != SPAGM_OK) return st;
  if (!phys) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL phys");
  const spagm_attr_layout *l = &m->attr.layout[sp];
  uint16_t rank = l->rank_of[addr / 4];
  if (rank == SPAGM__NO_RANK)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                          "attribute 0x%03x has BMAP bit 0 in %s: no storage "
                          "(R1)",
                          addr, spagm_space_name(space));
  /* R1 SKEW layout. */
  *phys = SPAGM_ISBE_ATTR_BASE + spagm__skew_offset(vertex, rank, l->n);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_vertex_attr(spagm_model *m, spagm_space space,
                                        unsigned vertex, uint32_t addr,
                                        uint32_t value, bool mark_written,
                                        spagm_diag *d) {
  uint32_t phys;
  spagm_status st = spagm_attr_phys_addr(m, space, vertex, addr, &phys, d);
  if (st != SPAGM_OK) return st;
  int sp = spagm__attr_space_index(space);
  spagm__store32(m->attr.mem[sp] + phys, value);
  if (mark_written) spagm__set_written(&m->attr, sp, vertex, addr / 4, true);
  return SPAGM_OK;
}

spagm_status spagm_attr_get_vertex_attr(const spagm_model *m,
                                        spagm_space space, unsigned vertex,
                                        uint32_t addr, uint32_t *value,
                                        spagm_diag *d) {
  uint32_t phys;
  if (!value) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL value");
  spagm_status st = spagm_attr_phys_addr(m, space, vertex, addr, &phys, d);
  if (st != SPAGM_OK) return st;
  *value = spagm__load32(m->attr.mem[spagm__attr_space_index(space)] + phys);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_written(spagm_model *m, spagm_space space,
                                    unsigned vertex, uint32_t addr,
                                    bool written, spagm_diag *d) {
  int sp = 0;
  spagm_status st = vertex_args(m, space, vertex, addr, &sp, d);
  if (st != SPAGM_OK) return st;
  spagm__set_written(&m->attr, sp, vertex, addr / 4, written);
  return SPAGM_OK;
}

spagm_status spagm_attr_get_written(const spagm_model *m, spagm_space space,
                                    unsigned vertex, uint32_t addr,
                                    bool *written, spagm_diag *d) {
  int sp = 0;
  if (!written) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL result");
  spagm_status st = vertex_args(m, space, vertex, addr, &sp, d);
  if (st != SPAGM_OK) return st;
  *written = spagm__bit(m->attr.written[sp][vertex], addr / 4);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_written_bits(
    spagm_model *m, spagm_space space, unsigned vertex,
    const uint32_t bits[SPAGM_ATTR_MAP_WORDS], spagm_diag *d) {
  int sp = 0;
  if (!bits) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL bits");
  spagm_status st = vertex_args(m, space, vertex, 0, &sp, d);
  if (st != SPAGM_OK) return st;
  memcpy(m->attr.written[sp][vertex], bits,
         SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  return SPAGM_OK;
}

spagm_status spagm_attr_get_written_bits(const spagm_model *m,
                                         spagm_space space, unsigned vertex,
                                         uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                         spagm_diag *d) {
  int sp = 0;
  if (!bits) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL bits");
  spagm_status st = vertex_args(m, space, vertex, 0, &sp, d);
  if (st != SPAGM_OK) return st;
  memcpy(bits, m->attr.written[sp][vertex],
         SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_primitive_count(spagm_model *m, uint32_t count,
                                            spagm_diag *d) {
  /* ISBE-layout.txt: primitive_count is the 32-bit word at 0x0 of the map
   * region, present in the output space only. */
  return spagm_attr_write32(m, SPAGM_SPACE_ISBE_OUT, SPAGM_ISBE_MAP_BASE,
                            count, d);
}

spagm_status spagm_attr_set_primitive_index(spagm_model *m, spagm_space space,
                                            unsigned i, uint8_t vertex,
                                            spagm_diag *d) {
  int sp = spagm__attr_space_index(space);
  if (sp < 0)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "space %d is not isbe_in or isbe_out", (int)space);
  /* ISBE-layout.txt: 8-bit indices from 0x00 (input) or 0x04 (output). */
  uint32_t first = sp == SPAGM__OUT ? 4u : 0u;
  if (i >= SPAGM_ISBE_MAP_SIZE - first)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "primitive index slot %u is outside the map region",
                          i);
  return spagm_attr_write(m, space, SPAGM_ISBE_MAP_BASE + first + i, &vertex,
                          1, d);
}
