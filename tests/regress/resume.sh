#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: a regression killed at several points, then finished with
# --resume, gives what an undisturbed run of the same set gives (every
# verdict, the buckets, the merged coverage, each run counted once:
# compare_results.py). Kill points: SIGKILL of the runner before any run
# ended, after some, after all (it may be writing its results), SIGKILL of
# the runner and every process of the regression at once (a lost node), and
# SIGINT (a partial results folder, then resumed). Then a resume of a
# complete folder runs nothing and changes nothing.
#   resume.sh REGRESS DESC OUT local|fake-slurm|slurm
# Exit 77 (CTest SKIP_RETURN_CODE) when the local Slurm cannot start.
set -uo pipefail
regress=$1 desc=$2 out=$3 launcher=$4
t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
args=(--file "$desc" --set short --jobs 2)
case $launcher in
  local) ;;
  fake-slurm)
    export PATH=$t/fake-slurm:$PATH FAKE_SLURM_LOSE_JOB=""
    args+=(--launcher slurm) ;;
  slurm)
    here=$(cd "$t/../.." && pwd)
    up=$("$here/scripts/slurm-local" up 2>&1) || { echo "SKIP: Slurm cannot start here: $up"; exit 77; }
    eval "$("$here/scripts/slurm-local" env)"
    args+=(--launcher slurm) ;;
  *) fail "launcher $launcher?" ;;
esac
rm -rf "$out" && mkdir -p "$out"

fresh() { export FAKE_SLURM_DIR=$out/$1.fake; rm -rf "$FAKE_SLURM_DIR"; mkdir -p "$FAKE_SLURM_DIR"; }
fresh ref
"$regress" "${args[@]}" --out "$out/ref" >"$out/ref.log" 2>&1
ref_rc=$?
[ $ref_rc -eq 1 ] || fail "the undisturbed run exited $ref_rc, expected 1 (one run fails); $(tail -5 "$out/ref.log")"
nruns=$(grep -vc '^#' "$out/ref/plan.tsv")

# The runner and every process under it (its --exec processes and the runs'
# commands, in process groups of their own), for a kill all at once.
tree() {
  ps -e -o pid=,ppid= | awk -v root="$1" '
    { kids[$2] = kids[$2] " " $1 }
    END { n = split(root, q, " "); for (i = 1; i <= n; i++) { print q[i]; m = split(kids[q[i]], k, " ")
            for (j = 1; j <= m; j++) q[++n] = k[j] } }'
}

# case NAME AFTER HOW: start, wait until AFTER runs have a status file,
# then stop it HOW (kill: SIGKILL the runner; node: SIGKILL everything at
# once; int: SIGINT), resume and compare.
case_() {
  local name=$1 after=$2 how=$3 dir=$out/$1
  fresh "$name"
  "$regress" "${args[@]}" --out "$dir" >"$dir.log" 2>&1 &
  local pid=$! n=0
  for _ in $(seq 600); do
    n=$(ls "$dir"/runs/*/status 2>/dev/null | wc -l)
    [ -f "$dir/plan.tsv" ] && [ "$n" -ge "$after" ] && break
    sleep 0.05
  done
  [ -f "$dir/plan.tsv" ] || fail "$name: no plan after 30 s"
  case $how in
    kill) kill -KILL "$pid" ;;
    node) kill -KILL $(tree "$pid") 2>/dev/null ;;
    int) kill -INT "$pid" ;;
  esac
  wait "$pid"
  local rc=$? done_before
  [ -f "$dir/lock" ] && cp "$dir/lock" "$dir.lock-left"
  done_before=$(ls "$dir"/runs/*/status 2>/dev/null | wc -l)
  [ "$how" = int ] && [ $rc -ne 130 ] && [ "$done_before" -lt "$nruns" ] &&
    fail "$name: exit $rc after SIGINT, expected 130"
  "$regress" --resume "$dir" >"$dir.resume.log" 2>&1
  rc=$?
  [ $rc -eq $ref_rc ] || fail "$name: --resume exited $rc, expected $ref_rc; $(tail -5 "$dir.resume.log")"
  if [ -f "$dir.lock-left" ] && ! grep -q "taking over the lock of spagm-regress pid $pid on" "$dir.resume.log"; then
    fail "$name: the killed runner's lock was not taken over with a message"
  fi
  torun=$(sed -n 's/.*runs have a complete result, \([0-9]*\) to run/\1/p' "$dir.resume.log")
  python3 "$t/compare_results.py" "$out/ref" "$dir" || fail "$name: resumed results differ from the undisturbed run"
  echo "$name: stopped ($how) with $done_before of $nruns status files, resumed $torun runs: identical"
}

case_ before_any 0 kill
case_ after_three 3 kill
case_ lost_node 5 node
case_ after_all "$nruns" kill
case_ interrupted 2 int

# A complete folder: nothing runs again, nothing changes.
cp -r "$out/after_three" "$out/again"
"$regress" --resume "$out/again" >"$out/again.log" 2>&1
rc=$?
[ $rc -eq $ref_rc ] || fail "resume of a complete folder exited $rc"
grep -q "$nruns of $nruns runs have a complete result, 0 to run" "$out/again.log" ||
  fail "resume of a complete folder ran runs again: $(grep resuming "$out/again.log")"
python3 "$t/compare_results.py" "$out/ref" "$out/again" || fail "a second resume changed the results"
echo "resumed ($launcher): every case identical to the undisturbed run"
