#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A user's pixel unit for the own-RTL tests (ownrtl.renamed_pix,
# mutate.own_rtl): a renamed copy of the stand-in, module acme_pix, with no
# bug_sel port (the testbenches connect by name, so the port is optional)
# and its own file list, in DIR. spagm's files are not touched.
#   make_acme_pix.sh SOURCE_DIR DIR      writes DIR/*.sv and DIR/acme_pix.f
set -euo pipefail
src=$1 dir=$2
mkdir -p "$dir"
for f in pix_cfg_regs.sv pix_decode.sv pix_lane.sv pix_sample_rom.sv; do
  cp "$src/rtl_stubs/$f" "$dir/"
done
# Rename the top, drop its defect port and tie the defect select inside.
sed -e 's/^module pix_unit$/module acme_pix/' -e 's/^endmodule : pix_unit$/endmodule : acme_pix/' \
    -e '/^  input  logic \[7:0\]     bug_sel,$/d' \
    -e "s/^  localparam int LPC = LANES_PER_CYCLE;\$/  localparam logic [7:0] bug_sel = 8'd0;  \/\/ acme_pix has no defect port\n&/" \
    "$src/rtl_stubs/pix_unit.sv" > "$dir/acme_pix.sv"
grep -q '^module acme_pix$' "$dir/acme_pix.sv" || { echo "rename failed"; exit 1; }
if grep -v '^ *//' "$dir/acme_pix.sv" | grep -q 'pix_unit'; then echo "pix_unit left"; exit 1; fi
if grep -q 'input .*bug_sel' "$dir/acme_pix.sv"; then echo "bug_sel port still there"; exit 1; fi
grep -q "localparam logic \[7:0\] bug_sel = 8'd0" "$dir/acme_pix.sv" || { echo "tie-off failed"; exit 1; }
# The transaction package is spagm's file, named by path (docs/own-rtl.md):
# the other units' lists name it too, and it is compiled once.
cat > "$dir/acme_pix.f" <<LIST
// ACME's pixel unit, packages first
$src/rtl_stubs/shader_txn_pkg.sv
pix_cfg_regs.sv
pix_decode.sv
pix_lane.sv
pix_sample_rom.sv
acme_pix.sv
LIST
