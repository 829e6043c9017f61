// SPDX-License-Identifier: Apache-2.0
/* spagm gtkwave-filter — a GTKWave translate filter process that shows SM50
 * instruction words as disassembly (docs/cosim.md, "Waves").
 *
 * GTKWave writes the value of a filtered trace, as it would display it (hex
 * for the save files spagm-cosim writes), one per line on the filter's
 * stdin, and reads one line of text back for each; it keeps the process
 * for the whole session. So this never stops on bad input: a value that is
 * not a hex word (x or z bits, an empty line, an over-long line) is echoed
 * back as it came, a word that does not decode shows as
 * "<illegal: reason>" (spagm_disasm_word), and every answer is flushed at
 * once, since GTKWave waits for it. It takes no argument: GTKWave passes a
 * filter at most one, the subcommand name here. */
#include <stdio.h>
#include <string.h>

#include "asm_io.h"
#include "commands.h"
#include "spagm/asm.h"

/* One value (without its newline) to one answer line on out. */
static void translate(const char *s, size_t n, FILE *out) {
  while (n > 0 && (*s == ' ' || *s == '\t')) s++, n--;
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  uint64_t w;
  char text[256];
  if (spagm_cli_parse_hex64(s, n, &w)) {
    spagm_disasm_word(w, text, sizeof text);
    fputs(text, out);
  } else {
    fwrite(s, 1, n, out);
  }
  fputc('\n', out);
  fflush(out);
}

int spagm_cmd_gtkwave_filter(int argc, char **argv) {
  if (argc > 0) {
    int help = strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0;
    fprintf(help ? stdout : stderr,
            "usage: spagm gtkwave-filter\n\n"
            "A GTKWave translate filter process: reads one hex instruction word\n"
            "per line on stdin and writes its disassembly, one line each; any\n"
            "other line (x or z bits) is written back unchanged. spagm-cosim's\n"
            "+waves_on_fail save files use it for the request's instruction.\n");
    return help ? 0 : 2;
  }
  char buf[512];
  int dropping = 0; /* inside the tail of an over-long line */
  while (fgets(buf, sizeof buf, stdin)) {
    size_t n = strlen(buf);
    int complete = n > 0 && buf[n - 1] == '\n';
    if (complete) buf[--n] = '\0';
    if (!dropping) translate(buf, complete ? n : 0, stdout);
    dropping = !complete;
  }
  return 0;
}
