# SPDX-License-Identifier: Apache-2.0
"""spagm.Predictor: the C predictor of dpi/predictor.c from Python."""
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


def test_cfg_port_reads_and_bad_writes():
    p = predictor(samples=8)
    assert p.cfg_read(0x04) == 8
    with pytest.raises(spagm.SpagmError) as e:
        p.cfg_write(0x04, 5)
    assert e.value.status_name == "bad argument" and e.value.message
    assert p.cfg_read(0x04) == 8  # unchanged


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
