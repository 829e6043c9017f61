// SPDX-License-Identifier: Apache-2.0
/* Signal-time removal of partial output (signal_cleanup.h). The table is
 * process state by nature (a signal handler has no context argument), the
 * one exception to DESIGN §5's "no global mutable state", and it lives in
 * the command line, never in the libraries. */
#define _POSIX_C_SOURCE 200809L
#include "signal_cleanup.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define MAX_PATHS 48
#define MAX_PATH_LEN 4096

static char paths[MAX_PATHS][MAX_PATH_LEN];
static bool is_dir[MAX_PATHS];
static volatile sig_atomic_t n_paths;
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};

static bool remember(const char *path, bool dir) {
  if (!path) return false;
  size_t n = strlen(path);
  if (n >= MAX_PATH_LEN || n_paths >= MAX_PATHS) return false;
  memcpy(paths[n_paths], path, n + 1);
  is_dir[n_paths] = dir;
  n_paths = n_paths + 1; /* published after the path is complete */
  return true;
}

bool spagm_cli_cleanup_file(const char *path) { return remember(path, false); }
bool spagm_cli_cleanup_dir(const char *path) { return remember(path, true); }

/* unlink and rmdir only: both are async-signal-safe (POSIX.1-2008 2.4.3).
 * Files first, so the directories are empty when they are removed. */
static void on_signal(int sig) {
  int n = n_paths;
  for (int i = 0; i < n; i++)
    if (!is_dir[i]) unlink(paths[i]);
  for (int i = n; i-- > 0;)
    if (is_dir[i]) rmdir(paths[i]);
  /* SA_RESETHAND restored the default action; the signal is blocked while
   * the handler runs, so it is delivered, and kills us, on return. */
  raise(sig);
}

void spagm_cli_cleanup_install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) sigaddset(&sa.sa_mask, caught[i]);
  for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
    struct sigaction old;
    /* A signal the shell ignores (nohup, background jobs) stays ignored. */
    if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(caught[i], &sa, NULL);
  }
}

void spagm_cli_cleanup_done(void) {
  for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
    struct sigaction old;
    if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == on_signal)
      signal(caught[i], SIG_DFL);
  }
  n_paths = 0;
}
