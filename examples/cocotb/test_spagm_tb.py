# SPDX-License-Identifier: Apache-2.0
"""The testbench's scoreboard without a simulator: unknown (X/Z) bits of a
response are no error where the port contract does not compare, and a
mismatch where it does."""
import logging

from cocotb.types import LogicArray

import spagm_runner

spagm_runner.require_spagm()
import spagm  # noqa: E402
from spagm_tb import Options, Scoreboard, resolve  # noqa: E402


def test_resolve_reads_unknown_bits_as_zero_and_marks_them():
    assert resolve(LogicArray("10H1")) == (0b1011, 0)
    assert resolve(LogicArray("1X0Z")) == (0b1000, 0b0101)


def _scoreboard_with_one_prediction():
    sb = Scoreboard(Options(unit="pix", seed=3), logging.getLogger("test"))
    for addr, data in ((0x00, 5), (0x04, 4)):
        sb.p.cfg_write(addr, data)
    req = spagm.Request(spagm.assemble("PIXLD.COVMASK R2, [R1+0x4];"), tag=1)
    sb.accept(req)
    return sb, sb.expected[1]


def test_x_outside_compared_bits_passes():
    sb, exp = _scoreboard_with_one_prediction()
    uncompared = ((1 << spagm.Response.BITS) - 1) & ~exp.compare_mask().to_bits()
    sb.deliver(exp.to_bits(), uncompared & -uncompared)  # the lowest uncompared bit is X
    assert not sb.failed and sb.fig.xfailures == 0


def test_x_in_a_compared_bit_fails():
    sb, exp = _scoreboard_with_one_prediction()
    compared = exp.compare_mask().to_bits()
    sb.deliver(exp.to_bits(), compared & -compared)  # the lowest compared bit is X
    assert sb.failed and sb.fig.xfailures == 1
    assert "X or Z in bits the port contract compares" in sb.fig.reports[0]
