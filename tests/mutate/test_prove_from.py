# SPDX-License-Identifier: Apache-2.0
"""CTest mutate.prove_from_report (label mutate): `spagm mutate --prove
--from REPORT` proves the survivors of a campaign already run, without
running anything again: each survivor gets its formal class, killed rows
stay as they were, the score counts the proven equivalents out, the step is
recorded under `proved` and shown by --tables, the report given is not
touched; a report of other RTL, or one that cannot show which RTL it was
made of, is refused. On a copy of tests/mutate/formal/fx_unit.sv.

  test_prove_from.py SOURCE_DIR BUILD_DIR WORK_DIR   (runs with SPAGM_PYTHON)
"""
import contextlib
import io
import json
import os
import shutil
import sys
import unittest

SRC, BUILD, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
sys.path.insert(0, os.path.join(SRC, "python"))

from spagm.mutate import cli, report  # noqa: E402
from spagm.mutate.rtl import read_filelist  # noqa: E402
from spagm.mutate.sites import enumerate_sites  # noqa: E402
from spagm.mutate.source import Source  # noqa: E402

FIX = os.path.join(SRC, "tests", "mutate", "formal")
EQUIVALENT = (24, "drop term (acc[3] & in_valid)")
DISTINGUISHABLE = (23, "5'd1 -> 5'd2")


def copy_design(folder):
    """fx.f and fx_unit.sv copied to `folder`: (file list, files, mutants)."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for f in ("fx.f", "fx_unit.sv"):
        shutil.copy(os.path.join(FIX, f), folder)
    flist = os.path.join(folder, "fx.f")
    files = read_filelist(flist)
    srcs = [Source(f) for f in files]
    cands = enumerate_sites(files, [s.text for s in srcs], [s.tree for s in srcs])
    return flist, files, cands


def find(mutants, line, change):
    hits = [m for m in mutants if m.id and m.line == line and m.change == change]
    assert len(hits) == 1, (line, change)
    return hits[0]


def campaign(folder, flist, files, cands, digests=True):
    """A campaign's report as the runs write it (report.build_report): the
    original passed, the two mutants above survived, a third killed."""
    eq, dist = find(cands, *EQUIVALENT), find(cands, *DISTINGUISHABLE)
    killed = next(m for m in cands if m.id and m.id not in (eq.id, dist.id))
    args = cli.parser().parse_args(["--unit", "pix", "--rtl", flist, "--top", "fx_unit"])
    args.seeds = "1..5"
    run = [{"seed": 1, "verdict": "passed", "why": "", "exit": 0, "wall_s": 0.1, "log": "l"}]
    dead = [{"seed": 1, "verdict": "killed", "why": "mismatch", "exit": 1, "wall_s": 0.1,
             "log": "l"}]
    results = {0: ("survived", "", run), eq.id: ("survived", "", run),
               dist.id: ("survived", "", run), killed.id: ("killed", "mismatch", dead)}
    rep = report.build_report(args, ["--unit", "pix"], [eq, dist, killed], cands, results,
                              folder, {"seconds": 1.0, "reused": False}, folder, flist,
                              "fx_unit", 2.0, 1.0, files=files if digests else ())
    if not digests:
        rep.pop("rtl_sha256")
        rep["source"] = {"commit": None, "dirty": None}
    path = os.path.join(folder, "report.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rep, f, indent=1)
    return path, eq, dist, killed


def mutate(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


class ProveFromReport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = os.path.join(WORK, "proved")
        shutil.rmtree(cls.dir, ignore_errors=True)
        cls.flist, cls.files, cands = copy_design(os.path.join(cls.dir, "rtl"))
        cls.rep_path, cls.eq, cls.dist, cls.killed = campaign(cls.dir, cls.flist, cls.files,
                                                              cands)
        with open(cls.rep_path, "rb") as f:
            cls.given = f.read()
        cls.out = os.path.join(cls.dir, "out")
        cls.rc, cls.text, cls.err = mutate(
            "--unit", "pix", "--build", BUILD, "--rtl", cls.flist, "--top", "fx_unit",
            "--out", cls.out, "--prove", "--from", cls.rep_path, "--prove-depth", "6",
            "--jobs", "1")
        with open(os.path.join(cls.out, "report.json"), encoding="utf-8") as f:
            cls.rep = json.load(f)
        cls.rows = {r["id"]: r for r in cls.rep["mutants"]}

    def test_survivors_get_their_formal_class_without_runs(self):
        self.assertEqual(self.rc, 0, self.text + self.err)
        self.assertIn("the 2 survivors of", self.text)
        self.assertIn("nothing run again", self.text)
        self.assertEqual(self.rows[self.eq.id]["class"], "proven_equivalent")
        self.assertEqual(self.rows[self.dist.id]["class"], "distinguishable")
        self.assertEqual(self.rows[self.dist.id]["formal"]["verdict"], "distinguishable")
        # No mutated build, no run: the runs' figures are the campaign's.
        self.assertNotIn("mutated build", self.text)
        self.assertEqual(sorted(os.listdir(self.out)),
                         ["formal", "report.html", "report.json", "run-1"])
        self.assertEqual(self.rep["timing"]["runs"], 4)

    def test_killed_rows_are_left_as_they_were(self):
        row = self.rows[self.killed.id]
        self.assertIsNone(row["formal"])
        self.assertEqual(row["class"], "killed_seeds")
        self.assertEqual(row["runs"][0]["verdict"], "killed")

    def test_score_counts_the_proven_equivalent_out(self):
        s = self.rep["score"]
        self.assertEqual(s["proven_equivalent"], 1)
        self.assertEqual(s["killed"], 1)
        self.assertAlmostEqual(s["score"], 1 / 2)  # 1 killed of 3 mutants less 1 equivalent

    def test_step_is_recorded_and_the_tables_name_it(self):
        p = self.rep["proved"]
        self.assertTrue(p["command"].startswith("spagm mutate --unit pix"), p)
        self.assertIn("--prove --from", p["command"])
        self.assertGreaterEqual(p["wall_s"], 0)
        self.assertEqual(self.rep["command"], "spagm mutate --unit pix")  # the campaign's
        rc, text, err = mutate("--unit", "pix", "--build", BUILD, "--tables", "--from",
                               os.path.join(self.out, "report.json"))
        self.assertEqual(rc, 0, err)
        self.assertIn("survivors proved afterwards at", text)
        self.assertIn("| pix | 3 | 1 | 0 | 0 | 1 | 0 | 1 |", text)

    def test_report_given_is_not_touched_and_a_run_folder_keeps_the_new_one(self):
        with open(self.rep_path, "rb") as f:
            self.assertEqual(f.read(), self.given)
        self.assertTrue(os.path.isfile(os.path.join(self.out, "run-1", "report.json")))
        self.assertTrue(os.path.isfile(os.path.join(self.out, "report.html")))

    def test_report_written_matches_the_schema(self):
        try:
            import jsonschema
        except ImportError:
            self.skipTest("jsonschema is not installed")
        with open(os.path.join(SRC, "python", "spagm", "mutate", "report.schema.json"),
                  encoding="utf-8") as f:
            jsonschema.validate(self.rep, json.load(f))


class Refused(unittest.TestCase):
    def test_report_of_other_rtl_is_refused_naming_the_file(self):
        d = os.path.join(WORK, "changed")
        flist, files, cands = copy_design(os.path.join(d, "rtl"))
        path, *_ = campaign(d, flist, files, cands)
        with open(files[0], "a", encoding="utf-8") as f:
            f.write("// a line added after the campaign\n")
        rc, text, err = mutate("--unit", "pix", "--build", BUILD, "--rtl", flist, "--top",
                               "fx_unit", "--out", os.path.join(d, "out"), "--prove",
                               "--from", path)
        self.assertEqual(rc, 2, text)
        self.assertIn("made of other RTL than this tree's", err)
        self.assertIn("fx_unit.sv", err)
        self.assertFalse(os.path.exists(os.path.join(d, "out", "report.json")))

    def test_report_that_cannot_show_its_rtl_is_refused(self):
        d = os.path.join(WORK, "unknown")
        flist, files, cands = copy_design(os.path.join(d, "rtl"))
        path, *_ = campaign(d, flist, files, cands, digests=False)
        rc, text, err = mutate("--unit", "pix", "--build", BUILD, "--rtl", flist, "--top",
                               "fx_unit", "--out", os.path.join(d, "out"), "--prove",
                               "--from", path)
        self.assertEqual(rc, 2, text)
        self.assertIn("records neither its RTL's digests nor a clean commit", err)

    def test_with_mutants_is_refused(self):
        d = os.path.join(WORK, "chosen")
        flist, files, cands = copy_design(os.path.join(d, "rtl"))
        path, eq, *_ = campaign(d, flist, files, cands)
        rc, text, err = mutate("--unit", "pix", "--build", BUILD, "--rtl", flist, "--top",
                               "fx_unit", "--out", os.path.join(d, "out"), "--prove",
                               "--from", path, "--mutants", eq.id)
        self.assertEqual(rc, 2, text)
        self.assertIn("not with --mutants", err)


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    unittest.main(argv=[sys.argv[0], "-v"])
