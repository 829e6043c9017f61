#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Instructions per DPI conversion round trip (unpack request + response,
# pack both), this tree's txn_pack.c beside a baseline revision's, both
# compiled in this run with the same compiler and flags and counted by
# valgrind's callgrind: instruction counts do not depend on the machine's
# load, unlike wall time. Prints figures only; both checksums must
# agree (same layout, same bytes).
#
#   bench/pack_instr.sh [BASE_REV]     (default b6cbb54)
set -eu
base=${1:-b6cbb54}
src=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "pack_instr.sh: valgrind not found" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/pack_instr.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/base/spagm"
git -C "$src" show "$base:model/src/core/txn_pack.c" > "$work/base/txn_pack.c"
git -C "$src" show "$base:model/include/spagm/txn_pack.h" > "$work/base/spagm/txn_pack.h"
git -C "$src" show "$base:model/include/spagm/txn.h" > "$work/base/spagm/txn.h"
cc=${CC:-cc}
flags="-O2 -std=c11 -DNDEBUG"
for v in base new; do
  if [ $v = base ]; then inc="-I$work/base -I$src/model/include"; tp=$work/base/txn_pack.c
  else inc="-I$src/model/include"; tp=$src/model/src/core/txn_pack.c; fi
  # shellcheck disable=SC2086
  $cc $flags $inc "$src/bench/pack_instr_driver.c" "$tp" -o "$work/$v.bin"
  valgrind --tool=callgrind --callgrind-out-file="$work/$v.cg" "$work/$v.bin" \
    > "$work/$v.out" 2> "$work/$v.err"
  ir=$(sed -n 's/^summary: *//p' "$work/$v.cg")
  eval "ir_$v=$ir"
  echo "$v: $(cat "$work/$v.out"), $((ir / 1000)) instructions per round trip (total $ir)"
done
awk -v b="$ir_base" -v n="$ir_new" 'BEGIN { printf "ratio base/new: %.2fx\n", b / n }'
[ "$(cat "$work/base.out")" = "$(cat "$work/new.out")" ] || { echo "checksums differ" >&2; exit 1; }
