// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --launcher local: up to --jobs runs at once on this
 * machine, each a forked `--exec` process in its own process group. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#include "launcher.h"
#include "lock.h"
#include "util.h"

typedef struct local_state {
  pid_t *pid;    /* per run: its --exec process, 0 before and after */
  size_t next;   /* the next run to start, in plan order */
  unsigned running;
} local_state;

static int local_start(rg_ctx *c, void **state) {
  local_state *s = rg_xmalloc(sizeof *s);
  memset(s, 0, sizeof *s);
  s->pid = rg_xmalloc((c->plan->nruns + 1) * sizeof *s->pid);
  memset(s->pid, 0, (c->plan->nruns + 1) * sizeof *s->pid);
  *state = s;
  return 0;
}

/* The child runs the --exec code directly: the same code a Slurm task
 * runs, without a second exec of this binary. */
static int spawn(rg_ctx *c, local_state *s, size_t i) {
  fflush(stdout), fflush(stderr);
  pid_t parent = getpid();
  char token[320];
  rg_lock_token(token, sizeof token); /* the runner's, not the child's */
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    setpgid(0, 0);
#ifdef __linux__
    /* A runner killed with SIGKILL cannot cancel its runs: each --exec
     * process then gets the SIGTERM itself, stops its run and records it
     * cancelled, for --resume to run again. */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);
#endif
    char idx[32];
    snprintf(idx, sizeof idx, "%zu", i);
    _exit(rg_exec_main(c->dir, idx, token));
  }
  setpgid(pid, pid);
  s->pid[i] = pid;
  s->running++;
  c->plan->runs[i].phase = RG_RUNNING;
  c->plan->runs[i].attempts = 1;
  return 0;
}

static void reaped(rg_ctx *c, local_state *s, size_t i, int wstatus) {
  rg_run *r = &c->plan->runs[i];
  s->pid[i] = 0;
  s->running--;
  r->phase = RG_DONE;
  if (rg_status_read(c->dir, r)) return;
  char why[64];
  snprintf(why, sizeof why, WIFSIGNALED(wstatus) ? "signal %d" : "exit status %d",
           WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : WEXITSTATUS(wstatus));
  rg_mark_lost(r, RG_LOST, "the run's process ended (%s) without a result", why);
}

static void reap(rg_ctx *c, local_state *s, int block) {
  int wstatus;
  pid_t pid;
  while (s->running && (pid = waitpid(-1, &wstatus, block ? 0 : WNOHANG)) > 0) {
    for (size_t i = 0; i < c->plan->nruns; i++)
      if (s->pid[i] == pid) reaped(c, s, i, wstatus);
    block = 0;
  }
  if (block && s->running) s->running = 0; /* ECHILD: nothing left to wait for */
}

static int local_poll(rg_ctx *c, void *state) {
  local_state *s = state;
  reap(c, s, 0);
  while (s->running < c->opts->jobs && s->next < c->plan->nruns) {
    size_t i = s->next++;
    if (c->plan->runs[i].phase == RG_DONE) continue; /* a result kept by --resume */
    if (spawn(c, s, i)) return -1;
  }
  return 0;
}

/* SIGTERM makes each --exec process stop its run's group and write
 * `cancelled`; SIGKILL after 10 s for one that does not. */
static void local_cancel(rg_ctx *c, void *state) {
  local_state *s = state;
  for (size_t i = 0; i < c->plan->nruns; i++)
    if (s->pid[i] > 0) kill(s->pid[i], SIGTERM);
  double until = rg_now() + 10;
  while (s->running && rg_now() < until) {
    reap(c, s, 0);
    rg_sleep_ms(20);
  }
  for (size_t i = 0; i < c->plan->nruns; i++)
    if (s->pid[i] > 0) kill(-s->pid[i], SIGKILL);
  while (s->running) reap(c, s, 1);
}

static void local_release(void *state) {
  local_state *s = state;
  if (s) free(s->pid);
  free(s);
}

const rg_launcher rg_launcher_local = {"local", 50, local_start, local_poll, local_cancel,
                                       local_release};
