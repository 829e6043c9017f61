#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest mutate.lint_copy.<unit> (label mutate): the mutated copy holding
# every mutant of a unit's stand-in elaborates in Verilator (--lint-only,
# the co-simulation's warning settings): the copy is valid SystemVerilog
# for any selection, so one build runs any mutant.
#   lint_copy.sh BUILD_DIR UNIT WORK_DIR
set -euo pipefail
build=$1 unit=$2 work=$3
rm -rf "$work"
"$build/bin/spagm" mutate --unit "$unit" --write-copy --out "$work" | tee "$work.log"
list=$(sed -n 's/^mutate: mutated copy \(.*\) (top \(.*\))$/\1/p' "$work.log")
top=$(sed -n 's/^mutate: mutated copy \(.*\) (top \(.*\))$/\2/p' "$work.log")
[ -f "$list" ] || { echo "no mutated list"; exit 1; }
n=$(grep -c "spagm_mutsel == 32'd" "$work"/rtl/*.sv | awk -F: '{s += $2} END {print s}')
echo "== verilator --lint-only --top-module $top -F $list ($n selector lines)"
cd "$work"
verilator --lint-only -Wno-fatal -Wno-lint -Wno-style --top-module "$top" -F "$list"
echo "mutate.lint_copy.$unit: passed"
