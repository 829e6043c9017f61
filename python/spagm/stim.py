# SPDX-License-Identifier: Apache-2.0
"""The seeded stimulus generator (stim/include/spagm/stim/stim.h): the
stream spagm-cosim, ``spagm gen`` and the cocotb testbenches share, so a
seed (with the same units, epoch size and illegal rate) means the same
requests everywhere."""
from typing import Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from ._lib import UNITS, arg_error, ffi, lib, new_diag, raise_for, unit_index
from .model import Model, Request

__all__ = ["Stimulus", "UnitEpoch", "IllegalWrite", "Epoch", "cosim_stream"]


def _mask(units: Union[str, Iterable]) -> int:
    if isinstance(units, str):
        units = [u for u in units.split(",") if u]
    mask = 0
    for u in units:
        mask |= 1 << unit_index(u)
    if not mask:
        raise arg_error("no unit given")
    return mask


class UnitEpoch(NamedTuple):
    """One unit's part of an epoch: the configuration words of its state (in
    load order, what a vector file records), its memory words (texture
    unit), the state's one-line summary, its requests (tags 1, 2, ... over
    the run), and the words spagm-cosim loads after the unit's reset
    (``load``: ``words`` without the registers an epoch leaves at their
    power-on value, N280, and with the epoch's illegal writes, N290; None:
    ``words``), the register words it leaves out (``unwritten``, bit k for
    word 4k: spagm_stim_unwritten), the illegal writes among ``load``
    (``illegal``), the addresses spagm-cosim reads back at the end of the
    epoch (``readback``) and whether the load writes every register twice
    (``rewrites``, N420)."""

    unit: str
    words: List[Tuple[int, int]]
    memory: List[Tuple[int, int]]
    summary: str
    requests: List[Request]
    load: Optional[List[Tuple[int, int]]] = None
    unwritten: int = 0
    illegal: Sequence["IllegalWrite"] = ()
    readback: Sequence[int] = ()
    rewrites: bool = False


class IllegalWrite(NamedTuple):
    """One write of a load the unit must ignore (N123, N290): kind 0 a
    target with no table, 1 an address no table names, 2 a value the
    register cannot hold; after: placed after every legal word; aliases: a
    kind 0 or 1 write carrying a value the register its address aliases
    can hold (N421)."""

    addr: int
    data: int
    kind: int
    after: bool
    aliases: bool = False


class Epoch(NamedTuple):
    epoch: int
    units: Dict[str, UnitEpoch]


class Stimulus:
    """``Stimulus(seed=1, units="pix", epoch_txns=1000, illegal_ppm=10000)``:
    spagm_stim with the options of spagm-cosim (+seed, +units, +epoch_txns,
    +illegal_ppm; their defaults here)."""

    def __init__(self, seed: int = 1, units: Union[str, Sequence[str]] = "pix",
                 epoch_txns: int = 1000, illegal_ppm: int = 10000):
        o = ffi.new("spagm_stim_opts *")
        lib.spagm_stim_opts_default(o)
        try:
            o.seed, o.units, o.epoch_txns, o.illegal_ppm = seed, _mask(units), epoch_txns, illegal_ppm
        except (OverflowError, TypeError) as e:
            raise arg_error(f"Stimulus options: {e}") from None
        d = new_diag()
        s = lib.spagm_stim_new(o, d)
        if s == ffi.NULL:
            raise_for(lib.SPAGM_E_ARG, d, "spagm_stim_new")
        self._s = ffi.gc(s, lib.spagm_stim_free)
        self.units = [UNITS[u] for u in range(lib.SPAGM_UNIT_COUNT) if o.units >> u & 1]
        self.model = Model()  # the epoch's state is built here

    def begin_epoch(self, epoch: int) -> None:
        """Reset the generator's model and load epoch ``epoch``'s state."""
        d = new_diag()
        raise_for(lib.spagm_stim_begin_epoch(self._s, epoch, self.model._ptr, d), d,
                  "spagm_stim_begin_epoch")

    def next(self, unit: Union[str, int]) -> Optional[Request]:
        """The unit's next request of this epoch, None when the epoch has none left."""
        req = Request()
        return req if lib.spagm_stim_next(self._s, unit_index(unit), req.cdata) else None

    def load_words(self, unit: Union[str, int]) -> List[Tuple[int, int]]:
        """The (addr, data) words spagm-cosim loads for this epoch's state
        after the unit's reset (spagm_stim_load_list, N280)."""
        lst = ffi.new("spagm_cfg_list *")
        try:
            raise_for(lib.spagm_stim_load_list(self._s, self.model._ptr, unit_index(unit), lst),
                      None, "spagm_stim_load_list")
            return [(lst.w[i].addr, lst.w[i].data) for i in range(lst.n)]
        finally:
            lib.spagm_cfg_list_free(lst)

    def unwritten(self, unit: Union[str, int]) -> int:
        """The register words this epoch's load leaves at their power-on
        value, bit k for word 4k (spagm_stim_unwritten, N280)."""
        return lib.spagm_stim_unwritten(self._s, self.model._ptr, unit_index(unit))

    def illegal_writes(self, unit: Union[str, int]) -> List[IllegalWrite]:
        """The illegal writes this epoch's load of ``unit`` carries (N290)."""
        out = ffi.new("const spagm_stim_illegal **")
        n = lib.spagm_stim_illegal_writes(self._s, unit_index(unit), out)
        return [IllegalWrite(out[0][i].addr, out[0][i].data, int(out[0][i].kind),
                             bool(out[0][i].after), bool(out[0][i].aliases)) for i in range(n)]

    def rewrites_registers(self, unit: Union[str, int]) -> bool:
        """Whether this epoch's load of unit writes every register it names
        twice, another legal value first (N420; pixel unit)."""
        return bool(lib.spagm_stim_rewrites_registers(self._s, unit_index(unit)))

    def readback_addresses(self, unit: Union[str, int]) -> List[int]:
        """The addresses spagm-cosim reads back at the end of this epoch
        (spagm_stim_readback_list: the state map's, then the illegal writes')."""
        lst = ffi.new("spagm_cfg_list *")
        try:
            raise_for(lib.spagm_stim_readback_list(self._s, self.model._ptr, unit_index(unit),
                                                   lst), None, "spagm_stim_readback_list")
            return [lst.w[i].addr for i in range(lst.n)]
        finally:
            lib.spagm_cfg_list_free(lst)

    def summary(self, unit: Union[str, int]) -> str:
        """The one-line summary of this epoch's state of ``unit``."""
        return ffi.string(lib.spagm_stim_epoch_summary(self._s, unit_index(unit))).decode()


def cosim_stream(seed: int = 1, units: Union[str, Sequence[str]] = "pix", txns: int = 20000,
                 epoch_txns: int = 1000, illegal_ppm: int = 10000) -> Iterator[Epoch]:
    """The epochs of a co-simulation run (spagm-cosim +seed +units +txns
    +epoch_txns +illegal_ppm): per epoch each unit's state words and the
    requests it gets, until every unit has ``txns``. ``spagm gen --seed S
    --count N`` writes the same epochs; the requests' tags count from 1 per
    unit, as in its files."""
    stim = Stimulus(seed, units, epoch_txns, illegal_ppm)
    issued = {u: 0 for u in stim.units}
    epoch = 0
    while any(n < txns for n in issued.values()):
        stim.begin_epoch(epoch)
        parts = {}
        for u in stim.units:
            reqs = []
            while issued[u] < txns:
                r = stim.next(u)
                if r is None:
                    break
                issued[u] += 1
                r.cdata.tag = issued[u]
                reqs.append(r)
            load = stim.load_words(u)
            parts[u] = UnitEpoch(u, stim.model.state_words(u), stim.model.memory_words(u),
                                 stim.summary(u), reqs, load, stim.unwritten(u),
                                 stim.illegal_writes(u), stim.readback_addresses(u),
                                 stim.rewrites_registers(u))
        yield Epoch(epoch, parts)
        epoch += 1
