# SPDX-License-Identifier: Apache-2.0
"""spagm.cocotb without a simulator: cocotb's values read with their unknown
bits, the scoreboard's X/Z rule (a mismatch inside the bits the port
contract compares, don't-care outside), pause generators, port widths."""
import logging
import subprocess

import pytest

pytest.importorskip("cocotb", reason="cocotb (the [test] extra) is not installed")
from cocotb.types import LogicArray  # noqa: E402

import spagm  # noqa: E402
from spagm.cocotb import (CFG_WORDS, REQ_BITS, RSP_BITS, RequestDriver, Scoreboard,  # noqa: E402
                          image_report, random_pause, resolve)


def test_resolve_reads_unknown_bits_as_zero_and_marks_them():
    assert resolve(LogicArray("10H1")) == (0b1011, 0)
    assert resolve(LogicArray("1X0Z")) == (0b1000, 0b0101)
    assert resolve(LogicArray("LUW-")) == (0, 0b0111)
    assert resolve(0x1234) == (0x1234, 0)

    class Handle:  # what dut.rsp is to cocotb: .value is its LogicArray
        value = LogicArray("X1")
    assert resolve(Handle()) == (0b01, 0b10)
    with pytest.raises(spagm.SpagmError, match="resolve takes"):
        resolve("abc")


def _scoreboard_with_one_prediction(log=None):
    sb = Scoreboard(spagm.Predictor("pix", seed=3, name="tb.sb"), log)
    for addr, data in ((0x00, 5), (0x04, 4)):
        sb.predictor.cfg_write(addr, data)
    exp = sb.accept(spagm.Request(spagm.assemble("PIXLD.COVMASK R2, [R1+0x4];"), tag=1))
    return sb, exp


def _with_x(bits: int, xbit: int) -> LogicArray:
    text = list(format(bits, f"0{RSP_BITS}b"))
    text[RSP_BITS - 1 - xbit] = "X"
    return LogicArray("".join(text))


def test_x_outside_compared_bits_is_dont_care():
    sb, exp = _scoreboard_with_one_prediction()
    uncompared = ((1 << RSP_BITS) - 1) & ~exp.compare_mask().to_bits()
    assert sb.check(_with_x(exp.to_bits(), (uncompared & -uncompared).bit_length() - 1))
    assert sb.failures == 0 and sb.x_failures == 0 and not sb.reports


def test_x_in_a_compared_bit_is_the_predictors_mismatch(caplog):
    sb, exp = _scoreboard_with_one_prediction(logging.getLogger("tb"))
    compared = exp.compare_mask().to_bits()
    low = (compared & -compared).bit_length() - 1
    with caplog.at_level(logging.ERROR):
        assert not sb.check(_with_x(exp.to_bits() & ~(1 << low), low))  # X where a 0 is expected
    assert sb.x_failures == 1 and sb.failures == 1
    assert sb.reports[0].startswith("MISMATCH pix tag 1") and "R13" in sb.reports[0]  # the model's report
    assert f"X/Z: 1 unknown bit(s) where the port contract compares (the highest at rsp bit {low})" in sb.reports[0]
    assert "MISMATCH pix tag 1" in caplog.text
    assert sb.summary().rstrip().endswith("spagm predictor tb.sb: 0 passed, 1 failed")


def test_check_takes_a_response_an_int_or_a_logic_array():
    for value in (lambda e: e, lambda e: e.to_bits(), lambda e: LogicArray.from_unsigned(e.to_bits(), RSP_BITS)):
        sb, exp = _scoreboard_with_one_prediction()
        assert sb.check(value(exp)) and sb.failures == 0 and sb.last == exp


def test_wrong_response_fails_with_the_models_report():
    sb, exp = _scoreboard_with_one_prediction()
    wrong = exp.copy()
    wrong.wb_value[0][0] ^= 1
    assert not sb.check(LogicArray.from_unsigned(wrong.to_bits(), RSP_BITS))
    assert sb.failures == 1 and "MISMATCH pix tag 1" in sb.reports[0]


def test_random_pause_is_seeded():
    a, b = random_pause(7, 0.3), random_pause(7, 0.3)
    first = [next(a) for _ in range(1000)]
    assert first == [next(b) for _ in range(1000)] and 200 < sum(first) < 400
    with pytest.raises(spagm.SpagmError, match="fraction 1.5"):
        next(random_pause(1, 1.5))


def test_port_widths_are_public_and_checked():
    assert (REQ_BITS, RSP_BITS, CFG_WORDS) == (spagm.Request.BITS, spagm.Response.BITS, 32)

    class Port:
        def __init__(self, bits):
            self.bits = bits

        def __len__(self):
            return self.bits

    class Dut:
        _name = "acme_pix"
        req = Port(REQ_BITS - 8)
    with pytest.raises(spagm.SpagmError, match=f"acme_pix.req is {REQ_BITS - 8} bits, the port contract's is {REQ_BITS}"):
        RequestDriver(Dut(), None)


def _read_reports(spagm_regress, text):
    """The reports of text as the failure buckets read them
    (`spagm-regress --read-report`, docs/report-format.md): {key: value}
    per report; a header that breaks the grammar fails."""
    r = subprocess.run([spagm_regress, "--read-report", "-"], input=text, capture_output=True,
                       text=True)
    assert r.returncode == 0, f"{r.stderr}\n{text}"
    reports = []
    for line in r.stdout.splitlines():
        if line.startswith("report "):
            reports.append({})
        else:
            key, _, value = line.strip().partition(" ")
            reports[-1][key] = value.strip()
    return reports


def test_scoreboard_reports_follow_the_report_format(spagm_regress):
    sb, exp = _scoreboard_with_one_prediction()
    wrong = exp.copy()
    wrong.wb_value[0][0] ^= 1
    assert not sb.check(wrong)
    (r,) = _read_reports(spagm_regress, sb.reports[0])
    assert (r["kind"], r["unit"], r["subject"], r["tag"]) == ("mismatch", "pix", "response", "1")
    assert (r["insn"], r["field"]) == ("PIXLD.COVMASK", "write-back value")
    assert r["rule"].startswith("PIXLD.COVMASK") and "R13" in r["rule"]


def test_image_report_follows_the_report_format(spagm_regress):
    p = spagm.Predictor("attr", seed=4)
    text = image_report(p, 0x20000004, 0x12, 0x34, " at end of epoch 2")
    assert text == ("MISMATCH attr image at end of epoch 2: address 0x20000004 holds 0x00000012, "
                    "model has 0x00000034 (seed 4)")
    (r,) = _read_reports(spagm_regress, text)
    assert (r["unit"], r["subject"], r["field"], r["bucket"]) == (
        "attr", "image", "state image", "attr - | state image | -")
