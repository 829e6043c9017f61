// SPDX-License-Identifier: Apache-2.0
/* spagm CLI: one function per subcommand (cmd_*.c). Each takes the
 * arguments after the subcommand name and returns the process exit status:
 * 0 success, 1 bad input or failed check, 2 usage error. */
#ifndef SPAGM_CLI_COMMANDS_H
#define SPAGM_CLI_COMMANDS_H

int spagm_cmd_asm(int argc, char **argv);
int spagm_cmd_disasm(int argc, char **argv);
/* GTKWave translate filter: instruction words to disassembly. */
int spagm_cmd_gtkwave_filter(int argc, char **argv);
int spagm_cmd_run(int argc, char **argv);
/* Golden vector files (docs/vector-format.md). */
int spagm_cmd_gen(int argc, char **argv);
int spagm_cmd_check(int argc, char **argv);
int spagm_cmd_merge(int argc, char **argv);
int spagm_cmd_export_hex(int argc, char **argv);
int spagm_cmd_regress(int argc, char **argv);
/* Mutation analysis of a unit's RTL (docs/mutate.md). */
int spagm_cmd_mutate(int argc, char **argv);
/* Runs the program `tool` beside this spagm with argv (sibling.c); returns
 * only when it cannot be started (2). */
int spagm_exec_sibling(const char *sub, const char *tool, int argc, char **argv);
/* Functional coverage databases (docs/coverage.md). */
int spagm_cmd_cov(int argc, char **argv);

#endif
