# SPDX-License-Identifier: Apache-2.0
"""The report as one HTML page in the style of the coverage report
(coverage/cov_html.c: inline style, no script, no server): the
score, tables per file and per operator, the survivors with their diff,
the errors with their reason, then every mutant."""
from html import escape

from .classes import CLASSES, original_text
from .mutant import OPERATORS

STYLE = ("body{font-family:sans-serif} table{border-collapse:collapse;margin-bottom:1em}\n"
         "td,th{border:1px solid #999;padding:2px 6px;font-size:small;text-align:left}\n"
         ".killed{background:#dfd} .survived{background:#fcc} .error{background:#fe9}\n"
         ".not_exercised{background:#ddd}\n"
         ".del{color:#a00;font-family:monospace;white-space:pre-wrap}\n"
         ".add{color:#070;font-family:monospace;white-space:pre-wrap}\n"
         ".bar{display:inline-block;height:0.8em;background:#6a6} .ex{color:#666}\n"
         ".bin{font-family:monospace;font-size:smaller;margin-right:4px;padding:0 2px}\n"
         ".bin.hole{background:#f99} .bin.thin{background:#fd8} .bin.hit{background:#bdb}\n")

# Bins shown per point in a row; the rest are in report.json.
SHOWN_BINS = 12


def _pct(score):
    return "n/a" if score is None else f"{100 * score:.1f} %"


def _bar(score):
    w = 0 if score is None else int(round(100 * score))
    return f'<span class="bar" style="width:{w}px"></span>'


def _table(title, rows, first):
    """A tally per row (classes.tally): mutants, each class, the score."""
    out = [f"<h2>{escape(title)}</h2>", '<table class="tally">',
           f"<tr><th>{escape(first)}</th><th>mutants</th>"
           + "".join(f'<th title="{escape(label)}">{escape(label)}</th>'
                     for label in CLASSES.values())
           + "<th>score</th><th></th></tr>"]
    for name, c in rows:
        if not c["mutants"]:
            continue
        out.append(f"<tr><td>{escape(name)}</td><td>{c['mutants']}</td>"
                   + "".join(f'<td class="n {k}">{c[k]}</td>' for k in CLASSES)
                   + f"<td>{_pct(c['score'])}</td><td>{_bar(c['score'])}</td></tr>")
    out.append("</table>")
    return out


def _classes(c):
    """Every class with its count and meaning, zero counts too."""
    out = ['<h2>Classes</h2><table id="classes"><tr><th>class</th><th>mutants</th></tr>']
    for k, label in CLASSES.items():
        out.append(f'<tr class="{k}"><td>{escape(label)}</td><td id="n-{k}">{c[k]}</td></tr>')
    out.append("</table>")
    return out


def _formal_cell(r):
    f, d = r.get("formal"), r.get("directed")
    parts = []
    if f:
        bound = "unbounded" if f.get("bound") is None else f"bound {f['bound']}"
        parts.append(f"{escape(f['verdict'])} ({escape(f['method'])}, {bound})"
                     + (f": {escape(f['reason'])}" if f.get("reason") else ""))
        c = f.get("contract")
        if c and c.get("verdict") != "not run":
            # The contract's miter, and the input constraints it held (N545).
            parts.append(f"contract's miter: {escape(c['verdict'])}"
                         + (f" ({escape(c['method'])})" if c.get("method") else "")
                         + "".join(f'<br><span class="ex">assuming {escape(a)}</span>'
                                   for a in c.get("assumptions") or []))
    if d:
        parts.append(f"directed {escape(d['test'])}: {escape(d['verdict'])}"
                     + (f", mask: {escape(d['mask'])}" if d.get("mask") else "")
                     + (f": {escape(d['reason'])}" if d["verdict"] in ("inconclusive", "error")
                        and d.get("reason") else ""))
        parts += [f'<span class="ex">not in the test: {escape(p)}</span>'
                  for p in d.get("problems") or []]
    return "<td>" + "<br>".join(parts) + "</td>"


def _coverage_cell(cover):
    """The bins of the rules a mutant touches (N271), coloured by what the
    original design's runs hit; "not known" when no comment cites a rule."""
    if not cover:
        return '<td class="cov">not known</td>'
    out = ['<td class="cov">']
    for c in cover:
        shown = "".join(f'<span class="bin {b["state"]}" title="{b["state"]}">{escape(b["name"])}'
                        "</span>" for b in c["bins"][:SHOWN_BINS])
        more = len(c["bins"]) - SHOWN_BINS
        out.append(f'<div><b>{escape(c["point"])}</b> <span class="ex">({escape(c["why"])})</span>: '
                   f'{shown}{f" and {more} more" if more > 0 else ""}</div>')
    out.append("</td>")
    return "".join(out)


def _mutant_rows(rows, cls, prefix):
    """One row per mutant; element ids `PREFIX` + the mutant's id (s:
    survivors, e: errors, m: all)."""
    out = [f'<table class="{cls}"><tr><th>id</th><th>where</th><th>operator</th><th>change</th>'
           "<th>diff</th><th>rules</th><th>coverage bins of the rules</th><th>class</th>"
           "<th>formal, directed</th></tr>"]
    for r in rows:
        where = f"{r['file']}:{r['line']}:{r['col']}"
        out.append(
            f'<tr class="{r["status"]}" id="{prefix}{escape(r["id"])}"><td>{escape(r["id"])}</td>'
            f'<td>{escape(where)}'
            f'</td><td>{r["operator"]}</td><td>{escape(r["change"])}</td>'
            f'<td><div class="del">- {escape(r["before"])}</div>'
            f'<div class="add">+ {escape(r["after"])}</div></td>'
            f'<td>{escape(" ".join(r["rules"]))}</td>{_coverage_cell(r["coverage"])}'
            f'<td>{escape(CLASSES[r["class"]])}{(": " + escape(r["reason"])) if r["reason"] else ""}'
            f'</td>{_formal_cell(r)}</tr>')
    out.append("</table>")
    return out


def page(rep):
    s = rep["score"]
    sel = rep["selection"]
    pick = (f"a sample of {sel['sample']} (pick seed {sel['seed']})" if sel["sample"]
            else f"{sel['mutants']} mutants")
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>spagm mutate {escape(rep['unit'])}</title><style>\n{STYLE}</style></head>",
           "<body>", f"<h1>spagm mutation analysis: unit {escape(rep['unit'])}</h1>",
           f"<p>RTL <code>{escape(rep['rtl'])}</code>, top <code>{escape(rep['top'])}</code>; "
           f"{pick} of {sel['of']}; co-simulation seeds {escape(rep['seeds'])}.</p>",
           f'<p id="score">Mutation score <b>{_pct(s["score"])}</b>: {s["killed"]} killed of '
           f'{s["mutants"]} mutants, less {s["proven_equivalent"] + s["equivalent_contract"]} '
           "equivalent (killed / (all - proven equivalent - equivalent under the contract); "
           "errors, undecided and not exercised mutants count against it). "
           f'Original design (mutant 0): <span id="original">{escape(original_text(rep))}'
           "</span>.</p>",
           f'<p class="ex">{escape(rep["command"])}</p>',
           '<p class="ex">Coverage bins: <span class="bin hole">hole</span> never hit, '
           '<span class="bin thin">thin</span> below its goal, <span class="bin hit">hit</span> '
           "by the original design's runs"
           + (f' (<code>{escape(rep["coverage_db"])}</code>)' if rep["coverage_db"]
              else ": no database, states unknown") + ".</p>"]
    out += _classes(s)
    out += _table("Per file", rep["per_file"].items(), "file")
    out += _table("Per operator", [(o, rep["per_operator"][o]) for o in OPERATORS], "operator")
    surv = [r for r in rep["mutants"] if r["status"] == "survived"]
    out.append(f'<h2 id="survivors">Survivors ({len(surv)})</h2>')
    out += _mutant_rows(surv, "survivors", "s") if surv else ["<p>None.</p>"]
    errs = [r for r in rep["mutants"] if r["status"] == "error"]
    if errs:
        out.append(f"<h2>Errors ({len(errs)})</h2>")
        out += _mutant_rows(errs, "errors", "e")
    idle = [r for r in rep["mutants"] if r["status"] == "not_exercised"]
    if idle:
        out.append(f'<h2 id="not-exercised">Not exercised ({len(idle)})</h2>'
                   "<p>Never run: every line they change is one the original design's runs "
                   "never execute (RTL line coverage).</p>")
        out += _mutant_rows(idle, "idle", "x")
    out.append("<h2>Sites</h2><table><tr><th>reduced by</th><th>candidates</th></tr>")
    for rule, n in rep["sites"]["reduced"].items():
        out.append(f"<tr><td>{escape(rule)}</td><td>{n}</td></tr>")
    out.append("</table>")
    out.append(f"<h2>All mutants run ({len(rep['mutants'])})</h2>")
    out += _mutant_rows(rep["mutants"], "all", "m")
    out.append("</body></html>\n")
    return "\n".join(out)
