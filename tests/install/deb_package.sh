#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest (labels install, soak): the Debian package a user installs.
#   deb_package.sh CMAKE CPACK BUILD_DIR SOURCE_DIR WORK_DIR [FUSESOC]
# CPack makes spagm_<version>_<arch>.deb from the build's install rules
# (into WORK_DIR, not the build tree); its control fields are checked,
# lintian must report no error and no warning but those overridden with
# their reasons (cmake/deb-lintian-overrides), and the package
# is unpacked into a scratch root (dpkg -x: what dpkg would put under /).
# Against that root, as a user's projects would: a C user
# (examples/out-of-tree, CMake and pkg-config), the predictor user
# (examples/predictor) and the SystemC user (the VP example's source the
# package installs under share/doc) are built and run; the version
# agrees everywhere: the package, spagm --version, pkg-config and
# find_package(spagm <major.minor>); and with FUSESOC, `fusesoc library
# add` of the package's share/spagm lists spagm's six cores
# (docs/install.md, "FuseSoC").
set -euo pipefail
cmake=$1 cpack=$2 build=$3 src=$4 work=$5 fusesoc=${6:-}
rm -rf "$work"
mkdir -p "$work"
fail() { echo "deb_package: $*" >&2; exit 1; }

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[ -n "$version" ] || fail "no CMAKE_PROJECT_VERSION in $build/CMakeCache.txt"
arch=$(dpkg --print-architecture)
deb="$work/spagm_${version}_${arch}.deb"

echo "== cpack -G DEB (version $version)"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work" > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
[ -f "$deb" ] || { ls "$work"; fail "cpack wrote no $(basename "$deb")"; }

echo "== control fields"
dpkg-deb -f "$deb" Package Version Architecture Depends Recommends | tee "$work/control.txt"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = spagm ] || fail "Package is not spagm"
[ "$(field Version)" = "$version" ] || fail "Version $(field Version), not $version"
# has FIELD NAME: NAME is one of FIELD's packages (a fixed string: libstdc++6).
has() { field "$1" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -Fxq "$2"; }
for dep in libc6 zlib1g libstdc++6 libsystemc; do
  has Depends "$dep" || fail "Depends lacks $dep: $(field Depends)"
done
for rec in verilator iverilog libsystemc-dev; do
  has Recommends "$rec" || fail "Recommends lacks $rec: $(field Recommends)"
done

echo "== lintian"
command -v lintian > /dev/null || fail "lintian not found (scripts/install-deps installs it)"
# Warnings fail too: each one that stays is overridden with its reason in
# cmake/deb-lintian-overrides, so a new one is seen.
# (--show-overrides would make lintian exit 2 on the overridden ones, so
# the overrides are listed by a second run whose status is not the gate.)
lintian --fail-on error,warning --tag-display-limit 0 "$deb" > "$work/lintian.txt" 2>&1 || lrc=$?
cat "$work/lintian.txt"
[ "${lrc:-0}" -eq 0 ] || fail "lintian reports errors or warnings not overridden (E:/W: lines above)"
! grep -q '^[EW]: ' "$work/lintian.txt" || fail "lintian reports errors or warnings"
lintian --tag-display-limit 0 --show-overrides "$deb" > "$work/lintian-overrides.txt" 2>&1 || true
grep '^O: ' "$work/lintian-overrides.txt" || true
echo "lintian: no error, no warning; $(grep -c '^O: ' "$work/lintian-overrides.txt" || true)" \
     "overridden with their reasons (cmake/deb-lintian-overrides)"

echo "== dpkg -x into a scratch root"
root="$work/root"
dpkg -x "$deb" "$root"
usr="$root/usr"
for f in bin/spagm include/spagm/spagm.h include/spagm/predictor.h include/spagm/sc/tlm_unit.h \
         include/spagm/statemap.h include/spagm/stim/stim.h include/spagm/vec/stim.h \
         include/spagm/util/json.h include/spagm/util/progress.h include/spagm/vec/json.h \
         include/spagm/cov/cov.h include/spagm/vec/cov.h share/spagm/coverage/regression.txt \
         share/spagm/sv/spagm_pkg.sv share/spagm/rtl_stubs/pix.f share/doc/spagm/copyright \
         share/doc/spagm/changelog.gz share/doc/spagm/CHANGELOG.md \
         share/doc/spagm/examples/systemc-vp/vp_main.cpp \
         share/spagm/rtl_stubs/spagm_pix.core share/spagm/fusesoc/spagm_predictor.core \
         share/spagm/fusesoc/spagm_gen.py share/spagm/examples/predictor/pix_predictor.core; do
  [ -e "$usr/$f" ] || fail "not in the package: /usr/$f"
done
# The FuseSoC generator's index names files of the package (N391).
index="$usr/share/spagm/fusesoc/spagm-fusesoc.json"
python3 - "$index" <<'PY' || fail "$index names a file the package lacks"
import json, os, sys
base = os.path.dirname(sys.argv[1])
index = json.load(open(sys.argv[1]))
paths = [v for v in index.values() if isinstance(v, str)] + index["sv_packages"]
missing = [p for p in paths if not os.path.isfile(os.path.join(base, p))]
print("FuseSoC index:", "missing " + ", ".join(missing) if missing else "every file present")
sys.exit(1 if missing else 0)
PY
if [ -n "$fusesoc" ]; then
  echo "== FuseSoC: the package's share/spagm as a library"
  export XDG_CACHE_HOME="$work/xdg-cache" XDG_DATA_HOME="$work/xdg-data" XDG_CONFIG_HOME="$work/xdg-config"
  (cd "$work" && "$fusesoc" --config "$work/fusesoc.conf" library add spagm "$usr/share/spagm" \
     > "$work/fusesoc-library.log" 2>&1) || { cat "$work/fusesoc-library.log"; fail "fusesoc library add failed"; }
  (cd "$work" && "$fusesoc" --config "$work/fusesoc.conf" core list > "$work/fusesoc-cores.txt" 2>&1) ||
    { cat "$work/fusesoc-cores.txt"; fail "fusesoc core list failed"; }
  for core in spagm:dv:predictor spagm:examples:pix_predictor spagm:stubs:attr spagm:stubs:pix \
              spagm:stubs:tex spagm:tools:gen; do
    grep -Eq "^$core:[^[:space:]]*[[:space:]]" "$work/fusesoc-cores.txt" ||
      { cat "$work/fusesoc-cores.txt"; fail "fusesoc core list of the package lacks $core"; }
  done
  echo "fusesoc core list of /usr/share/spagm: the six spagm cores"
else
  echo "== FuseSoC: not checked (no fusesoc beside the project's Python; scripts/install-deps installs it)"
fi
pc=$(find "$usr" -name spagm.pc -path '*/pkgconfig/*' | head -1)
[ -n "$pc" ] || fail "no spagm.pc in the package"
libdir=$(dirname "$(dirname "$pc")")
export LD_LIBRARY_PATH="$libdir"

echo "== the version agrees: package, spagm --version, pkg-config, find_package"
"$usr/bin/spagm" --version | grep -q "^spagm $version " || fail "spagm --version: $("$usr/bin/spagm" --version)"
[ "$(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --modversion spagm)" = "$version" ] ||
  fail "pkg-config --modversion spagm is not $version"

echo "== C user: examples/out-of-tree (find_package(spagm ${version%.*}))"
"$cmake" -S "$src/examples/out-of-tree" -B "$work/c-user" -DCMAKE_PREFIX_PATH="$usr" \
         -DCMAKE_BUILD_TYPE=Release > "$work/c-user-configure.log"
"$cmake" --build "$work/c-user" > "$work/c-user-build.log"
"$work/c-user/ald_default_w" | tee "$work/c-user.out"
grep -q "^spagm $version:" "$work/c-user.out" || fail "the C user does not report spagm $version"
# shellcheck disable=SC2046
cc -std=c11 $(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags spagm) \
   "$src/examples/out-of-tree/ald_default_w.c" -o "$work/c-user-pc" \
   $(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --libs spagm)
"$work/c-user-pc" > /dev/null

echo "== SystemC user: share/doc/spagm/examples/systemc-vp (spagm::systemc)"
"$cmake" -S "$usr/share/doc/spagm/examples/systemc-vp" -B "$work/sc-user" -DCMAKE_PREFIX_PATH="$usr" \
         -DCMAKE_BUILD_TYPE=Release > "$work/sc-user-configure.log"
"$cmake" --build "$work/sc-user" -j2 > "$work/sc-user-build.log"
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/sc-user/bin/spagm-systemc-vp" | tee "$work/sc-user.out" | tail -3
grep -Eq "program done at [0-9.]+ [nu]s with 0 error" "$work/sc-user.out" || fail "the VP did not finish clean"

echo "== predictor user: examples/predictor (Verilator)"
command -v verilator > /dev/null || fail "verilator not found (scripts/install-deps installs it)"
# Unoptimised: a check of function; the Verilated model compiles about 4x faster.
"$cmake" -S "$src/examples/predictor" -B "$work/pred-user" -DCMAKE_PREFIX_PATH="$usr" \
         -DCMAKE_BUILD_TYPE=None > "$work/pred-user-configure.log"
"$cmake" --build "$work/pred-user" -j2 > "$work/pred-user-build.log"
"$work/pred-user/tb_pix_predictor" +seed=2 +txns=2000 | tail -3
(cd "$work/pred-user" && ctest --output-on-failure) | tail -4

echo "deb_package: $(basename "$deb") installs, passes lintian and its three users build and run"
