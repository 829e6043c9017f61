# SPDX-License-Identifier: Apache-2.0
"""Golden vector files (docs/vector-format.md): iterate the records of a
``.vec``, read all its transactions in bulk, write one."""
import os
from typing import Any, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._lib import UNITS, arg_error, ffi, lib, new_diag, raise_for, unit_index
from .model import Explanation, Model, Request, Response
from .stim import _mask

__all__ = ["VecReader", "VecWriter", "read_transactions", "Transactions",
           "EpochItem", "StateItem", "TxnItem", "ReadbackItem", "EndItem"]

PathLike = Union[str, os.PathLike]
_REQ = ffi.sizeof("spagm_request")
_RSP = ffi.sizeof("spagm_response")


class EpochItem(NamedTuple):
    epoch: int
    line: int


class StateItem(NamedTuple):
    unit: str
    words: List[Tuple[int, int]]
    memory: List[Tuple[int, int]]
    line: int


class TxnItem(NamedTuple):
    unit: str
    request: Request
    response: Response
    line: int


class ReadbackItem(NamedTuple):
    unit: str
    words: List[Tuple[int, int]]
    line: int


class EndItem(NamedTuple):
    txns: int
    line: int


_HEADER_FIELDS = ("version", "seed", "count", "epoch_txns", "illegal_ppm", "units", "epochs",
                  "sharded", "shard_index", "shard_count", "first_epoch", "shard_epochs")


def _header_dict(h) -> dict:
    out = {k: getattr(h, k) for k in _HEADER_FIELDS}
    out["generator"] = ffi.string(h.generator).decode()
    out["source"] = "random" if h.source == lib.SPAGM_VEC_SOURCE_RANDOM else "scenario"
    out["scenario"] = ffi.string(h.scenario).decode()
    out["unit_names"] = [UNITS[u] for u in range(lib.SPAGM_UNIT_COUNT) if h.units >> u & 1]
    return out


class VecReader:
    """``VecReader(path)`` or ``VecReader(text=b"...", name="x.vec")``:
    ``header`` (a dict) and, iterated, the file's records in order
    (EpochItem, StateItem, TxnItem, ReadbackItem, EndItem). A malformed
    file raises SpagmError ('format') naming the line and column."""

    def __init__(self, path: Optional[PathLike] = None, *, text: Optional[bytes] = None,
                 name: str = "<text>"):
        h = ffi.new("spagm_vec_header *")
        d = new_diag()
        if (path is None) == (text is None):
            raise arg_error("VecReader takes a path or text=, exactly one")
        if path is not None:
            if not isinstance(path, (str, os.PathLike)):
                raise arg_error(f"path must be a str or os.PathLike, not {type(path).__name__}")
            self.name = os.fspath(path)
            r = lib.spagm_vec_reader_open(_lib.cstr(self.name, "path"), h, d)
        else:
            if not isinstance(text, (bytes, bytearray)):
                raise arg_error(f"text must be bytes, not {type(text).__name__}")
            self.name = name
            self._text = ffi.from_buffer(bytes(text))  # kept alive: not copied by C
            r = lib.spagm_vec_reader_open_mem(self._text, len(text), _lib.cstr(name, "name"), h, d)
        if r == ffi.NULL:
            raise_for(d_status(d), d, self.name)
        self._r = ffi.gc(r, lib.spagm_vec_reader_free)
        self._h = h
        self.header = _header_dict(h)
        self._item = ffi.new("spagm_vec_item *")
        self._diag = d
        self._done = False

    def _next(self) -> int:
        st = lib.spagm_vec_next(self._r, self._item, self._diag)
        raise_for(st, self._diag, self.name)
        return self._item.kind

    def __iter__(self) -> Iterator:
        it = self._item
        while not self._done:
            k = self._next()
            u = UNITS[it.unit] if 0 <= it.unit < lib.SPAGM_UNIT_COUNT else ""
            if k == lib.SPAGM_VEC_TXN:
                req, rsp = Request.__new__(Request), Response.__new__(Response)
                req.cdata, rsp.cdata = ffi.new("spagm_request *"), ffi.new("spagm_response *")
                ffi.memmove(req.cdata, ffi.addressof(it, "req"), _REQ)
                ffi.memmove(rsp.cdata, ffi.addressof(it, "rsp"), _RSP)
                yield TxnItem(u, req, rsp, it.line)
            elif k == lib.SPAGM_VEC_EPOCH:
                yield EpochItem(it.epoch, it.line)
            elif k == lib.SPAGM_VEC_STATE:
                yield StateItem(u, _words(it.words), [(it.mem.w[i].va, it.mem.w[i].data)
                                                      for i in range(it.mem.n)], it.line)
            elif k == lib.SPAGM_VEC_READBACK:
                yield ReadbackItem(u, _words(it.words), it.line)
            else:
                self._done = True
                yield EndItem(it.txns, it.line)


def d_status(d) -> int:
    # A reader that could not open: the message says why; no status is
    # returned by the C call, so take the most specific one the text allows.
    msg = ffi.string(d.msg).decode(errors="replace")
    return lib.SPAGM_E_IO if ("cannot" in msg or "No such" in msg) and not d.line \
        else lib.SPAGM_E_FORMAT


def _words(lst) -> List[Tuple[int, int]]:
    return [(lst.w[i].addr, lst.w[i].data) for i in range(lst.n)]


class Transactions:
    """Every transaction of a file in C arrays, read without per-lane Python
    work: ``requests`` (``spagm_request[n]``), ``responses``, ``units``
    (a bytes of spagm_unit numbers) and ``lines``; ``len()``, indexing gives
    (unit, Request, Response) copies, ``numpy(field)`` a numpy view of one
    field over all transactions."""

    def __init__(self, header: dict):
        self.header = header
        self.n = 0
        self._cap = 0
        self.requests: Any = None  # cffi arrays, grown by _grow
        self.responses: Any = None
        self.units = bytearray()
        self.lines: List[int] = []

    def _grow(self, want: int) -> None:
        cap = max(want, 2 * self._cap, 256)
        reqs, rsps = ffi.new("spagm_request[]", cap), ffi.new("spagm_response[]", cap)
        if self.n:
            ffi.memmove(reqs, self.requests, self.n * _REQ)
            ffi.memmove(rsps, self.responses, self.n * _RSP)
        self.requests, self.responses, self._cap = reqs, rsps, cap

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> Tuple[str, Request, Response]:
        if not -self.n <= i < self.n:
            raise IndexError(i)
        i %= self.n
        req, rsp = Request.__new__(Request), Response.__new__(Response)
        req.cdata, rsp.cdata = ffi.new("spagm_request *"), ffi.new("spagm_response *")
        ffi.memmove(req.cdata, self.requests + i, _REQ)
        ffi.memmove(rsp.cdata, self.responses + i, _RSP)
        return UNITS[self.units[i]], req, rsp

    def numpy(self, field: str, response: bool = False):
        """A numpy array of shape (n, *field dims) viewing ``field`` of every
        request (or response); offsets and types come from the compiled
        structs."""
        import numpy as np
        ctype = "spagm_response" if response else "spagm_request"
        fields = dict(ffi.typeof(ctype).fields)
        if field not in fields:
            raise arg_error(f"{ctype} has no field {field!r}")
        ft, dims = fields[field].type, []
        while ft.kind == "array":
            dims.append(ft.length)
            ft = ft.item
        strides: List[int] = []
        inner = ffi.sizeof(ft)
        for k in reversed(dims):
            strides.insert(0, inner)
            inner *= k
        size = ffi.sizeof(ctype)
        dtype = np.dtype(f"<u{ffi.sizeof(ft)}")
        if self.n == 0:
            return np.zeros((0, *dims), dtype)
        base = self.responses if response else self.requests
        return np.ndarray((self.n, *dims), dtype, buffer=ffi.buffer(base, self.n * size),
                          offset=fields[field].offset, strides=(size, *strides))


def read_transactions(path: PathLike) -> Transactions:
    """Read a whole ``.vec`` (every CRC verified) into a Transactions: one C
    call and two block copies per transaction, no per-lane Python loops."""
    r = VecReader(path)
    out = Transactions(r.header)
    h = r.header
    if h["source"] == "random":
        out._grow(h["count"] * bin(h["units"]).count("1"))
    it = r._item
    req_src, rsp_src = ffi.addressof(it, "req"), ffi.addressof(it, "rsp")
    nxt, memmove, TXN, END = r._next, ffi.memmove, lib.SPAGM_VEC_TXN, lib.SPAGM_VEC_END
    units, lines = out.units, out.lines
    while True:
        k = nxt()
        if k == TXN:
            n = out.n
            if n == out._cap:
                out._grow(n + 1)
            memmove(out.requests + n, req_src, _REQ)
            memmove(out.responses + n, rsp_src, _RSP)
            units.append(it.unit)
            lines.append(it.line)
            out.n = n + 1
        elif k == END:
            return out


class VecWriter:
    """Write a ``.vec`` whole: ``VecWriter(path, seed=..., count=..., units=...)``
    for a random run's header (the options ``spagm gen`` records), or
    ``VecWriter(path, scenario="name.scn", units=...)``. Then epoch(),
    state(), txn(), readback() in file order, and close() (or use it as a
    context manager: an exception drops the file, nothing appears under
    ``path``)."""

    def __init__(self, path: PathLike, *, units: Union[str, Sequence[str]] = "pix",
                 seed: Optional[int] = None, count: int = 0, epoch_txns: int = 1000,
                 illegal_ppm: int = 10000, scenario: Optional[str] = None):
        h = ffi.new("spagm_vec_header *")
        d = new_diag()
        mask = _mask(units)
        if (seed is None) == (scenario is None):
            raise arg_error("VecWriter takes seed= (a random run) or scenario=, exactly one")
        if seed is not None:
            try:
                st = lib.spagm_vec_header_random(h, seed, count, epoch_txns, illegal_ppm, mask, d)
            except (OverflowError, TypeError) as e:
                raise arg_error(f"VecWriter options: {e}") from None
            raise_for(st, d, "spagm_vec_header_random")
        else:
            b = _lib.cstr(scenario, "scenario")
            if len(b) >= ffi.sizeof(h.scenario):
                raise arg_error("scenario name too long")
            h.version = 2
            h.generator = ("spagm " + _lib.pystr(lib.spagm_version())).encode()
            h.source = lib.SPAGM_VEC_SOURCE_SCENARIO
            h.scenario = b
            h.units = mask
            h.epochs = 1
        self.path = os.fspath(path)
        w = lib.spagm_vec_writer_open(_lib.cstr(self.path, "path"), h, d)
        if w == ffi.NULL:
            raise_for(lib.SPAGM_E_IO, d, self.path)
        self._w = w
        self._d = d

    def _live(self):
        if self._w is None:
            raise _lib.error(lib.SPAGM_E_STATE, f"{self.path}: the writer is closed")
        return self._w

    def epoch(self, epoch: int) -> None:
        """Start epoch ``epoch``."""
        raise_for(lib.spagm_vec_write_epoch(self._live(), epoch, self._d), self._d, self.path)

    def state(self, unit: Union[str, int], words: Iterable[Tuple[int, int]],
              memory: Iterable[Tuple[int, int]] = (), summary: Optional[str] = None) -> None:
        """A unit's state: configuration words, memory words, optional summary line."""
        lst, mem = ffi.new("spagm_cfg_list *"), ffi.new("spagm_mem_list *")
        try:
            for a, v in words:
                raise_for(lib.spagm_cfg_list_push(lst, a, v), None, "spagm_cfg_list_push")
            for a, v in memory:
                raise_for(lib.spagm_mem_list_push(mem, a, v), None, "spagm_mem_list_push")
            s = ffi.NULL if summary is None else _lib.cstr(summary, "summary")
            raise_for(lib.spagm_vec_write_state(self._live(), unit_index(unit), lst, mem, s,
                                                self._d), self._d, self.path)
        finally:
            lib.spagm_cfg_list_free(lst)
            lib.spagm_mem_list_free(mem)

    def txn(self, unit: Union[str, int], request: Request, response: Response,
            explanation: Optional[Explanation] = None) -> None:
        """One transaction of ``unit``: request, expected response, optional explanation."""
        if not isinstance(request, Request) or not isinstance(response, Response):
            raise arg_error("txn takes a spagm.Request and a spagm.Response")
        ex = ffi.NULL if explanation is None else explanation.cdata
        raise_for(lib.spagm_vec_write_txn(self._live(), unit_index(unit), request.cdata, response.cdata,
                                          ex, self._d), self._d, self.path)

    def readback(self, unit: Union[str, int], words: Iterable[Tuple[int, int]]) -> None:
        """The (addr, data) words the end-of-epoch read-back expects."""
        lst = ffi.new("spagm_cfg_list *")
        try:
            for a, v in words:
                raise_for(lib.spagm_cfg_list_push(lst, a, v), None, "spagm_cfg_list_push")
            raise_for(lib.spagm_vec_write_readback(self._live(), unit_index(unit), lst, self._d),
                      self._d, self.path)
        finally:
            lib.spagm_cfg_list_free(lst)

    def close(self) -> None:
        """Write the trailer and rename the file into place."""
        w, self._w = self._live(), None
        raise_for(lib.spagm_vec_writer_close(w, self._d), self._d, self.path)

    def abort(self) -> None:
        """Drop the file: nothing is written."""
        if self._w is not None:
            lib.spagm_vec_writer_abort(self._w)
            self._w = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        if exc_type is None:
            self.close()
        else:
            self.abort()

    def __del__(self):
        self.abort()
