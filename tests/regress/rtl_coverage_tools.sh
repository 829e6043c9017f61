#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest step (soak, N253): in the -DSPAGM_RTL_COVERAGE=ON tree of
# cov.rtl_code_coverage_per_unit, the two other Verilated testbenches
# collect RTL code coverage in a regression as spagm-cosim does (N253):
# spagm-sc-cosim (kind sc-cosim) and the Verilator replay (kind
# replay-verilator) each write rtl.dat naming the texture unit's files with
# points hit; the three instrument the same texture RTL (equal point
# totals), and merged the three runs cover at least what each alone does.
#   rtl_coverage_tools.sh TREE OUT
set -uo pipefail
tree=$1 out=$2 t=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
grep -q '^SPAGM_RTL_COVERAGE:BOOL=ON' "$tree/CMakeCache.txt" || fail "$tree is not a coverage tree"
cmake --build "$tree" -j2 --target spagm-cosim spagm-sc-cosim spagm-replay spagm-cli spagm-regress \
  >"$out.build.log" 2>&1 || { tail -n 30 "$out.build.log"; fail "building the coverage tree"; }
mkdir -p "$out"
run() { # set
  rm -rf "$out/$1"
  "$tree/bin/spagm-regress" --file "$t/rtl_coverage_tools.regress" --set "$1" --jobs 2 \
    --out "$out/$1" >"$out/$1.out" 2>&1
  local rc=$?
  [ $rc -eq 0 ] || { tail -n 40 "$out/$1.out"; fail "set $1: exit $rc"; }
}
. "$t/rtl_figures.sh"
# "line_hit line_points toggle_hit toggle_points" of the texture unit in SET's summary.txt
tex_figures() { rtl_figures "$out/$1/summary.txt" | awk '$1 == "tex" { print $2, $3, $4, $5 }'; }
declare -A run_of=([cosim]=cosim_tex [sc]=sc_tex [replay]=replay_tex)
max_l=0 max_t=0 points=
for set in cosim sc replay; do
  run "$set"
  dat="$out/$set/runs/${run_of[$set]}.s1/rtl.dat"
  [ -s "$dat" ] || fail "$set: the run wrote no $dat"
  grep -q 'rtl_stubs/tex_' "$dat" || fail "$set: $dat names no texture unit file"
  grep -q "1 runs' counts merged" "$out/$set/summary.txt" || fail "$set: its run's counts were not merged"
  read -r lh lp th tp < <(tex_figures "$set")
  [ -n "${lh:-}" ] || fail "$set: summary.txt has no RTL row for tex"
  echo "$set: tex line $lh/$lp toggle $th/$tp"
  [ "$lh" -gt 0 ] && [ "$th" -gt 0 ] || fail "$set: no texture line or toggle point hit"
  # One texture RTL, instrumented alike in the three testbenches.
  [ -z "$points" ] || [ "$points" = "$lp $tp" ] ||
    fail "$set: tex has $lp line and $tp toggle points, the cosim run $points"
  points="$lp $tp"
  [ "$lh" -gt "$max_l" ] && max_l=$lh
  [ "$th" -gt "$max_t" ] && max_t=$th
done
run all
grep -q "3 runs' counts merged" "$out/all/summary.txt" || fail "all: not the 3 runs merged"
read -r lh lp th tp < <(tex_figures all)
echo "all: tex line $lh/$lp toggle $th/$tp"
[ "$lp $tp" = "$points" ] || fail "all: the merge changed the point totals ($lp $tp, not $points)"
[ "$lh" -ge "$max_l" ] && [ "$th" -ge "$max_t" ] ||
  fail "all: the merge covers less than one tool alone (line $lh < $max_l or toggle $th < $max_t)"
echo "spagm-sc-cosim and spagm-replay collect the texture unit's RTL coverage in a regression"
