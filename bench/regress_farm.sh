#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Farm scale, simulated (docs/regress.md, "Farm scale";
# N254). A plan of RUNS co-simulations goes through the real Slurm launcher
# against the stand-in sbatch/squeue/sacct/scontrol of the tests
# (tests/regress/fake-slurm) with canned results: each task's folder gets a
# real coverage database, log and status at once (canned_results.py), about
# 1 % of the runs fail with real mismatch logs of three defects, and one
# array is lost to NODE_FAIL and retried. So what is measured is the
# runner: submitting arrays of at most MaxArraySize tasks, tracking them,
# the retry, then merging every database, bucketing the failures and
# writing the results and the page. Everything runs on one core
# (taskset -c 0). For each plan size (RUNS/10 and RUNS) REPS times,
# medians of the runner's own figures (the line it prints after the runs)
# and their ratio: a ratio of 10 is linear. Figures, not a test.
#   bench/regress_farm.sh [BUILD_DIR] [RUNS] [REPS] [OUT]
set -euo pipefail
build=${1:-build}
runs=${2:-10000}
reps=${3:-3}
out=${4:-$build/bench-regress-farm}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
bin=$(cd "$build/bin" 2>/dev/null && pwd) || { echo "no $build/bin: build first" >&2; exit 2; }
for t in spagm spagm-cosim spagm-regress; do
  [ -x "$bin/$t" ] || { echo "no $bin/$t: build first" >&2; exit 2; }
done
[[ $runs =~ ^[1-9][0-9]+$ && $reps =~ ^[1-9][0-9]*$ ]] || {
  echo "usage: bench/regress_farm.sh [BUILD_DIR] [RUNS>=10] [REPS] [OUT]" >&2; exit 2; }
. "$here/bench_common.sh"
one_core="taskset -c 0"
command -v taskset >/dev/null || one_core=""

# Canned results from real runs: 10 coverage databases (8 of spagm gen's
# random traffic, 2 co-simulations, so the co-simulation-only points count),
# a passing log and the logs of three defects caught.
rm -rf "$out" && mkdir -p "$out/canned"
c=$out/canned
for k in 0 1 2 3 4 5 6 7; do
  "$bin/spagm" gen --seed $((k + 1)) --count 2000 --cov "$c/pass-$k.cov" -o "$c/tmp.vec" >/dev/null
done
"$bin/spagm-cosim" +seed=1 +txns=500 +no_progress +cov="$c/pass-8.cov" >"$c/pass.log"
"$bin/spagm-cosim" +seed=2 +txns=500 +no_progress +cov="$c/pass-9.cov" >/dev/null
k=0
for bug in attr:attr_rank_off_by_one pix:pix_centroid_highest_sample tex:tex_unorm_truncates; do
  "$bin/spagm-cosim" +units="${bug%%:*}" +bug="${bug#*:}" +seed=1 +txns=2000 +no_progress \
    >"$c/fail-$k.log" 2>&1 && { echo "defect ${bug#*:} not caught" >&2; exit 1; }
  k=$((k + 1))
done
rm -f "$c/tmp.vec"

# One measurement: N runs, the 3rd array (or the only one) lost and retried.
# Prints "runs_s cov_s buckets_s results_s cpu_s arrays exit".
measure() {
  local n=$1 rep=$2 d=$out/r$1-$2
  printf '[test farm]\nkind = cosim\nseeds = 1..%s\ntxns = 2000\ntimeout = 120\n[set night]\ntests = farm\n' \
    "$n" >"$out/farm-$n.regress"
  mkdir -p "$d.fake"
  local lose=3
  [ "$n" -gt 2002 ] || lose=1
  set +e
  FAKE_SLURM_DIR=$d.fake FAKE_SLURM_CANNED=$c FAKE_SLURM_MAX_ARRAY=1001 FAKE_SLURM_LOSE_JOB=$lose \
    PATH="$src/tests/regress/fake-slurm:$PATH" \
    $one_core "$bin/spagm-regress" --file "$out/farm-$n.regress" --set night --launcher slurm \
    --out "$d" >"$d.stdout" 2>"$d.stderr"
  local rc=$?
  set -e
  awk -v arrays="$(wc -l <"$d.fake/submitted")" -v rc=$rc '
    /^spagm-regress: [0-9]+ runs in / {
      for (i = 1; i <= NF; i++) {
        if ($i == "in") runs = $(i+1)
        if ($i == "coverage") cov = $(i+1)
        if ($i == "buckets") b = $(i+1)
        if ($i == "results") r = $(i+1)
        if ($i == "(CPU") cpu = $(i+1)
      }
      print runs, cov, b, r, cpu, arrays, rc }' "$d.stderr"
}

echo "farm-scale bench: $runs runs (and $((runs / 10))), $reps reps, one core; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A fig
for n in $((runs / 10)) "$runs"; do
  for rep in $(seq "$reps"); do
    read -r rs cs bs es us arrays rc < <(measure "$n" "$rep")
    fig[$n,runs]+="$rs "; fig[$n,cov]+="$cs "; fig[$n,bk]+="$bs "; fig[$n,res]+="$es "
    fig[$n,cpu]+="$us "; fig[$n,arrays]=$arrays; fig[$n,rc]=$rc
  done
done
med() { tr ' ' '\n' <<<"$1" | grep . | median; }
small=$((runs / 10))
printf '%-34s %12s %12s %8s\n' "median of $reps, seconds" "$small runs" "$runs runs" "ratio"
for k in runs:"submit, track, retry (wall)" cov:"coverage merge" bk:"failure buckets" \
         res:"results, summary, report.html" cpu:"CPU after the runs"; do
  a=$(med "${fig[$small,${k%%:*}]}") b=$(med "${fig[$runs,${k%%:*}]}")
  printf '%-34s %12s %12s %8s\n' "${k#*:}" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0) printf "%.1f", b / a; else print "-" }')"
done
d=$out/r$runs-1
printf 'arrays submitted: %s (%s runs, MaxArraySize 1001, one array lost and resubmitted)\n' \
  "${fig[$runs,arrays]}" "$runs"
printf 'exit status %s; %s runs as expected; %s buckets; report.html %s KB, results.json %s KB\n' \
  "${fig[$runs,rc]}" "$(grep -c '"ok": true' "$d/results.json")" \
  "$(grep -c '"signature":' "$d/results.json")" "$(($(stat -c %s "$d/report.html") / 1024))" \
  "$(($(stat -c %s "$d/results.json") / 1024))"
grep -m1 '^  all ' "$d/summary.txt" || true
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
