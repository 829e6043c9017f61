#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest ownrtl.renamed_pix (label rtl): a user's RTL plugged in through the
# cache variables alone (docs/own-rtl.md). The user's pixel unit is a renamed
# copy of the stand-in, module acme_pix, with no bug_sel port (the testbenches
# connect by name, so the port is optional), in a folder of its own with its
# own file list. spagm's files are not touched. Then:
#   - the co-simulation of the pixel unit passes against the model,
#   - the Icarus replay of a golden pixel vector file passes,
#   - no cosim.bug.pix_* test exists for it (the defects are the stand-in's),
#   - the shipped nightly's plan leaves its defects out and the smoke set
#     passes with the description unedited (N252).
#   plug_renamed_unit.sh CMAKE SOURCE_DIR WORK_DIR
set -euo pipefail
trap 'echo "ownrtl: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cmake=$1 src=$2 work=$3
rm -rf "$work"

echo "== the user's RTL: $work/acme"
"$(dirname "$0")/make_acme_pix.sh" "$src" "$work/acme"

echo "== cmake -DSPAGM_PIX_RTL=$work/acme/acme_pix.f -DSPAGM_PIX_TOP=acme_pix"
# Unoptimised (None): the check is of function, and a Verilated model
# compiles in about a quarter of the CPU time of Release (119 s against
# 455 s for spagm-cosim); the 3000 requests still run in a fraction of a second.
"$cmake" -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=None -DSPAGM_BUILD_BENCH=OFF \
         -DSPAGM_PIX_RTL="$work/acme/acme_pix.f" -DSPAGM_PIX_TOP=acme_pix > "$work/configure.log" 2>&1 ||
  { tail -30 "$work/configure.log"; exit 1; }
targets=(spagm-cli spagm-cosim)
have_iverilog=0
if command -v iverilog > /dev/null && command -v vvp > /dev/null; then
  targets+=(spagm-replay-iverilog)
  have_iverilog=1
fi
"$cmake" --build "$work/build" -j2 --target "${targets[@]}" > "$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log"; exit 1; }
bin="$work/build/bin"

echo "== the co-simulation's pixel unit is acme_pix"
# The stand-in's module is not compiled at all: the pixel unit's list is ACME's.
if grep -rqs 'pix_unit' "$work/build/testbench/cosim/CMakeFiles/spagm-cosim.dir/Vtb_cosim.dir/"*.h; then
  echo "the stand-in pix_unit was compiled"; exit 1
fi
grep -rqs 'acme_pix' "$work/build/testbench/cosim/CMakeFiles/spagm-cosim.dir/Vtb_cosim.dir/" ||
  { echo "acme_pix is not in the co-simulation model"; exit 1; }

echo "== spagm-cosim +units=pix +txns=3000 +seed=5"
"$bin/spagm-cosim" +units=pix +txns=3000 +seed=5 | tee "$work/cosim.log"
grep -Eq '^cosim: [1-9][0-9]* passed, 0 failed$' "$work/cosim.log" || { echo "no passing summary"; exit 1; }

if [ "$have_iverilog" = 1 ]; then
  echo "== Icarus replay of vectors/golden/random_pix_s1.vec on acme_pix"
  "$bin/spagm" export-hex "$src/vectors/golden/random_pix_s1.vec" "$work/hex" > /dev/null
  "$bin/spagm-replay-iverilog" +vectors="$work/hex" | tee "$work/replay.log"
  grep -Eq 'replay: [1-9][0-9]* passed, 0 failed' "$work/replay.log" || { echo "replay failed"; exit 1; }
fi

echo "== the stand-in's defect tests are not registered for acme_pix"
if (cd "$work/build" && ctest -N | grep -q 'cosim\.bug\.pix_'); then
  echo "cosim.bug.pix_* registered for a unit that is not the stand-in"; exit 1
fi
echo "== the nightly regression with the user's RTL, no edit (N252)"
# The shipped description as it is: the stand-in's pix defects are left out
# of the plan (acme_pix has not got them), the attr and tex ones stay.
"$cmake" --build "$work/build" -j2 --target spagm-regress > "$work/build-regress.log" 2>&1 ||
  { tail -30 "$work/build-regress.log"; exit 1; }
"$bin/spagm-regress" --set nightly --list > "$work/nightly.list" 2> "$work/nightly.err"
if grep -q '\.pix_' "$work/nightly.list"; then echo "a pix defect run is in the nightly plan"; exit 1; fi
grep -q '^defect\.attr_' "$work/nightly.list" || { echo "the attr defects left the nightly plan"; exit 1; }
grep -q "defects left out: the RTL of pix is the user's" "$work/nightly.err" ||
  { echo "no note of the pix defects left out"; cat "$work/nightly.err"; exit 1; }
echo "nightly plan: $(wc -l < "$work/nightly.list") runs, no pix defect"
if [ "$have_iverilog" = 1 ]; then
  # The smoke set runs (8 runs: its pix defect is left out) and passes.
  "$bin/spagm-regress" --set smoke --jobs 2 --out "$work/regress-smoke" | tail -3
  grep -q '"runs": 8, "ok": 8' "$work/regress-smoke/results.json" ||
    { echo "the smoke set on acme_pix: not 8 runs as expected"; exit 1; }
fi

echo "== bad lists are refused at configure time, naming the problem"
bad_list() {  # bad_list NAME EXPECTED_TEXT: configure with acme/NAME.f as the pixel list
  if "$cmake" -S "$src" -B "$work/bad-$1" -DSPAGM_BUILD_TESTS=OFF -DSPAGM_BUILD_BENCH=OFF \
       -DSPAGM_PIX_RTL="$work/acme/$1.f" -DSPAGM_PIX_TOP=acme_pix > "$work/bad-$1.log" 2>&1; then
    echo "$1.f was accepted"; exit 1
  fi
  # CMake wraps long messages: compare with the lines joined.
  tr -s ' \n' ' ' < "$work/bad-$1.log" | grep -qF "$2" ||
    { echo "$1.f: no '$2' in the error"; cat "$work/bad-$1.log"; exit 1; }
  echo "$1.f refused: $2"
}
cp "$src/rtl_stubs/shader_txn_pkg.sv" "$work/acme/"
sed "s|^$src/rtl_stubs/shader_txn_pkg.sv\$|shader_txn_pkg.sv|" "$work/acme/acme_pix.f" > "$work/acme/copy_pkg.f"
bad_list copy_pkg "two RTL files named shader_txn_pkg.sv"
printf '+incdir+rtl\nacme_pix.sv\n' > "$work/acme/option.f"
bad_list option "option.f:1: '+incdir+rtl': only one file path per line"
printf 'no_such_file.sv\n' > "$work/acme/missing.f"
bad_list missing "missing.f:1: no_such_file.sv does not exist"

echo "own RTL: acme_pix plugged in by two cache variables; co-simulation and replay passed"
