# SPDX-License-Identifier: Apache-2.0
"""The golden model: requests, responses with don't-care masks, explanations,
the model context and its configuration-port words (the co-simulation's
backdoor). Transactions are the C structs of spagm/txn.h, held by cffi: a
field reads and writes in place (``req.a[0][5] = 7``), a whole field can be
viewed as numpy array with ``numpy.frombuffer(ffi.buffer(req.cdata.a), ...)``.
"""
import operator
from collections.abc import Sequence
from typing import (TYPE_CHECKING, Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Type,
                    TypeVar, Union)

from . import _lib
from ._lib import UNITS, arg_error, ffi, lib, new_diag, raise_for, unit_index

if TYPE_CHECKING:
    from .texture import TexHeader

__all__ = ["Request", "Response", "Explanation", "Model", "UNITS", "unit_index", "version",
           "cfg_bursts"]


def version() -> str:
    """The C library's version (spagm_version)."""
    return _lib.pystr(lib.spagm_version())


class Field(NamedTuple):
    """One field of the transaction contract (spagm_request_fields,
    spagm_response_fields): its ``name``, the significant ``bits`` of each
    element, its ``shape`` (``()`` a scalar, ``(32,)`` per lane, ``(2, 32)``
    two slots of 32 lanes) and ``lsb``, the bit offset of element 0 in the
    packed port value. Bits above ``bits`` are refused on assignment."""

    name: str
    bits: int
    shape: Tuple[int, ...]
    lsb: int

    @property
    def width(self) -> int:
        """The field's width in the packed port value."""
        n = self.bits
        for d in self.shape:
            n *= d
        return n


def _fields(table) -> Tuple[Field, ...]:
    n = table(ffi.NULL, 0)
    info = ffi.new("spagm_field_info[]", n)
    table(info, n)
    out = []
    for f in info:
        if f.count == 1:
            shape: Tuple[int, ...] = ()
        elif f.outer > 1:
            shape = (f.outer, f.count // f.outer)
        else:
            shape = (f.count,)
        out.append(Field(ffi.string(f.name).decode(), f.bits, shape, f.lsb))
    return tuple(out)


def _element(where: str, bits: int, value) -> int:
    """value as an int that fits ``bits``; SpagmError naming ``where`` otherwise."""
    if isinstance(value, bool):
        raise arg_error(f"{where} takes an int of {bits} bits, not a bool")
    try:
        v = operator.index(value)
    except TypeError:
        raise arg_error(f"{where} takes an int of {bits} bits, not {type(value).__name__}") from None
    if not 0 <= v < 1 << bits:
        raise arg_error(f"{where}: {v} does not fit the field's {bits} bits (0..{(1 << bits) - 1})")
    return v


def _flat(where: str, bits: int, shape: Tuple[int, ...], value) -> List[int]:
    """The elements of a (nested) sequence of exactly ``shape``, checked."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise arg_error(f"{where} takes a sequence of {shape[0]} values, not {type(value).__name__}")
    if len(value) != shape[0]:
        raise arg_error(f"{where} takes {shape[0]} values, got {len(value)} "
                        f"(a whole field is assigned at once; set one element by index)")
    if len(shape) == 1:
        return [_element(f"{where}[{i}]", bits, v) for i, v in enumerate(value)]
    out: List[int] = []
    for i, row in enumerate(value):
        out += _flat(f"{where}[{i}]", bits, shape[1:], row)
    return out


def _store(cdata, where: str, bits: int, shape: Tuple[int, ...], value) -> None:
    """Assign a checked value to a cffi array of ``shape`` (cdata[0:n] per row)."""
    flat = _flat(where, bits, shape, value)
    if len(shape) == 1:
        cdata[0:shape[0]] = flat
        return
    row = len(flat) // shape[0]
    for i in range(shape[0]):
        _store(cdata[i], where, bits, shape[1:], flat[i * row:(i + 1) * row])


class Lanes(Sequence):
    """An array field of a Request or Response, in place: ``req.a[0][5] = 7``
    writes the request's C struct. It is a sequence: ``len``, iteration,
    slices (lists), and ``==`` with any sequence of the same values
    (``rsp.wb_valid == [0xF, 0, 0, 0]``); a value that does not fit the
    field's bits is refused naming the field and its width."""

    __slots__ = ("_c", "_owner", "_where", "_bits", "_shape")

    def __init__(self, cdata, owner, where: str, bits: int, shape: Tuple[int, ...]):
        self._c, self._owner, self._where, self._bits, self._shape = cdata, owner, where, bits, shape

    @property
    def bits(self) -> int:
        """Significant bits of each element."""
        return self._bits

    @property
    def shape(self) -> Tuple[int, ...]:
        """The dimensions of this view (``(32,)``, ``(2, 32)``)."""
        return self._shape

    def __len__(self) -> int:
        return self._shape[0]

    def _index(self, i) -> int:
        n = self._shape[0]
        k = operator.index(i)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"{self._where} index {i} out of range 0..{n - 1}")
        return k

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._shape[0]))]
        k = self._index(i)
        if len(self._shape) == 1:
            return int(self._c[k])
        return Lanes(self._c[k], self._owner, f"{self._where}[{k}]", self._bits, self._shape[1:])

    def __setitem__(self, i, value) -> None:
        if isinstance(i, slice):
            ks = range(*i.indices(self._shape[0]))
            if len(self._shape) != 1 or i.step not in (None, 1):
                raise arg_error(f"{self._where}: assign a slice of lanes with step 1 only")
            vals = _flat(f"{self._where}[{i.start or 0}:]", self._bits, (len(ks),), value)
            self._c[ks.start:ks.stop] = vals
            return
        k = self._index(i)
        if len(self._shape) == 1:
            self._c[k] = _element(f"{self._where}[{k}]", self._bits, value)
        else:
            _store(self._c[k], f"{self._where}[{k}]", self._bits, self._shape[1:], value)

    def tolist(self) -> list:
        """The values as (nested) Python lists."""
        if len(self._shape) == 1:
            return list(self._c)
        return [row.tolist() for row in self]

    def __eq__(self, other):
        if isinstance(other, Lanes):
            other = other.tolist()
        if isinstance(other, (str, bytes)) or not isinstance(other, (Sequence, list, tuple)):
            return NotImplemented
        return self.tolist() == [o.tolist() if isinstance(o, Lanes) else o for o in other] \
            if len(self._shape) > 1 else self.tolist() == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.tolist())


_T = TypeVar("_T", bound="_Txn")


class _Txn:
    """A transaction struct owned by Python; fields are the C fields."""

    __slots__ = ("cdata",)
    _CTYPE = ""
    WORDS = 0
    BITS = 0
    FIELDS: Tuple[Field, ...] = ()
    _BY_NAME: Dict[str, Field] = {}

    def __getattr__(self, name):
        f = type(self)._BY_NAME.get(name)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        value = getattr(object.__getattribute__(self, "cdata"), name)
        if not f.shape:
            return value
        return Lanes(value, self, f"{type(self).__name__}.{name}", f.bits, f.shape)

    def __setattr__(self, name, value):
        if name == "cdata":
            object.__setattr__(self, name, value)
            return
        f = type(self)._BY_NAME.get(name)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        where = f"{type(self).__name__}.{name}"
        if f.shape:
            _store(getattr(self.cdata, name), where, f.bits, f.shape, value)
        else:
            setattr(self.cdata, name, _element(where, f.bits, value))

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(type(self)._BY_NAME))

    def copy(self: _T) -> _T:
        """An independent copy of the transaction."""
        other = type(self).__new__(type(self))
        other.cdata = ffi.new(self._CTYPE + " *")
        ffi.memmove(other.cdata, self.cdata, ffi.sizeof(self._CTYPE))
        return other

    def __eq__(self, other):
        return (type(other) is type(self)
                and ffi.buffer(self.cdata)[:] == ffi.buffer(other.cdata)[:])

    __hash__ = None  # type: ignore[assignment]

    def to_bits(self) -> int:
        """The packed wire format of docs/port-contract.md as one integer
        (first field in the most significant bits): the value of the RTL's
        ``req``/``rsp`` port."""
        words = ffi.new("uint32_t[]", self.WORDS)
        self._pack(self.cdata, words)
        return int.from_bytes(ffi.buffer(words), "little")

    @classmethod
    def from_bits(cls: Type[_T], value: int) -> _T:
        """The inverse of to_bits (bits above the packed width must be 0)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise arg_error(f"{cls.__name__}.from_bits takes an int, not {type(value).__name__}")
        if value < 0 or value.bit_length() > cls.BITS:
            raise arg_error(f"{cls.__name__}.from_bits: value is not a {cls.BITS}-bit number")
        words = ffi.new("uint32_t[]", cls.WORDS)
        ffi.memmove(words, value.to_bytes(cls.WORDS * 4, "little"), cls.WORDS * 4)
        obj = cls.__new__(cls)
        obj.cdata = ffi.new(cls._CTYPE + " *")
        cls._unpack(words, obj.cdata)
        return obj

    @staticmethod
    def _pack(c, words) -> None:  # replaced per class by the C function
        raise NotImplementedError

    @staticmethod
    def _unpack(words, c) -> None:
        raise NotImplementedError


class Request(_Txn):
    """One warp-instruction entering a unit (spagm_request): tag, insn,
    lane_mask and the per-lane operand slots a[2][32], b[2][32], c[32],
    d[4][32], vertex, primitive, coverage, sample. ``BITS`` is the width of
    the RTL's ``req`` port, ``FIELDS`` its layout (docs/port-contract.md)."""

    tag: int
    insn: int
    lane_mask: int
    a: Lanes
    b: Lanes
    c: Lanes
    d: Lanes
    vertex: Lanes
    primitive: Lanes
    coverage: Lanes
    sample: Lanes

    __slots__ = ()
    _CTYPE = "spagm_request"
    WORDS = lib.SPAGM_REQUEST_WORDS
    BITS = lib.SPAGM_REQUEST_BITS
    FIELDS = _fields(lib.spagm_request_fields)
    _BY_NAME = {f.name: f for f in FIELDS}
    _pack = staticmethod(lib.spagm_request_pack)
    _unpack = staticmethod(lib.spagm_request_unpack)

    def __init__(self, insn: int = 0, tag: int = 0, lane_mask: int = 0xFFFFFFFF, **fields):
        """A request with every register slot 0, then the given fields
        (``Request(word, tag=3, a=[[...32...], [...32...]])``); a value
        that does not fit its field raises SpagmError naming the field."""
        self.cdata = ffi.new("spagm_request *")
        lib.spagm_request_init(self.cdata)
        self.insn = insn
        self.tag = tag
        self.lane_mask = lane_mask
        for k, v in fields.items():
            setattr(self, k, v)

    def __repr__(self):
        return f"Request(tag={self.cdata.tag}, insn=0x{self.cdata.insn:016x}, lane_mask=0x{self.cdata.lane_mask:08x})"


class Response(_Txn):
    """One result leaving a unit (spagm_response): fault, fault_lanes;
    write-back slots wb_reg[4], wb_valid[4], wb_value[4][32] and the
    don't-care bits wb_dontcare[4][32]; pd, pd_written, pd_value; the
    stores st_space, st_mask[4], st_addr[4][32], st_data[4][32]. ``BITS``
    is the width of the RTL's ``rsp`` port, ``FIELDS`` its layout."""

    tag: int
    fault: int
    fault_lanes: int
    wb_reg: Lanes
    wb_valid: Lanes
    wb_value: Lanes
    wb_dontcare: Lanes
    pd: int
    pd_written: int
    pd_value: int
    st_space: int
    st_mask: Lanes
    st_addr: Lanes
    st_data: Lanes

    __slots__ = ()
    _CTYPE = "spagm_response"
    WORDS = lib.SPAGM_RESPONSE_WORDS
    BITS = lib.SPAGM_RESPONSE_BITS
    FIELDS = _fields(lib.spagm_response_fields)
    _BY_NAME = {f.name: f for f in FIELDS}
    _pack = staticmethod(lib.spagm_response_pack)
    _unpack = staticmethod(lib.spagm_response_unpack)

    def __init__(self, tag: int = 0):
        """An empty response: no fault, no writes, no stores."""
        self.cdata = ffi.new("spagm_response *")
        lib.spagm_response_init(self.cdata, _element("Response.tag", 32, tag))

    @property
    def fault_name(self) -> str:
        """The fault's name ("NONE", "ILLEGAL_INSTR_ENCODING", ...)."""
        return _lib.pystr(lib.spagm_fault_name(self.cdata.fault))

    def compare_mask(self) -> "Response":
        """The bits of each field a checker compares with this expected
        response (docs/port-contract.md, "What is compared")."""
        out = Response()
        lib.spagm_vec_compare_mask(self.cdata, out.cdata)
        return out

    def __repr__(self):
        return (f"Response(tag={self.cdata.tag}, fault={self.fault_name}, "
                f"wb_valid={[hex(v) for v in self.cdata.wb_valid]})")


class TexelLocation(NamedTuple):
    """Where a TLDS lane's texel is (spagm_explain_texel): coordinates
    ``s``, ``t``, ``r`` after the AOFFI offsets, ``level``, ``layer``,
    ``sample``, and ``address``, the texture-memory byte address of its
    first byte, or None when the lane read no texel (out of range, R18)."""

    s: int
    t: int
    r: int
    level: int
    layer: int
    sample: int
    address: Optional[int]


class Explanation:
    """Which spec rule produced each value of a response (spagm_explain):
    slots 0..3 are the write-back slots or store components, 4 the
    predicate. ``cdata`` is the C struct (cffi)."""

    __slots__ = ("cdata",)
    PD_SLOT = lib.SPAGM_EXPLAIN_PD_SLOT

    def __init__(self):
        self.cdata = ffi.new("spagm_explain *")
        lib.spagm_explain_init(self.cdata)

    @staticmethod
    def _where(slot: int, lane: int) -> None:
        if not (isinstance(slot, int) and isinstance(lane, int)
                and 0 <= slot < lib.SPAGM_EXPLAIN_SLOTS and 0 <= lane < lib.SPAGM_LANES):
            raise arg_error(f"slot {slot!r} / lane {lane!r} out of range "
                            f"(0..{lib.SPAGM_EXPLAIN_SLOTS - 1} / 0..{lib.SPAGM_LANES - 1})")

    def rule(self, slot: int, lane: int) -> Tuple[int, str]:
        """(rule id, rule name) behind a lane's value; (0, "") when none."""
        self._where(slot, lane)
        r = self.cdata.rule[slot][lane]
        return r, _lib.pystr(lib.spagm_rule_name(r)) if r else ""

    def text(self, slot: int, lane: int) -> str:
        """The rule's sentence with the lane's arguments filled in."""
        self._where(slot, lane)
        n = lib.spagm_explain_format(self.cdata, slot, lane, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        lib.spagm_explain_format(self.cdata, slot, lane, buf, n + 1)
        return ffi.string(buf).decode()

    @property
    def fault_rule(self) -> Tuple[int, str]:
        """(rule id, rule name) behind the fault; (0, "") when none."""
        r = self.cdata.fault_rule
        return r, _lib.pystr(lib.spagm_rule_name(r)) if r else ""

    def fault_text(self) -> str:
        """The fault rule's sentence with its arguments filled in ("" when none)."""
        n = lib.spagm_explain_fault(self.cdata, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        lib.spagm_explain_fault(self.cdata, buf, n + 1)
        return ffi.string(buf).decode()

    _VALUE_TYPES = {lib.SPAGM_VALUE_TYPE_RULE: "", lib.SPAGM_VALUE_TYPE_FLOAT: "float",
                    lib.SPAGM_VALUE_TYPE_SINT: "sint", lib.SPAGM_VALUE_TYPE_UINT: "uint"}

    def value_type(self, slot: int) -> str:
        """How a slot's values read as numbers where the instruction decides
        it: "float", "sint" or "uint" (a TLDS slot carries its texture
        component's data type, R21); "" when the rule's unit decides."""
        self._where(slot, 0)
        return self._VALUE_TYPES[self.cdata.value_type[slot]]

    @property
    def tex_header(self) -> Optional[int]:
        """The texture header index a TLDS read from its constant bank, or
        None when it read none."""
        return self.cdata.tex_header if self.cdata.has_tex_header else None

    def texel(self, lane: int) -> Optional[TexelLocation]:
        """Where a TLDS lane's texel is, after the AOFFI offsets (R19); its
        ``address`` is None when the lane read no texel (out of range,
        R18). None for a lane with no texel location (not a TLDS, or the
        lane inactive or faulted before its texel was found)."""
        self._where(0, lane)
        if not (self.cdata.texel_lanes >> lane) & 1:
            return None
        t = self.cdata.texel[lane]
        read = (self.cdata.texel_read >> lane) & 1
        return TexelLocation(t.s, t.t, t.r, t.level, t.layer, t.sample,
                             t.address if read else None)


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
        """Free the model now (a borrowed model is only let go)."""
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
            st = lib.spagm_execute_insn(self._ptr, decoded, req.cdata, rsp.cdata, ex.cdata)
            raise_for(st, None, "spagm_execute_insn")
        elif isinstance(insn, int) and not isinstance(insn, bool):
            if not 0 <= insn < 1 << 64:
                raise arg_error(f"instruction word {insn:#x} is not a 64-bit number")
            req.cdata.insn = insn
            raise_for(lib.spagm_execute_explained(self._ptr, req.cdata, rsp.cdata, ex.cdata), None,
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
        """Apply (addr, data) writes in order, as write_word does each."""
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
        """Write one 32-bit word of the unit's memory at virtual address ``va`` (texture unit)."""
        d = new_diag()
        raise_for(lib.spagm_statemap_memory_write(self._ptr, unit_index(unit), va, data, d), d,
                  "spagm_statemap_memory_write")


    # ---- texture content (spagm/tex.h, docs/texture-layout.md) ------------

    def set_header_pool(self, base: int, max_index: int) -> None:
        """Place the texture header pool at byte address ``base`` (32-byte
        aligned, below 2^48) with MaximumIndex ``max_index`` (registers
        0x008/0x00C/0x010 of the texture unit say the same to a DUT)."""
        from .texture import set_header_pool
        set_header_pool(self._ptr, base, max_index)

    def set_header(self, index: int, header: "TexHeader") -> None:
        """Write ``header`` (a spagm.TexHeader) as entry ``index`` of the
        header pool, at pool base + 32 * index of texture memory: set the
        pool first, a header written before it moves stays behind."""
        from .texture import set_header
        set_header(self._ptr, index, header)

    def write_texel(self, header: "TexHeader", x: int, y: int = 0, z: int = 0,
                    level: int = 0, sample: int = 0, data: bytes = b"") -> None:
        """Store texel (x, y, z) of ``level``, ``sample`` of the texture
        ``header`` describes: ``data`` is its ``header.texel_bytes`` bytes
        in memory order, placed where TLDS reads them."""
        from .texture import write_texel
        write_texel(self._ptr, header, (x, y, z, level, sample), data)

    def set_cbank_word(self, bank: int, index: int, word: int) -> None:
        """Word ``index`` (0..8191) of constant bank ``bank`` (0..17): the
        entry ``#tsPtrIdxU13`` = index reads, headerPtr in bits [19:0]."""
        raise_for(lib.spagm_tex_set_cbank_word(self._ptr, bank, index, word), None,
                  "spagm_tex_set_cbank_word")

    def select_cbank(self, bank: int) -> None:
        """The constant bank TLDS reads its header pointers from."""
        raise_for(lib.spagm_tex_select_cbank(self._ptr, bank), None, "spagm_tex_select_cbank")


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
