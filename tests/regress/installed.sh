#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step (soak): `cmake --install` into a fresh prefix, then the
# installed spagm-regress runs the smoke set from an unrelated folder with
# the installed description (share/spagm/regress/default.regress), tools and
# defect catalogue, and nothing of the source or build tree.
#   installed.sh CMAKE BUILD_DIR OUT
set -euo pipefail
cmake=$1 build=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out/prefix" "$out/elsewhere"
"$cmake" --install "$build" --prefix "$out/prefix" >"$out/install.log"
p=$out/prefix
[ -x "$p/bin/spagm-regress" ] || fail "spagm-regress not installed"
[ -f "$p/share/spagm/regress/default.regress" ] || fail "default.regress not installed"
cd "$out/elsewhere"
# The plan names installed tools only.
"$p/bin/spagm-regress" --set smoke --list >plan.txt
grep -q "$p/bin/spagm-cosim" plan.txt || fail "the plan does not use the installed spagm-cosim"
if grep -q "$build/bin" plan.txt; then fail "the plan names the build tree"; fi
"$p/bin/spagm-regress" --set smoke --jobs 2 --out smoke >smoke.out 2>&1 ||
  { cat smoke.out; fail "the installed smoke set did not pass"; }
grep -q "9 runs, 9 as expected" smoke.out || fail "not 9 runs as expected"
[ -f smoke/report.html ] && [ -f smoke/coverage.cov ] || fail "report.html or coverage.cov missing"
echo "installed spagm-regress ran the smoke set from $out/elsewhere: 9 runs as expected"
