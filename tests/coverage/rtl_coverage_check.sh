#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/rtl-coverage works end to end: the coverage build runs, every unit
# gets a line and a toggle figure above 0%, the lcov info names the units'
# files and genhtml wrote its page; and a build without the option refuses
# +rtl_cov= (checked by the caller's tree being a normal one).
#   rtl_coverage_check.sh SRC TREE OUT
set -euo pipefail
src=$1 tree=$2 out=$3
report=$("$src/scripts/rtl-coverage" "$tree" 300 "$out")
printf '%s\n' "$report"
for unit in attr pix tex; do
  row=$(printf '%s\n' "$report" | grep "^$unit ") || { echo "no row for $unit"; exit 1; }
  [ "$(printf '%s\n' "$row" | grep -o '[0-9.]*%' | wc -l)" -eq 2 ] ||
    { echo "$unit: expected a line and a toggle figure: $row"; exit 1; }
  printf '%s\n' "$row" | grep -q ' 0\.0%' && { echo "$unit: nothing covered: $row"; exit 1; }
  grep -q "^SF:.*rtl_stubs/${unit}_" "$out/rtl.info" || { echo "$unit: not in rtl.info"; exit 1; }
done
if grep -q '^SF:.*testbench/' "$out/rtl.info"; then echo "testbench files in rtl.info"; exit 1; fi
grep -qi '<html' "$out/html/index.html" || { echo "no genhtml page"; exit 1; }
echo "rtl-coverage: figures for every unit, lcov info of the units, $out/html/index.html"
