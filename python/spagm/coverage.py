# SPDX-License-Identifier: Apache-2.0
"""Functional coverage (coverage/include/spagm/cov/cov.h): a database that
``spagm cov merge`` merges with those of spagm-cosim, ``spagm gen`` and
``spagm check``; the same bytes for the same transactions (N181)."""
import os
from typing import Dict, Optional, Union

from . import _lib
from ._lib import arg_error, ffi, lib, new_diag, raise_for, unit_index
from .model import Explanation, Model, Request, Response

__all__ = ["Coverage"]


class Coverage:
    """An empty database of the current plan, or ``Coverage.read(path)``."""

    def __init__(self, _ptr=None):
        c = lib.spagm_cov_new() if _ptr is None else _ptr
        if c == ffi.NULL:
            raise _lib.error(lib.SPAGM_E_NOMEM, "spagm_cov_new: out of memory")
        self._ptr = ffi.gc(c, lib.spagm_cov_free)

    @classmethod
    def read(cls, path: Union[str, os.PathLike]) -> "Coverage":
        """Read and check a database file (CRC, version, plan)."""
        out = ffi.new("spagm_cov **")
        d = new_diag()
        raise_for(lib.spagm_cov_read(_lib.cstr(os.fspath(path), "path"), out, d), d,
                  "spagm_cov_read")
        return cls(out[0])

    def begin_input(self, name: str) -> None:
        """Credit later samples to input ``name`` (a seed, a file name)."""
        d = new_diag()
        raise_for(lib.spagm_cov_begin_input(self._ptr, _lib.cstr(name, "input name"), d), d,
                  "spagm_cov_begin_input")

    def sample(self, model: Model, request: Request, response: Response,
               explanation: Explanation) -> None:
        """Sample one executed transaction (the model it ran on, after it ran)."""
        for obj, cls in ((model, Model), (request, Request), (response, Response),
                         (explanation, Explanation)):
            if not isinstance(obj, cls):
                raise arg_error(f"sample takes a spagm.{cls.__name__}, not {type(obj).__name__}")
        raise_for(lib.spagm_cov_sample(self._ptr, model._ptr, ffi.NULL, request.cdata, response.cdata,
                                       explanation.cdata), None, "spagm_cov_sample")

    def sample_response(self, unit: Union[str, int], overtaken: bool, in_flight: int,
                        reloaded: bool) -> None:
        """What only a co-simulation sees, at each response (N104)."""
        raise_for(lib.spagm_cov_sample_response(self._ptr, unit_index(unit), bool(overtaken),
                                                in_flight, bool(reloaded)), None,
                  "spagm_cov_sample_response")

    def sample_unwritten(self, unit: Union[str, int], request: Request, unwritten: int) -> None:
        """What only a co-simulation sees, at each accepted request: the
        registers the epoch's load left at their reset value (bit k: the
        pixel register word 4k; UnitEpoch.unwritten), N280."""
        if not isinstance(request, Request):
            raise arg_error(f"sample_unwritten takes a spagm.Request, not {type(request).__name__}")
        raise_for(lib.spagm_cov_sample_unwritten(self._ptr, unit_index(unit), request.cdata,
                                                 unwritten), None, "spagm_cov_sample_unwritten")

    def sample_illegal_write(self, unit: Union[str, int], kind: int, after: bool) -> None:
        """What only a co-simulation sees, at each epoch's load: an illegal
        configuration write the unit must ignore (kind 0 a target with no
        table, 1 an address no table names, 2 a value the register cannot
        hold; after: placed after every legal word), UnitEpoch.illegal, N290."""
        raise_for(lib.spagm_cov_sample_illegal_write(self._ptr, unit_index(unit), kind,
                                                     bool(after)), None,
                  "spagm_cov_sample_illegal_write")

    def sample_load(self, unit: Union[str, int], illegal, rewrites: bool) -> None:
        """What spagm-cosim samples at each epoch's load (UnitEpoch.illegal
        and .rewrites): every illegal write (sample_illegal_write) and, for
        the pixel unit, the load's corners of stimulus 10 (pix.load_corner,
        N433): a kind 0 or 1 write that aliases a register, every register
        written twice."""
        u = unit_index(unit)
        for w in illegal:
            self.sample_illegal_write(u, w.kind, w.after)
            if u == lib.SPAGM_UNIT_PIX and w.aliases:
                corner = (lib.SPAGM_COV_LOAD_ALIASED_TARGET_WRITE
                          if w.kind == lib.SPAGM_STIM_ILLEGAL_TARGET
                          else lib.SPAGM_COV_LOAD_ALIASED_ADDRESS_WRITE)
                raise_for(lib.spagm_cov_sample_load_corner(self._ptr, u, corner), None,
                          "spagm_cov_sample_load_corner")
        if u == lib.SPAGM_UNIT_PIX and rewrites:
            raise_for(lib.spagm_cov_sample_load_corner(self._ptr, u,
                                                       lib.SPAGM_COV_LOAD_WRITTEN_TWICE),
                      None, "spagm_cov_sample_load_corner")

    def merge(self, other: "Coverage") -> None:
        """Add ``other``'s hits and inputs to this database (spagm cov merge)."""
        if not isinstance(other, Coverage):
            raise arg_error(f"merge takes a spagm.Coverage, not {type(other).__name__}")
        d = new_diag()
        raise_for(lib.spagm_cov_merge(self._ptr, other._ptr, d), d, "spagm_cov_merge")

    def write(self, path: Union[str, os.PathLike]) -> None:
        """Write the database whole (temporary file, then rename)."""
        d = new_diag()
        raise_for(lib.spagm_cov_write(self._ptr, _lib.cstr(os.fspath(path), "path"), d), d,
                  "spagm_cov_write")

    def totals(self, unit: Optional[Union[str, int]] = None) -> Dict[str, int]:
        """bins, legal, hit, holes of one unit (None: every unit)."""
        t = ffi.new("spagm_cov_totals *")
        u = lib.SPAGM_UNIT_COUNT if unit is None else unit_index(unit)
        raise_for(lib.spagm_cov_unit_totals(self._ptr, u, t), None, "spagm_cov_unit_totals")
        return {"bins": t.bins, "legal": t.legal, "hit": t.hit, "holes": t.holes}
