# SPDX-License-Identifier: Apache-2.0
"""The functional-coverage bins of the rule a mutant touches ("the functional-coverage bins of the nearest rule it touches, if known";
rule N271 of docs/spec-notes.md).

The RTL says which rule a block implements in its comments: the nearest
comment at or above the mutant that cites spec rules (`R13`, `N52`) names
them, and often the modes or instructions too (`.COVERED / .OFFSET`). The
coverage plan (`spagm cov plan`, the text of docs/coverage-plan.md) and the
rule tables (model/include/spagm/rules_<unit>.h) say which bins belong to
those rules:

- the unit's rule point (`pix.rule`): every rule id whose sentence cites
  one of the numbers, narrowed to the ids naming a word of the comment
  when some do;
- every other point of the unit whose description cites one of the
  numbers, or one of whose dimension values is an upper-case word of the
  comment (`COVERED`, `ALD`): its bins, restricted to the matched values.

The co-simulation-only flow points (`*.cosim_flow`) describe the
handshakes, not a rule, and are left out. With a coverage database of
mutant 0's runs (the original design, the same stimulus as every
surviving mutant's), each bin also says whether the runs hit it: `hole`
(never), `thin` (below its goal, N161), `hit`.
"""
import itertools
import json
import os
import re
import subprocess

_CITE = re.compile(r"\b(R\d{1,2}|N\d{1,3})\b")
_WORD = re.compile(r"[A-Z][A-Z0-9_]{2,}")
_RULE_ROW = re.compile(r'X\(\s*(\w+)\s*,\s*0x[0-9A-Fa-f]+\s*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)')


class Point:
    """One coverpoint or cross of the plan: name, description, dimensions
    [(name, [values])], and the names of its excluded bins."""

    def __init__(self, name, text):
        self.name, self.text = name, text
        self.dims, self.excluded = [], set()

    @property
    def unit(self):
        return self.name.split(".", 1)[0]

    def bin_names(self, dims=None):
        """Bin names in the plan's spelling (one dimension: the value;
        several: `dim=value dim=value`), over `dims` (default: all)."""
        dims = dims or self.dims
        if len(dims) == 1:
            return list(dims[0][1])
        return [" ".join(f"{d}={v}" for (d, _), v in zip(dims, combo))
                for combo in itertools.product(*(vals for _, vals in dims))]


def parse_plan(text):
    """The points of `spagm cov plan`'s text (docs/coverage-plan.md)."""
    points, cur, want_text, in_except = [], None, False, False
    for line in text.splitlines():
        m = re.match(r"^### `([a-z]+\.[a-z0-9_]+)`\s*$", line)
        if m:
            cur = Point(m.group(1), "")
            points.append(cur)
            want_text, in_except = True, False
            continue
        if cur is None:
            continue
        if want_text and line.strip():
            cur.text, want_text = line.strip(), False
        elif "Dimensions:" in line:
            for part in line.split("Dimensions:", 1)[1].rstrip().rstrip(".").split("; "):
                d = re.match(r"\s*`([^`]+)`:\s*(.*)$", part)
                if d:
                    cur.dims.append((d.group(1), [v.strip() for v in d.group(2).split(", ")]))
        elif line.startswith("| excluded bin"):
            in_except = True
        elif in_except and line.startswith("| ") and not line.startswith("|---"):
            cur.excluded.add(line[2:].split(" | ", 1)[0].strip())
        elif not line.strip():
            in_except = False
    return points


def parse_rules(text):
    """{rule id: its sentence} of a rules_<unit>.h table."""
    text = text.replace("\\\n", " ")
    out = {}
    for m in _RULE_ROW.finditer(text):
        out[m.group(1)] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2)))
    return out


def load_plan(bindir, src):
    """The build's plan (`spagm cov plan`), else the source tree's
    docs/coverage-plan.md (a test keeps the two equal, N100)."""
    spagm = os.path.join(bindir, "spagm")
    if os.access(spagm, os.X_OK):
        r = subprocess.run([spagm, "cov", "plan"], capture_output=True, text=True)
        if r.returncode == 0 and r.stdout:
            return parse_plan(r.stdout)
    try:
        with open(os.path.join(src, "docs", "coverage-plan.md"), encoding="utf-8") as f:
            return parse_plan(f.read())
    except OSError:
        return []


def load_rules(src, unit):
    try:
        with open(os.path.join(src, "model", "include", "spagm", f"rules_{unit}.h"),
                  encoding="utf-8") as f:
            return parse_rules(f.read())
    except OSError:
        return {}


def cited_comment(lines, line, reach=40):
    """The nearest comment at or above `line` (1-based) that cites a rule:
    (its text, [the rules it cites]); ("", []) when none within `reach`."""
    for i in range(line - 1, max(-1, line - 1 - reach), -1):
        c = lines[i].find("//")
        if c >= 0:
            found = _CITE.findall(lines[i][c:])
            if found:
                return lines[i][c:], sorted(set(found), key=found.index)
    return "", []


class Mapper:
    """Maps a mutant's nearest cited comment to coverage bins of its unit."""

    def __init__(self, unit, points, rules, hits=None):
        self.unit = unit
        self.points = [p for p in points if p.unit == unit and not p.name.endswith(".cosim_flow")]
        self.rules = rules      # {id: sentence}
        self.hits = hits        # {point: {bin: state}} or None (no database)

    def bins(self, comment, cites):
        """[{point, why, bins: [{name, state}]}] for a comment and its rules."""
        if not cites:
            return []
        words = {w for w in _WORD.findall(comment) if not _CITE.fullmatch(w)}
        out = []
        for p in self.points:
            if p.name == f"{self.unit}.rule":
                names = [r for r, s in self.rules.items()
                         if set(_CITE.findall(s)) & set(cites)]
                narrow = [r for r in names if any(w in r.split("_") for w in words)]
                names = [n for n in (narrow or names) if n not in p.excluded]
                why = ", ".join(cites)
            else:
                why_cite = sorted(set(_CITE.findall(p.text)) & set(cites))
                dims = [(d, [v for v in vals if v in words] or vals) for d, vals in p.dims]
                matched = [v for d, vals in dims for v in vals if v in words]
                if not why_cite and not matched:
                    continue
                names = [n for n in p.bin_names(dims) if n not in p.excluded]
                why = ", ".join(why_cite + matched)
            if names:
                out.append({"point": p.name, "why": why,
                            "bins": [{"name": n, "state": self.state(p.name, n)} for n in names]})
        return out

    def state(self, point, name):
        if self.hits is None or point not in self.hits:
            return "unknown"
        return self.hits[point].get(name, "hit")


def read_hits(report_json):
    """{point: {bin: 'hole'|'thin'}} from `spagm cov report --json`: a
    counted point's bins not listed are hit at least their goal."""
    with open(report_json, encoding="utf-8") as f:
        rep = json.load(f)
    out = {}
    for u in rep.get("units", []):
        for p in u.get("points", []):
            # Unhit either way: the report lists the bins a co-simulation
            # cannot reach apart from its holes (N255).
            states = {h: "hole" for key in ("holes", "needs_reordering_dut", "not_reachable_by_cosim")
                      for h in p.get(key, [])}
            for t in p.get("thin", []):
                states[t["bin"]] = "thin"
            out[p["name"]] = states
    return out


def original_coverage(spagm, cov_files, workdir, log):
    """Merges the original design's databases and reads their holes and
    thin bins; None (every bin `unknown`) when there are none or a step
    fails (the report says so, the runs' verdicts do not change)."""
    cov_files = [c for c in cov_files if os.path.exists(c)]
    if not cov_files or not os.access(spagm, os.X_OK):
        return None
    merged = os.path.join(workdir, "original.cov")
    summary = os.path.join(workdir, "original-cov.json")
    for args in ([spagm, "cov", "merge"] + cov_files + ["-o", merged],
                 [spagm, "cov", "report", merged, "--json", summary]):
        r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode not in (0, 1) or not os.path.exists(args[-1]):
            log(f"mutate: {' '.join(args[:3])}: exit {r.returncode}: {r.stderr.strip()[:200]}")
            return None
    return read_hits(summary)
