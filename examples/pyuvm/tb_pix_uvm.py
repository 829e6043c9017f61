# SPDX-License-Identifier: Apache-2.0
"""The pixel unit in a UVM environment (pyuvm) around spagm.Predictor.

    PixTest
     └ PixEnv
        ├ PixAgent: uvm_sequencer, PixDriver (requests, random gaps),
        │           PixMonitor (responses under backpressure)
        ├ PixPredictor (uvm_subscriber): spagm.Predictor.predict at accept
        └ PixScoreboard (uvm_subscriber): spagm.Predictor.check by tag,
                                          verdict in check_phase

The stimulus is spagm's seeded stream (spagm.cosim_stream, the requests
spagm-cosim sends for the same seed), one sequence per epoch; the epoch's
reset and configuration load go through spagm.cocotb.ConfigPort. Options
come from SPAGM_* variables (spagm_tb.Options).
"""
import random

import cocotb
from cocotb.triggers import RisingEdge
from pyuvm import (ConfigDB, uvm_analysis_port, uvm_component, uvm_driver, uvm_env,
                   uvm_monitor, uvm_root, uvm_sequence, uvm_sequence_item, uvm_sequencer,
                   uvm_subscriber, uvm_test)

import spagm
from spagm.cocotb import ConfigPort, reset, resolve, wait_idle
from spagm_tb import Options, read_bugs


class ReqItem(uvm_sequence_item):
    """One request (a spagm.Request, with its tag)."""

    def __init__(self, name, req=None):
        super().__init__(name)
        self.req = req


class EpochSeq(uvm_sequence):
    """The requests of one epoch, in order."""

    def __init__(self, name, requests=()):
        super().__init__(name)
        self.requests = list(requests)

    async def body(self):
        for r in self.requests:
            item = ReqItem(f"tag{r.tag}", r)
            await self.start_item(item)
            await self.finish_item(item)


class PixDriver(uvm_driver):
    """Drives each item's request with random idle cycles before it; writes
    the request to `accepted` when the unit takes it (valid && ready)."""

    def build_phase(self):
        self.accepted = uvm_analysis_port("accepted", self)
        self.dut, self.o = cocotb.top, ConfigDB().get(self, "", "OPTIONS")
        self.rng = random.Random(self.o.seed * 31 + 1)

    async def run_phase(self):
        d, clk = self.dut, self.dut.clk
        d.req_valid.value = 0
        while True:
            item = await self.seq_item_port.get_next_item()
            while self.rng.random() < self.o.gap_pct / 100:
                d.req_valid.value = 0
                await RisingEdge(clk)
            d.req.value = item.req.to_bits()
            d.req_valid.value = 1
            while True:
                await RisingEdge(clk)
                if d.req_ready.value == 1:
                    break
            d.req_valid.value = 0
            self.accepted.write(item.req)
            self.seq_item_port.item_done()


class PixMonitor(uvm_monitor):
    """Takes every response under random backpressure and writes it to `ap`."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        self.dut, self.o = cocotb.top, ConfigDB().get(self, "", "OPTIONS")
        self.rng = random.Random(self.o.seed * 31 + 2)
        self.count = 0

    async def run_phase(self):
        d, clk, ready = self.dut, self.dut.clk, 0
        d.rsp_ready.value = 0
        while True:
            want = 0 if self.rng.random() < self.o.stall_pct / 100 else 1
            if want != ready:
                d.rsp_ready.value = ready = want
            await RisingEdge(clk)
            if ready and d.rsp_valid.value == 1:
                self.count += 1
                self.ap.write(spagm.Response.from_bits(resolve(d.rsp.value)[0]))


class PixAgent(uvm_component):
    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        self.driver = PixDriver("driver", self)
        self.monitor = PixMonitor("monitor", self)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)


class PixPredictor(uvm_subscriber):
    """spagm.Predictor.predict for every accepted request, in acceptance order."""

    def build_phase(self):
        self.predictor = ConfigDB().get(self, "", "PREDICTOR")

    def write(self, req):
        self.predictor.predict(req)


class PixScoreboard(uvm_subscriber):
    """spagm.Predictor.check for every response; the verdict in check_phase."""

    def build_phase(self):
        self.predictor = ConfigDB().get(self, "", "PREDICTOR")
        self.reports = []

    def write(self, rsp):
        res = self.predictor.check(rsp)
        if not res:
            self.reports.append(res.report)
            self.logger.error(res.report)

    def check_phase(self):
        self.logger.info(self.predictor.summary())
        if self.predictor.failures:
            self.logger.error(f"{self.predictor.failures} failures; first:\n{self.reports[:1]}")


class PixEnv(uvm_env):
    def build_phase(self):
        self.agent = PixAgent("agent", self)
        self.predict = PixPredictor("predict", self)
        self.scoreboard = PixScoreboard("scoreboard", self)

    def connect_phase(self):
        self.agent.driver.accepted.connect(self.predict.analysis_export)
        self.agent.monitor.ap.connect(self.scoreboard.analysis_export)


class PixTest(uvm_test):
    """Per epoch: reset, load (DUT and predictor), one EpochSeq, drain."""

    def build_phase(self):
        self.o = Options.from_env()
        self.o.unit = "pix"
        self.predictor = spagm.Predictor("pix", seed=self.o.seed, name="uvm_test_top.env")
        ConfigDB().set(None, "*", "OPTIONS", self.o)
        ConfigDB().set(None, "*", "PREDICTOR", self.predictor)
        self.env = PixEnv("env", self)

    async def run_phase(self):
        self.raise_objection()
        dut, o = cocotb.top, self.o
        from cocotb.clock import Clock
        Clock(dut.clk, 10, unit="ns").start()
        dut.bug_sel.value = read_bugs()[o.bug][0] if o.bug else 0
        cfg = ConfigPort(dut, dut.clk)
        sent = 0
        for ep in spagm.cosim_stream(o.seed, "pix", o.txns, o.epoch_txns, o.illegal_ppm):
            part = ep.units["pix"]
            await reset(dut, dut.clk)
            self.predictor.reset()
            await cfg.load(part.words, self.predictor)
            await wait_idle(dut, dut.clk, o.hang_cycles, f"after the epoch {ep.epoch} load")
            await EpochSeq(f"epoch{ep.epoch}", part.requests).start(self.env.agent.seqr)
            sent += len(part.requests)
            for _ in range(o.hang_cycles):
                if self.env.agent.monitor.count >= sent:
                    break
                await RisingEdge(dut.clk)
            await wait_idle(dut, dut.clk, o.hang_cycles, f"after the epoch {ep.epoch} traffic")
        self.drop_objection()


@cocotb.test()
async def pix_uvm(dut):
    await uvm_root().run_test("PixTest")
    test = uvm_root().get_child("uvm_test_top")
    p = test.predictor
    assert p.counts["predicted"] == test.o.txns, p.summary()
    assert p.failures == 0, "\n".join(test.env.scoreboard.reports[:1]) + "\n" + p.summary()
