# SPDX-License-Identifier: Apache-2.0
"""Assembler and disassembler of the spec's SASS syntax (docs/assembly.md)."""
from typing import List, Optional

from . import _lib
from ._lib import arg_error, ffi, lib, new_diag, raise_for
from .errors import IllegalWord

__all__ = ["assemble", "assemble_all", "disassemble"]


def _opts(stage: Optional[int]):
    if stage is None:
        return ffi.NULL
    if isinstance(stage, bool) or not isinstance(stage, int):
        raise arg_error(f"stage must be an int (spagm_stage) or None, not {stage!r}")
    o = ffi.new("spagm_asm_opts *")
    o.stage = stage
    return o


def _assemble_insn(text: str, stage: Optional[int] = None):
    insn = ffi.new("spagm_insn *")
    d = new_diag()
    raise_for(lib.spagm_asm_one(_lib.cstr(text, "assembly text"), 1, 1, _opts(stage), insn, d), d,
              "assemble")
    return insn


def _encode(insn) -> int:
    word = ffi.new("uint64_t *")
    d = new_diag()
    raise_for(lib.spagm_encode(insn, word, ffi.NULL, d), d, "encode")
    return word[0]


def assemble(text: str, stage: Optional[int] = None) -> int:
    """The 64-bit word of one statement (``"PIXLD.COVMASK R2, [R1+0x4];"``).
    SpagmError (syntax, semantic, encode) with line and column otherwise;
    ``stage`` enables the stage-dependent checks (R8)."""
    return _encode(_assemble_insn(text, stage))


def assemble_all(source: str, stage: Optional[int] = None) -> List[int]:
    """The words of a whole source text (statements end with ';' or a newline)."""
    src = _lib.cstr(source, "assembly source")
    out = ffi.new("spagm_insn **")
    count = ffi.new("size_t *")
    d = new_diag()
    raise_for(lib.spagm_asm_text(src, len(src), _opts(stage), out, count, d), d, "assemble")
    if out[0] == ffi.NULL:
        return []
    arr = ffi.gc(out[0], lib.free)  # malloc'd by spagm_asm_text
    return [_encode(arr + i) for i in range(count[0])]


def disassemble(word: int, strict: bool = True) -> str:
    """Canonical text of a 64-bit word (``"PIXLD.COVMASK R2, [R1+4];"``).
    An illegal word raises spagm.IllegalWord (a SpagmError, status decode)
    with the decoder's reason; with ``strict=False`` it returns
    ``"<illegal: REASON>"``, the text the predictor's reports print, so a
    testbench can log every request of the stimulus, whose illegal words
    are deliberate."""
    if isinstance(word, bool) or not isinstance(word, int) or not 0 <= word < 1 << 64:
        raise arg_error(f"disassemble takes a 64-bit word, not {word!r}")
    buf = ffi.new("char[]", 256)
    st = lib.spagm_disasm_word(word, buf, 256)
    text = ffi.string(buf).decode()
    if st == lib.SPAGM_OK:
        return text
    reason = text[len("<illegal: "):-1] if text.startswith("<illegal: ") else text
    err = IllegalWord(word, reason, st, _lib.pystr(lib.spagm_status_name(st)))
    if strict:
        raise err
    return err.text
