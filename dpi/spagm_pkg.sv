// SPDX-License-Identifier: Apache-2.0
// spagm_pkg: the spagm golden model as a per-transaction predictor for a
// user's own SystemVerilog testbench (docs/predictor.md).
//
// The DPI-C imports of dpi/spagm_predictor_dpi.c (in libspagm_dpi.so), with
// what each argument encodes, and one class per unit:
//
//   spagm_pix_predictor pred = new(seed);
//   pred.cfg_write(addr, data);            // every configuration word the DUT gets
//   // at every accepted request (req_valid && req_ready), in acceptance order:
//   pred.predict(req);
//   // at every delivered response (rsp_valid && rsp_ready), any order:
//   if (pred.check(rsp, report) != 0) $display("%s", report);
//   // or pred.check_expected(rsp, report, expected): also the prediction compared
//   // at the end of the test:
//   $display("%s", pred.summary());  if (pred.failures() != 0) ... the test failed
//
// Requests and responses are the packed structs of spagm_txn_pkg
// (generated from model/include/spagm/txn.h; docs/port-contract.md has the
// bit layout). Call the methods from clocked blocks on handshakes or from
// setup code, never from combinational logic. Plain IEEE 1800-2017: no
// simulator-specific constructs; errors are printed with $display (never
// $error, which stops some simulators) and counted in failures().
package spagm_pkg;
  import spagm_txn_pkg::*;

  // Units: the spagm_unit values of model/include/spagm/insn.h.
  localparam int unsigned SPAGM_UNIT_ATTR = 0;
  localparam int unsigned SPAGM_UNIT_PIX = 1;
  localparam int unsigned SPAGM_UNIT_TEX = 2;

  // Counter selectors of spagm_dpi_pred_count (spagm_predictor_counts).
  localparam int unsigned SPAGM_COUNT_PREDICTED = 0;    // requests predicted
  localparam int unsigned SPAGM_COUNT_CHECKED = 1;      // responses with a prediction
  localparam int unsigned SPAGM_COUNT_MATCHED = 2;      // of those, equal
  localparam int unsigned SPAGM_COUNT_MISMATCHED = 3;   // of those, different
  localparam int unsigned SPAGM_COUNT_OUTSTANDING = 4;  // predicted, not answered yet
  localparam int unsigned SPAGM_COUNT_UNKNOWN = 5;      // responses with no prediction
  localparam int unsigned SPAGM_COUNT_DUPLICATE = 6;    // tags predicted twice in flight
  localparam int unsigned SPAGM_COUNT_DISCARDED = 7;    // dropped by reset()
  localparam int unsigned SPAGM_COUNT_IGNORED_WRITES = 8;  // illegal cfg writes ignored
  localparam int unsigned SPAGM_COUNT_UNMAPPED_READS = 9;  // unmapped cfg reads, answered 0
  localparam int unsigned SPAGM_COUNT_REFUSED = 10;     // refused calls (failures)
  localparam int unsigned SPAGM_COUNT_ACTIVE_LANES = 11;  // active lanes predicted
  localparam int unsigned SPAGM_COUNT_TEXELS = 12;      // lanes read from a texel (tex)
  localparam int unsigned SPAGM_COUNT_FAULTS = 13;      // predictions that fault
  localparam int unsigned SPAGM_COUNT_EMPTY_MEMORY = 14;  // TLDS on empty texture memory
  localparam int unsigned SPAGM_COUNT_WARNINGS = 15;    // exercise warnings of the summary

  // Spaces of attr_set_vertex_attr: the spagm_space values of txn.h.
  localparam int unsigned SPAGM_SPACE_ISBE_IN = 1;
  localparam int unsigned SPAGM_SPACE_ISBE_OUT = 2;

  // Every int-returning import returns a spagm_status (status.h): 0 ok,
  // 1 bad argument, 2 out of memory, ..., 10 not allowed in this state;
  // spagm_dpi_pred_error(h) then says why.

  // ---- DPI-C imports (dpi/spagm_predictor_dpi.c) ------------------------

  // A new predictor. unit: SPAGM_UNIT_ATTR/PIX/TEX; seed: recorded and
  // printed in every report and summary (nothing is random today); name:
  // the name reports use, e.g. the DUT's instance path ("" = the unit
  // name). Returns null for a unit outside 0..2 or when out of memory.
  import "DPI-C" function chandle spagm_dpi_pred_new(
      input int unsigned unit, input longint unsigned seed, input string name);

  // Free the predictor h (null is ignored); h is invalid afterwards.
  import "DPI-C" function void spagm_dpi_pred_free(input chandle h);

  // One configuration-port write, the same word the DUT gets
  // (docs/port-contract.md): addr = target [31:28] and byte address
  // [27:0], data = the 32-bit word. A write the unit's map has no address
  // for, or of a value the register cannot hold, is ignored as the DUT must
  // ignore it (status 0, counted in SPAGM_COUNT_IGNORED_WRITES, not a
  // failure); in strict mode it is refused (status 1, a failure).
  import "DPI-C" function int spagm_dpi_pred_cfg_write(
      input chandle h, input int unsigned addr, input int unsigned data);

  // The model's word at configuration address addr into data (what the
  // DUT's cfg_rdata should read there). An address outside the map reads 0
  // as the DUT must answer it (status 0, SPAGM_COUNT_UNMAPPED_READS); in
  // strict mode status 1, a failure.
  import "DPI-C" function int spagm_dpi_pred_cfg_read(
      input chandle h, input int unsigned addr, output int unsigned data);

  // Strict mode (default off): illegal writes and unmapped reads are
  // refused, and every exercise warning of the summary is a failure.
  import "DPI-C" function int spagm_dpi_pred_set_strict(input chandle h, input bit strict);

  // Count a failure the testbench found itself (a read-back that differs,
  // a check of its own); what is listed in the summary.
  import "DPI-C" function int spagm_dpi_pred_fail(input chandle h, input string what);

  // Back to power-on state; outstanding predictions are dropped and
  // counted as discarded. Texture memory and headers are emptied too (a
  // DUT reset leaves its memory alone): load them again after a reset.
  import "DPI-C" function int spagm_dpi_pred_reset(input chandle h);

  // The DUT accepted req (spagm_request_t packed): execute it now and park
  // the expected response under req.tag; expected receives it
  // (spagm_response_t packed, don't-care masks in wb_dontcare). Status 10
  // when req.tag is still outstanding (the older prediction is dropped and
  // counts as a failure).
  import "DPI-C" function int spagm_dpi_pred_predict(
      input chandle h, input bit [SPAGM_REQUEST_BITS-1:0] req,
      output bit [SPAGM_RESPONSE_BITS-1:0] expected);

  // The DUT delivered rsp (spagm_response_t packed): compare with the
  // prediction of rsp.tag under the port contract. Returns the number of
  // differing fields, 0 = match (1 for a tag with no prediction); report
  // receives "" or the mismatch report (unit, tag, disassembly, slot,
  // register, lane, expected/actual, the model's rule).
  import "DPI-C" function int unsigned spagm_dpi_pred_check(
      input chandle h, input bit [SPAGM_RESPONSE_BITS-1:0] rsp, output string report);

  // The same, and expected receives the prediction rsp was compared with
  // (spagm_response_t packed, don't-care masks in wb_dontcare), taken
  // before the tag is retired; all zero but the tag when rsp.tag had no
  // prediction (N214).
  import "DPI-C" function int unsigned spagm_dpi_pred_check_expected(
      input chandle h, input bit [SPAGM_RESPONSE_BITS-1:0] rsp, output string report,
      output bit [SPAGM_RESPONSE_BITS-1:0] expected);

  // The same for a response from a 4-state simulator (N377): unknown has a
  // bit set for every bit of rsp that was X or Z (rsp holds 0 or anything
  // there; same layout). An unknown bit where the port contract compares
  // the prediction is a mismatch, reported with its slot, lane and rule as a
  // wrong value and a last line "X/Z: N unknown bit(s) ... (the highest at
  // rsp bit B)"; an unknown bit anywhere else is don't-care.
  import "DPI-C" function int unsigned spagm_dpi_pred_check_unknown(
      input chandle h, input bit [SPAGM_RESPONSE_BITS-1:0] rsp,
      input bit [SPAGM_RESPONSE_BITS-1:0] unknown, output string report,
      output bit [SPAGM_RESPONSE_BITS-1:0] expected);

  // Fields of a difference (spagm_diff_field of spagm/predictor.h).
  localparam int unsigned SPAGM_DIFF_FAULT = 0;       // expected/actual: fault; *_addr: lanes
  localparam int unsigned SPAGM_DIFF_WB_LANES = 1;    // lanes a write-back slot wrote
  localparam int unsigned SPAGM_DIFF_WB_REG = 2;      // register of a write-back slot
  localparam int unsigned SPAGM_DIFF_WB_VALUE = 3;    // value of one written lane
  localparam int unsigned SPAGM_DIFF_PD_LANES = 4;    // lanes the predicate write wrote
  localparam int unsigned SPAGM_DIFF_PD_REG = 5;      // predicate register
  localparam int unsigned SPAGM_DIFF_PD_VALUE = 6;    // predicate's true lanes
  localparam int unsigned SPAGM_DIFF_ST_LANES = 7;    // lanes a store component stored
  localparam int unsigned SPAGM_DIFF_ST_VALUE = 8;    // one stored lane: data; *_addr: address
  localparam int unsigned SPAGM_DIFF_ST_SPACE = 9;    // store space
  localparam int unsigned SPAGM_DIFF_NO_PREDICTION = 10;  // the tag had no prediction

  // How many differences the last check of h found, as data (all of them;
  // the report prints six).
  import "DPI-C" function int unsigned spagm_dpi_pred_diff_count(input chandle h);

  // Difference i (< spagm_dpi_pred_diff_count) of the last check: field
  // (SPAGM_DIFF_*), write-back slot or store component (-1: none), lane
  // (-1: the whole warp), register, expected and actual value, expected
  // and actual address (stores) or fault lanes (fault), the rule the model
  // applied (its number and name, 0 and "" when none) and its sentence.
  // Status 1 for i out of range.
  import "DPI-C" function int spagm_dpi_pred_diff(
      input chandle h, input int unsigned i, output int unsigned field, output int slot,
      output int lane, output int unsigned regnum, output int unsigned expected,
      output int unsigned actual, output int unsigned expected_addr,
      output int unsigned actual_addr, output int unsigned rule, output string rule_name,
      output string reason);

  // How a difference's expected and actual read as numbers (spagm_diff_kind
  // of spagm/predictor.h), as its report line prints them.
  localparam int unsigned SPAGM_DIFF_KIND_NONE = 0;     // a lane mask, register, fault or space
  localparam int unsigned SPAGM_DIFF_KIND_FLOAT = 1;    // an fp32
  localparam int unsigned SPAGM_DIFF_KIND_UINT = 2;     // unsigned: a count, mask, UINT texel
  localparam int unsigned SPAGM_DIFF_KIND_SINT = 3;     // signed: a SINT texel component (R21)
  localparam int unsigned SPAGM_DIFF_KIND_OFFSETS = 4;  // PIXLD offsets: two s16
  localparam int unsigned SPAGM_DIFF_KIND_HALVES = 5;   // TLDS.F16: two fp16 (R22)

  // The rest of difference i of the last check: its number kind
  // (SPAGM_DIFF_KIND_*) and, for a lane of a TLDS, the header index it used
  // (has_header) and where its texel is (has_texel): coordinates s, t, r
  // after the AOFFI offsets, level, layer, sample, and the texel's byte
  // address in texture memory when it was read (texel_read; out of range,
  // R18, it was not). Status 1 for i out of range.
  import "DPI-C" function int spagm_dpi_pred_diff_texel(
      input chandle h, input int unsigned i, output int unsigned kind, output bit has_header,
      output int unsigned header, output bit has_texel, output bit texel_read, output int s,
      output int t, output int r, output int unsigned level, output int unsigned layer,
      output int unsigned sample, output longint unsigned address);

  // Counter `which` (SPAGM_COUNT_*); 0 for an unknown selector.
  import "DPI-C" function longint unsigned spagm_dpi_pred_count(
      input chandle h, input int unsigned which);

  // Failures so far: mismatched + unknown + duplicate + outstanding +
  // refused calls (refused backdoor loads included), and in strict mode the
  // summary's warnings.
  import "DPI-C" function longint unsigned spagm_dpi_pred_failures(input chandle h);

  // End-of-test summary: counters, what the run exercised (active lanes,
  // texels read, faults, coverage bins), ignored writes and unmapped
  // reads, refused calls, predictions never answered, WARNING lines for a
  // run that checked responses but exercised nothing (no active lane, no
  // texel read, TLDS on empty texture memory), and the last line
  // "spagm predictor <name>: N passed, M failed".
  import "DPI-C" function string spagm_dpi_pred_summary(input chandle h);

  // Why the last call with a non-zero status was refused.
  import "DPI-C" function string spagm_dpi_pred_error(input chandle h);

  // Backdoor (texture unit): the 32-bit little-endian word data at byte
  // address va (a multiple of 4, below 2^48) of texture memory: headers
  // and texels, what the DUT's memory port reads.
  import "DPI-C" function int spagm_dpi_pred_tex_mem_write(
      input chandle h, input longint unsigned va, input int unsigned data);

  // Backdoor (texture unit): 32 bytes of texture memory at va (wrapping
  // modulo 2^48), byte k in line[8k+7:8k]: what a memory model of the
  // testbench answers the DUT's memory port with.
  import "DPI-C" function int spagm_dpi_pred_tex_mem_read(
      input chandle h, input longint unsigned va, output bit [255:0] line);

  // Backdoor (texture unit): the 32-byte TIC header of pool entry index
  // (DESIGN §7.5), byte k in tic[8k+7:8k], written to texture memory at
  // the header pool base (configuration registers 0x008/0x00C) + 32*index.
  // Status 10, a failure, while the pool is not configured (no cfg_write of
  // 0x008, 0x00C or 0x010 since the last reset): the header would stay at
  // the power-on base when the base is written after it.
  import "DPI-C" function int spagm_dpi_pred_tex_set_header(
      input chandle h, input int unsigned index, input bit [255:0] tic);

  // Backdoor (texture unit): texel (x, y, z) of mip level `level`, sample
  // `sample` of the texture whose 32-byte header is tic (byte k in
  // tic[8k+7:8k], as spagm_dpi_tic_encode builds it), stored where TLDS
  // reads it (docs/texture-layout.md): texel byte k in texel[8k+7:8k], as
  // many bytes as the format has (spagm_dpi_tex_texel_bytes). z is the
  // slice of a 3D texture or the layer of an array. Status 1 for a texel,
  // level, layer or sample outside the texture or a layout the model does
  // not support; spagm_dpi_pred_error says which.
  import "DPI-C" function int spagm_dpi_pred_tex_texel_write(
      input chandle h, input bit [255:0] tic, input int unsigned x, input int unsigned y,
      input int unsigned z, input int unsigned level, input int unsigned sample,
      input bit [127:0] texel);

  // Backdoor (texture unit): how many 4096-byte pages of texture memory
  // hold something written (bytes outside them read 0), and page i of them
  // in ascending order into va (status 1 for i out of range). What a
  // testbench copies, 32 bytes at a time with spagm_dpi_pred_tex_mem_read,
  // into its DUT's memory, headers and texels alike.
  import "DPI-C" function longint unsigned spagm_dpi_pred_tex_mem_pages(input chandle h);
  import "DPI-C" function int spagm_dpi_pred_tex_mem_page(
      input chandle h, input longint unsigned i, output longint unsigned va);

  // Texture headers (TIC, docs/design.md §7.5) without a predictor: the
  // model's header code (spagm/tex.h). Fields as spagm_tic: components and
  // the enumerated fields take the SPAGM_TEXFMT_*, SPAGM_TEXDT_*,
  // SPAGM_TEXSRC_*, SPAGM_TEXLAYOUT_*, SPAGM_TEXTYPE_* and SPAGM_TEXMS_*
  // values of spagm_txn_pkg; sizes are the real sizes, not minus one; depth
  // is the depth of a 3D texture or the layers of an array; type_r..type_a
  // are the components' data types, source_x..source_w the swizzle.
  // spagm_dpi_tic_default: the header of spagm_tic_init (a 1x1 2D
  // block-linear A8B8G8R8 UNORM texture at address 0, one level).
  import "DPI-C" function void spagm_dpi_tic_default(output bit [255:0] tic);

  // The 32-byte header of the fields, byte k in tic[8k+7:8k]. Status 1
  // when a field does not fit its bits or an address or pitch is
  // misaligned; why then names the field ("" on success).
  import "DPI-C" function int spagm_dpi_tic_encode(
      input int unsigned components, input int unsigned type_r, input int unsigned type_g,
      input int unsigned type_b, input int unsigned type_a, input int unsigned source_x,
      input int unsigned source_y, input int unsigned source_z, input int unsigned source_w,
      input int unsigned layout, input longint unsigned address, input int unsigned pitch,
      input int unsigned block_height_log2, input int unsigned block_depth_log2,
      input int unsigned max_mip_level, input int unsigned width, input int unsigned height,
      input int unsigned depth, input int unsigned type_id, input bit srgb,
      input int unsigned view_min_level, input int unsigned view_max_level,
      input int unsigned msaa, output bit [255:0] tic, output string why);

  // The fields the model uses of a 32-byte header (the others are dropped).
  import "DPI-C" function void spagm_dpi_tic_decode(
      input bit [255:0] tic, output int unsigned components, output int unsigned type_r,
      output int unsigned type_g, output int unsigned type_b, output int unsigned type_a,
      output int unsigned source_x, output int unsigned source_y, output int unsigned source_z,
      output int unsigned source_w, output int unsigned layout, output longint unsigned address,
      output int unsigned pitch, output int unsigned block_height_log2,
      output int unsigned block_depth_log2, output int unsigned max_mip_level,
      output int unsigned width, output int unsigned height, output int unsigned depth,
      output int unsigned type_id, output bit srgb, output int unsigned view_min_level,
      output int unsigned view_max_level, output int unsigned msaa);

  // Bytes of one texel of format `components` (4 for A8B8G8R8, 12 for
  // R32_G32_B32), 0 for a format the model does not support.
  import "DPI-C" function int unsigned spagm_dpi_tex_texel_bytes(input int unsigned components);

  // Byte address (below 2^48) of the first byte of texel (x, y, z) of
  // `level`, sample `sample` of the texture of header tic, by the layout
  // TLDS reads with (pitch or block-linear, mip levels, layers, the
  // multisample grid). Status 1, why naming the cause, for a texel, level,
  // layer or sample outside the texture or a layout the model does not
  // support. The words of a 12-byte texel may lie apart (three 4-byte
  // pieces); copy the predictor's memory to place whole texels.
  import "DPI-C" function int spagm_dpi_tex_texel_address(
      input bit [255:0] tic, input int unsigned x, input int unsigned y, input int unsigned z,
      input int unsigned level, input int unsigned sample, output longint unsigned va,
      output string why);

  // Backdoor (attribute unit): load stage, maps, ST_REQ, sharing, patch
  // size and MaxOutputVertexCount from SPH v3 headers (DESIGN §7.3), word i
  // of a header in bits [32i+31:32i]. stage: 0 VSA .. 5 PS; cur: the
  // running shader's header; prev/next: the neighbouring stages' headers,
  // used only when has_prev/has_next is 1. Status 8 (format) when a header
  // does not fit; spagm_dpi_pred_error names the field.
  import "DPI-C" function int spagm_dpi_pred_attr_load_sph(
      input chandle h, input int unsigned stage, input bit [639:0] cur,
      input bit has_prev, input bit [639:0] prev, input bit has_next,
      input bit [639:0] next);

  // Backdoor (attribute unit): attribute byte address addr (multiple of 4,
  // below 1024) of vertex `vertex` in ISBE space `space` (SPAGM_SPACE_ISBE_IN
  // or _OUT) through the R1 layout; mark_written also sets its write-status
  // bit. Status 10 when the attribute has no storage (its BMAP bit is 0).
  import "DPI-C" function int spagm_dpi_pred_attr_set_vertex_attr(
      input chandle h, input int unsigned space, input int unsigned vertex,
      input int unsigned addr, input int unsigned value, input bit mark_written);

  // ---- Classes ------------------------------------------------------------

  // One difference of a checked response, as data (spagm_dpi_pred_diff):
  // what the report's line for it says.
  class spagm_diff;
    int unsigned field;          // SPAGM_DIFF_*
    int slot;                    // write-back slot or store component, -1 for none
    int lane;                    // lane, -1 for the whole warp
    int unsigned regnum;         // register number (R of the slot, P of the predicate)
    int unsigned expected;       // expected value, lane mask, register, fault or space
    int unsigned actual;         // what the response carried
    int unsigned expected_addr;  // stores: expected address; fault: expected lanes
    int unsigned actual_addr;    // the same, of the response
    int unsigned rule;           // the model's rule there, 0 for none
    string rule_name;            // its name ("" for none)
    string reason;               // the model's sentence
    int unsigned kind;           // SPAGM_DIFF_KIND_*: how expected and actual read
    bit has_tex_header;          // a lane of a TLDS: tex_header is the header index it used
    int unsigned tex_header;
    bit has_texel;               // texel_s .. texel_sample: where its texel is
    bit texel_read;              // the texel was read: texel_address is its byte address
    int texel_s, texel_t, texel_r;
    int unsigned texel_level, texel_layer, texel_sample;
    longint unsigned texel_address;
  endclass

  // A texture header (TIC, docs/design.md §7.5) by its fields, encoded and
  // decoded by the model's own code, and where its texels live: what a
  // testbench writes into its DUT's memory and the predictor without
  // deriving the layout itself.
  //
  //   spagm_tex_header hdr = new();           // 1x1 2D block-linear A8B8G8R8 UNORM
  //   hdr.components = SPAGM_TEXFMT_R32;  hdr.width = 64;  hdr.max_mip_level = 3; ...
  //   void'(hdr.encode(tic));                 // bit [255:0], byte k in [8k+7:8k]
  //   void'(pred.set_header(1, tic));         // or pred.load_header(1, hdr)
  //   void'(pred.write_texel(hdr, x, y, 0, level, 0, value));
  //   void'(hdr.texel_address(x, y, 0, level, 0, va));
  //
  // Methods returning bit return 1 on success; on 0 `error` says why.
  class spagm_tex_header;
    int unsigned components;         // SPAGM_TEXFMT_*
    int unsigned data_type[4];       // R, G, B, A: SPAGM_TEXDT_*
    int unsigned source[4];          // X, Y, Z, W: SPAGM_TEXSRC_*
    int unsigned layout;             // SPAGM_TEXLAYOUT_PITCH or _BLOCKLINEAR
    longint unsigned address;        // block-linear: multiple of 512; pitch: of 32
    int unsigned pitch;              // pitch layout: bytes per row, multiple of 32
    int unsigned block_height_log2;  // block-linear: GOBs per block in y, log2
    int unsigned block_depth_log2;   // block-linear: GOBs per block in z, log2
    int unsigned max_mip_level;      // levels in memory - 1, 0..15
    int unsigned width, height;      // 1..65536
    int unsigned depth;              // 3D: depth; arrays: layers (1..16384)
    int unsigned type_id;            // SPAGM_TEXTYPE_*
    bit srgb;                        // S_R_G_B_CONVERSION
    int unsigned view_min_level, view_max_level;  // 0..15
    int unsigned msaa;               // SPAGM_TEXMS_*
    string error;                    // why the last call returned 0

    // spagm_tic_init's texture: 1x1 2D block-linear A8B8G8R8 UNORM at
    // address 0, swizzle RGBA, one level, one sample.
    function new();
      bit [255:0] tic;
      spagm_dpi_tic_default(tic);
      decode(tic);
    endfunction

    // The 32 bytes of the header, byte k in tic[8k+7:8k]; 0 when a field
    // does not fit its bits or an address or pitch is misaligned.
    function bit encode(output bit [255:0] tic);
      return spagm_dpi_tic_encode(components, data_type[0], data_type[1], data_type[2],
                                  data_type[3], source[0], source[1], source[2], source[3],
                                  layout, address, pitch, block_height_log2, block_depth_log2,
                                  max_mip_level, width, height, depth, type_id, srgb,
                                  view_min_level, view_max_level, msaa, tic, error) == 0;
    endfunction

    // The fields of a 32-byte header (those the model does not use are
    // dropped).
    function void decode(bit [255:0] tic);
      spagm_dpi_tic_decode(tic, components, data_type[0], data_type[1], data_type[2],
                           data_type[3], source[0], source[1], source[2], source[3], layout,
                           address, pitch, block_height_log2, block_depth_log2, max_mip_level,
                           width, height, depth, type_id, srgb, view_min_level, view_max_level,
                           msaa);
    endfunction

    // Bytes of one texel of the format, 0 for a format the model does not
    // support.
    function int unsigned texel_bytes();
      return spagm_dpi_tex_texel_bytes(components);
    endfunction

    // Byte address of the first byte of texel (x, y, z) of `level`, sample
    // `sample` (z: slice of a 3D texture, layer of an array): where TLDS
    // reads it. 0 (and error) for a texel outside the texture.
    function bit texel_address(int unsigned x, int unsigned y, int unsigned z,
                               int unsigned level, int unsigned sample,
                               output longint unsigned va);
      bit [255:0] tic;
      va = 0;
      if (!encode(tic)) return 0;
      return spagm_dpi_tex_texel_address(tic, x, y, z, level, sample, va, error) == 0;
    endfunction
  endclass

  // What every unit's predictor does. State loads return 1 when the model
  // took them; a refused one prints an ERROR line and counts in failures()
  // (the C predictor counts it, so summary() and failures() agree).
  class spagm_predictor;
    protected chandle h;
    protected string name;

    function new(int unsigned unit, longint unsigned seed, string name);
      this.name = name;
      h = spagm_dpi_pred_new(unit, seed, name);
      if (h == null)  // failures() is then 1 and summary() says why
        $display("spagm_pkg: ERROR: %s: no predictor for unit %0d (0 attr, 1 pix, 2 tex)",
                 name, unit);
    endfunction

    // Print why a call was refused (the C side has counted it).
    protected function bit took(int status, string what);
      if (status == 0) return 1;
      $display("spagm_pkg: ERROR: %s: %s: %s", name, what, spagm_dpi_pred_error(h));
      return 0;
    endfunction

    // The configuration-port word the DUT gets (docs/port-contract.md),
    // illegal words included: the predictor ignores them as the DUT must
    // and counts them (count(SPAGM_COUNT_IGNORED_WRITES)); 0 only in
    // strict mode.
    function bit cfg_write(int unsigned addr, int unsigned data);
      return took(spagm_dpi_pred_cfg_write(h, addr, data), "cfg_write");
    endfunction

    // The model's word at a configuration address; 0 outside the map, as
    // the DUT answers (an ERROR, a failure, only in strict mode).
    function int unsigned cfg_read(int unsigned addr);
      int unsigned data;
      void'(took(spagm_dpi_pred_cfg_read(h, addr, data), "cfg_read"));
      return data;
    endfunction

    // Strict mode: illegal writes and unmapped reads become failures, and
    // so does each exercise warning of the summary.
    function bit set_strict(bit strict = 1);
      return took(spagm_dpi_pred_set_strict(h, strict), "set_strict");
    endfunction

    // A failure the testbench found itself, listed in the summary.
    function void fail(string what);
      void'(took(spagm_dpi_pred_fail(h, what), "fail"));
    endfunction

    // Power-on state; outstanding predictions are discarded. Texture
    // memory and headers are emptied too: load them again after a reset.
    function bit reset();
      return took(spagm_dpi_pred_reset(h), "reset");
    endfunction

    // The DUT accepted req: predict it and park the prediction by tag.
    function bit predict(spagm_request_t req);
      bit [SPAGM_RESPONSE_BITS-1:0] expected;
      return took(spagm_dpi_pred_predict(h, req, expected), "predict");
    endfunction

    // The same, and the expected response (with its don't-care masks).
    function bit predict_expected(spagm_request_t req, output spagm_response_t expected);
      bit [SPAGM_RESPONSE_BITS-1:0] e;
      bit ok = took(spagm_dpi_pred_predict(h, req, e), "predict");
      expected = e;
      return ok;
    endfunction

    // The DUT delivered rsp: differing fields (0 = match) and the report.
    function int unsigned check(spagm_response_t rsp, output string report);
      return spagm_dpi_pred_check(h, rsp, report);
    endfunction

    // The same, and the prediction rsp was compared with (its don't-care
    // masks in expected.wb_dontcare): what to show next to rsp on a
    // mismatch. A method of its own, like predict_expected, not a
    // defaulted output of check: Verilator 5.006 and Icarus refuse
    // output arguments with defaults (N214).
    function int unsigned check_expected(spagm_response_t rsp, output string report,
                                         output spagm_response_t expected);
      bit [SPAGM_RESPONSE_BITS-1:0] e;
      int unsigned n = spagm_dpi_pred_check_expected(h, rsp, report, e);
      expected = e;
      return n;
    endfunction

    // A response from a 4-state simulator as its 2-state value rsp and the
    // bits that were X or Z (unknown): an unknown bit where the port
    // contract compares is a mismatch (the report names slot, lane and rule
    // and ends with an "X/Z:" line), elsewhere don't-care (N377).
    function int unsigned check_unknown(spagm_response_t rsp, spagm_response_t unknown,
                                        output string report);
      bit [SPAGM_RESPONSE_BITS-1:0] e;
      return spagm_dpi_pred_check_unknown(h, rsp, unknown, report, e);
    endfunction

    // The same, and the prediction rsp was compared with.
    function int unsigned check_unknown_expected(spagm_response_t rsp, spagm_response_t unknown,
                                                 output string report,
                                                 output spagm_response_t expected);
      bit [SPAGM_RESPONSE_BITS-1:0] e;
      int unsigned n = spagm_dpi_pred_check_unknown(h, rsp, unknown, report, e);
      expected = e;
      return n;
    endfunction

    // check_unknown of a 4-state response: its X and Z bits are the unknown
    // bits (rsp ^ rsp is X exactly there; a 4-state to 2-state conversion
    // reads X and Z as 0), read as 0 in the value compared. In a 2-state
    // simulator (Verilator) no bit is unknown and this is check().
    function int unsigned check_logic(logic [SPAGM_RESPONSE_BITS-1:0] rsp, output string report);
      bit [SPAGM_RESPONSE_BITS-1:0] known = ~(rsp ^ rsp);
      bit [SPAGM_RESPONSE_BITS-1:0] value = rsp;
      bit [SPAGM_RESPONSE_BITS-1:0] e;
      return spagm_dpi_pred_check_unknown(h, value, ~known, report, e);
    endfunction

    // The differences the last check found, as data: how many, and each.
    function int unsigned diff_count();
      return spagm_dpi_pred_diff_count(h);
    endfunction

    // Difference i (< diff_count()) of the last check; null out of range.
    function spagm_diff get_diff(int unsigned i);
      spagm_diff d = new();
      if (spagm_dpi_pred_diff(h, i, d.field, d.slot, d.lane, d.regnum, d.expected, d.actual,
                              d.expected_addr, d.actual_addr, d.rule, d.rule_name,
                              d.reason) != 0 ||
          spagm_dpi_pred_diff_texel(h, i, d.kind, d.has_tex_header, d.tex_header, d.has_texel,
                                    d.texel_read, d.texel_s, d.texel_t, d.texel_r, d.texel_level,
                                    d.texel_layer, d.texel_sample, d.texel_address) != 0)
        return null;
      return d;
    endfunction

    // Counter `which` (SPAGM_COUNT_*).
    function longint unsigned count(int unsigned which);
      return spagm_dpi_pred_count(h, which);
    endfunction

    function longint unsigned outstanding();
      return spagm_dpi_pred_count(h, SPAGM_COUNT_OUTSTANDING);
    endfunction

    // The test's verdict: 0 = passed. Mismatches, unknown and duplicate
    // tags, predictions never answered, refused calls, and in strict mode
    // the summary's warnings: the M of the summary's last line.
    function longint unsigned failures();
      return spagm_dpi_pred_failures(h);
    endfunction

    // End-of-test summary, ending "spagm predictor <name>: N passed, M failed"
    // with M = failures().
    function string summary();
      return spagm_dpi_pred_summary(h);
    endfunction

    // Free the C side; the object must not be used afterwards.
    function void free();
      spagm_dpi_pred_free(h);
      h = null;
    endfunction
  endclass

  // Attribute unit (ALD, AST, AL2P, ISBERD).
  class spagm_attr_predictor extends spagm_predictor;
    function new(longint unsigned seed = 1, string name = "attr");
      super.new(SPAGM_UNIT_ATTR, seed, name);
    endfunction

    // SPH v3 headers (word i in bits [32i+31:32i]) of the running shader
    // and, when has_prev/has_next, of the neighbouring stages.
    function bit load_sph(int unsigned stage, bit [639:0] cur, bit has_prev = 0,
                          bit [639:0] prev = '0, bit has_next = 0, bit [639:0] next = '0);
      return took(spagm_dpi_pred_attr_load_sph(h, stage, cur, has_prev, prev, has_next, next),
                  "load_sph");
    endfunction

    // One attribute of one vertex through the ISBE layout (R1).
    function bit set_vertex_attr(int unsigned space, int unsigned vertex, int unsigned addr,
                                 int unsigned value, bit mark_written = 1);
      return took(spagm_dpi_pred_attr_set_vertex_attr(h, space, vertex, addr, value,
                                                      mark_written), "set_vertex_attr");
    endfunction
  endclass

  // Pixel unit (PIXLD): the raster state is loaded by cfg_write.
  class spagm_pix_predictor extends spagm_predictor;
    function new(longint unsigned seed = 1, string name = "pix");
      super.new(SPAGM_UNIT_PIX, seed, name);
    endfunction
  endclass

  // Texture-load unit (TLDS): texture memory and headers by backdoor.
  class spagm_tex_predictor extends spagm_predictor;
    function new(longint unsigned seed = 1, string name = "tex");
      super.new(SPAGM_UNIT_TEX, seed, name);
    endfunction

    // A 32-bit little-endian word of texture memory at va (multiple of 4).
    function bit tex_mem_write(longint unsigned va, int unsigned data);
      return took(spagm_dpi_pred_tex_mem_write(h, va, data), "tex_mem_write");
    endfunction

    // 32 bytes at va into line, byte k in [8k+7:8k]: a memory model's
    // answer. (An output argument: Verilator 5.006 refuses class methods
    // returning more than 64 bits.)
    function bit tex_mem_read(longint unsigned va, output bit [255:0] line);
      return took(spagm_dpi_pred_tex_mem_read(h, va, line), "tex_mem_read");
    endfunction

    // TIC header of pool entry index, byte k in [8k+7:8k], at pool base +
    // 32*index: configure the pool (cfg_write of 0x008, 0x00C, 0x010)
    // first, or it is refused.
    function bit set_header(int unsigned index, bit [255:0] tic);
      return took(spagm_dpi_pred_tex_set_header(h, index, tic), "set_header");
    endfunction

    // A header whose fields do not encode: an ERROR line and a failure.
    protected function bit refused_header(string what, spagm_tex_header hdr);
      $display("spagm_pkg: ERROR: %s: %s: %s", name, what, hdr.error);
      fail({what, ": ", hdr.error});
      return 0;
    endfunction

    // The header hdr describes, encoded, as entry index (set_header).
    function bit load_header(int unsigned index, spagm_tex_header hdr);
      bit [255:0] tic;
      if (!hdr.encode(tic)) return refused_header($sformatf("load_header %0d", index), hdr);
      return set_header(index, tic);
    endfunction

    // Texel (x, y, z) of `level`, sample `sample` of hdr's texture, byte k
    // in texel[8k+7:8k] (hdr.texel_bytes() bytes), stored where TLDS reads
    // it; z is the slice of a 3D texture or the layer of an array.
    function bit write_texel(spagm_tex_header hdr, int unsigned x, int unsigned y,
                             int unsigned z, int unsigned level, int unsigned sample,
                             bit [127:0] texel);
      bit [255:0] tic;
      if (!hdr.encode(tic)) return refused_header("write_texel", hdr);
      return took(spagm_dpi_pred_tex_texel_write(h, tic, x, y, z, level, sample, texel),
                  "write_texel");
    endfunction

    // Texture memory as pages: how many 4096-byte pages hold something
    // written (everything else reads 0), and page i's address in ascending
    // order. A DUT memory gets the same content by copying each page's 128
    // lines of 32 bytes (tex_mem_read), headers and texels alike.
    function longint unsigned tex_mem_pages();
      return spagm_dpi_pred_tex_mem_pages(h);
    endfunction

    function longint unsigned tex_mem_page(longint unsigned i);
      longint unsigned va = 0;
      void'(took(spagm_dpi_pred_tex_mem_page(h, i, va), "tex_mem_page"));
      return va;
    endfunction
  endclass
endpackage : spagm_pkg
