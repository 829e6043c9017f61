#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: Slurm ending tasks. A task over its job's time limit is a
# `timeout` whose reason names the Slurm limit (record farm=TIMEOUT); a
# running array task cancelled with `scancel JOB_TASK` is `cancelled` by
# Slurm (farm=CANCELLED) while the other task passes. --resume runs exactly
# those again, and so does --rerun-failed (into a new folder); both pass.
#   farm_faults.sh REGRESS DESC OUT fake-slurm|slurm
# fake-slurm: the stand-ins of tests/fake-slurm (a time limit of 1 s);
# slurm: the one-node Slurm (`--time 1` and runs of 400 s, so a controller
# slow to enforce the limit still ends them first: minutes), exit
# 77 (CTest SKIP_RETURN_CODE) when it cannot start.
set -uo pipefail
regress=$1 desc=$2 out=$3 launcher=$4
t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
args=(--file "$desc" --set lengthy --launcher slurm)
if [ "$launcher" = fake-slurm ]; then
  export PATH=$t/fake-slurm:$PATH FAKE_SLURM_LOSE_JOB=""
  limit() { export FAKE_SLURM_TIME_LIMIT_S=1 FARM_SLEEP_S=4; }
  nolimit() { unset FAKE_SLURM_TIME_LIMIT_S; export FARM_SLEEP_S=3; }
  fresh() { export FAKE_SLURM_DIR=$out/$1.fake; rm -rf "$FAKE_SLURM_DIR"; mkdir -p "$FAKE_SLURM_DIR"; }
  cancel_sleep=6
  # The first scancel is ignored, so the retry below is always exercised.
  export FAKE_SLURM_SCANCEL_IGNORED=1
else
  here=$(cd "$t/../.." && pwd)
  up=$("$here/scripts/slurm-local" up 2>&1) || { echo "SKIP: Slurm cannot start here: $up"; exit 77; }
  eval "$("$here/scripts/slurm-local" env)"
  limit() { args+=(--time 1); export FARM_SLEEP_S=400; }
  nolimit() { export FARM_SLEEP_S=3; }
  fresh() { :; }
  cancel_sleep=30
fi
rm -rf "$out" && mkdir -p "$out"

field() { # DIR ID KEY: a key of the run's record
  sed -n "s/^$3=//p" "$1/runs/$2/status"
}

resumes() { # NAME KEPT WHAT: --resume of NAME keeps KEPT of 2 runs and passes
  "$regress" --resume "$out/$1" >"$out/$1.resume.log" 2>&1
  local rc=$?
  [ $rc -eq 0 ] || fail "--resume of $1: exit $rc; $(tail -3 "$out/$1.resume.log")"
  grep -q "$2 of 2 runs have a complete result, $((2 - $2)) to run" "$out/$1.resume.log" ||
    fail "--resume did not run $3: $(grep resuming "$out/$1.resume.log")"
}

# Over the time limit.
fresh limit
(limit; "$regress" "${args[@]}" --out "$out/limit" >"$out/limit.log" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "time limit: exit $rc, expected 1; $(tail -3 "$out/limit.log")"
# What a run that ended otherwise saw: its log (the seconds it slept),
# its record and the farm's output files, for a failure that does not
# come back on a rerun.
evidence() { # DIR ID
  echo "--- $2: record"; cat "$1/runs/$2/status" 2>&1
  echo "--- $2: log"; cat "$1/runs/$2/log" 2>&1
  echo "--- farm output"; tail -n 5 "$1"/slurm/*.out 2>&1
  echo "--- jobs"; cat "$1/slurm/jobs" 2>&1
}
for id in lengthy_run.s1 lengthy_run.s2; do
  [ "$(field "$out/limit" $id status)" = timeout ] ||
    { evidence "$out/limit" $id; fail "$id: $(field "$out/limit" $id status), expected timeout"; }
  [ "$(field "$out/limit" $id farm)" = TIMEOUT ] || fail "$id: farm=$(field "$out/limit" $id farm)"
  field "$out/limit" $id reason | grep -q 'Slurm time limit reached' ||
    fail "$id: reason $(field "$out/limit" $id reason)"
done
fresh limit-resume
nolimit
resumes limit 0 "the two timed-out runs"
echo "time limit: both runs timeout (farm=TIMEOUT), --resume ran both, passed"

# scancel of a running array task.
fresh cancel
nolimit
# On Slurm the runs last long enough that a controller slow to answer
# scancel still finds task 0 running. scancel is retried while it refuses
# (a busy controller) and while task 0 is still running a few seconds after
# a scancel that reported success: a task just launched can miss the
# signal. What scancel said and the states seen are kept for the failure
# message.
export FARM_SLEEP_S=$cancel_sleep
"$regress" "${args[@]}" --out "$out/cancel" >"$out/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
  grep -q started "$out/cancel/runs/lengthy_run.s1/log" 2>/dev/null && break
  sleep 0.1
done
job=$(cut -f1 "$out/cancel/slurm/jobs" 2>/dev/null | head -1)
[ -n "$job" ] || { kill -INT $pid; fail "no job submitted"; }
task0_state() { # task 0's state, as the launcher asks squeue (empty: gone)
  squeue -h -r -t all -o '%F %K %T' -j "$job" 2>/dev/null | awk '$2 == 0 { print $3 }'
}
for try in $(seq 20); do
  scancel "${job}_0" >>"$out/scancel.log" 2>&1 || { sleep 1; continue; }
  for _ in $(seq 15); do
    st=$(task0_state)
    case "$st" in RUNNING | PENDING | CONFIGURING) sleep 0.2 ;; *) break ;; esac
  done
  echo "after scancel $try: task 0 ${st:-gone}" >>"$out/scancel.log"
  case "$st" in RUNNING | PENDING | CONFIGURING) ;; *) break ;; esac
done
wait $pid
rc=$?
[ $rc -eq 1 ] || fail "scancel: exit $rc, expected 1; $(tail -3 "$out/cancel.log"); scancel said: $(cat "$out/scancel.log")"
[ "$(field "$out/cancel" lengthy_run.s1 status)" = cancelled ] || fail "lengthy_run.s1: $(field "$out/cancel" lengthy_run.s1 status)"
[ "$(field "$out/cancel" lengthy_run.s1 farm)" = CANCELLED ] || fail "lengthy_run.s1: farm=$(field "$out/cancel" lengthy_run.s1 farm)"
field "$out/cancel" lengthy_run.s1 reason | grep -q 'cancelled by Slurm' || fail "reason $(field "$out/cancel" lengthy_run.s1 reason)"
[ "$(field "$out/cancel" lengthy_run.s2 status)" = pass ] || fail "lengthy_run.s2: $(field "$out/cancel" lengthy_run.s2 status)"
export FARM_SLEEP_S=1
fresh rerun
"$regress" --rerun-failed "$out/cancel" --launcher slurm --out "$out/rerun" >"$out/rerun.log" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "--rerun-failed: exit $rc; $(tail -3 "$out/rerun.log")"
[ "$(grep -vc '^#' "$out/rerun/plan.tsv")" -eq 1 ] || fail "--rerun-failed did not run exactly the cancelled run"
fresh cancel-resume
resumes cancel 1 "only the cancelled run"
echo "scancel: the task cancelled (farm=CANCELLED), the other passed; --rerun-failed and --resume ran it, passed"
