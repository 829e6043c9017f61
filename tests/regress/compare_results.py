#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compares two results folders of one plan, apart from times and places:
every run's verdict, status, exit, reason and bucket, the counts, the
buckets, the merged coverage (database bytes, text, JSON and per-run
inputs), and summary.txt, junit.xml, night.tsv and report.html with their
times, dates and folder paths masked. Prints each difference; exit 1 if any.
    compare_results.py REFERENCE OTHER
"""
import json
import re
import sys
from pathlib import Path

# What differs between two runs of one plan however they went: when and
# where each run ran, and how often the scheduler had to submit it.
RUN_VOLATILE = {"wall_s", "host", "slurm_job", "slurm_task", "attempts"}
TOP_VOLATILE = {"started", "wall_s", "launcher"}
NUMBER = re.compile(r"\d+\.\d+|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def masked(text, folder):
    text = text.replace(str(folder), "DIR")
    return NUMBER.sub("T", text)


def differences(ref, other):
    out = []
    a = json.loads((ref / "results.json").read_text())
    b = json.loads((other / "results.json").read_text())
    for k in sorted(set(a) | set(b)):
        if k in TOP_VOLATILE or k == "runs":
            continue
        if masked(json.dumps(a.get(k), sort_keys=True), ref) != \
                masked(json.dumps(b.get(k), sort_keys=True), other):
            out.append(f"results.json: {k} differs: {a.get(k)!r} vs {b.get(k)!r}"[:400])
    ids_a = [r["id"] for r in a["runs"]]
    ids_b = [r["id"] for r in b["runs"]]
    if ids_a != ids_b:
        out.append(f"results.json: runs differ: {ids_a} vs {ids_b}")
    for ra, rb in zip(a["runs"], b["runs"]):
        for k in sorted(set(ra) | set(rb)):
            if k in RUN_VOLATILE:
                continue
            va, vb = ra.get(k), rb.get(k)
            if isinstance(va, str):
                va, vb = va.replace(str(ref), "DIR"), str(vb).replace(str(other), "DIR")
            if va != vb:
                out.append(f"results.json: {ra['id']}.{k}: {va!r} vs {vb!r}")
    for name in ("coverage.cov",):
        pa, pb = ref / name, other / name
        if pa.exists() != pb.exists() or (pa.exists() and pa.read_bytes() != pb.read_bytes()):
            out.append(f"{name} differs")
    for name in ("coverage.txt", "coverage.json", "summary.txt", "junit.xml", "report.html",
                 "coverage/index.html"):
        pa, pb = ref / name, other / name
        if not pa.exists() or not pb.exists():
            if pa.exists() != pb.exists():
                out.append(f"{name}: only in {'the reference' if pa.exists() else 'the other'}")
            continue
        la = masked(pa.read_text(errors="replace"), ref).splitlines()
        lb = masked(pb.read_text(errors="replace"), other).splitlines()
        if la != lb:
            diff = next(((i, x, y) for i, (x, y) in enumerate(zip(la, lb)) if x != y),
                        (min(len(la), len(lb)), "<end>", "<end>"))
            out.append(f"{name}: line {diff[0] + 1}: {diff[1][:160]!r} vs {diff[2][:160]!r}")
    na = dict(l.split("\t", 1) for l in (ref / "night.tsv").read_text().splitlines()[1:])
    nb = dict(l.split("\t", 1) for l in (other / "night.tsv").read_text().splitlines()[1:])
    for k in sorted(set(na) | set(nb)):
        if k not in ("started", "wall_s", "run_s") and na.get(k) != nb.get(k):
            out.append(f"night.tsv: {k}: {na.get(k)} vs {nb.get(k)}")
    for name in ("PARTIAL", "lock"):
        if (other / name).exists():
            out.append(f"{name} left in {other}")
    state = (other / "state").read_text().strip()
    if state != "complete":
        out.append(f"state is {state!r}, not complete")
    return out


def main():
    ref, other = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    diffs = differences(ref, other)
    for d in diffs:
        print(f"{other.name}: {d}")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
