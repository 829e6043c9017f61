# SPDX-License-Identifier: Apache-2.0
"""A unit's RTL as spagm's build sees it: its file list (.f), its top module,
and the settings of a configured build tree (CMakeCache.txt).

The list rules are those of cmake/SpagmFileList.cmake (docs/own-rtl.md): one
file per line, relative to the list's folder or absolute, `//` and `#` start
comments, option lines (+incdir+, -y, +define+, -f) are an error naming the
list and the line.
"""
import os
import re

UNITS = ("attr", "pix", "tex")


class RtlError(Exception):
    """Bad input: the message names the file (and line) at fault."""


def read_filelist(path):
    """The files of a .f list, absolute, in order, each once."""
    path = os.path.abspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise RtlError(f"{path}: cannot read the file list: {e.strerror}") from None
    base = os.path.dirname(path)
    files = []
    for no, raw in enumerate(lines, 1):
        line = re.split(r"//|#", raw, maxsplit=1)[0].strip()
        if not line:
            continue
        if line.startswith(("+", "-")):
            raise RtlError(f"{path}:{no}: error: option '{line}' in a file list: "
                           "only file names are read (docs/own-rtl.md)")
        f = os.path.normpath(os.path.join(base, line))
        if not os.path.isfile(f):
            raise RtlError(f"{path}:{no}: error: no file {f}")
        if f not in files:
            files.append(f)
    if not files:
        raise RtlError(f"{path}: error: the file list names no file")
    return files


def read_cmake_cache(build_dir):
    """The cache entries of a configured build tree: {name: value}."""
    path = os.path.join(build_dir, "CMakeCache.txt")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        raise RtlError(f"{build_dir}: not a configured spagm build tree (no CMakeCache.txt); "
                       "configure one first, or give --build") from None
    cache = {}
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z0-9_.+-]+):[A-Z]+=(.*)$", line)
        if m:
            cache[m.group(1)] = m.group(2)
    if "CMAKE_HOME_DIRECTORY" not in cache:
        raise RtlError(f"{path}: no CMAKE_HOME_DIRECTORY: not a CMake cache")
    return cache


def unit_rtl(cache, unit):
    """(file list, top module, configuration port version) of a unit in a
    build's cache; the stand-in's when the cache predates the variables."""
    src = cache["CMAKE_HOME_DIRECTORY"]
    u = unit.upper()
    flist = cache.get(f"SPAGM_{u}_RTL") or os.path.join(src, "rtl_stubs", f"{unit}.f")
    top = cache.get(f"SPAGM_{u}_TOP") or f"{unit}_unit"
    port = cache.get(f"SPAGM_{u}_CFG_PORT") or "2"
    return flist, top, port
