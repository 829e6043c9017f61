# SPDX-License-Identifier: Apache-2.0
"""A cocotb testbench of one spagm unit (docs/python.md): the pieces a
verification engineer reuses around the RTL of docs/port-contract.md.

- CfgPort:    loads state in version-2 bursts and reads the images back;
- ReqDriver:  offers requests with random gaps (valid/ready);
- RspMonitor: takes responses under random backpressure (rsp_ready);
- TexMemory:  the texture unit's memory port, answered with random latency
              and out of order;
- Scoreboard: spagm.Predictor: predict at accept, check at delivery by tag;
- run_unit:   per epoch reset, load, traffic, read-back, then the summary.

The stimulus is spagm's seeded stream (spagm.cosim_stream: the same seed
means the same requests as spagm-cosim) or a vector file. Nothing here
knows a unit's internals: the unit is a module with the contract's ports.
"""
import os
import random
import time
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Tuple

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

import spagm

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


# The nine values of a logic bit: L and H are weak 0 and 1, the rest unknown.
_KNOWN = str.maketrans("LlHhXxZzUuWw-", "0011000000000")
_UNKNOWN = str.maketrans("01LlHhXxZzUuWw-", "000000111111111")


def resolve(value) -> Tuple[int, int]:
    """A port value as (bits, unknown bits): X/Z/U/W/- read as 0 in bits and
    are set in unknown bits. Icarus starts registers at X; the port contract
    compares only some bits of a response, so an X elsewhere is no error."""
    if value.is_resolvable:
        return value.to_unsigned(), 0
    text = str(value)
    return int(text.translate(_KNOWN), 2), int(text.translate(_UNKNOWN), 2)


class CfgPort:
    """The configuration port, version 2 (N120-N123)."""

    def __init__(self, dut, clk):
        self.dut, self.clk = dut, clk
        dut.cfg_valid.value = 0
        dut.cfg_write.value = 0

    async def write(self, words: Iterable[Tuple[int, int]]) -> None:
        d = self.dut
        for addr, mask, data in spagm.cfg_bursts(words):
            d.cfg_valid.value, d.cfg_write.value = 1, 1
            d.cfg_addr.value, d.cfg_mask.value = addr, mask
            d.cfg_wdata.value = sum(w << (32 * k) for k, w in enumerate(data))
            await self._transfer()
        d.cfg_valid.value = 0

    async def read(self, addrs: List[int]) -> Dict[int, int]:
        d, out = self.dut, {}
        for addr, mask, _ in spagm.cfg_bursts((a, 0) for a in addrs):
            d.cfg_valid.value, d.cfg_write.value = 1, 0
            d.cfg_addr.value, d.cfg_mask.value = addr, mask
            await self._transfer()
            d.cfg_valid.value = 0
            while True:
                await RisingEdge(self.clk)
                if d.cfg_rvalid.value == 1:
                    break
            rdata = resolve(d.cfg_rdata.value)[0]  # unmasked words are ignored (N122)
            for k in range(32):
                if mask >> k & 1:
                    out[addr + 4 * k] = rdata >> (32 * k) & 0xFFFFFFFF
        return out

    async def _transfer(self) -> None:
        while True:
            await RisingEdge(self.clk)
            if self.dut.cfg_ready.value == 1:
                return


class ReqDriver:
    """Offers requests in order with random idle cycles; calls on_accept at
    every transfer (valid && ready at a rising edge)."""

    def __init__(self, dut, clk, rng: random.Random, gap_pct: int):
        self.dut, self.clk, self.rng, self.gap = dut, clk, rng, gap_pct / 100.0
        dut.req_valid.value = 0

    async def drive(self, requests: List[spagm.Request], on_accept) -> None:
        d = self.dut
        for req in requests:
            while self.rng.random() < self.gap:
                d.req_valid.value = 0
                await RisingEdge(self.clk)
            d.req.value = req.to_bits()
            d.req_valid.value = 1
            while True:
                await RisingEdge(self.clk)
                if d.req_ready.value == 1:
                    break
            on_accept(req)
        d.req_valid.value = 0


class RspMonitor:
    """Takes responses under random backpressure; calls on_response with the
    packed rsp value and its unknown (X/Z) bits at every transfer."""

    def __init__(self, dut, clk, rng: random.Random, stall_pct: int):
        self.dut, self.clk, self.rng, self.stall = dut, clk, rng, stall_pct / 100.0
        dut.rsp_ready.value = 0

    async def collect(self, count: int, on_response) -> None:
        d, got, ready = self.dut, 0, 0
        while got < count:
            want = 0 if self.rng.random() < self.stall else 1
            if want != ready:
                d.rsp_ready.value = ready = want
            await RisingEdge(self.clk)
            if ready and d.rsp_valid.value == 1:
                got += 1
                on_response(*resolve(d.rsp.value))
        d.rsp_ready.value = 0


class TexMemory:
    """The texture unit's memory port: 32-byte lines of the epoch's memory
    words, each request answered once after a random latency, in any order
    (docs/port-contract.md, "Texture unit")."""

    def __init__(self, dut, clk, rng: random.Random):
        self.dut, self.clk, self.rng = dut, clk, rng
        self.words: Dict[int, int] = {}
        dut.mem_req_ready.value = 0
        dut.mem_rsp_valid.value = 0

    def load(self, memory: List[Tuple[int, int]]) -> None:
        self.words = dict(memory)

    def line(self, addr: int) -> int:
        w = self.words
        return sum(w.get((addr + 4 * k) % (1 << 48), 0) << (32 * k) for k in range(8))

    async def serve(self) -> None:
        d, rng, waiting, offered = self.dut, self.rng, [], None
        while True:
            ready = 1 if rng.random() < 0.8 else 0
            d.mem_req_ready.value = ready
            await RisingEdge(self.clk)
            if ready and d.mem_req_valid.value == 1:
                waiting.append([rng.randrange(1, 12), int(d.mem_req_tag.value.to_unsigned()),
                                d.mem_req_addr.value.to_unsigned()])
            if offered is not None and d.mem_rsp_ready.value == 1:
                offered = None
            for w in waiting:
                w[0] -= 1
            if offered is None:
                due = [w for w in waiting if w[0] <= 0]
                if due:
                    offered = due[rng.randrange(len(due))]
                    waiting.remove(offered)
                    d.mem_rsp_tag.value = offered[1]
                    d.mem_rsp_data.value = self.line(offered[2])
            d.mem_rsp_valid.value = 1 if offered is not None else 0


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
    reports: List[str] = field(default_factory=list)


class Scoreboard:
    """spagm.Predictor around the DUT: predict at accept, in acceptance
    order; check at delivery, by tag; coverage of each prediction and of
    each response's order and depth (what spagm-cosim +cov samples)."""

    def __init__(self, o: Options, log):
        self.p = spagm.Predictor(o.unit, seed=o.seed, name=f"cocotb.{o.unit}")
        self.o, self.log, self.fig = o, log, Figures()
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
        self.outstanding, self.done_max, self.epoch = 0, 0, 0
        self.unwritten = 0  # pixel registers the epoch's load left at reset (N280)
        self.expected: Dict[int, spagm.Response] = {}  # by tag, for X checks

    def accept(self, req: spagm.Request) -> None:
        t0 = time.perf_counter()
        self.expected[req.tag] = self.p.predict(req)
        if self.cov is not None and self.o.cov_responses and self.unwritten:
            self.cov.sample_unwritten(self.o.unit, req, self.unwritten)
        if self.order is not None:
            self.order.accept(req.tag)
        self.fig.spagm_seconds += time.perf_counter() - t0
        self.fig.accepted += 1
        self.outstanding += 1

    def deliver(self, bits: int, xbits: int = 0) -> None:
        t0 = time.perf_counter()
        rsp = spagm.Response.from_bits(bits)
        if self.order is not None:
            self.order.deliver(rsp)
        exp = self.expected.pop(rsp.tag, None)
        res = self.p.check(rsp)
        if xbits and exp is not None and exp.compare_mask().to_bits() & xbits:
            msg = (f"MISMATCH {self.o.unit} tag {rsp.tag}: X or Z in bits the port contract "
                   f"compares (seed {self.o.seed})")
            self.fig.xfailures += 1
            self.fig.reports.append(msg)
            self.log.error("%s", msg)
        if self.cov is not None and self.o.cov_responses:
            self.cov.sample_response(self.o.unit, rsp.tag < self.done_max, self.outstanding,
                                     self.epoch > 0)
        self.fig.spagm_seconds += time.perf_counter() - t0
        self.done_max = max(self.done_max, rsp.tag)
        self.outstanding -= 1
        self.fig.responses += 1
        if not res:
            self.fig.reports.append(res.report)
            self.log.error("%s", res.report)

    @property
    def failed(self) -> bool:
        return self.p.failures > 0 or self.fig.readback_failures > 0 or self.fig.xfailures > 0


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


async def reset(dut, clk, cycles: int = 3) -> None:
    dut.rst_n.value = 0
    for _ in range(cycles):
        await RisingEdge(clk)
    dut.rst_n.value = 1
    await RisingEdge(clk)


async def wait_idle(dut, clk, limit: int, what: str) -> int:
    for n in range(limit):
        if dut.idle.value == 1:
            return n
        await RisingEdge(clk)
    raise AssertionError(f"hang: idle stayed low for {limit} cycles {what}")


async def run_unit(dut, o: Options) -> Scoreboard:
    """Long because it is the whole test in the order a reader follows it:
    clocks and ports, then per epoch reset, load, traffic and read-back,
    then the summary and the verdict."""
    log = dut._log
    clk = dut.clk
    Clock(clk, 10, unit="ns").start()
    rng = random.Random(o.seed * 7919 + 17)  # the testbench's own gaps and stalls
    bugs = read_bugs() if o.bug else {}
    bug_sel = 0
    if o.bug:
        bug_sel = int(o.bug, 0) if o.bug[0].isdigit() else bugs[o.bug][0]
    try:  # a port of the stand-in; a user's RTL may have none, or a constant
        dut.bug_sel.value = bug_sel
    except (AttributeError, TypeError):
        if bug_sel:
            raise AssertionError(f"defect {o.bug} asked for, but {dut._name} has no bug_sel input")
    cfg = CfgPort(dut, clk)
    drv = ReqDriver(dut, clk, rng, o.gap_pct)
    mon = RspMonitor(dut, clk, rng, o.stall_pct)
    mem = TexMemory(dut, clk, rng) if o.unit == "tex" else None
    if mem is not None:
        cocotb.start_soon(mem.serve())
    sb = Scoreboard(o, log)
    fig = sb.fig
    log.info("spagm cocotb %s: seed %d, %d requests, epochs of %d, bug %s%s", o.unit, o.seed,
             o.txns, o.epoch_txns, o.bug or "none", f", vectors {o.vectors}" if o.vectors else "")
    t_start, c_start = time.perf_counter(), cocotb.utils.get_sim_time("ns") // 10
    for ep in stimulus(o):
        part = ep.units[o.unit]
        sb.epoch = ep.epoch
        if sb.order is not None:
            sb.order.epoch(ep.epoch)
        await reset(dut, clk)
        sb.p.reset()  # the DUT's reset: power-on state on both sides
        # What spagm-cosim loads after the reset: a seeded epoch may leave
        # registers at their reset value (N280); a vector file's state is whole.
        load = part.load if part.load is not None else part.words
        sb.unwritten = part.unwritten
        t0 = time.perf_counter()
        # The illegal writes (N290) too: the predictor ignores them, as the DUT must.
        ignored = sb.p.counts["ignored_writes"]
        for addr, data in load:
            sb.p.cfg_write(addr, data)
        assert sb.p.counts["ignored_writes"] - ignored == len(part.illegal), \
            "the predictor took an illegal write of the epoch's load"
        if sb.cov is not None and o.cov_responses:
            for w in part.illegal:  # sampled at the load, as spagm-cosim does
                sb.cov.sample_illegal_write(o.unit, w.kind, w.after)
        for va, data in part.memory:
            sb.p.model.write_memory(o.unit, va, data)
        fig.spagm_seconds += time.perf_counter() - t0
        if mem is not None:
            mem.load(part.memory)
        await cfg.write(load)
        await wait_idle(dut, clk, o.hang_cycles, f"after the epoch {ep.epoch} load")
        collect = cocotb.start_soon(mon.collect(len(part.requests), sb.deliver))
        await drv.drive(part.requests, sb.accept)
        await collect
        await wait_idle(dut, clk, o.hang_cycles, f"after the epoch {ep.epoch} traffic")
        # spagm-cosim's read-back: the state map's, then the illegal writes'
        # addresses (N290); a vector file's epoch has only the former.
        addrs = part.readback or [a for a, _ in sb.p.model.readback_words(o.unit)]
        got = await cfg.read(addrs) if addrs else {}
        for a in addrs:
            fig.readback_words += 1
            want = sb.p.cfg_read(a)  # 0 where no word is (N123)
            if got.get(a) != want:
                fig.readback_failures += 1
                msg = (f"MISMATCH {o.unit} image at end of epoch {ep.epoch}: address {a:#010x} "
                       f"expected {want:#010x}, got {got.get(a, 0):#010x} (seed {o.seed})")
                fig.reports.append(msg)
                log.error("%s", msg)
        fig.epochs += 1
        if len(fig.reports) >= o.max_errors:
            log.error("stopping after %d mismatches (max_errors)", len(fig.reports))
            break
    fig.cycles = int(cocotb.utils.get_sim_time("ns") // 10 - c_start)
    fig.wall_seconds = time.perf_counter() - t_start
    if sb.cov is not None:
        sb.cov.write(o.cov)
    if sb.order is not None:
        sb.order.close()
    summarize(sb, o, log)
    return sb


def summarize(sb: Scoreboard, o: Options, log) -> None:
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
        f"x_failures={f.xfailures}", f"failures={sb.p.failures + f.readback_failures + f.xfailures}",
    ]
    log.info("spagm cocotb summary: %s", ", ".join(lines))
    log.info("%s", sb.p.summary())
    if o.report:
        tmp = o.report + ".tmp"
        with open(tmp, "w") as fh:
            fh.write("\n".join(lines) + "\n")
            fh.write("--- predictor summary\n" + sb.p.summary())
            if f.reports:
                fh.write("--- first mismatch\n" + f.reports[0] + "\n")
        os.replace(tmp, o.report)
