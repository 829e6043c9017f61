// SPDX-License-Identifier: Apache-2.0
/* Canonical text of an instruction (asm.h, docs/assembly.md):
 *   {@{!}Pg }MNEMONIC.MODS op, op, ...{ annotations};
 * Defaults are omitted (.I, .32), except that ISBERD/ISBEWR always print
 * their region and size, PIXLD its mode and TLDS its write mask (N9, N10).
 * Attribute addresses and PIXLD sample addresses are decimal, the TLDS
 * texture index is hex (N14). */
#include <stdarg.h>
#include <stdio.h>

#include "spagm/asm.h"

/* Bounded appender that still counts the full length (snprintf contract). */
typedef struct out {
  char *buf;
  size_t n, len;
} out;

static void put(out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(o->len < o->n ? o->buf + o->len : NULL,
                    o->len < o->n ? o->n - o->len : 0, fmt, ap);
  va_end(ap);
  if (k > 0) o->len += (size_t)k;
}

static void reg(out *o, unsigned r) {
  if (r == 255u)
    put(o, "RZ");
  else
    put(o, "R%u", r);
}

static void pred(out *o, unsigned p) {
  if (p == 7u)
    put(o, "PT");
  else
    put(o, "P%u", p);
}

static const char *asize_name(spagm_asize s) {
  switch (s) {
    case SPAGM_ASZ_32: return "";
    case SPAGM_ASZ_64: return ".64";
    case SPAGM_ASZ_96: return ".96";
    case SPAGM_ASZ_128: return ".128";
  }
  return ".?";
}

/* [Ra+imm] body: "16", "R1", "R1+4", "R1-16". */
static void addr_body(out *o, unsigned ra, int32_t imm) {
  if (ra == 255u) {
    put(o, "%d", (int)imm);
    return;
  }
  reg(o, ra);
  if (imm > 0) put(o, "+%d", (int)imm);
  if (imm < 0) put(o, "-%ld", -(long)imm);
}

/* ALD and AST: .O (AST's is bit 32, N340), .P, .PHYS, the size. */
static void attr_mods(out *o, const spagm_insn *x) {
  if (x->out) put(o, ".O");
  if (x->patch) put(o, ".P");
  if (x->phys) put(o, ".PHYS");
  put(o, "%s", asize_name(x->asize));
}

static void print_ald(out *o, const spagm_insn *x) {
  put(o, "ALD");
  attr_mods(o, x);
  put(o, " ");
  reg(o, x->rd);
  put(o, ", a[");
  addr_body(o, x->ra, x->imm);
  put(o, "]");
  if (x->rb != 255u) put(o, ", "), reg(o, x->rb);
}

static void print_ast(out *o, const spagm_insn *x) {
  put(o, "AST");
  attr_mods(o, x);
  put(o, " a[");
  addr_body(o, x->ra, x->imm);
  put(o, "], ");
  reg(o, x->rb);
  if (x->rc != 255u) put(o, ", "), reg(o, x->rc);
}

static void print_al2p(out *o, const spagm_insn *x) {
  put(o, "AL2P%s%s ", x->out ? ".O" : "", asize_name(x->asize));
  reg(o, x->rd);
  if (x->pd != 7u) put(o, ", "), pred(o, x->pd);
  put(o, ", ");
  reg(o, x->ra);
  put(o, ", %d", (int)x->imm);
}

static void print_isbe(out *o, const spagm_insn *x) {
  static const char *const regions[] = {".MAP", ".PATCH", ".PRIM", ".ATTR"};
  static const char *const sizes[] = {".U8", ".U16", ".B32"};
  put(o, "%s%s%s%s%s ", spagm_op_name(x->op), x->out ? ".O" : "",
      (unsigned)x->region < 4 ? regions[x->region] : ".?", x->skew ? ".SKEW" : "",
      (unsigned)x->isize < 3 ? sizes[x->isize] : ".?");
  if (x->op == SPAGM_OP_ISBERD) {
    reg(o, x->rd);
    put(o, ", [");
    reg(o, x->ra);
    put(o, "]");
  } else {
    put(o, "[");
    reg(o, x->ra);
    put(o, "], ");
    reg(o, x->rb);
  }
}

static void print_pixld(out *o, const spagm_insn *x) {
  static const char *const modes[] = {".MSCOUNT", ".COVMASK", ".COVERED",
                                      ".OFFSET",  ".CENTROID_OFFSET", ".MY_INDEX"};
  put(o, "PIXLD%s ", (unsigned)x->pmode < 6 ? modes[x->pmode] : ".?");
  reg(o, x->rd);
  if (x->pd != 7u) put(o, ", "), pred(o, x->pd);
  /* No address when it is the default [0] (PIXLD.txt: "a zero is inserted"). */
  if (x->ra != 255u || x->imm != 0) {
    put(o, ", [");
    addr_body(o, x->ra, x->imm);
    put(o, "]");
  }
}

static void print_tlds(out *o, const spagm_insn *x) {
  static const char *const params[] = {"1D", "2D", "3D", "ARRAY_2D"};
  static const char *const phases[] = {"", ".T", ".P"};
  put(o, "TLDS%s%s%s%s%s%s ", x->f16 ? ".F16" : "",
      x->lod == SPAGM_LOD_LL ? ".LL" : ".LZ", x->aoffi ? ".AOFFI" : "",
      x->ms ? ".MS" : "", x->nodep ? ".NODEP" : "",
      (unsigned)x->phase < 3 ? phases[x->phase] : ".?");
  reg(o, x->rd1);
  put(o, ", ");
  reg(o, x->rd);
  put(o, ", ");
  reg(o, x->ra);
  if (x->rb != 255u) put(o, ", "), reg(o, x->rb);
  const char *w = spagm_tlds_wmsk_name(x->rd1 == 255u, x->wmsk);
  put(o, ", 0x%x, %s, %s", (unsigned)x->tex_index,
      (unsigned)x->param < 4 ? params[x->param] : "?", w ? w : "?");
}

/* N11: annotations in the order of the spec's Format lines; ?WAITn is
 * always printed so that text with annotations keeps them on a round trip. */
static void print_sched(out *o, const spagm_sched *s) {
  for (unsigned b = 0; b < 6; b++)
    if (s->wait >> b & 1u) put(o, " &req_%u", b);
  if (s->rd_bar != 7u) put(o, " &rd%u", (unsigned)s->rd_bar);
  if (s->wr_bar != 7u) put(o, " &wr%u", (unsigned)s->wr_bar);
  put(o, " ?WAIT%u", (unsigned)s->stall);
  if (s->yield) put(o, " ?YIELD");
  for (unsigned b = 0; b < 4; b++)
    if (s->reuse >> b & 1u) put(o, " ?REUSE%u", b);
}

size_t spagm_disasm(const spagm_insn *insn, int with_sched, char *buf, size_t n) {
  out o = {buf, buf ? n : 0, 0}; /* no buffer: only the length */
  if (buf && n > 0) buf[0] = '\0';
  if (!insn) {
    put(&o, "<null>");
    return o.len;
  }
  if (insn->pg != 7u || insn->pg_not) {
    put(&o, "@%s", insn->pg_not ? "!" : "");
    pred(&o, insn->pg);
    put(&o, " ");
  }
  switch (insn->op) {
    case SPAGM_OP_ALD: print_ald(&o, insn); break;
    case SPAGM_OP_AST: print_ast(&o, insn); break;
    case SPAGM_OP_AL2P: print_al2p(&o, insn); break;
    case SPAGM_OP_ISBERD:
    case SPAGM_OP_ISBEWR: print_isbe(&o, insn); break;
    case SPAGM_OP_PIXLD: print_pixld(&o, insn); break;
    case SPAGM_OP_TLDS: print_tlds(&o, insn); break;
    default: put(&o, "<no instruction>"); return o.len;
  }
  if (with_sched && insn->has_sched) print_sched(&o, &insn->sched);
  put(&o, ";");
  return o.len;
}

spagm_status spagm_disasm_word(uint64_t word, char *buf, size_t n) {
  if (!buf) return SPAGM_E_ARG;
  spagm_insn insn;
  spagm_diag d;
  spagm_status s = spagm_decode(word, &insn, &d);
  if (s != SPAGM_OK) {
    if (buf && n > 0) snprintf(buf, n, "<illegal: %s>", d.msg);
    return s;
  }
  spagm_disasm(&insn, 0, buf, n);
  return SPAGM_OK;
}
