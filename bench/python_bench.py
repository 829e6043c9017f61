#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Figures of the Python binding (docs/python.md, "Figures"); prints, never judges.

1. predict + check per transaction from Python (spagm.Predictor, Python
   objects included: a Request in, a Response out and back), 16 in flight,
   over one stimulus epoch per unit (1000 requests of spagm_stim, seed 1),
   against the C predictor on the same traffic (bench/predictor_bench's
   BM_PredictCheck, run here when --c-bench names it); medians of --reps.
   Both wall time and CPU time (the process's, time.process_time; Google
   benchmark's cpu_time): on a shared machine the wall figure counts the
   time other processes held the core, the CPU figure is what the code
   costs. The load average is printed with the figures.
2. Reading a vector file into Python (spagm.read_transactions) against
   `spagm check` on the same file; medians of --reps.

    bench/python_bench.py --cli build/bin/spagm --c-bench build/bench/predictor_bench \\
        --work build/bench/python --count 20000 --reps 5
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import spagm


def epoch_traffic(unit):
    """The first epoch's state words and 1000 requests of unit (seed 1)."""
    ep = next(spagm.cosim_stream(1, unit, 1000, 1000))
    return ep.units[unit]


def python_predict_check(unit, reps, passes):
    part = epoch_traffic(unit)
    wall, cpu = [], []
    for _ in range(reps):
        p = spagm.Predictor(unit, seed=1)
        for a, d in part.words:
            p.cfg_write(a, d)
        for va, d in part.memory:
            p.model.write_memory(unit, va, d)
        fifo = []
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(passes):  # a rep long enough that one preemption is noise
            for req in part.requests:  # 16 in flight, answered oldest first
                fifo.append(p.predict(req))
                if len(fifo) == 16:
                    p.check(fifo.pop(0))
            while fifo:
                p.check(fifo.pop(0))
        n = passes * len(part.requests)
        wall.append((time.perf_counter() - t0) / n)
        cpu.append((time.process_time() - c0) / n)
        assert p.failures == 0, p.summary()
    return statistics.median(wall) * 1e6, statistics.median(cpu) * 1e6


def c_predict_check(c_bench, reps):
    out = subprocess.run([c_bench, "--benchmark_filter=BM_PredictCheck",
                          f"--benchmark_repetitions={reps}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    res = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3}[b["time_unit"]]
            res[b["run_name"]] = (b["real_time"] * scale, b["cpu_time"] * scale)
    return res


def vec_read(cli, work, count, reps):
    # Written by this spagm on every run: a file left by an older build would
    # hold another stimulus version's traffic and make the figures incomparable.
    path = os.path.join(work, f"bench_{count}.vec")
    subprocess.run([cli, "gen", "--seed", "1", "--count", str(count), "-o", path],
                   check=True, capture_output=True)
    t_py, t_check, n = [], [], 0
    for _ in range(reps):
        t0 = time.perf_counter()
        n = len(spagm.read_transactions(path))
        t_py.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        subprocess.run([cli, "check", "--quiet", path], check=True, capture_output=True)
        t_check.append(time.perf_counter() - t0)
    return n, statistics.median(t_py), statistics.median(t_check)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="the spagm command")
    ap.add_argument("--c-bench", help="build/bench/predictor_bench, for the C baseline")
    ap.add_argument("--work", required=True, help="folder for the vector file")
    ap.add_argument("--count", type=int, default=20000, help="requests per unit of the file")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--passes", type=int, default=10,
                    help="passes over the 1000-request epoch per rep of predict+check")
    a = ap.parse_args(argv)
    os.makedirs(a.work, exist_ok=True)
    load = "load average %.2f %.2f %.2f" % os.getloadavg()
    print(f"python_bench: seed 1, medians of {a.reps}, {os.cpu_count()} cores, {load}")
    c = c_predict_check(a.c_bench, a.reps) if a.c_bench else {}
    for idx, unit in enumerate(("attr", "pix", "tex")):
        wall, cpu = python_predict_check(unit, a.reps, a.passes)
        base = c.get(f"BM_PredictCheck/unit:{idx}")
        for what, us, b in (("wall", wall, base and base[0]), ("CPU", cpu, base and base[1])):
            tail = f", C predictor {b:.2f} us ({us / b:.2f}x)" if b else ""
            print(f"predict+check from Python, {unit}, {what}: {us:.2f} us per transaction{tail}")
    print("python_bench: load average after %.2f %.2f %.2f" % os.getloadavg())
    n, t_py, t_check = vec_read(a.cli, a.work, a.count, a.reps)
    print(f"vector file of {n} transactions: spagm.read_transactions {t_py:.3f} s, "
          f"spagm check {t_check:.3f} s (ratio {t_py / t_check:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
