# SPDX-License-Identifier: Apache-2.0
# Sourced by the RTL-coverage CTest steps (N253): rtl_figures SUMMARY prints
# one line "unit line_hit line_points toggle_hit toggle_points" per row of
# the "RTL code coverage" table of a regression's summary.txt.
rtl_figures() {
  sed -n '/^RTL code coverage/,/lcov info/p' "$1" |
    awk '$2 == "line" { split($3, l, "/"); split($7, g, "/"); print $1, l[1], l[2], g[1], g[2] }'
}
