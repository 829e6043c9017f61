#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest bench.cosim_bench_prints_its_figures: cosim_bench.sh run beside a
# baseline (this build's own binary, one short run) prints a row per unit
# and binary with its CPU time per transaction, and on each new row the
# three speed-ups; no figure is judged.
#   cosim_bench_check.sh BUILD
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$("$here/cosim_bench.sh" "$1" 1 300 "$1/bin/spagm-cosim" 2>&1) || { echo "$out"; echo "FAIL: exit $?"; exit 1; }
echo "$out"
head -n 1 <<< "$out" | grep -q 'cpu_us/txn  *speedup  *cpu  *cpu/cyc$' || { echo "FAIL: header"; exit 1; }
for units in attr pix tex all; do
  grep -Eq "^$units +new( +[0-9.]+){8} +[0-9.]+x +[0-9.]+x +[0-9.]+x$" <<< "$out" ||
    { echo "FAIL: no new row of $units with its three speed-ups"; exit 1; }
  grep -Eq "^$units +old( +[0-9.]+){8} *$" <<< "$out" || { echo "FAIL: no old row of $units"; exit 1; }
done
