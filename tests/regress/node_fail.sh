#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: the Slurm launcher against stand-in Slurm commands
# (tests/fake-slurm) whose first job array is lost to NODE_FAIL. With
# --retries 1 the lost tasks are submitted again and pass (2 attempts);
# with --retries 0 they are reported `lost` with the Slurm state.
#   node_fail.sh REGRESS OUT
set -uo pipefail
regress=$1 out=$2 t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
run() { # retries folder
  export FAKE_SLURM_DIR=$2.fake
  rm -rf "$2" "$FAKE_SLURM_DIR" && mkdir -p "$FAKE_SLURM_DIR"
  PATH=$t/fake-slurm:$PATH "$regress" --file "$t/faults.regress" --set quick --launcher slurm \
    --retries "$1" --out "$2"
}
run 1 "$out/retried"
rc=$?
[ $rc -eq 0 ] || fail "with a retry: exit $rc, expected 0"
[ "$(grep -c '"attempts": 2' "$out/retried/results.json")" -eq 2 ] || fail "runs not retried once"
grep -qx '2 0-1' "$out/retried.fake/submitted" || fail "the lost tasks were not submitted again"
# results.json records the Slurm job and array task that made each result.
grep -q '"id": "quick_run.s2".*"slurm_job": "2", "slurm_task": "1"' <(tr -d '\n' <"$out/retried/results.json" | sed 's/}, *{/}\n{/g') ||
  fail "results.json lacks the Slurm job/task ids of quick_run.s2 (job 2, task 1)"
run 0 "$out/lost"
rc=$?
[ $rc -eq 1 ] || fail "without retries: exit $rc, expected 1"
[ "$(grep -c '"status": "lost"' "$out/lost/results.json")" -eq 2 ] || fail "lost tasks not reported lost"
grep -q 'Slurm task ended in state NODE_FAIL without a result' "$out/lost/results.json" ||
  fail "no NODE_FAIL reason"
echo "NODE_FAIL: retried once and passed; without retries reported lost"
