// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --exec DIR INDEX: performs run INDEX of DIR/plan.tsv in
 * this process, whichever launcher started it (a local child or a Slurm
 * array task). The run's command gets its own process group so a timeout or
 * a cancel reaches every process it started; the outcome goes to
 * DIR/runs/ID/status, which the launcher reads back. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lock.h"
#include "regress.h"
#include "util.h"

static volatile sig_atomic_t g_cancel;

static void on_cancel(int sig) { g_cancel = sig; }

static void catch_cancel(void) { rg_on_stop_signals(on_cancel); }

/* The child: own process group, the run's folder, output to its log. */
static void start_child(const char *rundir, const char *dir, const rg_run *r) {
  setpgid(0, 0);
  signal(SIGTERM, SIG_DFL), signal(SIGINT, SIG_DFL), signal(SIGHUP, SIG_DFL);
  char *log = rg_path_join(rundir, "log");
  int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0 || chdir(rundir) != 0) _exit(126);
  dup2(fd, 1), dup2(fd, 2), close(fd);
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0) dup2(null, 0), close(null);
  execl("/bin/sh", "sh", "-c", r->command, (char *)NULL);
  _exit(127);
}

/* SIGTERM to the whole group, SIGKILL after a grace period. */
static int stop_group(pid_t pid, int *wstatus) {
  kill(-pid, SIGTERM);
  for (int i = 0; i < 150; i++) {
    if (waitpid(pid, wstatus, WNOHANG) == pid) return 0;
    rg_sleep_ms(20);
  }
  kill(-pid, SIGKILL);
  return waitpid(pid, wstatus, 0) == pid ? 0 : -1;
}

static void classify(int wstatus, rg_result *res) {
  if (WIFEXITED(wstatus)) {
    int c = WEXITSTATUS(wstatus);
    res->exit_code = c;
    if (c == 0) {
      res->status = RG_PASS;
      snprintf(res->reason, sizeof res->reason, "exit status 0");
    } else if (c == 2) { /* N140: the project's tools exit 2 on a usage error */
      res->status = RG_ERROR;
      snprintf(res->reason, sizeof res->reason, "refused by its tool (exit status 2)");
    } else if (c > 128 && c < 160) { /* sh reports a child's death by signal N as 128+N */
      res->status = RG_CRASH;
      res->signal = c - 128;
      snprintf(res->reason, sizeof res->reason, "crashed: signal %d (%s), exit status %d",
               c - 128, strsignal(c - 128), c);
    } else {
      res->status = RG_FAIL;
      snprintf(res->reason, sizeof res->reason, "exit status %d", c);
    }
  } else if (WIFSIGNALED(wstatus)) {
    res->status = RG_CRASH;
    res->signal = WTERMSIG(wstatus);
    snprintf(res->reason, sizeof res->reason, "crashed: signal %d (%s)", res->signal,
             strsignal(res->signal));
  }
}

/* A scheduler cancelling a task signals every process of it (Slurm with
 * proctrack/linuxproc), so the run may die of the SIGTERM meant for us a
 * moment before we see ours: that is a cancel, not a crash. */
static int cancelled_with(int sig) {
  if (sig != SIGTERM && sig != SIGKILL && sig != SIGINT && sig != SIGHUP) return 0;
  for (int i = 0; i < 10 && !g_cancel; i++) rg_sleep_ms(20);
  return g_cancel != 0;
}

/* The farm's signal reached us while the run ended: whatever the command
 * made of its own share of it (a shell that goes on after its child was
 * killed, a trap that exits 0), the run did not end undisturbed, so its
 * result is not evidence. A scheduler signals the processes of a task one
 * by one (Slurm with proctrack/linuxproc), so the command can finish
 * before our own SIGTERM is seen; the command's own outcome stays in the
 * reason. A run already stopped at its own timeout keeps that. */
static void note_cancel(rg_result *res) {
  if (!g_cancel || res->status == RG_CANCELLED || res->status == RG_TIMEOUT) return;
  char was[sizeof res->reason];
  snprintf(was, sizeof was, "%s", res->reason);
  res->status = RG_CANCELLED;
  snprintf(res->reason, sizeof res->reason, "cancelled: %s received as the run ended (%.100s)",
           strsignal(g_cancel), was);
}

/* Waits for the run, stopping it at its timeout or when we are cancelled. */
static void supervise(pid_t pid, const rg_run *r, rg_result *res) {
  double start = rg_now();
  int wstatus = 0;
  for (;;) {
    pid_t w = waitpid(pid, &wstatus, WNOHANG);
    if (w == pid) {
      classify(wstatus, res);
      if (res->status == RG_CRASH && cancelled_with(res->signal)) {
        res->status = RG_CANCELLED;
        snprintf(res->reason, sizeof res->reason, "cancelled: %s received", strsignal(g_cancel));
      }
      break;
    }
    if (g_cancel || rg_now() - start > r->timeout_s) {
      int sig = g_cancel;
      stop_group(pid, &wstatus);
      res->status = sig ? RG_CANCELLED : RG_TIMEOUT;
      if (sig)
        snprintf(res->reason, sizeof res->reason, "cancelled: %s received", strsignal(sig));
      else
        snprintf(res->reason, sizeof res->reason, "timeout: no result after %u s, killed",
                 r->timeout_s);
      break;
    }
    rg_sleep_ms(20);
  }
  kill(-pid, SIGKILL); /* whatever the command left in the background */
  res->wall_s = rg_now() - start;
}

static void write_reproduce(const char *rundir, const rg_run *r) {
  spagm_buf b = {0};
  spagm_buf_printf(&b, "#!/bin/sh\n# %s: re-run in its own folder\ncd \"$(dirname \"$0\")\" && %s\n",
                r->id, r->command);
  char *path = rg_path_join(rundir, "reproduce.sh");
  if (rg_write_file(path, b.s, b.len) == 0) chmod(path, 0755);
  free(path);
  spagm_buf_free(&b);
}

/* The refusal's own words: the first log line that names the problem
 * (error, unknown, refused, out of range...), else the first that is not
 * the usage text, after the exit-2 reason. */
static int names_problem(const char *line) {
  static const char *const words[] = {"error", "unknown", "Unknown", "refused", "no such",
                                      "invalid", "out of range", "cannot", "needs"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strstr(line, words[i])) return 1;
  return 0;
}

static void refusal_reason(const char *rundir, rg_result *res) {
  char *path = rg_path_join(rundir, "log");
  char *log = rg_read_file(path, NULL);
  free(path);
  if (!log) return;
  const char *pick = NULL, *plain = NULL;
  for (char *save = NULL, *line = log; line && !pick; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    if (!line[0] || line[0] == ' ') continue;
    if (names_problem(line)) pick = line;
    else if (!plain && strncmp(line, "usage:", 6) != 0) plain = line;
  }
  if (!pick) pick = plain;
  if (pick) {
    size_t n = strlen(res->reason);
    snprintf(res->reason + n, sizeof res->reason - n, ": %.150s", pick);
  }
  free(log);
}

/* The Slurm job and array task this run is (results.json), "" locally. */
static void slurm_ids(rg_result *res) {
  const char *job = getenv("SLURM_ARRAY_JOB_ID");
  const char *task = getenv("SLURM_ARRAY_TASK_ID");
  if (!job) job = getenv("SLURM_JOB_ID");
  snprintf(res->slurm_job, sizeof res->slurm_job, "%s", job ? job : "");
  snprintf(res->slurm_task, sizeof res->slurm_task, "%s", task ? task : "");
}

/* Before anything of the run is written: this process is recorded as the
 * run's (runs/ID/exec), then the runner's token checked. A --resume takes
 * the lock first and then stops the processes it finds recorded, so a task
 * of the killed runner is either found and stopped, or finds the lock taken
 * and does not run: never both runners on one run. Cancelled before the
 * run started (its runner killed as it forked us), nothing is written. */
static int claim(const char *rundir, const char *dir, const rg_run *r, const char *token) {
  char *owner = rg_path_join(rundir, "exec");
  int rc = rg_mkdir_p(rundir) || rg_owner_write(owner) ? -1 : 0;
  free(owner);
  if (rc) return -1;
  if (token && !rg_lock_held_by(dir, token)) {
    fprintf(stderr, "spagm-regress --exec: %s: run %s is not run: its runner (%s) no longer holds "
            "%s/lock\n", dir, r->id, token, dir);
    return 1;
  }
  return g_cancel ? 1 : 0;
}

static int run_one(const char *dir, const rg_run *r, const char *token) {
  char *rundir = rg_run_dir(dir, r);
  int rc = claim(rundir, dir, r, token);
  if (rc) {
    free(rundir);
    return rc < 0;
  }
  rg_result res;
  memset(&res, 0, sizeof res);
  res.exit_code = -1;
  gethostname(res.host, sizeof res.host - 1);
  slurm_ids(&res);
  write_reproduce(rundir, r);
  pid_t pid = fork();
  if (pid == 0) start_child(rundir, dir, r);
  if (pid > 0) {
    setpgid(pid, pid); /* also here: no window in which a kill misses the group */
    supervise(pid, r, &res);
    if (res.status == RG_ERROR) refusal_reason(rundir, &res);
    note_cancel(&res); /* a signal that came before the record is written */
  } else {
    res.status = RG_FAIL;
    snprintf(res.reason, sizeof res.reason, "could not start: %s", strerror(errno));
  }
  rc = rg_mkdir_p(rundir) || rg_status_write(dir, r, &res);
  free(rundir);
  return rc ? 1 : 0;
}

int rg_exec_main(const char *dir, const char *index, const char *token) {
  catch_cancel();
  /* Marks this process and all it starts as this regression's (a test
   * checks that none is left after an interrupt). */
  setenv("SPAGM_REGRESS_DIR", dir, 1);
  char *end;
  unsigned long i = strtoul(index, &end, 10);
  rg_plan p;
  if (rg_plan_read(dir, &p)) return 2;
  if (*end || !*index || i >= p.nruns) {
    fprintf(stderr, "spagm-regress --exec: no run %s in %s/plan.tsv\n", index, dir);
    rg_plan_free(&p);
    return 2;
  }
  int rc = run_one(dir, &p.runs[i], token);
  rg_plan_free(&p);
  return rc;
}
