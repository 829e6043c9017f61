#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: interrupt a regression (SIGINT, as Ctrl-C) while runs are
# going and check that it exits 130, leaves no process of its own (none
# carries its SPAGM_REGRESS_DIR), no job in squeue (Slurm), and a results
# folder that says it is partial, with the stopped runs cancelled.
#   interrupt.sh REGRESS FAULTS_DESC OUT local|slurm
# Exit 77 (CTest SKIP_RETURN_CODE) when Slurm cannot start.
set -uo pipefail
regress=$1 desc=$2 out=$3 launcher=$4
fail() { echo "FAIL: $*"; cat "$out.log" 2>/dev/null; exit 1; }

if [ "$launcher" = slurm ]; then
  here=$(cd "$(dirname "$0")/../.." && pwd)
  if ! up=$("$here/scripts/slurm-local" up 2>&1); then
    echo "SKIP: Slurm cannot start here: $up"
    exit 77
  fi
  eval "$("$here/scripts/slurm-local" env)"
fi
rm -rf "$out" "$out.log"
"$regress" --file "$desc" --set slow --launcher "$launcher" --jobs 2 --out "$out" >"$out.log" 2>&1 &
pid=$!
n=0
for _ in $(seq 600); do
  n=$(grep -l started "$out"/runs/*/log 2>/dev/null | wc -l)
  [ "$n" -ge 2 ] && break
  sleep 0.1
done
[ "$n" -ge 2 ] || { kill -INT $pid; wait $pid; fail "runs did not start in 60 s"; }
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "spagm-regress exited $rc after SIGINT, expected 130"
abs=$(cd "$out" && pwd)
for p in /proc/[0-9]*; do
  if tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qxF "SPAGM_REGRESS_DIR=$abs"; then
    fail "process ${p#/proc/} ($(tr '\0' ' ' <"$p/cmdline")) is still running"
  fi
done
if [ "$launcher" = slurm ]; then
  jobs=$(cut -f1 "$out/slurm/jobs" | paste -sd,)
  [ -n "$jobs" ] || fail "no Slurm job was recorded"
  left=$(squeue -h -j "$jobs" 2>&1) || fail "squeue failed: $left"
  [ -z "$left" ] || fail "jobs still in squeue: $left"
fi
grep -q '"partial": true' "$out/results.json" || fail "results.json does not say partial"
[ -f "$out/PARTIAL" ] || fail "no PARTIAL file"
grep -qx partial "$out/state" || fail "state is not partial"
grep -q 'PARTIAL' "$out.log" || fail "the summary does not say PARTIAL"
cancelled=$(grep -c '"status": "cancelled"' "$out/results.json")
passed=$(grep -c '"status": "pass"' "$out/results.json")
[ "$cancelled" -ge 2 ] || fail "expected the two started runs cancelled, got $cancelled"
[ "$passed" -eq 0 ] || fail "$passed interrupted runs reported as pass"
echo "interrupted: exit 130, nothing left, $cancelled runs cancelled, results partial"
