#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Canned results for the stand-in sbatch (fake-slurm/sbatch with
FAKE_SLURM_CANNED=DIR): what `spagm-regress --exec` would leave in each
run's folder, written at once instead of running anything, so a plan of
ten thousand runs "runs" in seconds and the runner's own work (tracking,
retries, coverage merge, buckets, pages) is what is measured (N254).

    canned_results.py CANNED TASK_SCRIPT JOB BASE < task ids

CANNED holds pass-K.cov (K = 0, 1, ...: real coverage databases), pass.log
and fail-K.log (real logs of failing co-simulations). Run index i = BASE +
task id; i % 97 == 13 fails with fail-((i // 97) % F).log, the others pass
with pass-(i % P).cov as their run.cov (when the plan says they collect).
Deterministic: the same plan gives the same folders.
"""
import os
import re
import shlex
import sys


def results_dir(task_script):
    """The results folder named by the task script's --exec argument."""
    with open(task_script, encoding="utf-8") as f:
        line = next(l for l in f if l.startswith("exec "))
    words = shlex.split(line)
    return words[words.index("--exec") + 1]


def write(path, data, mode="w"):
    with open(path, mode) as f:
        f.write(data)


def main():
    canned, script, job, base = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    rdir = results_dir(script)
    names = os.listdir(canned)
    covs = sorted((n for n in names if re.fullmatch(r"pass-\d+\.cov", n)),
                  key=lambda n: int(n[5:-4]))
    fails = sorted((n for n in names if re.fullmatch(r"fail-\d+\.log", n)),
                   key=lambda n: int(n[5:-4]))
    cov_bytes = [open(os.path.join(canned, n), "rb").read() for n in covs]
    fail_logs = [open(os.path.join(canned, n), encoding="utf-8").read() for n in fails]
    pass_log = open(os.path.join(canned, "pass.log"), encoding="utf-8").read()
    with open(os.path.join(rdir, "plan.tsv"), encoding="utf-8") as f:
        plan = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    for t in sys.stdin.read().split():
        i = base + int(t)
        row = plan[i]
        rid, command, cov = row[0], row[9], row[10] if len(row) > 10 else ""
        run = os.path.join(rdir, "runs", rid)
        os.makedirs(run, exist_ok=True)
        write(os.path.join(run, "reproduce.sh"), f"#!/bin/sh\ncd {shlex.quote(run)} && {command}\n")
        failed = i % 97 == 13
        write(os.path.join(run, "log"), fail_logs[(i // 97) % len(fail_logs)] if failed else pass_log)
        if cov and not failed:
            write(os.path.join(run, "run.cov"), cov_bytes[i % len(cov_bytes)], "wb")
        status = ("status=fail\nexit=1\n" if failed else "status=pass\nexit=0\n") + (
            f"signal=0\nwall_s=0.010\nhost=canned\nslurm_job={job}\nslurm_task={t}\nreason=\n")
        tmp = os.path.join(run, "status.tmp")
        write(tmp, status)
        os.rename(tmp, os.path.join(run, "status"))  # whole, as --exec writes it


if __name__ == "__main__":
    main()
