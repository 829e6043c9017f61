#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: a passed run whose coverage database was cut short (its job
# killed as it wrote it) or corrupted (a byte flipped: the CRC catches it)
# is an `error` naming the file; the merge leaves those databases out and
# says so (summary.txt, results.json, report.html); the others are merged
# as before; the runner neither crashes nor drops coverage silently. The
# databases are damaged in a finished regression, whose results --resume
# then writes again from every run's record.
#   torn_cov.sh REGRESS DESC OUT
set -uo pipefail
regress=$1 desc=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
"$regress" --file "$desc" --set short --jobs 2 --out "$out/r" >"$out/first.log" 2>&1
[ $? -eq 1 ] || fail "the set did not run as expected: $(tail -3 "$out/first.log")"
grep -q '"inputs": 2, "missing": 0' "$out/r/results.json" || fail "the set did not merge two databases"
cut=$out/r/runs/model_tlds.s1/run.cov flip=$out/r/runs/model_isbewr.s1/run.cov
size=$(stat -c %s "$cut")
truncate -s $((size / 2)) "$cut"
python3 - "$flip" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0x40
open(p, "wb").write(bytes(b))
PY
"$regress" --resume "$out/r" >"$out/resume.log" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "exit $rc with torn databases, expected 1 (runs not as expected)"
python3 - "$out/r" "$cut" "$flip" <<'PY' || exit 1
import json, sys
d, cut, flip = sys.argv[1:]
r = json.load(open(f"{d}/results.json"))
runs = {x["id"]: x for x in r["runs"]}
bad = []
for rid, path in (("model_tlds.s1", cut), ("model_isbewr.s1", flip)):
    x = runs[rid]
    if x["status"] != "error" or x["ok"] or path not in x["reason"]:
        bad.append(f"{rid}: {x['status']} ok={x['ok']} reason={x['reason']!r}")
cov = r["coverage"]
if cov["inputs"] != 0 or cov["missing"] != 2:
    bad.append(f"coverage inputs/missing {cov['inputs']}/{cov['missing']}, expected 0/2")
left = " ".join(cov.get("left_out", []))
if cut not in left or flip not in left:
    bad.append(f"left_out does not name both databases: {cov.get('left_out')}")
if r["counts"]["error"] != 2:
    bad.append(f"counts.error {r['counts']['error']}, expected 2")
summary = open(f"{d}/summary.txt").read()
if "left out" not in summary or cut not in summary or flip not in summary:
    bad.append("summary.txt does not list the databases left out")
if cut not in open(f"{d}/report.html").read():
    bad.append("report.html does not name the database left out")
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
grep -q "coverage database $cut left out" "$out/resume.log" || fail "stderr does not name $cut"
echo "torn and corrupt databases: both runs errors naming the file, both listed as left out"
