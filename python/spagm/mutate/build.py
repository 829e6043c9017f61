# SPDX-License-Identifier: Apache-2.0
"""One Verilator build of spagm-cosim for many mutants: a second build tree
of spagm configured like the user's (same generator, build type, compiler
launchers, the other units' RTL) with SPAGM_<UNIT>_RTL naming the mutated
copy's list, built for the one target spagm-cosim. No spagm file is edited
(docs/own-rtl.md).

The tree is reused when it already holds every mutant asked for (the copy
is rewritten, and Verilator re-run, only when the set grows, the RTL
changed or the tool's code that writes the copy changed): `--rerun survivors` runs on the build of the first run. A reused
tree is still configured again and built (incrementally, N273, N275): the
rest of spagm-cosim, the stimulus, the harness and the other units' RTL,
may have changed since, and a score measured on yesterday's stimulus is
not today's.
"""
import hashlib
import json
import os
import subprocess
import time

from . import exercised
from .rewrite import write_copy, write_whole
from .rtl import RtlError, UNITS

# Settings of the user's build that the mutated build keeps.
KEEP = ("CMAKE_BUILD_TYPE", "CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER",
        "CMAKE_C_COMPILER_LAUNCHER", "CMAKE_CXX_COMPILER_LAUNCHER", "SPAGM_PYTHON")


# The cache entry (of the dict prepare() gets) holding --cxx-flags.
CXX_FLAGS = "SPAGM_MUTATE_CXX_FLAGS"


def build_kind(cache):
    """The build type and --cxx-flags, as the build state records them."""
    t = cache.get("CMAKE_BUILD_TYPE", "")
    return f"{t} {cache[CXX_FLAGS]}" if cache.get(CXX_FLAGS) else t


# The tool's files that decide the copy's text and its Verilator options:
# a copy written by another version of them is written again, not reused.
TOOL_DIR = os.path.dirname(os.path.abspath(__file__))
COPY_CODE = ("design.py", "exercised.py", "mutant.py", "ops.py", "rewrite.py", "sites.py")


def sources_digest(sources):
    """The digest the build state keys the copy with: the unit's sources
    and the code that turns them into the copy."""
    h = hashlib.sha256()
    for name in COPY_CODE:
        with open(os.path.join(TOOL_DIR, name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read() + b"\0")
    for s in sources:
        h.update(s.path.encode() + b"\0" + s.text.encode("latin-1") + b"\0")
    return h.hexdigest()


def _configure_args(cache, unit, flist, top, port, tree, extra_verilator=()):
    src = cache["CMAKE_HOME_DIRECTORY"]
    args = ["cmake", "-S", src, "-B", tree, "-DSPAGM_BUILD_BENCH=OFF"]
    flags = cache.get(CXX_FLAGS)
    if flags:  # --cxx-flags: the optimisation of the Verilated C++ (N324)
        args.append(f"-DCMAKE_CXX_FLAGS_{cache.get('CMAKE_BUILD_TYPE', '').upper()}={flags}")
    user = [a for a in cache.get("SPAGM_VERILATOR_EXTRA_ARGS", "").split(";") if a]
    if user or extra_verilator:
        args.append("-DSPAGM_VERILATOR_EXTRA_ARGS=" + ";".join(user + list(extra_verilator)))
    gen = cache.get("CMAKE_GENERATOR")
    if gen:
        args += ["-G", gen]
    for k in KEEP:
        if cache.get(k):
            args.append(f"-D{k}={cache[k]}")
    for u in UNITS:
        U = u.upper()
        if u == unit:
            args += [f"-DSPAGM_{U}_RTL={flist}", f"-DSPAGM_{U}_TOP={top}",
                     f"-DSPAGM_{U}_CFG_PORT={port}"]
        else:
            for v in ("RTL", "TOP", "CFG_PORT"):
                if cache.get(f"SPAGM_{U}_{v}"):
                    args.append(f"-DSPAGM_{U}_{v}={cache[f'SPAGM_{U}_{v}']}")
    return args


def read_state(outdir):
    """(path, the mutated build's state or None) of OUT/build-state.json."""
    path = os.path.join(outdir, "build-state.json")
    try:
        with open(path, encoding="utf-8") as f:
            return path, json.load(f)
    except (OSError, ValueError):
        return path, None


def reusable(state, digest, want, top, build_type, bindir):
    """True when the mutated build described by `state` (build-state.json)
    has these sources, every wanted mutant (by stable id, with its
    selector K), this top and this build type, and its spagm-cosim exists."""
    return bool(state) and state.get("digest") == digest \
        and isinstance(state.get("selectors"), dict) \
        and set(want) <= set(state["selectors"]) and state.get("top") == top \
        and state.get("build_type", "") == build_type \
        and state.get("line_coverage") is True \
        and os.path.exists(os.path.join(bindir, "spagm-cosim"))


def prepare(cache, unit, top, port, sources, mutants, outdir, jobs, log):
    """Writes the mutated copy (unless the existing build covers `mutants`)
    and builds spagm-cosim. Returns a dict: bindir, seconds, reused,
    built_ids (stable ids), selectors ({stable id: K} of the build),
    rtl (the copy's folder). The build has line coverage of the copy
    (exercised.py, N322)."""
    state_path, state = read_state(outdir)
    digest = sources_digest(sources)
    want = sorted(m.id for m in mutants)
    tree = os.path.join(outdir, "build")
    bindir = os.path.join(tree, "bin")
    covers = reusable(state, digest, want, top, build_kind(cache), bindir)
    steps = [build_command(tree, jobs)]
    if covers:
        steps.insert(0, reconfigure_command(cache, tree))
        log(f"mutate: reusing the mutated build {tree} ({len(state['selectors'])} mutants), "
            "brought up to date")
    else:
        if state is not None:  # its selectors no longer describe the copy
            os.remove(state_path)
        rtl = os.path.join(outdir, "rtl")
        flist, kmap = write_copy(sources, mutants, rtl, f"{unit}_mutated.f")
        steps.insert(0, _configure_args(cache, unit, flist, top, port, tree,
                                        exercised.verilator_args(rtl)))
    t0 = time.monotonic()
    _run_steps(steps, os.path.join(outdir, "build.log"), log)
    seconds = time.monotonic() - t0
    if covers:
        return {"bindir": bindir, "seconds": seconds, "reused": True,
                "built_ids": sorted(state["selectors"]), "selectors": state["selectors"],
                "rtl": os.path.join(outdir, "rtl")}
    write_whole(state_path, json.dumps({"digest": digest, "selectors": kmap, "top": top,
                                         "build_type": build_kind(cache),
                                         "line_coverage": True}).encode())
    return {"bindir": bindir, "seconds": seconds, "reused": False, "built_ids": want,
            "selectors": kmap, "rtl": rtl}


def prepare_replay(cache, unit, top, port, sources, mutants, outdir, jobs, log):
    """The Icarus replay testbench of the mutated copy (target
    spagm-replay-iverilog: an iverilog compile, no Verilator), for directed
    tests (directed.py). The tree of a campaign is used when its copy holds
    `mutants`; else the copy is written for them and the tree configured,
    and its build state says so (without line coverage: a campaign does
    not reuse its spagm-cosim, which no longer matches the copy). Returns
    {bindir, selectors ({stable id: K}), seconds}."""
    state_path, state = read_state(outdir)
    tree = os.path.join(outdir, "build")
    want = sorted(m.id for m in mutants)
    covers = bool(state) and state.get("digest") == sources_digest(sources) \
        and isinstance(state.get("selectors"), dict) and set(want) <= set(state["selectors"]) \
        and state.get("top") == top and os.path.exists(os.path.join(tree, "CMakeCache.txt"))
    target = ["cmake", "--build", tree, "-j", str(jobs), "--target", "spagm-replay-iverilog"]
    if covers:
        kmap = state["selectors"]
        steps = [reconfigure_command(cache, tree), target]
    else:
        if state is not None:
            os.remove(state_path)
        rtl = os.path.join(outdir, "rtl")
        flist, kmap = write_copy(sources, mutants, rtl, f"{unit}_mutated.f")
        steps = [_configure_args(cache, unit, flist, top, port, tree,
                                 exercised.verilator_args(rtl)), target]
    t0 = time.monotonic()
    _run_steps(steps, os.path.join(outdir, "build-replay.log"), log)
    if not covers:  # the copy's selectors; without line coverage, not reusable() for runs
        write_whole(state_path, json.dumps({"digest": sources_digest(sources), "selectors": kmap,
                                             "top": top, "build_type": "",
                                             "line_coverage": False}).encode())
    return {"bindir": os.path.join(tree, "bin"), "selectors": kmap,
            "seconds": time.monotonic() - t0}


def reconfigure_command(cache, tree):
    """CMake run again on a reused tree with its own cache (N275): sources
    added to spagm since its last configure (a new stimulus file) are only
    picked up by a configure; `cmake --build` alone fails to link them."""
    return ["cmake", "-S", cache["CMAKE_HOME_DIRECTORY"], "-B", tree]


def build_command(tree, jobs):
    """The build of the one target; also run on a reused tree (N273)."""
    return ["cmake", "--build", tree, "-j", str(jobs), "--target", "spagm-cosim"]


def _run_steps(steps, logfile, log):
    with open(logfile, "w", encoding="utf-8") as lf:
        for args in steps:
            lf.write("$ " + " ".join(args) + "\n")
            lf.flush()
            log("mutate: " + " ".join(args[:3]) + " ...")
            r = subprocess.run(args, stdout=lf, stderr=subprocess.STDOUT)
            if r.returncode != 0:
                raise RtlError(f"the mutated build failed (exit {r.returncode}); "
                               f"its log is {logfile}:\n{_tail(logfile)}")


def _tail(path, n=25):
    with open(path, encoding="utf-8", errors="replace") as f:
        return "".join(f.readlines()[-n:])
