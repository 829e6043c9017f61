# SPDX-License-Identifier: Apache-2.0
"""The port contract's compare as a miter (docs/port-contract.md, "What is
compared"; ruling N542).

The unit-level proof compares every output bit in every cycle after the
reset. The scoreboard compares less: a response's payload only while
`rsp_valid` is high, and in it a write-back slot's register and values
only where lanes are written, the predicate only where written, stores
only where stored, never `wb_dontcare` (the model's is used); the
configuration answer only while `cfg_rvalid` is high. A mutant whose
outputs differ from the original's only outside those compares cannot
fail any co-simulation the original passes: it is *equivalent under the
contract*. This module writes the miter that compares the two copies the
scoreboard's way, with the original's valid bits and masks standing for
the model's (the original agrees with the model where compared):

- every output but `rsp` and `cfg_rdata` exactly, in every cycle (the
  handshakes, `idle`, a memory port: stricter than the contract, which
  allows other latencies; a cycle-exact proof is sound for it);
- `cfg_rdata` whole while the original's `cfg_rvalid` is high (the
  contract reads only the masked words: stricter again);
- `rsp` while the original's `rsp_valid` is high: `tag`, `fault`,
  `fault_lanes`; per write-back slot `wb_valid`, and where the original's
  is non-zero `wb_reg` and the value of every lane it writes, all bits
  (the model's don't-care bits are not known here: stricter); `pd_written`,
  and where non-zero `pd` and `pd_value` on the written lanes; per store
  component `st_mask`, and on the stored lanes `st_addr` and `st_data`;
  `st_space` where any lane stored.

Stricter than the scoreboard everywhere it is not equal to it, so a proof
of this miter is a proof that no co-simulation tells the two apart.

The contract also constrains the inputs (N545): an issuing side that keeps
it never offers a request whose operand values contradict its instruction.
The miter holds the constraint the stand-ins' survivors need, "RZ reads as
0" (DESIGN section 3): a valid request whose Ra (the instruction's bits
15:8, the one Ra field of every SM50 encoding the three units execute) is
RZ carries 0 in `a[0]` and `a[1]` of every lane (Ra + 1 of RZ is RZ too,
as the model's register file reads any number past R254). A difference
counts only while every cycle so far kept the constraint, and a proof says
so in its `assumptions`.
"""
import re
from collections import OrderedDict

RESPONSE_BITS = 16824
REQUEST_BITS = 12032
RZ = 255
# The request's fields the input constraint reads (docs/port-contract.md,
# "Request and response layout"): the instruction word at [11999:11936],
# a[2][32] at [11903:9856]; Ra is the instruction's bits 15:8.
INSN_LSB = 11936
A_LSB, A_BITS = 9856, 2 * 32 * 32
RZ_ASSUMPTION = ("RZ reads as 0 (DESIGN section 3): a valid request whose Ra (insn[15:8]) is "
                 "RZ carries 0 in a[0] and a[1] of every lane; differences count only while "
                 "every cycle so far kept it")
# Every input constraint a contract miter may hold.
CONSTRAINTS = (RZ_ASSUMPTION,)
LANES = 32
WB_SLOTS = 4
ST_COMPS = 4

# The response fields, most significant first, with their widths
# (docs/port-contract.md, "Request and response layout").
FIELDS = [("tag", 32), ("fault", 8), ("fault_lanes", 32), ("wb_reg", 8 * WB_SLOTS),
          ("wb_valid", 32 * WB_SLOTS), ("wb_value", 32 * LANES * WB_SLOTS),
          ("wb_dontcare", 32 * LANES * WB_SLOTS), ("pd", 8), ("pd_written", 32),
          ("pd_value", 32), ("st_space", 8), ("st_mask", 32 * ST_COMPS),
          ("st_addr", 32 * LANES * ST_COMPS), ("st_data", 32 * LANES * ST_COMPS)]

COMPARED = ("outputs compared as the scoreboard compares them (docs/port-contract.md): "
            "rsp only while the original's rsp_valid is high, a write-back slot's "
            "register and values only on the lanes it writes, pd and pd_value only where "
            "written, st_space, st_addr and st_data only where stored, wb_dontcare never; "
            "cfg_rdata only while cfg_rvalid is high; every other output exactly")


def _lsb():
    """field -> its least significant bit in `rsp`."""
    out, top = OrderedDict(), RESPONSE_BITS
    for name, width in FIELDS:
        top -= width
        out[name] = top
    assert top == 0
    return out


LSB = _lsb()


def _sel(sig, lsb, width):
    return f"{sig}[{lsb + width - 1}:{lsb}]"


def _rsp_diff(a, b):
    """Verilog expression: the two responses `a` (the original's) and `b`
    differ where the scoreboard compares (`a` valid)."""
    terms = [f"{_sel(a, LSB[f], w)} != {_sel(b, LSB[f], w)}"
             for f, w in (("tag", 32), ("fault", 8), ("fault_lanes", 32))]
    for s in range(WB_SLOTS):
        valid_a = _sel(a, LSB["wb_valid"] + 32 * s, 32)
        valid_b = _sel(b, LSB["wb_valid"] + 32 * s, 32)
        lanes = " || ".join(
            f"({a}[{LSB['wb_valid'] + 32 * s + lane}] && "
            f"{_sel(a, LSB['wb_value'] + 32 * (LANES * s + lane), 32)} != "
            f"{_sel(b, LSB['wb_value'] + 32 * (LANES * s + lane), 32)})" for lane in range(LANES))
        reg = f"{_sel(a, LSB['wb_reg'] + 8 * s, 8)} != {_sel(b, LSB['wb_reg'] + 8 * s, 8)}"
        terms.append(f"{valid_a} != {valid_b} || ({valid_a} != 32'd0 && ({reg} || {lanes}))")
    pw_a, pw_b = _sel(a, LSB["pd_written"], 32), _sel(b, LSB["pd_written"], 32)
    pv_a, pv_b = _sel(a, LSB["pd_value"], 32), _sel(b, LSB["pd_value"], 32)
    terms.append(f"{pw_a} != {pw_b} || ({pw_a} != 32'd0 && ({_sel(a, LSB['pd'], 8)} != "
                 f"{_sel(b, LSB['pd'], 8)} || (({pv_a} ^ {pv_b}) & {pw_a}) != 32'd0))")
    stored = []
    for k in range(ST_COMPS):
        m_a = _sel(a, LSB["st_mask"] + 32 * k, 32)
        m_b = _sel(b, LSB["st_mask"] + 32 * k, 32)
        stored.append(f"{m_a} != 32'd0")
        lanes = " || ".join(
            f"({a}[{LSB['st_mask'] + 32 * k + lane}] && ("
            f"{_sel(a, LSB['st_addr'] + 32 * (LANES * k + lane), 32)} != "
            f"{_sel(b, LSB['st_addr'] + 32 * (LANES * k + lane), 32)} || "
            f"{_sel(a, LSB['st_data'] + 32 * (LANES * k + lane), 32)} != "
            f"{_sel(b, LSB['st_data'] + 32 * (LANES * k + lane), 32)}))" for lane in range(LANES))
        terms.append(f"{m_a} != {m_b} || {lanes}")
    terms.append(f"({' || '.join(stored)}) && "
                 f"{_sel(a, LSB['st_space'], 8)} != {_sel(b, LSB['st_space'], 8)}")
    return " ||\n    ".join(f"({t})" for t in terms)


def vid(name):
    """A Verilog identifier for `name`: as it is when simple, else escaped
    (a port of a cut-out submodule, `u_x.port`, `g[0].u_y.port`)."""
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$]*", name) else f"\\{name} "


def applies(ports):
    """Why the contract's miter cannot be made for a top with `ports`
    (name -> (direction, width)), or None when it can: the response and
    its valid, the configuration answer and its valid, as the port
    contract has them."""
    want = {"rsp_valid": ("output", 1), "rsp": ("output", RESPONSE_BITS),
            "cfg_rvalid": ("output", 1)}
    for n, dw in want.items():
        if ports.get(n) != dw:
            return (f"the top has no port-contract output {n} of {dw[1]} bit"
                    f"{'s' if dw[1] != 1 else ''}")
    if ports.get("cfg_rdata", ("",))[0] != "output":
        return "the top has no port-contract output cfg_rdata"
    return None


def assumptions(ports, clk, skip=()):
    """The input constraints miter_verilog holds for a top with `ports`
    and clock input `clk`: the texts of its `assumptions` (empty without
    the request port or a clock to hold the constraint's history by)."""
    if clk is None or ports.get("req") != ("input", REQUEST_BITS) or \
            ports.get("req_valid") != ("input", 1) or {"req", "req_valid"} & set(skip):
        return []
    return [RZ_ASSUMPTION]


def _constraint_lines(clk):
    """Verilog lines: `spagm_kept`, high while every cycle so far (this one
    included) kept the input constraints."""
    ra = _sel("in_req", INSN_LSB + 8, 8)
    return [
        f"  wire spagm_rz_ok = !(in_req_valid && {ra} == 8'd{RZ}) ||",
        f"    {_sel('in_req', A_LSB, A_BITS)} == {A_BITS}'d0;",
        "  reg spagm_kept_before = 1'b1;",
        f"  always @(posedge {vid('in_' + clk)}) spagm_kept_before <= spagm_kept_before && "
        "spagm_rz_ok;",
        "  wire spagm_kept = spagm_kept_before && spagm_rz_ok;"]


def miter_verilog(ports, skip=(), clk=None):
    """The Verilog text of module `spagm_miter` comparing `spagm_gold` and
    `spagm_gate` as the scoreboard does: inputs `in_NAME` (every input of
    `ports` but those in `skip`, which both copies hold themselves), output
    `trigger`, the same interface as Yosys' `miter -equiv`. With the clock
    input `clk`, the input constraints of assumptions() hold: `trigger`
    only while they have been kept."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input" and n not in skip]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    decl = [f"  input wire [{w - 1}:0] {vid('in_' + n)}" for n, w in ins] + \
        ["  output wire trigger"]
    lines = ["module spagm_miter (", ",\n".join(decl), ");"]
    for n, w in outs:
        lines.append(f"  wire [{w - 1}:0] {vid('gold_' + n)}, {vid('gate_' + n)};")
    for copy in ("gold", "gate"):
        conns = [f"    .{vid(n)}({vid('in_' + n)})" for n, _ in ins] + \
            [f"    .{vid(n)}({vid(copy + '_' + n)})" for n, _ in outs]
        lines += [f"  spagm_{copy} u_{copy} (", ",\n".join(conns), "  );"]
    diffs = []
    for n, _ in outs:
        if n == "rsp":
            diffs.append(f"(gold_rsp_valid && (\n    {_rsp_diff('gold_rsp', 'gate_rsp')}))")
        elif n == "cfg_rdata":
            diffs.append("(gold_cfg_rvalid && gold_cfg_rdata != gate_cfg_rdata)")
        else:
            diffs.append(f"({vid('gold_' + n)} != {vid('gate_' + n)})")
    kept = ""
    if assumptions(ports, clk, skip):
        lines += _constraint_lines(clk)
        kept = "spagm_kept && ("
    lines.append("  assign trigger = " + kept + " ||\n    ".join(diffs) + (")" if kept else "")
                 + ";")
    lines.append("endmodule")
    return "\n".join(lines) + "\n"
