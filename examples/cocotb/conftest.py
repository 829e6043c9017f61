# SPDX-License-Identifier: Apache-2.0
"""Options of `pytest examples/cocotb` (docs/python.md)."""
import pytest


def pytest_addoption(parser):
    g = parser.getgroup("spagm cocotb")
    g.addoption("--rtl", action="append", default=[], metavar="UNIT=FILE.f",
                help="your RTL for UNIT (attr, pix, tex): a Verilog file list (as SPAGM_<UNIT>_RTL)")
    g.addoption("--top", action="append", default=[], metavar="UNIT=MODULE",
                help="the top module of your RTL for UNIT (as SPAGM_<UNIT>_TOP)")
    g.addoption("--seed", type=int, default=1, help="stimulus seed (spagm-cosim's +seed)")
    g.addoption("--txns", type=int, default=0, help="requests per unit (default: a short run)")
    g.addoption("--waves", action="store_true", help="write FST waves of each run")


def _pairs(values):
    out = {}
    for v in values:
        unit, sep, what = v.partition("=")
        if not sep or unit not in ("attr", "pix", "tex"):
            raise pytest.UsageError(f"expected UNIT=VALUE with UNIT attr, pix or tex: {v!r}")
        out[unit] = what
    return out


@pytest.fixture(scope="session")
def cocotb_options(request):
    c = request.config
    return {"rtl": _pairs(c.getoption("--rtl")), "top": _pairs(c.getoption("--top")),
            "seed": c.getoption("--seed"), "txns": c.getoption("--txns"),
            "waves": c.getoption("--waves")}
