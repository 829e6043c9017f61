#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What the waves' field view costs a run WITHOUT waves (docs/cosim.md,
# "Waves"; N211, N215): this tree's spagm-cosim beside one built in this run,
# with the same build type and compiler, from a copy of this tree whose
# testbench/cosim/tb_cosim_unit.sv has no view: no `fields` instance of
# tb_cosim_view (req_*, rsp_*, exp_*, mismatch_bits) and no `view` block
# (the spagm_dpi_expected call and the held response, request and expected
# response) and no `view_tick` block that copies them to the view.
# Counts the instructions of the same run of both with callgrind
# (the machine's load does not change them) and checks that both simulated
# the same cycles with the same verdict. Figures, not a test.
#
#   bench/view_cost.sh [BUILD] [UNITS] [TXNS] [WORK]
#     BUILD  this tree's build folder (default build)
#     UNITS  +units= of the run (default pix); TXNS  +txns= (default 3000)
#     WORK   where the copy is built (default build-view-cost beside BUILD;
#            kept, so a second run rebuilds only what changed)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
units=${2:-pix}
txns=${3:-3000}
work=${4:-$build-view-cost}
new_bin=$build/bin/spagm-cosim
[ -x "$new_bin" ] || { echo "view_cost.sh: no $new_bin: build first" >&2; exit 2; }
[[ $txns =~ ^[1-9][0-9]*$ ]] || { echo "view_cost.sh: TXNS must be a number" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "view_cost.sh: valgrind not found" >&2; exit 1; }

# The copy: tracked files as they are in the working tree, next to a link to
# the spec folder the build reads as ../shared. tar keeps modification times,
# so unchanged files are not rebuilt.
mkdir -p "$work/src"
[ -e "$work/shared" ] || ln -s "$(cd "$src/../shared" && pwd)" "$work/shared"
git -C "$src" ls-files -z | (cd "$src" && tar --null -T - -cf -) | tar -C "$work/src" -xf -

# Cut the view out of the copy's tb_cosim_unit.sv; fail if either piece is
# not found (the file changed: update the patterns).
unit=$work/src/testbench/cosim/tb_cosim_unit.sv
awk '
  /^ *tb_cosim_view fields *\(/ { inst++; skip_inst = !/\);/; next }
  skip_inst { if (/\);/) skip_inst = 0; next }
  /^ *always @\(posedge view_tick/ { tick++; match($0, /^ */); end_line = substr($0, 1, RLENGTH) "end"; skip_blk = 1; next }
  /if \(view_on\) begin : view/ { blk++; match($0, /^ */); end_line = substr($0, 1, RLENGTH) "end"; skip_blk = 1; next }
  skip_blk { if ($0 == end_line) skip_blk = 0; next }
  { print }
  END { if (inst != 1 || tick != 1 || blk != 1) { print "view_cost.sh: view not found in tb_cosim_unit.sv" > "/dev/stderr"; exit 1 } }
' "$src/testbench/cosim/tb_cosim_unit.sv" > "$unit.cut"
cmp -s "$unit.cut" "$unit" && rm "$unit.cut" || mv "$unit.cut" "$unit"

cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
args=(-G "$(cache CMAKE_GENERATOR)" -DCMAKE_BUILD_TYPE="$(cache CMAKE_BUILD_TYPE)"
      -DCMAKE_C_COMPILER="$(cache CMAKE_C_COMPILER)" -DCMAKE_CXX_COMPILER="$(cache CMAKE_CXX_COMPILER)")
launcher=$(cache CMAKE_C_COMPILER_LAUNCHER)
[ -z "$launcher" ] || args+=(-DCMAKE_C_COMPILER_LAUNCHER="$launcher"
                             -DCMAKE_CXX_COMPILER_LAUNCHER="$(cache CMAKE_CXX_COMPILER_LAUNCHER)")
python=$(cache SPAGM_PYTHON)
[ -z "$python" ] || args+=(-DSPAGM_PYTHON="$python")
cmake -S "$work/src" -B "$work/src/build" "${args[@]}" > "$work/configure.log" ||
  { echo "view_cost.sh: configure failed, see $work/configure.log" >&2; exit 1; }
cmake --build "$work/src/build" -j"${SPAGM_JOBS:-2}" --target spagm-cosim > "$work/build.log" ||
  { echo "view_cost.sh: build failed, see $work/build.log" >&2; exit 1; }
old_bin=$work/src/build/bin/spagm-cosim

run=(+units="$units" +seed=1 +txns="$txns" +no_progress)
echo "spagm-cosim ${run[*]} under callgrind (no waves)"
for v in view no_view; do
  bin=$new_bin
  [ $v = view ] || bin=$old_bin
  valgrind --tool=callgrind --callgrind-out-file="$work/$v.cg" "$bin" "${run[@]}" \
    > "$work/$v.out" 2> "$work/$v.err" || true  # the verdict is compared below
  ir=$(sed -n 's/^summary: *//p' "$work/$v.cg")
  [ -n "$ir" ] || { echo "view_cost.sh: no callgrind summary for $v, see $work/$v.err" >&2; exit 1; }
  cycles=$(sed -n 's/^\([0-9][0-9]*\) cycles in .*/\1/p' "$work/$v.out" | head -1)
  verdict=$(grep -E '^cosim: [0-9]+ passed, [0-9]+ failed' "$work/$v.out" || echo "no verdict")
  eval "ir_$v=$ir cycles_$v=${cycles:-?}"
  printf '%-8s %15s instructions  %8s cycles  %s\n' "$v" "$ir" "${cycles:-?}" "$verdict"
done
[ "$cycles_view" = "$cycles_no_view" ] ||
  { echo "view_cost.sh: the two runs simulated different cycles" >&2; exit 1; }
awk -v a="$ir_view" -v b="$ir_no_view" -v c="$cycles_view" 'BEGIN {
  printf "view - no_view: %+d instructions (%+.3f %%), %+.1f per cycle\n", a - b, 100 * (a - b) / b, (a - b) / c }'
