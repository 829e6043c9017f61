# SPDX-License-Identifier: Apache-2.0
"""The runs: each mutant x each seed is a run of a generated regression
description (docs/regress.md), so spagm-regress runs them locally in
parallel or as one Slurm job array. Mutant 0 (the original design) runs
too and must pass.

Classification (rule N154):
- killed: a run failed (exit 1-127) and the co-simulation's own JSON
  summary names a mismatch (a response or lost tag), a hang, a
  read-back (state image) difference, or a broken port rule (a
  configuration answer nobody asked for, idle while a request is owed,
  a memory read outside the run);
- survived: every run passed;
- error: anything else: a refused run (exit 2), a crash, a timeout without
  a hang reported by the co-simulation, a failure without a summary.
A killed run decides the mutant even when another of its runs is an error.
"""
import json
import os
import re
import shlex
import subprocess
import time

from .rewrite import write_whole
from .rtl import RtlError

KILL_KINDS = {"response": "mismatch", "lost_tag": "mismatch", "slot": "mismatch",
              "hang": "hang", "image": "readback",
              "unasked_read": "port rule", "idle_owed": "port rule",
              "unasked_mem_read": "port rule"}


def parse_seeds(text):
    """`1..5`, `1,3,9`, `1..3,10` as spagm-regress reads them."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if ".." in part:
            a, b = part.split("..", 1)
            if not (a.isdigit() and b.isdigit()) or int(a) > int(b):
                raise RtlError(f"--seeds: bad range '{part}' (like 1..5)")
            out += range(int(a), int(b) + 1)
        elif part.isdigit():
            out.append(int(part))
        else:
            raise RtlError(f"--seeds: bad seed '{part}' (like 1..5 or 1,3,9)")
    return out


def description(unit, ids, seeds_text, txns, plusargs, timeout, line_coverage=False, parts=None):
    """One test per mutant. `kind = command` running {bin}/spagm-cosim:
    spagm-regress refuses a cosim test's plusarg that spagm-cosim's +help
    does not list (N141), and +mutant is the mutated RTL's own plusarg.

    `parts` ([{bindir, ks}], build.prepare, N460): a build of several
    parts runs each mutant's test with its part's spagm-cosim, and the
    original (K = 0) on every part: `m0` on the first (its coverage) and
    `m0pI` on part I, since each part is a copy of its own that must pass
    unmutated too (N441)."""
    lines = ["# Written by spagm mutate (docs/mutate.md): one test per mutant,",
             "# +mutant=K selects it in the mutated build; K = 0 is the original."]
    several = parts is not None and len(parts) > 1
    bin_of = {}
    if several:
        for p in parts:
            bin_of.update({k: p["bindir"] for k in p["ks"]})
    tests = []
    for k in ids:
        if k == 0 and several:
            tests += [("m0", 0, parts[0]["bindir"])]
            tests += [(f"m0p{i}", 0, p["bindir"]) for i, p in enumerate(parts[1:], 2)]
        else:
            tests.append((f"m{k}", k, bin_of.get(k)))
    for name, k, bindir in tests:
        tool = shlex.quote(os.path.join(bindir, "spagm-cosim")) if bindir else "{bin}/spagm-cosim"
        cmd = (f"exec {tool} +units={unit} +seed={{seed}} +mutant={k}"
               " +json=cosim.json +max_errors=1 +no_progress")
        if name == "m0":  # the original design's coverage: the survivors' bins (bins.py)
            cmd += " +cov=cov.cov"
            if line_coverage:  # the lines it executes (exercised.py)
                cmd += " +rtl_cov=rtl_cov.dat"
        if txns:
            cmd += f" +txns={txns}"
        if plusargs:
            cmd += " " + plusargs
        lines += ["", f"[test {name}]", "kind = command", f"command = {cmd}",
                  f"seeds = {seeds_text}", f"timeout = {timeout}"]
    lines += set_sections("mutants", [t[0] for t in tests])
    return "\n".join(lines + [""])


# spagm-regress refuses a description line longer than this (regress/desc.c).
LINE_LIMIT = 4000


def set_sections(name, members, limit=LINE_LIMIT, prefix=None):
    """`[set NAME]` naming `members`. A whole unit's mutants do not fit in
    one `tests =` line, so they are split into sets NAME_1, NAME_2, ...
    of whole names that each fit, and NAME names those (a set may name
    sets, docs/regress.md), as many levels deep as the count needs."""
    line = "tests = " + " ".join(members)
    if len(line) <= limit:
        return ["", f"[set {name}]", line]
    prefix = prefix or name
    out, parts, chunk, width = [], [], [], len("tests =")
    for m in members:
        if chunk and width + 1 + len(m) > limit:
            parts.append(chunk)
            chunk, width = [], len("tests =")
        chunk.append(m)
        width += 1 + len(m)
    parts.append(chunk)
    subs = []
    for i, part in enumerate(parts, 1):
        subs.append(f"{prefix}_{i}")
        out += ["", f"[set {subs[-1]}]", "tests = " + " ".join(part)]
    return out + set_sections(name, subs, limit, prefix + "_g")


def run_all(regress, bindir, workdir, unit, ids, args, log, name="regress", seeds=None,
            line_coverage=False, parts=None):
    """Runs mutants `ids` on `seeds` (text, default args.seeds) as one
    regression in workdir/NAME and returns {K: (status, reason, runs)}
    and the results folder. `parts`: the build's parts (description())."""
    os.makedirs(workdir, exist_ok=True)
    desc = os.path.join(workdir, f"{name}.regress")
    write_whole(desc, description(unit, ids, seeds or args.seeds, args.txns, args.plusargs,
                                  args.timeout, line_coverage, parts).encode())
    out = os.path.join(workdir, name)
    cmd = [regress, "--file", desc, "--set", "mutants", "--bindir", bindir, "--out", out,
           "--jobs", str(args.jobs), "--launcher", args.launcher] + args.regress_arg
    log("mutate: " + " ".join(shlex.quote(c) for c in cmd))
    r = subprocess.run(cmd)
    if r.returncode not in (0, 1):
        raise RtlError(f"spagm-regress exited {r.returncode} (2: bad input or launcher error, "
                       f"130: interrupted); its folder is {out}")
    try:
        with open(os.path.join(out, "results.json"), encoding="utf-8") as f:
            results = json.load(f)
    except (OSError, ValueError) as e:
        raise RtlError(f"{out}/results.json: cannot read: {e}") from None
    return classify(out, results), out


ORIGINAL_FAILED = "not run: the original design (mutant 0) did not pass"


def run_phased(regress, bindir, workdir, unit, ks, args, log, line_coverage, skip, parts=None):
    """The runs in the order that kills soonest (N323):
    1. the original design (K = 0) on every seed (its coverage, and the
       lines it executes when the build has line coverage); when it does
       not pass, nothing else runs and every mutant is an error;
    2. `skip(original_runs)` -> the Ks not to run (not exercised, N322);
    3. every other mutant on the first seed;
    4. the mutants the first seed did not kill, on the other seeds.
    Returns ({K: (status, reason, runs)}, {phase: seconds}, [folders],
    set of skipped Ks)."""
    seeds = parse_seeds(args.seeds)
    times, dirs = {}, []
    t = time.monotonic()
    extra = {"parts": parts} if parts is not None and len(parts) > 1 else {}
    res, d = run_all(regress, bindir, workdir, unit, [0], args, log, "regress-original",
                     args.seeds, line_coverage, **extra)
    times["original_s"] = time.monotonic() - t
    dirs.append(d)
    if res.get(0, ("error",))[0] != "survived":
        # Every mutant would fail as the original does and read as killed.
        log(f"mutate: the original design (mutant 0) did not pass ({res.get(0, ('', ''))[1]}; "
            f"its runs are in {d}): no mutant is run")
        out = dict(res)
        for k in ks:
            if k:
                out[k] = ("error", ORIGINAL_FAILED, [])
        return out, times, dirs, set()
    skipped = set(skip(res.get(0, ("", "", []))[2]))
    todo = [k for k in ks if k and k not in skipped]
    t = time.monotonic()
    first = {}
    if todo:
        first, d = run_all(regress, bindir, workdir, unit, todo, args, log, "regress-first",
                           str(seeds[0]), **extra)
        dirs.append(d)
    times["first_seed_s"] = time.monotonic() - t
    rest = [k for k in todo if first.get(k, ("error",))[0] != "killed"]
    t = time.monotonic()
    more = {}
    if rest and len(seeds) > 1:
        more, d = run_all(regress, bindir, workdir, unit, rest, args, log, "regress-more",
                          ",".join(str(x) for x in seeds[1:]), **extra)
        dirs.append(d)
    times["more_seeds_s"] = time.monotonic() - t
    out = dict(res)
    for k in todo:
        runs = first.get(k, ("", "", []))[2] + more.get(k, ("", "", []))[2]
        out[k] = decide(runs) if runs else ("error", "no result from spagm-regress", [])
    return out, times, dirs, skipped


def _run_verdict(out, run):
    """(killed|passed|error, why) of one run."""
    status = run.get("status")
    if status == "pass":
        return "passed", ""
    summary = os.path.join(out, "runs", run["id"], "cosim.json")
    kinds = []
    try:
        with open(summary, encoding="utf-8") as f:
            kinds = [m.get("kind") for m in json.load(f).get("mismatches", [])]
    except (OSError, ValueError):
        pass
    kill = next((KILL_KINDS[k] for k in kinds if k in KILL_KINDS), None)
    if status == "fail" and run.get("exit") == 2:
        return "error", "refused (exit 2): " + _first_line(out, run)
    if status in ("fail", "timeout") and kill:
        return "killed", kill
    if status == "timeout":
        return "error", "timeout without a hang reported by the co-simulation"
    if status == "fail":
        return "error", f"failed (exit {run.get('exit')}) without a mismatch in its summary"
    return "error", f"{status}: {run.get('reason', '')}".strip()


def _first_line(out, run):
    try:
        with open(os.path.join(out, "runs", run["id"], "log"), encoding="utf-8",
                  errors="replace") as f:
            for line in f:
                if line.strip():
                    return line.strip()[:200]
    except OSError:
        pass
    return "no log"


# mK (mutant K), m0pI (the original on part I, description()).
TEST_NAME = re.compile(r"^m(?:(\d+)|(0)p[1-9]\d*)$")


def classify(out, results):
    per = {}
    for run in results.get("runs", []):
        test = run.get("test", "")
        m = TEST_NAME.match(test)
        if not m:
            continue
        k = int(m.group(1) or m.group(2))
        verdict, why = _run_verdict(out, run)
        per.setdefault(k, []).append({"test": test, "seed": run.get("seed"), "verdict": verdict,
                                      "why": why,
                                      "status": run.get("status"), "exit": run.get("exit"),
                                      "wall_s": run.get("wall_s"),
                                      "log": os.path.join(out, "runs", run["id"], "log")})
    return {k: decide(runs) for k, runs in per.items()}


def decide(runs):
    """(status, reason, runs) of one mutant from its runs (N153)."""
    kills = [r for r in runs if r["verdict"] == "killed"]
    errors = [r for r in runs if r["verdict"] == "error"]
    if kills:
        return ("killed", f"{kills[0]['why']} (seed {kills[0]['seed']})", runs)
    if errors:
        return ("error", f"{errors[0]['why']} (seed {errors[0]['seed']})", runs)
    return ("survived", "", runs)
