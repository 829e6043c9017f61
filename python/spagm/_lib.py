# SPDX-License-Identifier: Apache-2.0
"""The compiled binding and the helpers that turn C statuses into exceptions."""
from typing import Optional, Union

from .errors import SpagmError

try:
    from ._spagm_ffi import ffi, lib  # built by python/CMakeLists.txt
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "spagm: the compiled binding spagm._spagm_ffi is not built or not on the path "
        f"({e}). Install the package with `pip install ./python`, or build the "
        "`spagm_python` target and put python/ and build/python on PYTHONPATH "
        "(docs/python.md).") from e

UNITS = ("attr", "pix", "tex")


def new_diag():
    return ffi.new("spagm_diag *")


def raise_for(status: int, diag=None, what: str = "") -> None:
    """Raise SpagmError for a status other than SPAGM_OK."""
    if status == lib.SPAGM_OK:
        return
    msg, line, col = "", 0, 0
    if diag is not None and diag != ffi.NULL:
        msg = ffi.string(diag.msg).decode(errors="replace")
        line, col = diag.line, diag.col
    if not msg:
        msg = f"{what} failed" if what else "failed"
    elif what and what not in msg:
        msg = f"{what}: {msg}"
    raise error(status, msg, line, col)


def error(status: int, message: str, line: int = 0, col: int = 0) -> SpagmError:
    """A SpagmError named by the C library (spagm_status_name)."""
    return SpagmError(status, message, line, col, ffi.string(lib.spagm_status_name(status)).decode())


def arg_error(message: str) -> SpagmError:
    return error(lib.SPAGM_E_ARG, message)


def unit_index(unit: Union[str, int]) -> int:
    """The spagm_unit of "attr", "pix", "tex" (or of 0, 1, 2)."""
    if isinstance(unit, bool) or not isinstance(unit, (str, int)):
        raise arg_error(f"unit must be 'attr', 'pix' or 'tex', not {unit!r}")
    if isinstance(unit, int):
        if 0 <= unit < lib.SPAGM_UNIT_COUNT:
            return unit
        raise arg_error(f"unit {unit} is not 0 (attr), 1 (pix) or 2 (tex)")
    out = ffi.new("spagm_unit *")
    st = lib.spagm_predictor_unit_by_name(unit.encode(), out)
    if st != lib.SPAGM_OK:
        raise arg_error(f"unit must be 'attr', 'pix' or 'tex', not {unit!r}")
    return int(out[0])


def cstr(text: Optional[str], what: str) -> bytes:
    if not isinstance(text, str):
        raise arg_error(f"{what} must be a str, not {type(text).__name__}")
    b = text.encode()
    if b"\0" in b:
        raise arg_error(f"{what} holds a NUL character")
    return b


def pystr(p) -> str:
    return "" if p == ffi.NULL else ffi.string(p).decode(errors="replace")
