# SPDX-License-Identifier: Apache-2.0
"""A directed test from a counterexample (docs/mutate.md, "Directed killer
tests"; rulings N410-N415).

The formal check (formal.py) gives a distinguishable mutant's counterexample
as the values of the unit's ports per cycle from reset (the VCD of Yosys'
`sat`). This module reads the handshakes of the port contract
(docs/port-contract.md) out of it:

- configuration writes: a burst with `cfg_write` high transferred on a
  cycle where `cfg_valid` and the original's `cfg_ready` are high, each
  word of `cfg_mask` at `cfg_addr + 4k`;
- requests: `req` on a cycle where `req_valid` and the original's
  `req_ready` are high, unpacked by the transaction contract's field table
  (spagm.Request.from_bits);

and writes them as a vector file (docs/vector-format.md): one epoch whose
state block is the writes, the requests in acceptance order with the
model's responses, and the model's read-back. What the trace holds that
the contract forbids or a vector file cannot say (a reset after the first
cycle, a write after the first request, a burst withdrawn before it
transferred, a read burst) is listed with the cycle, never dropped
silently.

The test is then replayed on the mutated copy (the replay testbench on
Icarus, `+mutant=K`): the original must pass it; a failure of the mutant
kills it, and the test is kept. A mutant the test does not kill is
equivalent under the contract when every output the counterexample shows
different is one the contract does not compare in that cycle (the mask is
named: a response field outside its valid lanes, a write-back register of
a slot with no lane written, a handshake's cycle); otherwise the result is
inconclusive, with the reason.
"""
import json
import os
import re
import shutil
import subprocess
from collections import OrderedDict

from .rewrite import write_whole
from .rtl import RtlError

# The port contract's ports a directed test reads (docs/port-contract.md).
CFG_IN = ("cfg_valid", "cfg_write", "cfg_addr", "cfg_mask", "cfg_wdata")
REQ_IN = ("req_valid", "req")
NEEDED_OUT = ("cfg_ready", "req_ready", "idle")
WORDS_PER_BURST = 32
RZ = 255  # the zero register (DESIGN §7.1)

# Why the contract does not compare a response field's bits (port-contract
# "What is compared"; N274 for the register of an unwritten slot).
FIELD_MASKS = {
    "wb_reg": "wb_reg of a write-back slot with no lane written (N274)",
    "wb_value": "wb_value of lanes not written or under wb_dontcare",
    "wb_dontcare": "wb_dontcare (the model's; the RTL's is not compared)",
    "pd": "pd when no lane's predicate is written",
    "pd_value": "pd_value of lanes whose predicate is not written",
    "st_space": "st_space when nothing is stored",
    "st_addr": "st_addr of lanes that do not store",
    "st_data": "st_data of lanes that do not store",
}
# Handshake outputs: the contract compares transactions and read answers,
# not the cycle they happen in.
TIMING = ("cfg_ready", "req_ready", "rsp_valid", "cfg_rvalid", "idle")


class DirectedError(RtlError):
    """A counterexample no directed test can be made from."""


def binding(build_dir):
    """The spagm package with its compiled binding: the one on the path,
    else the build tree's (BUILD/python/spagm, the spagm_python target)."""
    import spagm
    try:
        from spagm import _lib  # noqa: F401
        return spagm
    except ImportError:
        pass
    here = os.path.join(os.path.abspath(build_dir), "python", "spagm")
    if here not in spagm.__path__:
        spagm.__path__.append(here)
    try:
        from spagm import _lib  # noqa: F401,F811
    except ImportError as e:
        raise RtlError(f"--directed needs the Python binding of spagm: build the target "
                       f"spagm_python of {build_dir} ({e})") from None
    return spagm


def _bits(step, name):
    """The integer value of a VCD signal in one step; None when absent."""
    v = step.get(name)
    if v is None:
        return None
    if any(c not in "01" for c in v):
        raise DirectedError(f"signal {name} holds x or z in the counterexample")
    return int(v, 2)


class Trace:
    """What a counterexample does at the unit's ports, by the contract's
    handshakes: configuration writes and requests accepted, in order, and
    everything the contract forbids or a vector file cannot express."""

    def __init__(self):
        self.writes = []      # (cycle, addr, data)
        self.requests = []    # (cycle, packed request)
        self.problems = []    # inputs the test leaves out or changes: (cycle, text)
        self.notes = []       # what the test does differently, harmless to the inputs
        self.read_masks = []  # (cycle of the transfer, cfg_addr, cfg_mask) of read bursts


def decode(steps, ports):
    """A Trace of the VCD steps (formal.read_vcd: in_*, gold_*, gate_*) of
    a unit with `ports` ({name: (direction, width)})."""
    missing = [p for p in CFG_IN + REQ_IN + ("rst_n",) if ports.get(p, ("",))[0] != "input"]
    missing += [p for p in NEEDED_OUT if ports.get(p, ("",))[0] != "output"]
    if missing:
        raise DirectedError("the top has no " + ", ".join(missing) + " of the port contract "
                            "(docs/port-contract.md): its handshakes cannot be read")
    t = Trace()
    pend_cfg = pend_req = None   # what was offered and not yet taken
    for c, st in enumerate(steps, 1):
        if c == 1:
            # The reset cycle: nothing is offered while rst_n is low (N479).
            offered = [p for p in ("req_valid", "cfg_valid") if _bits(st, "in_" + p)]
            if offered:
                t.problems.append((c, f"{' and '.join(offered)} high during reset (illegal: "
                                      "N479, nothing is offered while rst_n is low)"))
            continue
        if _bits(st, "in_rst_n") == 0:
            t.problems.append((c, "a reset after the first cycle: a vector file resets only at "
                                  "the start of an epoch"))
            pend_cfg = pend_req = None
            continue
        cfg = tuple(_bits(st, "in_" + p) for p in CFG_IN)
        req = (_bits(st, "in_req_valid"), _bits(st, "in_req"))
        idle = _bits(st, "gold_idle")
        # Once offered, an offer stays, unchanged, until it transfers.
        if pend_cfg is not None and cfg != pend_cfg:
            t.problems.append((c, "the configuration burst offered before is withdrawn or "
                                  "changed before it transferred (illegal: "
                                  "docs/port-contract.md)"))
        if pend_req is not None and req != pend_req:
            t.problems.append((c, "the request offered before is withdrawn or changed before "
                                  "it was accepted (illegal: docs/port-contract.md)"))
        pend_cfg = pend_req = None
        if cfg[0]:
            if req[0]:
                t.problems.append((c, "a configuration burst offered beside a request (illegal: "
                                      "N123, the port is used only while no request is "
                                      "offered)"))
            elif not idle:
                t.problems.append((c, "a configuration burst offered while the unit is not idle "
                                      "(illegal: N123)"))
            if _bits(st, "gold_cfg_ready"):
                _cfg_transfer(t, c, cfg)
            else:
                pend_cfg = cfg
        if req[0]:
            if _bits(st, "gold_req_ready"):
                t.requests.append((c, req[1]))
            else:
                pend_req = req
        if _bits(st, "in_rsp_ready") == 0 and _bits(st, "gold_rsp_valid"):
            note = "response backpressure: the replay draws its own (+seed), not the cycles of " \
                   "the counterexample"
            if note not in t.notes:
                t.notes.append(note)
    return t


def _cfg_transfer(t, c, cfg):
    _, write, addr, mask, wdata = cfg
    if not mask:
        t.problems.append((c, "a configuration burst with cfg_mask 0 (illegal: N120)"))
        return
    if addr & 0x7F:
        t.problems.append((c, f"a configuration burst at {addr:#010x}, not a 128-byte block's "
                              "address (illegal: N120)"))
        return
    if not write:
        t.read_masks.append((c, addr, mask))
        t.notes.append(f"cycle {c}: a read burst at {addr:#010x} mask {mask:#010x}: the test "
                       "reads the state back at its end instead")
        return
    if t.requests:
        t.problems.append((c, f"a configuration write at {addr:#010x} after the first request: "
                              "a vector file loads the state before an epoch's requests"))
        return
    for k in range(WORDS_PER_BURST):
        if mask >> k & 1:
            t.writes.append((c, addr + 4 * k, wdata >> (32 * k) & 0xFFFFFFFF))


def write_test(spagm, trace, unit, path, name):
    """The vector file of a Trace at `path` (written whole): one epoch, the
    writes as its state, the requests with the model's responses, the
    read-back. Returns the problems it adds (writes the model's map
    refuses, tags renumbered) as (cycle, text)."""
    problems = []
    m = spagm.Model()
    taken = []
    for c, a, d in trace.writes:
        try:
            m.write_word(unit, a, d)
            taken.append((a, d))
        except spagm.SpagmError as e:
            problems.append((c, f"the write of {d:#x} at {a:#010x} is one the unit ignores "
                                f"(N123: {e.message}); a vector file's state holds only words "
                                "of the map"))
    # The state block: the load list's words the writes touched, each once
    # with the value they leave, in the list's order; the words left out
    # keep their power-on value, as in the counterexample (N415).
    written = {a for a, _ in taken}
    state = [(a, d) for a, d in m.state_words(unit) if a in written]
    if taken != state:
        trace.notes.append(f"the counterexample's {len(taken)} writes are loaded as {len(state)} "
                           "words of the model's load list (each register once, in its order)")
    w = spagm.VecWriter(path, scenario=name, units=unit)  # written whole, or not at all
    try:
        w.epoch(0)
        w.state(unit, state, summary=f"the configuration writes of {name}")
        for n, (c, bits) in enumerate(trace.requests):
            req = spagm.Request.from_bits(bits)
            if req.tag != n:
                trace.notes.append(f"cycle {c}: request tag {req.tag:#x} replayed as {n} (a "
                                   "vector file from a scenario numbers its records from 0, N86)")
                req.tag = n
            nonzero = _ra_rz_operands(req)
            if nonzero:
                problems.append((c, f"a request whose Ra is RZ carries a nonzero a[0] or a[1] in "
                                    f"{nonzero} lane(s); the test supplies 0 (DESIGN §3: RZ "
                                    "reads as 0, the issuing side supplies the value)"))
            rsp, ex = m.execute(req.insn, req)
            w.txn(unit, req, rsp, ex)
        w.readback(unit, m.readback_words(unit))
        w.close()
    except BaseException:
        w.abort()
        raise
    return problems


def _ra_rz_operands(req):
    """The lanes whose a[0] or a[1] (Ra, Ra + 1) a request with Ra = RZ
    (bits [15:8] of every instruction word, DESIGN §7.1) gives nonzero,
    each set to 0 as the issuing side supplies it; 0 when none."""
    if (req.insn >> 8) & 0xFF != RZ:
        return 0
    lanes = 0
    for lane in range(len(req.a[0])):
        if req.a[0][lane] or req.a[1][lane]:
            req.a[0][lane] = req.a[1][lane] = 0
            lanes += 1
    return lanes


def contract_masks(spagm, steps, cycle, outputs, trace):
    """For each output of the counterexample that differs in `cycle`:
    (masked, compared) lists of text: masked names the contract's mask
    under which the difference is not compared, compared what is."""
    st = steps[cycle - 1]
    masked, compared = [], []
    for o in outputs:
        port = o["port"]
        g, m = _bits(st, "gold_" + port), _bits(st, "gate_" + port)
        if port in TIMING:
            masked.append(f"{port}: the cycle of a handshake (the contract compares "
                          "transactions, not when they happen)")
        elif port == "rsp":
            if not _bits(st, "gold_rsp_valid") and not _bits(st, "gate_rsp_valid"):
                masked.append("rsp while rsp_valid is low")
                continue
            exp = spagm.Response.from_bits(g)
            cmp_bits = exp.compare_mask().to_bits()
            diff = g ^ m
            for f in spagm.Response.FIELDS:
                fd = diff >> f.lsb & ((1 << f.width) - 1)
                if not fd:
                    continue
                if f.name == "tag" or fd & (cmp_bits >> f.lsb):
                    compared.append(f"rsp.{f.name}")
                else:
                    masked.append(FIELD_MASKS.get(f.name, f"rsp.{f.name} (not compared)"))
        elif port == "cfg_rdata":
            if not _bits(st, "gold_cfg_rvalid") and not _bits(st, "gate_cfg_rvalid"):
                masked.append("cfg_rdata while cfg_rvalid is low")
                continue
            read = [r for r in trace.read_masks if r[0] < cycle]
            mask = read[-1][2] if read else 0
            words = [k for k in range(WORDS_PER_BURST) if (g ^ m) >> (32 * k) & 0xFFFFFFFF]
            if any(mask >> k & 1 for k in words):
                compared.append("cfg_rdata")
            else:
                masked.append("cfg_rdata words outside the read burst's mask")
        else:
            compared.append(port)
    return list(dict.fromkeys(masked)), list(dict.fromkeys(compared))


def replay_verdict(rc, text):
    """(passed|failed|error, the closing line or the reason) of one run of
    spagm-replay-iverilog."""
    m = re.findall(r"^replay: (\d+) passed, (\d+) failed$", text, re.M)
    if rc == 0 and m and m[-1][1] == "0":
        return "passed", f"replay: {m[-1][0]} passed, 0 failed"
    if rc == 1 and m and m[-1][1] != "0":
        return "failed", f"replay: {m[-1][0]} passed, {m[-1][1]} failed"
    if rc is None:
        return "error", "time limit of the replay"
    tail = "; ".join(l for l in text.strip().splitlines()[-3:])
    return "error", f"exit {rc}: {tail[:300]}"


def _run(cmd, logf, timeout):
    with open(logf, "w", encoding="utf-8") as lf:
        lf.write("$ " + " ".join(cmd) + "\n")
        lf.flush()
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
            out, rc = r.stdout.decode(errors="replace"), r.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = (e.output or b"").decode(errors="replace"), None
        lf.write(out)
    return rc, out


def direct(spagm, tools, mutant_id, k, formal_res, unit, workdir, keep_dir, timeout,
           schedule=None):
    """The `directed` object of one distinguishable mutant (the report's
    schema): the test made from its counterexample and what it did on the
    original (+mutant=0) and on the mutant (+mutant=K). `tools`: the base
    build's `spagm` and the mutated build's `spagm-replay-iverilog`.
    `schedule()`: the mutant's bounded check with its inputs held to the
    contract's schedule (formal.Prover.prove_schedule), tried when the
    first test decides nothing (N416)."""
    name = "m_" + re.sub(r"[^A-Za-z0-9_]", "_", str(mutant_id))
    res = _direct_one(spagm, tools, name, k, formal_res, unit, workdir, keep_dir, timeout)
    if res["verdict"] != "inconclusive" or schedule is None:
        return res
    again = schedule()
    if again.get("verdict") != "distinguishable" or not again.get("counterexample"):
        res["reason"] += f"; under the contract's schedule: {again.get('reason') or 'no answer'}"
        return res
    res2 = _direct_one(spagm, tools, name + "_schedule", k, again, unit, workdir, keep_dir,
                       timeout)
    res2["notes"].insert(0, f"the first counterexample's test decided nothing ({res['reason']}); "
                            "this test is made from a second one with the inputs held to the "
                            "port contract's schedule")
    res2["schedule"] = again["method"]
    return res2


def _direct_one(spagm, tools, name, k, formal_res, unit, workdir, keep_dir, timeout):
    from . import formal
    res = OrderedDict([("test", ""), ("verdict", "inconclusive"), ("mask", None),
                       ("log", None), ("reason", ""), ("requests", 0), ("writes", 0),
                       ("problems", []), ("notes", [])])
    cex_path = formal_res.get("counterexample")
    if not cex_path:
        # The report names a test in every directed row (report.schema.json).
        res.update(verdict="error", test="-", reason="no counterexample file: "
                   + (formal_res.get("reason") or "the formal check gave none"))
        return res
    with open(cex_path, encoding="utf-8") as f:
        cex = json.load(f)
    steps = formal.read_vcd(cex["vcd"])
    ports = {p: ("input", 0) for p in cex["inputs"][0]} if cex.get("inputs") else {}
    for key in (steps[0] if steps else {}):
        if key.startswith("gold_"):
            ports[key[5:]] = ("output", 0)
    os.makedirs(workdir, exist_ok=True)
    vec = os.path.join(workdir, name + ".vec")
    res["test"] = vec
    try:
        # The cycles before the first difference: a transfer or a reset in
        # that cycle itself changes only the cycles after it.
        trace = decode(steps[:cex["cycle"] - 1], ports)
        res["problems"] = [f"cycle {c}: {p}" for c, p in trace.problems]
        res["notes"] = list(trace.notes)
        extra = write_test(spagm, trace, unit, vec, os.path.basename(cex_path))
        res["problems"] += [f"cycle {c}: {p}" for c, p in extra]
    except DirectedError as e:
        res.update(verdict="error", reason=f"no directed test: {e}", test=cex_path)
        return res
    res["requests"], res["writes"] = len(trace.requests), len(trace.writes)
    hexdir = os.path.join(workdir, name + ".hex")
    for step, cmd in (("check", [tools["spagm"], "check", vec]),
                      ("export", [tools["spagm"], "export-hex", vec, hexdir])):
        rc, out = _run(cmd, os.path.join(workdir, f"{name}.{step}.log"), timeout)
        if rc != 0:
            res.update(verdict="error", reason=f"spagm {step} of the test failed: "
                                               f"{out.strip()[-300:]}")
            return res
    runs = {}
    for which, sel in (("original", 0), ("mutant", k)):
        logf = os.path.join(workdir, f"{name}.{which}.log")
        rc, out = _run([tools["replay"], f"+vectors={hexdir}", f"+mutant={sel}", "+seed=1"],
                       logf, timeout)
        runs[which] = replay_verdict(rc, out) + (logf,)
    res["log"] = runs["mutant"][2]
    if runs["original"][0] != "passed":
        res.update(verdict="error", reason="the test does not pass on the original design "
                                           f"({runs['original'][1]}; {runs['original'][2]})")
        return res
    v, line, _ = runs["mutant"]
    if v == "failed":
        kept = os.path.join(keep_dir, os.path.basename(vec))
        os.makedirs(keep_dir, exist_ok=True)
        shutil.copyfile(vec, kept + ".partial")
        os.replace(kept + ".partial", kept)
        res.update(verdict="killed", test=kept, reason=line)
        return res
    if v == "error":
        res.update(verdict="error", reason=f"the replay of the mutant: {line}")
        return res
    masked, compared = contract_masks(spagm, steps, cex["cycle"], cex["outputs"], trace)
    if compared:
        res["reason"] = (f"the test passes on the mutant ({line}) though the counterexample "
                         f"differs in compared outputs ({', '.join(compared)})")
    elif res["problems"]:
        res["reason"] = (f"the test passes on the mutant ({line}), but it leaves out or changes "
                         f"inputs of the counterexample ({len(res['problems'])} problems)")
    elif not masked:
        res["reason"] = f"the test passes on the mutant ({line}); no differing output is named"
    else:
        res.update(verdict="equivalent_contract", mask="; ".join(masked),
                   reason=f"the test passes on the mutant ({line}); the outputs differ only "
                          "where the port contract does not compare")
    return res


def add_arguments(p):
    p.add_argument("--directed", action="store_true",
                   help="with --prove or --prove-only: each distinguishable mutant's "
                        "counterexample becomes a vector file replayed on the mutant; killed "
                        "(kept in OUT/killers) or equivalent under the contract")


def summary_lines(rows):
    out, counts = [], {}
    for r in rows:
        d = r.get("directed")
        if not d:
            continue
        counts[d["verdict"]] = counts.get(d["verdict"], 0) + 1
        what = {"killed": f"killed by {d['test']}",
                "equivalent_contract": f"equivalent under the contract: {d['mask']}"}.get(
                    d["verdict"], f"{d['verdict']}: {d['reason']}")
        out.append(f"  directed {r['id']}: {what}")
        for p in d.get("problems", []):
            out.append(f"    not in the test: {p}")
    head = "mutate: directed: " + (", ".join(f"{n} {c}" for c, n in sorted(counts.items()))
                                   or "no distinguishable mutant with a counterexample")
    return [head] + out


def direct_all(rows, selectors, spagm, tools, unit, workdir, keep_dir, timeout, log,
               schedule=None):
    """Fills `directed` of every row whose `formal` verdict is
    distinguishable (with a counterexample); `selectors`: {id: K} of the
    mutated build the replay runs; `schedule(id)`: the bounded check under
    the contract's schedule (direct)."""
    for r in rows:
        f = r.get("formal") or {}
        if f.get("verdict") != "distinguishable":
            continue
        k = selectors.get(r["id"])
        if k is None:
            r["directed"] = OrderedDict([("test", f.get("counterexample") or "-"),
                                         ("verdict", "error"), ("mask", None), ("log", None),
                                         ("reason", "the mutant is not in the mutated build")])
            continue
        d = direct(spagm, tools, r["id"], k, f, unit, workdir, keep_dir, timeout,
                   (lambda i=r["id"]: schedule(i)) if schedule else None)
        log(f"mutate: directed: {r['id']}: {d['verdict']} ({d['reason']})")
        r["directed"] = d
    write_whole(os.path.join(workdir, "directed.json"),
                (json.dumps([OrderedDict([("id", r["id"]), ("directed", r.get("directed"))])
                             for r in rows if r.get("directed")], indent=1) + "\n").encode())
    return rows
