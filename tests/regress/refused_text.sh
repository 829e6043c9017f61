#!/usr/bin/env sh
# SPDX-License-Identifier: Apache-2.0
# CTest step: descriptions fuzz_regress_desc found accepted wrongly are
# refused at their line and column, exit 2, nothing run:
#   nul    a NUL byte (not a text file; the rest used to go unread)
#   seeds  a seed given twice (two runs with one id, one folder)
#   refused_text.sh REGRESS OUT nul|seeds
regress=$1 out=$2 case=$3
rm -rf "$out" && mkdir -p "$out"
if [ "$case" = nul ]; then
  printf '[test a]\nkind = command\ncommand = echo a\0b\n[set s]\ntests = a\n' >"$out/bad.regress"
  want="bad.regress:3:17: error: a NUL byte (not a text file)"
else
  printf '[test a]\nkind = command\ncommand = echo a\nseeds = 3,1..4\n[set s]\ntests = a\n' >"$out/bad.regress"
  want="bad.regress:4:9: error: seed 3 is given twice (one run per seed)"
fi
"$regress" --file "$out/bad.regress" --set s --list >"$out/log" 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: exit $rc, expected 2"; cat "$out/log"; exit 1; }
grep -qF "$want" "$out/log" || { echo "FAIL: no '$want'"; cat "$out/log"; exit 1; }
echo "refused: $want"
