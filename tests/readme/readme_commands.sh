#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run the README's commands (label readme: a README line that is false is
# a bug). Every command line of every ```sh block under the README
# section SECTION runs verbatim, in order, in a scratch directory where
# build/ is the build tree and docs/, vectors/, coverage/, scripts/,
# examples/ are the source tree's. A line that cannot run here is listed in
# not_run_here.txt with the test or CI step that runs it instead (that test
# must exist), or with exit:N when it runs here and must end with status N
# (a co-simulation that catches an injected defect).
#   readme_commands.sh SECTION README SRC BUILD WORK NOT_RUN_HERE CTEST
set -uo pipefail
section=$1 readme=$2 src=$3 build=$4 work=$5 skips=$6 ctest=$7

rm -rf "$work" && mkdir -p "$work" || exit 1
known=$work/.known-tests
# -C soak: the soak tests (tests/CMakeLists.txt) are tests too.
"$ctest" --test-dir "$build" -N -C soak > "$known" || exit 1
ln -s "$build" "$work/build"
for d in docs vectors coverage scripts examples; do ln -s "$src/$d" "$work/$d"; done

# "LINE<TAB>command" for each command line of the section's ```sh blocks.
commands=$(awk -v want="$section" '
  /^## / { in_sec = (substr($0, 4) == want); next }
  in_sec && /^```sh$/ { in_blk = 1; next }
  in_blk && /^```/ { in_blk = 0; next }
  in_blk && $0 !~ /^[[:space:]]*(#|$)/ { print NR "\t" $0 }' "$readme")
[ -n "$commands" ] || { echo "README.md: no commands under '## $section'"; exit 1; }

ran=0 skipped=0
while IFS=$'\t' read -r line cmd; do
  # A listed line: where it runs instead (the test must exist).
  hit=$(awk -F'\t' -v c="$cmd" '$0 !~ /^#/ && NF >= 3 && index(c, $1) == 1 { print $2 "\t" $3; exit }' "$skips")
  want=0
  if [[ $hit == exit:* ]]; then  # runs here, and must end with this status
    want=${hit#exit:}; want=${want%%$'\t'*}
    hit=""
  fi
  if [ -n "$hit" ]; then
    where=${hit%%$'\t'*}
    case $where in
      ci:*) ;;
      *) grep -Eq "^ *Test +#[0-9]+: $where\$" "$known" ||
           { echo "README.md:$line: not_run_here.txt names test '$where', which does not exist"; exit 1; } ;;
    esac
    echo "README.md:$line: not run here, run by $where: $cmd"
    skipped=$((skipped + 1))
    continue
  fi
  echo "README.md:$line: \$ $cmd"
  out=$(cd "$work" && bash -c "set -eo pipefail; $cmd" 2>&1)
  rc=$?
  printf '%s\n' "$out" | tail -n 15
  if [ "$rc" -ne "$want" ]; then
    echo "README.md:$line: FAILED (exit $rc, expected $want): $cmd"
    exit 1
  fi
  ran=$((ran + 1))
done <<< "$commands"
echo "README '## $section': $ran commands ran, $skipped run elsewhere"
