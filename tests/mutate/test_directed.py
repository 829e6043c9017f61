# SPDX-License-Identifier: Apache-2.0
"""CTest mutate.directed (label mutate): a counterexample's port values
become a directed test (python/spagm/mutate/directed.py). On traces of the
pixel unit's ports built here cycle by cycle, as Yosys' VCD gives them:
the configuration writes and accepted requests in order, the inputs the
port contract forbids or a vector file cannot hold reported with their
cycle, the vector file checked against the model, the contract's masks
named for the outputs that differ, and the replay's verdicts.

  test_directed.py SOURCE_DIR BUILD_DIR WORK_DIR   (runs with SPAGM_PYTHON)
"""
import os
import shutil
import subprocess
import sys
import unittest

SRC, BUILD, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
sys.path.insert(0, os.path.join(SRC, "python"))

from spagm.mutate import directed  # noqa: E402

spagm = directed.binding(BUILD)
SPAGM = os.path.join(BUILD, "bin", "spagm")

# The pixel unit's ports (docs/port-contract.md) as formal.py reads them.
PORTS = {p: ("input", 0) for p in ("rst_n", "cfg_valid", "cfg_write", "cfg_addr", "cfg_mask",
                                   "cfg_wdata", "req_valid", "req", "rsp_ready")}
PORTS.update({p: ("output", 0) for p in ("cfg_ready", "cfg_rvalid", "cfg_rdata", "idle",
                                         "req_ready", "rsp_valid", "rsp")})
WIDTH = {"cfg_addr": 32, "cfg_mask": 32, "cfg_wdata": 1024, "req": spagm.Request.BITS,
         "rsp": spagm.Response.BITS, "cfg_rdata": 1024}


def step(**values):
    """One VCD step: every port idle (ready high, unit idle) unless given;
    keys as the miter names them (in_X, gold_X, gate_X)."""
    base = {"in_rst_n": 1, "in_cfg_valid": 0, "in_cfg_write": 0, "in_cfg_addr": 0,
            "in_cfg_mask": 0, "in_cfg_wdata": 0, "in_req_valid": 0, "in_req": 0,
            "in_rsp_ready": 1, "gold_cfg_ready": 1, "gold_req_ready": 1, "gold_idle": 1,
            "gold_rsp_valid": 0, "gate_rsp_valid": 0, "gold_cfg_rvalid": 0,
            "gate_cfg_rvalid": 0}
    base.update(values)
    out = {}
    for k, v in base.items():
        w = WIDTH.get(k.split("_", 1)[1], 1)
        out[k] = format(v, f"0{w}b")
    return out


def write_burst(addr, words):
    """A configuration write burst of {word index: value} at block `addr`."""
    return dict(in_cfg_valid=1, in_cfg_write=1, in_cfg_addr=addr,
                in_cfg_mask=sum(1 << k for k in words),
                in_cfg_wdata=sum(v << (32 * k) for k, v in words.items()))


def pixld(text, tag=0, **fields):
    r = spagm.Request(spagm.assemble(text, stage=5), tag=tag, **fields)
    return r.to_bits()


RESET = step(in_rst_n=0)


class Decode(unittest.TestCase):
    def test_writes_and_accepted_requests_in_order(self):
        req = pixld("PIXLD.MSCOUNT R2;", tag=9)
        t = directed.decode([RESET, step(**write_burst(0, {0: 5, 1: 4})),
                             step(in_req_valid=1, in_req=req, gold_req_ready=0),
                             step(in_req_valid=1, in_req=req)], PORTS)
        self.assertEqual(t.writes, [(2, 0x0, 5), (2, 0x4, 4)])
        self.assertEqual(t.requests, [(4, req)])
        self.assertEqual(t.problems, [])

    def test_burst_not_taken_is_written_when_it_transfers(self):
        b = write_burst(0, {3: 1})
        t = directed.decode([RESET, step(gold_cfg_ready=0, **b), step(**b)], PORTS)
        self.assertEqual(t.writes, [(3, 0xC, 1)])

    def test_request_withdrawn_before_acceptance_is_illegal(self):
        req = pixld("PIXLD.MSCOUNT R2;")
        t = directed.decode([RESET, step(in_req_valid=1, in_req=req, gold_req_ready=0), step()],
                            PORTS)
        self.assertEqual(t.requests, [])
        self.assertEqual(len(t.problems), 1)
        self.assertEqual(t.problems[0][0], 3)
        self.assertIn("withdrawn or changed before it was accepted (illegal", t.problems[0][1])

    def test_write_after_a_request_cannot_be_expressed(self):
        req = pixld("PIXLD.MSCOUNT R2;")
        t = directed.decode([RESET, step(in_req_valid=1, in_req=req),
                             step(**write_burst(0, {1: 2}))], PORTS)
        self.assertEqual(t.writes, [])
        self.assertEqual(t.problems, [(3, "a configuration write at 0x00000000 after the first "
                                         "request: a vector file loads the state before an "
                                         "epoch's requests")])

    def test_reset_after_the_first_cycle_is_reported(self):
        t = directed.decode([RESET, step(), step(in_rst_n=0)], PORTS)
        self.assertEqual(t.problems[0][0], 3)
        self.assertIn("a reset after the first cycle", t.problems[0][1])

    def test_offer_during_the_reset_cycle_is_reported(self):
        req = pixld("PIXLD.MSCOUNT R2;")
        t = directed.decode([step(in_rst_n=0, in_req_valid=1, in_req=req), step()], PORTS)
        self.assertEqual(t.requests, [])
        self.assertEqual(t.problems, [(1, "req_valid high during reset (illegal: N479, nothing "
                                          "is offered while rst_n is low)")])

    def test_burst_beside_a_request_is_illegal(self):
        req = pixld("PIXLD.MSCOUNT R2;")
        t = directed.decode([RESET, step(in_req_valid=1, in_req=req, **write_burst(0, {0: 5}))],
                            PORTS)
        self.assertIn("beside a request (illegal: N123", t.problems[0][1])

    def test_read_burst_is_a_note_and_its_mask_kept(self):
        t = directed.decode([RESET, step(in_cfg_valid=1, in_cfg_addr=0, in_cfg_mask=0b10)],
                            PORTS)
        self.assertEqual(t.read_masks, [(2, 0, 0b10)])
        self.assertIn("reads the state back at its end instead", t.notes[0])

    def test_top_without_the_contract_ports_is_refused_with_a_message(self):
        with self.assertRaises(directed.DirectedError) as e:
            directed.decode([RESET], {"rst_n": ("input", 1), "in_a": ("input", 4),
                                      "out_q": ("output", 5)})
        self.assertIn("the top has no cfg_valid", str(e.exception))
        self.assertIn("of the port contract", str(e.exception))


class NoCounterexample(unittest.TestCase):
    def test_distinguishable_mutant_without_a_trace_is_an_error_naming_why(self):
        # ABC found the cycle, the bounded check to it gave no trace.
        work = os.path.join(WORK, "nocex")
        res = directed.direct(spagm, {"spagm": SPAGM, "replay": "/nonexistent"}, "m.sv:1:0",
                              1, {"verdict": "distinguishable", "counterexample": None,
                                  "reason": "pdr: outputs differ in cycle 9; the bounded check "
                                            "to that depth gave no trace"},
                              "pix", work, os.path.join(work, "keep"), 10)
        self.assertEqual(res["verdict"], "error")
        self.assertEqual(res["test"], "-")
        self.assertIn("no counterexample file: pdr: outputs differ in cycle 9", res["reason"])


class VectorFile(unittest.TestCase):
    def setUp(self):
        self.work = os.path.join(WORK, "vec", self._testMethodName)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)

    def test_vector_file_holds_the_requests_and_checks_against_the_model(self):
        lanes = [(l * 3) & 0xFFFF for l in range(32)]
        req = pixld("PIXLD.COVMASK R4;", tag=0x77, coverage=lanes)
        t = directed.decode([RESET, step(**write_burst(0, {0: 5, 1: 4})),
                             step(in_req_valid=1, in_req=req)], PORTS)
        path = os.path.join(self.work, "t.vec")
        problems = directed.write_test(spagm, t, "pix", path, "t.cex.json")
        self.assertEqual(problems, [])
        self.assertIn("cycle 3: request tag 0x77 replayed as 0 (a vector file from a scenario "
                      "numbers its records from 0, N86)", t.notes)
        r = subprocess.run([SPAGM, "check", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        txns = [i for i in spagm.VecReader(path) if isinstance(i, spagm.vec.TxnItem)]
        self.assertEqual(len(txns), 1)
        got = txns[0].request
        self.assertEqual((got.insn, got.lane_mask, list(got.coverage)),
                         (spagm.Request.from_bits(req).insn, 0xFFFFFFFF, lanes))
        # 4 samples: COVMASK clears the bits at or above the count (R13).
        self.assertEqual(list(txns[0].response.wb_value[0]), [v & 0xF for v in lanes])

    def test_operand_of_ra_rz_is_replayed_as_zero_and_reported(self):
        # RZ reads as 0: a request naming Ra = RZ with a nonzero a[0] is one
        # the issuing side never sends, so the test holds the 0 it sends.
        a0 = [0] * 32
        a0[3], a0[9] = 5, 0x80000000
        req = pixld("PIXLD.COVERED R2, [RZ+#3];", a=[a0, [0] * 32])
        t = directed.decode([RESET, step(**write_burst(0, {0: 5})),
                             step(in_req_valid=1, in_req=req)], PORTS)
        path = os.path.join(self.work, "t.vec")
        problems = directed.write_test(spagm, t, "pix", path, "t.cex.json")
        self.assertEqual(problems, [(3, "a request whose Ra is RZ carries a nonzero a[0] or a[1] "
                                        "in 2 lane(s); the test supplies 0 (DESIGN §3: RZ reads "
                                        "as 0, the issuing side supplies the value)")])
        txns = [i for i in spagm.VecReader(path) if isinstance(i, spagm.vec.TxnItem)]
        self.assertEqual(list(txns[0].request.a[0]), [0] * 32)

    def test_operand_of_a_register_ra_is_kept(self):
        a0 = [l * 7 for l in range(32)]
        req = pixld("PIXLD.COVERED R2, [R4+#1];", a=[a0, [0] * 32])
        t = directed.decode([RESET, step(**write_burst(0, {0: 5})),
                             step(in_req_valid=1, in_req=req)], PORTS)
        path = os.path.join(self.work, "t.vec")
        self.assertEqual(directed.write_test(spagm, t, "pix", path, "t.cex.json"), [])
        txns = [i for i in spagm.VecReader(path) if isinstance(i, spagm.vec.TxnItem)]
        self.assertEqual(list(txns[0].request.a[0]), a0)

    def test_write_the_unit_ignores_is_reported_not_dropped(self):
        t = directed.decode([RESET, step(**write_burst(0, {0: 5, 1: 3}))], PORTS)
        path = os.path.join(self.work, "t.vec")
        problems = directed.write_test(spagm, t, "pix", path, "t.cex.json")
        self.assertEqual(len(problems), 1)
        self.assertEqual(problems[0][0], 2)
        self.assertIn("the write of 0x3 at 0x00000004 is one the unit ignores (N123: ",
                      problems[0][1])
        self.assertIn("raster sample count 3", problems[0][1])
        r = subprocess.run([SPAGM, "check", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


    def test_reset_value_left_to_the_reset_is_not_written(self):
        t = directed.decode([RESET, step(**write_burst(0, {0: 5, 2: 0}))], PORTS)
        path = os.path.join(self.work, "t.vec")
        self.assertEqual(directed.write_test(spagm, t, "pix", path, "t.cex.json"), [])
        states = [i for i in spagm.VecReader(path) if isinstance(i, spagm.vec.StateItem)]
        self.assertEqual(states[0].words, [(0x0, 5), (0x8, 0)])


class ContractMasks(unittest.TestCase):
    """The outputs that differ in the counterexample's cycle, named by the
    port contract's compare (docs/port-contract.md, "What is compared")."""

    def masks(self, gold, gate, port="rsp", valid=1, trace=None, **more):
        st = step(gold_rsp_valid=valid, gate_rsp_valid=valid, **more)
        w = WIDTH.get(port, 1)
        st["gold_" + port] = format(gold, f"0{w}b")
        st["gate_" + port] = format(gate, f"0{w}b")
        return directed.contract_masks(spagm, [RESET, st], 2, [{"port": port}],
                                       trace or directed.Trace())

    def faulted(self):
        rsp = spagm.Response(tag=1)
        rsp.fault, rsp.fault_lanes = 1, 0xFFFFFFFF
        return rsp

    def test_register_of_a_slot_with_no_lane_written_is_masked(self):
        gold = self.faulted()
        gate = gold.copy()
        gate.wb_reg = [4, 255, 255, 255]
        self.assertEqual(self.masks(gold.to_bits(), gate.to_bits()),
                         (["wb_reg of a write-back slot with no lane written (N274)"], []))

    def test_value_of_a_written_lane_is_compared(self):
        gold = spagm.Response(tag=1)
        gold.wb_reg = [4, 255, 255, 255]
        gold.wb_valid = [1, 0, 0, 0]
        gate = gold.copy()
        gate.wb_value = [[7] + [0] * 31] + [[0] * 32] * 3
        self.assertEqual(self.masks(gold.to_bits(), gate.to_bits()), ([], ["rsp.wb_value"]))

    def test_response_while_not_valid_is_masked(self):
        self.assertEqual(self.masks(0, 1, valid=0), (["rsp while rsp_valid is low"], []))

    def test_handshake_cycle_is_masked_as_timing(self):
        masked, compared = self.masks(1, 0, port="req_ready")
        self.assertEqual(compared, [])
        self.assertIn("req_ready: the cycle of a handshake", masked[0])

    def test_read_answer_outside_the_read_mask_is_masked(self):
        t = directed.Trace()
        t.read_masks = [(1, 0, 0b1)]
        self.assertEqual(self.masks(0, 1 << 32, port="cfg_rdata", trace=t, gold_cfg_rvalid=1,
                                    gate_cfg_rvalid=1),
                         (["cfg_rdata words outside the read burst's mask"], []))
        self.assertEqual(self.masks(0, 1, port="cfg_rdata", trace=t, gold_cfg_rvalid=1,
                                    gate_cfg_rvalid=1), ([], ["cfg_rdata"]))


class Verdicts(unittest.TestCase):
    def test_replay_closing_line_decides(self):
        self.assertEqual(directed.replay_verdict(0, "x\nreplay: 3 passed, 0 failed\n"),
                         ("passed", "replay: 3 passed, 0 failed"))
        self.assertEqual(directed.replay_verdict(1, "replay: 2 passed, 1 failed\n"),
                         ("failed", "replay: 2 passed, 1 failed"))
        self.assertEqual(directed.replay_verdict(3, "vvp: no image\n")[0], "error")
        self.assertEqual(directed.replay_verdict(None, "")[0], "error")
        # A failure without the closing line (a crash) is no kill.
        self.assertEqual(directed.replay_verdict(1, "Segmentation fault\n")[0], "error")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
