# SPDX-License-Identifier: Apache-2.0
"""Checks a spagm mutate report for the mutate.* CTests: it validates
against python/spagm/mutate/report.schema.json, and each expectation
`ID=status[:text]` (or `original=status`) holds: mutant ID has that status and
its reason contains the text. Every survivor has its location and a diff.
  check_report.py SOURCE_DIR REPORT.json EXPECT...
"""
import json
import os
import sys

import jsonschema


def main():
    src, path, expects = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(os.path.join(src, "python", "spagm", "mutate", "report.schema.json")) as f:
        schema = json.load(f)
    with open(path) as f:
        rep = json.load(f)
    jsonschema.validate(rep, schema)
    by_id = {m["id"]: m for m in rep["mutants"]}
    bad = []
    for e in expects:
        key, want = e.split("=", 1)
        status, _, text = want.partition(":")
        if key == "original":
            got = rep["original"]
        elif key in by_id:
            got = by_id[key]
        else:
            bad.append(f"mutant {key} is not in the report")
            continue
        if got["status"] != status or text not in got["reason"]:
            bad.append(f"{key}: expected {want}, got {got['status']}: {got['reason']}")
    for m in rep["mutants"]:
        if m["status"] == "survived" and (m["before"] == m["after"] or m["line"] < 1):
            bad.append(f"survivor {m['id']} has no diff or location")
    classes = rep["score"]
    if sum(v for k, v in classes.items() if k not in ("mutants", "killed", "score")) != \
            len(rep["mutants"]) or classes["mutants"] != len(rep["mutants"]):
        bad.append("the classes do not add up to the mutants")
    if bad:
        print("check_report: " + path + ":\n  " + "\n  ".join(bad))
        return 1
    print(f"check_report: {path}: schema valid, {len(expects)} expectations hold "
          f"(score {rep['score']['score']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
