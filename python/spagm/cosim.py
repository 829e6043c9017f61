# SPDX-License-Identifier: Apache-2.0
"""The order a testbench saw, and the co-simulation's scoreboard fed with it.

A cocotb run's coverage samples predictions (what ran) and responses (in
which order they came back, how many were in flight): the second depend on
the DUT's timing. ``OrderLog`` records the run's events (each epoch, each
accepted tag, each delivered response as the DUT drove it);
``cosim_replay`` feeds the same events to spagm-cosim's own C scoreboard
(cosim/check.c: ``spagm_cosim_accept`` at each accept, ``spagm_cosim_check``
at each delivery) over the same seeded stream, so its coverage database is
the co-simulation's for the same transactions in the same order (N232).

The order file is text, one event a line::

    spagm-order 1 unit=pix seed=5 txns=120 epoch_txns=60 illegal_ppm=10000
    epoch 0
    accept 1
    deliver 1 <the rsp port value in hex>
"""
import os
from typing import Optional, Union

from ._lib import arg_error, cstr, error, ffi, lib, new_diag, raise_for, unit_index, UNITS
from .model import Request, Response

__all__ = ["OrderLog", "cosim_replay"]

_MAGIC = "spagm-order 1"
_KEYS = ("unit", "seed", "txns", "epoch_txns", "illegal_ppm")


class OrderLog:
    """Events of one unit's run, written whole to ``path`` by ``close()``
    (temp file, then rename); nothing is written when the run raised."""

    def __init__(self, path: Union[str, os.PathLike], unit: Union[str, int], seed: int,
                 txns: int, epoch_txns: int, illegal_ppm: int):
        u = UNITS[unit_index(unit)]
        for k, v in (("seed", seed), ("txns", txns), ("epoch_txns", epoch_txns),
                     ("illegal_ppm", illegal_ppm)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise arg_error(f"OrderLog: {k} must be an int >= 0, not {v!r}")
        self.path = os.fspath(path)
        self._lines = [f"{_MAGIC} unit={u} seed={seed} txns={txns} epoch_txns={epoch_txns} "
                       f"illegal_ppm={illegal_ppm}"]

    def epoch(self, number: int) -> None:
        """Record the start of epoch ``number`` (after its reset and load)."""
        self._lines.append(f"epoch {int(number)}")

    def accept(self, tag: int) -> None:
        """Record that the DUT accepted the request of ``tag``."""
        self._lines.append(f"accept {int(tag)}")

    def deliver(self, response: Union[Response, int]) -> None:
        """Record a response as the DUT drove it (a Response or the packed rsp value)."""
        if not isinstance(response, Response):
            response = Response.from_bits(response)
        self._lines.append(f"deliver {response.cdata.tag} {response.to_bits():x}")

    def close(self) -> None:
        """Write the events to ``path`` whole (temp file, then rename)."""
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(self._lines) + "\n")
        os.replace(tmp, self.path)


def _header(line: str, where: str) -> dict:
    if not line.startswith(_MAGIC + " "):
        raise error(lib.SPAGM_E_FORMAT, f"{where}:1: not a spagm order file (no '{_MAGIC}')", 1)
    fields = dict(kv.split("=", 1) for kv in line[len(_MAGIC) + 1:].split() if "=" in kv)
    missing = [k for k in _KEYS if k not in fields]
    if missing:
        raise error(lib.SPAGM_E_FORMAT, f"{where}:1: header lacks {', '.join(missing)}", 1)
    try:
        return {"unit": unit_index(fields["unit"]),
                **{k: int(fields[k]) for k in _KEYS[1:]}}
    except (ValueError, Exception) as e:
        raise error(lib.SPAGM_E_FORMAT, f"{where}:1: bad header: {e}", 1) from None


def cosim_replay(order: Union[str, os.PathLike], cov_path: Union[str, os.PathLike]) -> str:
    """Feed the events of the order file ``order`` to the co-simulation's
    scoreboard over the seeded stream its header names, write that
    scoreboard's coverage database to ``cov_path`` (as ``spagm-cosim +cov``
    writes it: input name "cosim seed=S") and return its summary text. A
    malformed file, or one whose accepted tags are not the stream's,
    raises SpagmError naming file:line; a response that does not match
    the model is a failure in the summary, as in a co-simulation."""
    where = os.fspath(order)
    if not isinstance(where, str):
        raise arg_error(f"cosim_replay: order must be a path, not {type(order).__name__}")
    try:
        with open(where, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise error(lib.SPAGM_E_IO, f"{where}: {e.strerror or e}") from None
    h = _header(lines[0] if lines else "", where)
    o = ffi.new("spagm_cosim_opts *")
    lib.spagm_cosim_opts_default(o)
    o.seed, o.txns, o.units = h["seed"], h["txns"], 1 << h["unit"]
    o.epoch_txns, o.illegal_ppm, o.check = h["epoch_txns"], h["illegal_ppm"], True
    o.max_errors = 0xFFFFFFFF  # every response compared and sampled
    d = new_diag()
    c = lib.spagm_cosim_new(o, d)
    if c == ffi.NULL:
        raise_for(lib.SPAGM_E_ARG, d, "spagm_cosim_new")
    c = ffi.gc(c, lib.spagm_cosim_free)
    if not lib.spagm_cosim_set_coverage(c, cstr(os.fspath(cov_path), "cov_path")):
        raise error(lib.SPAGM_E_NOMEM, "spagm_cosim_set_coverage failed")
    _replay_events(c, h["unit"], lines, where)
    buf, size = ffi.new("char **"), ffi.new("size_t *")
    out = lib.open_memstream(buf, size)
    if out == ffi.NULL:
        raise error(lib.SPAGM_E_NOMEM, "open_memstream failed")
    lib.spagm_cosim_finish(c, out, len(lines), 0.0)
    lib.fclose(out)
    text = ffi.string(buf[0], size[0]).decode(errors="replace")
    lib.free(buf[0])
    if not os.path.exists(os.fspath(cov_path)):
        raise error(lib.SPAGM_E_IO, f"{os.fspath(cov_path)}: the coverage database was not written\n{text}")
    return text


def _replay_events(c, unit: int, lines, where: str) -> None:
    """accept and check in the recorded order; the event's line number is
    the cycle the scoreboard is told."""
    req = Request()
    for n, line in enumerate(lines[1:], start=2):
        word = line.split()
        try:
            bad = _event(c, unit, req, word, n)
        except ValueError as e:  # a number that is none
            bad = f"'{line}': {e}"
        if bad:
            raise error(lib.SPAGM_E_FORMAT, f"{where}:{n}: {bad}", n)


def _event(c, unit: int, req: Request, word, n: int) -> Optional[str]:
    """One event line given to the scoreboard; what is wrong with it, or None."""
    if len(word) == 2 and word[0] == "epoch":
        if not lib.spagm_cosim_begin_epoch(c) or lib.spagm_cosim_epoch(c) != int(word[1]):
            return f"epoch {word[1]} is not the stream's next epoch"
    elif len(word) == 2 and word[0] == "accept":
        if not lib.spagm_cosim_next_request(c, unit, req.cdata):
            return "more requests accepted than the stream holds"
        if req.cdata.tag != int(word[1]):  # requests are accepted in the stream's order
            return f"accepted tag {word[1]}, the stream's next request has tag {req.cdata.tag}"
        lib.spagm_cosim_accept(c, unit, req.cdata, n)
    elif len(word) == 3 and word[0] == "deliver":
        rsp = Response.from_bits(int(word[2], 16))
        if rsp.cdata.tag != int(word[1]):
            return f"response value has tag {rsp.cdata.tag}, the line says {word[1]}"
        lib.spagm_cosim_check(c, unit, rsp.cdata, n)
    elif word:
        return f"'{word[0]}' is not epoch, accept or deliver with its arguments"
    return None
