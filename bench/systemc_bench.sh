#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SystemC figures (docs/systemc.md, "Measuring"); figures, not a test.
#   bench/systemc_bench.sh [BUILD_DIR] [REPS] [SEED] [TXNS]
# 1. The TLM wrapper's overhead per transaction against a direct C call:
#    tlm_bench with REPS repetitions in random order, the median CPU time of
#    each, per unit (CPU time: the machine may be shared).
# 2. spagm-sc-cosim against spagm-cosim on the same seed (all three units):
#    the median cycles/s of REPS runs each and their ratio.
set -euo pipefail
build=${1:-build}
reps=${2:-5}
seed=${3:-1}
txns=${4:-5000}
for f in "$build/bench/tlm_bench" "$build/bin/spagm-cosim" "$build/bin/spagm-sc-cosim"; do
  [ -x "$f" ] || { echo "no $f: build it first" >&2; exit 2; }
done

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== TLM wrapper overhead per transaction (median of $reps repetitions)"
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$build/bench/tlm_bench" --benchmark_repetitions="$reps" \
  --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null |
  awk -F, '/_median"/ {split($1, n, "[/_\"]+"); t[n[3] "/" n[4]] = $4}
    END {
      split("attr pix tex", u, " ")
      printf "%-5s %12s %12s %9s\n", "unit", "direct ns", "tlm ns", "overhead"
      for (i = 1; i <= 3; i++) {
        d = t["Direct/" i-1]; w = t["Tlm/" i-1]
        printf "%-5s %12.1f %12.1f %8.1f%%\n", u[i], d, w, (w / d - 1) * 100
      }
    }'

# One run: its cycles/s from the summary line.
cycles_per_s() {
  "$@" | awk '/ cycles\/s$/ {for (i = 1; i <= NF; i++) if ($(i) == "cycles/s") c = $(i-1)} END {print c}'
}
echo "== spagm-sc-cosim vs spagm-cosim, seed $seed, $txns requests per unit (median of $reps runs)"
a=(); b=()
for r in $(seq "$reps"); do
  a+=("$(cycles_per_s "$build/bin/spagm-cosim" +seed="$seed" +txns="$txns")")
  b+=("$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 cycles_per_s "$build/bin/spagm-sc-cosim" +seed="$seed" +txns="$txns")")
done
ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
awk -v a="$ma" -v b="$mb" 'BEGIN {
  printf "spagm-cosim     %10.0f cycles/s\nspagm-sc-cosim  %10.0f cycles/s (%.2fx)\n", a, b, b / a }'
