# SPDX-License-Identifier: Apache-2.0
"""What became of each mutant (N325): its class in the report, and the
score per unit, file and operator.

A report row's `status` is what its runs said (killed, survived, error, or
not_exercised: never run, N322). Its class adds what the other steps found:
a formal check of a survivor (`formal`: equivalent, distinguishable or
undecided, with the method and the bound; a distinguishable one's proof
on the miter that compares as the scoreboard does, `formal.contract`) and
a directed test made from a counterexample (`directed`: it kills the
mutant, or the outputs differ only where the port contract does not
compare). The score is

    killed / (all - proven equivalent - equivalent under the contract)

so an equivalent mutant neither helps nor hurts, while a mutant no run
reaches, an undecided one or an error counts against it.
"""
from collections import OrderedDict

# Report order; the HTML page and the summary show every class.
CLASSES = OrderedDict([
    ("killed_seeds", "killed by seeds 1-5"),
    ("killed_nightly", "killed by the nightly set"),
    ("killed_directed", "killed only by a directed killer test"),
    ("proven_equivalent", "proven equivalent"),
    ("equivalent_contract", "equivalent under the contract"),
    ("distinguishable", "distinguishable (no killing test yet)"),
    ("survived", "survived (not analysed)"),
    ("not_exercised", "not exercised"),
    ("undecided", "undecided"),
    ("error", "error"),
])
KILLED = ("killed_seeds", "killed_nightly", "killed_directed")
EQUIVALENT = ("proven_equivalent", "equivalent_contract")
# The seeds a user runs first (the `--seeds` default); a kill on a later
# seed belongs to the nightly set (regress/default.regress, seeds 1..20).
DEFAULT_SEEDS = range(1, 6)


def kill_seed(row):
    """The lowest seed whose run killed the mutant, None if none did."""
    seeds = [r["seed"] for r in row.get("runs", []) if r.get("verdict") == "killed"]
    return min(seeds) if seeds else None


def of_row(row):
    """The class of one report row."""
    status = row["status"]
    if status == "killed":
        s = kill_seed(row)
        return "killed_seeds" if s is None or s in DEFAULT_SEEDS else "killed_nightly"
    if status in ("not_exercised", "error"):
        return status
    directed = row.get("directed") or {}
    if directed.get("verdict") == "killed":
        return "killed_directed"
    if directed.get("verdict") == "equivalent_contract":
        return "equivalent_contract"
    # Proven on the miter that compares as the scoreboard does (contract.py).
    if ((row.get("formal") or {}).get("contract") or {}).get("verdict") == "equivalent":
        return "equivalent_contract"
    verdict = (row.get("formal") or {}).get("verdict")
    return {"equivalent": "proven_equivalent", "distinguishable": "distinguishable",
            "undecided": "undecided"}.get(verdict, "survived")


def tally(rows):
    """Counts per class, killed in all, and the score (None when every
    mutant is equivalent or there is none)."""
    c = OrderedDict([("mutants", len(rows))])
    for k in CLASSES:
        c[k] = 0
    for r in rows:
        c[r["class"]] += 1
    c["killed"] = sum(c[k] for k in KILLED)
    scored = len(rows) - sum(c[k] for k in EQUIVALENT)
    c["score"] = round(c["killed"] / scored, 4) if scored else None
    return c


def reclassify(rep):
    """Sets every row's class and the report's tallies again, after a step
    (the formal check, a directed test) filled rows' `formal` or `directed`."""
    from .mutant import OPERATORS
    rows = rep["mutants"]
    for r in rows:
        r["class"] = of_row(r)
    files = OrderedDict()
    for r in rows:
        files.setdefault(r["file"], []).append(r)
    rep["score"] = tally(rows)
    rep["per_file"] = OrderedDict((f, tally(v)) for f, v in files.items())
    rep["per_operator"] = OrderedDict((o, tally([r for r in rows if r["operator"] == o]))
                                      for o in OPERATORS)
    return rep


def original_text(rep):
    """What mutant 0's runs said, in words: the report keeps the mutant
    statuses (`survived` = every seed passed), a person reads `passed`."""
    o = rep["original"]
    words = {"survived": "passed", "killed": "failed", "error": "error"}[o["status"]]
    return words + (f" ({o['reason']})" if o["reason"] else "")
