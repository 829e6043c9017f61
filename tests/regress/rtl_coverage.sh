#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step (soak, N253): in a tree built with -DSPAGM_RTL_COVERAGE=ON
# (the one cov.rtl_code_coverage_per_unit configured and built spagm-cosim
# in; spagm and spagm-regress are added, C only), a small regression
# reports per unit Verilator's line and toggle figures in summary.txt,
# results.json, junit.xml and report.html, merged from the rtl.dat of the
# runs that passed (the must-fail run's counts are not merged); without the
# texture unit's run its figures drop and the other units' stay.
#   rtl_coverage.sh TREE OUT
set -uo pipefail
tree=$1 out=$2 t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
grep -q '^SPAGM_RTL_COVERAGE:BOOL=ON' "$tree/CMakeCache.txt" || fail "$tree is not a coverage tree"
cmake --build "$tree" -j2 --target spagm-cosim spagm spagm-regress >"$out.build.log" 2>&1 ||
  { tail -n 30 "$out.build.log"; fail "building the coverage tree"; }
mkdir -p "$out"
run() { # set
  rm -rf "$out/$1"
  "$tree/bin/spagm-regress" --file "$t/rtl_coverage.regress" --set "$1" --jobs 2 --out "$out/$1" \
    >"$out/$1.out" 2>&1
  local rc=$?
  [ $rc -eq 0 ] || { tail -n 40 "$out/$1.out"; fail "set $1: exit $rc"; }
}
. "$t/rtl_figures.sh"
figures() { rtl_figures "$out/$1/summary.txt"; }  # set
run full
run less
sed -n '/^RTL code coverage/,/lcov info/p' "$out/full/summary.txt"
grep -q "3 runs' counts merged" "$out/full/summary.txt" || fail "full: not the 3 runs that passed merged"
grep -q "2 runs' counts merged" "$out/less/summary.txt" || fail "less: not 2 runs merged"
grep -q '+rtl_cov=' "$out/full/runs/defect.attr_rank_off_by_one.s1/reproduce.sh" &&
  fail "the must-fail run collected RTL coverage"
[ "$(figures full | wc -l)" -eq 4 ] || fail "full: not four rows (attr pix tex all): $(figures full)"
while read -r unit lh lp th tp; do
  [ "$lh" -gt 0 ] && [ "$th" -gt 0 ] && [ "$lp" -ge "$lh" ] && [ "$tp" -ge "$th" ] ||
    fail "full: $unit has no line or toggle point hit: $lh/$lp $th/$tp"
  json=$(tr -d ' \n' <"$out/full/results.json" | grep -o "\"rtl_coverage\":{.*" | grep -o "\"$unit\":{[^}]*}")
  [[ $json == *"\"line_hit\":$lh,\"line_points\":$lp,"*"\"toggle_hit\":$th,\"toggle_points\":$tp,"* ]] ||
    fail "results.json disagrees for $unit: $json"
  grep -q "<property name=\"rtl_coverage.$unit.line_hit\" value=\"$lh\"/>" "$out/full/junit.xml" ||
    fail "junit.xml lacks rtl_coverage.$unit.line_hit=$lh"
  grep -q "<tr id=\"rtl-$unit\">.*<td>$lh / $lp</td>.*<td>$th / $tp</td>" "$out/full/report.html" ||
    fail "report.html lacks the row of $unit"
done < <(figures full)
grep -q '^SF:.*tex_' "$out/full/rtl-coverage.info" || fail "rtl-coverage.info names no texture file"
# The page as a browser shows it: the RTL table after the functional one.
src=$(cd "$t/../.." && pwd)
"$src/tests/support/headless-page" "$out/full/report.html" "$out/page" 1280x1400 >/dev/null ||
  fail "headless Chromium could not load report.html"
cmake -DDOM="$out/page/dom.html" \
  "-DEXPECT=id=\"cov-table\".*id=\"rtl-table\";<tr id=\"rtl-all\"><td>all</td>;href=\"rtl-coverage.info\"" \
  -P "$src/tests/support/dom_check.cmake" || fail "report.html's DOM lacks the RTL table"

# Removing the texture unit's run moves the texture unit's figures down, and only them.
paste -d' ' <(figures full) <(figures less) | while read -r u a b c d u2 e f g h; do
  case $u in
    attr|pix) [ "$a $b $c $d" = "$e $f $g $h" ] || fail "$u moved without its runs changing: $a/$b $c/$d -> $e/$f $g/$h" ;;
    tex|all) [ "$e" -le "$a" ] && [ "$g" -le "$c" ] && [ $((a + c)) -gt $((e + g)) ] ||
               fail "$u did not drop without cosim_tex: $a/$b $c/$d -> $e/$f $g/$h" ;;
  esac
done || exit 1
echo "less (no cosim_tex):"; sed -n '/^RTL code coverage/,/lcov info/p' "$out/less/summary.txt"
echo "RTL line and toggle figures per unit in every result file; they drop with the run removed"
