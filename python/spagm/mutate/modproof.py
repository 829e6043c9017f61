# SPDX-License-Identifier: Apache-2.0
"""The proof of a mutant on the module that holds it (docs/mutate.md,
"Proving survivors", the module step; rulings N497, N502-N506).

A mutant changes one module. If, for every input sequence from the state
the unit-level proof starts from, the mutated module's outputs equal the
original's, nothing in the unit can differ: whatever drives the module,
it answers the same. So "equivalent" on the module is "equivalent" for
the unit; "distinguishable" on the module says nothing (the unit may
never drive the inputs that show it), and the unit-level proof
(formal.Prover) decides instead.

The module is proven as the unit instantiates it, never elaborated alone
with its default parameters: the front end reads the whole unit with its
hierarchy kept (`read_slang --keep-hierarchy`: one module per instance
path, its parameters the ones the unit gives), and the instances of the
mutated source module are grouped by their elaborated body (children
included); every group is one parameterisation and each must be proven.
The mutant's unit is read the same way and its instance of each group's
first path is compared with the original's, its children flattened in;
when the original module elaborated alone is that same body for every
instance, the mutant's module is read alone instead (N541).

The proof per group, on the native back end (formal.Prover's):
- a module without state (no flip-flop after lowering, every memory a
  ROM or mapped away): `miter -equiv` and `sat -prove trigger 0`, for
  every input value;
- a module with state: the miter in a harness, written as AIGER, ABC's
  `&scorr; pdr` as the unit-level proof does (N445), from every register
  at 0 (the unit-level proof's assumption, N332, N447). The module's
  `rst_n` is held low in cycle 1 only when every instance's `rst_n` is
  the unit's `rst_n` (connected through each parent's port of that name
  up to the top), and free after; every other input is free in every
  cycle, which allows all the unit can give and more, but for those the
  unit holds at one value when no defect is selected (fixed.py, N540),
  held there. Outputs are compared in every cycle, the first included: a
  register of the parent may take an output during the reset.

A memory of `cut_bits` bits or more (formal.MEM_CUT_BITS) is cut out of
both copies as the unit-level proof cuts it (memcut.py, N473, N506): its
ports become outputs of the module, compared like the others, its read
data an input both copies share; smaller ones become registers.

A register of `cut_bits` bits or more that both copies hold is cut out
of both after lowering (regcut.py, N556): its next value compared, its
value an input both copies share.

A module with state is first tried with every register both copies hold
cut out that way (register correspondence, N558, `_correspondence`):
outputs and next values equal in every state for every input is a proof
of the module, and with the state shared the unchanged logic of both
copies merges, so the rung costs seconds where the whole module's proof
from reset does not fit; anything else goes on to that proof.

A module whose flip-flops are not all clocked by one of its inputs on
its rising edge, or that holds a latch, is not proven here: the
unit-level proof decides.

A mutant in the unit's top is proven on the top with its submodules cut
out (N543, Hierarchy.everted): their inputs compared, their outputs free
inputs both copies share; there a difference is also tried with the
outputs compared as the scoreboard compares them (contract.py, N542).
"""
import hashlib
import os
import re
import threading
from collections import OrderedDict

from . import contract, fixed, formal, memcut, regcut, rewrite

# The flip-flops the back end leaves after `async2sync; dffunmap`, and what
# the module step does not prove (a latch, an unmapped memory).
FF_CELLS = ("$dff", "$ff")
STATE_CELLS = ("$dlatch", "$adlatch", "$dlatchsr", "$sr", "$mem", "$mem_v2", "$memrd",
               "$memrd_v2", "$memwr", "$memwr_v2", "$aldff", "$adff", "$dffsr", "$dffe",
               "$sdff", "$sdffe", "$sdffce", "$adffe", "$aldffe", "$dffsre", "$fsm")
SCOPES = ("both", "module", "unit")
PORT_INDEX = re.compile(r" (input|output|inout) \d+ ")
# What `_sequential` says of a proof; the rung (`_correspondence`) says
# "from any state" in its place.
FROM_RESET = ": proven for every input sequence from reset"


class RtlilModule:
    """One module of an RTLIL text: its body lines (without the `module`
    line and its attributes), ports, instances of other modules, whole-wire
    connections and memories."""

    def __init__(self, name, body):
        self.name, self.body = name, body
        self.ports = OrderedDict()   # name -> (direction, width)
        self.wires = {}              # name -> width
        self.cells = []              # (type, instance name, {port: signal})
        self.alias = {}              # wire -> the whole wire driving it (`connect`)
        self.connects = []           # (whole wire, signal driving it) of `connect`s
        self.memories = []           # (name, bits)
        self.params = {}             # instance name -> {parameter: value}
        cell = None
        for line in body:
            s = line.strip()
            if line.startswith("  wire "):
                w = s.split()
                width = int(w[w.index("width") + 1]) if "width" in w else 1
                self.wires[w[-1]] = width
                if "input" in w or "output" in w:
                    self.ports[w[-1][1:]] = ("input" if "input" in w else "output", width)
            elif line.startswith("  memory "):
                w = s.split()
                width = int(w[w.index("width") + 1]) if "width" in w else 1
                size = int(w[w.index("size") + 1]) if "size" in w else 1
                self.memories.append((w[-1], width * size))
            elif line.startswith("  cell "):
                w = s.split()
                cell = (w[1], w[2], {})
                self.cells.append(cell)
                self.params[w[2]] = {}
            elif line.startswith("    parameter ") and cell is not None:
                w = s.split()
                self.params[cell[1]][w[1]] = w[2] if len(w) > 2 else ""
            elif line.startswith("    connect ") and cell is not None:
                w = s.split(None, 2)
                cell[2][w[1]] = w[2] if len(w) > 2 else ""
            elif line.startswith("  connect "):
                w = s.split(None, 2)
                if len(w) == 3 and re.fullmatch(r"\\\S+", w[2]):
                    self.alias[w[1]] = w[2]
                if len(w) == 3 and not w[2].startswith("["):
                    self.connects.append((w[1], w[2]))
            elif line == "  end":
                cell = None

    def base(self):
        """The source module's name (keep-hierarchy names it NAME$PATH)."""
        return self.name.lstrip("\\").split("$", 1)[0]

    def path(self):
        """The instance path keep-hierarchy appends, or the name."""
        n = self.name.lstrip("\\")
        return n.split("$", 1)[1] if "$" in n else n


class Hierarchy:
    """A design read with its hierarchy kept (write_rtlil of the front end)."""

    def __init__(self, text, top):
        self.top = "\\" + top
        self.autoidx = "autoidx 1"
        self.modules = OrderedDict()
        body, name = [], None
        for line in text.splitlines():
            if line.startswith("autoidx "):
                self.autoidx = line
            elif line.startswith("module "):
                name, body = line.split()[1], []
            elif line == "end" and name is not None:
                self.modules[name] = RtlilModule(name, body)
                name = None
            elif name is not None:
                body.append(line)
        # child module -> (parent module, the instance's connections)
        self.parent = {}
        for m in self.modules.values():
            for typ, _, conns in m.cells:
                if typ in self.modules:
                    self.parent.setdefault(typ, []).append((m.name, conns))
        self._keys = {}

    def instances_of(self, base):
        """The modules elaborated from source module `base` (one per instance
        path), in the order read."""
        return [n for n, m in self.modules.items() if m.base() == base and n != self.top]

    def subtree(self, name):
        """`name` and every module below it, each once, parents first."""
        out, todo = [], [name]
        while todo:
            n = todo.pop(0)
            if n in out:
                continue
            out.append(n)
            todo += [t for t, _, _ in self.modules[n].cells if t in self.modules]
        return out

    def key(self, name):
        """A digest of the elaborated module with its children's digests in
        place of their instance-path names: equal for two instances with the
        same parameters (and children)."""
        if name not in self._keys:
            h = hashlib.sha256()
            for line in self.modules[name].body:
                # A port's position follows the order the front end met
                # the connections in, which an elaboration of the module
                # alone does not share; ports pair by name.
                if line.startswith("  wire "):
                    line = PORT_INDEX.sub(r" \1 ", line)
                elif line.startswith("  cell "):
                    w = line.split()
                    if w[1] in self.modules:
                        line = f"  cell {self.key(w[1])} {w[2]}"
                h.update(line.encode() + b"\n")
            self._keys[name] = h.hexdigest()
        return self._keys[name]

    def from_top(self, name, port, top_port):
        """True when input `port` of module `name` is the top's input
        `top_port` in every instance: connected whole to a wire of the
        parent that is (through whole-wire `connect`s) the parent's input of
        the same role, up to the top."""
        m = self.modules[name]
        if m.ports.get(port, ("",))[0] != "input":
            return False
        if name == self.top:
            return port == top_port
        parents = self.parent.get(name)
        if not parents:
            return False
        for pname, conns in parents:
            sig, seen = conns.get("\\" + port), set()
            pm = self.modules[pname]
            while sig in pm.alias and sig not in seen:
                seen.add(sig)
                sig = pm.alias[sig]
            if not sig or not re.fullmatch(r"\\\S+", sig) or \
                    not self.from_top(pname, sig[1:], top_port):
                return False
        return True

    def extract(self, name, prefix):
        """RTLIL text of `name`'s subtree, `name` renamed `prefix` and each
        module below `prefix.N`; module attributes (top, keep_hierarchy) left
        out."""
        tree = self.subtree(name)
        new = {n: ("\\" + prefix if i == 0 else f"\\{prefix}.{i}") for i, n in enumerate(tree)}
        out = []
        for n in tree:
            out.append(f"module {new[n]}")
            for line in self.modules[n].body:
                if line.startswith("  cell "):
                    w = line.split()
                    if w[1] in new:
                        line = f"  cell {new[w[1]]} {w[2]}"
                out.append(line)
            out.append("end")
        return "\n".join(out) + "\n"

    def everted(self, name):
        """A Hierarchy of module `name` alone with its submodules cut out
        (N543): each instance removed, what the module gave its input
        becomes an output port `INSTANCE.PORT` and what the instance gave
        back an input port of that name; None when an instance's module or
        one of its ports is not in the design."""
        m = self.modules[name]
        body, extra, nports = [], [], len(m.ports)
        cell = None
        for line in m.body:
            if line.startswith("  cell "):
                w = line.split()
                if w[1] in self.modules:
                    cell = (w[1], w[2])
                    while body and body[-1].startswith("  attribute "):
                        body.pop()          # the instance's own attributes
                    continue
            if cell is not None:
                if line.startswith("    connect "):
                    w = line.strip().split(None, 2)
                    child = self.modules[cell[0]]
                    port = w[1][1:]
                    if port not in child.ports or len(w) < 3:
                        return None
                    direction, width = child.ports[port]
                    wire = f"\\{cell[1].lstrip(chr(92))}.{port}"
                    nports += 1
                    extra.append(f"  wire width {width} {'output' if direction == 'input' else 'input'} "
                                 f"{nports} {wire}")
                    extra.append(f"  connect {wire} {w[2]}" if direction == "input" else
                                 f"  connect {w[2]} {wire}")
                elif line == "  end":
                    cell = None
                continue
            body.append(line)
        text = f"{self.autoidx}\nmodule {name}\n" + "\n".join(body + extra) + "\nend\n"
        return Hierarchy(text, name.lstrip("\\"))

    def memory_bits(self, name):
        """The largest memory of `name`'s subtree, (bits, name) or (0, "")."""
        best = (0, "")
        for n in self.subtree(name):
            for mem, bits in self.modules[n].memories:
                best = max(best, (bits, mem.lstrip("\\")))
        return best


def source_module(text, line):
    """The name of the module whose text holds `line` (1-based) of a source
    file, or None (a package, an interface, outside any module)."""
    name = None
    for i, l in enumerate(text.splitlines()[:line], 1):
        code = l.split("//", 1)[0]
        m = re.match(r"\s*(?:module|macromodule)\s+(?:(?:static|automatic)\s+)?"
                     r"([A-Za-z_][A-Za-z0-9_$]*)", code)
        if m:
            name = m.group(1)
        if re.search(r"\bendmodule\b", code) and i < line:
            name = None
    return name


class ModuleStep:
    """The module step of one formal.Prover: the original unit read once
    with its hierarchy kept, then per mutant its unit read the same way and
    each parameterisation of the mutated module proven."""

    def __init__(self, prover):
        self.p = prover
        self.gold = None        # Hierarchy, or a str: why the original cannot be read so
        self.fixed = None       # fixed.FixedInputs of the original
        self.alone = {}         # source module -> True when read alone it is every instance
        self.lock = threading.Lock()

    def _read(self, files, name, top=None):
        """The front end's reading of `files` with the hierarchy kept, from
        `top` (the unit's by default), `{name}.hier.il`: (Hierarchy or
        None, message, seconds)."""
        p = self.p
        top = top or p.top
        names = " ".join(p.staging.name(f) for f in files)
        nop = " --no-proc" if p.back else ""
        out = f"{name}.hier.il"
        done, text, secs = p._yosys(
            [f"read_slang --threads 1 --allow-use-before-declare{nop} --keep-hierarchy "
             f"--top {top} {names}", f"hierarchy -top {top}", f"write_rtlil {out}"],
            f"{name}.hier", p.wall, front=True)
        if done is not True:
            lim = formal._limit_of(text) if done is False else None
            why = ("time limit: the front end did not finish" if done is None else
                   formal._limit_reason(lim, text, p.staging) if lim else
                   formal._error_lines(text, p.staging) or f"Yosys failed (see {name}.hier.log)")
            return None, why, secs
        with open(os.path.join(p.workdir, out), encoding="utf-8", errors="replace") as f:
            return Hierarchy(f.read(), top), "", secs

    def original(self):
        with self.lock, self.p.shared():
            if self.gold is None:
                os.makedirs(self.p.workdir, exist_ok=True)
                h, why, secs = self._read(self.p.files, "gold")
                self.gold = h if h is not None else why
                self.fixed = fixed.FixedInputs(h) if h is not None else None
                self.gold_seconds = round(secs, 2)
                self.p.log(f"mutate: formal: the original read with its hierarchy in {secs:.1f} s")
            return self.gold

    def _reads_alone(self, base, members):
        """True when source module `base` elaborated alone (its default
        parameters, `--top base`) is, children included, the body of every
        instance in `members`: then a mutant's copy of the module is read
        alone, a fraction of the whole unit's front end. Decided once per
        module on the original."""
        with self.lock, self.p.shared():
            if base not in self.alone:
                gold = self.gold
                h, _, secs = self._read(self.p.files, f"gold.{base}", top=base)
                self.alone[base] = h is not None and "\\" + base in h.modules and \
                    all(h.key("\\" + base) == gold.key(n) for n in members)
                self.p.log(f"mutate: formal: module {base} read alone in {secs:.1f} s: "
                           + ("as the unit instantiates it" if self.alone[base] else
                              "not as the unit instantiates it, the unit is read per mutant"))
            return self.alone[base]

    def prove(self, sources, mutant, name):
        """The module step of one mutant: (result, note). `result` is the
        report's `formal` object when the module proves the mutant
        equivalent, else None; `note` (the report's `module_step`) says
        what the step found."""
        note = OrderedDict([("module", None), ("verdict", "not run"), ("reason", ""),
                            ("seconds", 0.0)])
        src = next((s for s in sources if s.path == mutant.file), None)
        base = source_module(src.text, mutant.line) if src is not None else None
        note["module"] = base
        if base is None:
            note["reason"] = "the mutated line is in no module (a package or outside one)"
            return None, note
        gold = self.original()
        if isinstance(gold, str):
            note.update(verdict="undecided", reason=f"the original with its hierarchy: {gold}")
            return None, note
        if base == self.p.top:
            return self._top(sources, mutant, name, note, gold)
        insts = gold.instances_of(base)
        if not insts:
            note["reason"] = f"module {base} has no instance in {self.p.top}"
            return None, note
        groups = OrderedDict()
        for n in insts:
            groups.setdefault(gold.key(n), []).append(n)
        alone = len(groups) == 1 and self._reads_alone(base, insts)
        note["read"] = "module" if alone else "unit"
        files = self.p._files(sources, mutant, name)
        gate, why, secs = self._read(files, name, top=base if alone else None)
        note["seconds"] = round(secs, 2)
        if gate is None:
            note.update(verdict="undecided", reason=f"front end: {why}")
            return None, note
        pairs = []
        for members in groups.values():
            if alone:
                pairs.append((members, "\\" + base, len(members)))
                continue
            missing = [n for n in members if n not in gate.modules]
            if missing:
                note.update(verdict="undecided",
                            reason=f"the mutant's unit has no {missing[0].lstrip(chr(92))}")
                return None, note
            variants = OrderedDict()
            for n in members:
                variants.setdefault(gate.key(n), n)
            pairs += [(members, g, len(members)) for g in variants.values()]
        methods = []
        for i, (members, m, count) in enumerate(pairs):
            g = members[0]
            r = self._pair(gold, g, gate, m, f"{name}.mod{i}", self.fixed.inputs(members))
            note["seconds"] = round(note["seconds"] + r["seconds"], 2)
            if r["verdict"] != "equivalent":
                note.update(verdict=r["verdict"], reason=f"{self._where(gold, g, count)}: "
                                                         f"{r['reason']}")
                return None, note
            methods.append((g, count, r))
        note.update(verdict="equivalent", reason="")
        assumptions = []
        for _, _, r in methods:
            assumptions += [a for a in r["assumptions"] if a not in assumptions]
        how = "; ".join(dict.fromkeys(r["how"] for _, _, r in methods))
        where = ", ".join(self._where(gold, g, count) for g, count, _ in methods)
        res = OrderedDict([
            ("verdict", "equivalent"),
            ("method", f"module {base} ({where}; {len(groups)} parameterisation"
                       f"{'s' if len(groups) != 1 else ''} in {self.p.top}): "
                       f"{_kind([r for _, _, r in methods])}, {how}"),
            ("bound", None), ("reason", "; ".join(assumptions)), ("assumptions", assumptions),
            ("seconds", note["seconds"]), ("counterexample", None), ("scope", "module"),
            ("module_step", note)])
        return res, note

    def _top(self, sources, mutant, name, note, gold):
        """The module step of a mutant in the unit's top (N543): the top
        with its submodules cut out, the same in both copies (Hierarchy.
        everted): what it gives each instance compared, what each gives
        back a free input both copies share, which allows every answer a
        submodule could give and more. Equivalent there is the unit's
        equivalence; when not, the outputs compared as the scoreboard does
        (contract.py) may still be proven equal: equivalent under the
        contract, final as well. Anything else goes to the unit's proof."""
        cut = len([c for c in gold.modules[gold.top].cells if c[0] in gold.modules])
        if not cut:
            note["reason"] = (f"the unit's top {self.p.top} has no submodule: the unit's "
                              "proof is the same design")
            return None, note
        note["read"] = "unit"
        ge = gold.everted(gold.top)
        if ge is None:
            note["reason"] = "a submodule of the top is not in the design"
            return None, note
        files = self.p._files(sources, mutant, name)
        gate, why, secs = self._read(files, name)
        note["seconds"] = round(secs, 2)
        if gate is None:
            note.update(verdict="undecided", reason=f"front end: {why}")
            return None, note
        me = gate.everted(gate.top)
        if me is None:
            note.update(verdict="undecided", reason="a submodule of the mutant's top is not "
                                                    "in the design")
            return None, note
        fixed_in = self.fixed.inputs([gold.top])
        where = (f"module {self.p.top} (the unit's top, its {cut} submodule instances cut out: "
                 "what it gives each compared, what each gives back a free input both copies "
                 "share)")
        cut_note = (f"the top's {cut} submodule instances cut out: their inputs compared in "
                    "every cycle, their outputs free inputs both copies share")
        r = self._pair(ge, ge.top, me, me.top, f"{name}.top", fixed_in)
        note["seconds"] = round(note["seconds"] + r["seconds"], 2)
        assumptions = r["assumptions"] + [cut_note]
        if r["verdict"] == "equivalent":
            note.update(verdict="equivalent", reason="")
            return OrderedDict([
                ("verdict", "equivalent"),
                ("method", f"{where}: {_kind([r])}, {r['how']}"),
                ("bound", None), ("reason", "; ".join(assumptions)),
                ("assumptions", assumptions), ("seconds", note["seconds"]),
                ("counterexample", None), ("scope", "module"), ("module_step", note)]), note
        note.update(verdict=r["verdict"], reason=f"{where}: {r['reason']}")
        if r["verdict"] != "distinguishable" or \
                contract.applies(ge.modules[ge.top].ports) is not None:
            return None, note
        c = self._pair(ge, ge.top, me, me.top, f"{name}.topc", fixed_in, by_contract=True)
        note["seconds"] = round(note["seconds"] + c["seconds"], 2)
        if c["verdict"] != "equivalent":
            return None, note
        con = OrderedDict([("verdict", "equivalent"),
                           ("method", f"{where}, the contract's miter: {c['how']}"),
                           ("compared", contract.COMPARED), ("reason", ""),
                           ("seconds", c["seconds"]),
                           ("assumptions", [a for a in c["assumptions"]
                                            if a in contract.CONSTRAINTS])])
        return OrderedDict([
            ("verdict", "undecided"), ("method", "module step"), ("bound", None),
            ("reason", f"scope: the top with its submodules cut out differs ({r['reason']}), "
                       "which the unit may never show; compared as the scoreboard compares, "
                       "it is proven equal"),
            ("assumptions", assumptions), ("seconds", note["seconds"]), ("counterexample", None),
            ("limit", "scope"), ("scope", "module"), ("module_step", note),
            ("contract", con)]), note

    @staticmethod
    def _where(h, name, count):
        path = h.modules[name].path()
        return (f"instance {path}" if count == 1 else
                f"{count} instances, e.g. {path}")

    def _pair(self, gold, g, gate, m, name, fixed_in, by_contract=False):
        """One parameterisation: the original's module `g` against the
        mutant's `m`, the inputs of `fixed_in` (port -> value, what the
        unit holds them at with no defect selected) held there.
        {verdict, reason, seconds, assumptions, sequential, how}."""
        p = self.p
        out = OrderedDict([("verdict", "undecided"), ("reason", ""), ("seconds", 0.0),
                           ("assumptions", []), ("sequential", False), ("how", "")])
        text = (gold.autoidx + "\n" + gold.extract(g, "spagm_gold")
                + gate.extract(m, "spagm_gate"))
        rewrite.write_whole(os.path.join(p.workdir, f"{name}.il"), text.encode())
        gports, mports = gold.modules[g].ports, gate.modules[m].ports
        if dict(gports) != dict(mports):
            out["reason"] = "the mutant changes the module's ports"
            return out
        # The modules below the two copies go once flattened into them:
        # no later pass (memory_map above all) spends time on them.
        lower = (formal.SLANG_PROC if p.back else []) + ["flatten",
                                                         "delete spagm_gold.* spagm_gate.*"]
        cut = p.cut_bits is not None and gold.memory_bits(g)[0] >= p.cut_bits
        if cut:
            why = self._cut(out, name, lower)
            if why:
                out["reason"] = why
                return out
            lower = []
        # An undriven bit (a word past a memory's size, which `memory_map`
        # leaves undriven and a free input may address) is 0 in both copies,
        # as every x (N507): a free value per copy would differ by itself.
        prep = ([f"read_rtlil {name}{'.cut' if cut else ''}.il"] + lower
                + ["memory_map", "opt_clean", "async2sync", "dffunmap",
                   "setundef -zero -init", "setundef -undriven -zero", "opt_clean",
                   f"write_rtlil {name}.prep.il"])
        done, log, secs = p._yosys(prep, f"{name}.prep", p.wall)
        out["seconds"] = round(out["seconds"] + secs, 2)
        if done is not True:
            out["reason"] = self._failed(done, log, name + ".prep")
            return out
        with open(os.path.join(p.workdir, f"{name}.prep.il"), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        if p.cut_bits is not None:
            text, regs = regcut.cut(text, "spagm_gold", "spagm_gate", p.cut_bits)
            if regs:
                rewrite.write_whole(os.path.join(p.workdir, f"{name}.prep.il"), text.encode())
                said = ", ".join(q.lstrip("\\") for q in regs)
                out["how_regcut"] = (f"registers of {p.cut_bits} bits or more cut out ({said}): "
                                     "their next values compared, their values one input both "
                                     "copies share")
        prepared = Hierarchy(text, "spagm_gold")
        # With memories cut out, their ports are the module's too.
        gports = prepared.modules["\\spagm_gold"].ports
        if dict(gports) != dict(prepared.modules["\\spagm_gate"].ports):
            out["reason"] = "the mutant changes the module's ports"
            return out
        clocks, other = set(), []
        for top in ("\\spagm_gold", "\\spagm_gate"):
            for typ, _, conns in prepared.modules[top].cells:
                if typ in FF_CELLS:
                    clocks.add(conns.get("\\CLK", "global clock"))
                elif typ in STATE_CELLS:
                    other.append(typ)
        if other:
            out["reason"] = f"the module holds {other[0]} cells after lowering"
            return out
        # Which of the unit's assumptions reach the module (module comment):
        # the inputs the unit holds at one value with no defect selected.
        tie = OrderedDict((n, (gports[n][1], v)) for n, v in fixed_in.items()
                          if gports.get(n, ("",))[0] == "input" and n != formal.RESET
                          and "\\" + n not in clocks)
        for n, (w, v) in tie.items():
            out["assumptions"].append(
                f"{n} = {v} in every cycle (the unit's {formal.DEFECT_SELECT}, which the "
                "unit-level proof holds at 0)" if n == formal.DEFECT_SELECT else
                f"{n} = {w}'d{v} in every cycle (what the unit gives it with no defect "
                f"selected: {formal.DEFECT_SELECT} = 0 and constants)")
        if formal.DEFECT_SELECT in gports and formal.DEFECT_SELECT not in tie:
            out["assumptions"].append(f"{formal.DEFECT_SELECT} free (not the unit's)")
        if not clocks and not by_contract:
            return self._with_cut(self._combinational(out, name, gports, tie))
        out["sequential"] = True
        clk = clocks.pop() if len(clocks) == 1 else None
        clk = clk.lstrip("\\") if clk and clk.lstrip("\\") in gports else None
        pos = all(_bits(prepared.modules[top].params[n].get("\\CLK_POLARITY", "1")) == 1
                  for top in ("\\spagm_gold", "\\spagm_gate")
                  for t, n, _ in prepared.modules[top].cells if t == "$dff")
        if clk is None or not pos:
            out["reason"] = ("the module's flip-flops are not all clocked by one of its inputs "
                             "on its rising edge")
            return out
        if p.abc is None:
            out["reason"] = "a module with state is proven by ABC, and there is none (--abc)"
            return out
        rst = formal.RESET in gports and gold.from_top(g, formal.RESET, formal.RESET) and \
            gold.from_top(g, clk, self._top_clock(gold))
        # The contract's miter follows the plain one of the same pair
        # (_top), which has already run the rung.
        if not by_contract:
            rc = self._correspondence(out, name, text, clk, rst, tie)
            if rc["verdict"] == "equivalent":
                return self._with_cut(rc)
            out["seconds"] = rc["seconds"]
        return self._with_cut(self._sequential(out, name, gports, clk, rst, tie, by_contract))

    def _correspondence(self, out, name, text, clk, rst, tie):
        """The first, cheap rung of a module with state (N558): every
        register both copies hold cut out of both (regcut.py at one bit),
        the rest proven as `_sequential` proves it, with at most half of
        what is left of the mutant's budget. Both copies start in the same
        state, and if from any one state both give the same outputs and
        the same next values for every input, they stay in one state
        together: equivalent. So a proof here is a proof for the module;
        anything else is no answer (the state that shows a difference may
        be one the module never reaches), and `_sequential` runs on. With
        the state cut, the two copies' unchanged logic has the same inputs
        and merges: only the mutant's cone is left to prove, so a module
        too large for `_sequential` within the budget is often proven
        here in seconds. `out` itself is not changed; the result is a copy
        of it."""
        p = self.p
        rc = OrderedDict(out)
        rc_text, regs = regcut.cut(text, "spagm_gold", "spagm_gate", 1, prefix="spagm_regcorr")
        if not regs:
            return rc
        rewrite.write_whole(os.path.join(p.workdir, f"{name}.rc.prep.il"), rc_text.encode())
        ports = Hierarchy(rc_text, "spagm_gold").modules["\\spagm_gold"].ports
        rc = self._sequential(rc, name + ".rc", ports, clk, rst, tie, wall=p._left(p.wall) / 2)
        if rc["verdict"] != "equivalent":
            return rc
        rc["any_state"] = True
        rc["how"] = rc["how"].replace(
            FROM_RESET, f", register correspondence: every register both copies hold cut out "
                        f"({len(regs)}), its next value compared, its value one input both "
                        "copies share: outputs and next values equal in every state for every "
                        "input")
        rc["assumptions"] = (["both copies start in one state, any state (every register cut "
                              "out: its value one free input both copies share)",
                              "every input free in every cycle; outputs and next values "
                              "compared in every cycle"] + out["assumptions"])
        return rc

    @staticmethod
    def _with_cut(out):
        """The method and assumptions of a proof with memories or wide
        registers cut out."""
        for key in ("how_cut", "how_regcut"):
            cut = out.pop(key, None)
            if cut:
                out["how"] = f"{out['how']}, {cut}"
                out["assumptions"] = out["assumptions"] + [cut]
        return out

    def _cut(self, out, name, lower):
        """`{name}.cut.il`: both copies lowered, their memories of
        `cut_bits` bits or more cut out (memcut.py, N473): the ports of each
        become outputs of the module, compared, its read data an input both
        copies share. None, or why the module step cannot."""
        p = self.p
        done, log, secs = p._yosys([f"read_rtlil {name}.il"] + lower
                                   + ["memory_collect", f"write_rtlil {name}.pre.il"],
                                   f"{name}.pre", p.wall)
        out["seconds"] = round(out["seconds"] + secs, 2)
        if done is not True:
            return self._failed(done, log, name + ".pre")
        with open(os.path.join(p.workdir, f"{name}.pre.il"), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        take, _ = memcut.chosen(text, "spagm_gold", p.cut_bits)
        mine = {m.memid: m for m in memcut.memories(text, "spagm_gate")}
        for memid, mem in take.items():
            if memid not in mine or mine[memid].signature() != mem.signature():
                return f"the mutant changes memory {memid} itself"
        text, _ = memcut.replace(text, "spagm_gold", take, "cut")
        text, _ = memcut.replace(text, "spagm_gate", {k: mine[k] for k in take}, "cut")
        rewrite.write_whole(os.path.join(p.workdir, f"{name}.cut.il"), text.encode())
        if take:
            out["how_cut"] = (f"memories cut out ({', '.join(take)}): their ports compared, "
                              "their read data one input both copies share")
        return None

    def _combinational(self, out, name, ports, tie):
        p = self.p
        script = [f"read_rtlil {name}.prep.il"] + self._tie(tie) + [
            "miter -equiv -flatten -make_outputs spagm_gold spagm_gate spagm_miter",
            "hierarchy -top spagm_miter", "opt -fast",
            f"sat -prove trigger 0 -timeout {p.timeout}"]
        done, log, secs = p._yosys(script, f"{name}.sat", p.wall)
        out["seconds"] = round(out["seconds"] + secs, 2)
        out["how"] = f"{p.cmd_name()} sat -prove trigger 0 on the module's miter"
        out["assumptions"] = ["every input free; x constants read as 0 in both copies "
                              "(setundef -zero, as the two-state simulators)"] + out["assumptions"]
        if done is True and "SAT proof finished - no model found: SUCCESS!" in log:
            out.update(verdict="equivalent", how=out["how"] + ": outputs equal for every input")
        elif "SAT proof finished - model found: FAIL!" in log:
            out.update(verdict="distinguishable",
                       reason="the module's outputs differ for some input (which the unit "
                              "may never give)")
        elif "timeout" in log.lower() or done is None:
            out["reason"] = f"time limit: the SAT solver's {p.timeout} s"
        else:
            out["reason"] = self._failed(done, log, name + ".sat")
        return out

    def _sequential(self, out, name, ports, clk, rst, tie, by_contract=False, wall=None):
        """The miter of `{name}.prep.il` in a harness, written as AIGER and
        proven by ABC, each process within `wall` seconds (the prover's
        own limit by default). `out`, updated."""
        p = self.p
        wall = p.wall if wall is None else wall
        vid = contract.vid
        ins = [(n, w) for n, (d, w) in ports.items() if d == "input" and n not in tie]
        decl = ",\n".join(f"  input wire [{w - 1}:0] {vid('in_' + n)}" for n, w in ins)
        conn = ",\n".join(f"    .{vid('in_' + n)}(" + (f"first ? {w}'d0 : in_{n}" if rst and
                                                       n == formal.RESET else vid("in_" + n))
                          + ")" for n, w in ins)
        for n, (w, v) in tie.items():
            conn += f",\n    .{vid('in_' + n)}({w}'d{v})"
        harness = (f"module spagm_module_miter (\n{decl},\n  output wire bad);\n"
                   "  reg first = 1'b1;  // cycle 1\n"
                   f"  always @(posedge in_{clk}) first <= 1'b0;\n"
                   "  wire trigger;\n"
                   f"  spagm_miter u_miter (\n{conn},\n    .trigger(trigger));\n"
                   "  assign bad = trigger;\n"
                   "endmodule\n")
        hv = f"{name}.harness.v"
        rewrite.write_whole(os.path.join(p.workdir, hv), harness.encode())
        miter = "miter -equiv -flatten spagm_gold spagm_gate spagm_miter"
        if by_contract:
            # The outputs compared as the scoreboard compares them (N542).
            mv = f"{name}.contract_miter.v"
            rewrite.write_whole(os.path.join(p.workdir, mv),
                                contract.miter_verilog(ports, clk=clk).encode())
            miter = f"read_verilog {mv}"
            out["assumptions"] = out["assumptions"] + contract.assumptions(ports, clk)
        script = [f"read_rtlil {name}.prep.il", miter,
                  f"read_verilog {hv}", "hierarchy -top spagm_module_miter",
                  "proc", "flatten", "async2sync", "dffunmap",
                  "setundef -zero -init", "setundef -undriven -anyseq",
                  "opt_merge -share_all", "opt_clean",
                  # A part-select at a computed offset ($shiftx by a
                  # multiple of the word) narrowed before it becomes gates:
                  # a shifter over a 32-bit amount is 32 stages of the
                  # whole vector.
                  "opt_expr", "wreduce", "peepopt", "opt_clean",
                  "techmap", "opt -fast -nodffe -nosdff",
                  # techmap's x (a $shiftx past its input) is 0 in both
                  # copies, as every other x constant.
                  "setundef -zero", "dffunmap", "aigmap", "opt_clean",
                  f"write_aiger -zinit -miter {name}.aig"]
        done, log, secs = p._yosys(script, f"{name}.aiger", wall)
        out["seconds"] = round(out["seconds"] + secs, 2)
        if done is not True:
            out["reason"] = self._failed(done, log, name + ".aiger")
            return out
        abc_done, text, abc_s = p._abc(name, wall=wall)
        out["seconds"] = round(out["seconds"] + abc_s, 2)
        abc = os.path.basename(p.abc[0])
        out["how"] = f"{abc} &scorr + pdr on the module's miter ({p.cmd_name()} write_aiger)"
        out["assumptions"] = ([f"{formal.RESET} low in cycle 1 (the unit's reset), free after"
                               if rst else f"{formal.RESET} free (not the unit's reset)"
                               if formal.RESET in ports else "no reset input"]
                              + ["every register starts at 0 in both copies (registers "
                                 "without a reset start equal)",
                                 "every other input free in every cycle; outputs compared in "
                                 "every cycle"] + out["assumptions"])
        said, _ = formal.abc_outcome(abc_done, text)
        if said == "proved":
            out.update(verdict="equivalent",
                       how=out["how"] + FROM_RESET)
        elif said == "asserted":
            out.update(verdict="distinguishable",
                       reason="the module's outputs differ for some input sequence (which the "
                              "unit may never give)")
        else:
            out["reason"] = (f"time limit: {abc} within {p.timeout} s" if said == "time" else
                             f"{abc} gave no answer (see {name}.abc.log)")
        return out

    @staticmethod
    def _top_clock(h):
        """The unit's clock input as formal.Prover._clock names it."""
        ins = [n for n, (d, _) in h.modules[h.top].ports.items() if d == "input"]
        return "clk" if "clk" in ins else next((n for n in ins if "clk" in n.lower()), "")

    @staticmethod
    def _tie(tie):
        """The commands holding each input of `tie` (port -> (width,
        value)) at its value in both copies."""
        lines = []
        for mod in ("spagm_gold", "spagm_gate"):
            for n, (w, v) in tie.items():
                lines += [f"delete -input {mod}/{n}", f"cd {mod}", f"connect -set {n} {w}'d{v}",
                          "cd"]
        return lines

    def _failed(self, done, log, name):
        if done is None:
            return f"time limit: {name} did not finish within {self.p.wall:g} s"
        lim = formal._limit_of(log)
        if lim:
            return formal._limit_reason(lim, log, self.p.staging)
        return "Yosys: " + (formal._error_lines(log, self.p.staging) or
                            f"no answer (see {name}.log)")


def _kind(results):
    """How the proofs of `results` (one per parameterisation) hold:
    "combinational", "sequential from reset", or "sequential, from any
    state" when every sequential one is register correspondence's."""
    seq = [r for r in results if r["sequential"]]
    if not seq:
        return "combinational"
    return ("sequential, from any state" if all(r.get("any_state") for r in seq)
            else "sequential from reset")


def _bits(value):
    """The integer of an RTLIL constant (`1'1`, `32'00000001`, `1`), or None."""
    v = value.split("'", 1)[1] if "'" in value else value
    try:
        return int(v, 2 if "'" in value else 10)
    except ValueError:
        return None
