# SPDX-License-Identifier: Apache-2.0
"""The exception every spagm call raises for a C status other than OK."""


class SpagmError(Exception):
    """A spagm C function returned an error status (or an argument was
    refused before the call, with the status the C function gives it).

    Attributes: ``status`` (the spagm_status number: 1 bad argument,
    2 out of memory, 3 decode, 4 encode, 5 syntax, 6 semantic, 7 i/o,
    8 format, 9 expect, 10 state), ``status_name`` (the C library's
    spagm_status_name), ``message`` (its diagnostic), ``line`` and ``col``
    (1-based position in the text or file, 0 when there is none).
    """

    def __init__(self, status: int, message: str, line: int = 0, col: int = 0,
                 status_name: str = ""):
        self.status = int(status)
        self.status_name = status_name or f"status {self.status}"
        self.message = message
        self.line = line
        self.col = col
        where = f"line {line}, col {col}: " if line else ""
        super().__init__(f"{where}{message} [{self.status_name}]")


class IllegalWord(SpagmError):
    """``disassemble`` of a word that is no instruction (status decode). The
    seeded stimulus sends such words on purpose: the unit must answer them
    with ILLEGAL_INSTR_ENCODING. ``word`` is the word, ``reason`` the
    decoder's sentence, ``text`` what ``disassemble(word, strict=False)``
    returns and the predictor's reports print: ``<illegal: REASON>``."""

    def __init__(self, word: int, reason: str, status: int, status_name: str):
        self.word = word
        self.reason = reason
        self.text = f"<illegal: {reason}>"
        super().__init__(status, f"{word:#018x} is no instruction: {reason}", 0, 0, status_name)
