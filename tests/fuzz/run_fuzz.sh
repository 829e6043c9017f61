#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One bounded libFuzzer run (CTest's fuzz.* tests, scripts/fuzz):
#   run_fuzz.sh HARNESS SEEDS WORK SECONDS [libFuzzer options...]
# New inputs go to WORK/corpus (kept between runs), crash files to
# WORK/artifacts/; SEEDS is only read. Exit status: libFuzzer's (0 when no
# input crashed, leaked or timed out).
set -euo pipefail
harness=$1 seeds=$2 work=$3 seconds=$4
shift 4
mkdir -p "$work/corpus" "$work/artifacts"
exec "$harness" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
     -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" "$work/corpus" "$seeds"
