// SPDX-License-Identifier: Apache-2.0
// spagm_pkg's predictor classes against the port contract and the
// exercise checks (docs/predictor.md): an illegal configuration write is
// ignored and counted, an unmapped read gives 0, strict mode makes either a
// failure, summary() and failures() agree, a header placed before the pool
// is configured is refused, a run with no active lane warns (a failure in
// strict mode), spagm_tex_header encodes and decodes the model's headers
// and refuses a field that does not fit, an unknown (X/Z) bit is a
// mismatch inside the compared bits and don't-care outside, and the pixel
// unit's offset format and sample order registers change what .OFFSET
// predicts. Each check prints "ok" or "FAIL"; any FAIL ends with $fatal.
module tb_predictor_contract;
  import spagm_txn_pkg::*;
  import spagm_pkg::*;

  int unsigned fails = 0;

  function automatic void expect_true(bit cond, string what);
    if (cond) begin
      $display("ok   %s", what);
    end else begin
      $display("FAIL %s", what);
      fails++;
    end
  endfunction

  // Whether s contains t.
  function automatic bit has(string s, string t);
    if (t.len() > s.len()) return 0;
    for (int i = 0; i + t.len() <= s.len(); i++)
      if (s.substr(i, i + t.len() - 1) == t) return 1;
    return 0;
  endfunction

  // The summary's last line ends "N passed, M failed" with M = failures().
  function automatic bit summary_agrees(spagm_predictor p);
    return has(p.summary(), $sformatf(" passed, %0d failed\n", p.failures()));
  endfunction

  initial begin
    spagm_pix_predictor pix = new(1, "tb.pix");
    spagm_pix_predictor strict_pix = new(1, "tb.strict_pix");
    spagm_tex_predictor tex = new(1, "tb.tex");
    spagm_request_t req;
    spagm_response_t exp;
    string report;
    bit [255:0] tic = '0;
    spagm_tex_header hdr = new();

    // Ignored, counted, not a failure: a value the register cannot hold,
    // an address of no word, a target with no table.
    expect_true(pix.cfg_write(32'h04, 8), "legal write taken");
    expect_true(pix.cfg_write(32'h04, 3), "illegal value ignored without an error");
    expect_true(pix.cfg_write(32'h200, 1), "unmapped address ignored without an error");
    expect_true(pix.cfg_write(32'h7000_0000, 1), "unknown target ignored without an error");
    expect_true(pix.cfg_read(32'h04) == 8, "the register kept its value");
    expect_true(pix.cfg_read(32'h200) == 0, "an unmapped read gives 0");
    expect_true(pix.count(SPAGM_COUNT_IGNORED_WRITES) == 3, "three writes counted as ignored");
    expect_true(pix.count(SPAGM_COUNT_UNMAPPED_READS) == 1, "one read counted as unmapped");
    expect_true(pix.failures() == 0, "ignored writes are not failures");
    expect_true(has(pix.summary(), "3 illegal writes ignored, 1 unmapped reads answered 0"),
                "the summary counts them");
    expect_true(summary_agrees(pix), "summary and failures() agree (0)");

    // Strict: each is a failure, and the summary says the same number.
    void'(strict_pix.set_strict());
    expect_true(!strict_pix.cfg_write(32'h04, 3), "strict: illegal write refused");
    expect_true(strict_pix.cfg_read(32'h200) == 0, "strict: unmapped read still gives 0");
    strict_pix.fail("tb: a check of its own");
    expect_true(strict_pix.failures() == 3, "strict: three failures");
    expect_true(summary_agrees(strict_pix), "summary and failures() agree (3)");

    // A run with no active lane: a warning, a failure in strict mode.
    req = spagm_request_t'(0);
    for (int t = 0; t < 4; t++) begin
      req.tag = t;
      req.lane_mask = '0;
      void'(pix.predict_expected(req, exp));
      expect_true(pix.check(exp, report) == 0, $sformatf("tag %0d matches", t));
    end
    expect_true(pix.diff_count() == 0 && pix.get_diff(0) == null, "no difference after a match");
    expect_true(pix.count(SPAGM_COUNT_ACTIVE_LANES) == 0, "no active lane counted");
    expect_true(pix.count(SPAGM_COUNT_WARNINGS) == 1, "one exercise warning");
    expect_true(has(pix.summary(), "WARNING: tb.pix: 4 responses checked but no request had an active lane"),
                "the summary warns");
    expect_true(pix.failures() == 0, "a warning is not a failure by default");
    void'(pix.set_strict());
    expect_true(pix.failures() == 1, "strict: the warning is a failure");
    expect_true(summary_agrees(pix), "summary and failures() agree (strict warning)");

    // The differences as data: another unit's word must fault on its
    // lanes; a response without the fault is one difference, the fault.
    req.tag = 50;
    req.insn = 64'h0;  // no legal word of any unit
    req.lane_mask = 32'h0000_00f0;
    void'(strict_pix.predict_expected(req, exp));
    exp.fault = '0;
    exp.fault_lanes = '0;
    expect_true(strict_pix.check(exp, report) == 1, "a missing fault is one difference");
    expect_true(strict_pix.diff_count() == 1, "one difference as data");
    begin
      spagm_diff d = strict_pix.get_diff(0);
      expect_true(d != null && d.field == SPAGM_DIFF_FAULT && d.expected == 1 && d.actual == 0 &&
                  d.expected_addr == 32'hf0 && d.lane == -1, "the difference is the fault");
      expect_true(has(report, $sformatf("fault: expected ILLEGAL_INSTR_ENCODING on lanes 0x%08x, got NONE",
                                        d.expected_addr)), "the report says the same");
      expect_true(d.rule != 0 && d.rule_name != "" && has(report, d.reason),
                  "the difference names the model's rule");
    end
    expect_true(strict_pix.get_diff(1) == null, "no second difference");

    // A header by its fields: the model's encoding, and back.
    hdr.components = SPAGM_TEXFMT_R16_G16;
    hdr.type_id = SPAGM_TEXTYPE_2D_ARRAY;
    hdr.width = 100;
    hdr.height = 50;
    hdr.depth = 6;
    hdr.max_mip_level = 4;
    hdr.view_max_level = 4;
    hdr.block_height_log2 = 3;
    hdr.msaa = SPAGM_TEXMS_1X1;
    hdr.address = 64'h1234_5600;
    expect_true(hdr.encode(tic), "a header by its fields encodes");
    begin
      spagm_tex_header back = new();
      back.decode(tic);
      expect_true(back.components == SPAGM_TEXFMT_R16_G16 && back.width == 100 &&
                  back.height == 50 && back.depth == 6 && back.max_mip_level == 4 &&
                  back.block_height_log2 == 3 && back.address == 64'h1234_5600 &&
                  back.type_id == SPAGM_TEXTYPE_2D_ARRAY &&
                  back.layout == SPAGM_TEXLAYOUT_BLOCKLINEAR, "it decodes to the same fields");
    end
    expect_true(hdr.texel_bytes() == 4, "R16_G16 texels are 4 bytes");
    begin
      longint unsigned va0, va1;
      // Each call its own statement: Verilator may read an operand of &&
      // before the call that writes it.
      expect_true(hdr.texel_address(0, 0, 0, 0, 0, va0), "texel (0, 0) has an address");
      expect_true(va0 == 64'h1234_5600, "texel (0, 0) of level 0 is at the header's address");
      // Block-linear: the next texel in x is 4 bytes on inside a 16-byte unit.
      expect_true(hdr.texel_address(1, 0, 0, 0, 0, va1), "texel (1, 0) has an address");
      expect_true(va1 == va0 + 4, "texel (1, 0) follows it");
      expect_true(!hdr.texel_address(100, 0, 0, 0, 0, va1), "a texel past the edge is refused");
      expect_true(has(hdr.error, "outside"), "saying why");
    end
    hdr.width = 70000;
    expect_true(!hdr.encode(tic), "a width that does not fit is refused");
    expect_true(has(hdr.error, "width 70000"), "naming the field and value");
    hdr.width = 100;

    // A header before the pool is configured: refused, a failure.
    void'(hdr.encode(tic));
    expect_true(!tex.set_header(3, tic), "header before the pool refused");
    expect_true(tex.failures() == 1, "the refusal is a failure");
    expect_true(tex.cfg_write(32'h008, 32'h1_0000), "pool base written");
    expect_true(tex.load_header(3, hdr), "header after the pool taken");
    begin
      bit [255:0] line;
      void'(tex.tex_mem_read(64'h1_0000 + 3 * 32, line));
      expect_true(line == tic, "the header sits at base + 32*index");
    end
    expect_true(tex.write_texel(hdr, 99, 49, 5, 0, 0, 128'hCAFE_F00D), "a texel written");
    begin
      bit [255:0] line;
      longint unsigned va;
      void'(hdr.texel_address(99, 49, 5, 0, 0, va));
      void'(tex.tex_mem_read(va & ~64'd31, line));
      expect_true(line[8 * 8'(va % 32) +: 32] == 32'hCAFE_F00D, "it sits at its texel_address");
      expect_true(tex.tex_mem_pages() == 2 && tex.tex_mem_page(0) == 64'h1_0000 &&
                  tex.tex_mem_page(1) == (va & ~64'hFFF), "memory is the two pages written");
    end
    expect_true(!tex.write_texel(hdr, 0, 0, 6, 0, 0, 128'h1), "a layer past the array refused");
    expect_true(summary_agrees(tex), "summary and failures() agree (refused header)");

    // X/Z (a 4-state simulator's $isunknown bits, given here as a mask):
    // inside the compared bits a mismatch even where reading it as 0 is
    // right; outside don't-care.
    begin
      spagm_pix_predictor xp = new(1, "tb.xpix");
      spagm_response_t unknown;
      void'(xp.cfg_write(32'h00, 5));  // PS
      void'(xp.cfg_write(32'h04, 4));  // 4 samples
      req = spagm_request_t'(0);
      req.tag = 70;
      req.insn = 64'hefe8e0008007ff02;  // PIXLD.COVMASK R2
      req.lane_mask = 32'hFFFF_FFFF;
      for (int l = 0; l < 32; l++) req.coverage[l] = 16'h0F0F;
      void'(xp.predict_expected(req, exp));
      expect_true(exp.wb_valid[0][5] && exp.wb_value[0][5][9] == 0 && exp.wb_dontcare[0][5] == 0,
                  "lane 5 of R2 is written and bit 9 expected 0");
      unknown = spagm_response_t'(0);
      unknown.wb_value[0][5][9] = 1'b1;
      expect_true(xp.check_unknown(exp, unknown, report) == 1, "an X inside the compared bits fails");
      $display("%s", report);
      expect_true(has(report, "R2 (slot 0) lane 5: expected 0x") && has(report, "model: PIXLD"),
                  "the report names slot, lane and rule");
      expect_true(has(report, "X/Z: 1 unknown bit(s) where the port contract compares"),
                  "the report has the unknown-bit line");
      begin
        spagm_diff d = xp.get_diff(0);
        expect_true(d != null, "a difference as data");
        if (d != null)
          expect_true(d.field == SPAGM_DIFF_WB_VALUE && d.slot == 0 && d.lane == 5,
                      "the difference as data is that lane");
      end
      req.tag = 71;
      void'(xp.predict_expected(req, exp));
      unknown = spagm_response_t'(0);
      unknown.wb_value[3] = '1;  // a slot nothing writes
      unknown.st_data = '1;      // nothing stored
      expect_true(xp.check_unknown(exp, unknown, report) == 0,
                  "X outside the compared bits is don't-care");
      expect_true(report == "", "and reported as nothing");
      req.tag = 72;
      void'(xp.predict_expected(req, exp));
      expect_true(xp.check_logic(exp, report) == 0, "check_logic of a 2-state response is check");
      expect_true(xp.failures() == 1 && summary_agrees(xp), "one failure, the X inside");
    end

    // The pixel unit's two configuration choices (docs/port-contract.md,
    // spec-notes N350-N352) reach the model through cfg_write: 2 samples,
    // .OFFSET of sample 0, in each setting of registers 0x10 and 0x14.
    begin
      spagm_pix_predictor cp = new(1, "tb.choices");
      bit [31:0] got[3];
      void'(cp.cfg_write(32'h00, 5));  // PS
      void'(cp.cfg_write(32'h04, 2));  // 2 samples
      req = spagm_request_t'(0);
      req.insn = 64'hefe8e0018007ff04;  // PIXLD.OFFSET R4, [0x0]
      req.lane_mask = 32'h1;
      for (int k = 0; k < 3; k++) begin
        if (k == 1) void'(cp.cfg_write(32'h10, 1));  // offset format S0.12
        if (k == 2) void'(cp.cfg_write(32'h14, 1));  // sample order NVIDIA
        req.tag = 80 + k;
        void'(cp.predict_expected(req, exp));
        got[k] = exp.wb_value[0][0];
        void'(cp.check(exp, report));  // answered, so no prediction is left outstanding
      end
      expect_true(got[0] == 32'h0004_0004, $sformatf(
                  "sixteenths, D3D order: sample 0 of 2 is (+4, +4) = 0x00040004 (0x%08x)", got[0]));
      expect_true(got[1] == 32'h0400_0400, $sformatf(
                  "S0.12: (+4, +4) is 0x04000400 (0x%08x)", got[1]));
      expect_true(got[2] == 32'hFC00_FC00, $sformatf(
                  "S0.12, NVIDIA order: sample 0 of 2 is (-4, -4) = 0xFC00FC00 (0x%08x)", got[2]));
      expect_true(cp.cfg_read(32'h10) == 1 && cp.cfg_read(32'h14) == 1,
                  "both registers read back 1");
      expect_true(cp.cfg_write(32'h10, 2) && cp.cfg_read(32'h10) == 1,
                  "a format value the register cannot hold is ignored");
      expect_true(cp.failures() == 0, cp.failures() == 0 ? "no failure" : cp.summary());
    end

    // A TLDS value difference names the header its bank word gave: header
    // 3 is above MaximumIndex 0, so every lane reads 0 (R18) and no texel.
    expect_true(tex.cfg_write(32'h1000_0004, 3), "bank word 1 selects header 3");
    req = spagm_request_t'(0);
    req.tag = 7;
    req.insn = 64'hda40_001f_f047_0200;  // TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;
    req.lane_mask = 32'h1;
    void'(tex.predict_expected(req, exp));
    exp.wb_value[0][0] = 32'h1;
    expect_true(tex.check(exp, report) == 1, "a TLDS lane value differs");
    begin
      spagm_diff d = tex.get_diff(0);
      expect_true(d != null && d.field == SPAGM_DIFF_WB_VALUE && d.kind == SPAGM_DIFF_KIND_FLOAT &&
                  d.has_tex_header && d.tex_header == 3 && !d.has_texel && !d.texel_read,
                  "the difference names header 3 and no texel");
      expect_true(has(report, "\n      texel: header 3\n"), "the report names header 3");
    end

    if (fails != 0) $fatal(1, "tb_predictor_contract: %0d checks failed", fails);
    else $display("tb_predictor_contract: all checks passed");
    $finish;
  end
endmodule
