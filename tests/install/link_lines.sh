#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CTest install.link_lines (label install, soak): install a build to a
# prefix under this test's folder, then run the sh blocks of
# docs/install.md "Link lines without CMake" whose marker names this test,
# as written, with that prefix for /opt/spagm, in order in one scratch
# folder, as a reader of the page would: the plain Verilator line and the
# pkg-config line must each build the installed predictor example and its
# run must pass.
#   link_lines.sh CMAKE BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
cmake=$1 build=$2 src=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"

echo "== cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"

# The blocks, written out with the prefix in place of /opt/spagm.
python3 - "$src/docs/install.md" "$work" "$prefix" <<'PY'
import re, sys
page, work, prefix = sys.argv[1:]
text = open(page, encoding="utf-8").read()
start = text.index("\n## Link lines without CMake\n")
end = text.find("\n## ", start + 1)
lines = text[start:end if end > 0 else len(text)].split("\n")
n, mark = 0, ""
for i, line in enumerate(lines):
    if line.startswith("<!-- docs-test:"):
        mark = line
    elif line == "```sh":
        body = []
        for l in lines[i + 1:]:
            if l == "```":
                break
            body.append(l.replace("/opt/spagm", prefix))
        if "`install.link_lines`" in mark:
            n += 1
            open(f"{work}/block{n}.sh", "w").write("\n".join(body) + "\n")
        mark = ""
    elif line.strip():
        mark = ""
if n < 2:
    sys.exit(f"{page}: {n} blocks of 'Link lines without CMake' name install.link_lines; "
             "expected the Verilator and the pkg-config blocks")
PY

mkdir -p "$work/run"
for block in "$work"/block*.sh; do
  name=$(basename "$block" .sh)
  echo "== docs/install.md, $name"
  (cd "$work/run" && bash -eo pipefail "$block") > "$work/$name.log" 2>&1 ||
    { tail -30 "$work/$name.log"; echo "$name: failed (log $work/$name.log)"; exit 1; }
  grep -E "spagm predictor .*: [0-9]+ passed, 0 failed" "$work/$name.log" | tail -1
  grep -q "tb_pix_predictor: PASSED" "$work/$name.log" ||
    { tail -30 "$work/$name.log"; echo "$name: the testbench did not pass"; exit 1; }
done
echo "link lines: the documented Verilator and pkg-config lines built and passed"
