# SPDX-License-Identifier: Apache-2.0
"""One mutant: a small change of the RTL at one place (or two, for a case
item swap), with the one-line before/after a person reads in the report.

An edit replaces the text [start, end) of a file: `expr` edits replace an
expression (the mutated copy reads `(spagm_mutsel == K) ? new : old`),
`stmt` edits replace a statement (`if (spagm_mutsel == K) new else old`).
"""
import hashlib
import os
import re
from dataclasses import dataclass, field

# The operator families (docs/mutate.md, "What it does"), in report order.
OPERATORS = ("relational", "arithmetic", "logical", "constant", "index", "extension",
             "term", "condition", "case")


@dataclass
class Edit:
    start: int
    end: int
    level: str  # "expr" or "stmt"
    text: str


@dataclass
class Mutant:
    file: str
    line: int
    col: int
    module: str
    operator: str
    change: str           # what changed, e.g. "< -> <=" or "drop term x_fault"
    edits: list = field(default_factory=list)
    excluded: str = ""    # the equivalence rule that removes it, "" when kept
    before: str = ""      # the RTL line as written
    after: str = ""       # the same line with this mutant applied
    id: str = ""          # the stable id (stable_id), "" when excluded

    def location(self):
        return f"{self.file}:{self.line}:{self.col}"

    def key(self):
        """What makes two candidates the same mutant (same file, same text)."""
        return (self.file, tuple((e.start, e.end, e.text) for e in self.edits))


def stable_id(rel_path, line, col, operator, change, before, after):
    """The mutant's name (N320): `FILE:LINE:HASH`, the file's base name and
    line to read, and 8 hex digits of a SHA-256 over what the mutant is (its
    path relative to the file list's folder, line, column, operator, change,
    the line before and after). It does not depend on the other mutants,
    the reduction rules or the other files of the list."""
    h = hashlib.sha256("\0".join([rel_path.replace(os.sep, "/"), str(line), str(col), operator,
                                   change, before, after]).encode()).hexdigest()[:8]
    base = re.sub(r"[^A-Za-z0-9_.+-]", "_", os.path.basename(rel_path))
    return f"{base}:{line}:{h}"


def is_stable_id(text):
    return re.fullmatch(r"[A-Za-z0-9_.+-]+:[0-9]+:[0-9a-f]{8}", text) is not None


def line_col(text, offset):
    """1-based line and column of an offset into a file's text."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def one_line(text, edits):
    """(before, after): the source line(s) around the edits, as one line each,
    the edits applied to the second."""
    lo = min(e.start for e in edits)
    hi = max(e.end for e in edits)
    s = text.rfind("\n", 0, lo) + 1
    e = text.find("\n", hi)
    e = len(text) if e < 0 else e
    before = text[s:e]
    after = before
    for ed in sorted(edits, key=lambda x: -x.start):
        a, b = ed.start - s, ed.end - s
        after = after[:a] + ed.text + after[b:]
    return squash(before), squash(after)


def squash(t):
    """One line of source for a person: byte text (one char per byte, see
    source.py) decoded as UTF-8, blanks collapsed."""
    return " ".join(t.encode("latin-1").decode("utf-8", "replace").split())
