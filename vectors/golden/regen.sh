#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerate the golden vector set after a change of model behaviour (commit
# the new files with the change, and say why in the message):
#   vectors/golden/regen.sh [path/to/spagm]
# Directed files come from the scenario beside them, random ones from the
# options listed in random.txt, digests of large generations in digests.txt.
# CTest checks that all stay byte-identical.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
spagm="${1:-$here/../../build/bin/spagm}"
for scn in "$here"/*.scn; do
  "$spagm" gen --scenario "$scn" -o "${scn%.scn}.vec"
done
while read -r name args; do
  case "$name" in ''|'#'*) continue ;; esac
  # shellcheck disable=SC2086
  "$spagm" gen $args -o "$here/$name.vec"
done < "$here/random.txt"
# Large generations: only their digests are kept (digests.txt).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
  sed -n '/^#/p' "$here/digests.txt"
  while read -r name _ args; do
    case "$name" in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2086
    "$spagm" gen $args -o "$tmp/$name.vec"
    echo "$name $(sha256sum "$tmp/$name.vec" | cut -d' ' -f1) $args"
  done < "$here/digests.txt"
} > "$tmp/digests.txt"
mv "$tmp/digests.txt" "$here/digests.txt"
"$spagm" check --quiet "$here"/*.vec
echo "regenerated $(ls "$here"/*.vec | wc -l) golden vector files"
