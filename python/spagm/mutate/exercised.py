# SPDX-License-Identifier: Apache-2.0
"""Mutants the original design's runs never reach (N322).

The mutated build is Verilated with line coverage (`--coverage-line`) of
the mutated copy's files only (a Verilator configuration file turns it off
everywhere else), and mutant 0's runs write Verilator's counts
(`+rtl_cov=FILE`). A mutant whose changed text lies only on lines that
coverage instruments and that no run of the original design executed
cannot change what any of those runs does: its runs would repeat the
original's, so it is reported **not exercised** and not run.

A line counts as executed when a point that covers it (the `S` lines of a
block, a branch or a case item) or a branch point on it (the `l` line of
an `if`/`else` pair, which is where its condition is evaluated) has a
count above zero. Lines no point names (continuous assignments,
declarations) are always taken as executed: coverage says nothing of them.
"""
import os
import re

from pyslang import syntax

from .design import walk_nodes
from .rewrite import write_whole

K = syntax.SyntaxKind
# The procedural blocks whose coverage points are trusted only as a whole.
BLOCKS = (K.AlwaysBlock, K.AlwaysCombBlock, K.AlwaysFFBlock, K.AlwaysLatchBlock,
          K.InitialBlock, K.FinalBlock, K.FunctionDeclaration, K.TaskDeclaration)

# verilator_config of the mutated build: coverage in the copy only.
VLT = "line-coverage.vlt"


def write_config(rtl_dir):
    """The Verilator configuration file: line coverage off for every file,
    on for the mutated copy's files in rtl_dir. Returns its path."""
    path = os.path.join(rtl_dir, VLT)
    text = ("`verilator_config\n"
            "// Written by spagm mutate (docs/mutate.md): line coverage of the mutated copy only.\n"
            'coverage_off -file "*"\n'
            f'coverage_on -file "{os.path.abspath(rtl_dir)}/*.sv"\n')
    os.makedirs(rtl_dir, exist_ok=True)
    write_whole(path, text.encode())
    return path


def verilator_args(rtl_dir):
    """SPAGM_VERILATOR_EXTRA_ARGS items of the mutated build."""
    return ["--coverage-line", write_config(rtl_dir)]


_POINT = re.compile(r"^C '(.*)' (\d+)\s*$")


def read_counts(paths):
    """{file: (known lines, executed lines)} over Verilator coverage files
    (SystemC::Coverage-3: `C '<\\1key\\2value...>' count` lines)."""
    out = {}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = _POINT.match(line)
                if not m:
                    continue
                keys = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
                if not keys.get("page", "").startswith(("v_line", "v_branch")):
                    continue
                known, hit = out.setdefault(keys.get("f", ""), (set(), set()))
                lines = _ranges(keys.get("S", ""))
                if keys.get("l", "").isdigit():
                    lines.add(int(keys["l"]))
                known |= lines
                if int(m.group(2)) > 0:
                    hit |= lines
    return out


def _ranges(text):
    """`11,17-18` -> {11, 17, 18}."""
    out = set()
    for part in text.split(","):
        a, _, b = part.partition("-")
        if a.isdigit():
            out.update(range(int(a), int(b if b.isdigit() else a) + 1))
    return out


def changed_lines(text, mutant):
    """The lines whose text the mutant changes: each edit's replaced range
    less the prefix and suffix it keeps (a removed case item is its own
    lines, not the whole case statement's)."""
    lines = set()
    for e in mutant.edits:
        old = text[e.start:e.end]
        p = 0
        while p < min(len(old), len(e.text)) and old[p] == e.text[p]:
            p += 1
        s = 0
        while s < min(len(old), len(e.text)) - p and old[-1 - s] == e.text[-1 - s]:
            s += 1
        lo, hi = e.start + p, max(e.start + p, e.end - s)
        first = text.count("\n", 0, lo) + 1
        lines.update(range(first, first + text.count("\n", lo, hi) + 1))
    return lines


def procedural_blocks(source):
    """[(first line, last line)] of the file's always and initial blocks,
    functions and tasks (a Source: its text and syntax tree)."""
    out = []
    for n in walk_nodes(source.tree.root):
        if n.kind in BLOCKS:
            r = n.sourceRange
            out.append((source.text.count("\n", 0, r.start.offset) + 1,
                        source.text.count("\n", 0, r.end.offset) + 1))
    return out


def not_exercised(mutants, texts, copy_of, counts, blocks=None):
    """The mutants (of `mutants`) every changed line of which coverage
    knows and no run executed. `texts`: {source path: text}; `copy_of`:
    {source path: the path of its mutated copy, as the counts name it}.

    `blocks` ({source path: procedural_blocks}): a changed line inside a
    block counts as executed when any line of that block was, and one
    outside every block (a continuous assignment, which a point's line
    range may still name) as executed. Verilator
    (5.006) reports zero for some case items and branches of a block that
    ran (tex_format.sv: `DT_UNORM: v = u_value;` at 0 while the branches
    around and inside it count thousands, and its mutant is killed on
    seed 1), so only a block none of whose points ran is taken as never
    reached."""
    real = {os.path.realpath(f): v for f, v in counts.items()}
    out = []
    for m in mutants:
        known, hit = real.get(os.path.realpath(copy_of.get(m.file, "")), (set(), set()))
        lines = changed_lines(texts[m.file], m)
        if not (lines and lines <= known and not lines & hit):
            continue
        if blocks is not None:
            inside = [[(lo, hi) for lo, hi in blocks.get(m.file, ()) if lo <= ln <= hi]
                      for ln in lines]
            if not all(inside) or any(lo <= h <= hi for b in inside for lo, hi in b
                                      for h in hit):
                continue
        out.append(m)
    return out
