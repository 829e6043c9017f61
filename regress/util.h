// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: small helpers (allocation, whole-file I/O, paths, time); the
 * growing strings are util's spagm_buf. */
#ifndef SPAGM_REGRESS_UTIL_H
#define SPAGM_REGRESS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "spagm/util/buf.h"

void *rg_xmalloc(size_t n);
void *rg_xrealloc(void *p, size_t n);
char *rg_xstrdup(const char *s);

char *rg_read_file(const char *path, size_t *len);
char *rg_read_stream(FILE *f, size_t *len);
void rg_on_stop_signals(void (*fn)(int));
int rg_write_file(const char *path, const char *data, size_t len);
int rg_fsync_dir(const char *path);
int rg_write_in(const char *dir, const char *name, const char *data, size_t len);
int rg_mkdir_p(const char *path);
char *rg_path_join(const char *a, const char *b);
char *rg_dirname(const char *path);
double rg_now(void);
void rg_sleep_ms(unsigned ms);
/* CPU seconds (user + system) of this process and its reaped children. */
double rg_cpu_s(void);

#endif
