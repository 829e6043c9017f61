#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest (label install): install a build to a fresh prefix, then build and
# run examples/out-of-tree against it the two ways a user would: CMake's
# find_package(spagm) and pkg-config (shared, and --static); a program
# written against the earlier <spagm/vec/...> paths of moved headers
# (tests/install/old_header_paths); then build
# examples/predictor against it and run its two tests (where Verilator is).
#   out_of_tree.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
cmake=$1 build=$2 src=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"

echo "== cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"
for f in include/spagm/spagm.h include/spagm/version.h; do
  [ -f "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
pc=$(find "$prefix" -name spagm.pc -path '*/pkgconfig/*' | head -1)
config=$(find "$prefix" -name spagmConfig.cmake | head -1)
[ -n "$pc" ] || { echo "not installed: lib/pkgconfig/spagm.pc"; exit 1; }
[ -n "$config" ] || { echo "not installed: lib/cmake/spagm/spagmConfig.cmake"; exit 1; }
libdir=$(dirname "$(dirname "$pc")")
ls "$libdir"/libspagm.a "$libdir"/libspagm.so > /dev/null

echo "== find_package(spagm)"
"$cmake" -S "$src/examples/out-of-tree" -B "$work/oot" -DCMAKE_PREFIX_PATH="$prefix" \
         -DCMAKE_BUILD_TYPE=Release > "$work/oot-configure.log"
"$cmake" --build "$work/oot" > "$work/oot-build.log"
"$work/oot/ald_default_w"

# A prefix with the vector library (not a model-only one): a program
# written against the earlier paths of headers that moved.
if [ -f "$prefix/include/spagm/vec/file.h" ]; then
  echo "== the earlier <spagm/vec/...> header paths, find_package(spagm) and spagm::vec"
  for f in include/spagm/vec/stim.h include/spagm/vec/statemap.h include/spagm/vec/json.h \
           include/spagm/vec/progress.h include/spagm/stim/stim.h include/spagm/statemap.h \
           include/spagm/util/json.h include/spagm/util/progress.h include/spagm/vec/cov.h \
           include/spagm/cov/cov.h; do
    [ -f "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
  done
  "$cmake" -S "$src/tests/install/old_header_paths" -B "$work/old" -DCMAKE_PREFIX_PATH="$prefix" \
           -DCMAKE_BUILD_TYPE=Release > "$work/old-configure.log"
  "$cmake" --build "$work/old" > "$work/old-build.log"
  "$work/old/old_header_paths"
fi

echo "== pkg-config --cflags --libs spagm"
export PKG_CONFIG_PATH="$(dirname "$pc")"
[ "$(pkg-config --modversion spagm)" = "$("$work/oot/ald_default_w" | sed 's/^spagm \([^:]*\):.*/\1/')" ]
# shellcheck disable=SC2046
cc -std=c11 $(pkg-config --cflags spagm) "$src/examples/out-of-tree/ald_default_w.c" \
   -o "$work/ald_pc_shared" $(pkg-config --libs spagm)
LD_LIBRARY_PATH="$libdir" "$work/ald_pc_shared"
# shellcheck disable=SC2046
cc -std=c11 -static-libgcc $(pkg-config --cflags spagm) "$src/examples/out-of-tree/ald_default_w.c" \
   -o "$work/ald_pc_static" "$libdir/libspagm.a" $(pkg-config --libs-only-l --static spagm | sed 's/-lspagm//')
"$work/ald_pc_static"

# The predictor example on its own against the prefix: the installed SV
# packages, libspagm_dpi.so and the stand-in's file list (examples/predictor).
if [ "${SPAGM_OOT_PREDICTOR:-1}" = 1 ] && command -v verilator > /dev/null; then
  echo "== examples/predictor against the prefix"
  for f in share/spagm/sv/spagm_pkg.sv share/spagm/rtl_stubs/pix.f include/spagm/predictor.h; do
    [ -f "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
  done
  # Unoptimised: a check of function, and the Verilated model compiles
  # about 4x faster (tests/ownrtl/plug_renamed_unit.sh).
  "$cmake" -S "$src/examples/predictor" -B "$work/pred" -DCMAKE_PREFIX_PATH="$prefix" \
           -DCMAKE_BUILD_TYPE=None > "$work/pred-configure.log"
  "$cmake" --build "$work/pred" -j2 > "$work/pred-build.log"
  "$work/pred/tb_pix_predictor" +seed=2 +txns=2000 | tail -3
  (cd "$work/pred" && ctest --output-on-failure) | tail -4
fi
# The SystemC user: the VP example's source as installed under share/doc,
# built with find_package(spagm COMPONENTS systemc) (spagm::systemc).
if grep -q '^SPAGM_SYSTEMC_FOUND:INTERNAL=1' "$build/CMakeCache.txt"; then
  echo "== share/doc/spagm/examples/systemc-vp against the prefix"
  vp=$(find "$prefix" -path '*/doc/spagm/examples/systemc-vp' -type d | head -1)
  [ -n "$vp" ] || { echo "not installed: share/doc/spagm/examples/systemc-vp"; exit 1; }
  [ -f "$prefix/include/spagm/sc/tlm_unit.h" ] || { echo "not installed: include/spagm/sc/tlm_unit.h"; exit 1; }
  "$cmake" -S "$vp" -B "$work/vp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
           > "$work/vp-configure.log"
  "$cmake" --build "$work/vp" -j2 > "$work/vp-build.log"
  SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/vp/bin/spagm-systemc-vp" | tee "$work/vp.out" | tail -2
  grep -Eq "program done at [0-9.]+ [nu]s with 0 error" "$work/vp.out" ||
    { echo "the installed VP example did not finish clean"; exit 1; }
fi
echo "out-of-tree: find_package and pkg-config builds ran"
