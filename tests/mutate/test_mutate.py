# SPDX-License-Identifier: Apache-2.0
"""CTest mutate.unit (label mutate): spagm mutate's parts without a build:
sites of every operator with file:line:col, the equivalence rules, the
mutated copy (mutant 0 is the original text, each K its own change), the
reproducible sample, the kill/survive/error classification, bad input.

  test_mutate.py SOURCE_DIR WORK_DIR     (runs with SPAGM_PYTHON: pyslang)
"""
import contextlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import unittest

SRC, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
# As bin/spagm-mutate runs it: from the source tree, no compiled binding.
sys.path.insert(0, os.path.join(SRC, "python"))

from spagm.mutate import bins, build, classes, cli, exercised, per_unit, report, rewrite, run  # noqa: E402
from spagm.mutate.mutant import OPERATORS  # noqa: E402
from spagm.mutate.rtl import RtlError, read_filelist  # noqa: E402
from spagm.mutate import sites  # noqa: E402
from spagm.mutate.sites import enumerate_sites  # noqa: E402
from spagm.mutate.source import Source  # noqa: E402


def sites_of(flist):
    files = read_filelist(flist)
    srcs = [Source(f) for f in files]
    return srcs, enumerate_sites(files, [s.text for s in srcs], [s.tree for s in srcs],
                                 os.path.dirname(os.path.abspath(flist)))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def report_row(m, status):
    """A report row (report.build_report's fields that name a mutant)."""
    return {"id": m.id, "file": report.rel(m.file, SRC), "line": m.line, "col": m.col,
            "operator": m.operator, "before": m.before, "after": m.after, "status": status}


class PixSites(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.srcs, cls.cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        cls.kept = [m for m in cls.cands if m.id]

    def find(self, file, line, change):
        return [m for m in self.cands if m.file.endswith(file) and m.line == line
                and m.change == change]

    def test_every_operator_has_sites_with_location(self):
        ops = {m.operator for m in self.kept}
        self.assertEqual(ops, set(OPERATORS))
        for m in self.kept:
            self.assertGreater(m.line, 0)
            self.assertGreater(m.col, 0)
            self.assertNotEqual(m.before, m.after, m.location())

    def test_ids_name_file_line_and_hash_and_are_unique(self):
        ids = [m.id for m in self.kept]
        self.assertEqual(len(set(ids)), len(ids))
        for m in self.kept:
            self.assertRegex(m.id, r"^[\w.+-]+:[0-9]+:[0-9a-f]{8}$")
            self.assertTrue(m.id.startswith(f"{os.path.basename(m.file)}:{m.line}:"), m.id)

    def test_catalogue_defect_4_is_a_mutant(self):
        # pix_index_bound_off_by_one (rtl_stubs/bugs.tsv): < becomes <=.
        line = _line_of("pix_lane.sv", ": index < {27'd0, count};")
        (m,) = self.find("pix_lane.sv", line, "< -> <=")
        self.assertTrue(m.id and not m.excluded)

    def test_dead_branch_under_bug_sel_is_not_mutated(self):
        line = _line_of("pix_lane.sv", "index <= {27'd0, count}")
        dead = [m for m in self.cands if m.file.endswith("pix_lane.sv") and m.line == line]
        self.assertTrue(dead)
        self.assertTrue(all(m.excluded for m in dead))
        self.assertTrue(any(m.excluded == "dead when bug_sel = 0" for m in dead))

    def test_signals_read_only_by_a_defect_branch_are_not_mutated(self):
        # The highest-covered-sample encoder feeds only the
        # bug_centroid_highest branch: all its mutants are dead (N321).
        hi = _line_of("pix_lane.sv", "assign highest_covered = ")
        lines = {_line_of("pix_lane.sv", f"assign {n} = ")
                 for n in ("smear1", "smear2", "smear4", "smear", "high_bit")} | {hi, hi + 1}
        enc = [m for m in self.cands if m.file.endswith("pix_lane.sv") and m.line in lines]
        self.assertGreater(len(enc), 40)
        self.assertEqual({m.excluded for m in enc}, {"dead when bug_sel = 0"})
        # The lowest-covered encoder beside it is read by every centroid.
        low = [m for m in self.cands if m.file.endswith("pix_lane.sv") and m.line in (
            _line_of("pix_lane.sv", "assign low_bit = "),
            _line_of("pix_lane.sv", "assign lowest_covered = "))]
        self.assertTrue(low and all(m.id for m in low if m.excluded != "bug_sel logic"))

    def test_bug_sel_logic_is_not_mutated(self):
        for m in self.kept:
            self.assertNotIn("bug_sel", m.before.split("//")[0] if m.change.startswith("==")
                             else "", m.location())
        bug = [m for m in self.cands if "bug_sel ==" in m.before and m.operator == "relational"]
        self.assertTrue(bug and all(m.excluded == "bug_sel logic" for m in bug))

    def test_constants_in_widths_and_parameters_are_not_mutated(self):
        for m in self.kept:
            self.assertNotRegex(m.before, r"^\s*localparam\b", m.location())
            self.assertFalse(re.match(r"^(input|output)\s", m.before), m.location())

    def test_assignment_targets_are_not_mutated(self):
        lhs = re.compile(r"^([\w.]+(?:\[[^\]]*\])*)\s*<=")
        checked = 0
        for m in self.kept:
            a = lhs.match(m.before)
            if a:
                checked += 1
                self.assertEqual(a.group(1), lhs.match(m.after).group(1), m.location())
        self.assertGreater(checked, 20)


class Rules(unittest.TestCase):
    def test_testbench_only_code_is_not_mutated(self):
        srcs, cands = sites_of(os.path.join(SRC, "rtl_stubs", "attr.f"))
        ram = [m for m in cands if m.file.endswith("attr_ram.sv")]
        init = _line_of("attr_ram.sv", "initial begin")
        inside = [m for m in ram if init < m.line <= init + 3]
        self.assertTrue(inside)
        self.assertTrue(all(m.excluded == "testbench-only code" for m in inside))


SMALL = """module tiny (input logic clk, input logic [3:0] a, input logic [7:0] bug_sel,
                  output logic [3:0] y, output logic z);
  logic q;
  assign y = bug_sel == 8'd3 ? a : a + 4'd1;
  always_ff @(posedge clk) q <= a[0] & a[1];
  always @* begin
    case (a[1:0])
      2'd0: z = 1'b0;
      2'd1: z = q;
      default: z = 1'b1;
    endcase
  end
endmodule
"""


DERIVED = """module derived (input logic clk, input logic [3:0] a, input logic [7:0] bug_sel,
                     output logic [3:0] y, output logic [3:0] w);
  logic bug_wide;
  logic [3:0] only_bug, feeds_it, both, cnt;
  assign bug_wide = bug_sel == 8'd5;
  assign feeds_it = a ^ 4'd3;
  assign only_bug = feeds_it + 4'd1;
  assign both = a & 4'd6;
  always_ff @(posedge clk) cnt <= cnt + a;
  assign y = bug_wide ? only_bug | cnt : both;
  assign w = both | 4'd8;
endmodule
"""


class DerivedDefectSignals(unittest.TestCase):
    """N321: a signal read only where a defect selects, or only to drive
    such a signal, is dead when bug_sel = 0, like the branch itself."""

    def test_chain_into_a_defect_branch_is_dead_and_shared_signals_are_not(self):
        d = os.path.join(WORK, "derived")
        write(os.path.join(d, "derived.sv"), DERIVED)
        _, cands = sites_of(write(os.path.join(d, "derived.f"), "derived.sv\n"))
        by_line = {}
        for m in cands:
            by_line.setdefault(m.line, set()).add(m.excluded or "kept")
        line = {n: i for i, n in enumerate(DERIVED.splitlines(), 1)}
        at = lambda text: next(i for t, i in line.items() if text in t)  # noqa: E731
        for dead in ("assign feeds_it", "assign only_bug", "cnt <= cnt + a"):
            self.assertEqual(by_line[at(dead)], {"dead when bug_sel = 0"}, dead)
        self.assertIn("kept", by_line[at("assign both")])
        self.assertIn("kept", by_line[at("assign w")])


LIST_PORTS = """module leaf (input logic [7:0] a, b, output logic [7:0] y);
  assign y = a ^ b;
endmodule
module top (input logic [15:0] x, output logic [7:0] y);
  leaf u (.a(x[0 +: 8]), .b(x[8 +: 8]), .y(y));
endmodule
"""


class AnsiPortLists(unittest.TestCase):
    """A port after a comma takes the direction and type before it
    (IEEE 1800 23.2.2.3), so a connection to it is an input's expression
    and is mutated like the first port's."""

    def test_second_port_of_a_list_is_an_input_whose_connection_is_mutated(self):
        d = os.path.join(WORK, "ansi_list")
        write(os.path.join(d, "leaf.sv"), LIST_PORTS)
        _, cands = sites_of(write(os.path.join(d, "leaf.f"), "leaf.sv\n"))
        conn = _text_line(LIST_PORTS, "leaf u (")
        kept = [m for m in cands if m.line == conn and not m.excluded]
        b_col = LIST_PORTS.splitlines()[conn - 1].index(".b(") + 1
        y_col = LIST_PORTS.splitlines()[conn - 1].index(".y(") + 1
        on_b = [m for m in kept if b_col < m.col < y_col]
        self.assertTrue(on_b, "no mutant of the second port's connection: "
                        + repr([(m.col, m.excluded, m.before) for m in cands if m.line == conn]))


def _text_line(text, needle):
    return next(i for i, t in enumerate(text.splitlines(), 1) if needle in t)


SIGNED = """module sgn (input logic [7:0] x, output logic [31:0] y, output logic [31:0] z);
  always_comb begin
    y = 32'($signed(x) >>> 2);
  end
  assign z = 32'($signed(x) >>> 1);
endmodule
"""

SIGNED_TB = """module tb;
  logic [7:0] x;
  logic [31:0] y, z;
  sgn u (.x(x), .y(y), .z(z));
  initial begin x = 8'h80; #1 $display("y=%h", y); $finish; end
endmodule
"""


class SignednessMutants(unittest.TestCase):
    """`$signed` <-> `$unsigned` changes the type: a conditional operator
    with one unsigned operand is unsigned, so the copy selects such a
    mutant around its statement, and drops one it cannot (a continuous
    assignment) by a rule, rather than change the original design."""

    def setUp(self):
        d = os.path.join(WORK, "signed")
        write(os.path.join(d, "sgn.sv"), SIGNED)
        self.srcs, cands = sites_of(write(os.path.join(d, "sgn.f"), "sgn.sv\n"))
        self.ext = {m.line: m for m in cands if m.operator == "extension"}
        self.out = os.path.join(d, "copy")

    def test_SignednessSwap_InStatement_SelectedAroundIt(self):
        m = self.ext[3]
        self.assertTrue(m.id)
        self.assertEqual([e.level for e in m.edits], ["stmt"])
        self.assertEqual(m.col, SIGNED.splitlines()[2].index("$signed") + 1)
        self.assertEqual(m.after, "y = 32'($unsigned(x) >>> 2);")

    def test_SignednessSwap_InContinuousAssign_DroppedByRule(self):
        self.assertEqual(self.ext[5].excluded, sites.R_SIGN)
        self.assertIn(sites.R_SIGN, sites.RULES)

    def test_SignednessSwap_MutantZeroIsTheOriginal(self):
        if not shutil.which("iverilog"):
            self.skipTest("no iverilog")
        m = self.ext[3]
        _, kmap = rewrite.write_copy(self.srcs, [m], self.out, "sgn_mutated.f")
        tb = write(os.path.join(self.out, "tb.sv"), SIGNED_TB)
        sim = os.path.join(self.out, "sim")
        subprocess.run(["iverilog", "-g2012", "-o", sim, os.path.join(self.out, "sgn.sv"), tb],
                       check=True)

        def y(k):
            r = subprocess.run(["vvp", "-n", sim, f"+mutant={k}"], check=True,
                               capture_output=True, text=True)
            return re.search(r"y=([0-9a-f]+)", r.stdout).group(1)
        self.assertEqual(y(0), "ffffffe0")          # 0x80 >>> 2, sign-extended
        self.assertEqual(y(kmap[m.id]), "00000020")  # the mutant: zero-extended


class Copy(unittest.TestCase):
    def setUp(self):
        d = os.path.join(WORK, "copy")
        self.sv = write(os.path.join(d, "rtl", "tiny.sv"), SMALL)
        self.flist = write(os.path.join(d, "rtl", "tiny.f"), "tiny.sv\n")
        self.srcs, self.cands = sites_of(self.flist)
        self.kept = [m for m in self.cands if m.id]

    def test_copy_selects_each_mutant_and_keeps_lines(self):
        out = os.path.join(WORK, "copy", "mutated")
        flist, kmap = rewrite.write_copy(self.srcs, self.kept, out, "tiny_mutated.f")
        with open(os.path.join(out, "tiny.sv"), encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(text.count("\n"), SMALL.count("\n"))
        self.assertIn('$value$plusargs("mutant=%d", spagm_mutsel)', text)
        self.assertEqual(sorted(kmap.values()), list(range(1, len(self.kept) + 1)))
        for m in self.kept:
            self.assertIn(f"spagm_mutsel == 32'd{kmap[m.id]}", text)
        # The selector of each mutant is written with the copy.
        with open(os.path.join(out, "selectors.tsv"), encoding="utf-8") as f:
            rows = [ln.split("\t") for ln in f.read().splitlines() if not ln.startswith("#")]
        self.assertEqual({r[1]: int(r[0]) for r in rows}, kmap)
        self.assertEqual(read_filelist(flist), [os.path.join(out, "tiny.sv")])
        # The dead branch (bug_sel == 3 ? a) and the bug_sel test stay as written.
        self.assertIn("bug_sel == 8'd3 ? a :", text)
        changes = {(m.operator, m.change) for m in self.kept}
        for want in [("constant", "4'd1 -> 4'd2"), ("logical", "& -> |"),
                     ("case", "case item 2'd1 removed"),
                     ("case", "case items 2'd0 and 2'd1 swapped")]:
            self.assertIn(want, changes)

    def test_unchanged_files_are_named_not_copied(self):
        other = write(os.path.join(WORK, "copy", "rtl", "pkg.sv"), "package p; endpackage\n")
        flist = write(os.path.join(WORK, "copy", "rtl", "two.f"), "pkg.sv\ntiny.sv\n")
        srcs, cands = sites_of(flist)
        out = os.path.join(WORK, "copy", "mutated2")
        lst, _ = rewrite.write_copy(srcs, [m for m in cands if m.id], out, "two.f")
        self.assertEqual(read_filelist(lst), [other, os.path.join(out, "tiny.sv")])


class StableIds(unittest.TestCase):
    """N320: a mutant's id is what it is, so it survives a new reduction
    rule and an edit of another file of the list."""

    def ids(self, cands):
        return {(m.file, m.line, m.col, m.change): m.id for m in cands if m.id}

    def test_ids_unchanged_when_a_reduction_rule_is_added(self):
        flist = os.path.join(SRC, "rtl_stubs", "pix.f")
        _, before = sites_of(flist)
        real = sites.Enumerator.add

        def with_rule(self, node, operator, change, edits, reason):
            # A new rule: every `constant` candidate of pix_cfg_regs.sv goes.
            if not reason and operator == "constant" and self.path.endswith("pix_cfg_regs.sv"):
                reason = "test rule"
            real(self, node, operator, change, edits, reason)
        sites.Enumerator.add = with_rule
        try:
            _, after = sites_of(flist)
        finally:
            sites.Enumerator.add = real
        a, b = self.ids(before), self.ids(after)
        gone = set(a) - set(b)
        self.assertGreater(len(gone), 5)  # the rule removed mutants before others
        self.assertTrue(all(k[0].endswith("pix_cfg_regs.sv") for k in gone))
        self.assertEqual(b, {k: v for k, v in a.items() if k in b})

    def test_ids_unchanged_when_another_file_of_the_list_changes(self):
        d = os.path.join(WORK, "stable")
        files = read_filelist(os.path.join(SRC, "rtl_stubs", "pix.f"))
        for f in files:
            with open(f, encoding="utf-8") as h:
                write(os.path.join(d, "a", os.path.basename(f)), h.read())
                h.seek(0)
                text = h.read()
            if f.endswith("pix_decode.sv"):  # lines inserted before its first module
                text = text.replace("module ", "// one\n// two\n// three\nmodule ", 1)
            write(os.path.join(d, "b", os.path.basename(f)), text)
        names = "\n".join(os.path.basename(f) for f in files) + "\n"
        _, one = sites_of(write(os.path.join(d, "a", "pix.f"), names))
        _, two = sites_of(write(os.path.join(d, "b", "pix.f"), names))
        ida = {m.id for m in one if m.id}
        idb = {m.id for m in two if m.id}
        moved = {m.id for m in one if m.id and m.file.endswith("pix_decode.sv")}
        self.assertTrue(moved and not moved & idb)  # that file's lines moved by 3
        self.assertEqual(ida - moved, idb - {m.id for m in two if m.file.endswith("pix_decode.sv")})
        self.assertGreater(len(ida - moved), 300)


IDLE = """module idle (input logic clk, input logic [3:0] a, output logic [3:0] z, output logic w, output logic v);
  always @* begin
    if (a == 4'd9) begin
      z = a + 4'd1;
    end else begin
      z = a - 4'd1;
    end
    case (a[1:0])
      2'd0: w = 1'b0;
      2'd1: w = a[2];
      default: w = 1'b1;
    endcase
  end
  always @* begin
    if (a == 4'd15) begin
      v = a[3];
    end else begin
      v = a[0];
    end
  end
endmodule
"""


def coverage_dat(path, copy, points):
    """A Verilator coverage file (SystemC::Coverage-3) with points
    (page, line, S lines, count) of file `copy`."""
    lines = ["# SystemC::Coverage-3"]
    for page, line, span, n in points:
        keys = [("f", copy), ("l", str(line)), ("n", "3"), ("page", f"{page}/idle"), ("o", "x")]
        if span:
            keys.append(("S", span))
        keys.append(("h", "TOP.idle"))
        lines.append("C '" + "".join(f"\x01{k}\x02{v}" for k, v in keys) + f"' {n}")
    return write(path, "\n".join(lines) + "\n")


class NotExercised(unittest.TestCase):
    """N322: a mutant whose changed lines the original design's runs never
    execute is classed not exercised and not run."""

    def setUp(self):
        d = os.path.join(WORK, "idle")
        self.sv = write(os.path.join(d, "rtl", "idle.sv"), IDLE)
        self.srcs, cands = sites_of(write(os.path.join(d, "rtl", "idle.f"), "idle.sv\n"))
        self.kept = [m for m in cands if m.id]
        self.copy = os.path.join(d, "copy", "idle.sv")
        # What Verilator writes for this module when a == 9 never happens
        # and a[1:0] is never 1: the if's `then` block (lines 3-4) and the
        # case item of line 10 have count 0.
        self.points = [("v_line", 2, "2,7,12", 40), ("v_branch", 3, "3-4", 0),
                       ("v_branch", 3, "5-6", 40), ("v_line", 8, "8", 10),
                       ("v_line", 9, "9", 10), ("v_line", 10, "10", 0), ("v_line", 11, "11", 20),
                       ("v_line", 14, "14,19", 0), ("v_branch", 15, "15-16", 0),
                       ("v_branch", 15, "17-18", 0)]
        self.dat = coverage_dat(os.path.join(d, "orig", "rtl_cov.dat"), self.copy, self.points)

    def at(self, line):
        return [m for m in self.kept if exercised.changed_lines(IDLE, m) == {line}]

    def test_mutants_on_lines_no_run_executes_are_not_exercised(self):
        counts = exercised.read_counts([self.dat])
        idle = exercised.not_exercised(self.kept, {self.sv: IDLE}, {self.sv: self.copy}, counts)
        self.assertTrue(idle)
        self.assertEqual({m.line for m in idle}, {4, 10, 15, 16, 18})
        ids = {m.id for m in idle}
        self.assertTrue({m.id for m in self.at(4) + self.at(10)} <= ids)
        # The if's condition (line 3) is evaluated on every pass even though
        # its `then` block never runs; line 9 runs; a swap of items 9 and 10
        # changes line 9 too.
        self.assertTrue(self.at(3) and self.at(9))
        self.assertFalse({m.id for m in self.at(3) + self.at(9)} & ids)
        swap = [m for m in self.kept if "swapped" in m.change and m.line == 9]
        self.assertTrue(swap and not {m.id for m in swap} & ids)
        # A run that executes line 10 once leaves no mutant there idle.
        more = coverage_dat(os.path.join(WORK, "idle", "orig", "seed2.dat"), self.copy,
                            [("v_line", 10, "10", 1)])
        counts = exercised.read_counts([self.dat, more])
        idle = exercised.not_exercised(self.kept, {self.sv: IDLE}, {self.sv: self.copy}, counts)
        self.assertEqual({m.line for m in idle}, {4, 15, 16, 18})

    def test_ZeroLineInBlockThatRan_IsExercised(self):
        counts = exercised.read_counts([self.dat])
        blocks = {self.sv: exercised.procedural_blocks(self.srcs[0])}
        self.assertEqual(blocks[self.sv], [(2, 13), (14, 20)])
        idle = exercised.not_exercised(self.kept, {self.sv: IDLE}, {self.sv: self.copy}, counts,
                                       blocks)
        self.assertEqual({m.line for m in idle}, {15, 16, 18})
        # A line outside every block (a continuous assignment a point's
        # range names) counts as executed.
        self.assertEqual(exercised.not_exercised(self.kept, {self.sv: IDLE},
                                                 {self.sv: self.copy}, counts, {self.sv: []}), [])

    def test_not_exercised_mutant_is_not_run(self):
        b = {"selectors": rewrite.selectors(self.kept), "rtl": os.path.dirname(self.copy),
             "bindir": "/nonexistent"}
        ran = {}
        dat = self.dat

        def fake_run_all(regress, bindir, workdir, unit, ids, args, log, name="regress",
                         seeds=None, line_coverage=False):
            ran[name] = (list(ids), seeds, line_coverage)
            res = {}
            for k in ids:
                runs = []
                for seed in run.parse_seeds(seeds):
                    d = os.path.join(workdir, name, f"m{k}.s{seed}")
                    os.makedirs(d, exist_ok=True)
                    if k == 0:
                        with open(dat, encoding="utf-8") as f:
                            write(os.path.join(d, "rtl_cov.dat"), f.read())
                    killed = k % 2 == 1 and k != 0
                    runs.append({"seed": seed, "verdict": "killed" if killed else "passed",
                                 "why": "mismatch" if killed else "", "status": "fail",
                                 "exit": 1, "wall_s": 0.1, "log": os.path.join(d, "log")})
                res[k] = run.decide(runs)
            return res, os.path.join(workdir, name)
        args = cli.parser().parse_args(["--unit", "pix", "--seeds", "1..3"])
        real = run.run_all
        run.run_all = fake_run_all
        try:
            results, dirs, phases, idle = cli._run_mutants(
                "regress", b, os.path.join(WORK, "idle", "run"), args, self.kept, self.srcs)
        finally:
            run.run_all = real
        # Lines 4 and 10 count 0 inside a block that ran: run (Verilator
        # reports such zeros for lines that did run). The second block never ran.
        self.assertEqual({i.split(":")[1] for i in idle}, {"15", "16", "18"})
        kmap = b["selectors"]
        for m in self.at(4) + self.at(10):
            self.assertIn(kmap[m.id], ran["regress-first"][0])
        for mid in idle:
            self.assertEqual(results[mid][0], "not_exercised")
            self.assertNotIn(kmap[mid], ran["regress-first"][0])
        # The original first, on every seed, with line coverage; then every
        # other mutant on seed 1; then only those seed 1 did not kill.
        self.assertEqual(ran["regress-original"], ([0], "1..3", True))
        first = ran["regress-first"][0]
        self.assertEqual(sorted(first), sorted(k for i, k in kmap.items() if i not in idle))
        self.assertEqual(ran["regress-first"][1], "1")
        self.assertEqual(ran["regress-more"][0], [k for k in first if k % 2 == 0])
        self.assertEqual(ran["regress-more"][1], "2,3")
        self.assertEqual(set(phases), {"original_s", "first_seed_s", "more_seeds_s"})

    def test_NotExercised_FromFirstPartsOriginal(self):
        # Two parts: the original runs on both (m0, m0p2), and only the
        # first part's runs write line coverage; they decide for both.
        kmap = rewrite.selectors(self.kept)
        ks = sorted(kmap.values())
        half = len(ks) // 2
        b = {"selectors": kmap, "rtl": os.path.dirname(self.copy), "bindir": "/p1/bin",
             "parts": [{"bindir": "/p1/bin", "ks": ks[:half], "line_coverage": True},
                       {"bindir": "/p2/bin", "ks": ks[half:], "line_coverage": False}]}
        ran = {}
        dat = self.dat

        def fake_run_all(regress, bindir, workdir, unit, ids, args, log, name="regress",
                         seeds=None, line_coverage=False, parts=None):
            ran[name] = (list(ids), parts)
            runs = {}
            for k in ids:
                for test in (["m0", "m0p2"] if k == 0 else [f"m{k}"]):
                    for seed in run.parse_seeds(seeds):
                        d = os.path.join(workdir, name, f"{test}.s{seed}")
                        os.makedirs(d, exist_ok=True)
                        if test == "m0":
                            with open(dat, encoding="utf-8") as f:
                                write(os.path.join(d, "rtl_cov.dat"), f.read())
                        runs.setdefault(k, []).append(
                            {"test": test, "seed": seed, "verdict": "passed", "why": "",
                             "status": "pass", "exit": 0, "wall_s": 0.1,
                             "log": os.path.join(d, "log")})
            return {k: run.decide(r) for k, r in runs.items()}, os.path.join(workdir, name)
        args = cli.parser().parse_args(["--unit", "pix", "--seeds", "1..2"])
        real = run.run_all
        run.run_all = fake_run_all
        try:
            results, _, _, idle = cli._run_mutants(
                "regress", b, os.path.join(WORK, "idle", "run-parts"), args, self.kept,
                self.srcs)
        finally:
            run.run_all = real
        self.assertEqual({i.split(":")[1] for i in idle}, {"15", "16", "18"})
        self.assertEqual(ran["regress-original"][1], b["parts"])
        self.assertEqual(len(results[0][2]), 4)  # two parts x two seeds

    def test_OriginalFails_NoMutantRuns(self):
        b = {"selectors": rewrite.selectors(self.kept), "rtl": os.path.dirname(self.copy),
             "bindir": "/nonexistent"}
        ran = []

        def fake_run_all(regress, bindir, workdir, unit, ids, args, log, name="regress",
                         seeds=None, line_coverage=False):
            ran.append(name)
            runs = [{"seed": 1, "verdict": "killed", "why": "mismatch", "status": "fail",
                     "exit": 1, "wall_s": 0.1, "log": os.path.join(workdir, "log")}]
            return {k: run.decide(runs) for k in ids}, os.path.join(workdir, name)
        args = cli.parser().parse_args(["--unit", "pix", "--seeds", "1..3"])
        real = run.run_all
        run.run_all = fake_run_all
        try:
            results, _, _, idle = cli._run_mutants(
                "regress", b, os.path.join(WORK, "idle", "run-broken"), args, self.kept,
                self.srcs)
        finally:
            run.run_all = real
        self.assertEqual(ran, ["regress-original"])
        self.assertEqual(results[0][0], "killed")
        self.assertEqual(idle, set())
        for m in self.kept:
            self.assertEqual(results[m.id], ("error", run.ORIGINAL_FAILED, []))


class Selection(unittest.TestCase):
    def test_sample_is_reproducible_and_seeded(self):
        args = cli.parser().parse_args(["--unit", "pix", "--sample", "10", "--seed", "7"])
        ms = [type("M", (), {"id": f"x.sv:{i}:0000000{i % 10}", "n": i})() for i in range(100)]
        a = [m.n for m in cli.select(args, ms, WORK)]
        b = [m.n for m in cli.select(args, ms, WORK)]
        self.assertEqual(a, b)
        self.assertEqual(len(a), 10)
        self.assertEqual(a, sorted(a))
        args.seed = 8
        self.assertNotEqual(a, [m.n for m in cli.select(args, ms, WORK)])
        self.assertEqual(a, sorted(random.Random(7).sample(range(100), 10)))

    def test_mutants_by_stable_id(self):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id]
        args = cli.parser().parse_args(["--unit", "pix", "--mutants", f"{ms[7].id},{ms[2].id}"])
        self.assertEqual(cli.select(args, ms, WORK), [ms[2], ms[7]])
        args = cli.parser().parse_args(["--unit", "pix", "--mutants", "pix_lane.sv:1:00000000"])
        with self.assertRaisesRegex(RtlError, r"'pix_lane.sv:1:00000000' is not a mutant"):
            cli.select(args, ms, WORK)

    def test_numeric_mutant_id_is_refused_not_mapped(self):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id]
        args = cli.parser().parse_args(["--unit", "pix", "--mutants", f"{ms[0].id},12"])
        with self.assertRaisesRegex(RtlError, r"--mutants: '12' is a numeric mutant id .* "
                                    "not mapped"):
            cli.select(args, ms, WORK)
        old = dict(report_row(ms[11], "survived"), id=12)
        path = write(os.path.join(WORK, "rerun", "numeric.json"),
                     json.dumps({"unit": "pix", "mutants": [old]}))
        args = cli.parser().parse_args(["--unit", "pix", "--rerun", "survivors", "--from", path])
        with self.assertRaisesRegex(RtlError, r"survivor: '12' is a numeric mutant id"):
            cli.select(args, ms, WORK)

    def test_rerun_takes_the_survivors_by_stable_id(self):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id]
        rows = [report_row(m, "survived") for m in ms[4:7]] + [report_row(ms[9], "killed")]
        path = write(os.path.join(WORK, "rerun", "same.json"),
                     json.dumps({"unit": "pix", "mutants": rows}))
        args = cli.parser().parse_args(["--unit", "pix", "--rerun", "survivors", "--from", path])
        self.assertEqual(cli.select(args, ms, WORK), ms[4:7])

    def test_rerun_refuses_survivors_this_rtl_does_not_have(self):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id]
        rows = [report_row(m, "survived") for m in ms[4:7]]
        gone = dict(rows[1], id=rows[1]["id"][:-8] + "00000000")  # a change this RTL lacks
        rows[1] = gone
        path = write(os.path.join(WORK, "rerun", "other.json"),
                     json.dumps({"unit": "pix", "mutants": rows}))
        args = cli.parser().parse_args(["--unit", "pix", "--rerun", "survivors", "--from", path])
        with self.assertRaisesRegex(RtlError, r"1 of 3 survivors are not mutants of this RTL") as e:
            cli.select(args, ms, WORK)
        self.assertIn(f"survivor {gone['id']}: {gone['file']}:{gone['line']}", str(e.exception))
        path = write(os.path.join(WORK, "rerun", "tex.json"),
                     json.dumps({"unit": "tex", "mutants": rows[:1]}))
        args = cli.parser().parse_args(["--unit", "pix", "--rerun", "survivors", "--from", path])
        with self.assertRaisesRegex(RtlError, r"of unit 'tex', not 'pix'"):
            cli.select(args, ms, WORK)
        path = write(os.path.join(WORK, "rerun", "none.json"),
                     json.dumps({"unit": "pix", "mutants": [report_row(ms[0], "killed")]}))
        args = cli.parser().parse_args(["--unit", "pix", "--rerun", "survivors", "--from", path])
        with self.assertRaisesRegex(RtlError, r"no survivors to run again"):
            cli.select(args, ms, WORK)

    def test_seeds_text(self):
        self.assertEqual(run.parse_seeds("1..3,9"), [1, 2, 3, 9])
        with self.assertRaises(RtlError):
            run.parse_seeds("5..1")


class RegressDescription(unittest.TestCase):
    """The generated description stays within spagm-regress's line limit
    for a whole unit (thousands of mutants), and its set still names every
    mutant exactly once."""

    @staticmethod
    def sets(text):
        out, name = {}, None
        for line in text.splitlines():
            if line.startswith("[set "):
                name = line[5:-1]
            elif name and line.startswith("tests = "):
                out[name] = line[8:].split()
                name = None
        return out

    def expand(self, sets, name):
        return [t for m in sets[name] for t in (self.expand(sets, m) if m in sets else [m])]

    def test_WholeUnitSet_FitsRegressLineLimit(self):
        with open(os.path.join(SRC, "regress", "desc.c"), encoding="utf-8") as f:
            limit = re.search(r"strlen\(line\) > (\d+)\)", f.read())
        self.assertIsNotNone(limit, "regress/desc.c: the line limit check is not found")
        self.assertEqual(run.LINE_LIMIT, int(limit.group(1)))
        ids = list(range(0, 3000))
        text = run.description("tex", ids, "1..5", None, "", 300)
        self.assertLessEqual(max(len(line) for line in text.splitlines()), run.LINE_LIMIT)
        sets = self.sets(text)
        self.assertGreater(len(sets), 1)
        self.assertEqual(self.expand(sets, "mutants"), [f"m{k}" for k in ids])

    def test_SmallSet_IsOneLine(self):
        sets = self.sets(run.description("pix", [0, 3, 7], "1", None, "", 300))
        self.assertEqual(sets, {"mutants": ["m0", "m3", "m7"]})

    def test_SetsNestAsDeepAsNeeded(self):
        members = [f"m{i}" for i in range(200)]
        lines = run.set_sections("s", members, limit=40)
        self.assertLessEqual(max(len(line) for line in lines), 40)
        sets = self.sets("\n".join(lines))
        self.assertEqual(len(sets), len(set(sets)))
        self.assertEqual(self.expand(sets, "s"), members)


class Classification(unittest.TestCase):
    """Verdicts from spagm-regress results and the co-simulation's summary
    (N154): a refusal, a crash or a bare timeout is an error, never a kill."""

    def results(self, runs):
        out = os.path.join(WORK, "classify")
        rows = []
        for i, (test, seed, status, code, kinds) in enumerate(runs):
            rid = f"{test}.s{seed}"
            d = os.path.join(out, "runs", rid)
            os.makedirs(d, exist_ok=True)
            write(os.path.join(d, "log"), "spagm-cosim: +txns=0: must be at least 1\n")
            if kinds is not None:
                write(os.path.join(d, "cosim.json"),
                      json.dumps({"mismatches": [{"kind": k} for k in kinds]}))
            rows.append({"id": rid, "test": test, "seed": seed, "status": status, "exit": code,
                         "wall_s": 0.5})
        return run.classify(out, {"runs": rows})

    def test_verdicts(self):
        r = self.results([
            ("m0", 1, "pass", 0, []), ("m0", 2, "pass", 0, []),
            ("m1", 1, "pass", 0, []), ("m1", 2, "fail", 1, ["response"]),
            ("m2", 1, "fail", 2, None),
            ("m3", 1, "timeout", -1, None),
            ("m4", 1, "timeout", -1, ["hang"]),
            ("m5", 1, "fail", 1, ["image"]), ("m5", 2, "crash", -1, None),
            ("m6", 1, "crash", -1, None),
            ("m7", 1, "fail", 1, None),
            ("m8", 1, "fail", 1, ["unasked_read"]),
            ("m9", 1, "pass", 0, []), ("m9", 2, "fail", 1, ["idle_owed"]),
            ("m10", 1, "fail", 1, ["unasked_mem_read"]),
        ])
        self.assertEqual(r[0][0], "survived")
        self.assertEqual(r[1][:2], ("killed", "mismatch (seed 2)"))
        self.assertEqual(r[2][0], "error")
        self.assertIn("refused (exit 2)", r[2][1])
        self.assertEqual(r[3][0], "error")
        self.assertEqual(r[4][:2], ("killed", "hang (seed 1)"))
        self.assertEqual(r[5][:2], ("killed", "readback (seed 1)"))
        self.assertEqual(r[6][0], "error")
        self.assertEqual(r[7][0], "error")
        self.assertEqual(r[8][:2], ("killed", "port rule (seed 1)"))
        self.assertEqual(r[9][:2], ("killed", "port rule (seed 2)"))
        self.assertEqual(r[10][:2], ("killed", "port rule (seed 1)"))


class BadInput(unittest.TestCase):
    def test_option_line_in_list_names_file_and_line(self):
        f = write(os.path.join(WORK, "bad", "opt.f"), "// list\n+incdir+x\n")
        with self.assertRaisesRegex(RtlError, r"opt\.f:2: error: option"):
            read_filelist(f)

    def test_syntax_error_names_file_and_line(self):
        sv = write(os.path.join(WORK, "bad", "broken.sv"), "module m;\n\n  assign = ;\nendmodule\n")
        with self.assertRaisesRegex(RtlError, r"broken\.sv:3: error"):
            Source(sv)

    def test_all_units_refuses_one_units_rtl(self):
        self.assertEqual(cli.main(["--all-units", "--rtl", "x.f", "--list"]), 2)
        with self.assertRaises(SystemExit):  # --unit and --all-units exclude each other
            cli.parser().parse_args(["--unit", "pix", "--all-units"])

    def test_cli_refuses_unknown_mutant_id(self):
        rc = cli.main(["--unit", "pix", "--build", WORK, "--list"])
        self.assertEqual(rc, 2)  # not a build tree: a clear error, status 2


class PerUnitProofOptions(unittest.TestCase):
    """--prove-scope, --prove-budget and --prove-timeout take one value for
    every unit or UNIT=VALUE items (N554): one --all-units campaign proves
    the pixel unit whole and the others on their modules."""

    def settled(self, argv, unit):
        args = cli.parser().parse_args(["--unit", unit] + argv)
        per_unit.settle(args, unit)
        return args.prove_scope, args.prove_budget, args.prove_timeout

    def refused(self, argv):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit):
            cli.parser().parse_args(["--unit", "pix"] + argv)
        return err.getvalue()

    def test_ProofOptions_OneValueForEveryUnit(self):
        argv = ["--prove-scope", "module", "--prove-budget", "20", "--prove-timeout", "120"]
        for unit in ("attr", "pix", "tex"):
            self.assertEqual(self.settled(argv, unit), ("module", 20.0, 120))

    def test_ProofOptions_DefaultsWhenNotGiven(self):
        self.assertEqual(self.settled([], "tex"), ("both", None, 300))

    def test_ProofOptions_NamedUnitOverridesTheValueForTheRest(self):
        argv = ["--prove-scope", "module,pix=both", "--prove-budget", "20,pix=900",
                "--prove-timeout", "tex=60"]
        self.assertEqual(self.settled(argv, "pix"), ("both", 900.0, 300))
        self.assertEqual(self.settled(argv, "tex"), ("module", 20.0, 60))
        self.assertEqual(self.settled(argv, "attr"), ("module", 20.0, 300))

    def test_ProofBudget_NoneLiftsOneUnitsBudget(self):
        self.assertEqual(self.settled(["--prove-budget", "20,pix=none"], "pix")[1], None)
        self.assertEqual(self.settled(["--prove-budget", "20,pix=none"], "attr")[1], 20.0)

    def test_ProofOptions_BadValuesRefusedWithTheReason(self):
        self.assertIn("'gpu' is not a unit (one of attr, pix, tex)",
                      self.refused(["--prove-budget", "20,gpu=5"]))
        self.assertIn("'whole' is not a scope: one of both, module, unit",
                      self.refused(["--prove-scope", "pix=whole"]))
        self.assertIn("--prove-budget: '0' is not seconds or 'none': it must be more than 0 "
                      "seconds", self.refused(["--prove-budget", "0"]))
        self.assertIn("'1.5' is not a whole number of seconds",
                      self.refused(["--prove-timeout", "1.5"]))
        self.assertIn("two values for every unit", self.refused(["--prove-budget", "20,30"]))
        self.assertIn("two values for pix", self.refused(["--prove-budget", "pix=1,pix=2"]))

    def test_AllUnits_EachUnitRunsWithItsOwnProofOptions(self):
        seen = {}

        def load(args):
            seen[args.unit] = (args.prove_scope, args.prove_budget)
            raise RtlError("stopped by the test")

        real = cli.load
        cli.load = load
        try:
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                rc = cli.main(["--all-units", "--prove", "--prove-scope", "module,pix=both",
                               "--prove-budget", "20,pix=900"])
        finally:
            cli.load = real
        self.assertEqual(rc, 2)
        self.assertEqual(seen, {"attr": ("module", 20.0), "pix": ("both", 900.0),
                                "tex": ("module", 20.0)})


class BuildType(unittest.TestCase):
    """--build-type: the mutated build's CMAKE_BUILD_TYPE (the soak tests
    build unoptimised), and a build of another type is not reused."""

    def test_mutated_build_is_unoptimised_by_default(self):
        self.assertEqual(cli.parser().parse_args(["--unit", "pix"]).build_type, "None")
        self.assertEqual(cli.parser().parse_args(["--unit", "pix", "--build-type", "Release"])
                         .build_type, "Release")

    def test_build_type_reaches_configure(self):
        cache = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "None"}
        args = build._configure_args(cache, "pix", "/x/pix.f", "pix_unit", "2", "/t")
        self.assertIn("-DCMAKE_BUILD_TYPE=None", args)

    def test_MutatedBuild_ConfiguredWithoutWaves(self):
        cache = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "Release"}
        args = build._configure_args(cache, "pix", "/x/pix.f", "pix_unit", "2", "/t")
        self.assertIn("-DSPAGM_COSIM_WAVES=OFF", args)

    def test_MutatedBuild_HoldsOnlyTheMutatedUnit(self):
        cache = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "Release"}
        for unit in ("attr", "pix", "tex"):
            args = build._configure_args(cache, unit, f"/x/{unit}.f", f"{unit}_unit", "2", "/t")
            self.assertIn(f"-DSPAGM_COSIM_UNITS={unit}", args)

    def test_cxx_flags_reach_configure_and_make_another_build(self):
        cache = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "Release",
                 build.CXX_FLAGS: "-O1 -DNDEBUG"}
        args = build._configure_args(cache, "pix", "/x/pix.f", "pix_unit", "2", "/t")
        self.assertIn("-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG", args)
        self.assertEqual(build.build_kind(cache), "Release -O1 -DNDEBUG")
        bindir = os.path.join(WORK, "reuse-flags", "bin")
        write(os.path.join(bindir, "spagm-cosim"), "")
        state = {"digest": "d", "selectors": {"a.sv:1:00000001": 1}, "top": "pix_unit",
                 "build_type": "Release", "cosim_units": "pix", "line_coverage": True}
        self.assertFalse(build.reusable(state, "d", ["a.sv:1:00000001"], "pix_unit",
                                        build.build_kind(cache), bindir, "pix"))
        plain = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "Release"}
        self.assertFalse(any(a.startswith("-DCMAKE_CXX_FLAGS") for a in
                             build._configure_args(plain, "pix", "/x/pix.f", "pix_unit", "2", "/t")))

    def test_other_build_type_is_not_reused(self):
        bindir = os.path.join(WORK, "reuse", "bin")
        write(os.path.join(bindir, "spagm-cosim"), "")
        state = {"digest": "d", "selectors": {"a.sv:1:00000001": 1, "a.sv:2:00000002": 2},
                 "top": "pix_unit", "build_type": "Release", "cosim_units": "pix",
                 "line_coverage": True}
        one = ["a.sv:1:00000001"]
        self.assertTrue(build.reusable(state, "d", one, "pix_unit", "Release", bindir, "pix"))
        self.assertFalse(build.reusable(state, "d", one, "pix_unit", "None", bindir, "pix"))
        self.assertFalse(build.reusable(state, "d", ["a.sv:3:00000003"], "pix_unit", "Release",
                                        bindir, "pix"))
        self.assertFalse(build.reusable(None, "d", one, "pix_unit", "Release", bindir, "pix"))
        # A state of numeric ids (before N320) names no selector: rebuilt.
        old = {"digest": "d", "ids": [1, 2], "top": "pix_unit", "build_type": "Release"}
        self.assertFalse(build.reusable(old, "d", [1], "pix_unit", "Release", bindir, "pix"))

    def test_BuildOfEveryUnit_NotReusedForAPartOfOneUnit(self):
        # A state without cosim_units is of a spagm-cosim holding all three
        # units (before N546): the same verdicts, but every run and rebuild
        # pays for the other two, so it is built again with the unit alone.
        bindir = os.path.join(WORK, "reuse-units", "bin")
        write(os.path.join(bindir, "spagm-cosim"), "")
        one = ["a.sv:1:00000001"]
        state = {"digest": "d", "selectors": {"a.sv:1:00000001": 1}, "top": "pix_unit",
                 "build_type": "Release", "line_coverage": True}
        self.assertFalse(build.reusable(state, "d", one, "pix_unit", "Release", bindir, "pix"))
        state["cosim_units"] = "tex"
        self.assertFalse(build.reusable(state, "d", one, "pix_unit", "Release", bindir, "pix"))
        state["cosim_units"] = "pix"
        self.assertTrue(build.reusable(state, "d", one, "pix_unit", "Release", bindir, "pix"))

    def test_CopyCodeChange_BuildNotReused(self):
        srcs, _ = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        same = build.sources_digest(srcs)
        self.assertEqual(build.sources_digest(srcs), same)
        tool = os.path.join(WORK, "tool-copy")
        shutil.rmtree(tool, ignore_errors=True)
        shutil.copytree(build.TOOL_DIR, tool)
        with open(os.path.join(tool, "rewrite.py"), "a", encoding="utf-8") as f:
            f.write("# another version\n")
        real = build.TOOL_DIR
        build.TOOL_DIR = tool
        try:
            other = build.sources_digest(srcs)
        finally:
            build.TOOL_DIR = real
        self.assertNotEqual(other, same)

    def test_reused_build_is_still_brought_up_to_date(self):
        # A reused tree keeps its mutated copy and its settings (no rewrite,
        # no -D) but CMake is run again on it (N275: files added to spagm
        # since) and it is built (N273: the stimulus and harness may have
        # changed).
        out = os.path.join(WORK, "reuse-uptodate")
        bindir = os.path.join(out, "build", "bin")
        write(os.path.join(bindir, "spagm-cosim"), "")
        srcs = [Source(f) for f in read_filelist(os.path.join(SRC, "rtl_stubs", "pix.f"))]
        mutants = [type("M", (), {"id": "a.sv:1:00000001"})()]
        sel = {"a.sv:1:00000001": 2, "a.sv:2:00000002": 1}
        write(os.path.join(out, "build-state.json"), json.dumps(
            {"digest": build.sources_digest(srcs), "selectors": sel, "top": "pix_unit",
             "build_type": "None", "cosim_units": "pix", "line_coverage": True}))
        ran = []

        class Done:
            returncode = 0
        real = build.subprocess.run
        build.subprocess.run = lambda args, **kw: ran.append(args) or Done()
        try:
            b = build.prepare({"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "None"}, "pix",
                              "pix_unit", "2", srcs, mutants, out, 2, lambda m: None)
        finally:
            build.subprocess.run = real
        self.assertTrue(b["reused"])
        self.assertEqual(b["selectors"], sel)  # the K of the build, not of today's list
        tree = os.path.join(out, "build")
        self.assertEqual(ran, [["cmake", "-S", SRC, "-B", tree], build.build_command(tree, 2)])
        self.assertFalse(os.path.exists(os.path.join(out, "rtl")))  # the copy is kept as is


class Parts(unittest.TestCase):
    """--part-size: the mutants built in parts, each a copy with only its
    mutants and a build of its own; K names one mutant across the parts,
    and the original runs on every part."""

    @classmethod
    def setUpClass(cls):
        cls.srcs, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        cls.kept = [m for m in cands if m.id]

    def test_Split_FewestEvenPartsInOrder(self):
        ms = list(range(2159))
        parts = build.split(ms, 300)
        self.assertEqual([len(p) for p in parts], [270] * 7 + [269])
        self.assertEqual([x for p in parts for x in p], ms)
        self.assertEqual(build.split(ms[:300], 300), [ms[:300]])
        self.assertEqual(build.split(ms, 0), [ms])

    def test_PartCopy_HoldsOnlyItsMutantsWithCampaignSelectors(self):
        kmap = rewrite.selectors(self.kept)
        files = sorted({m.file for m in self.kept})
        one = [m for m in self.kept if m.file == files[0]][:3]
        out = os.path.join(WORK, "parts", "copy")
        shutil.rmtree(out, ignore_errors=True)
        flist, got = rewrite.write_copy(self.srcs, one, out, "pix_mutated.f", kmap, files)
        self.assertEqual(got, {m.id: kmap[m.id] for m in one})
        # Every file a mutant of the campaign is in is copied (the line
        # coverage of the part that runs the original names them all), with
        # this part's mutants only, and keeps its line numbers.
        listed = read_filelist(flist)
        for f in files:
            self.assertIn(os.path.join(out, os.path.basename(f)), listed)
        texts = {}
        for f in files:
            with open(os.path.join(out, os.path.basename(f)), encoding="latin-1") as fh:
                texts[f] = fh.read()
            with open(f, encoding="latin-1") as fh:
                self.assertEqual(texts[f].count("\n"), fh.read().count("\n"))
        sels = set(re.findall(r"spagm_mutsel == 32'd(\d+)", "".join(texts.values())))
        self.assertEqual(sels, {str(kmap[m.id]) for m in one})
        self.assertNotIn("spagm_mutsel", texts[files[1]])

    def fake_build(self, out, mutants, part_size, cache=None):
        ran = []

        class Done:
            returncode = 0

        def fake(args, **kw):
            ran.append(args)
            if args[:2] == ["cmake", "--build"]:  # the build writes spagm-cosim
                write(os.path.join(args[2], "bin", "spagm-cosim"), "")
            return Done()
        real = build.subprocess.run
        build.subprocess.run = fake
        try:
            b = build.prepare(cache or {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "None"},
                              "pix", "pix_unit", "2", self.srcs, mutants, out, 2,
                              lambda m: None, part_size)
        finally:
            build.subprocess.run = real
        return b, ran

    def test_PartsBuild_EachPartItsOwnCopyAndTree(self):
        out = os.path.join(WORK, "parts", "build")
        shutil.rmtree(out, ignore_errors=True)
        ms = self.kept[:25]
        b, ran = self.fake_build(out, ms, 10)
        self.assertFalse(b["reused"])
        self.assertEqual(b["selectors"], rewrite.selectors(ms))
        # The first part is the original's line coverage alone (N548).
        self.assertEqual([len(p["ks"]) for p in b["parts"]], [0, 9, 8, 8])
        self.assertEqual([k for p in b["parts"] for k in p["ks"]], list(range(1, 26)))
        trees = [os.path.join(out, f"part-{i}", "build") for i in (1, 2, 3, 4)]
        configures = [a for a in ran if a[:2] == ["cmake", "-S"]]
        self.assertEqual([a[a.index("-B") + 1] for a in configures], trees)
        # Line coverage in the first part only (the original's runs there).
        vlt = os.path.join(out, "part-1", "rtl", exercised.VLT)
        self.assertIn(f"-DSPAGM_VERILATOR_EXTRA_ARGS=--coverage-line;{vlt}", configures[0])
        for a in configures[1:]:
            self.assertIn("-DSPAGM_VERILATOR_EXTRA_ARGS=", a)
        self.assertEqual([p["line_coverage"] for p in b["parts"]], [True, False, False, False])
        self.assertEqual(b["bindir"], os.path.join(trees[0], "bin"))
        for i, p in enumerate(b["parts"], 1):
            with open(os.path.join(out, f"part-{i}", "rtl", "selectors.tsv"),
                      encoding="utf-8") as f:
                ks = [int(ln.split("\t")[0]) for ln in f if not ln.startswith("#")]
            self.assertEqual(ks, p["ks"])
        # The survivors of the last part again: it and the first (the
        # original's line coverage) are brought up to date, not the others.
        b2, ran2 = self.fake_build(out, ms[20:22], 10)
        self.assertTrue(b2["reused"])
        self.assertEqual([p["bindir"] for p in b2["parts"]],
                         [os.path.join(t, "bin") for t in (trees[0], trees[3])])
        self.assertEqual(ran2, [["cmake", "-S", SRC, "-B", trees[0]],
                                build.build_command(trees[0], 2),
                                ["cmake", "-S", SRC, "-B", trees[3]],
                                build.build_command(trees[3], 2)])
        self.assertEqual(b2["selectors"], b["selectors"])
        # Parts larger than the size asked are built again, not reused.
        b3, _ = self.fake_build(out, ms[20:22], 1)
        self.assertFalse(b3["reused"])
        # One part keeps the layout of a campaign without parts (OUT/build).
        b4, ran4 = self.fake_build(out, ms[:5], 10)
        self.assertEqual(b4["bindir"], os.path.join(out, "build", "bin"))

    def test_ReplayOfOnePartsMutants_UsesThatPartsTree(self):
        out = os.path.join(WORK, "parts", "replay")
        shutil.rmtree(out, ignore_errors=True)
        ms = self.kept[:25]
        b, _ = self.fake_build(out, ms, 10)
        for i in (1, 2, 3, 4):
            write(os.path.join(out, f"part-{i}", "build", "CMakeCache.txt"), "")
        ran = []

        class Done:
            returncode = 0
        real = build.subprocess.run
        build.subprocess.run = lambda args, **kw: ran.append(args) or Done()
        cache = {"CMAKE_HOME_DIRECTORY": SRC, "CMAKE_BUILD_TYPE": "None"}
        try:
            rb = build.prepare_replay(cache, "pix", "pix_unit", "2", self.srcs, ms[10:12], out,
                                      2, lambda m: None)
            tree = os.path.join(out, "part-3", "build")
            self.assertEqual(rb["bindir"], os.path.join(tree, "bin"))
            self.assertEqual(rb["selectors"], b["selectors"])
            self.assertEqual(ran[0], ["cmake", "-S", SRC, "-B", tree])
            # Mutants of two parts: a copy of their own in OUT/replay; the
            # campaign's build state and trees stay as they are.
            ran.clear()
            rb = build.prepare_replay(cache, "pix", "pix_unit", "2", self.srcs,
                                      [ms[0], ms[24]], out, 2, lambda m: None)
        finally:
            build.subprocess.run = real
        self.assertEqual(rb["bindir"], os.path.join(out, "replay", "build", "bin"))
        self.assertTrue(os.path.exists(os.path.join(out, "replay", "rtl", "selectors.tsv")))
        _, state = build.read_state(out)
        self.assertEqual(len(build.state_parts(state)), 4)

    def test_PartsRun_EachMutantOnItsPartOriginalOnEveryPart(self):
        parts = [{"bindir": "/p1/bin", "ks": [1, 2]}, {"bindir": "/p 2/bin", "ks": [3]}]
        text = run.description("pix", [0, 1, 3], "1..2", None, "", 60, True, parts)
        tests = dict(re.findall(r"\[test (\S+)\]\nkind = command\ncommand = (.*)", text))
        self.assertEqual(set(tests), {"m0", "m0p2", "m1", "m3"})
        self.assertIn("exec /p1/bin/spagm-cosim ", tests["m0"])
        self.assertIn("+mutant=0 ", tests["m0p2"])
        self.assertIn("exec '/p 2/bin/spagm-cosim' ", tests["m0p2"])
        self.assertIn("exec /p1/bin/spagm-cosim ", tests["m1"])
        self.assertIn("exec '/p 2/bin/spagm-cosim' +units=pix +seed={seed} +mutant=3 ",
                      tests["m3"])
        # The original's coverage (functional and line) from the first part only.
        self.assertIn("+rtl_cov=rtl_cov.dat", tests["m0"])
        self.assertNotIn("+cov=", tests["m0p2"])
        self.assertNotIn("+rtl_cov", tests["m0p2"])
        self.assertIn("tests = m0 m0p2 m1 m3", text)
        # A single part runs {bin} as before.
        self.assertIn("exec {bin}/spagm-cosim", run.description("pix", [1], "1", None, "", 60,
                                                                False, parts[:1]))

    def test_OriginalFailsOnOnePart_NoMutantRuns(self):
        out = os.path.join(WORK, "parts", "orig")
        runs = []
        for test, status in (("m0", "pass"), ("m0p2", "fail")):
            rid = f"{test}.s1"
            write(os.path.join(out, "runs", rid, "cosim.json"),
                  json.dumps({"mismatches": [{"kind": "response"}] if status == "fail" else []}))
            runs.append({"test": test, "seed": 1, "id": rid, "status": status,
                         "exit": 1 if status == "fail" else 0})
        res = run.classify(out, {"runs": runs})
        self.assertEqual(set(res), {0})
        self.assertEqual(res[0][0], "killed")
        self.assertEqual([r["test"] for r in res[0][2]], ["m0", "m0p2"])
        self.assertEqual(run.classify(out, {"runs": [dict(runs[0], test="m5p2")]}), {})


class CoverageBins(unittest.TestCase):
    """N271: each survivor's report row names the functional-coverage bins
    of the rules its nearest comment cites, with the state the original
    design's runs left them in; "not known" when no comment cites one."""

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(SRC, "docs", "coverage-plan.md"), encoding="utf-8") as f:
            cls.points = bins.parse_plan(f.read())
        cls.rules = bins.load_rules(SRC, "pix")
        cls.srcs, cls.cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))

    def test_plan_and_rule_tables_parse(self):
        by = {p.name: p for p in self.points}
        self.assertEqual(len(by["pix.rule"].bin_names()), 22)  # "22 bins" in the plan
        self.assertIn("PIX_IMM_U8_RANGE", by["pix.rule"].excluded)
        self.assertEqual(by["pix.fields"].bin_names()[0], "pd=PT ra=RZ")
        self.assertIn("io=I patch=yes size=32 phys=yes", by["attr.ald_fields"].excluded)
        self.assertIn("R13", self.rules["PIX_COVERED_TRUE"])
        self.assertEqual(len(self.rules), 20)

    def _index_mutant(self):
        line = _line_of("pix_lane.sv", "assign imm_ext = (ra_rz ||")
        return next(m for m in self.cands if m.id and m.file.endswith("pix_lane.sv")
                    and m.line == line)

    def test_sample_index_mutant_maps_to_covered_bins(self):
        m = self._index_mutant()
        mapper = bins.Mapper("pix", self.points, self.rules)
        cites, cover = report.near(m.file, m.line, mapper)
        self.assertEqual(cites, ["R13", "N52"])
        by = {c["point"]: [b["name"] for b in c["bins"]] for c in cover}
        self.assertEqual(by["pix.rule"], ["PIX_COVERED_TRUE", "PIX_COVERED_FALSE",
                                          "PIX_COVERED_INDEX_INVALID"])
        self.assertIn("pd=PT ra=RZ", by["pix.fields"])  # its description cites R13
        self.assertTrue(all(n.startswith(("mode=COVERED ", "mode=OFFSET "))
                            for n in by["pix.mode_layout_mask"]))
        self.assertNotIn("pix.cosim_flow", by)

    def test_report_json_and_html_show_the_bins(self):
        import jsonschema
        d = os.path.join(WORK, "bins")
        cov_json = write(os.path.join(d, "cov.json"), json.dumps({"units": [{"unit": "pix", "points": [
            {"name": "pix.rule", "holes": ["PIX_COVERED_INDEX_INVALID"],
             "thin": [{"bin": "PIX_COVERED_FALSE", "hits": 3, "at_least": 10}]}]}]}))
        hits = bins.read_hits(cov_json)
        mapper = bins.Mapper("pix", self.points, self.rules, hits)
        m = self._index_mutant()
        uncited = next(x for x in self.cands if x.id and x.file.endswith("pix_cfg_regs.sv")
                       and not bins.cited_comment(report._lines(x.file), x.line)[1])
        args = cli.parser().parse_args(["--unit", "pix", "--mutants", f"{m.id},{uncited.id}"])
        args.seeds = "1..2"
        passed = [{"seed": 1, "verdict": "passed", "why": "", "exit": 0, "wall_s": 0.1,
                   "log": "l"}]
        results = {0: ("survived", "", passed), m.id: ("survived", "", passed),
                   uncited.id: ("survived", "", passed)}
        rep = report.build_report(args, ["--unit", "pix"], [m, uncited], self.cands, results,
                                  d, {"seconds": 1.0, "reused": False}, SRC, "pix.f",
                                  "pix_unit", 2.0, 1.0, mapper, os.path.join(d, "original.cov"))
        rep = json.loads(json.dumps(rep))
        with open(os.path.join(SRC, "python", "spagm", "mutate", "report.schema.json")) as f:
            schema = json.load(f)
        jsonschema.validate(rep, schema)
        rows = {r["id"]: r for r in rep["mutants"]}
        states = {b["name"]: b["state"] for c in rows[m.id]["coverage"] for b in c["bins"]
                  if c["point"] == "pix.rule"}
        self.assertEqual(states, {"PIX_COVERED_TRUE": "hit", "PIX_COVERED_FALSE": "thin",
                                  "PIX_COVERED_INDEX_INVALID": "hole"})
        self.assertEqual(rows[uncited.id]["coverage"], [])
        page = report.html.page(rep)
        self.assertIn('<span class="bin hole" title="hole">PIX_COVERED_INDEX_INVALID</span>', page)
        self.assertRegex(page, rf'id="s{uncited.id}".*<td class="cov">not known</td>')
        del rep["mutants"][0]["coverage"]
        with self.assertRaises(jsonschema.ValidationError):  # the schema requires them
            jsonschema.validate(rep, schema)


class OriginalDesignText(unittest.TestCase):
    """The summary and the page say what mutant 0's runs did in words: the
    report's `survived` status of the original design reads `passed`."""

    def test_original_design_reads_passed_failed_or_error(self):
        def text(status, reason=""):
            return classes.original_text({"original": {"status": status, "reason": reason}})
        self.assertEqual(text("survived"), "passed")
        self.assertEqual(text("killed", "seed 2: mismatch"), "failed (seed 2: mismatch)")
        self.assertEqual(text("error", "build failed"), "error (build failed)")


class ReportClasses(unittest.TestCase):
    """N325: the report holds every class per unit, file and operator, the
    formal check's verdict with its method and bound, and the score
    killed / (all - proven equivalent - equivalent under the contract).
    Writes WORK/classes/report.html for mutate.html_classes_in_browser."""

    def test_every_class_in_json_summary_and_html(self):
        import jsonschema
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id][:12]

        def runs(*verdicts):
            return [{"seed": s, "verdict": v, "why": "mismatch" if v == "killed" else "",
                     "exit": 1 if v == "killed" else 0, "wall_s": 0.2, "log": "l"}
                    for s, v in verdicts]
        passed = runs((1, "passed"), (2, "passed"))
        results = {0: ("survived", "", passed)}
        plan = [("killed", runs((1, "killed"))), ("killed", runs((1, "passed"), (3, "killed"))),
                ("killed", runs((1, "passed"), (7, "killed"))), ("error", runs((1, "error")))]
        plan += [("not_exercised", [])] + [("survived", passed)] * 7
        for m, (st, rs) in zip(ms, plan):
            results[m.id] = (st, "why" if st in ("error", "not_exercised") else "", rs)
        args = cli.parser().parse_args(["--unit", "pix", "--seeds", "1..20"])
        rep = report.build_report(args, ["--unit", "pix"], ms, cands, results,
                                  [os.path.join(WORK, "r")], {"seconds": 1.0, "reused": False},
                                  SRC, "pix.f", "pix_unit", 3.0, 2.0, None, None,
                                  {"original_s": 1.0, "first_seed_s": 0.5, "more_seeds_s": 0.5})
        rows = rep["mutants"]
        f = lambda v, b, why="": {"verdict": v, "method": "yosys sat -tempinduct",  # noqa: E731
                                  "bound": b, "reason": why}
        rows[5]["formal"] = f("equivalent", 20)
        rows[6]["formal"] = f("equivalent", None, "assumes rst_n from cycle 1")
        rows[7]["formal"] = f("distinguishable", 4)
        rows[7]["directed"] = {"test": "t7.vec", "verdict": "inconclusive",
                               "reason": "the test leaves out inputs",
                               "problems": ["cycle 3: a reset after the first cycle"]}
        rows[8]["formal"] = f("undecided", 20, "front end: unsupported construct")
        rows[9]["formal"] = f("distinguishable", 3)
        rows[9]["directed"] = {"test": "killer_1", "verdict": "killed"}
        rows[10]["formal"] = f("distinguishable", 3)
        rows[10]["directed"] = {"test": "killer_2", "verdict": "equivalent_contract",
                                "mask": "wb_reg when wb_valid = 0"}
        classes.reclassify(rep)
        got = [r["class"] for r in rows]
        self.assertEqual(got, ["killed_seeds", "killed_seeds", "killed_nightly", "error",
                               "not_exercised", "proven_equivalent", "proven_equivalent",
                               "distinguishable", "undecided", "killed_directed",
                               "equivalent_contract", "survived"])
        s = rep["score"]
        self.assertEqual((s["killed"], s["mutants"]), (4, 12))
        self.assertEqual(s["score"], round(4 / (12 - 3), 4))  # 2 proven, 1 under the contract
        rep = json.loads(json.dumps(rep))
        with open(os.path.join(SRC, "python", "spagm", "mutate", "report.schema.json")) as fh:
            jsonschema.validate(rep, json.load(fh))
        files = rep["per_file"]
        self.assertEqual(sum(c["mutants"] for c in files.values()), 12)
        page = report.html.page(rep)
        for k, label in classes.CLASSES.items():
            self.assertIn(f'<td id="n-{k}">', page)
            self.assertIn(label, page)
        write(os.path.join(WORK, "classes", "report.html"), page)
        report.print_summary(rep, ["r.json", "r.html"])

    def test_html_names_the_contracts_verdict_and_the_constraint_it_held(self):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        m = [m for m in cands if m.id][0]
        ok = [{"seed": 1, "verdict": "passed", "why": "", "exit": 0, "wall_s": 0.1, "log": "l"}]
        args = cli.parser().parse_args(["--unit", "pix", "--seeds", "1"])
        rep = report.build_report(args, ["--unit", "pix"], [m], cands,
                                  {0: ("survived", "", ok), m.id: ("survived", "", ok)},
                                  [os.path.join(WORK, "r")], {"seconds": 1.0, "reused": False},
                                  SRC, "pix.f", "pix_unit", 3.0, 2.0, None, None,
                                  {"original_s": 1.0, "first_seed_s": 0.5, "more_seeds_s": 0.0})
        rep["mutants"][0]["formal"] = {
            "verdict": "distinguishable", "method": "abc pdr", "bound": 3, "reason": "",
            "contract": {"verdict": "equivalent", "method": "abc pdr, scoreboard compare",
                         "compared": "as the scoreboard", "reason": "", "seconds": 1.0,
                         "assumptions": ["RZ reads as 0 <a[0]>"]}}
        classes.reclassify(rep)
        self.assertEqual(rep["mutants"][0]["class"], "equivalent_contract")
        page = report.html.page(rep)
        self.assertIn("contract's miter: equivalent (abc pdr, scoreboard compare)", page)
        self.assertIn('<span class="ex">assuming RZ reads as 0 &lt;a[0]&gt;</span>', page)
        write(os.path.join(WORK, "contract_cell", "report.html"), page)


class Tables(unittest.TestCase):
    """`--tables`: docs/mutate.md's campaign tables printed from the
    reports (N500), and the source commit each report records."""

    @staticmethod
    def _report(unit="pix"):
        _, cands = sites_of(os.path.join(SRC, "rtl_stubs", "pix.f"))
        ms = [m for m in cands if m.id][:5]
        ok = [{"seed": 1, "verdict": "passed", "why": "", "exit": 0, "wall_s": 0.1, "log": "l"}]
        bad = [{"seed": 2, "verdict": "killed", "why": "mismatch", "exit": 1, "wall_s": 0.1,
                "log": "l"}]
        results = {0: ("survived", "", ok)}
        for m, st in zip(ms, ["killed", "killed", "survived", "survived", "not_exercised"]):
            results[m.id] = (st, "", bad if st == "killed" else ok if st == "survived" else [])
        args = cli.parser().parse_args(["--unit", "pix"])
        rep = report.build_report(args, ["--unit", "pix"], ms, cands, results, ["r"],
                                  {"seconds": 12.5, "reused": False}, SRC, "pix.f", "pix_unit",
                                  30.0, 17.5, None, None, {"original_s": 2.5, "first_seed_s": 15.0})
        rep["mutants"][2]["formal"] = {"verdict": "equivalent", "method": "abc pdr",
                                       "bound": None, "reason": "", "seconds": 4.25}
        classes.reclassify(rep)
        rep["unit"] = unit
        return json.loads(json.dumps(rep))

    def test_UnitRow_HoldsEveryClassAndTheScore(self):
        from spagm.mutate import tables
        text = tables.markdown([self._report()])
        for head in tables.HEADS.values():
            self.assertIn(f" {head} |", text.splitlines()[4])
        # 5 mutants: 2 killed, 1 proven equivalent, 1 not analysed, 1 not exercised.
        self.assertIn("| pix | 5 | 2 | 0 | 0 | 1 | 0 | 0 | 1 | 1 | 0 | 0 | 50.0 % |", text)
        self.assertIn("| pix | 12.5 | 17.5 | original 2.5, first seed 15.0 | 4.2 (1 checked) |",
                      text)

    def test_PerFileRows_SumToTheUnit(self):
        from spagm.mutate import tables
        rep = self._report()
        text = tables.markdown([rep])
        rows = [ln for ln in text.splitlines() if ln.startswith("| `rtl_stubs/")]
        self.assertEqual(len(rows), len(rep["per_file"]))
        self.assertEqual(sum(int(r.split("|")[2]) for r in rows), 5)

    def test_AllUnits_OneRowEachAndTheirSum(self):
        reps = [self._report(u) for u in ("attr", "pix", "tex")]
        out = os.path.join(WORK, "tables")
        for r in reps:
            write(os.path.join(out, r["unit"], "report.json"), json.dumps(r))
        got = self._cli(["--all-units", "--tables", "--out", out])
        self.assertEqual(got[0], 0)
        for u in ("attr", "pix", "tex"):
            self.assertIn(f"| {u} | 5 | 2 |", got[1])
        self.assertIn("| all | 15 | 6 | 0 | 0 | 3 | 0 | 0 | 3 | 3 | 0 | 0 | 50.0 % |", got[1])

    def test_MissingOrForeignReport_RefusedWithItsPath(self):
        out = os.path.join(WORK, "tables-bad")
        write(os.path.join(out, "attr", "report.json"), json.dumps(self._report("attr")))
        write(os.path.join(out, "pix", "report.json"), json.dumps(self._report("tex")))
        rc, _, err = self._cli(["--all-units", "--tables", "--out", out])
        self.assertEqual(rc, 2)
        self.assertIn(os.path.join(out, "pix", "report.json") + ": the report is of unit 'tex'",
                      err)
        rc, _, err = self._cli(["--unit", "tex", "--tables", "--out", os.path.join(out, "tex")])
        self.assertEqual(rc, 2)
        self.assertIn("cannot read the report", err)

    def test_SourceState_CommitAndLocalChanges(self):
        repo = os.path.join(WORK, "source-state")
        shutil.rmtree(repo, ignore_errors=True)
        os.makedirs(repo)
        git = lambda *a: subprocess.run(["git", "-C", repo, "-c", "user.name=t",  # noqa: E731
                                         "-c", "user.email=t@t", *a], check=True,
                                        capture_output=True, text=True).stdout.strip()
        git("init", "-q")
        write(os.path.join(repo, "a.sv"), "module a; endmodule\n")
        git("add", "a.sv")
        git("commit", "-q", "-m", "a")
        head = git("rev-parse", "HEAD")
        self.assertEqual(dict(report.source_state(repo)), {"commit": head, "dirty": False})
        write(os.path.join(repo, "b.txt"), "untracked\n")
        self.assertFalse(report.source_state(repo)["dirty"])
        write(os.path.join(repo, "a.sv"), "module a; wire w; endmodule\n")
        self.assertEqual(dict(report.source_state(repo)), {"commit": head, "dirty": True})
        from spagm.mutate import tables
        rep = self._report()
        rep["source"] = report.source_state(repo)
        self.assertIn(f"- Source: {head[:12]} with local changes.", tables.markdown([rep]))
        plain = os.path.join(WORK, "source-state-none")
        os.makedirs(plain, exist_ok=True)
        old = os.environ.get("GIT_CEILING_DIRECTORIES")
        os.environ["GIT_CEILING_DIRECTORIES"] = WORK  # the build tree may sit in a work tree
        try:
            self.assertEqual(dict(report.source_state(plain)), {"commit": None, "dirty": None})
        finally:
            if old is None:
                del os.environ["GIT_CEILING_DIRECTORIES"]
            else:
                os.environ["GIT_CEILING_DIRECTORIES"] = old

    @staticmethod
    def _cli(argv):
        import contextlib
        import io
        o, e = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
            rc = cli.main(argv)
        return rc, o.getvalue(), e.getvalue()


def _line_of(name, needle):
    with open(os.path.join(SRC, "rtl_stubs", name), encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if needle in line:
                return no
    raise AssertionError(f"{needle!r} not in {name}")


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    unittest.main(argv=[sys.argv[0], "-v"])
