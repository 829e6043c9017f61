# SPDX-License-Identifier: Apache-2.0
"""The cocotb test of any spagm unit (run by test_cocotb_units.py through
cocotb's runner; the options come from SPAGM_* variables, spagm_tb.Options)."""
import cocotb

from spagm_tb import Options, run_unit


@cocotb.test()
async def spagm_unit(dut):
    o = Options.from_env()
    sb = await run_unit(dut, o)
    first = sb.reports[0] if sb.reports else ""
    assert not sb.failed, (f"{o.unit} seed {o.seed}: {sb.failures} failures ("
                           f"{sb.fig.readback_failures} read-back)\n{first}\n"
                           f"{sb.p.summary()}")
    assert sb.fig.accepted > 0, "no request was accepted"
