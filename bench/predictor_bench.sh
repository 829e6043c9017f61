#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The predictor's round trip over DPI per transaction and unit (# docs/predictor.md "Cost"): unpack the request + predict + unpack the
# response + check, i.e. the median of BM_DpiUnpack plus the median of
# BM_PredictCheck of build/bench/predictor_bench, beside the model's own
# work (BM_Execute). With OLD (another build folder, e.g. one of b6cbb54,
# or its predictor_bench binary) both binaries run alternately, REPS times
# each, and a last column gives the ratio old/new of the round trip. CPU
# time per iteration, so the machine's load disturbs it less than wall
# time. Figures, not a test.
#   bench/predictor_bench.sh [BUILD_DIR] [REPS] [OLD]
set -euo pipefail
build=${1:-build}
reps=${2:-5}
old=${3:-}
. "$(dirname "$0")/bench_common.sh"
bench_bins "$build" "$old" bench/predictor_bench
[[ $reps =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/predictor_bench.sh [BUILD_DIR] [REPS] [OLD]" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/predictor_bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
bins=(new)
[ -n "$old_bin" ] && bins+=(old)
# One run of a binary: "which name cpu_time unit" per benchmark.
run_one() {
  "$2" --benchmark_filter='BM_(Execute|PredictCheck|DpiUnpack)/' --benchmark_format=csv \
    2>/dev/null | awk -F, -v w="$1" 'NR > 1 { gsub(/"/, "", $1); print w, $1, $4, $5 }' \
    >> "$work/runs"
}
bench_alternate "$reps" run_one

# "which bench unit" -> median ns of cpu_time over the runs.
median_of() {
  awk -v w="$1" -v b="$2/unit:$3" '$1 == w && $2 == b {
      v = $3; if ($4 == "us") v *= 1000; else if ($4 == "ms") v *= 1e6; print v }' "$work/runs" |
    median
}
us() { awk -v x="$1" 'BEGIN {if (x == "-") print x; else printf "%.3f", x / 1000}'; }

fmt='%-5s %-4s %11s %13s %11s %13s %8s\n'
printf "$fmt" unit bin "execute_us" "predict+chk_us" "unpack_us" "round_trip_us" "old/new"
names=(attr pix tex)
for u in 0 1 2; do
  declare -A e=() p=() d=() rt=()
  for which in "${bins[@]}"; do
    e[$which]=$(median_of "$which" BM_Execute "$u")
    p[$which]=$(median_of "$which" BM_PredictCheck "$u")
    d[$which]=$(median_of "$which" BM_DpiUnpack "$u")
    rt[$which]=$(awk -v p="${p[$which]}" -v d="${d[$which]}" 'BEGIN {if (p == "-" || d == "-") print "-"; else print p + d}')
  done
  for which in "${bins[@]}"; do
    ratio=""
    if [ "$which" = new ] && [ -n "$old_bin" ]; then
      ratio=$(awk -v a="${rt[old]}" -v b="${rt[new]}" 'BEGIN {if (a == "-" || b == "-") print "-"; else printf "%.2fx", a / b}')
    fi
    printf "$fmt" "${names[$u]}" "$which" "$(us "${e[$which]}")" "$(us "${p[$which]}")" \
      "$(us "${d[$which]}")" "$(us "${rt[$which]}")" "$ratio"
  done
  unset e p d rt
done
echo "medians of $reps runs (cpu time per transaction); new: $new_bin${old_bin:+, old: $old_bin}"
