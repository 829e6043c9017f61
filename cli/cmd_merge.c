// SPDX-License-Identifier: Apache-2.0
/* spagm merge — join the shards of a `spagm gen --shard I/N` run into the
 * file the unsharded run writes, byte for byte: every shard is verified,
 * their headers must describe the same run and together cover all N shards;
 * their bodies are copied in shard order under the unsharded header and a
 * new trailer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "spagm/vec/file.h"
#include "vec_cli.h"

static void merge_usage(FILE *out) {
  fprintf(out,
          "usage: spagm merge SHARD... -o FILE\n\n"
          "Joins the N shard files of one `spagm gen --shard I/N` run (in any\n"
          "order) into FILE, which is then byte for byte the file `spagm gen`\n"
          "writes without --shard. Every shard is verified first (CRCs, grammar);\n"
          "all must come from the same run and each shard 1..N must be given\n"
          "once. FILE is written under a temporary name and renamed when\n"
          "complete.\n\n"
          "Exit status: 0 success, 1 bad input (FILE:line:col) or I/O failure,\n"
          "2 usage error.\n");
}

typedef struct shard {
  const char *path;
  spagm_vec_header h;
  uint64_t txns, body, trailer;
} shard;

/* Verify a shard and note where its body lies. */
static int read_shard(shard *s) {
  spagm_diag d = {0, 0, ""};
  spagm_vec_reader *r = spagm_vec_reader_open(s->path, &s->h, &d);
  if (!r) {
    spagm_cli_vec_error("merge", s->path, &d);
    return 1;
  }
  spagm_vec_item *it = malloc(sizeof *it);
  spagm_status st = it ? SPAGM_OK : SPAGM_E_NOMEM;
  while (st == SPAGM_OK) {
    st = spagm_vec_next(r, it, &d);
    if (st == SPAGM_OK && it->kind == SPAGM_VEC_END) {
      s->txns = it->txns;
      break;
    }
  }
  spagm_vec_reader_body(r, &s->body, &s->trailer);
  spagm_vec_reader_free(r);
  free(it);
  if (st != SPAGM_OK) {
    if (st == SPAGM_E_NOMEM) fprintf(stderr, "spagm merge: out of memory\n");
    else spagm_cli_vec_error("merge", s->path, &d);
    return 1;
  }
  if (!s->h.sharded) {
    fprintf(stderr, "spagm merge: %s is not a shard (its header has no `shard` line)\n", s->path);
    return 1;
  }
  return 0;
}

/* The same run apart from the shard line. */
static bool same_run(const spagm_vec_header *a, const spagm_vec_header *b) {
  return a->version == b->version && strcmp(a->generator, b->generator) == 0 &&
         a->source == b->source && strcmp(a->scenario, b->scenario) == 0 && a->seed == b->seed &&
         a->count == b->count && a->epoch_txns == b->epoch_txns &&
         a->illegal_ppm == b->illegal_ppm && a->units == b->units && a->epochs == b->epochs &&
         a->shard_count == b->shard_count;
}

static int copy_body(spagm_vec_writer *w, const shard *s, spagm_diag *d) {
  FILE *f = fopen(s->path, "rb");
  if (!f || fseek(f, (long)s->body, SEEK_SET) != 0) {
    if (f) fclose(f);
    fprintf(stderr, "spagm merge: cannot read %s again\n", s->path);
    return 1;
  }
  static const size_t chunk = 1u << 20;
  char *buf = malloc(chunk);
  uint64_t left = s->trailer - s->body, txns = s->txns;
  int rc = buf ? 0 : 1;
  while (rc == 0 && left) {
    size_t n = left < chunk ? (size_t)left : chunk;
    if (fread(buf, 1, n, f) != n) {
      fprintf(stderr, "spagm merge: %s changed while merging\n", s->path);
      rc = 1;
    } else if (spagm_vec_write_raw(w, buf, n, txns, d) != SPAGM_OK) {
      rc = 1;
    }
    txns = 0;
    left -= n;
  }
  free(buf);
  fclose(f);
  return rc;
}

/* Arguments: shard paths into sh[*n], the output file into *out. Returns
 * -1 to go on, else the exit status (0 after --help, 2 on a usage error). */
static int merge_args(int argc, char **argv, shard *sh, int *n, const char **out) {
  for (int i = 0; i < argc; i++) {
    const char *v;
    bool missing;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      merge_usage(stdout);
      return 0;
    }
    if ((v = spagm_cli_opt_value(argc, argv, &i, "-o", &missing)) || missing ||
        (v = spagm_cli_opt_value(argc, argv, &i, "--output", &missing)) || missing) {
      if (!v) {
        fprintf(stderr, "spagm merge: -o needs an output file\n");
        return 2;
      }
      *out = v;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "spagm merge: unknown option '%s'\n", argv[i]);
      merge_usage(stderr);
      return 2;
    } else {
      sh[(*n)++].path = argv[i];
    }
  }
  if (!*out || *n == 0) {
    merge_usage(stderr);
    return 2;
  }
  return -1;
}

/* Every shard of one run, each once; sh is left in shard order. 0 or 1. */
static int check_shard_set(shard *sh, int n) {
  for (int i = 0; i < n; i++) {
    if (!same_run(&sh[0].h, &sh[i].h)) {
      fprintf(stderr, "spagm merge: %s and %s come from different runs\n", sh[0].path, sh[i].path);
      return 1;
    }
  }
  if ((uint32_t)n != sh[0].h.shard_count) {
    fprintf(stderr, "spagm merge: %d files given, the run has %u shards\n", n,
            sh[0].h.shard_count);
    return 1;
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (sh[j].h.shard_index < sh[i].h.shard_index) {
        shard t = sh[i];
        sh[i] = sh[j];
        sh[j] = t;
      }
  for (int i = 0; i < n; i++) {
    if (i > 0 && sh[i].h.shard_index == sh[i - 1].h.shard_index) {
      fprintf(stderr, "spagm merge: shard %u/%u is given twice (%s, %s)\n", sh[i].h.shard_index,
              sh[0].h.shard_count, sh[i - 1].path, sh[i].path);
      return 1;
    } else if (sh[i].h.shard_index != (uint32_t)i + 1) {
      fprintf(stderr, "spagm merge: shard %d/%u is missing\n", i + 1, sh[0].h.shard_count);
      return 1;
    }
  }
  return 0;
}

/* The bodies in shard order under the unsharded header, and a new
 * trailer. 0 or 1. */
static int write_merged(const shard *sh, int n, const char *out) {
  spagm_diag d = {0, 0, ""};
  spagm_vec_header h = sh[0].h;
  h.sharded = false;
  h.shard_index = h.shard_count = h.first_epoch = h.shard_epochs = 0;
  spagm_vec_writer *w = spagm_vec_writer_open(out, &h, &d);
  if (!w) {
    spagm_cli_vec_error("merge", out, &d);
    return 1;
  }
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++) rc = copy_body(w, &sh[i], &d);
  if (rc) {
    if (d.msg[0]) spagm_cli_vec_error("merge", out, &d);
    spagm_vec_writer_abort(w);
    return 1;
  }
  if (spagm_vec_writer_close(w, &d) != SPAGM_OK) {
    spagm_cli_vec_error("merge", out, &d);
    return 1;
  }
  return 0;
}

int spagm_cmd_merge(int argc, char **argv) {
  const char *out = NULL;
  shard *sh = calloc((size_t)(argc > 0 ? argc : 1), sizeof *sh);
  int n = 0;
  if (!sh) {
    fprintf(stderr, "spagm merge: out of memory\n");
    return 1;
  }
  int rc = merge_args(argc, argv, sh, &n, &out);
  if (rc >= 0) {
    free(sh);
    return rc;
  }
  rc = 0;
  for (int i = 0; i < n && rc == 0; i++) rc = read_shard(&sh[i]);
  /* Shard order, and a complete set of one run. */
  if (rc == 0) rc = check_shard_set(sh, n);
  if (rc == 0) rc = write_merged(sh, n, out);
  free(sh);
  return rc;
}
