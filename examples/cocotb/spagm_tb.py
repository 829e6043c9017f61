# SPDX-License-Identifier: Apache-2.0
"""A cocotb testbench of one spagm unit (docs/python.md) on spagm.cocotb:
its ConfigPort, RequestDriver, ResponseMonitor, TextureMemory and
Scoreboard, with what this bench adds to them:

- Bench:      the scoreboard with the run's figures, coverage of every
              prediction and response, and the accept/deliver order;
- run_unit:   per epoch reset, load, traffic, read-back, then the summary.

The stimulus is spagm's seeded stream (spagm.cosim_stream: the same seed
means the same requests as spagm-cosim) or a vector file. Nothing here
knows a unit's internals: the unit is a module with the contract's ports.
"""
import os
import time
from dataclasses import dataclass
from typing import Dict, Iterable, Tuple

from cocotb.clock import Clock
from cocotb.utils import get_sim_time

import spagm
from spagm.cocotb import (ConfigPort, RequestDriver, ResponseMonitor, Scoreboard, TextureMemory,
                          random_pause, reset, wait_idle)

HERE = os.path.dirname(os.path.abspath(__file__))
BUGS_TSV = os.path.join(HERE, "..", "..", "rtl_stubs", "bugs.tsv")


def read_bugs(path: str = BUGS_TSV) -> Dict[str, Tuple[int, str, str]]:
    """name -> (bug_sel, unit, plusargs) from rtl_stubs/bugs.tsv."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            out[cols[2]] = (int(cols[0]), cols[1], cols[4] if len(cols) > 4 else "")
    return out


@dataclass
class Options:
    """What a run does; from the environment (the pytest runner sets it)."""

    unit: str = "pix"
    seed: int = 1
    txns: int = 200
    epoch_txns: int = 100
    illegal_ppm: int = 10000
    bug: str = ""            # a defect of rtl_stubs/bugs.tsv by name (or its number)
    vectors: str = ""        # a .vec file instead of the seeded stream
    cov: str = ""            # write the run's coverage database here
    cov_input: str = ""      # its input name (default "cocotb --unit U --seed S --txns N")
    cov_responses: int = 1   # 0: sample predictions only, not the responses' order and depth
    cov_order: str = ""      # write the accept/deliver order here (spagm.cosim.OrderLog, N232)
    report: str = ""         # write the summary (key=value lines) here
    gap_pct: int = 30        # chance of an idle cycle before a request
    stall_pct: int = 30      # chance of rsp_ready low in a cycle
    max_errors: int = 10     # stop after this many mismatches
    hang_cycles: int = 20000  # cycles without progress that mean a hang

    @classmethod
    def from_env(cls) -> "Options":
        o = cls()
        for name, f in cls.__dataclass_fields__.items():
            v = os.environ.get("SPAGM_" + name.upper())
            if v is not None:
                setattr(o, name, int(v, 0) if f.type in (int, "int") else v)
        return o


@dataclass
class Figures:
    epochs: int = 0
    accepted: int = 0
    responses: int = 0
    cycles: int = 0
    readback_words: int = 0
    readback_failures: int = 0
    xfailures: int = 0          # responses with X/Z in compared bits
    spagm_seconds: float = 0.0
    wall_seconds: float = 0.0


class Bench(Scoreboard):
    """spagm.cocotb's Scoreboard with the run's figures (time in spagm),
    coverage of each prediction and of each response's order and depth
    (what spagm-cosim +cov samples) and the accept/deliver order
    (spagm.cosim.OrderLog, N232)."""

    def __init__(self, o: Options, log):
        super().__init__(spagm.Predictor(o.unit, seed=o.seed, name=f"cocotb.{o.unit}"), log,
                         max_reports=o.max_errors)
        self.o, self.fig = o, Figures()
        self.p = self.predictor
        self.cov = None
        if o.cov:
            self.cov = spagm.Coverage()
            self.cov.begin_input(o.cov_input or f"cocotb --unit {o.unit} --seed {o.seed} --txns {o.txns}")
            self.p.set_coverage(self.cov)
        self.order = None  # the events spagm.cosim_replay feeds to spagm-cosim's scoreboard
        if o.cov_order:
            if o.vectors:
                raise AssertionError("cov_order records the seeded stream's run, not a vector file's")
            self.order = spagm.cosim.OrderLog(o.cov_order, o.unit, o.seed, o.txns, o.epoch_txns,
                                              o.illegal_ppm)
        self.outstanding_now, self.done_max, self.epoch = 0, 0, 0
        self.unwritten = 0  # pixel registers the epoch's load left at reset (N280)

    def accept(self, req: spagm.Request) -> spagm.Response:
        t0 = time.perf_counter()
        exp = super().accept(req)
        if self.cov is not None and self.o.cov_responses and self.unwritten:
            self.cov.sample_unwritten(self.o.unit, req, self.unwritten)
        if self.order is not None:
            self.order.accept(req.tag)
        self.fig.spagm_seconds += time.perf_counter() - t0
        self.fig.accepted += 1
        self.outstanding_now += 1
        return exp

    def check(self, value) -> bool:
        t0 = time.perf_counter()
        x_before = self.x_failures
        ok = super().check(value)
        rsp = self.last
        if self.order is not None:
            self.order.deliver(rsp)
        if self.cov is not None and self.o.cov_responses:
            self.cov.sample_response(self.o.unit, rsp.tag < self.done_max, self.outstanding_now,
                                     self.epoch > 0)
        self.fig.spagm_seconds += time.perf_counter() - t0
        self.fig.xfailures += self.x_failures - x_before
        self.done_max = max(self.done_max, rsp.tag)
        self.outstanding_now -= 1
        self.fig.responses += 1
        return ok

    @property
    def failed(self) -> bool:
        return self.failures > 0


def stimulus(o: Options) -> Iterable[spagm.stim.Epoch]:
    """The seeded stream of spagm-cosim, or the epochs of a vector file."""
    if not o.vectors:
        yield from spagm.cosim_stream(o.seed, o.unit, o.txns, o.epoch_txns, o.illegal_ppm)
        return
    epoch, words, memory, reqs = None, [], [], []
    for item in spagm.VecReader(o.vectors):
        if isinstance(item, (spagm.vec.EpochItem, spagm.vec.EndItem)):
            if epoch is not None:
                yield spagm.stim.Epoch(epoch, {o.unit: spagm.stim.UnitEpoch(
                    o.unit, words, memory, "", reqs)})
            if isinstance(item, spagm.vec.EpochItem):
                epoch, words, memory, reqs = item.epoch, [], [], []
        elif isinstance(item, spagm.vec.StateItem) and item.unit == o.unit:
            words, memory = item.words, item.memory
        elif isinstance(item, spagm.vec.TxnItem) and item.unit == o.unit:
            reqs.append(item.request)


async def run_unit(dut, o: Options) -> Bench:
    """The whole test in the order a reader follows it: clock and ports,
    then per epoch reset, load, traffic and read-back, then the summary."""
    log, clk = dut._log, dut.clk
    Clock(clk, 10, unit="ns").start()
    bug_sel = 0
    if o.bug:
        bug_sel = int(o.bug, 0) if o.bug[0].isdigit() else read_bugs()[o.bug][0]
    try:  # a port of the stand-in; a user's RTL may have none, or a constant
        dut.bug_sel.value = bug_sel
    except (AttributeError, TypeError):
        if bug_sel:
            raise AssertionError(f"defect {o.bug} asked for, but {dut._name} has no bug_sel input")
    seed = o.seed * 7919 + 17  # the testbench's own gaps, stalls and memory latencies
    cfg = ConfigPort(dut, clk)
    drv = RequestDriver(dut, clk, pause=random_pause(seed, o.gap_pct / 100))
    mon = ResponseMonitor(dut, clk, pause=random_pause(seed + 1, o.stall_pct / 100))
    mem = TextureMemory(dut, clk, seed=seed + 2) if o.unit == "tex" else None
    sb = Bench(o, log)
    sb.attach(drv, mon)
    fig = sb.fig
    log.info("spagm cocotb %s: seed %d, %d requests, epochs of %d, bug %s%s", o.unit, o.seed,
             o.txns, o.epoch_txns, o.bug or "none", f", vectors {o.vectors}" if o.vectors else "")
    t_start, c_start = time.perf_counter(), get_sim_time("ns") // 10
    for ep in stimulus(o):
        part = ep.units[o.unit]
        sb.epoch = ep.epoch
        if sb.order is not None:
            sb.order.epoch(ep.epoch)
        await reset(dut, clk)
        sb.reset()  # the DUT's reset: power-on state on both sides
        # What spagm-cosim loads after the reset, illegal writes included
        # (N290): a seeded epoch may leave registers at their reset value
        # (N280); a vector file's state is whole.
        load = part.load if part.load is not None else part.words
        sb.unwritten = part.unwritten
        t0 = time.perf_counter()
        if sb.cov is not None and o.cov_responses:
            sb.cov.sample_load(o.unit, part.illegal, part.rewrites)  # as spagm-cosim does
        for va, data in part.memory:
            sb.p.model.write_memory(o.unit, va, data)
        fig.spagm_seconds += time.perf_counter() - t0
        if mem is not None:
            mem.load(part.memory)
        ignored = sb.p.counts["ignored_writes"]
        await cfg.load(load, sb.p)
        assert sb.p.counts["ignored_writes"] - ignored == len(part.illegal), \
            "the predictor took an illegal write of the epoch's load"
        await wait_idle(dut, clk, o.hang_cycles, f"after the epoch {ep.epoch} load")
        for req in part.requests:
            drv.send_nowait(req)
        await mon.wait(fig.responses + len(part.requests), o.hang_cycles)
        await wait_idle(dut, clk, o.hang_cycles, f"after the epoch {ep.epoch} traffic")
        # spagm-cosim's read-back: the state map's, then the illegal writes'
        # addresses (N290); a vector file's epoch has only the former.
        addrs = list(part.readback) or [a for a, _ in sb.p.model.readback_words(o.unit)]
        fig.readback_words += len(addrs)
        fig.readback_failures += await cfg.check_readback(addrs, sb, f" at end of epoch {ep.epoch}")
        fig.epochs += 1
        if len(sb.reports) >= o.max_errors:
            log.error("stopping after %d mismatches (max_errors)", len(sb.reports))
            break
    fig.cycles = int(get_sim_time("ns") // 10 - c_start)
    fig.wall_seconds = time.perf_counter() - t_start
    if sb.cov is not None:
        sb.cov.write(o.cov)
    if sb.order is not None:
        sb.order.close()
    summarize(sb, o, log)
    return sb


def summarize(sb: Bench, o: Options, log) -> None:
    """The summary figures, to the log and (o.report) a key=value file."""
    f = sb.fig
    rate = f.accepted / f.wall_seconds if f.wall_seconds else 0.0
    share = 100.0 * f.spagm_seconds / f.wall_seconds if f.wall_seconds else 0.0
    lines = [
        f"unit={o.unit}", f"seed={o.seed}", f"bug={o.bug or 'none'}", f"epochs={f.epochs}",
        f"accepted={f.accepted}", f"responses={f.responses}", f"cycles={f.cycles}",
        f"cycles_per_txn={f.cycles / f.accepted if f.accepted else 0:.2f}",
        f"wall_seconds={f.wall_seconds:.3f}", f"txns_per_second={rate:.1f}",
        f"spagm_seconds={f.spagm_seconds:.4f}", f"spagm_share_pct={share:.2f}",
        f"readback_words={f.readback_words}", f"readback_failures={f.readback_failures}",
        f"x_failures={f.xfailures}", f"failures={sb.failures}",
    ]
    log.info("spagm cocotb summary: %s", ", ".join(lines))
    log.info("%s", sb.summary())
    if o.report:
        tmp = o.report + ".tmp"
        with open(tmp, "w") as fh:
            fh.write("\n".join(lines) + "\n")
            fh.write("--- predictor summary\n" + sb.summary())
            if sb.reports:
                fh.write("--- first mismatch\n" + sb.reports[0] + "\n")
        os.replace(tmp, o.report)
