#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: a full disk at every write of a short regression. The shim
# (failwrite.c, LD_PRELOAD) counts every write, rename, fsync and file
# creation of the runner and everything it starts; the regression runs once
# counting (N writes), then N times, the k-th failing with ENOSPC. After
# each: either the regression exited 0 with results identical to the
# undisturbed run's, or it exited non-zero, named the file it could not
# write (runner) or recorded the run as not as expected (a run's own
# write), and left no result file that claims a pass: no results.json or
# junit.xml unless it shows the failure; every file left is whole
# (results.json and junit.xml parse, run records have every key, coverage
# databases read, no temporary file is left).
#   write_faults.sh REGRESS DESC OUT SHIM [STEP [TAIL]]
# STEP > 1 injects at every STEP-th write and at the last TAIL (the
# runner's result files), for the default suite; the soak injects at all.
set -uo pipefail
regress=$1 desc=$2 out=$3 shim=$4 step=${5:-1} tail=${6:-0}
t=$(cd "$(dirname "$0")" && pwd)
bin=$(dirname "$regress")
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0
args=(--file "$desc" --set whole --jobs 1)

"$regress" "${args[@]}" --out "$out/ref" >"$out/ref.log" 2>&1 || fail "the undisturbed run failed: $(tail -3 "$out/ref.log")"
echo 0 >"$out/counter"
SPAGM_FAILWRITE_COUNTER=$out/counter SPAGM_FAILWRITE_AT=0 LD_PRELOAD=$shim \
  "$regress" "${args[@]}" --out "$out/count" >"$out/count.log" 2>&1 || fail "the counting run failed"
n=$(cat "$out/counter")
[ "$n" -gt 20 ] || fail "only $n writes counted: the shim does not see them"
python3 "$t/compare_results.py" "$out/ref" "$out/count" >/dev/null || fail "the shim changes the results without a fault"

whole() { # DIR: every file left is whole
  python3 - "$1" "$bin/spagm" <<'PY'
import json, subprocess, sys, xml.dom.minidom
from pathlib import Path
d, spagm = Path(sys.argv[1]), sys.argv[2]
bad = [str(p) for p in d.rglob("*.tmp*")]
if (d / "results.json").exists():
    json.loads((d / "results.json").read_text())
if (d / "junit.xml").exists():
    xml.dom.minidom.parse(str(d / "junit.xml"))
for st in d.glob("runs/*/status"):
    keys = {l.split("=", 1)[0] for l in st.read_text().splitlines()}
    if not {"status", "exit", "reason"} <= keys:
        bad.append(f"{st}: keys {sorted(keys)}")
for cov in list(d.glob("runs/*/run.cov")) + list(d.glob("coverage.cov")):
    r = subprocess.run([spagm, "cov", "report", str(cov)], capture_output=True)
    if r.returncode != 0:
        bad.append(f"{cov}: {r.stderr.decode()[:200]}")
for b in bad:
    print("not whole:", b)
sys.exit(1 if bad else 0)
PY
}

refused=0 same=0 tried=0
for k in $(seq 1 "$n"); do
  [ $(( (k - 1) % step )) -eq 0 ] || [ "$k" -gt $((n - tail)) ] || continue
  tried=$((tried + 1))
  dir=$out/at$k
  echo 0 >"$out/counter"
  SPAGM_FAILWRITE_COUNTER=$out/counter SPAGM_FAILWRITE_AT=$k SPAGM_FAILWRITE_LOG=$out/at$k.what \
    LD_PRELOAD=$shim "$regress" "${args[@]}" --out "$dir" >"$dir.log" 2>&1
  rc=$?
  what=$(cat "$out/at$k.what" 2>/dev/null || echo "(not reached)")
  [ -d "$dir" ] || { [ $rc -ne 0 ] && grep -q "No space left on device" "$dir.log" && refused=$((refused + 1)) && continue
                     fail "write $k ($what): no folder, exit $rc: $(tail -2 "$dir.log")"; }
  whole "$dir" || fail "write $k ($what): a file left torn"
  if [ $rc -eq 0 ]; then
    python3 "$t/compare_results.py" "$out/ref" "$dir" >"$dir.cmp" ||
      fail "write $k ($what): exit 0 but the results differ: $(head -3 "$dir.cmp")"
    same=$((same + 1))
    continue
  fi
  refused=$((refused + 1))
  if [ -f "$dir/results.json" ] && grep -q '"not_ok": 0' "$dir/results.json"; then
    fail "write $k ($what): exit $rc but results.json says every run as expected"
  fi
  if [ -f "$dir/junit.xml" ] && ! grep -qE '<(failure|error)' "$dir/junit.xml"; then
    fail "write $k ($what): exit $rc but junit.xml shows no failure"
  fi
  named=$(grep -c "No space left on device" "$dir.log" "$dir"/runs/*/log "$dir"/runs/*/status 2>/dev/null |
          awk -F: '{s += $NF} END {print s + 0}')
  if [ "$named" -eq 0 ] && ! grep -q '"ok": false' "$dir/results.json" 2>/dev/null; then
    fail "write $k ($what): exit $rc and no message names the failed write: $(tail -3 "$dir.log")"
  fi
done
echo "full disk at $tried of $n writes: $same left the results identical, $refused refused or reported the failure"
