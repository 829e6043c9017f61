# SPDX-License-Identifier: Apache-2.0
"""spagm from Python: the golden model of the SPA 5.x attribute, pixel and
texture units, its per-transaction predictor, the assembler, vector files,
the seeded stimulus generator and functional coverage (docs/python.md).

Everything runs in the project's C library through a cffi binding
(``spagm._spagm_ffi``). It is imported on first use of a name that needs it,
so ``import spagm`` and the pure-Python subpackages (``spagm.mutate``) work
from a source tree where the binding was never built.
"""
import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, List

# A source tree's build keeps the compiled module in build/python/spagm:
# with both folders on sys.path they form one package.
__path__ = pkgutil.extend_path(__path__, __name__)

from .errors import IllegalWord, SpagmError  # noqa: E402  (pure Python)

# name -> submodule defining it; loaded on first access (PEP 562).
_LAZY = {
    "Model": "model", "Request": "model", "Response": "model", "Explanation": "model",
    "Field": "model", "Lanes": "model",
    "UNITS": "model", "unit_index": "model", "version": "model", "cfg_bursts": "model",
    "Predictor": "predictor", "CheckResult": "predictor", "Difference": "predictor",
    "TexelLocation": "model",
    "assemble": "asm", "assemble_all": "asm", "disassemble": "asm",
    "VecReader": "vec", "VecWriter": "vec", "read_transactions": "vec",
    "Stimulus": "stim", "cosim_stream": "stim",
    "Coverage": "coverage",
    "OrderLog": "cosim", "cosim_replay": "cosim",
    "find_tool": "tools",
    "TexHeader": "texture",
}

__all__ = ["SpagmError", "IllegalWord", *_LAZY]


_SUBMODULES = ("asm", "cosim", "coverage", "model", "predictor", "stim", "texture", "tools",
               "vec")


if TYPE_CHECKING:  # the lazy names as a type checker sees them (py.typed)
    from . import asm, cosim, coverage, model, predictor, stim, texture, tools, vec
    from .asm import assemble, assemble_all, disassemble
    from .cosim import OrderLog, cosim_replay
    from .coverage import Coverage
    from .model import (UNITS, Explanation, Field, Lanes, Model, Request, Response, TexelLocation,
                        cfg_bursts, unit_index, version)
    from .predictor import CheckResult, Difference, Predictor
    from .stim import Stimulus, cosim_stream
    from .texture import TexHeader
    from .tools import find_tool
    from .vec import VecReader, VecWriter, read_transactions


if not TYPE_CHECKING:  # a type checker sees the names above, and no others
    def __getattr__(name: str) -> Any:
        if name in _SUBMODULES:
            return importlib.import_module(f".{name}", __name__)
        mod = _LAZY.get(name)
        if mod is None:
            raise AttributeError(f"module 'spagm' has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{mod}", __name__), name)
        globals()[name] = value
        return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))
