// SPDX-License-Identifier: Apache-2.0
/* Removing the half-written output of `spagm gen` and `spagm export-hex`
 * when SIGINT, SIGTERM or SIGHUP stops them: the paths are
 * stored before the work starts, and the handler only unlinks (rmdirs)
 * them, which is async-signal-safe, then re-raises the signal so the exit
 * status still says what stopped the process. */
#ifndef SPAGM_CLI_SIGNAL_CLEANUP_H
#define SPAGM_CLI_SIGNAL_CLEANUP_H

#include <stdbool.h>

/* Remember a file to unlink on a signal; false when the path is too long
 * or the table is full (then nothing is remembered). */
bool spagm_cli_cleanup_file(const char *path);
/* Remember a directory to rmdir on a signal, after every file. */
bool spagm_cli_cleanup_dir(const char *path);
/* Catch SIGINT, SIGTERM and SIGHUP from now on. */
void spagm_cli_cleanup_install(void);
/* The work is done (or cleaned up by the caller): forget the paths and let
 * the signals take their default action again. */
void spagm_cli_cleanup_done(void);

#endif
