#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `spagm check --cov` of a vector file collects the same hits as the
# `spagm gen --cov` that wrote it (same transactions, same model state), and
# the same seed twice gives the same database bytes (N101).
set -euo pipefail
spagm="$1"
dir="$2"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
"$spagm" gen --seed 9 --count 2000 --cov gen.cov -o f.vec 2>/dev/null
"$spagm" gen --seed 9 --count 2000 --cov again.cov -o g.vec 2>/dev/null
cmp gen.cov again.cov
"$spagm" check --quiet --cov check.cov f.vec
diff <(grep '^hits' gen.cov) <(grep '^hits' check.cov)
echo "gen and check collect the same hits"
