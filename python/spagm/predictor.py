# SPDX-License-Identifier: Apache-2.0
"""The predictor of one unit (spagm/predictor.h, cosim/predictor.c): the same C
predictor the SystemVerilog package wraps. Call ``predict`` at every request
the DUT accepts, in acceptance order, and ``check`` at every response it
delivers, in any order; ``failures`` decides the test."""
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Union

from . import _lib
from ._lib import arg_error, ffi, lib, new_diag, raise_for, unit_index
from .model import Model, Request, Response, TexelLocation

if TYPE_CHECKING:
    from .texture import TexHeader

__all__ = ["Predictor", "CheckResult", "Difference", "TexelLocation"]

_COUNTERS = ("predicted", "checked", "matched", "mismatched", "unknown", "duplicate",
             "discarded", "outstanding", "ignored_writes", "unmapped_reads", "refused",
             "active_lanes", "texels", "faults", "empty_memory", "warnings")


class CheckResult(NamedTuple):
    """The outcome of one check: ``diffs`` differing fields (0 = match) and
    the mismatch ``report`` ("" on a match). True when it matched."""

    diffs: int
    report: str

    def __bool__(self):
        return self.diffs == 0


_FIELDS = ("fault", "wb_lanes", "wb_reg", "wb_value", "pd_lanes", "pd_reg", "pd_value",
           "st_lanes", "st_value", "st_space", "no_prediction")


_KINDS = ("", "float", "uint", "sint", "offsets", "halves")


class Difference(NamedTuple):
    """One difference of a checked response, as data: what the report's line
    for it says (spagm_predictor_diff). ``field`` is one of "fault",
    "wb_lanes", "wb_reg", "wb_value", "pd_lanes", "pd_reg", "pd_value",
    "st_lanes", "st_value", "st_space", "no_prediction"; ``slot`` the
    write-back slot or store component (-1: none); ``lane`` (-1: the whole
    warp); ``reg`` the register; ``expected``/``actual`` the value, lane mask,
    register, fault or space; ``expected_addr``/``actual_addr`` a store's
    addresses or the fault lanes; ``dontcare`` the bits not compared;
    ``rule``/``rule_name`` the rule the model applied; ``reason`` its
    sentence; ``kind`` how ``expected``/``actual`` read as numbers, as the
    report prints them: "float", "uint", "sint" (an integer texture
    format's component, R21), "offsets" (PIXLD's two s16), "halves"
    (TLDS.F16's two fp16), "" for a lane mask, register, fault or space;
    for a lane of a TLDS, ``tex_header`` the header index it used and
    ``texel`` where its texel is (None otherwise)."""

    field: str
    slot: int
    lane: int
    reg: int
    expected: int
    actual: int
    expected_addr: int
    actual_addr: int
    dontcare: int
    rule: int
    rule_name: str
    reason: str
    kind: str = ""
    tex_header: Optional[int] = None
    texel: Optional[TexelLocation] = None


class Predictor:
    """``Predictor("pix", seed=1, name="tb.u_pix")``: a predictor with its own
    model in power-on state. ``seed`` is printed in every report. ``strict``:
    illegal configuration writes and unmapped reads raise instead of being
    ignored and answered 0 as the port contract has the DUT do, and every
    exercise warning of the summary is a failure."""

    def __init__(self, unit: Union[str, int] = "pix", seed: int = 0, name: Optional[str] = None,
                 strict: bool = False):
        d = new_diag()
        p = lib.spagm_predictor_new(unit_index(unit), seed, d)
        if p == ffi.NULL:
            raise_for(lib.SPAGM_E_ARG if d.msg[0] else lib.SPAGM_E_NOMEM, d, "spagm_predictor_new")
        self._p = ffi.gc(p, lib.spagm_predictor_free)
        self._diffs = ffi.new("unsigned *")
        self._report = ffi.new("const char **")
        self._diag = new_diag()
        self._coverage: Optional[Any] = None  # the Coverage sampled into, kept alive
        if name is not None:
            raise_for(lib.spagm_predictor_set_name(self._p, _lib.cstr(name, "name")), None,
                      "spagm_predictor_set_name")
        if strict:
            raise_for(lib.spagm_predictor_set_strict(self._p, True), None,
                      "spagm_predictor_set_strict")

    @property
    def strict(self) -> bool:
        """Whether illegal writes, unmapped reads and exercise warnings are failures."""
        return bool(lib.spagm_predictor_strict(self._p))

    @property
    def unit(self) -> str:
        """The unit predicted: "attr", "pix" or "tex"."""
        return _lib.UNITS[lib.spagm_predictor_unit(self._p)]

    @property
    def seed(self) -> int:
        """The seed every report prints."""
        return lib.spagm_predictor_seed(self._p)

    @property
    def model(self) -> Model:
        """The predictor's model, for backdoor loads (do not execute on it)."""
        return Model(_borrow=lib.spagm_predictor_model(self._p), _owner=self)

    def cfg_write(self, addr: int, data: int) -> None:
        """One configuration-port write, as the DUT gets it. An illegal one (an
        address outside the unit's map, a value the register cannot hold) is
        ignored, as the DUT must ignore it, and counted in
        ``counts["ignored_writes"]``; in strict mode it raises SpagmError
        (status 'bad argument') and counts as a failure."""
        d = self._diag
        raise_for(lib.spagm_predictor_cfg_write(self._p, addr, data, d), d,
                  "spagm_predictor_cfg_write")

    def cfg_read(self, addr: int) -> int:
        """The model's word at a configuration address (what cfg_rdata must be):
        0 outside the unit's map, as the DUT answers (counted in
        ``counts["unmapped_reads"]``; strict mode raises SpagmError)."""
        out = ffi.new("uint32_t *")
        d = self._diag
        raise_for(lib.spagm_predictor_cfg_read(self._p, addr, out, d), d,
                  "spagm_predictor_cfg_read")
        return out[0]

    def fail(self, what: str) -> None:
        """Count a failure the testbench found itself (a read-back image that
        differs, a check of its own): ``failures`` and the summary include it."""
        raise_for(lib.spagm_predictor_fail(self._p, _lib.cstr(what, "what")), None,
                  "spagm_predictor_fail")

    def set_header(self, index: int, tic: Union[bytes, "TexHeader"]) -> None:
        """Texture unit: the TIC header ``tic`` (a spagm.TexHeader or its 32
        bytes) as entry ``index`` of the header pool (at pool base + 32 *
        index). Configure the pool (``cfg_write`` of 0x008, 0x00C or 0x010)
        first: before that it raises SpagmError (status 'state') and counts
        as a failure."""
        from .texture import TexHeader
        if isinstance(tic, TexHeader):
            tic = tic.encode()
        if not isinstance(tic, (bytes, bytearray)) or len(tic) != 32:
            raise arg_error("set_header takes the 32 bytes of a TIC header")
        d = self._diag
        raise_for(lib.spagm_predictor_tex_set_header(self._p, index, bytes(tic), d), d,
                  "spagm_predictor_tex_set_header")

    def reset(self) -> None:
        """Power-on state; outstanding predictions are discarded. Texture memory
        and headers are emptied too (a DUT reset leaves its memory alone):
        load them again after a reset."""
        raise_for(lib.spagm_predictor_reset(self._p), None, "spagm_predictor_reset")

    def predict(self, request: Request) -> Response:
        """The DUT accepted ``request``: execute it on the model now and park
        the expected response (returned, with its don't-care masks) under
        its tag. A tag still outstanding raises SpagmError (status 'state')
        after the new prediction replaced the old one (counted as a
        failure)."""
        if not isinstance(request, Request):
            raise arg_error(f"predict takes a spagm.Request, not {type(request).__name__}")
        exp = Response.__new__(Response)
        exp.cdata = ffi.new("spagm_response *")
        d = self._diag
        raise_for(lib.spagm_predictor_predict(self._p, request.cdata, exp.cdata, d), d,
                  "spagm_predictor_predict")
        return exp

    def check(self, response: Union[Response, int]) -> CheckResult:
        """The DUT delivered ``response`` (a Response, or the packed ``rsp``
        port value as an int): compare it with the prediction of its tag
        under the port contract and release that prediction."""
        if isinstance(response, int) and not isinstance(response, bool):
            response = Response.from_bits(response)
        elif not isinstance(response, Response):
            raise arg_error(f"check takes a spagm.Response or an int, not {type(response).__name__}")
        lib.spagm_predictor_check(self._p, response.cdata, self._diffs, self._report)
        n = self._diffs[0]
        return CheckResult(n, ffi.string(self._report[0]).decode() if n else "")

    @property
    def differences(self) -> List[Difference]:
        """The differences the last ``check`` found, as data, in the order of
        its report's lines: all of them (the report prints six); [] after a
        match."""
        out = ffi.new("const spagm_predictor_diff **")
        n = lib.spagm_predictor_diffs(self._p, out)
        res = []
        for i in range(n):
            d = out[0][i]
            t = d.texel
            texel = (TexelLocation(t.s, t.t, t.r, t.level, t.layer, t.sample,
                                   t.address if d.texel_read else None)
                     if d.has_texel else None)
            res.append(Difference(_FIELDS[d.field], d.slot, d.lane, d.reg, d.expected, d.actual,
                                  d.expected_addr, d.actual_addr, d.dontcare, d.rule,
                                  ffi.string(d.rule_name).decode(),
                                  ffi.string(d.reason).decode(), _KINDS[d.kind],
                                  d.tex_header if d.has_tex_header else None, texel))
        return res

    @property
    def counts(self) -> Dict[str, int]:
        """predicted, checked, matched, mismatched, unknown, duplicate,
        discarded, outstanding; the configuration port's ignored_writes and
        unmapped_reads; refused calls; what the run exercised: active_lanes,
        texels, faults, empty_memory; and the summary's warnings."""
        c = ffi.new("spagm_predictor_counts *")
        raise_for(lib.spagm_predictor_get_counts(self._p, c), None, "spagm_predictor_get_counts")
        return {k: getattr(c, k) for k in _COUNTERS}

    @property
    def failures(self) -> int:
        """mismatched + unknown + duplicate + outstanding + refused (+ warnings in
        strict mode): 0 means passed, and the summary's last line says the same."""
        return lib.spagm_predictor_failures(self._p)

    def summary(self) -> str:
        """The end-of-test summary, ending "spagm predictor NAME: N passed, M failed"."""
        return ffi.string(lib.spagm_predictor_summary(self._p)).decode()

    def set_coverage(self, coverage) -> None:
        """Sample every later prediction into ``coverage`` (a spagm.Coverage),
        as spagm-cosim +cov does; None stops sampling."""
        from .coverage import Coverage
        if coverage is not None and not isinstance(coverage, Coverage):
            raise arg_error(f"set_coverage takes a spagm.Coverage or None, not {type(coverage).__name__}")
        ptr = ffi.NULL if coverage is None else coverage._ptr
        raise_for(lib.spagm_predictor_set_cov(self._p, ptr), None, "spagm_predictor_set_cov")
        self._coverage = coverage  # kept alive while sampled into
