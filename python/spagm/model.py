# SPDX-License-Identifier: Apache-2.0
"""The golden model: requests, responses with don't-care masks, explanations,
the model context and its configuration-port words (the co-simulation's
backdoor). Transactions are the C structs of spagm/txn.h, held by cffi: a
field reads and writes in place (``req.a[0][5] = 7``), a whole field can be
viewed as numpy array with ``numpy.frombuffer(ffi.buffer(req.c.a), ...)``.
"""
from typing import Iterable, List, Optional, Tuple, Union

from . import _lib
from ._lib import UNITS, arg_error, ffi, lib, new_diag, raise_for, unit_index

__all__ = ["Request", "Response", "Explanation", "Model", "UNITS", "unit_index", "version",
           "cfg_bursts"]


def version() -> str:
    """The C library's version (spagm_version)."""
    return _lib.pystr(lib.spagm_version())


class _Txn:
    """A transaction struct owned by Python; fields are the C fields."""

    __slots__ = ("c",)
    _CTYPE = ""
    _WORDS = 0
    _BITS = 0

    def __getattr__(self, name):
        try:
            return getattr(object.__getattribute__(self, "c"), name)
        except AttributeError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None

    def __setattr__(self, name, value):
        if name == "c":
            object.__setattr__(self, name, value)
            return
        try:
            setattr(self.c, name, value)
        except AttributeError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None

    def copy(self):
        other = type(self).__new__(type(self))
        other.c = ffi.new(self._CTYPE + " *")
        ffi.memmove(other.c, self.c, ffi.sizeof(self._CTYPE))
        return other

    def __eq__(self, other):
        return (type(other) is type(self)
                and ffi.buffer(self.c)[:] == ffi.buffer(other.c)[:])

    __hash__ = None

    def to_bits(self) -> int:
        """The packed wire format of docs/port-contract.md as one integer
        (first field in the most significant bits): the value of the RTL's
        ``req``/``rsp`` port."""
        words = ffi.new("uint32_t[]", self._WORDS)
        self._pack(self.c, words)
        return int.from_bytes(ffi.buffer(words), "little")

    @classmethod
    def from_bits(cls, value: int):
        """The inverse of to_bits (bits above the packed width must be 0)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise arg_error(f"{cls.__name__}.from_bits takes an int, not {type(value).__name__}")
        if value < 0 or value.bit_length() > cls._BITS:
            raise arg_error(f"{cls.__name__}.from_bits: value is not a {cls._BITS}-bit number")
        words = ffi.new("uint32_t[]", cls._WORDS)
        ffi.memmove(words, value.to_bytes(cls._WORDS * 4, "little"), cls._WORDS * 4)
        obj = cls.__new__(cls)
        obj.c = ffi.new(cls._CTYPE + " *")
        cls._unpack(words, obj.c)
        return obj


class Request(_Txn):
    """One warp-instruction entering a unit (spagm_request): tag, insn,
    lane_mask and the per-lane operand slots a[2][32], b[2][32], c[32],
    d[4][32], vertex, primitive, coverage, sample."""

    __slots__ = ()
    _CTYPE = "spagm_request"
    _WORDS = lib.SPAGM_REQUEST_WORDS
    _BITS = lib.SPAGM_REQUEST_BITS
    _pack = staticmethod(lib.spagm_request_pack)
    _unpack = staticmethod(lib.spagm_request_unpack)

    def __init__(self, insn: int = 0, tag: int = 0, lane_mask: int = 0xFFFFFFFF, **fields):
        """A request with every register slot 0, then the given fields
        (``Request(word, tag=3, a=[[...32...], [...32...]])``)."""
        self.c = ffi.new("spagm_request *")
        lib.spagm_request_init(self.c)
        self.c.insn = insn
        self.c.tag = tag
        self.c.lane_mask = lane_mask
        for k, v in fields.items():
            setattr(self, k, v)

    def __repr__(self):
        return f"Request(tag={self.c.tag}, insn=0x{self.c.insn:016x}, lane_mask=0x{self.c.lane_mask:08x})"


class Response(_Txn):
    """One result leaving a unit (spagm_response): fault, fault_lanes;
    write-back slots wb_reg[4], wb_valid[4], wb_value[4][32] and the
    don't-care bits wb_dontcare[4][32]; pd, pd_written, pd_value; the
    stores st_space, st_mask[4], st_addr[4][32], st_data[4][32]."""

    __slots__ = ()
    _CTYPE = "spagm_response"
    _WORDS = lib.SPAGM_RESPONSE_WORDS
    _BITS = lib.SPAGM_RESPONSE_BITS
    _pack = staticmethod(lib.spagm_response_pack)
    _unpack = staticmethod(lib.spagm_response_unpack)

    def __init__(self, tag: int = 0):
        """An empty response: no fault, no writes, no stores."""
        self.c = ffi.new("spagm_response *")
        lib.spagm_response_init(self.c, tag)

    @property
    def fault_name(self) -> str:
        return _lib.pystr(lib.spagm_fault_name(self.c.fault))

    def compare_mask(self) -> "Response":
        """The bits of each field a checker compares with this expected
        response (docs/port-contract.md, "What is compared")."""
        out = Response()
        lib.spagm_vec_compare_mask(self.c, out.c)
        return out

    def __repr__(self):
        return (f"Response(tag={self.c.tag}, fault={self.fault_name}, "
                f"wb_valid={[hex(v) for v in self.c.wb_valid]})")


class Explanation:
    """Which spec rule produced each value of a response (spagm_explain):
    slots 0..3 are the write-back slots or store components, 4 the
    predicate."""

    __slots__ = ("c",)
    PD_SLOT = lib.SPAGM_EXPLAIN_PD_SLOT

    def __init__(self):
        self.c = ffi.new("spagm_explain *")
        lib.spagm_explain_init(self.c)

    @staticmethod
    def _where(slot: int, lane: int) -> None:
        if not (isinstance(slot, int) and isinstance(lane, int)
                and 0 <= slot < lib.SPAGM_EXPLAIN_SLOTS and 0 <= lane < lib.SPAGM_LANES):
            raise arg_error(f"slot {slot!r} / lane {lane!r} out of range "
                            f"(0..{lib.SPAGM_EXPLAIN_SLOTS - 1} / 0..{lib.SPAGM_LANES - 1})")

    def rule(self, slot: int, lane: int) -> Tuple[int, str]:
        """(rule id, rule name) behind a lane's value; (0, "") when none."""
        self._where(slot, lane)
        r = self.c.rule[slot][lane]
        return r, _lib.pystr(lib.spagm_rule_name(r)) if r else ""

    def text(self, slot: int, lane: int) -> str:
        """The rule's sentence with the lane's arguments filled in."""
        self._where(slot, lane)
        n = lib.spagm_explain_format(self.c, slot, lane, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        lib.spagm_explain_format(self.c, slot, lane, buf, n + 1)
        return ffi.string(buf).decode()

    @property
    def fault_rule(self) -> Tuple[int, str]:
        r = self.c.fault_rule
        return r, _lib.pystr(lib.spagm_rule_name(r)) if r else ""

    def fault_text(self) -> str:
        n = lib.spagm_explain_fault(self.c, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        lib.spagm_explain_fault(self.c, buf, n + 1)
        return ffi.string(buf).decode()


def _word_list(lst) -> List[Tuple[int, int]]:
    return [(lst.w[i].addr, lst.w[i].data) for i in range(lst.n)]


class Model:
    """A golden model context (spagm_model) holding the state of all three
    units, in reset state. Use as a context manager or call close()."""

    def __init__(self, _borrow=None, _owner=None):
        if _borrow is not None:
            self._m, self._owned, self._owner = _borrow, False, _owner
            return
        m = lib.spagm_model_new()
        if m == ffi.NULL:
            raise _lib.error(lib.SPAGM_E_NOMEM, "spagm_model_new: out of memory")
        self._m, self._owned, self._owner = ffi.gc(m, lib.spagm_model_free), True, None

    @property
    def _ptr(self):
        if self._m is None:
            raise _lib.error(lib.SPAGM_E_STATE, "the model is closed")
        return self._m

    def close(self) -> None:
        if self._m is not None and self._owned:
            ffi.release(self._m)
        self._m = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def reset(self) -> None:
        """Back to the state of a new model."""
        lib.spagm_model_reset(self._ptr)

    def execute(self, insn: Union[int, str], request: Optional[Request] = None,
                stage: Optional[int] = None) -> Tuple[Response, Explanation]:
        """Execute one transaction: ``insn`` is an instruction word (int) or
        one statement of assembly text; the operands come from ``request``
        (default: all lanes active, registers 0; its insn field is replaced
        by the word). Returns the response with its don't-care masks and the
        per-lane explanation. An illegal word is not an error: it gives a
        warp-wide ILLEGAL_INSTR_ENCODING response."""
        req = Request() if request is None else request
        if not isinstance(req, Request):
            raise arg_error(f"request must be a spagm.Request, not {type(req).__name__}")
        rsp, ex = Response(), Explanation()
        if isinstance(insn, str):
            from .asm import _assemble_insn
            decoded = _assemble_insn(insn, stage)
            st = lib.spagm_execute_insn(self._ptr, decoded, req.c, rsp.c, ex.c)
            raise_for(st, None, "spagm_execute_insn")
        elif isinstance(insn, int) and not isinstance(insn, bool):
            if not 0 <= insn < 1 << 64:
                raise arg_error(f"instruction word {insn:#x} is not a 64-bit number")
            req.c.insn = insn
            raise_for(lib.spagm_execute_explained(self._ptr, req.c, rsp.c, ex.c), None,
                      "spagm_execute_explained")
        else:
            raise arg_error(f"insn must be a word (int) or assembly (str), not {type(insn).__name__}")
        return rsp, ex

    # ---- configuration-port words (docs/port-contract.md) ----------------

    def state_words(self, unit: Union[str, int]) -> List[Tuple[int, int]]:
        """The (addr, data) writes that load this unit's state into RTL, in
        load order (spagm_statemap_load_list): what spagm-cosim sends."""
        lst = ffi.new("spagm_cfg_list *")
        try:
            raise_for(lib.spagm_statemap_load_list(self._ptr, unit_index(unit), lst), None,
                      "spagm_statemap_load_list")
            return _word_list(lst)
        finally:
            lib.spagm_cfg_list_free(lst)

    def readback_words(self, unit: Union[str, int]) -> List[Tuple[int, int]]:
        """The (addr, expected data) an end-of-epoch read-back compares."""
        u = unit_index(unit)
        lst = ffi.new("spagm_cfg_list *")
        try:
            raise_for(lib.spagm_statemap_readback_list(self._ptr, u, lst), None,
                      "spagm_statemap_readback_list")
            return [(a, self.read_word(u, a)) for a, _ in _word_list(lst)]
        finally:
            lib.spagm_cfg_list_free(lst)

    def read_word(self, unit: Union[str, int], addr: int) -> int:
        """The model's word at a configuration address."""
        out = ffi.new("uint32_t *")
        if not lib.spagm_statemap_read(self._ptr, unit_index(unit), addr, out):
            raise arg_error(f"address {addr:#010x} is not readable in the {unit} unit's map")
        return out[0]

    def write_word(self, unit: Union[str, int], addr: int, data: int) -> None:
        """Apply one configuration write (the backdoor of the cfg port)."""
        d = new_diag()
        raise_for(lib.spagm_statemap_write(self._ptr, unit_index(unit), addr, data, d), d,
                  "spagm_statemap_write")

    def load_words(self, unit: Union[str, int], words: Iterable[Tuple[int, int]]) -> None:
        for addr, data in words:
            self.write_word(unit, addr, data)

    def memory_words(self, unit: Union[str, int]) -> List[Tuple[int, int]]:
        """Every non-zero (va, data) word of the unit's memory (texture unit)."""
        lst = ffi.new("spagm_mem_list *")
        try:
            raise_for(lib.spagm_statemap_memory_list(self._ptr, unit_index(unit), lst), None,
                      "spagm_statemap_memory_list")
            return [(lst.w[i].va, lst.w[i].data) for i in range(lst.n)]
        finally:
            lib.spagm_mem_list_free(lst)

    def write_memory(self, unit: Union[str, int], va: int, data: int) -> None:
        d = new_diag()
        raise_for(lib.spagm_statemap_memory_write(self._ptr, unit_index(unit), va, data, d), d,
                  "spagm_statemap_memory_write")


def cfg_bursts(words: Iterable[Tuple[int, int]]) -> List[Tuple[int, int, List[int]]]:
    """Pack configuration words into the bursts of the version-2 port
    (N120, spagm_cfg_list_next_burst): (block address, word mask, 32 data
    words), consecutive words of one 128-byte block in one burst, in order."""
    lst = ffi.new("spagm_cfg_list *")
    b = ffi.new("spagm_cfg_burst *")
    pos = ffi.new("size_t *")
    out = []
    try:
        for a, v in words:
            raise_for(lib.spagm_cfg_list_push(lst, a, v), None, "spagm_cfg_list_push")
        while lib.spagm_cfg_list_next_burst(lst, pos, b):
            out.append((b.addr, b.mask, list(b.data)))
        return out
    finally:
        lib.spagm_cfg_list_free(lst)
