#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step: bring up the one-node Slurm (scripts/slurm-local), run the
# smoke set with --launcher slurm, check it passes and that its results.json
# agrees run by run with the local launcher's (regress.smoke_local_passes).
#   slurm_smoke.sh REGRESS RESULTS_ROOT
# Exit 77 (CTest SKIP_RETURN_CODE) with the reason when Slurm cannot start.
set -uo pipefail
regress=$1 root=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
t=$(dirname "$0")
if ! up=$("$here/scripts/slurm-local" up 2>&1); then
  echo "SKIP: Slurm cannot start here: $up"
  exit 77
fi
echo "$up"
eval "$("$here/scripts/slurm-local" env)"
cmake -DREGRESS="$regress" -DOUT="$root/smoke-slurm" "-DARGS=--set smoke --launcher slurm" \
      -DRC=0 -DRUNS=9 -P "$t/check_results.cmake" || exit 1
cmake -DA="$root/smoke-local" -DB="$root/smoke-slurm" -P "$t/agree.cmake" || exit 1
