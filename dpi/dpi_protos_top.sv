// SPDX-License-Identifier: Apache-2.0
// Tiny top of the DPI prototype drift check (tests/dpi/check_dpi_protos.cmake):
// it imports both DPI packages and uses each, so that Verilator writes the
// C prototype of every import of spagm_dpi_pkg and spagm_pkg into
// Vspagm_dpi_protos__Dpi.h. Never simulated.
module spagm_dpi_protos (
  input logic clk,
  input logic go
);
  import spagm_txn_pkg::*;
  import spagm_dpi_pkg::*;
  import spagm_pkg::*;

  chandle run;
  spagm_pix_predictor pix;
  spagm_attr_predictor attr;
  spagm_tex_predictor tex;

  always @(posedge clk) begin
    if (go) begin
      run = spagm_dpi_open(1, 1, "pix", 1, 0, 0, 1'b1, "", "");
      spagm_dpi_close(run);
      pix = new(1);
      attr = new(1);
      tex = new(1);
      $display("%s%s%s", pix.summary(), attr.summary(), tex.summary());
    end
  end
endmodule
