#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One bounded libFuzzer run (CTest's fuzz.* tests, scripts/fuzz):
#   run_fuzz.sh HARNESS SEEDS CORPUS ARTIFACTS SECONDS [libFuzzer options...]
# New inputs go to CORPUS (kept between runs), crash, leak and timeout
# files to ARTIFACTS/; SEEDS is only read. Exit status: libFuzzer's (0 when
# no input crashed, leaked, timed out or passed 2 GiB).
set -euo pipefail
harness=$1 seeds=$2 corpus=$3 artifacts=$4 seconds=$5
shift 5
mkdir -p "$corpus" "$artifacts"
exec "$harness" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
     -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$corpus" "$seeds"
