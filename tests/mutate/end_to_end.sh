#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest mutate.pix_end_to_end (labels mutate, soak): `spagm mutate` on the
# pixel stand-in, 10 mutants (built in two parts of 5 after the original's
# coverage part, seeds 1..2), then
# checks what the tool promises (docs/mutate.md):
#   - mutant 0 (the original RTL) passes, on each part's build, which has
#     no waves (+trace refused) and only the pixel unit (+units=attr
#     refused; without +units its run is of pix);
#   - the mutant equal to catalogue defect 4 (pix_index_bound_off_by_one,
#     rtl_stubs/bugs.tsv: < becomes <=) is killed by a mismatch;
#   - an equivalent mutant (o_rd_write of a faulting slot, which names no
#     written lane: N274) survives, and its report shows its diff and
#     file:line:col;
#   - report.json validates against the schema; report.html opens in
#     headless Chromium with the score and the survivor (DOM checked), and
#     each row's coverage bins (N271) with the states the original design's
#     runs left them in;
#   - a run whose plusarg spagm-cosim refuses (+txns=0, exit 2) makes the
#     original design an error, so no mutant is run and each is an error
#     (N441), never a kill; the rerun reuses the mutated build.
#   end_to_end.sh SOURCE_DIR BUILD_DIR WORK_DIR PYTHON
set -euo pipefail
trap 'echo "mutate.pix_end_to_end: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
src=$1 build=$2 work=$3 py=$4
rm -rf "$work"
mkdir -p "$work"
spagm=$build/bin/spagm

line_of() { grep -nF "$2" "$src/rtl_stubs/$1" | head -1 | cut -d: -f1; }
"$spagm" mutate --unit pix --list > "$work/list.txt"
defect_line=$(line_of pix_lane.sv ": index < {27'd0, count};")
dead_line=$(line_of pix_unit.sv "o_rd_write <= !x_fault && x_rd_write;")
id_of() { awk -F'\t' -v loc="$1" -v ch="$2" 'index($2, loc) && $4 == ch { print $1; exit }' "$work/list.txt"; }
defect=$(id_of "rtl_stubs/pix_lane.sv:$defect_line:" "< -> <=")
dead=$(id_of "rtl_stubs/pix_unit.sv:$dead_line:" "&& -> ||")
[ -n "$defect" ] && [ -n "$dead" ] || { echo "defect-4 or dead-code mutant not listed"; exit 1; }
# Eight more: the first mutant of each operator but the two above's.
more=$(awk -F'\t' 'NF >= 4 && $1 ~ /:[0-9]+:[0-9a-f]+$/ && !seen[$3]++ { print $1 }' "$work/list.txt" | head -8)
ids=$(printf '%s\n' "$defect" "$dead" $more | sort -u | paste -sd, -)
echo "== spagm mutate --unit pix --mutants $ids --seeds 1..2 --part-size 5"
"$spagm" mutate --unit pix --mutants "$ids" --seeds 1..2 --build-type None --part-size 5 --jobs 2 --out "$work/mut" | tee "$work/run1.log"
grep -q "^mutate: original design (mutant 0): passed" "$work/run1.log"
# The original's line coverage in a part with no mutant (N548), then two
# parts, each its own copy and build; the original ran on all three.
for i in 1 2 3; do
  [ -x "$work/mut/part-$i/build/bin/spagm-cosim" ] || { echo "no part-$i build"; exit 1; }
done
if grep -q spagm_mutsel "$work"/mut/part-1/rtl/*.sv; then
  echo "the coverage part holds a mutant"; exit 1
fi
grep -q '^\[test m0p3\]' "$work/mut/run-1/regress-original.regress"
# A mutated build has no waves (N501): +trace is refused with the reason.
rc=0
"$work/mut/part-1/build/bin/spagm-cosim" +units=pix +txns=1 +trace > "$work/trace.log" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q "need a build with waves" "$work/trace.log" ||
  { echo "+trace on a mutated build: exit $rc, expected 2"; cat "$work/trace.log"; exit 1; }
# It holds the mutated unit only (N546): another unit is refused, and a
# run without +units is of the pixel unit.
rc=0
"$work/mut/part-1/build/bin/spagm-cosim" +units=attr +txns=1 > "$work/units.log" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q "+units=attr: this build holds only pix" "$work/units.log" ||
  { echo "+units=attr on a pix part: exit $rc, expected 2"; cat "$work/units.log"; exit 1; }
"$work/mut/part-1/build/bin/spagm-cosim" +txns=50 +no_progress > "$work/units.log" 2>&1 ||
  { echo "a pix part's run without +units failed"; cat "$work/units.log"; exit 1; }
grep -q "units pix, bug none" "$work/units.log" && grep -q "^cosim: 50 passed, 0 failed" "$work/units.log" ||
  { echo "a pix part's run without +units is not of pix alone"; cat "$work/units.log"; exit 1; }
grep -A2 "^  survived $dead rtl_stubs/pix_unit.sv:$dead_line:" "$work/run1.log" | grep -qF -- "- o_rd_write <= !x_fault && x_rd_write;"

echo "== report.json: schema, verdicts"
"$py" "$src/tests/mutate/check_report.py" "$src" "$work/mut/report.json" \
  "$defect=killed:mismatch" "$dead=survived" original=survived

echo "== report.html in headless Chromium"
# N271: the equivalent survivor cites N58 (no coverage bin: "not known");
# the defect-4 mutant's row names the .COVERED rule bins with a state from
# the original design's runs (their merged database; "unknown" without).
cov_db_re="Coverage bins: .*by the original design's runs \\(<code>[^<]*/run-1/original.cov</code>\\)"
cells='<td>[^<]*</td><td>[^<]*</td><td>[^<]*</td><td><div class="del">[^<]*</div><div class="add">[^<]*</div></td>'
row_re="id=\"s$dead\"><td>$dead</td>$cells"
defect_row_re="id=\"m$defect\"><td>$defect</td>$cells"
"$src/tests/support/headless-page" "$work/mut/report.html" "$work/page"
cmake -DDOM="$work/page/dom.html" \
      -DEXPECT="Mutation score <b>[0-9.]+ %</b>;id=\"original\">passed<;Survivors \\([1-9];id=\"s$dead\";pix_unit.sv:$dead_line:;o_rd_write &lt;= !x_fault \\|\\| x_rd_write;class=\"killed\" id=\"m$defect\";$cov_db_re;$row_re<td>N58</td><td class=\"cov\">not known</td>;$defect_row_re<td>R13 N52</td><td class=\"cov\"><div><b>pix.rule</b> <span class=\"ex\">\\(R13, N52\\)</span>: <span class=\"bin (hit|thin|hole)\" title=\"(hit|thin|hole)\">PIX_COVERED_TRUE</span>" \
      -P "$src/tests/support/dom_check.cmake"

echo "== a refused plusarg is an error, not a kill"
set +e
"$spagm" mutate --unit pix --rerun survivors --from "$work/mut/report.json" --seeds 1 --build-type None \
  --plusargs +txns=0 --jobs 2 --out "$work/mut" > "$work/run2.log" 2>&1
rc=$?
set -e
cat "$work/run2.log"
[ "$rc" = 1 ] || { echo "exit $rc, expected 1 (the original did not pass)"; exit 1; }
grep -q "mutated build reused" "$work/run2.log"
"$py" "$src/tests/mutate/check_report.py" "$src" "$work/mut/report.json" \
  "$dead=error:not run: the original design" original=error:refused
echo "mutate.pix_end_to_end: passed"
