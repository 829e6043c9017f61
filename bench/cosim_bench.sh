#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Co-simulation speed (docs/cosim.md, "Measuring"). For each unit
# alone and for all three (the main job), runs the same seed REPS times and
# prints medians of: transactions/s, simulated cycles/s, cycles per
# transaction, the share of cycles spent loading state through the
# configuration port, the split of wall time between the golden model,
# the testbench's C side and the simulator, and the process's CPU time
# (user + system) per transaction. With OLD (another build folder or a
# spagm-cosim binary, e.g. one built from an older commit) both run side
# by side, alternating, and three last columns give the speed-up of
# transactions/s (wall), of CPU time per transaction and of CPU time per
# simulated cycle (the same work when a stimulus change moved the cycles a
# transaction takes): on a shared machine the CPU figures move less.
# Figures, not a test.
#   bench/cosim_bench.sh [BUILD_DIR] [REPS] [TXNS] [OLD]
set -euo pipefail
build=${1:-build}
reps=${2:-5}
txns=${3:-20000}
old=${4:-}
. "$(dirname "$0")/bench_common.sh"
bench_bins "$build" "$old" bin/spagm-cosim
[[ $reps =~ ^[1-9][0-9]*$ && $txns =~ ^[1-9][0-9]*$ ]] || {
  echo "usage: bench/cosim_bench.sh [BUILD_DIR] [REPS] [TXNS] [OLD]" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/cosim_bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One run: "txn/s cyc/s cyc/txn load% model% tbc% sim% cpu_us/txn" from its
# summary ("-" for what an older binary does not print) and the shell's
# account of the process's CPU time.
measure() {
  local bin=$1 cpu; shift
  cpu=$( { TIMEFORMAT='%3U %3S'; time "$bin" "$@" +no_progress > "$work/summary" 2>&1; } 2>&1 )
  awk -v cpu="$cpu" '
    / transactions\/s, / { for (i = 1; i <= NF; i++) {
        if ($i == "cycles" && $(i+1) == "in") cyc = $(i-1)
        if ($i == "transactions/s,") t = $(i-1)
        if ($i == "cycles/s") c = $(i-1) } }
    /^cycles: load / { l = $4; gsub(/[(%),]/, "", l) }
    /^time: model / { m = $3; b = $6; s = $8; gsub(/[%,]/, "", m); gsub(/[%,]/, "", b); gsub(/[%,]/, "", s) }
    /^cosim: [0-9]+ passed, [0-9]+ failed/ { n = $2 + $4 }
    END { split(cpu, u, " ")
          printf "%s %s %s %s %s %s %s %s\n", t, c, (n ? cyc / n : "-"),
                 (l == "" ? "-" : l), (m == "" ? "-" : m), (b == "" ? "-" : b), (s == "" ? "-" : s),
                 (n ? (u[1] + u[2]) * 1e6 / n : "-") }' "$work/summary"
}

fmt='%-5s %-4s %12s %12s %9s %7s %7s %8s %7s %11s %8s %8s %8s\n'
printf "$fmt" units bin "txn/s" "cycles/s" "cyc/txn" "load%" "model%" "tbC%" "sim%" "cpu_us/txn" \
  "speedup" "cpu" "cpu/cyc"
for units in attr pix tex attr,pix,tex; do
  declare -A col=()
  bins=(new)
  [ -n "$old_bin" ] && bins+=(old)
  run_one() {
    local f k
    read -r -a f < <(measure "$2" +units=$units +seed=1 +txns=$txns)
    for k in 0 1 2 3 4 5 6 7; do col[$1.$k]+="${f[$k]} "; done
  }
  bench_alternate "$reps" run_one
  declare -A med=()
  for which in "${bins[@]}"; do
    for k in 0 1 2 3 4 5 6 7; do
      med[$which.$k]=$(tr ' ' '\n' <<< "${col[$which.$k]}" | { grep -v '^-\?$' || true; } | median)
    done
  done
  name=$units
  [ "$units" = attr,pix,tex ] && name=all
  for which in "${bins[@]}"; do
    speed="" cpu="" cyc=""
    if [ "$which" = new ] && [ -n "$old_bin" ]; then
      speed=$(awk -v a="${med[new.0]}" -v b="${med[old.0]}" 'BEGIN {printf "%.2fx", a / b}')
      cpu=$(awk -v a="${med[new.7]}" -v b="${med[old.7]}" 'BEGIN {printf "%.2fx", b / a}')
      cyc=$(awk -v a="${med[new.7]}" -v b="${med[old.7]}" -v ca="${med[new.2]}" -v cb="${med[old.2]}" \
        'BEGIN {printf "%.2fx", (b / cb) / (a / ca)}')
    fi
    printf "$fmt" "$name" "$which" "${med[$which.0]}" "${med[$which.1]}" \
      "$(awk -v x="${med[$which.2]}" 'BEGIN {if (x == "-") print x; else printf "%.2f", x}')" \
      "${med[$which.3]}" "${med[$which.4]}" "${med[$which.5]}" "${med[$which.6]}" \
      "$(awk -v x="${med[$which.7]}" 'BEGIN {if (x == "-") print x; else printf "%.2f", x}')" \
      "$speed" "$cpu" "$cyc"
  done
  unset col med
done
echo "medians of $reps runs, seed 1, $txns requests per unit; new: $new_bin${old_bin:+, old: $old_bin}"
