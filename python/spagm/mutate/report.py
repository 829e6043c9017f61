# SPDX-License-Identifier: Apache-2.0
"""The mutation report: counts of sites, the classes and the score per
unit, file and operator (classes.py, N325), every survivor with its
one-line diff and location, as JSON (schema: report.schema.json beside
this file) and an HTML page (html.py). Errors are never kills (N153)."""
import json
import os
import subprocess
import sys
from collections import Counter, OrderedDict

from . import classes, html
from .bins import cited_comment
from .mutant import OPERATORS
from .rewrite import write_whole

FORMAT = "spagm mutate report 3"


def source_state(root):
    """The commit of the source tree at `root` and whether it has changes
    not committed (tracked files only): what a report's figures are of.
    Both None when `root` is not a git work tree or git is missing."""
    def git(*a):
        r = subprocess.run(["git", "-C", root, *a], capture_output=True, text=True, check=False)
        return r.stdout.strip() if r.returncode == 0 else None
    try:
        commit = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no") if commit else None
    except OSError:
        commit = dirty = None
    return OrderedDict([("commit", commit), ("dirty", None if dirty is None else bool(dirty))])


def rtl_digests(flist, files):
    """{file: SHA-256} of the file list and every source it names, each by
    its path from the file list's folder (so a tree moved whole keeps
    them): the RTL a report's mutants are changes of, so a later step on
    the same report (--prove --from) can tell whether it still has that
    RTL."""
    import hashlib
    base = os.path.dirname(os.path.abspath(flist))
    out = OrderedDict()
    for path in [flist] + list(files):
        key = os.path.relpath(os.path.abspath(path), base)
        try:
            with open(path, "rb") as f:
                out[key] = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            out[key] = None
    return out


def rel(path, root):
    r = os.path.relpath(path, root)
    return path if r.startswith("..") else r


def print_counts(cands, mutants, rules, root):
    by_op = Counter(m.operator for m in mutants)
    by_file = Counter(rel(m.file, root) for m in mutants)
    by_rule = Counter(m.excluded for m in cands if m.excluded)
    print(f"mutate: {len(cands)} candidate sites, {len(mutants)} mutants after "
          f"{len(cands) - len(mutants)} equivalence reductions")
    print("  per operator: " + ", ".join(f"{o} {by_op[o]}" for o in OPERATORS))
    print("  per file:     " + ", ".join(f"{f} {n}" for f, n in by_file.items()))
    print("  reduced by:   " + ", ".join(f"{r} {by_rule[r]}" for r in rules if by_rule[r]))
    sys.stdout.flush()


def _lines(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8", errors="replace") as f:
            cache[path] = f.read().splitlines()
    return cache[path]


def near(path, line, mapper):
    """(the rules the nearest cited comment names, the coverage bins of
    those rules: bins.py, N271)."""
    comment, cites = cited_comment(_lines(path), line)
    return cites, (mapper.bins(comment, cites) if mapper else [])


def build_report(args, argv, chosen, cands, results, regdir, b, root, flist, top,
                 wall_s, runs_s, mapper=None, cov_db=None, phases=None, files=()):
    """The report (report.schema.json), fields in the schema's order.
    `regdir`: the regression folders; `phases`: seconds per phase of the
    runs (run.run_phased); `files`: the unit's sources, whose digests the
    report keeps."""
    from .cli import command_line
    from .sites import RULES
    rows = []
    for m in chosen:
        status, reason, runs = results.get(m.id, ("error", "no result from spagm-regress", []))
        cites, cover = near(m.file, m.line, mapper)
        rows.append(OrderedDict([
            ("id", m.id), ("file", rel(m.file, root)), ("line", m.line), ("col", m.col),
            ("module", m.module), ("operator", m.operator), ("change", m.change),
            ("before", m.before), ("after", m.after), ("status", status), ("reason", reason),
            ("class", ""), ("formal", None), ("directed", None),
            ("rules", cites), ("coverage", cover),
            ("runs", [OrderedDict([("seed", r["seed"]), ("verdict", r["verdict"]),
                                   ("why", r["why"]), ("exit", r["exit"]),
                                   ("wall_s", r["wall_s"]), ("log", r["log"])]) for r in runs]),
        ]))
    o_status, o_reason, o_runs = results.get(0, ("error", "no result", []))
    kept = [m for m in cands if m.id]
    walls = [r["wall_s"] for row in rows for r in row["runs"] if r["wall_s"] is not None]
    rep = OrderedDict([
        ("format", FORMAT),
        ("unit", args.unit), ("top", top), ("rtl", flist),
        ("command", command_line(argv)),
        ("source", source_state(root)),
        ("rtl_sha256", rtl_digests(flist, files)),
        ("selection", OrderedDict([("sample", args.sample), ("seed", args.seed),
                                   ("rerun", args.rerun), ("mutants", len(chosen)),
                                   ("of", len(kept))])),
        ("seeds", args.seeds), ("txns", args.txns), ("plusargs", args.plusargs),
        ("sites", OrderedDict([
            ("candidates", len(cands)), ("mutants", len(kept)),
            ("per_operator", OrderedDict((o, sum(1 for m in kept if m.operator == o))
                                         for o in OPERATORS)),
            ("per_file", OrderedDict(Counter(rel(m.file, root) for m in kept))),
            ("reduced", OrderedDict((r, sum(1 for m in cands if m.excluded == r))
                                    for r in RULES)),
        ])),
        ("original", OrderedDict([("status", o_status), ("reason", o_reason),
                                  ("runs", len(o_runs))])),
        ("score", None), ("per_file", None), ("per_operator", None),
        ("timing", OrderedDict([
            ("build_s", round(b["seconds"], 1)), ("build_reused", b["reused"]),
            ("runs_s", round(runs_s, 1)),
            ("phases", OrderedDict((k, round(v, 1)) for k, v in (phases or {}).items())),
            ("wall_s", round(wall_s, 1)),
            ("run_median_s", round(sorted(walls)[len(walls) // 2], 3) if walls else None),
            ("runs", sum(len(r["runs"]) for r in rows) + len(o_runs)),
            ("jobs", args.jobs)])),
        ("regress", regdir if isinstance(regdir, list) else [regdir]),
        ("coverage_db", cov_db),
        ("mutants", rows),
    ])
    return classes.reclassify(rep)


def write(rep, workdir, out):
    """report.json and report.html in the run's folder, copies in OUT."""
    data = (json.dumps(rep, indent=1) + "\n").encode()
    page = html.page(rep).encode()
    paths = []
    for d in (workdir, out):
        write_whole(os.path.join(d, "report.json"), data)
        write_whole(os.path.join(d, "report.html"), page)
        paths.append(os.path.join(d, "report.json"))
    return [paths[0], paths[0][:-4] + "html"]


def classes_text(c):
    """`12 killed by seeds 1-5, 3 not exercised, ...`: the classes with a count."""
    return ", ".join(f"{c[k]} {label}" for k, label in classes.CLASSES.items() if c[k])


def pct(score):
    return "n/a" if score is None else f"{100 * score:.1f} %"


def print_summary(rep, paths):
    s = rep["score"]
    print(f"mutate: original design (mutant 0): {classes.original_text(rep)}")
    print(f"mutate: unit {rep['unit']}: score {pct(s['score'])} ({s['killed']} killed of "
          f"{s['mutants']} mutants, less {s['proven_equivalent'] + s['equivalent_contract']} "
          f"equivalent; seeds {rep['seeds']}"
          + (f", a sample picked with seed {rep['selection']['seed']})" if rep["selection"]["sample"]
             and not rep["selection"]["rerun"] else ")"))
    print(f"  classes: {classes_text(s)}")
    for f, c in rep["per_file"].items():
        print(f"  {f}: {pct(c['score'])}: {classes_text(c)}")
    for r in rep["mutants"]:
        if r["status"] == "survived":
            print(f"  {r['class']} {r['id']} {r['file']}:{r['line']}:{r['col']} {r['operator']} "
                  f"{r['change']}\n    - {r['before']}\n    + {r['after']}")
            for c in r["coverage"]:
                print(f"    bins {c['point']} ({c['why']}): " + _bins_text(c["bins"]))
        elif r["status"] == "error":
            print(f"  error {r['id']} {r['file']}:{r['line']}:{r['col']}: {r['reason']}")
    t = rep["timing"]
    ph = ", ".join(f"{k[:-2].replace('_', ' ')} {v} s" for k, v in t["phases"].items())
    print(f"mutate: build {t['build_s']} s{' (reused)' if t['build_reused'] else ''}, runs "
          f"{t['runs_s']} s{f' ({ph})' if ph else ''}, {t['runs']} runs, wall {t['wall_s']} s; "
          f"report {paths[0]} and {paths[1]}")


def _bins_text(bins, shown=6):
    """`NAME (state)` of the first bins, holes and thin bins first."""
    order = {"hole": 0, "thin": 1, "unknown": 2, "hit": 3}
    pick = sorted(bins, key=lambda b: order[b["state"]])[:shown]
    more = f", {len(bins) - shown} more" if len(bins) > shown else ""
    return ", ".join(f"{b['name']} ({b['state']})" for b in pick) + more


def read(path, unit=None, need=("mutants",)):
    """The report at `path`, refused with a clear error when it cannot be
    read, lacks one of the fields `need`, or is of another unit."""
    from .rtl import RtlError
    try:
        with open(path, encoding="utf-8") as f:
            rep = json.load(f)
    except (OSError, ValueError) as e:
        raise RtlError(f"{path}: cannot read the report: {e}") from None
    if not isinstance(rep, dict) or not isinstance(rep.get("mutants"), list):
        raise RtlError(f"{path}: not a spagm mutate report (no mutant list)")
    missing = [k for k in need if k not in rep]
    if missing:
        raise RtlError(f"{path}: not a whole spagm mutate report (no {', '.join(missing)})")
    if unit is not None and rep.get("unit") != unit:
        raise RtlError(f"{path}: the report is of unit '{rep.get('unit')}', not '{unit}'")
    return rep


def survivors(path, unit=None):
    """The survivors of the report at `path` (its mutant rows), refused
    with a clear error when the report cannot be read or is of another unit."""
    from .rtl import RtlError
    rep = read(path, unit)
    rows = [m for m in rep["mutants"] if isinstance(m, dict) and m.get("status") == "survived"]
    if not rows:
        raise RtlError(f"{path}: the report has no survivors to run again")
    return rows


def match_survivors(path, rows, mutants):
    """The mutants of this RTL that are the report's survivors `rows`. A
    stable id (N320) is what the mutant is, so a row whose id is not a
    mutant here names a change this RTL no longer has (other sources, a
    moved line): the run is refused with every such row. Numeric ids (of
    reports before N320) are refused, not mapped."""
    from .cli import refuse_numeric_id
    from .rtl import RtlError
    by_id = {m.id: m for m in mutants}
    chosen, wrong = [], []
    for r in rows:
        rid = str(r.get("id"))
        refuse_numeric_id(rid, f"{path}: survivor")
        m = by_id.get(rid)
        if m is None:
            wrong.append(f"  survivor {rid}: {r.get('file')}:{r.get('line')}:{r.get('col')} "
                         f"{r.get('operator')} `{r.get('before')}` -> `{r.get('after')}`")
        else:
            chosen.append(m)
    if wrong:
        raise RtlError(f"{path}: {len(wrong)} of {len(rows)} survivors are not mutants of this "
                       "RTL (other sources, or the line moved); run a new selection instead of "
                       "--rerun:\n" + "\n".join(wrong))
    return chosen
