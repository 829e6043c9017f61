# SPDX-License-Identifier: Apache-2.0
"""A source file as the tool handles it: its bytes as a str of one char per
byte (latin-1), because slang's offsets count bytes; the mutated copy is
written back byte for byte, so comments in UTF-8 survive unchanged."""
import pyslang
from pyslang import syntax

from .rtl import RtlError


class Source:
    def __init__(self, path):
        self.path = path
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise RtlError(f"{path}: cannot read: {e.strerror}") from None
        self.text = data.decode("latin-1")
        try:
            utf8 = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RtlError(f"{path}: not UTF-8 text (byte {e.start})") from None
        # A source manager per file: one may read the same path twice.
        self.tree = syntax.SyntaxTree.fromText(utf8, pyslang.SourceManager(), path, path)
        errors = [d for d in self.tree.diagnostics if d.isError()]
        if errors:
            d = errors[0]
            line = self.text.count("\n", 0, d.location.offset) + 1
            raise RtlError(f"{path}:{line}: error: slang cannot parse this file "
                           f"({len(errors)} syntax error(s)); spagm mutate needs RTL that parses")
