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
from .rewrite import selectors, write_copy, write_whole
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
    # No waves in a mutated build (N501): a third less to compile, and a
    # mutant's run is a verdict, not a debug session.
    # Only the mutated unit in spagm-cosim (N546): the other units' code is
    # neither generated nor compiled again for every part.
    args = ["cmake", "-S", src, "-B", tree, "-DSPAGM_BUILD_BENCH=OFF", "-DSPAGM_COSIM_WAVES=OFF",
            f"-DSPAGM_COSIM_UNITS={unit}"]
    flags = cache.get(CXX_FLAGS)
    if flags:  # --cxx-flags: the optimisation of the Verilated C++ (N324)
        args.append(f"-DCMAKE_CXX_FLAGS_{cache.get('CMAKE_BUILD_TYPE', '').upper()}={flags}")
    # Always given: a tree configured again keeps a cached value otherwise
    # (a part without line coverage in a folder that once had it).
    user = [a for a in cache.get("SPAGM_VERILATOR_EXTRA_ARGS", "").split(";") if a]
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


def reusable(state, digest, want, top, build_type, bindir, unit):
    """True when the mutated build described by `state` (build-state.json)
    has these sources, every wanted mutant (by stable id, with its
    selector K), this top and this build type, holds `unit` alone in its
    spagm-cosim (N546; a state without `cosim_units` is of a build of all
    three), and its spagm-cosim exists (`bindir`: a folder, or a list of
    them, one per part that is used)."""
    bindirs = [bindir] if isinstance(bindir, str) else list(bindir)
    return bool(state) and state.get("digest") == digest \
        and isinstance(state.get("selectors"), dict) \
        and set(want) <= set(state["selectors"]) and state.get("top") == top \
        and state.get("build_type", "") == build_type \
        and state.get("cosim_units") == unit \
        and state.get("line_coverage") is True \
        and all(os.path.exists(os.path.join(b, "spagm-cosim")) for b in bindirs)


def split(mutants, size):
    """The campaign's parts (N460): the mutants in their order, cut into
    the fewest parts of at most `size` each, as even as that allows (2159
    by 300: eight parts of 269 or 270). `size` 0: one part."""
    n = len(mutants)
    if not size or n <= size:
        return [list(mutants)]
    count = -(-n // size)
    base, extra = divmod(n, count)
    out, at = [], 0
    for i in range(count):
        take = base + (1 if i < extra else 0)
        out.append(list(mutants[at:at + take]))
        at += take
    return out


def state_parts(state):
    """[{dir, ids}] of a build state: each part's folder (relative to OUT:
    its `rtl` and `build`) and its mutants' stable ids. A state written
    before parts is one part, OUT itself."""
    parts = state.get("parts") if state else None
    if isinstance(parts, list) and all(isinstance(p, dict) for p in parts):
        return parts
    return [{"dir": ".", "ids": sorted((state or {}).get("selectors", {}))}]


def part_dirs(outdir, count):
    """Each part's folder: OUT for a single part (the layout of a campaign
    without parts, which --prove and --directed reuse), else OUT/part-I."""
    return ["."] if count == 1 else [f"part-{i}" for i in range(1, count + 1)]


def _part_info(outdir, part, kmap):
    root = os.path.normpath(os.path.join(outdir, part["dir"]))
    return {"bindir": os.path.join(root, "build", "bin"), "rtl": os.path.join(root, "rtl"),
            "ks": sorted(kmap[i] for i in part["ids"]),
            "line_coverage": part.get("line_coverage", True)}


def prepare(cache, unit, top, port, sources, mutants, outdir, jobs, log, part_size=0):
    """Writes the mutated copy (unless the existing build covers `mutants`)
    and builds spagm-cosim. With `part_size` (N460) the mutants are split
    into parts (split()), each a copy of its own with only its mutants and
    a build tree of its own; K (+mutant=K) names one mutant across the
    parts, and K = 0 is the original in each. Only the first part has line
    coverage (exercised.py, N322): the original's runs on it decide what is
    not exercised, and the counters would slow every other part's runs
    (N461); with several parts it holds no mutant (N548). Returns a dict: bindir and rtl (the first part's), parts
    ([{bindir, rtl, ks, line_coverage}]: the first part, then the others
    holding `mutants`), seconds, reused, built_ids (stable ids), selectors
    ({stable id: K} of the build)."""
    state_path, state = read_state(outdir)
    digest = sources_digest(sources)
    want = sorted(m.id for m in mutants)
    wanted = set(want)
    every = state_parts(state) if state else []
    old_parts = every[:1] + [p for p in every[1:] if wanted & set(p.get("ids", ()))]
    covers = bool(old_parts) and not (part_size and any(len(p["ids"]) > part_size
                                                         for p in old_parts)) and reusable(
        state, digest, want, top, build_kind(cache),
        [_part_info(outdir, p, {i: 0 for i in p["ids"]})["bindir"] for p in old_parts], unit)
    t0 = time.monotonic()
    logfile = os.path.join(outdir, "build.log")
    if covers:
        log(f"mutate: reusing the mutated build of {outdir} ({len(state['selectors'])} mutants; "
            f"{len(old_parts)} of {len(every)} parts), brought up to date")
        kmap = state["selectors"]
        infos = [_part_info(outdir, p, kmap) for p in old_parts]
        for i, info in enumerate(infos):
            tree = os.path.dirname(info["bindir"])
            _run_steps([reconfigure_command(cache, tree), build_command(tree, jobs)],
                       logfile, log, append=i > 0)
        return {"bindir": infos[0]["bindir"], "rtl": infos[0]["rtl"], "parts": infos,
                "seconds": time.monotonic() - t0, "reused": True,
                "built_ids": sorted(kmap), "selectors": kmap}
    if state is not None:  # its selectors no longer describe the copy
        os.remove(state_path)
    kmap = selectors(mutants)
    groups = split(mutants, part_size)
    if len(groups) > 1:
        # The original's line coverage in a part of its own, with no
        # mutant (N548): the counters double the cost of a run, and in the
        # first part they were paid by every mutant it held.
        groups = [[]] + groups
    dirs = part_dirs(outdir, len(groups))
    files = sorted({m.file for m in mutants})
    parts, infos = [], []
    for i, (group, d) in enumerate(zip(groups, dirs)):
        part = {"dir": d, "ids": sorted(m.id for m in group), "line_coverage": i == 0}
        info = _part_info(outdir, part, kmap)
        flist, _ = write_copy(sources, group, info["rtl"], f"{unit}_mutated.f", kmap, files)
        tree = os.path.dirname(info["bindir"])
        if len(groups) > 1:
            what = f"{len(group)} mutants" if group else "no mutant, the original's line coverage"
            log(f"mutate: part {i + 1} of {len(groups)}: {what}, {tree}")
        _run_steps([_configure_args(cache, unit, flist, top, port, tree,
                                    exercised.verilator_args(info["rtl"]) if i == 0 else ()),
                    build_command(tree, jobs)], logfile, log, append=i > 0)
        parts.append(part)
        infos.append(info)
    write_whole(state_path, json.dumps({"digest": digest, "selectors": kmap, "top": top,
                                         "build_type": build_kind(cache), "cosim_units": unit,
                                         "line_coverage": True, "parts": parts}).encode())
    return {"bindir": infos[0]["bindir"], "rtl": infos[0]["rtl"], "parts": infos,
            "seconds": time.monotonic() - t0, "reused": False, "built_ids": want,
            "selectors": kmap}


def prepare_replay(cache, unit, top, port, sources, mutants, outdir, jobs, log):
    """The Icarus replay testbench of the mutated copy (target
    spagm-replay-iverilog: an iverilog compile, no Verilator), for directed
    tests (directed.py). The tree of a campaign's part is used when its
    copy holds `mutants`; else the copy is written for them and the tree
    configured, and its build state says so (without line coverage: a
    campaign does not reuse its spagm-cosim, which no longer matches the
    copy), or, beside a campaign in parts, in OUT/replay. Returns {bindir, selectors ({stable id: K}), seconds}."""
    state_path, state = read_state(outdir)
    want = sorted(m.id for m in mutants)
    part = None
    if state and state.get("digest") == sources_digest(sources) \
            and isinstance(state.get("selectors"), dict) and state.get("top") == top:
        part = next((p for p in state_parts(state) if set(want) <= set(p.get("ids", ()))), None)
    tree = os.path.join(os.path.normpath(os.path.join(outdir, part["dir"])), "build") \
        if part is not None else None
    covers = tree is not None and os.path.exists(os.path.join(tree, "CMakeCache.txt"))
    several = False
    if covers:
        kmap = state["selectors"]
        steps = [reconfigure_command(cache, tree)]
    else:
        # A campaign in parts keeps its build (state and trees): the copy
        # of these mutants goes to OUT/replay.
        several = state is not None and len(state_parts(state)) > 1
        root = os.path.join(outdir, "replay") if several else outdir
        tree = os.path.join(root, "build")
        if state is not None and not several:
            os.remove(state_path)
        rtl = os.path.join(root, "rtl")
        flist, kmap = write_copy(sources, mutants, rtl, f"{unit}_mutated.f")
        steps = [_configure_args(cache, unit, flist, top, port, tree,
                                 exercised.verilator_args(rtl))]
    steps.append(["cmake", "--build", tree, "-j", str(jobs), "--target", "spagm-replay-iverilog"])
    t0 = time.monotonic()
    _run_steps(steps, os.path.join(outdir, "build-replay.log"), log)
    if not covers and not several:  # its selectors; without line coverage, not reusable() for runs
        write_whole(state_path, json.dumps({"digest": sources_digest(sources), "selectors": kmap,
                                             "top": top, "build_type": "", "cosim_units": unit,
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


def _run_steps(steps, logfile, log, append=False):
    with open(logfile, "a" if append else "w", encoding="utf-8") as lf:
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
