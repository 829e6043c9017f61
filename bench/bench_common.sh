# SPDX-License-Identifier: Apache-2.0
# Sourced by the bench scripts that run this tree's binary beside an older
# one (cosim_bench.sh, predictor_bench.sh): where the two binaries are, and
# the median of figures. Not run on its own.

# bench_bins NEW OLD REL: new_bin and old_bin (empty without OLD), each
# NEW or OLD itself when it is a binary, else the folder's REL; exits 2
# naming what is missing.
bench_bins() {
  local rel=$3
  bench_bin_of() { if [ -d "$1" ]; then echo "$1/$rel"; else echo "$1"; fi; }
  new_bin=$(bench_bin_of "$1")
  [ -x "$new_bin" ] || { echo "no $new_bin: build first" >&2; exit 2; }
  old_bin=""
  if [ -n "$2" ]; then
    old_bin=$(bench_bin_of "$2")
    [ -x "$old_bin" ] || { echo "no $old_bin" >&2; exit 2; }
  fi
}

# bench_alternate REPS FN: calls FN new NEW_BIN, then FN old OLD_BIN when
# there is one, REPS times, so both binaries see the same load.
bench_alternate() {
  local r
  for r in $(seq "$1"); do
    "$2" new "$new_bin"
    [ -z "$old_bin" ] || "$2" old "$old_bin"
  done
}

# Median of the numbers on stdin, one a line; "-" when there are none.
median() { sort -g | awk '{a[NR]=$1} END {if (!NR) print "-"; else print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
