# SPDX-License-Identifier: Apache-2.0
"""The mutated copy of a unit's RTL (what MCY's `mutsel` does, on source):
every selected mutant K becomes `(spagm_mutsel == K) ? new : old` around its
expression, or `if (spagm_mutsel == K) new else old` around its statement,
so one Verilator build simulates any mutant and K = 0 is the original.
K is the mutant's place in this copy (1..n), an internal selector: the
copy's `selectors.tsv` maps it to the mutant's stable id (N320), the only
name a person sees.

Each module with a mutant declares `spagm_mutsel`, set at time 0 from the
plusarg `+mutant=K` ($value$plusargs: a system function, not DPI; the
stand-ins' rule of never calling DPI holds, rtl_stubs/README.md). The
declaration goes on the line of the module header's end, so every line of
the copy keeps its number. Files without a selected mutant are not copied:
the list names the original (a package named by several lists stays one
file, docs/own-rtl.md).
"""
import os

from pyslang import syntax

from .design import walk_nodes

K = syntax.SyntaxKind
SEL = "spagm_mutsel"
DECL = (f" int unsigned {SEL}; /* spagm mutate: the mutant simulated, +mutant=K (0: none) */"
        f" initial if (!$value$plusargs(\"mutant=%d\", {SEL})) {SEL} = 0;")
# One line before the file's first line, so every line keeps its number.
HEAD = ("/* Mutated copy written by spagm mutate (docs/mutate.md), +mutant=K selects mutant K. */"
        " /* verilator lint_off WIDTH */ /* verilator lint_off SELRANGE */"
        " /* verilator lint_off CASEOVERLAP */ /* verilator lint_off LATCH */"
        " /* verilator lint_off UNUSEDSIGNAL */ /* verilator lint_off CMPCONST */ ")


class Group:
    """The mutants that replace one range of a file at one level."""

    def __init__(self, start, end, level):
        self.start, self.end, self.level = start, end, level
        self.alts = []      # (K, replacement text)
        self.inner = []     # groups nested inside


def _nest(groups):
    """Groups as a forest by containment (slang's ranges nest or are apart)."""
    order = {"insert": 0, "stmt": 1, "expr": 2}
    groups.sort(key=lambda g: (g.start, -g.end, order[g.level]))
    roots, stack = [], []
    for g in groups:
        while stack and not (g.start >= stack[-1].start and g.end <= stack[-1].end):
            stack.pop()
        (stack[-1].inner if stack else roots).append(g)
        stack.append(g)
    return roots


def _render(text, lo, hi, groups):
    out, at = [], lo
    for g in groups:
        out.append(text[at:g.start])
        if g.level == "insert":
            out.append(DECL)
            at = g.end
            continue
        orig = _render(text, g.start, g.end, g.inner)
        if g.level == "expr":
            s = orig
            for k, alt in reversed(g.alts):
                s = f"(({SEL} == 32'd{k}) ? ({alt}) : ({s}))"
        else:
            s = f"begin {orig} end"
            for k, alt in reversed(g.alts):
                s = f"if ({SEL} == 32'd{k}) begin {alt} end else {s}"
            s = f"begin {s} end"
        out.append(s)
        at = g.end
    out.append(text[at:hi])
    return "".join(out)


def mutate_text(source, mutants, kmap):
    """The text of one file with these mutants (all of this file), mutant
    `m` selected by `+mutant=kmap[m.id]`."""
    text = source.text
    groups = {}
    for m in mutants:
        for e in m.edits:
            key = (e.start, e.end, e.level)
            if key not in groups:
                groups[key] = Group(e.start, e.end, e.level)
            groups[key].alts.append((kmap[m.id], e.text))
    # The selector in every module that holds a mutant, after its header
    # (no mutant is in a header: parameters and port types are constant).
    starts = sorted({e.start for m in mutants for e in m.edits})
    for n in walk_nodes(source.tree.root):
        if n.kind == K.ModuleDeclaration:
            r = n.sourceRange
            if any(r.start.offset <= s < r.end.offset for s in starts):
                at = n.header.sourceRange.end.offset
                groups[(at, at, "insert")] = Group(at, at, "insert")
    body = _render(text, 0, len(text), _nest(list(groups.values())))
    return HEAD + body


SELECTORS = "selectors.tsv"


def selectors(mutants):
    """{stable id: K}: K = 1.. in the order given (enumeration order)."""
    return {m.id: k for k, m in enumerate(mutants, 1)}


def write_copy(sources, mutants, outdir, list_name, kmap=None, files=()):
    """Writes the mutated files, their list and `selectors.tsv` (K, the
    stable id, the place and the change) into outdir; returns (the list's
    path, {stable id: K}). Files are written whole (temp file, then rename).

    A part of a campaign (build.py, N460) passes `kmap`, the K of every
    mutant of the campaign (so K names one mutant in every part), and
    `files`, the campaign's files with a mutant: each is copied, with or
    without this part's mutants, so the line coverage of the part that
    runs the original covers every file a mutant of any part is in."""
    os.makedirs(outdir, exist_ok=True)
    kmap = dict(kmap) if kmap is not None else selectors(mutants)
    by_file = {f: [] for f in files}
    for m in mutants:
        by_file.setdefault(m.file, []).append(m)
    lines = ["// Mutated copy of a unit's RTL, written by spagm mutate (docs/mutate.md)."]
    for src in sources:
        ms = by_file.get(src.path)
        if ms is None:
            lines.append(src.path)
            continue
        out = os.path.join(outdir, os.path.basename(src.path))
        write_whole(out, mutate_text(src, ms, kmap).encode("latin-1"))
        lines.append(out)
    table = ["# K (+mutant=K of this copy)\tmutant id\tfile:line:col\toperator\tchange"]
    table += [f"{kmap[m.id]}\t{m.id}\t{m.location()}\t{m.operator}\t{m.change}" for m in mutants]
    write_whole(os.path.join(outdir, SELECTORS), ("\n".join(table) + "\n").encode())
    flist = os.path.join(outdir, list_name)
    write_whole(flist, ("\n".join(lines) + "\n").encode())
    return flist, {m.id: kmap[m.id] for m in mutants}


def write_whole(path, data):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
