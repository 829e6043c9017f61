#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest label ecosystem: spagm seen from FuseSoC and from pyucis.

  ecosystem_test.py CASE --src SRC --build BUILD

Each case works in $TMPDIR (its own build-tree folder, SpagmTestDirs.cmake);
FuseSoC's configuration, cache and data go there too (XDG_*). A case prints
what it compared and exits 1 naming the first difference.
"""
import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

CORES = ["spagm:dv:predictor", "spagm:examples:pix_predictor", "spagm:stubs:attr",
         "spagm:stubs:pix", "spagm:stubs:tex", "spagm:tools:gen"]


class Fail(Exception):
    pass


def check(ok, msg):
    if not ok:
        raise Fail(msg)


def run(cmd, expect=0, env=None, cwd=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    if expect is not None and p.returncode != expect:
        raise Fail(f"{' '.join(cmd)}: exit {p.returncode}, expected {expect}\n"
                   f"--- stdout\n{p.stdout[-4000:]}\n--- stderr\n{p.stderr[-4000:]}")
    return p


class Env:
    def __init__(self, args):
        self.src, self.build = args.src, args.build
        self.tmp = os.environ.get("TMPDIR") or os.getcwd()
        self.venv_bin = os.path.dirname(sys.executable)
        self.spagm = os.path.join(self.build, "bin", "spagm")
        self.env = dict(os.environ)
        self.env["PATH"] = self.venv_bin + os.pathsep + self.env.get("PATH", "")
        for x in ("CACHE", "DATA", "CONFIG"):
            self.env[f"XDG_{x}_HOME"] = os.path.join(self.tmp, x.lower())

    def path(self, *p):
        return os.path.join(self.tmp, *p)

    def tool(self, name):
        return os.path.join(self.venv_bin, name)

    def fusesoc(self, *args, expect=0, extra_env=None):
        env = dict(self.env, **(extra_env or {}))
        return run([self.tool("fusesoc"), "--config", self.path("fusesoc.conf"), *args],
                   expect=expect, env=env, cwd=self.tmp)

    def library(self, where):
        if os.path.exists(self.path("fusesoc.conf")):
            os.remove(self.path("fusesoc.conf"))
        self.fusesoc("library", "add", "spagm", where)

    def pyucis(self, *args):
        return run([self.tool("pyucis"), *args], env=self.env, cwd=self.tmp)


# ---- FuseSoC -------------------------------------------------------------

def fusesoc_core_list_shows_the_cores(e):
    e.library(e.src)
    out = e.fusesoc("core", "list").stdout
    listed = re.findall(r"^(spagm:[^:\s]+:[^:\s]+)\S*\s", out, re.M)
    check(sorted(listed) == CORES, f"fusesoc core list shows {sorted(listed)}, expected {CORES}")
    print(f"fusesoc core list: {', '.join(sorted(listed))}")


def fusesoc_cores_list_the_file_lists(e):
    for unit in ("attr", "pix", "tex"):
        with open(os.path.join(e.src, "rtl_stubs", f"{unit}.f"), encoding="utf-8") as f:
            flist = [l.strip() for l in f if l.strip() and not l.lstrip().startswith("//")]
        with open(os.path.join(e.src, "rtl_stubs", f"spagm_{unit}.core"), encoding="utf-8") as f:
            core = yaml.safe_load(f)
        files = core["filesets"]["rtl"]["files"]
        check(files == flist, f"spagm_{unit}.core lists {files}, {unit}.f lists {flist}")
        print(f"spagm_{unit}.core: the {len(files)} files of {unit}.f in order")


def fusesoc_lint_target_lints_each_unit(e):
    e.library(e.src)
    for unit in ("attr", "pix", "tex"):
        p = e.fusesoc("run", "--build-root", e.path("fusesoc-build"), "--target", "lint",
                      f"spagm:stubs:{unit}")
        print(f"fusesoc run --target lint spagm:stubs:{unit}: passed")
        check("lint-verilator" in p.stdout + p.stderr, "no Verilator lint ran")


def run_example(e, library, plusargs, expect, build_env=True):
    e.library(library)
    env = {"SPAGM_BUILD_DIR": e.build} if build_env else {"SPAGM_BUILD_DIR": ""}
    p = e.fusesoc("run", "--build-root", e.path("fusesoc-build"), "--target", "sim",
                  "spagm:examples:pix_predictor", *plusargs,
                  expect=expect, extra_env=env)
    return p.stdout + p.stderr


# The two runs of docs/install.md, "FuseSoC", with its arguments.
def fusesoc_run_predictor_example_passes(e):
    out = run_example(e, e.src, [], 0)
    check("tb_pix_predictor: PASSED (seed 1)" in out, f"no PASSED line:\n{out[-3000:]}")
    check(re.search(r"spagm predictor \S+: 12000 passed, 0 failed", out), "no predictor summary")
    print("fusesoc run --target sim spagm:examples:pix_predictor: 12000 passed, 0 failed")


def fusesoc_run_predictor_example_fails_on_defect(e):
    out = run_example(e, e.src, ["--seed", "7", "--txns", "20000", "--bug", "pix_covmask_unmasked"], 1)
    check("FAILED" in out and "(seed 7)" in out, f"no FAILED verdict of seed 7:\n{out[-3000:]}")
    print("fusesoc run --seed 7 --txns 20000 --bug pix_covmask_unmasked: FAILED, fusesoc exit 1")


def fusesoc_installed_cores_run_the_example(e):
    prefix = e.path("prefix")
    shutil.rmtree(prefix, ignore_errors=True)
    run(["cmake", "--install", e.build, "--prefix", prefix])
    lib = os.path.join(prefix, "share", "spagm")
    e.library(lib)
    out = e.fusesoc("core", "list").stdout
    check(sorted(re.findall(r"^(spagm:[^:\s]+:[^:\s]+)\S*\s", out, re.M)) == CORES,
          f"the installed library lists:\n{out}")
    out = run_example(e, lib, ["--txns", "2000"], 0, build_env=False)
    check("cmake --build" not in out, "the installed generator used a build tree")
    check("tb_pix_predictor: PASSED (seed 1)" in out, f"no PASSED line:\n{out[-3000:]}")
    print(f"installed cores ({lib}): core list and the example's sim target passed")


# ---- UCIS ----------------------------------------------------------------

def spagm_totals(e, db):
    """spagm cov report's total line and its JSON per point."""
    text = run([e.spagm, "cov", "report", db, "--json", e.path("report.json")]).stdout
    m = re.search(r"^total: (\d+) of (\d+) legal bins .*?, (\d+) inputs", text, re.M)
    check(m, f"no total line in spagm cov report:\n{text[-2000:]}")
    with open(e.path("report.json"), encoding="utf-8") as f:
        units = json.load(f)["units"]
    points = {p["name"]: (p["legal"], p["hit"]) for u in units for p in u["points"]}
    return {"hit": int(m[1]), "legal": int(m[2]), "inputs": int(m[3]), "points": points}


def pyucis_summary(e, db, fmt="xml"):
    out = e.path(os.path.basename(db) + ".summary.json")
    e.pyucis("show", "summary", "-if", fmt, "-o", out, db)
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def pyucis_points(xml):
    """Per coverpoint: (bins counted, bins covered), read by pyucis's reader."""
    from ucis.report.coverage_report_builder import CoverageReportBuilder
    from ucis.xml.xml_factory import XmlFactory
    report = CoverageReportBuilder.build(XmlFactory.read(xml))
    return {cp.name: (len(cp.bins), sum(1 for b in cp.bins if b.count > 0))
            for cg in report.covergroups for cp in cg.coverpoints}


def compare(spagm, summary, what):
    stats = summary["statistics"]
    check(stats["total_bins"] == spagm["legal"],
          f"{what}: pyucis counts {stats['total_bins']} bins, spagm {spagm['legal']} legal bins")
    check(stats["covered_bins"] == spagm["hit"],
          f"{what}: pyucis covers {stats['covered_bins']} bins, spagm hit {spagm['hit']}")
    check(summary["tests"]["total_tests"] == spagm["inputs"],
          f"{what}: pyucis has {summary['tests']['total_tests']} tests, spagm {spagm['inputs']} inputs")
    print(f"{what}: {spagm['hit']} of {spagm['legal']} legal bins hit, {spagm['inputs']} inputs "
          "(spagm cov report) == covered/total bins and tests (pyucis show summary)")


def nightly(e):
    out = e.path("nightly")
    shutil.rmtree(out, ignore_errors=True)
    run([os.path.join(e.build, "bin", "spagm-regress"), "--file",
         os.path.join(e.src, "tests", "ecosystem", "nightly_like.regress"), "--set",
         "nightly_like", "--jobs", "2", "--out", out])
    return out


def ucis_summary_matches_cov_report(e):
    out = nightly(e)
    db, xml = os.path.join(out, "coverage.cov"), os.path.join(out, "coverage.ucis.xml")
    check(os.path.isfile(xml), "spagm-regress wrote no coverage.ucis.xml beside coverage.cov")
    run([e.spagm, "cov", "export", "--format", "ucis-xml", db, "-o", e.path("export.xml")])
    check(filecmp.cmp(xml, e.path("export.xml"), shallow=False),
          "spagm-regress's coverage.ucis.xml differs from spagm cov export of coverage.cov")
    from ucis.xml import validate_ucis_xml
    validate_ucis_xml(xml)  # raises, naming the element, when the schema refuses it
    spagm = spagm_totals(e, db)
    compare(spagm, pyucis_summary(e, xml), "nightly-like regression")
    points = pyucis_points(xml)
    check(points == spagm["points"],
          "per point (bins, hit): " + ", ".join(
              f"{k}: pyucis {points.get(k)} spagm {spagm['points'].get(k)}"
              for k in sorted(set(points) | set(spagm["points"]))
              if points.get(k) != spagm["points"].get(k)))
    print(f"every one of {len(points)} points: the same legal bins and bins hit")
    with open(xml, encoding="utf-8") as f:
        text = f.read()
    for mark in ('type="illegal"', 'key="spagm.excluded"', 'key="spagm.gap"'):
        check(mark in text, f"the export has no {mark}")
    report = e.path("pyucis-report.txt")
    e.pyucis("report", "-of", "txt", "-o", report, xml)
    check(os.path.getsize(report) > 0, "pyucis report wrote nothing")


def ucis_pyucis_merge_matches_cov_merge(e):
    dbs = []
    for seed in (1, 2):
        db = e.path(f"s{seed}.cov")
        run([e.spagm, "gen", "--seed", str(seed), "--count", "1500", "--cov", db, "-o",
             e.path(f"s{seed}.vec")])
        run([e.spagm, "cov", "export", "--format", "ucis-xml", db, "-o", e.path(f"s{seed}.xml")])
        sqlite = e.path(f"s{seed}.sqlite")
        if os.path.exists(sqlite):  # pyucis adds to an SQLite file that exists
            os.remove(sqlite)
        e.pyucis("convert", "-if", "xml", "-of", "sqlite", "--out", sqlite, e.path(f"s{seed}.xml"))
        dbs.append(db)
    run([e.spagm, "cov", "merge", *dbs, "-o", e.path("merged.cov")])
    merged = e.path("merged.sqlite")
    if os.path.exists(merged):
        os.remove(merged)
    e.pyucis("merge", "-if", "sqlite", "-of", "sqlite", "-o", merged, e.path("s1.sqlite"),
             e.path("s2.sqlite"))
    check(os.path.isfile(merged), "pyucis merge wrote nothing")
    compare(spagm_totals(e, e.path("merged.cov")), pyucis_summary(e, merged, "sqlite"),
            "pyucis merge of two exports vs spagm cov merge")


def ucis_export_is_deterministic(e):
    a, b = e.path("a.cov"), e.path("b.cov")
    run([e.spagm, "gen", "--seed", "5", "--count", "800", "--cov", a, "-o", e.path("a.vec")])
    run([e.spagm, "gen", "--seed", "6", "--count", "800", "--cov", b, "-o", e.path("b.vec")])
    run([e.spagm, "cov", "merge", a, b, "-o", e.path("ab.cov")])
    run([e.spagm, "cov", "merge", b, a, "-o", e.path("ba.cov")])
    outs = []
    for db, name in (("ab.cov", "1.xml"), ("ab.cov", "2.xml"), ("ba.cov", "3.xml")):
        run([e.spagm, "cov", "export", "--format", "ucis-xml", e.path(db), "-o", e.path(name)])
        outs.append(e.path(name))
    for o in outs[1:]:
        check(filecmp.cmp(outs[0], o, shallow=False), f"{o} differs from {outs[0]}")
    print("the same database exported twice, and merged in the other order: the same bytes")


def ucis_bad_input_refused(e):
    db = e.path("ok.cov")
    run([e.spagm, "gen", "--seed", "1", "--count", "200", "--cov", db, "-o", e.path("ok.vec")])
    with open(db, encoding="utf-8") as f:
        lines = f.read().split("\n")
    with open(e.path("corrupt.cov"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:3]) + "\n")
    cases = [  # (arguments, exit status, text on stderr)
        (["export", "--format", "ucis-xml", e.path("corrupt.cov"), "-o", e.path("x.xml")], 1,
         "corrupt.cov:"),
        (["export", "--format", "ucis-xml", e.path("missing.cov"), "-o", e.path("x.xml")], 1,
         "missing.cov"),
        (["export", "--format", "lcov", db, "-o", e.path("x.xml")], 2, "unknown format 'lcov'"),
        (["export", db, "-o", e.path("x.xml")], 2, "export needs --format ucis-xml"),
        (["export", "--format", "ucis-xml", db], 2, "export needs an input and -o OUT"),
        (["export", "--format", "ucis-xml", db, "-o", e.path("no-such-dir", "x.xml")], 1,
         "cannot create"),
        (["import", "--format", "ucis-xml", e.path("x.xml"), "-o", e.path("back.cov")], 1,
         "cannot be imported into a spagm database exactly"),
    ]
    for args, status, text in cases:
        p = run([e.spagm, "cov", *args], expect=status)
        check(text in p.stderr, f"spagm cov {' '.join(args)}: stderr lacks {text!r}:\n{p.stderr}")
        print(f"refused (exit {status}): spagm cov {' '.join(os.path.basename(a) for a in args)}")
    for left in ("x.xml", "back.cov"):
        check(not os.path.exists(e.path(left)), f"a refused command left {left}")
    check(not any(n.startswith("x.xml.tmp") for n in os.listdir(e.tmp)), "a temporary file is left")


CASES = {f.__name__: f for f in (
    fusesoc_core_list_shows_the_cores, fusesoc_cores_list_the_file_lists,
    fusesoc_lint_target_lints_each_unit,
    fusesoc_run_predictor_example_passes, fusesoc_run_predictor_example_fails_on_defect,
    fusesoc_installed_cores_run_the_example, ucis_summary_matches_cov_report,
    ucis_pyucis_merge_matches_cov_merge, ucis_export_is_deterministic, ucis_bad_input_refused)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case", choices=sorted(CASES))
    ap.add_argument("--src", required=True)
    ap.add_argument("--build", required=True)
    args = ap.parse_args()
    try:
        CASES[args.case](Env(args))
    except Fail as f:
        print(f"{args.case}: FAILED: {f}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
