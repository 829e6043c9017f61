# SPDX-License-Identifier: Apache-2.0
"""CTest mutate.pix_directed (labels mutate, soak): `spagm mutate --unit pix
--prove-only --directed` on three mutants of the stand-in pixel unit, end to
end (Yosys, the vector files, the mutated copy's Icarus replay):

- the reset value of the sample count (`count_log2` resets to 2 samples),
  which the co-simulation's seeds kill: its counterexample's test kills it
  and is kept in OUT/killers, and the copy checked in under
  vectors/killers/ still fails on the mutant and passes on the original;
- the write-back register of a faulted slot (`o_rd_write` without the
  fault), a difference only in `wb_reg` of a slot with no lane written:
  equivalent under the contract, the mask named;
- `pd_value` without the lane mask, a difference only on lanes whose
  predicate is not written: equivalent under the contract.

  pix_directed.py SOURCE_DIR BUILD_DIR WORK_DIR   (runs with SPAGM_PYTHON)
"""
import json
import os
import shutil
import subprocess
import sys
import unittest

SRC, BUILD, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
sys.path.insert(0, os.path.join(SRC, "python"))

from spagm.mutate import directed  # noqa: E402

RESET_VALUE = "pix_cfg_regs.sv:106:fc2709a1"
FAULT_WB_REG = "pix_unit.sv:331:017f155c"
PD_VALUE = "pix_unit.sv:356:c5fc4729"
KILLER = os.path.join(SRC, "vectors", "killers", "m_pix_cfg_regs_sv_106_fc2709a1.vec")


class PixDirected(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        shutil.rmtree(WORK, ignore_errors=True)
        cmd = [os.path.join(BUILD, "bin", "spagm"), "mutate", "--unit", "pix", "--out", WORK,
               "--prove-only", "--directed", "--mutants",
               ",".join([RESET_VALUE, FAULT_WB_REG, PD_VALUE]), "--prove-depth", "6",
               "--jobs", "1"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        cls.out = r.stdout + r.stderr
        assert r.returncode == 0, cls.out
        with open(os.path.join(WORK, "formal", "run-1", "formal.json"), encoding="utf-8") as f:
            cls.rows = {m["id"]: m for m in json.load(f)["mutants"]}

    def directed(self, mid):
        r = self.rows[mid]
        self.assertEqual(r["formal"]["verdict"], "distinguishable", r["formal"])
        return r["directed"]

    def test_reset_value_the_seeds_kill_is_killed_by_its_directed_test(self):
        d = self.directed(RESET_VALUE)
        self.assertEqual(d["verdict"], "killed", d)
        self.assertEqual(d["test"], os.path.join(WORK, "killers",
                                                 "m_pix_cfg_regs_sv_106_fc2709a1.vec"))
        self.assertTrue(os.path.exists(d["test"]))
        self.assertIn(f"  directed {RESET_VALUE}: killed by {d['test']}", self.out)

    def test_faulted_slots_register_is_equivalent_under_the_contract(self):
        d = self.directed(FAULT_WB_REG)
        self.assertEqual(d["verdict"], "equivalent_contract", d)
        self.assertEqual(d["mask"], "wb_reg of a write-back slot with no lane written (N274)")
        self.assertEqual(d["problems"], [])

    def test_predicate_of_unwritten_lanes_is_equivalent_under_the_contract(self):
        d = self.directed(PD_VALUE)
        self.assertEqual(d["verdict"], "equivalent_contract", d)
        self.assertIn("pd_value of lanes whose predicate is not written", d["mask"])

    def test_checked_in_killer_fails_on_its_mutant_and_passes_on_the_original(self):
        sel = {}
        with open(os.path.join(WORK, "rtl", "selectors.tsv"), encoding="utf-8") as f:
            for line in f:
                if not line.startswith("#"):
                    k, mid = line.split("\t")[:2]
                    sel[mid] = k
        spagm = os.path.join(BUILD, "bin", "spagm")
        hexdir = os.path.join(WORK, "killer.hex")
        for cmd in ([spagm, "check", KILLER], [spagm, "export-hex", KILLER, hexdir]):
            r = subprocess.run(cmd, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        replay = os.path.join(WORK, "build", "bin", "spagm-replay-iverilog")
        got = {}
        for k in ("0", sel[RESET_VALUE]):
            r = subprocess.run([replay, f"+vectors={hexdir}", f"+mutant={k}", "+seed=1"],
                               capture_output=True, text=True)
            got[k] = directed.replay_verdict(r.returncode, r.stdout + r.stderr)[0]
        self.assertEqual(got, {"0": "passed", sel[RESET_VALUE]: "failed"})


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
