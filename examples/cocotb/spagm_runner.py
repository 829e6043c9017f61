# SPDX-License-Identifier: Apache-2.0
"""Build a unit's RTL for Icarus and run tb_units.py on it with cocotb's
Python runner (cocotb_tools.runner). Used by test_cocotb_units.py and the
pyuvm example; usable from a script of your own:

    from spagm_runner import run
    r = run("pix", "work", seed=3, txns=500, bug="pix_centroid_highest_sample")
    print(r.failed, r.summary["txns_per_second"], r.text)
"""
import glob
import importlib.util
import os
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from cocotb_tools.check_results import get_results
from cocotb_tools.runner import get_runner

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TOPS = {"attr": "attr_unit", "pix": "pix_unit", "tex": "tex_unit"}


def find_spagm() -> str:
    """Make ``import spagm`` work here and in the simulator: an installed
    package (``pip install ./python``) or one on PYTHONPATH is used as it
    is; else the source tree's ``python/`` with its build's binding
    (``build/python``, the quick start's build) go to the front of sys.path,
    which cocotb's runner hands to the simulator as PYTHONPATH. Returns ""
    when spagm imports with its binding, else what is missing."""
    try:
        if importlib.util.find_spec("spagm._spagm_ffi") is not None:
            return ""
    except ImportError:  # no spagm at all
        pass
    source, built = os.path.join(ROOT, "python"), os.path.join(ROOT, "build", "python")
    if not glob.glob(os.path.join(built, "spagm", "_spagm_ffi*")):
        return (f"spagm's binding is not built: no {built}/spagm/_spagm_ffi*; build it "
                f"(`cmake --build build`, README.md \"Quick start\") or `pip install ./python`")
    for name in [m for m in sys.modules if m == "spagm" or m.startswith("spagm.")]:
        del sys.modules[name]  # imported without the binding: import again with it
    sys.path[:0] = [source, built]
    return ""


def require_spagm() -> None:
    """In a test module, before importing spagm: skip the module, saying
    what is missing, when spagm and its binding cannot be found."""
    missing = find_spagm()
    if missing:
        import pytest
        pytest.skip(missing, allow_module_level=True)


def read_filelist(path: str) -> Tuple[List[str], List[str], Dict[str, str]]:
    """Sources, include folders and defines of a Verilog file list: one file
    a line relative to the list (as -F reads it), // comments, +incdir+DIR,
    +define+NAME[=VALUE], -f/-F FILE nested."""
    base = os.path.dirname(os.path.abspath(path))
    sources, incdirs, defines = [], [], {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("//", 1)[0].strip()
            if not line:
                continue
            if line.startswith("+incdir+"):
                incdirs += [os.path.join(base, d) for d in line[8:].split("+") if d]
            elif line.startswith("+define+"):
                for d in line[8:].split("+"):
                    k, _, v = d.partition("=")
                    defines[k] = v or "1"
            elif line.split()[0] in ("-f", "-F"):
                s, i, d = read_filelist(os.path.join(base, line.split(None, 1)[1]))
                sources += s
                incdirs += i
                defines.update(d)
            elif line.startswith(("-", "+")):
                raise ValueError(f"{path}:{n}: option {line.split()[0]} is not supported here")
            else:
                sources.append(os.path.join(base, line))
    return sources, incdirs, defines


def unit_rtl(unit: str, rtl: Optional[str] = None, top: Optional[str] = None) -> Tuple[str, str]:
    """The file list and top module of a unit: the arguments, else
    SPAGM_<UNIT>_RTL / SPAGM_<UNIT>_TOP (as in CMake, docs/own-rtl.md), else
    the stand-in RTL of rtl_stubs/."""
    u = unit.upper()
    rtl = rtl or os.environ.get(f"SPAGM_{u}_RTL") or os.path.join(ROOT, "rtl_stubs", f"{unit}.f")
    top = top or os.environ.get(f"SPAGM_{u}_TOP") or TOPS[unit]
    return os.path.abspath(rtl), top


@dataclass
class Result:
    failed: bool
    summary: Dict[str, str]
    text: str       # the report file: summary lines, predictor summary, first mismatch
    log: str        # the simulator's whole log
    waves: str      # the FST file when waves were asked for


def build(unit: str, build_dir: str, rtl: Optional[str] = None, top: Optional[str] = None,
          waves: bool = False):
    """Compile the unit's RTL with Icarus into build_dir (once; again when a source changed)."""
    rtl, top = unit_rtl(unit, rtl, top)
    sources, incdirs, defines = read_filelist(rtl)
    seen, unique = set(), []
    for s in sources:  # every unit's list names shader_txn_pkg.sv; once is enough
        if os.path.basename(s) not in seen:
            seen.add(os.path.basename(s))
            unique.append(s)
    runner = get_runner("icarus")
    runner.build(sources=unique, includes=incdirs, defines=defines, hdl_toplevel=top,
                 build_dir=build_dir, waves=waves, timescale=("1ns", "1ps"),
                 log_file=os.path.join(build_dir, "build.log"))
    return runner, top


def run(unit: str, work_dir: str, *, build_dir: Optional[str] = None, rtl: Optional[str] = None,
        top: Optional[str] = None, waves: bool = False, test_module: str = "tb_units",
        **options) -> Result:
    """Run tb_units.py on the unit. options: seed, txns, epoch_txns,
    illegal_ppm, bug, vectors, cov, cov_input, cov_responses, cov_order,
    gap_pct, stall_pct, max_errors
    (spagm_tb.Options)."""
    os.makedirs(work_dir, exist_ok=True)
    build_dir = build_dir or os.path.join(work_dir, "sim_build")
    runner, top = build(unit, build_dir, rtl, top, waves)
    report = os.path.join(work_dir, "spagm_report.txt")
    if os.path.exists(report):
        os.remove(report)
    env = {"SPAGM_UNIT": unit, "SPAGM_REPORT": report}
    env.update({f"SPAGM_{k.upper()}": str(v) for k, v in options.items() if v is not None})
    log = os.path.join(work_dir, "sim.log")
    try:
        results = runner.test(test_module=test_module, hdl_toplevel=top, test_dir=work_dir,
                              build_dir=build_dir, extra_env=env, waves=waves,
                              results_xml=os.path.join(work_dir, "results.xml"), log_file=log)
        total, failed = get_results(results)
    except SystemExit:  # the runner's word for a simulator that died: see the log
        total, failed = 0, 1
    text = open(report).read() if os.path.exists(report) else ""
    summary = dict(l.split("=", 1) for l in text.split("--- ")[0].splitlines() if "=" in l)
    fst = os.path.join(build_dir, f"{top}.fst")
    return Result(failed > 0 or total == 0, summary, text, open(log).read(),
                  fst if waves else "")
