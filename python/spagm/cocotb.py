# SPDX-License-Identifier: Apache-2.0
"""spagm for cocotb testbenches (docs/python.md, "spagm.cocotb"): the
drivers, monitor and scoreboard every testbench of a spagm unit needs around
the ports of docs/port-contract.md, in the manner of cocotb's protocol
extensions: each component takes the DUT handle and its clock, runs its own
coroutine, and is steered by pause generators and callbacks.

- ``ConfigPort``: the configuration port, version 2 (N120): bursts of
  ``spagm.cfg_bursts``, loads into the DUT and the predictor alike, reads
  back and compares with the predictor;
- ``RequestDriver``: offers requests in order, ``req_valid`` paused by a
  generator; calls back at every accept (valid && ready);
- ``ResponseMonitor``: takes responses, ``rsp_ready`` paused by a generator
  (backpressure); calls back with the ``rsp`` value as cocotb reads it;
- ``Scoreboard``: ``spagm.Predictor`` around them: predicts at accept,
  checks at delivery by tag; takes cocotb's values (``LogicArray``, a
  handle, an int) with X/Z: an unknown bit where the port contract compares
  is a mismatch, elsewhere it is don't-care;
- ``TextureMemory``: the texture unit's memory port, answered with random
  latency and out of order.

Port widths are the package's: ``REQ_BITS``, ``RSP_BITS``, ``CFG_WORDS``.
"""
import random
from collections import deque
from typing import (Any, Callable, Deque, Dict, Iterable, Iterator, List, Optional, Sequence,
                    Tuple, Union)

import cocotb
from cocotb.triggers import Event, RisingEdge

from ._lib import arg_error
from .model import Request, Response, cfg_bursts
from .predictor import Predictor

__all__ = ["REQ_BITS", "RSP_BITS", "CFG_WORDS", "resolve", "random_pause", "reset",
           "wait_idle", "ConfigPort", "RequestDriver", "ResponseMonitor", "Scoreboard",
           "TextureMemory", "image_report"]

#: Width of a unit's ``req`` port (a packed spagm.Request).
REQ_BITS = Request.BITS
#: Width of a unit's ``rsp`` port (a packed spagm.Response).
RSP_BITS = Response.BITS
#: 32-bit words of one configuration burst (``cfg_wdata``/``cfg_rdata`` are 32 x 32 bits).
CFG_WORDS = 32

# The nine values of a logic bit: L and H are weak 0 and 1, the rest unknown.
_KNOWN = str.maketrans("LlHhXxZzUuWw-", "0011000000000")
_UNKNOWN = str.maketrans("01LlHhXxZzUuWw-", "000000111111111")
_LOGIC = str.maketrans("", "", "01LlHhXxZzUuWw-")  # deletes every logic character


def resolve(value: Any) -> Tuple[int, int]:
    """A port value as (bits, unknown bits): an int, a cocotb ``LogicArray``
    or ``Logic``, or a signal handle (its current value). X, Z, U, W and -
    read as 0 in ``bits`` and are set in ``unknown``; L and H are 0 and 1."""
    if hasattr(value, "value") and not isinstance(value, int):
        value = value.value  # a handle
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise arg_error(f"resolve takes an unsigned value, not {value}")
        return value, 0
    text = str(value)  # a LogicArray's bits, most significant first, in C
    try:
        return int(text, 2), 0
    except ValueError:  # unknown bits, or no logic value at all
        pass
    if not text or text.translate(_LOGIC):
        raise arg_error(f"resolve takes an int, a LogicArray or a handle, not {value!r}")
    return int(text.translate(_KNOWN), 2), int(text.translate(_UNKNOWN), 2)


def random_pause(seed: int, fraction: float) -> Iterator[bool]:
    """A pause generator: each cycle paused with probability ``fraction``,
    from its own seeded random stream (same seed, same pauses)."""
    if not 0.0 <= fraction < 1.0:
        raise arg_error(f"random_pause: fraction {fraction} is not in [0, 1)")
    rng = random.Random(seed)
    while True:
        yield rng.random() < fraction


def _width_check(dut: Any, port: str, bits: int) -> None:
    handle = getattr(dut, port)
    if len(handle) != bits:
        raise arg_error(f"{dut._name}.{port} is {len(handle)} bits, the port contract's is "
                         f"{bits} (docs/port-contract.md)")


async def reset(dut: Any, clock: Any, cycles: int = 3) -> None:
    """Hold ``rst_n`` low for ``cycles`` rising edges, then release it and wait one more."""
    dut.rst_n.value = 0
    for _ in range(cycles):
        await RisingEdge(clock)
    dut.rst_n.value = 1
    await RisingEdge(clock)


async def wait_idle(dut: Any, clock: Any, limit: int = 20000, what: str = "") -> int:
    """Wait for ``idle`` high; the cycles waited. AssertionError ("hang")
    after ``limit`` cycles, naming ``what`` the testbench was doing."""
    for n in range(limit):
        if dut.idle.value == 1:
            return n
        await RisingEdge(clock)
    raise AssertionError(f"hang: idle stayed low for {limit} cycles {what}".rstrip())


def image_report(predictor: Predictor, addr: int, got: int, want: int, what: str = "") -> str:
    """The report of a read-back word that differs from the model's, in
    the form of docs/report-format.md ("Image reports"): ``what`` says
    when (" at end of epoch 3")."""
    return (f"MISMATCH {predictor.unit} image{what}: address {addr:#010x} holds {got:#010x}, "
            f"model has {want:#010x} (seed {predictor.seed})")


class ConfigPort:
    """The configuration port of a unit (``cfg_valid``, ``cfg_ready``,
    ``cfg_write``, ``cfg_addr``, ``cfg_mask``, ``cfg_wdata``, ``cfg_rvalid``,
    ``cfg_rdata``; version 2, N120-N123): writes and reads in bursts of up
    to 32 words of one 128-byte block."""

    def __init__(self, dut: Any, clock: Any):
        """Drive ``dut``'s configuration port on rising edges of ``clock``."""
        self.dut, self.clock = dut, clock
        _width_check(dut, "cfg_wdata", 32 * CFG_WORDS)
        dut.cfg_valid.value = 0
        dut.cfg_write.value = 0

    async def write(self, words: Iterable[Tuple[int, int]]) -> None:
        """Write (addr, data) words to the DUT, in order, in bursts."""
        d = self.dut
        for addr, mask, data in cfg_bursts(words):
            d.cfg_valid.value, d.cfg_write.value = 1, 1
            d.cfg_addr.value, d.cfg_mask.value = addr, mask
            d.cfg_wdata.value = sum(w << (32 * k) for k, w in enumerate(data))
            await self._transfer()
        d.cfg_valid.value = 0

    async def load(self, words: Sequence[Tuple[int, int]], predictor: Predictor) -> None:
        """The same words into the predictor and the DUT, illegal ones
        included: the predictor ignores and counts them
        (``counts["ignored_writes"]``), as the port contract has the DUT
        ignore them."""
        for addr, data in words:
            predictor.cfg_write(addr, data)
        await self.write(words)

    async def read(self, addrs: Iterable[int]) -> Dict[int, int]:
        """Read the words at ``addrs`` from the DUT: {addr: data}. Unknown
        (X/Z) bits of ``cfg_rdata`` read as 0."""
        d, out = self.dut, {}
        for addr, mask, _ in cfg_bursts((a, 0) for a in addrs):
            d.cfg_valid.value, d.cfg_write.value = 1, 0
            d.cfg_addr.value, d.cfg_mask.value = addr, mask
            await self._transfer()
            d.cfg_valid.value = 0
            while True:
                await RisingEdge(self.clock)
                if d.cfg_rvalid.value == 1:
                    break
            rdata = resolve(d.cfg_rdata.value)[0]  # words outside the mask are ignored (N122)
            for k in range(CFG_WORDS):
                if mask >> k & 1:
                    out[addr + 4 * k] = rdata >> (32 * k) & 0xFFFFFFFF
        return out

    async def check_readback(self, addrs: Sequence[int], scoreboard: "Scoreboard",
                             what: str = "") -> int:
        """Read ``addrs`` back and compare each word with the predictor's
        (``cfg_read``: 0 where the unit's map has none); each difference is
        a failure of the scoreboard with its report. The differences."""
        got = await self.read(addrs)
        bad = 0
        for a in addrs:
            want = scoreboard.predictor.cfg_read(a)
            if got[a] != want:
                bad += 1
                scoreboard.fail(image_report(scoreboard.predictor, a, got[a], want, what))
        return bad

    async def _transfer(self) -> None:
        while True:
            await RisingEdge(self.clock)
            if self.dut.cfg_ready.value == 1:
                return


class RequestDriver:
    """Offers requests on ``req``/``req_valid`` in the order given and
    calls every ``on_accept`` callback with the request at its transfer
    (``req_valid && req_ready`` at a rising edge). ``pause``: a generator
    of booleans, one per offer cycle; True holds ``req_valid`` low
    (``random_pause``)."""

    def __init__(self, dut: Any, clock: Any, pause: Optional[Iterator[bool]] = None):
        """Drive ``dut``'s request port on rising edges of ``clock``."""
        _width_check(dut, "req", REQ_BITS)
        self.dut, self.clock, self._pause = dut, clock, pause
        self.on_accept: List[Callable[[Request], Any]] = []
        self._queue: Deque[Request] = deque()
        self._idle, self._wake = Event(), Event()
        self._idle.set()
        self.accepted = 0
        dut.req_valid.value = 0
        self._task = cocotb.start_soon(self._run())

    def set_pause_generator(self, pause: Optional[Iterator[bool]]) -> None:
        """Replace the pause generator (None: offer every cycle)."""
        self._pause = pause

    def send_nowait(self, request: Request) -> None:
        """Queue one request."""
        if not isinstance(request, Request):
            raise arg_error(f"send takes a spagm.Request, not {type(request).__name__}")
        self._queue.append(request)
        self._idle.clear()
        self._wake.set()

    async def send(self, request: Request) -> None:
        """Queue one request (it is offered in order; ``wait`` for the accept)."""
        self.send_nowait(request)

    def count(self) -> int:
        """Requests queued and not yet accepted."""
        return len(self._queue)

    async def wait(self) -> None:
        """Until every queued request was accepted."""
        await self._idle.wait()

    async def _run(self) -> None:
        d = self.dut
        while True:
            if not self._queue:
                d.req_valid.value = 0
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                await RisingEdge(self.clock)  # offers start at a clock edge
                continue
            if self._pause is not None and next(self._pause):
                d.req_valid.value = 0
                await RisingEdge(self.clock)
                continue
            req = self._queue[0]
            d.req.value = req.to_bits()
            d.req_valid.value = 1
            while True:
                await RisingEdge(self.clock)
                if d.req_ready.value == 1:
                    break
            self._queue.popleft()
            self.accepted += 1
            for cb in self.on_accept:
                cb(req)


class ResponseMonitor:
    """Takes responses from ``rsp``/``rsp_valid``, driving ``rsp_ready``:
    ``pause`` (a generator of booleans, one per cycle; True holds
    ``rsp_ready`` low) is the backpressure. Every ``on_response`` callback
    gets the ``rsp`` value as cocotb reads it (a ``LogicArray``, X/Z
    included) at each transfer."""

    def __init__(self, dut: Any, clock: Any, pause: Optional[Iterator[bool]] = None):
        """Take ``dut``'s responses on rising edges of ``clock``."""
        _width_check(dut, "rsp", RSP_BITS)
        self.dut, self.clock, self._pause = dut, clock, pause
        self.on_response: List[Callable[[Any], Any]] = []
        self.received = 0
        dut.rsp_ready.value = 0
        self._task = cocotb.start_soon(self._run())

    def set_pause_generator(self, pause: Optional[Iterator[bool]]) -> None:
        """Replace the pause generator (None: ready every cycle)."""
        self._pause = pause

    async def wait(self, total: int, limit: int = 20000) -> None:
        """Until ``total`` responses were received since the monitor
        started. AssertionError ("hang") after ``limit`` cycles without a
        response while some are missing."""
        seen, quiet = self.received, 0
        while self.received < total:
            await RisingEdge(self.clock)
            quiet = 0 if self.received != seen else quiet + 1
            seen = self.received
            if quiet >= limit:
                raise AssertionError(f"hang: no response for {limit} cycles, {self.received} of "
                                     f"{total} received")

    async def _run(self) -> None:
        d, ready = self.dut, 0
        while True:
            want = 0 if self._pause is not None and next(self._pause) else 1
            if want != ready:
                d.rsp_ready.value = ready = want
            await RisingEdge(self.clock)
            if ready and d.rsp_valid.value == 1:
                self.received += 1
                value = d.rsp.value
                for cb in self.on_response:
                    cb(value)


class Scoreboard:
    """``spagm.Predictor`` around the DUT: ``accept`` predicts each request
    the DUT accepted, in acceptance order; ``check`` compares each response
    it delivered with the prediction of its tag, in any order. ``check``
    takes cocotb's values: an unknown (X/Z) bit inside the bits the port
    contract compares (the expected response's ``compare_mask()``) is a
    mismatch, outside them don't-care. ``attach`` connects a RequestDriver
    and a ResponseMonitor. ``failures`` decides the test; ``reports``
    holds each mismatch's text."""

    def __init__(self, predictor: Predictor, log: Any = None, max_reports: int = 10):
        """Score against ``predictor``; reports go to ``log`` (a logging.Logger,
        e.g. ``dut._log``), the first ``max_reports`` kept in ``reports``."""
        if not isinstance(predictor, Predictor):
            raise arg_error(f"Scoreboard takes a spagm.Predictor, not "
                             f"{type(predictor).__name__}")
        self.predictor, self.log, self.max_reports = predictor, log, max_reports
        self.reports: List[str] = []
        self.x_failures = 0
        self._expected: Dict[int, Response] = {}  # by tag, for the X/Z rule
        self.last: Optional[Response] = None  # the response checked last
        self.on_check: List[Callable[[Response, int, Any], Any]] = []

    def attach(self, driver: RequestDriver, monitor: ResponseMonitor) -> None:
        """Predict at each of ``driver``'s accepts, check each of ``monitor``'s responses."""
        driver.on_accept.append(self.accept)
        monitor.on_response.append(self.check)

    def reset(self) -> None:
        """The DUT was reset: the predictor too (outstanding predictions are
        discarded, the model is at power-on state)."""
        self.predictor.reset()
        self._expected.clear()

    def accept(self, request: Request) -> Response:
        """The DUT accepted ``request``: the expected response, parked by tag."""
        exp = self.predictor.predict(request)
        self._expected[request.tag] = exp
        return exp

    def check(self, value: Any) -> bool:
        """The DUT delivered ``value`` (a LogicArray, a handle, an int or a
        spagm.Response): True when it matches its prediction under the port
        contract, X/Z bits included."""
        if isinstance(value, Response):
            rsp, bits, unknown = value, 0, 0
        else:
            bits, unknown = resolve(value)
            rsp = Response.from_bits(bits)
        self.last = rsp
        exp = self._expected.pop(rsp.tag, None)
        inside = 0
        if unknown and exp is not None:
            inside = exp.compare_mask().to_bits() & unknown
            if inside:  # each such bit given to the comparator as the opposite of the expected
                rsp = Response.from_bits((bits & ~inside) | (~exp.to_bits() & inside))
        res = self.predictor.check(rsp)
        if inside:
            self.x_failures += 1
            self._report(f"{res.report.rstrip()}\n  X/Z: {bin(inside).count('1')} unknown bit(s) "
                         f"where the port contract compares (the highest at rsp bit "
                         f"{inside.bit_length() - 1}), shown above as the opposite of the "
                         f"expected value")
        elif not res:
            self._report(res.report)
        for cb in self.on_check:
            cb(rsp, unknown, res)
        return bool(res)

    def fail(self, text: str) -> None:
        """Count a failure the testbench found (a read-back word, a check of its
        own) with its report; ``failures`` and the summary include it."""
        self.predictor.fail(text)
        self._report(text)

    def _report(self, text: str) -> None:
        if len(self.reports) < self.max_reports:
            self.reports.append(text)
        if self.log is not None:
            self.log.error("%s", text)

    @property
    def outstanding(self) -> int:
        """Predictions not answered yet."""
        return self.predictor.counts["outstanding"]

    @property
    def failures(self) -> int:
        """The predictor's failures (mismatches, unknown and duplicate tags,
        outstanding predictions, X/Z in compared bits, read-back words): 0 passed."""
        return self.predictor.failures

    def summary(self) -> str:
        """The predictor's summary; its last line the verdict."""
        return self.predictor.summary()


class TextureMemory:
    """The texture unit's memory port (``mem_req_*``, ``mem_rsp_*``;
    docs/port-contract.md, "Texture unit"): 32-byte lines of the words
    loaded, each request answered once, after 1 to ``max_latency`` cycles,
    in any order; ``mem_req_ready`` low in about ``1 - ready`` of the cycles."""

    def __init__(self, dut: Any, clock: Any, seed: int = 1, max_latency: int = 11,
                 ready: float = 0.8):
        """Answer ``dut``'s memory requests on rising edges of ``clock``."""
        self.dut, self.clock = dut, clock
        self.rng, self.max_latency, self.ready = random.Random(seed), max_latency, ready
        self.words: Dict[int, int] = {}
        dut.mem_req_ready.value = 0
        dut.mem_rsp_valid.value = 0
        self._task = cocotb.start_soon(self._run())

    def load(self, memory: Iterable[Tuple[int, int]]) -> None:
        """Replace the memory by these (va, data) 32-bit words (others read 0)."""
        self.words = dict(memory)

    def line(self, addr: int) -> int:
        """The 256-bit line at ``addr``, word k in bits [32k +: 32]."""
        w = self.words
        return sum(w.get((addr + 4 * k) % (1 << 48), 0) << (32 * k) for k in range(8))

    async def _run(self) -> None:
        d, rng = self.dut, self.rng
        waiting: List[List[int]] = []
        offered: Optional[List[int]] = None
        while True:
            ready = 1 if rng.random() < self.ready else 0
            d.mem_req_ready.value = ready
            await RisingEdge(self.clock)
            if ready and d.mem_req_valid.value == 1:
                waiting.append([rng.randrange(1, self.max_latency + 1),
                                int(d.mem_req_tag.value.to_unsigned()),
                                int(d.mem_req_addr.value.to_unsigned())])
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
