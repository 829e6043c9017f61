#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Long runs stay flat (docs/cosim.md, "Long runs"): memory and time of one
# long co-simulation and of one long predictor run. Runs each twice, with a
# tenth of the count and with the whole count, and prints for the whole
# run, from its checkpoint lines (spagm-cosim +checkpoint, predictor_longrun):
# the wall and CPU time, the resident memory and the heap in use (what
# malloc has handed out: a leak grows it, a fragmented heap only VmRSS) of
# each tenth, the ratio of
# the last tenth's time per transaction to the first's, the resident memory
# at the start, after the first tenth and at the end with the peak, and the
# ratio of the whole run's time to the short run's (10 when time is linear
# in the count). Figures, not a test: the exit status is 1 only when a
# run's own checks failed.
#   bench/longrun_bench.sh [BUILD_DIR] [PRED_TXNS] [COSIM_TXNS] [SEED]
# PRED_TXNS: transactions per predictor (attr, pix, tex), 1024 in flight
# each (default 10000000); COSIM_TXNS: requests per unit of spagm-cosim
# (default 1000000); both at least 10.
set -euo pipefail
build=${1:-build}
pred_txns=${2:-10000000}
cosim_txns=${3:-1000000}
seed=${4:-1}
usage="usage: bench/longrun_bench.sh [BUILD_DIR] [PRED_TXNS] [COSIM_TXNS] [SEED]"
[[ $pred_txns =~ ^[1-9][0-9]+$ && $cosim_txns =~ ^[1-9][0-9]+$ && $seed =~ ^[0-9]+$ ]] || {
  echo "$usage" >&2; exit 2; }
pred=$build/bench/predictor_longrun
cosim=$build/bin/spagm-cosim
for b in "$pred" "$cosim"; do
  [ -x "$b" ] || { echo "no $b: build first" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# run NAME CMD...: prints the command and its own non-checkpoint lines
# that say how it ended, keeps its output in $out/NAME; 1 when it failed.
run() {
  local name=$1; shift
  echo "\$ $*"
  local rc=0
  "$@" > "$out/$name" 2>&1 || rc=$?
  grep -E '^(cosim: [0-9]+ passed|predictor_longrun: [0-9]+ predicted)' "$out/$name" || true
  if [ "$rc" -ne 0 ]; then
    echo "  (exit status $rc; the run's own checks failed: see its output above)"
    grep -E '^MISMATCH' "$out/$name" | head -3 || true
  fi
  return "$rc"
}

# figures SHORT WHOLE: the table and ratios of the whole run's checkpoints,
# and the whole run's time over the short run's. Times count from the
# first checkpoint (before the first transaction); CPU time is the
# process's own, which other jobs on the machine change least.
figures() {
  awk -v short="$out/$1" '
    function field(s, name,   i, n, w) {
      n = split(s, w, /[ ,]+/)
      for (i = 1; i < n; i++) if (w[i] == name) return w[i + 1]
      return "-"
    }
    function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "-" }
    function hmin(a, b,   i, m) { m = heap[a]; for (i = a; i <= b; i++) if (heap[i] + 0 < m + 0) m = heap[i]; return m }
    function hmax(a, b,   i, m) { m = heap[a]; for (i = a; i <= b; i++) if (heap[i] + 0 > m + 0) m = heap[i]; return m }
    BEGIN {
      n = 0
      while ((getline line < short) > 0)
        if (line ~ /^checkpoint: /) {
          split(line, w, /[ ,]+/)
          if (!k++) { w0 = w[4]; c0 = field(line, "cpu") }
          short_wall = w[4] - w0; short_cpu = field(line, "cpu") - c0
        }
      fmt = "%14s %10s %10s %11s %11s %11s %11s\n"
      printf fmt, "transactions", "wall s", "cpu s", "cpu us/txn", "VmRSS kB", "VmHWM kB", "heap kB"
    }
    /^checkpoint: / {
      split($0, w, /[ ,]+/)
      t[n] = w[2]; s[n] = w[4]; c[n] = field($0, "cpu")
      rss[n] = field($0, "VmRSS"); hwm[n] = field($0, "VmHWM"); heap[n] = field($0, "heap")
      if (n == 0) printf fmt, t[n], "-", "-", "-", rss[n], hwm[n], heap[n]
      else {
        dt = t[n] - t[n - 1]; ws = s[n] - s[n - 1]; cs = c[n] - c[n - 1]
        wper[n] = dt ? ws / dt : 0; cper[n] = dt ? cs / dt : 0
        printf "%14s %10.3f %10.3f %11.3f %11s %11s %11s\n", t[n], ws, cs, 1e6 * cper[n], rss[n], hwm[n], heap[n]
      }
      n++
    }
    END {
      last = n - 1
      if (last >= 2)
        printf "last/first segment time per transaction: cpu %s, wall %s\n",
               ratio(cper[last], cper[1]), ratio(wper[last], wper[1])
      if (last >= 1)
        printf "VmRSS: start %s kB, after the first segment %s kB, end %s kB (%+d kB since the first segment); peak VmHWM %s kB\n",
               rss[0], rss[1], rss[last], rss[last] - rss[1], hwm[last]
      if (last >= 1 && heap[1] != "-")
        printf "heap in use: after the first segment %s kB, end %s kB (%+d kB), the least and most after the first segment %s and %s kB\n",
               heap[1], heap[last], heap[last] - heap[1], hmin(1, last), hmax(1, last)
      printf "total time, the whole count over a tenth of it (10 = linear): cpu %.3f s / %.3f s = %s, wall %.3f s / %.3f s = %s\n",
             c[last] - c[0], short_cpu, ratio(c[last] - c[0], short_cpu),
             s[last] - s[0], short_wall, ratio(s[last] - s[0], short_wall)
    }' "$out/$2"
}

status=0
units=3
echo "== predictor: $pred_txns transactions per unit (attr, pix, tex), up to 1024 in flight, seed $seed =="
run pred_short "$pred" --txns $((pred_txns / 10)) --in-flight 1024 --seed "$seed" || status=1
run pred_whole "$pred" --txns "$pred_txns" --in-flight 1024 --seed "$seed" || status=1
figures pred_short pred_whole
echo
echo "== spagm-cosim: $cosim_txns transactions per unit (attr, pix, tex), seed $seed =="
run cosim_short "$cosim" +seed="$seed" +txns=$((cosim_txns / 10)) \
  +checkpoint=$((units * cosim_txns / 100)) +no_progress || status=1
run cosim_whole "$cosim" +seed="$seed" +txns="$cosim_txns" \
  +checkpoint=$((units * cosim_txns / 10)) +no_progress || status=1
figures cosim_short cosim_whole
echo
echo "times and memory vary with the machine's load; the ratios are the figures"
exit "$status"
