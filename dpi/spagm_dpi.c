// SPDX-License-Identifier: Apache-2.0
/* DPI-C wrappers of the co-simulation core (cosim.h) for SystemVerilog:
 * svBitVecVal vectors in the packed layout of txn_pack.h, a chandle for the
 * run, and mismatch reports printed as they happen. Each function is
 * imported by spagm_dpi_pkg.sv, whose comments say what the arguments
 * encode. Called from clocked blocks on handshakes only. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cosim.h"
#include "spagm/txn_pack.h"
#include "svdpi.h"

/* The run behind a chandle: the core plus the wall clock for rates. */
typedef struct spagm_dpi_run {
  spagm_cosim *c;
  struct timespec start;
} spagm_dpi_run;

/* Prototypes (svdpi has no header for user imports); C linkage even when a
 * simulator's build compiles this file as C++. */
#ifdef __cplusplus
extern "C" {
#endif
void *spagm_dpi_open(unsigned long long seed, unsigned long long txns, const char *units,
                     unsigned int epoch_txns, unsigned int illegal_ppm,
                     unsigned int max_errors, svBit check, const char *repro,
                     const char *tool);
unsigned int spagm_dpi_units(void *h);
svBit spagm_dpi_begin_epoch(void *h);
int spagm_dpi_epoch(void *h);
svBit spagm_dpi_cfg_burst(void *h, unsigned int unit, unsigned int *addr, unsigned int *mask,
                          svBitVecVal *data);
svBit spagm_dpi_next_request(void *h, unsigned int unit, svBitVecVal *req);
void spagm_dpi_accept(void *h, unsigned int unit, const svBitVecVal *req,
                      unsigned long long cycle);
unsigned int spagm_dpi_check(void *h, unsigned int unit, const svBitVecVal *rsp,
                             unsigned long long cycle);
svBit spagm_dpi_expected(void *h, unsigned int unit, const svBitVecVal *rsp, svBitVecVal *req,
                         svBitVecVal *exp, unsigned int *lanes, svBitVecVal *rule_name);
unsigned int spagm_dpi_outstanding(void *h, unsigned int unit);
svBit spagm_dpi_readback_burst(void *h, unsigned int unit, unsigned int *addr,
                               unsigned int *mask);
unsigned int spagm_dpi_readback_check_burst(void *h, unsigned int unit, unsigned int addr,
                                            unsigned int mask, const svBitVecVal *data,
                                            unsigned long long cycle);
svBit spagm_dpi_random(void *h, unsigned int unit, unsigned int pct);
void spagm_dpi_hang(void *h, unsigned int unit, unsigned long long cycle,
                    unsigned long long cycles, unsigned int phase);
void spagm_dpi_unasked_read(void *h, unsigned int unit, unsigned long long cycle,
                            unsigned int phase);
void spagm_dpi_idle_owed(void *h, unsigned int unit, unsigned long long cycle);
void spagm_dpi_unasked_mem_read(void *h, unsigned int unit, unsigned long long cycle,
                                unsigned int phase);
void spagm_dpi_tex_read(void *h, unsigned long long addr, svBitVecVal *data);
svBit spagm_dpi_should_stop(void *h);
unsigned long long spagm_dpi_first_error_cycle(void *h);
unsigned long long spagm_dpi_first_error_accept_cycle(void *h);
unsigned int spagm_dpi_first_error_lanes(void *h);
void spagm_dpi_phase_cycles(void *h, unsigned long long load, unsigned long long run,
                            unsigned long long readback);
void spagm_dpi_unit_clocks(void *h, unsigned int unit, unsigned long long clocks);
unsigned long long spagm_dpi_finish(void *h, unsigned long long cycles);
svBit spagm_dpi_outputs(void *h, const char *json, svBit progress);
svBit spagm_dpi_coverage(void *h, const char *cov);
void spagm_dpi_checkpoint(void *h, unsigned long long every);
void spagm_dpi_close(void *h);
#ifdef __cplusplus
}
#endif

static void flush_reports(spagm_dpi_run *r) {
  const char *rep = spagm_cosim_take_report(r->c);
  if (rep[0]) {
    fputs(rep, stdout);
    fflush(stdout);
  }
}

void *spagm_dpi_open(unsigned long long seed, unsigned long long txns, const char *units,
                     unsigned int epoch_txns, unsigned int illegal_ppm,
                     unsigned int max_errors, svBit check, const char *repro,
                     const char *tool) {
  spagm_cosim_opts o;
  spagm_cosim_opts_default(&o);
  o.seed = seed;
  o.txns = txns;
  o.epoch_txns = epoch_txns;
  o.illegal_ppm = illegal_ppm;
  o.max_errors = max_errors;
  o.check = check != 0;
  o.repro = repro;
  o.tool = tool && tool[0] ? tool : "spagm-cosim";
  if (!spagm_cosim_parse_units(units, &o.units)) {
    fprintf(stderr, "%s: +units=%s: expected a list of attr, pix, tex\n", o.tool, units);
    return NULL;
  }
  spagm_diag d = {0, 0, ""};
  spagm_dpi_run *r = (spagm_dpi_run *)calloc(1, sizeof *r);
  if (!r) return NULL;
  r->c = spagm_cosim_new(&o, &d);
  if (!r->c) {
    fprintf(stderr, "%s: %s\n", o.tool, d.msg);
    free(r);
    return NULL;
  }
  clock_gettime(CLOCK_MONOTONIC, &r->start);
  return r;
}

svBit spagm_dpi_outputs(void *h, const char *json, svBit progress) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  return r && spagm_cosim_set_outputs(r->c, json, progress != 0);
}

svBit spagm_dpi_coverage(void *h, const char *cov) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  return r && spagm_cosim_set_coverage(r->c, cov);
}

void spagm_dpi_checkpoint(void *h, unsigned long long every) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  if (r) spagm_cosim_set_checkpoint(r->c, every);
}

unsigned int spagm_dpi_units(void *h) { return spagm_cosim_units(((spagm_dpi_run *)h)->c); }

/* The calls that carry transactions and state, and the epoch's setup (the
 * stimulus's state: texture memory, tables), time themselves, so the
 * summary can say how the run's wall time splits between the simulator and
 * the C side (spagm_cosim_add_c_ticks). The per-cycle calls
 * (random, outstanding) cost less than a clock read: the testbench makes
 * them only where a draw decides something (N260). */
#define SPAGM_DPI_TIMED(c) for (uint64_t t0_ = spagm_cosim_ticks(c), once_ = 1; once_; \
                                once_ = 0, spagm_cosim_add_c_ticks((c), spagm_cosim_ticks(c) - t0_))

svBit spagm_dpi_begin_epoch(void *h) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  svBit more = 0;
  SPAGM_DPI_TIMED(r->c) more = spagm_cosim_begin_epoch(r->c);
  flush_reports(r);
  return more;
}

int spagm_dpi_epoch(void *h) { return (int)spagm_cosim_epoch(((spagm_dpi_run *)h)->c); }

/* A burst's words are svBitVecVal words: word k of the block is data[k]. */
svBit spagm_dpi_cfg_burst(void *h, unsigned int unit, unsigned int *addr, unsigned int *mask,
                          svBitVecVal *data) {
  spagm_cosim *c = ((spagm_dpi_run *)h)->c;
  spagm_cfg_burst b;
  svBit more = 0;
  SPAGM_DPI_TIMED(c) {
    more = spagm_cosim_cfg_burst(c, (spagm_unit)unit, &b);
    if (more) {
      *addr = b.addr;
      *mask = b.mask;
      for (unsigned k = 0; k < 32; k++) data[k] = b.data[k];
    }
  }
  return more;
}

svBit spagm_dpi_next_request(void *h, unsigned int unit, svBitVecVal *req) {
  spagm_cosim *c = ((spagm_dpi_run *)h)->c;
  spagm_request q;
  svBit more = 0;
  SPAGM_DPI_TIMED(c) {
    more = spagm_cosim_next_request(c, (spagm_unit)unit, &q);
    if (more) spagm_request_pack(&q, req);
  }
  return more;
}

void spagm_dpi_accept(void *h, unsigned int unit, const svBitVecVal *req,
                      unsigned long long cycle) {
  spagm_cosim *c = ((spagm_dpi_run *)h)->c;
  spagm_request q;
  SPAGM_DPI_TIMED(c) {
    spagm_request_unpack(req, &q);
    spagm_cosim_accept(c, (spagm_unit)unit, &q, cycle);
  }
}

unsigned int spagm_dpi_check(void *h, unsigned int unit, const svBitVecVal *rsp,
                             unsigned long long cycle) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_response p;
  unsigned n = 0;
  SPAGM_DPI_TIMED(r->c) {
    spagm_response_unpack(rsp, &p);
    n = spagm_cosim_check(r->c, (spagm_unit)unit, &p, cycle);
  }
  flush_reports(r);
  return n;
}

svBit spagm_dpi_expected(void *h, unsigned int unit, const svBitVecVal *rsp, svBitVecVal *req,
                         svBitVecVal *exp, unsigned int *lanes, svBitVecVal *rule_name) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_request q;
  spagm_response got, want;
  unsigned rule = 0;
  uint32_t ln = 0;
  bool ok = false;
  SPAGM_DPI_TIMED(r->c) {
    spagm_response_unpack(rsp, &got);
    ok = spagm_cosim_expected(r->c, (spagm_unit)unit, &got, &q, &want, &ln, &rule);
    spagm_request_pack(&q, req);
    spagm_response_pack(&want, exp);
  }
  *lanes = ln;
  /* The rule's name as 32 ASCII bytes, first character in the top byte,
   * blanks after it: GTKWave's ASCII format shows it as text (N211). */
  const char *name = rule ? spagm_rule_name(rule) : "";
  size_t len = name ? strlen(name) : 0;
  for (unsigned w = 0; w < 8; w++) rule_name[w] = 0;
  for (unsigned i = 0; i < 32; i++) {
    unsigned char ch = i < len ? (unsigned char)name[i] : (unsigned char)' ';
    rule_name[(31 - i) / 4] |= (svBitVecVal)ch << (8 * ((31 - i) % 4));
  }
  return ok;
}

unsigned int spagm_dpi_outstanding(void *h, unsigned int unit) {
  return spagm_cosim_outstanding(((spagm_dpi_run *)h)->c, (spagm_unit)unit);
}

svBit spagm_dpi_readback_burst(void *h, unsigned int unit, unsigned int *addr,
                               unsigned int *mask) {
  spagm_cfg_burst b;
  if (!spagm_cosim_readback_burst(((spagm_dpi_run *)h)->c, (spagm_unit)unit, &b)) return 0;
  *addr = b.addr;
  *mask = b.mask;
  return 1;
}

unsigned int spagm_dpi_readback_check_burst(void *h, unsigned int unit, unsigned int addr,
                                            unsigned int mask, const svBitVecVal *data,
                                            unsigned long long cycle) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_cfg_burst b = {.addr = addr, .mask = mask};
  for (unsigned k = 0; k < 32; k++) b.data[k] = data[k];
  unsigned n = spagm_cosim_readback_check_burst(r->c, (spagm_unit)unit, &b, cycle);
  flush_reports(r);
  return n;
}

svBit spagm_dpi_random(void *h, unsigned int unit, unsigned int pct) {
  return spagm_cosim_random(((spagm_dpi_run *)h)->c, (spagm_unit)unit, pct);
}

void spagm_dpi_hang(void *h, unsigned int unit, unsigned long long cycle,
                    unsigned long long cycles, unsigned int phase) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_cosim_hang(r->c, (spagm_unit)unit, cycle, cycles, phase);
  flush_reports(r);
}

void spagm_dpi_unasked_read(void *h, unsigned int unit, unsigned long long cycle,
                            unsigned int phase) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_cosim_unasked_read(r->c, (spagm_unit)unit, cycle, phase);
  flush_reports(r);
}

void spagm_dpi_idle_owed(void *h, unsigned int unit, unsigned long long cycle) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_cosim_idle_owed(r->c, (spagm_unit)unit, cycle);
  flush_reports(r);
}

void spagm_dpi_unasked_mem_read(void *h, unsigned int unit, unsigned long long cycle,
                                unsigned int phase) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  spagm_cosim_unasked_mem_read(r->c, (spagm_unit)unit, cycle, phase);
  flush_reports(r);
}

void spagm_dpi_tex_read(void *h, unsigned long long addr, svBitVecVal *data) {
  spagm_cosim *c = ((spagm_dpi_run *)h)->c;
  uint8_t b[32];
  SPAGM_DPI_TIMED(c) spagm_cosim_tex_read(c, addr, b);
  for (unsigned w = 0; w < 8; w++)
    data[w] = (svBitVecVal)b[4 * w] | (svBitVecVal)b[4 * w + 1] << 8 |
              (svBitVecVal)b[4 * w + 2] << 16 | (svBitVecVal)b[4 * w + 3] << 24;
}

svBit spagm_dpi_should_stop(void *h) {
  return spagm_cosim_should_stop(((spagm_dpi_run *)h)->c);
}

unsigned long long spagm_dpi_first_error_cycle(void *h) {
  return spagm_cosim_first_error_cycle(((spagm_dpi_run *)h)->c);
}

unsigned long long spagm_dpi_first_error_accept_cycle(void *h) {
  return spagm_cosim_first_error_accept_cycle(((spagm_dpi_run *)h)->c);
}

unsigned int spagm_dpi_first_error_lanes(void *h) {
  return spagm_cosim_first_error_lanes(((spagm_dpi_run *)h)->c);
}

void spagm_dpi_phase_cycles(void *h, unsigned long long load, unsigned long long run,
                            unsigned long long readback) {
  spagm_cosim_set_phase_cycles(((spagm_dpi_run *)h)->c, load, run, readback);
}

void spagm_dpi_unit_clocks(void *h, unsigned int unit, unsigned long long clocks) {
  spagm_cosim_set_unit_clocks(((spagm_dpi_run *)h)->c, unit, clocks);
}

unsigned long long spagm_dpi_finish(void *h, unsigned long long cycles) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double secs = (double)(now.tv_sec - r->start.tv_sec) +
                (double)(now.tv_nsec - r->start.tv_nsec) * 1e-9;
  flush_reports(r);
  uint64_t failed = spagm_cosim_finish(r->c, stdout, cycles, secs);
  fflush(stdout);
  return failed;
}

void spagm_dpi_close(void *h) {
  spagm_dpi_run *r = (spagm_dpi_run *)h;
  if (!r) return;
  spagm_cosim_free(r->c);
  free(r);
}
