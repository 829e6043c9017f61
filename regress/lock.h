// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: one regression per results folder (DIR/lock). */
#ifndef SPAGM_REGRESS_LOCK_H
#define SPAGM_REGRESS_LOCK_H

#include <stddef.h>

/* Takes DIR/lock for this process: 0 when taken (a stale lock of a runner
 * that is gone from this host is taken over, with a message), -1 when
 * another runner holds it (named on stderr with its pid and host). */
int rg_lock_take(const char *dir);
/* Gives DIR/lock up, if it is still this process's. */
void rg_lock_release(const char *dir);

/* "PID@HOST" of this process, the runner's token that its runs carry
 * (`--exec DIR INDEX TOKEN`); a run whose runner no longer holds the lock
 * (a --resume took the folder over) does not run. */
void rg_lock_token(char *buf, size_t n);
int rg_lock_held_by(const char *dir, const char *token);

/* The same record for any process (a run's --exec, DIR/runs/ID/exec):
 * written whole; rg_owner_running gives its pid when that process is still
 * running on this host, else 0. */
int rg_owner_write(const char *path);
long rg_owner_running(const char *path);

#endif
