# SPDX-License-Identifier: Apache-2.0
"""The inputs of a module that the unit holds at one value whenever no
defect is selected (docs/mutate.md, "Proving survivors", the module step;
ruling N540).

The unit-level proof holds `bug_sel` at 0 in every cycle (formal.py). Then
every signal computed from `bug_sel` and constants alone has one value in
every cycle: the defect selects a stand-in derives (`bug_x = bug_sel ==
K`), a constant the parent connects, a port passed down whole. The module
step may hold such an input of the module at that value: the unit never
gives it another, so an equivalence proven so is the unit's. Without it, a
branch only a defect takes, inside a function whose argument is such an
input (where the site enumeration's "dead when bug_sel = 0" does not
reach), is free on the module and shows as a difference.

The values are computed on the front end's RTLIL of the unit read with
its hierarchy kept (modproof.Hierarchy), from the top down: the top's
`bug_sel` is 0, each instance's inputs take the value of what its parent
connects, and inside a module a fixpoint over whole-wire `connect`s and
the few cells a defect select is built from. A signal that is anything
else (a register, a process, a part-select of an unknown wire) is unknown
and its input stays free, so the result errs only towards fewer values.
"""
import re

DEFECT_SELECT = "bug_sel"
CONST = re.compile(r"(\d+)'([01]+)")
SELECT = re.compile(r"(\S+) \[(\d+)(?::(\d+))?\]")


def _int(text, default=0):
    """An RTLIL parameter's integer (`8`, `32'00001000`), else `default`."""
    m = CONST.fullmatch(text or "")
    if m:
        return int(m.group(2), 2)
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def value_of(sig, known):
    """(width, value) of a signal text under `known` (wire -> (width,
    value)): a sized constant without x or z bits, a whole wire that is
    known, or a bit range of one; None otherwise (a concatenation, a wire
    not known)."""
    sig = (sig or "").strip()
    m = CONST.fullmatch(sig)
    if m:
        return int(m.group(1)), int(m.group(2), 2)
    if sig in known:
        return known[sig]
    m = SELECT.fullmatch(sig)
    if m and m.group(1) in known:
        hi = int(m.group(2))
        lo = int(m.group(3)) if m.group(3) is not None else hi
        lo, hi = min(lo, hi), max(lo, hi)
        return hi - lo + 1, (known[m.group(1)][1] >> lo) & ((1 << (hi - lo + 1)) - 1)
    return None


def _extend(wv, width, signed):
    """A value widened or cut to `width` bits: sign-extended when signed."""
    w, v = wv
    if signed and w < width and (v >> (w - 1)) & 1:
        v |= ((1 << width) - 1) ^ ((1 << w) - 1)
    return v & ((1 << width) - 1)


def eval_cell(typ, params, ins):
    """The output Y of a cell, (width, value), from its known inputs `ins`
    (port -> (width, value)); None when the cell is not one of those a
    defect select is built from or an input it needs is unknown."""
    yw = _int(params.get("\\Y_WIDTH"), _int(params.get("\\WIDTH"), 0))
    if yw <= 0:
        return None
    a_s = _int(params.get("\\A_SIGNED")) == 1
    b_s = _int(params.get("\\B_SIGNED")) == 1
    a, b = ins.get("\\A"), ins.get("\\B")
    mask = (1 << yw) - 1
    if typ == "$mux":
        s = ins.get("\\S")
        if s is None:
            return None
        pick = b if s[1] else a
        return (yw, pick[1] & mask) if pick is not None else None
    if typ in ("$logic_and", "$logic_or"):
        zero = typ == "$logic_and"
        for x in (a, b):
            if x is not None and (x[1] == 0) == zero:
                return yw, 0 if zero else 1
        if a is None or b is None:
            return None
        return yw, int(bool(a[1]) and bool(b[1])) if zero else int(bool(a[1]) or bool(b[1]))
    if a is None:
        return None
    if typ in ("$buf", "$pos"):
        return yw, _extend(a, yw, a_s)
    if typ == "$not":
        return yw, ~_extend(a, yw, a_s) & mask
    if typ == "$logic_not":
        return yw, int(a[1] == 0)
    if typ in ("$reduce_or", "$reduce_bool"):
        return yw, int(a[1] != 0)
    if typ == "$reduce_and":
        return yw, int(a[1] == (1 << a[0]) - 1)
    if b is None:
        return None
    if typ in ("$eq", "$ne"):
        width = max(a[0], b[0])
        signed = a_s and b_s
        same = _extend(a, width, signed) == _extend(b, width, signed)
        return yw, int(same == (typ == "$eq"))
    if typ in ("$and", "$or", "$xor"):
        x, y = _extend(a, yw, a_s and b_s), _extend(b, yw, a_s and b_s)
        return yw, (x & y if typ == "$and" else x | y if typ == "$or" else x ^ y)
    return None


class FixedInputs:
    """Per module of a modproof.Hierarchy: the wires with one value when
    the top's `bug_sel` is 0, and so the inputs the unit fixes."""

    def __init__(self, hierarchy):
        self.h = hierarchy
        self._known = {}

    def known(self, name):
        """wire -> (width, value) of module `name`'s wires that have one
        value whenever no defect is selected."""
        if name in self._known:
            return self._known[name]
        self._known[name] = {}        # a cycle in the hierarchy reads nothing
        m = self.h.modules[name]
        known = {}
        if name == self.h.top:
            d = m.ports.get(DEFECT_SELECT)
            if d and d[0] == "input":
                known["\\" + DEFECT_SELECT] = (d[1], 0)
        else:
            parents = self.h.parent.get(name, [])
            for port, (direction, width) in m.ports.items():
                if direction != "input" or not parents:
                    continue
                vals = {value_of(conns.get("\\" + port), self.known(pname))
                        for pname, conns in parents}
                if len(vals) == 1 and None not in vals:
                    known["\\" + port] = (width, _extend(vals.pop(), width, False))
        changed = True
        while changed:
            changed = False
            for lhs, rhs in m.connects:
                if lhs not in known and lhs in m.wires:
                    v = value_of(rhs, known)
                    if v is not None:
                        known[lhs] = (m.wires[lhs], _extend(v, m.wires[lhs], False))
                        changed = True
            for typ, inst, conns in m.cells:
                y = conns.get("\\Y")
                if y is None or y in known or y not in m.wires:
                    continue
                ins = {p: value_of(s, known) for p, s in conns.items() if p != "\\Y"}
                out = eval_cell(typ, m.params.get(inst, {}),
                                {p: v for p, v in ins.items() if v is not None})
                if out is not None:
                    known[y] = (m.wires[y], _extend(out, m.wires[y], False))
                    changed = True
        self._known[name] = known
        return known

    def inputs(self, names):
        """port -> value of the inputs every module of `names` (the
        instances of one parameterisation) holds at the same value."""
        out = None
        for name in names:
            m = self.h.modules[name]
            known = self.known(name)
            mine = {p: known["\\" + p][1] for p, (d, _) in m.ports.items()
                    if d == "input" and "\\" + p in known}
            out = mine if out is None else {p: v for p, v in out.items() if mine.get(p) == v}
        return out or {}
