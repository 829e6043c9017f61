# SPDX-License-Identifier: Apache-2.0
"""The pixel unit's whole testbench on spagm.cocotb: spagm-cosim's seeded
stream with its illegal configuration writes unchanged, requests with random
gaps, responses under random backpressure, each predicted at accept and
checked by its tag, the state read back after every epoch. SPAGM_SEED,
SPAGM_TXNS and SPAGM_BUG_SEL (a defect of rtl_stubs/bugs.tsv) steer it."""
import os

import cocotb
from cocotb.clock import Clock

import spagm
from spagm.cocotb import (ConfigPort, RequestDriver, ResponseMonitor, Scoreboard, random_pause,
                          reset, wait_idle)


@cocotb.test()
async def pix_unit_matches_the_model(dut):
    seed, txns = int(os.environ.get("SPAGM_SEED", "1")), int(os.environ.get("SPAGM_TXNS", "200"))
    dut.bug_sel.value = int(os.environ.get("SPAGM_BUG_SEL", "0"))
    Clock(dut.clk, 10, unit="ns").start()
    cfg = ConfigPort(dut, dut.clk)
    driver = RequestDriver(dut, dut.clk, pause=random_pause(seed, 0.3))
    monitor = ResponseMonitor(dut, dut.clk, pause=random_pause(seed + 1, 0.3))
    sb = Scoreboard(spagm.Predictor("pix", seed=seed, name="cocotb.pix_short"), dut._log)
    sb.attach(driver, monitor)
    sent = 0
    for epoch in spagm.cosim_stream(seed, "pix", txns=txns, epoch_txns=txns // 2):
        part = epoch.units["pix"]
        await reset(dut, dut.clk)
        sb.reset()
        await cfg.load(part.load, sb.predictor)  # the DUT and the predictor ignore illegal words
        await wait_idle(dut, dut.clk)
        for request in part.requests:
            driver.send_nowait(request)
        sent += len(part.requests)
        await monitor.wait(sent)
        await cfg.check_readback(part.readback, sb)
    dut._log.info("%s", sb.summary())
    assert sb.failures == 0, sb.reports[0] if sb.reports else sb.summary()
