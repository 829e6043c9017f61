# SPDX-License-Identifier: Apache-2.0
"""spagm.Predictor: the C predictor of cosim/predictor.c from Python."""
import pytest

import spagm

CENTROID = "PIXLD.CENTROID_OFFSET R4, [RZ];"


def predictor(samples=4, seed=5):
    p = spagm.Predictor("pix", seed=seed, name="tb.u_pix")
    p.cfg_write(0x00, 5)        # stage PS
    p.cfg_write(0x04, samples)  # raster samples
    return p


def partly_covered(tag):
    req = spagm.Request(spagm.assemble(CENTROID), tag=tag)
    req.coverage = [0b0110] * 32  # samples 1 and 2 covered: the centroid is sample 1's (R15)
    return req


def test_match_mismatch_unknown_and_summary():
    p = predictor()
    assert p.unit == "pix" and p.seed == 5
    exp = p.predict(partly_covered(1))
    assert p.check(exp) and p.check(exp).diffs == 1  # the second is an unknown tag
    exp2 = p.predict(partly_covered(2))
    wrong = exp2.copy()
    wrong.wb_value[0][7] ^= 0x10000
    res = p.check(wrong)
    assert not res and res.diffs >= 1
    assert "MISMATCH pix tag 2" in res.report and "seed 5" in res.report
    assert "R15" in res.report  # the rule the model applied
    c = p.counts
    assert (c["predicted"], c["matched"], c["mismatched"], c["unknown"]) == (2, 1, 1, 1)
    assert p.failures == 2
    assert p.summary().rstrip().endswith("spagm predictor tb.u_pix: 1 passed, 2 failed")


def test_check_takes_the_packed_port_value():
    p = predictor()
    exp = p.predict(partly_covered(9))
    assert p.check(exp.to_bits())
    assert p.failures == 0


def test_duplicate_tag_raises_state_and_counts():
    p = predictor()
    p.predict(partly_covered(3))
    with pytest.raises(spagm.SpagmError) as e:
        p.predict(partly_covered(3))
    assert e.value.status == 10 and "tag 3" in e.value.message
    assert p.counts["duplicate"] == 1 and p.failures == 2  # duplicate + outstanding


def test_illegal_cfg_write_is_ignored_and_counted():
    p = predictor(samples=8)
    assert p.cfg_read(0x04) == 8
    p.cfg_write(0x04, 5)          # a value the register cannot hold
    p.cfg_write(0x200, 1)         # no word there
    assert p.cfg_read(0x04) == 8  # unchanged, as the DUT must leave it
    assert p.counts["ignored_writes"] == 2 and p.failures == 0
    assert "2 illegal writes ignored" in p.summary()


def test_unmapped_cfg_read_returns_zero():
    p = predictor()
    assert p.cfg_read(0x200) == 0
    assert p.counts["unmapped_reads"] == 1 and p.failures == 0


def test_strict_raises_on_illegal_write_and_unmapped_read():
    p = spagm.Predictor("pix", seed=5, strict=True)
    assert p.strict
    with pytest.raises(spagm.SpagmError) as e:
        p.cfg_write(0x04, 5)
    assert e.value.status_name == "bad argument" and "strict" in e.value.message
    with pytest.raises(spagm.SpagmError):
        p.cfg_read(0x200)
    assert p.counts["refused"] == 2 and p.failures == 2
    assert p.summary().rstrip().endswith("0 passed, 2 failed")


def test_summary_failed_equals_failures():
    p = predictor()
    exp = p.predict(partly_covered(1))
    wrong = exp.copy()
    wrong.fault_lanes ^= 1
    p.check(wrong)
    p.predict(partly_covered(2))      # never answered
    p.fail("read-back of 0x4c differs")
    p.cfg_write(0x200, 1)             # ignored: not a failure
    assert p.failures == 3
    assert p.summary().rstrip().endswith("0 passed, 3 failed")


def test_stimulus_illegal_writes_load_unchanged():
    # The epochs of spagm's own stimulus with the illegal-writes corner, as
    # cosim_stream sends them: every word loads, none raises.
    seen = 0
    for ep in spagm.cosim_stream(11, "pix", 600, 60, 10000):
        part = ep.units["pix"]
        if not part.illegal:
            continue
        p = spagm.Predictor("pix", seed=11)
        for addr, data in part.load:
            p.cfg_write(addr, data)
        assert p.counts["ignored_writes"] == len(part.illegal)
        for w in part.illegal:
            p.cfg_read(w.addr)
        assert p.failures == 0
        seen += 1
    assert seen > 0


def test_no_active_lane_warns_and_strict_fails():
    p = predictor()
    for tag in range(3):
        req = partly_covered(tag)
        req.lane_mask = 0
        assert p.check(p.predict(req))
    assert p.counts["active_lanes"] == 0 and p.counts["warnings"] == 1
    assert "no request had an active lane" in p.summary() and p.failures == 0
    s = spagm.Predictor("pix", strict=True)
    req = partly_covered(1)
    req.lane_mask = 0
    s.check(s.predict(req))
    assert s.failures == 1


def test_set_header_before_pool_raises_state():
    p = spagm.Predictor("tex")
    with pytest.raises(spagm.SpagmError) as e:
        p.set_header(0, bytes(32))
    assert e.value.status == 10 and "header pool" in e.value.message
    p.cfg_write(0x008, 0x10000)
    p.set_header(0, bytes(range(32)))
    words = dict(p.model.memory_words("tex"))
    assert words[0x10000 + 4] == int.from_bytes(bytes(range(4, 8)), "little")
    assert p.failures == 1  # the refused one


def test_reset_discards_outstanding_and_keeps_counters():
    p = predictor()
    p.predict(partly_covered(1))
    p.reset()
    assert p.counts["discarded"] == 1 and p.counts["outstanding"] == 0
    assert p.cfg_read(0x00) == 0  # power-on stage


def test_another_units_word_is_predicted_illegal():
    p = predictor()
    ald = spagm.Request(spagm.assemble("ALD R0, a[0x7c];"), tag=4, lane_mask=0xF)
    exp = p.predict(ald)
    assert exp.fault_name == "ILLEGAL_INSTR_ENCODING" and exp.fault_lanes == 0xF


def test_backdoor_model_is_the_predictors():
    p = predictor()
    assert p.model.read_word("pix", 0x04) == 4
    p.model.write_word("pix", 0x04, 16)
    assert p.cfg_read(0x04) == 16


def test_differences_as_data_equal_the_report():
    p = predictor()
    exp = p.predict(partly_covered(7))
    wrong = exp.copy()
    for lane in (3, 9, 20):
        wrong.wb_value[0][lane] ^= 0x10000
    res = p.check(wrong)
    diffs = p.differences
    assert len(diffs) == res.diffs == 3
    for d in diffs:
        assert d.field == "wb_value" and d.slot == 0 and d.expected ^ d.actual == 0x10000
        assert f"R{d.reg} (slot 0) lane {d.lane}: expected {d.expected:#010x}" in res.report
        assert d.rule_name and f"model: {d.reason}" in res.report
    assert [d.lane for d in diffs] == [3, 9, 20]
    assert p.check(p.predict(partly_covered(8))) and p.differences == []


def test_offset_format_and_sample_order_follow_the_cfg_port():
    # Registers 0x10 (offset format) and 0x14 (sample order) of the pixel
    # unit's port (docs/port-contract.md, spec-notes N350-N352).
    p = predictor(samples=2)
    req = spagm.Request(spagm.assemble("PIXLD.OFFSET R4, [0x0];"), tag=1)
    assert p.predict(req).wb_value[0][0] == 0x00040004  # sixteenths, D3D: (+4, +4)
    p.cfg_write(0x10, 1)
    req.tag = 2
    assert p.predict(req).wb_value[0][0] == 0x04000400  # S0.12
    p.cfg_write(0x14, 1)
    req.tag = 3
    assert p.predict(req).wb_value[0][0] == 0xFC00FC00  # NVIDIA sample 0 (-4, -4)
    assert (p.cfg_read(0x10), p.cfg_read(0x14)) == (1, 1)
    assert p.model.state_words("pix")[4:6] == [(0x10, 1), (0x14, 1)]
    p.cfg_write(0x10, 2)  # a value the register cannot hold: ignored, as the unit ignores it
    assert p.cfg_read(0x10) == 1


def test_tlds_difference_reads_as_its_format_and_names_the_texel():
    """A SINT texture's value is a signed integer in the report and the
    record, and a TLDS difference names the header, texel and address."""
    p = spagm.Predictor("tex")
    p.cfg_write(0x008, 0x10000)
    p.cfg_write(0x010, 7)  # MaximumIndex
    h = spagm.TexHeader(components="R32", data_type="SINT", width=8, height=8, address=0x40000)
    p.set_header(3, h)
    p.model.set_cbank_word(0, 1, 3)
    p.model.write_texel(h, 5, 6, data=(-7).to_bytes(4, "little", signed=True))
    req = spagm.Request(spagm.assemble("TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;"), tag=2,
                        lane_mask=1 << 4)
    req.a[0][4], req.b[0][4] = 5, 6
    wrong = p.predict(req).copy()
    wrong.wb_value[0][4] = 0xFFFFFFF8  # -8
    res = p.check(wrong)
    assert "expected 0xfffffff9 (-7), got 0xfffffff8 (-8)\n" in res.report
    (d,) = p.differences
    assert d.kind == "sint" and d.tex_header == 3
    assert d.texel == spagm.TexelLocation(5, 6, 0, 0, 0, 0, h.texel_address(5, 6))
    assert f"texel: header 3, s=5 t=6 r=0, level 0, layer 0, sample 0, address " \
           f"{d.texel.address:#x}\n" in res.report
