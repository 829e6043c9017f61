#!/usr/bin/env bash
# Regenerate the golden vector set after a change of model behaviour (commit
# the new files with the change, and say why in the message):
#   vectors/golden/regen.sh [path/to/spagm]
# Directed files come from the scenario beside them, random ones from the
# options listed in random.txt. CTest checks that both stay byte-identical.
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
"$spagm" check --quiet "$here"/*.vec
echo "regenerated $(ls "$here"/*.vec | wc -l) golden vector files"
