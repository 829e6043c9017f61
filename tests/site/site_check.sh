#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest (label site, soak): the documentation site builds, its links
# hold and its pages show what a reader came for.
#   site_check.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR
# Builds the docs target (Doxygen with warnings as errors, MkDocs) into
# BUILD_DIR/site; linkchecker follows every internal link from the front
# page over file:// (external links are not fetched); headless Chromium
# loads the front page and the predictor API page (tests/support/
# headless-page), whose DOMs must hold the title and a function's name
# (dom_check.cmake). The screenshots stay in WORK_DIR for a person to see.
set -euo pipefail
cmake=$1 build=$2 src=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
fail() { echo "site_check: $*" >&2; exit 1; }

echo "== cmake --build $build --target docs"
"$cmake" --build "$build" --target docs > "$work/docs-build.log" 2>&1 ||
  { cat "$work/docs-build.log"; fail "the docs target failed (Doxygen warnings are errors)"; }
site="$build/site"
[ -f "$site/index.html" ] || fail "no $site/index.html"
[ -f "$site/api/index.html" ] || fail "no API reference in $site/api"
[ -f "$site/search/search_index.json" ] || fail "no search index in $site/search"

echo "== linkchecker (internal links, file://)"
command -v linkchecker > /dev/null || fail "linkchecker not found (scripts/install-deps installs it)"
# HOME: linkchecker keeps its state under ~/.linkchecker; here, the test's folder.
if ! HOME="$work" linkchecker --no-status --no-warnings --recursion-level=-1 \
       "file://$site/index.html" > "$work/linkchecker.txt" 2>&1; then
  cat "$work/linkchecker.txt"
  fail "broken internal links (above)"
fi
grep -E "links? in [0-9]+ URLs? checked|[0-9]+ links? checked" "$work/linkchecker.txt" || tail -3 "$work/linkchecker.txt"

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
echo "== front page in headless Chromium"
"$src/tests/support/headless-page" "$site/index.html" "$work/front" 1280x1000
"$cmake" -DDOM="$work/front/dom.html" \
         "-DEXPECT=<title>[^<]*spagm ${version//./\\.}[^<]*</title>;Quick start;API reference;search" \
         -P "$src/tests/support/dom_check.cmake"

echo "== API page of spagm/predictor.h in headless Chromium"
page=$(grep -l "spagm_predictor_check" "$site"/api/*predictor_8h.html | head -1)
[ -n "$page" ] || fail "no API page for predictor.h holds spagm_predictor_check"
"$src/tests/support/headless-page" "$page" "$work/api" 1280x1000
"$cmake" -DDOM="$work/api/dom.html" \
         "-DEXPECT=<title>[^<]*predictor\\.h[^<]*</title>;spagm_predictor_check;spagm_predictor_new" \
         -P "$src/tests/support/dom_check.cmake"
echo "== API page of spagm/pix.h: its example from examples/api/pix.c"
page=$(ls "$site"/api/pix_8h.html 2>/dev/null | head -1)
[ -n "$page" ] || fail "no API page for pix.h"
"$src/tests/support/headless-page" "$page" "$work/api-example" 1280x2600
"$cmake" -DDOM="$work/api-example/dom.html" \
         "-DEXPECT=<title>[^<]*pix\\.h[^<]*</title>;examples/api/pix\\.c;class=\"fragment\";spagm_pix_standard_position" \
         -P "$src/tests/support/dom_check.cmake"
echo "site_check: $site built, links hold, pages show their title, functions and example" \
     "(screenshots: $work/front/screenshot.png, $work/api/screenshot.png," \
     "$work/api-example/screenshot.png)"
