# SPDX-License-Identifier: Apache-2.0
"""The Markdown tables of a campaign (`spagm mutate --tables`, N500): what
docs/mutate.md shows of whole campaigns is printed from their reports, not
copied by hand, so a page and the reports it cites cannot disagree.

Three tables: one row per unit (every class of classes.CLASSES and the
score), one row per file of each unit, and the time of each phase (build,
the runs' phases, the formal check). Above them, what the figures are of:
the commit of the source tree, the seeds, and the command of each report.
"""
from . import classes
from .report import pct

# Short column heads; the legend under the first table gives each class's
# whole name (classes.CLASSES).
HEADS = {
    "killed_seeds": "killed 1-5", "killed_nightly": "nightly", "killed_directed": "directed",
    "proven_equivalent": "proven eq.", "equivalent_contract": "eq. contract",
    "distinguishable": "distinguishable", "survived": "not analysed",
    "not_exercised": "not exercised", "undecided": "undecided", "error": "error",
}


def _row(name, c):
    cells = [name, str(c["mutants"])] + [str(c[k]) for k in classes.CLASSES] + [pct(c["score"])]
    return "| " + " | ".join(cells) + " |"


def _head(first):
    cols = [first, "mutants"] + [HEADS[k] for k in classes.CLASSES] + ["score"]
    return ("| " + " | ".join(cols) + " |\n|" + "---|" * 1 + "---:|" * (len(cols) - 1))


def _total(reps):
    """The classes summed over units; the score of the sums."""
    t = {"mutants": sum(r["score"]["mutants"] for r in reps)}
    for k in classes.CLASSES:
        t[k] = sum(r["score"][k] for r in reps)
    killed = sum(t[k] for k in classes.KILLED)
    scored = t["mutants"] - sum(t[k] for k in classes.EQUIVALENT)
    t["score"] = round(killed / scored, 4) if scored else None
    return t


def _commit(rep):
    src = rep.get("source") or {}
    if not src.get("commit"):
        return "not recorded"
    return src["commit"][:12] + (" with local changes" if src.get("dirty") else "")


def _formal_s(rep):
    """Seconds of the formal check over the report's rows, and how many rows
    it checked."""
    done = [r["formal"] for r in rep["mutants"] if r.get("formal")]
    return round(sum(f.get("seconds") or 0.0 for f in done), 1), len(done)


def _what(reps):
    """Lines saying what the tables are of: commit, seeds, selection, command."""
    lines = []
    commits = sorted({_commit(r) for r in reps})
    lines.append(f"- Source: {', '.join(commits)}"
                 + (" (the reports differ)" if len(commits) > 1 else "") + ".")
    seeds = sorted({str(r["seeds"]) for r in reps})
    lines.append(f"- Seeds: {', '.join(seeds)}; requests per run: "
                 f"{', '.join(sorted({str(r['txns'] or 'default') for r in reps}))}.")
    for r in reps:
        s = r["selection"]
        which = ("every mutant" if s["mutants"] == s["of"]
                 else f"{s['mutants']} of {s['of']} mutants")
        if s.get("rerun"):
            which += ", the survivors of an earlier report"
        elif s.get("sample"):
            which += f", a sample picked with seed {s['seed']}"
        lines.append(f"- {r['unit']}: {which}; original design {classes.original_text(r)}; "
                     f"`{r['command']}`")
        p = r.get("proved")
        if p:
            lines.append(f"- {r['unit']}: survivors proved afterwards at "
                         f"{_commit({'source': p['source']})} in {p['wall_s']} s: "
                         f"`{p['command']}`")
    return lines


def markdown(reps):
    """The tables of the reports `reps` (one per unit, in the order given)."""
    if not reps:
        raise ValueError("no report")
    out = _what(reps)
    out += ["", _head("unit")]
    out += [_row(r["unit"], r["score"]) for r in reps]
    if len(reps) > 1:
        out.append(_row("all", _total(reps)))
    out += ["", "Columns: " + "; ".join(f"{HEADS[k]}: {label}"
                                         for k, label in classes.CLASSES.items())
            + ". Score: killed / (mutants - proven eq. - eq. contract)."]
    for r in reps:
        out += ["", f"{r['unit']}, per file:", "", _head("file")]
        out += [_row(f"`{f}`", c) for f, c in r["per_file"].items()]
    out += ["", "| unit | build s | runs s | phases of the runs | formal s | runs | jobs |"
                " wall s |", "|---|---:|---:|---|---:|---:|---:|---:|"]
    for r in reps:
        t = r["timing"]
        ph = ", ".join(f"{k[:-2].replace('_', ' ')} {v}" for k, v in t["phases"].items()) or "-"
        fs, fn = _formal_s(r)
        formal = f"{fs} ({fn} checked)" if fn else "-"
        build = f"{t['build_s']}" + (" (reused)" if t["build_reused"] else "")
        out.append(f"| {r['unit']} | {build} | {t['runs_s']} | {ph} | {formal} | {t['runs']} | "
                   f"{t['jobs']} | {t['wall_s']} |")
    return "\n".join(out) + "\n"
