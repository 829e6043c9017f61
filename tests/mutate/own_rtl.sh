#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest mutate.own_rtl (labels mutate, soak): `spagm mutate` on a user's
# renamed RTL, the acme_pix copy of ownrtl.renamed_pix (no bug_sel port, a
# tie-off localparam instead), given by --rtl/--top as a user would:
#   - its sites carry the user's file names, and the tie-off is still seen
#     as the defect select (its dead branches are not mutants, N151);
#   - the mutated build instantiates acme_pix; mutant 0 passes and the
#     mutant equal to the stand-in's defect 4 is killed.
#   own_rtl.sh SOURCE_DIR BUILD_DIR WORK_DIR PYTHON
set -euo pipefail
trap 'echo "mutate.own_rtl: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
src=$1 build=$2 work=$3 py=$4
rm -rf "$work"
mkdir -p "$work"
"$src/tests/ownrtl/make_acme_pix.sh" "$src" "$work/acme"
spagm=$build/bin/spagm
own=(--unit pix --rtl "$work/acme/acme_pix.f" --top acme_pix)

"$spagm" mutate "${own[@]}" --list > "$work/list.txt"
grep -q "acme/acme_pix.sv:[0-9]*:[0-9]*" "$work/list.txt" || { echo "no site in acme_pix.sv"; exit 1; }
dead=$(grep -nF "? index <= {27'd0, count}" "$work/acme/pix_lane.sv" | cut -d: -f1)
if grep -q "acme/pix_lane.sv:$dead:" "$work/list.txt"; then
  echo "the dead branch of the tied-off bug_sel (pix_lane.sv:$dead) was mutated"; exit 1
fi
line=$(grep -nF ": index < {27'd0, count};" "$work/acme/pix_lane.sv" | cut -d: -f1)
defect=$(awk -F'\t' -v loc="acme/pix_lane.sv:$line:" 'index($2, loc) && $4 == "< -> <=" { print $1; exit }' "$work/list.txt")
[ -n "$defect" ] || { echo "no < -> <= mutant at pix_lane.sv:$line"; exit 1; }

"$spagm" mutate "${own[@]}" --mutants "$defect" --seeds 1 --build-type None --jobs 2 --out "$work/mut" | tee "$work/run.log"
grep -rqs 'acme_pix' "$work/mut/build/testbench/cosim/CMakeFiles/spagm-cosim.dir/Vtb_cosim.dir/" ||
  { echo "acme_pix is not in the mutated co-simulation"; exit 1; }
"$py" "$src/tests/mutate/check_report.py" "$src" "$work/mut/report.json" \
  "$defect=killed:mismatch" original=survived
grep -q '"top": "acme_pix"' "$work/mut/report.json"
echo "mutate.own_rtl: passed"
