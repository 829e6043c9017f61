#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step (N254): a plan larger than the cluster's MaxArraySize is
# submitted as several job arrays whose task ids stay below it, each task
# running run BASE+id; a lost array is submitted again with its own base,
# and every result names the job and task that made it. Stand-in Slurm
# commands (tests/fake-slurm) refuse, as Slurm does, an array with a task
# id >= MaxArraySize (10 here, from `scontrol show config`).
#   array_split.sh REGRESS OUT
set -uo pipefail
regress=$1 out=$2 t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
export FAKE_SLURM_MAX_ARRAY=10
run() { # folder [args]
  export FAKE_SLURM_DIR=$1.fake
  rm -rf "$1" "$FAKE_SLURM_DIR" && mkdir -p "$FAKE_SLURM_DIR"
  PATH=$t/fake-slurm:$PATH "$regress" --file "$t/array_split.regress" --set many --launcher slurm \
    --out "$1" "${@:2}" >"$1.out" 2>&1
}
json_run() { # results.json's object of run ID, on one line
  tr -d '\n' <"$1/results.json" | sed 's/}, *{/}\n{/g' | grep "\"id\": \"$2\""
}

# 25 runs, MaxArraySize 10, no job lost: arrays 0-9 of bases 0, 10 and 20.
FAKE_SLURM_LOSE_JOB= run "$out/split"
rc=$?
[ $rc -eq 0 ] || { cat "$out/split.out"; fail "split: exit $rc, expected 0"; }
[ "$(cat "$out/split.fake/submitted")" = "$(printf '1 0-9\n2 0-9\n3 0-4')" ] ||
  fail "split: arrays submitted: $(cat "$out/split.fake/submitted")"
[ "$(cut -f2,3 "$out/split/slurm/jobs" | tr '\t\n' ' |')" = "0 0-9|10 0-9|20 0-4|" ] ||
  fail "split: slurm/jobs: $(cat "$out/split/slurm/jobs")"
[ "$(grep -c '"ok": true' "$out/split/results.json")" -eq 25 ] || fail "split: not 25 runs as expected"
json_run "$out/split" many_runs.s13 | grep -q '"slurm_job": "2", "slurm_task": "2"' ||
  fail "split: many_runs.s13 (run 12) is not task 2 of job 2: $(json_run "$out/split" many_runs.s13)"
grep -qx 'run of seed 25' "$out/split/runs/many_runs.s25/log" || fail "split: run 24 did not run seed 25"

# The second array (runs 10-19) is lost to NODE_FAIL: one sacct for the
# job, its ten runs submitted again as one array of base 10.
FAKE_SLURM_LOSE_JOB=2 run "$out/lost"
rc=$?
[ $rc -eq 0 ] || { cat "$out/lost.out"; fail "lost: exit $rc, expected 0"; }
grep -qx '4 0-9' "$out/lost.fake/submitted" || fail "lost: no retry array: $(cat "$out/lost.fake/submitted")"
grep -qP '^4\t10\t0-9$' "$out/lost/slurm/jobs" || fail "lost: retry not of base 10: $(cat "$out/lost/slurm/jobs")"
[ "$(grep -c '"attempts": 2' "$out/lost/results.json")" -eq 10 ] || fail "lost: not 10 runs retried once"
json_run "$out/lost" many_runs.s15 | grep -q '"slurm_job": "4", "slurm_task": "4"' ||
  fail "lost: many_runs.s15 (run 14) is not task 4 of the retry: $(json_run "$out/lost" many_runs.s15)"

# --max-array overrides scontrol (which says 30 here); a cluster refusing
# the array is an error.
FAKE_SLURM_MAX_ARRAY=30 FAKE_SLURM_LOSE_JOB= run "$out/opt" --max-array 20
[ "$(cat "$out/opt.fake/submitted")" = "$(printf '1 0-19\n2 0-4')" ] ||
  fail "--max-array 20: arrays submitted: $(cat "$out/opt.fake/submitted")"
FAKE_SLURM_LOSE_JOB= run "$out/refused" --max-array 30
rc=$?
[ $rc -eq 2 ] || fail "an array over MaxArraySize: exit $rc, expected 2"
grep -q 'Invalid job array specification' "$out/refused.out" || fail "sbatch's refusal not shown"
echo "25 runs in arrays of at most 10 tasks (bases 0, 10, 20); the lost array resubmitted with base 10"
