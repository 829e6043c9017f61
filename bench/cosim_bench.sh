#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Co-simulation speed and the cost of checking (docs/cosim.md, "Measuring").
# Runs the same seed REPS times with checking and with +no_check, for each
# unit alone and for all of them, and prints medians of transactions/s and
# cycles/s and the checking overhead in percent. Figures, not a test.
#   bench/cosim_bench.sh [BUILD_DIR] [REPS] [TXNS]
set -euo pipefail
build=${1:-build}
reps=${2:-5}
txns=${3:-20000}
cosim="$build/bin/spagm-cosim"
[ -x "$cosim" ] || { echo "no $cosim: build first" >&2; exit 2; }

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# One run: prints "transactions/s cycles/s" from the summary.
rate() {
  "$cosim" "$@" | awk '/ transactions\/s, / {for (i=1;i<=NF;i++) {if ($(i)=="transactions/s,") t=$(i-1); if ($(i)=="cycles/s") c=$(i-1)}} END {print t, c}'
}

printf '%-10s %14s %14s %14s %14s %10s\n' units "txn/s check" "txn/s nocheck" "cyc/s check" "cyc/s nocheck" overhead
for units in attr pix attr,pix; do
  chk=(); nochk=(); cchk=(); cnochk=()
  for r in $(seq "$reps"); do
    read -r t c < <(rate +units=$units +seed=1 +txns=$txns)
    chk+=("$t"); cchk+=("$c")
    read -r t c < <(rate +units=$units +seed=1 +txns=$txns +no_check)
    nochk+=("$t"); cnochk+=("$c")
  done
  m1=$(printf '%s\n' "${chk[@]}" | median); m2=$(printf '%s\n' "${nochk[@]}" | median)
  c1=$(printf '%s\n' "${cchk[@]}" | median); c2=$(printf '%s\n' "${cnochk[@]}" | median)
  over=$(awk -v a="$m1" -v b="$m2" 'BEGIN {printf "%.1f%%", (b / a - 1) * 100}')
  printf '%-10s %14.0f %14.0f %14.0f %14.0f %10s\n' "$units" "$m1" "$m2" "$c1" "$c2" "$over"
done
echo "medians of $reps runs, seed 1, $txns requests per unit"
