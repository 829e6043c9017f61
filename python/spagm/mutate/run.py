# SPDX-License-Identifier: Apache-2.0
"""The runs: each mutant x each seed is a run of a generated regression
description (docs/regress.md), so spagm-regress runs them locally in
parallel or as one Slurm job array. Mutant 0 (the original design) runs
too and must pass.

Classification (issue #30, rule N154):
- killed: a run failed (exit 1-127) and the co-simulation's own JSON
  summary names a mismatch (a response or lost tag), a hang, or a
  read-back (state image) difference;
- survived: every run passed;
- error: anything else: a refused run (exit 2), a crash, a timeout without
  a hang reported by the co-simulation, a failure without a summary.
A killed run decides the mutant even when another of its runs is an error.
"""
import json
import os
import shlex
import subprocess

from .rewrite import write_whole
from .rtl import RtlError

KILL_KINDS = {"response": "mismatch", "lost_tag": "mismatch", "slot": "mismatch",
              "hang": "hang", "image": "readback"}


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


def description(unit, ids, seeds_text, txns, plusargs, timeout):
    """One test per mutant. `kind = command` running {bin}/spagm-cosim:
    spagm-regress refuses a cosim test's plusarg that spagm-cosim's +help
    does not list (N141), and +mutant is the mutated RTL's own plusarg."""
    lines = ["# Written by spagm mutate (docs/mutate.md): one test per mutant,",
             "# +mutant=K selects it in the mutated build; K = 0 is the original."]
    for k in ids:
        cmd = (f"exec {{bin}}/spagm-cosim +units={unit} +seed={{seed}} +mutant={k}"
               " +json=cosim.json +max_errors=1 +no_progress")
        if k == 0:  # the original design's coverage: the survivors' bins (bins.py)
            cmd += " +cov=cov.cov"
        if txns:
            cmd += f" +txns={txns}"
        if plusargs:
            cmd += " " + plusargs
        lines += ["", f"[test m{k}]", "kind = command", f"command = {cmd}",
                  f"seeds = {seeds_text}", f"timeout = {timeout}"]
    lines += ["", "[set mutants]", "tests = " + " ".join(f"m{k}" for k in ids), ""]
    return "\n".join(lines)


def run_all(regress, bindir, workdir, unit, ids, args, log):
    """Runs mutants `ids` (0 first) and returns {K: (status, reason, runs)}
    and the results folder."""
    os.makedirs(workdir, exist_ok=True)
    desc = os.path.join(workdir, "mutants.regress")
    write_whole(desc, description(unit, ids, args.seeds, args.txns, args.plusargs,
                                  args.timeout).encode())
    out = os.path.join(workdir, "regress")
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


def classify(out, results):
    per = {}
    for run in results.get("runs", []):
        test = run.get("test", "")
        if not test.startswith("m") or not test[1:].isdigit():
            continue
        k = int(test[1:])
        verdict, why = _run_verdict(out, run)
        per.setdefault(k, []).append({"seed": run.get("seed"), "verdict": verdict, "why": why,
                                      "status": run.get("status"), "exit": run.get("exit"),
                                      "wall_s": run.get("wall_s"),
                                      "log": os.path.join(out, "runs", run["id"], "log")})
    res = {}
    for k, runs in per.items():
        kills = [r for r in runs if r["verdict"] == "killed"]
        errors = [r for r in runs if r["verdict"] == "error"]
        if kills:
            res[k] = ("killed", f"{kills[0]['why']} (seed {kills[0]['seed']})", runs)
        elif errors:
            res[k] = ("error", f"{errors[0]['why']} (seed {errors[0]['seed']})", runs)
        else:
            res[k] = ("survived", "", runs)
    return res
