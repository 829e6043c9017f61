# SPDX-License-Identifier: Apache-2.0
"""Wide registers taken out of the module step's miter (modproof.py;
docs/mutate.md, "Proving survivors"; ruling N556).

A register of thousands of bits (a configuration table, a descriptor
array kept in flip-flops) makes both copies of a module carry it, its
next-value logic and every read of it: hundreds of thousands of gates
the solver must show to agree, although a mutant elsewhere leaves them
alike. On the prepared RTLIL text (after `dffunmap`: every flip-flop a
`$dff` with `CLK`, `D` and `Q`), each register of `min_bits` bits or
more that both copies hold (the same `Q` signal, the same width) is cut
out of each copy as memcut.py cuts a memory:

- its next value `D` becomes an output of the copy, `PREFIX<i>.d`,
  compared by the miter like the module's outputs;
- its value `Q` is driven by an input of the copy, `PREFIX<i>.q`, one
  input both copies share.

Both copies start with the register equal (every register at 0, or the
same free value), and while their `D`s agree in every cycle the
registers stay equal, so the shared input is the value both hold; a free
input allows that value and every other. So "no output and no `D`
differs" holds for the real module too (equivalent). With `Q` shared the
two copies' next-value logic has the same inputs and Yosys merges it
(`opt_merge -share_all`): what is left is the logic the mutant changed.
A difference found with a register cut may need a value the register
never holds, so it is only "distinguishable on the module", which the
module step never takes as final anyway.
"""
import re

PREFIX = "spagm_regcut"


class Register:
    """One `$dff` cell of a module's RTLIL text: its lines (attributes
    included) and its `D`, `Q` and width."""

    def __init__(self, start, end, width, d, q):
        self.start, self.end = start, end   # line range [start, end) in the text
        self.width, self.d, self.q = width, d, q


def registers(lines, module):
    """The `$dff` cells of `module` (without its backslash) in the RTLIL
    `lines`, each a Register."""
    out, inside, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("module "):
            inside = line.split()[1] == "\\" + module
        elif inside and line.startswith("  cell $dff "):
            start = i
            while start > 0 and lines[start - 1].startswith("  attribute "):
                start -= 1
            width, conns, j = 1, {}, i + 1
            while j < len(lines) and lines[j] != "  end":
                w = lines[j].split(None, 2)
                if w[0] == "parameter" and w[1] == "\\WIDTH":
                    width = int(w[2]) if w[2].isdigit() else width
                elif w[0] == "connect" and len(w) == 3:
                    conns[w[1]] = w[2]
                j += 1
            if "\\D" in conns and "\\Q" in conns:
                out.append(Register(start, j + 1, width, conns["\\D"], conns["\\Q"]))
            i = j
        i += 1
    return out


def _ports(lines, module):
    """The highest port index of `module` and the line index of its `end`."""
    top, inside, end = 0, False, None
    for i, line in enumerate(lines):
        if line.startswith("module "):
            inside = line.split()[1] == "\\" + module
        elif inside and line.startswith("  wire "):
            m = re.search(r" (?:input|output|inout) (\d+) ", line)
            if m:
                top = max(top, int(m.group(1)))
        elif inside and line == "end":
            end = i
            inside = False
    return top, end


def cut(text, gold, gate, min_bits, prefix=PREFIX):
    """`text` with each register of `min_bits` bits or more that modules
    `gold` and `gate` both hold cut out of both (module comment), its
    ports named `prefix<i>.d` and `prefix<i>.q`, and the cut registers'
    `Q` signals in gold's order; the text unchanged and [] when there is
    none."""
    lines = text.splitlines()
    mine = {r.q: r for r in registers(lines, gate)}
    take = [r.q for r in registers(lines, gold)
            if r.width >= min_bits and r.q in mine and mine[r.q].width == r.width]
    if not take:
        return text, []
    for module in (gold, gate):
        regs = {r.q: r for r in registers(lines, module)}
        top, end = _ports(lines, module)
        drop = set()
        extra = []
        for i, q in enumerate(take):
            r = regs[q]
            drop.update(range(r.start, r.end))
            top += 2
            extra += [f"  wire width {r.width} output {top - 1} \\{prefix}{i}.d",
                      f"  wire width {r.width} input {top} \\{prefix}{i}.q",
                      f"  connect \\{prefix}{i}.d {r.d}",
                      f"  connect {r.q} \\{prefix}{i}.q"]
        lines = [line for k, line in enumerate(lines[:end]) if k not in drop] + extra + lines[end:]
    return "\n".join(lines) + "\n", take
