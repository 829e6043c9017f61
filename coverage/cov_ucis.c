// SPDX-License-Identifier: Apache-2.0
/* A coverage database as UCIS XML (Accellera UCIS 1.0 interchange format,
 * the schema pyucis validates against; docs/coverage.md, "UCIS"), so the
 * functional coverage meets other tools' coverage in pyucis and in CI
 * dashboards (N390..N393):
 *
 *   UCIS                       writtenBy "spagm <version>", fixed times (N392)
 *     sourceFiles              docs/coverage-plan.md, the plan every bin is from
 *     historyNodes             one test record per input, sorted by name
 *     instanceCoverages spagm  userAttr spagm.plan_id: the plan's CRC-32
 *       covergroupCoverage
 *         cgInstance attr|pix|tex         one covergroup per unit
 *           coverpoint <point>            one per counted point, a cross too (N390)
 *             options at_least            the point's hits per bin (N161)
 *             coverpointBin <bin name>    key and range: the bin's index in the point
 *               range/contents            hit count; the inputs that hit it
 *               userAttr                  why it is excluded, or why it is listed apart
 *
 * Excluded bins (illegal or unreachable by the plan: a hit is an error in
 * every spagm report) are "illegal" bins; legal bins are "bins", those
 * listed apart from the holes (N255) carrying the class as spagm.gap.
 * Co-simulation-only points of a database without co-simulation samples
 * are left out, as every spagm total leaves them out (N104), so pyucis's
 * bins and covered bins are spagm's legal and hit bins. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cov_internal.h"

/* No times are recorded in a database: the export is a function of the
 * database alone (N392). */
#define UCIS_TIME "1970-01-01T00:00:00"

/* Text escaped for an XML attribute or element. */
static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

/* Whether s is well-formed UTF-8 (an XML document must be). */
static bool utf8_ok(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2
               : (*p & 0xF8) == 0xF0 ? 3 : 4;
    if (n == 4 || (n == 1 && *p < 0xC2)) return false;
    for (unsigned k = 1; k <= n; k++)
      if ((p[k] & 0xC0) != 0x80) return false;
    p += n + 1;
  }
  return true;
}

static int by_name(const void *a, const void *b) {
  return strcmp((*(const cov_input *const *)a)->name, (*(const cov_input *const *)b)->name);
}

static void user_attr(FILE *f, const char *indent, const char *key, const char *value) {
  fprintf(f, "%s<userAttr key=\"%s\" type=\"str\">", indent, key);
  xml_text(f, value);
  fputs("</userAttr>\n", f);
}

static void history_nodes(FILE *f, const cov_input *const *in, size_t n) {
  for (size_t k = 0; k < n; k++) {
    fprintf(f, "  <historyNodes historyNodeId=\"%zu\" logicalName=\"", k);
    xml_text(f, in[k]->name);
    /* testStatus is required: a database holds no verdicts, and
     * spagm-regress merges only the runs that passed. */
    fprintf(f, "\" testStatus=\"true\" date=\"" UCIS_TIME "\" toolCategory=\"spagm\""
               " ucisVersion=\"1.0\" vendorId=\"spagm\" vendorTool=\"spagm\""
               " vendorToolVersion=\"%s\"/>\n", spagm_version());
  }
}

static void bin(FILE *f, const spagm_cov *c, size_t i, unsigned b, const cov_input *const *in,
                size_t nin) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  unsigned g = c->first[i] + b;
  const char *why = spagm_cov_bin_excluded(p, b);
  char name[192];
  fputs("          <coverpointBin name=\"", f);
  xml_text(f, spagm_cov_bin_name(p, b, name, sizeof name));
  fprintf(f, "\" type=\"%s\" key=\"%u\">\n", why ? "illegal" : "bins", b);
  fprintf(f, "            <range from=\"%u\" to=\"%u\"><contents coverageCount=\"%" PRIu64 "\">",
          b, b, c->hits[g]);
  for (size_t k = 0; k < nin; k++)
    if (in[k]->bits[g >> 3] >> (g & 7) & 1u) fprintf(f, "<historyNodeId>%zu</historyNodeId>", k);
  fputs("</contents></range>\n", f);
  spagm_cov_gap gap = spagm_cov_bin_gap(c, i, b);
  if (why) user_attr(f, "            ", "spagm.excluded", why);
  else if (gap != SPAGM_COV_GAP_NONE && gap != SPAGM_COV_GAP_HOLE)
    user_attr(f, "            ", "spagm.gap", spagm_cov_gap_name(gap));
  fputs("          </coverpointBin>\n", f);
}

static void coverpoint(FILE *f, const spagm_cov *c, size_t i, const cov_input *const *in,
                       size_t nin) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  fputs("        <coverpoint name=\"", f);
  xml_text(f, p->name);
  fprintf(f, "\" key=\"%zu\" exprString=\"", i);
  xml_text(f, p->what);
  fprintf(f, "\">\n          <options at_least=\"%u\"/>\n", spagm_cov_bin_at_least(p, 0));
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) bin(f, c, i, b, in, nin);
  if (p->ndims > 1) { /* a cross: its dimensions, as the bin names spell them */
    char dims[256] = "";
    for (unsigned k = 0; k < p->ndims; k++) {
      size_t at = strlen(dims);
      snprintf(dims + at, sizeof dims - at, "%s%s", k ? " x " : "", p->dim[k].name);
    }
    user_attr(f, "          ", "spagm.cross", dims);
  }
  fputs("        </coverpoint>\n", f);
}

static void covergroups(FILE *f, const spagm_cov *c, const cov_input *const *in, size_t nin) {
  fputs("    <covergroupCoverage>\n", f);
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    const char *unit = spagm_unit_name((spagm_unit)u);
    fprintf(f, "      <cgInstance name=\"%s\" key=\"%u\">\n        <options/>\n"
               "        <cgId cgName=\"%s\" moduleName=\"spagm\">"
               "<cginstSourceId file=\"1\" line=\"1\" inlineCount=\"1\"/>"
               "<cgSourceId file=\"1\" line=\"1\" inlineCount=\"1\"/></cgId>\n",
            unit, u, unit);
    for (size_t i = 0; i < COV_PT_COUNT; i++)
      if (spagm_cov_plan(NULL)[i].unit == u && spagm__cov_counted(c, i))
        coverpoint(f, c, i, in, nin);
    fputs("      </cgInstance>\n", f);
  }
  fputs("    </covergroupCoverage>\n", f);
}

spagm_status spagm_cov_export_ucis(const spagm_cov *c, const char *path, spagm_diag *d) {
  if (!c || !path || !*path) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database or path");
  /* UCIS needs a test record (historyNodes, at least one); none is made up. */
  if (!c->nin)
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "the database has no inputs: a UCIS file needs at least one test record");
  for (size_t k = 0; k < c->nin; k++)
    if (!utf8_ok(c->in[k].name))
      return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                            "input name '%s' is not UTF-8: an XML file cannot hold it",
                            c->in[k].name);
  const cov_input **in = malloc((c->nin ? c->nin : 1) * sizeof *in);
  char *text = NULL;
  size_t len = 0;
  FILE *f = in ? open_memstream(&text, &len) : NULL;
  if (!f) {
    free(in);
    return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  }
  for (size_t k = 0; k < c->nin; k++) in[k] = &c->in[k];
  qsort(in, c->nin, sizeof *in, by_name); /* the database's order is not its content */
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<UCIS xmlns:ucis=\"http://www.w3.org/2001/XMLSchema-instance\" ucisVersion=\"1.0\""
             " writtenBy=\"spagm %s\" writtenTime=\"" UCIS_TIME "\">\n"
             "  <sourceFiles fileName=\"docs/coverage-plan.md\" id=\"1\"/>\n",
          spagm_version());
  history_nodes(f, in, c->nin);
  fputs("  <instanceCoverages name=\"spagm\" key=\"0\" instanceId=\"0\" moduleName=\"spagm\">\n"
        "    <id file=\"1\" line=\"1\" inlineCount=\"1\"/>\n", f);
  covergroups(f, c, in, c->nin);
  char plan[16];
  snprintf(plan, sizeof plan, "%08" PRIx32, spagm_cov_plan_id());
  user_attr(f, "    ", "spagm.plan_id", plan);
  fputs("  </instanceCoverages>\n</UCIS>\n", f);
  bool ok = !ferror(f);
  fclose(f);
  free(in);
  spagm_status st = ok ? spagm__cov_write_text(path, text, len, d)
                       : spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  free(text);
  return st;
}
