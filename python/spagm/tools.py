# SPDX-License-Identifier: Apache-2.0
"""Where the project's programs are: ``spagm`` (the command-line tool),
``spagm-cosim`` (the co-simulation) and ``spagm-regress`` (the regression
runner, whose ``--read-report`` reads reports as the failure buckets do),
for tests and scripts that run them.
Pure Python: it needs neither the binding nor a build."""
import importlib.util
import os
import shutil
import sysconfig
from typing import List, Optional, Tuple

__all__ = ["find_tool", "tool_places", "TOOL_VARIABLES"]

#: The environment variable that names each program explicitly (CTest sets them).
TOOL_VARIABLES = {"spagm": "SPAGM_CLI", "spagm-cosim": "SPAGM_COSIM",
                  "spagm-regress": "SPAGM_REGRESS"}


def _build_trees() -> List[str]:
    """Build trees this package belongs to: the one holding the imported
    binding (``BUILD/python/spagm/_spagm_ffi*.so``), then ``build/`` beside
    the source tree the package's Python files are in (``ROOT/python/spagm``,
    the quick start's build folder)."""
    trees = []
    spec = importlib.util.find_spec("spagm._spagm_ffi")
    if spec is not None and spec.origin:
        trees.append(os.path.dirname(os.path.dirname(os.path.dirname(spec.origin))))
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.basename(os.path.dirname(here)) == "python":
        trees.append(os.path.join(os.path.dirname(os.path.dirname(here)), "build"))
    return list(dict.fromkeys(os.path.normpath(t) for t in trees))


def tool_places(name: str) -> List[Tuple[str, Optional[str]]]:
    """Where ``find_tool(name)`` looks, in order: (description, path or None)."""
    if name not in TOOL_VARIABLES:
        raise ValueError(f"find_tool knows {', '.join(TOOL_VARIABLES)}, not {name!r}")
    var = TOOL_VARIABLES[name]
    places: List[Tuple[str, Optional[str]]] = [(f"${var}", os.environ.get(var) or None)]
    for tree in _build_trees():
        places.append((f"the build tree {tree}", os.path.join(tree, "bin", name)))
    scripts = sysconfig.get_path("scripts")
    if scripts:
        places.append((f"the Python environment's {scripts}", os.path.join(scripts, name)))
    places.append(("PATH", shutil.which(name)))
    return places


def find_tool(name: str) -> str:
    """The path of ``spagm``, ``spagm-cosim`` or ``spagm-regress``:
    ``$SPAGM_CLI`` / ``$SPAGM_COSIM`` / ``$SPAGM_REGRESS`` when set (it must then be an executable file), else
    the build tree of the imported binding, else ``build/`` beside the
    source tree, else the Python environment's scripts folder, else PATH.
    Raises FileNotFoundError naming every place it looked."""
    tried = []
    for what, path in tool_places(name):
        ok = path is not None and os.path.isfile(path) and os.access(path, os.X_OK)
        if what.startswith("$") and path and not ok:
            raise FileNotFoundError(f"{what[1:]}={path} is not an executable file")
        if path is not None and ok:
            return os.path.abspath(path)
        tried.append(f"{what} ({path})" if path and what != "PATH" else what)
    raise FileNotFoundError(
        f"{name} not found: looked at {', '.join(tried)}; build it (`cmake --build build`, "
        f"README.md \"Quick start\") or set {TOOL_VARIABLES[name]}")
