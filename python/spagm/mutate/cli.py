# SPDX-License-Identifier: Apache-2.0
"""spagm mutate: command line (docs/mutate.md). Exit status: 0 the runs
completed (whatever the score), 1 mutant 0 (the original RTL) did not pass,
2 bad input or a tool failure."""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import time
from collections import OrderedDict

from . import bins, build, classes, directed, exercised, formal, per_unit, report, run, tables
from .rewrite import write_copy
from .rtl import RtlError, UNITS, read_cmake_cache, read_filelist, unit_rtl
from .sites import RULES, enumerate_sites
from .source import Source


# --part-size's default (N460).
PART_SIZE = 300


def parser():
    p = argparse.ArgumentParser(
        prog="spagm mutate",
        description="Mutation analysis of a unit's RTL: how many small faults the "
                    "co-simulation regression catches (docs/mutate.md).")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--unit", choices=UNITS, help="the unit whose RTL is mutated")
    which.add_argument("--all-units", action="store_true",
                       help="every unit, one after the other (each its own OUT/UNIT)")
    p.add_argument("--build", default=os.environ.get("SPAGM_BUILD", "build"),
                   help="a configured spagm build tree (default: build, or $SPAGM_BUILD)")
    p.add_argument("--rtl", help="the unit's file list (default: SPAGM_<UNIT>_RTL of --build)")
    p.add_argument("--top", help="the unit's top module (default: SPAGM_<UNIT>_TOP of --build)")
    p.add_argument("--out", help="work folder (default: BUILD/mutate/UNIT)")
    p.add_argument("--list", action="store_true", help="list the mutants and counts, run nothing")
    p.add_argument("--tables", action="store_true",
                   help="print the Markdown tables of the unit's report (--from, default "
                        "OUT/report.json) or, with --all-units, of each unit's "
                        "(OUT/UNIT/report.json): classes and score per unit and per file, "
                        "the time of each phase; run nothing")
    p.add_argument("--write-copy", action="store_true",
                   help="write the mutated copy of the chosen mutants to OUT/rtl, build nothing")
    p.add_argument("--sample", type=int, metavar="N", help="run N mutants picked at random")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seed of --sample's pick (default 1)")
    p.add_argument("--mutants", metavar="ID,ID,...",
                   help="run these mutants (their ids, FILE:LINE:HASH, as --list prints them)")
    p.add_argument("--rerun", choices=["survivors"],
                   help="run the survivors of an earlier report again (--from), with --seeds")
    p.add_argument("--from", dest="from_report", metavar="REPORT.json",
                   help="the report --rerun reads (default: OUT/report.json); with --prove "
                        "and no --rerun, the campaign whose survivors are proved without "
                        "running anything again (its RTL must be this tree's)")
    p.add_argument("--seeds", default=None,
                   help="co-simulation seeds per mutant (default 1..5; --rerun: 1..20)")
    p.add_argument("--txns", type=int, help="requests per run (default: spagm-cosim's 20000)")
    p.add_argument("--plusargs", default="", help="more plusargs for every run")
    p.add_argument("--timeout", type=int, default=300, help="seconds per run (default 300)")
    p.add_argument("--build-type", metavar="TYPE", default="None",
                   help="CMAKE_BUILD_TYPE of the mutated build (default None: unoptimised, "
                        "about a quarter of Release's compile, runs several times slower; "
                        "N270); Release for many seeds per mutant")
    p.add_argument("--cxx-flags", metavar="FLAGS",
                   help="C++ flags of the mutated build's type (CMAKE_CXX_FLAGS_<TYPE>), e.g. "
                        "'-O1 -DNDEBUG' with --build-type Release: half the compile of -O3, "
                        "runs about 12 %% slower (N324)")
    p.add_argument("--part-size", type=int, default=PART_SIZE, metavar="N",
                   help="build the mutants in parts of at most N, each a copy and a build of "
                        "its own: more to compile, far cheaper runs (default %(default)s; "
                        "0: one copy of every mutant; N460)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="runs at once, and the build's -j (default: cores)")
    p.add_argument("--launcher", default="local", choices=["local", "slurm"])
    p.add_argument("--regress-arg", action="append", default=[], metavar="ARG",
                   help="one more argument for spagm-regress (--partition, --time ...)")
    formal.add_arguments(p)
    directed.add_arguments(p)
    return p


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def load(args):
    build_dir = os.path.abspath(args.build)
    cache = read_cmake_cache(build_dir)
    flist, top, port = unit_rtl(cache, args.unit)
    if args.rtl:
        flist = args.rtl
    if args.top:
        top = args.top
    files = read_filelist(flist)
    sources = [Source(f) for f in files]
    cands = enumerate_sites(files, [s.text for s in sources], [s.tree for s in sources],
                            os.path.dirname(os.path.abspath(flist)))
    return build_dir, cache, os.path.abspath(flist), top, port, sources, cands


def select(args, mutants, out):
    """The mutants to run, by --mutants, --rerun or --sample (else all).
    --rerun takes the report's survivors only if each id is a mutant here
    (report.match_survivors)."""
    by_id = {m.id: m for m in mutants}
    if args.rerun:
        path = args.from_report or os.path.join(out, "report.json")
        return report.match_survivors(path, report.survivors(path, args.unit), mutants)
    if args.mutants:
        want = set()
        for t in (t.strip() for t in args.mutants.split(",")):
            refuse_numeric_id(t, "--mutants")
            if t not in by_id:
                raise RtlError(f"--mutants: '{t}' is not a mutant of this RTL (ids are "
                               "FILE:LINE:HASH, see --list)")
            want.add(t)
        return [m for m in mutants if m.id in want]
    if args.sample is not None:
        if args.sample < 1:
            raise RtlError("--sample must be at least 1")
        pick = random.Random(args.seed).sample(range(len(mutants)), min(args.sample, len(mutants)))
        return [mutants[i] for i in sorted(pick)]
    return list(mutants)


def refuse_numeric_id(token, where):
    """Mutants were once numbered by their place after the reduction rules;
    such a number names no mutant now and is refused, not mapped (N320)."""
    if token.isdigit():
        raise RtlError(f"{where}: '{token}' is a numeric mutant id of an earlier spagm mutate; "
                       "mutants are named by stable ids FILE:LINE:HASH (see --list), and a "
                       "number is not mapped to one")


def print_counts(cands, mutants, src_root):
    report.print_counts(cands, mutants, RULES, src_root)


def main(argv=None):
    args = parser().parse_args(argv)
    if args.seeds is None:
        args.seeds = "1..20" if args.rerun else "1..5"
    try:
        if args.tables:
            return _tables(args)
        if args.all_units:
            return _all_units(args, argv if argv is not None else sys.argv[1:])
        return _main(args, argv if argv is not None else sys.argv[1:])
    except RtlError as e:
        print(f"spagm mutate: {e}", file=sys.stderr)
        return 2


# What --tables reads of a report.
TABLE_FIELDS = ("unit", "seeds", "txns", "command", "selection", "original", "score",
                "per_file", "timing")


def _tables(args):
    """--tables: the Markdown of docs/mutate.md's campaign tables, printed
    from the reports (tables.py)."""
    build_dir = os.path.abspath(args.build)
    if args.all_units:
        if args.from_report:
            raise RtlError("--tables --all-units reads OUT/UNIT/report.json of each unit: "
                           "not with --from")
        base = args.out or os.path.join(build_dir, "mutate")
        paths = [os.path.join(base, u, "report.json") for u in UNITS]
    else:
        out = args.out or os.path.join(build_dir, "mutate", args.unit)
        paths = [args.from_report or os.path.join(out, "report.json")]
    reps = [report.read(p, u, TABLE_FIELDS) for p, u in zip(paths, UNITS if args.all_units else [args.unit])]
    sys.stdout.write(tables.markdown(reps))
    return 0


def _all_units(args, argv):
    """--all-units: each unit as `--unit U` with OUT/U (default
    BUILD/mutate/U), then the scores side by side. The worst exit status."""
    if args.rtl or args.top or args.mutants or args.rerun:
        raise RtlError("--all-units takes the build's own RTL of every unit: not with --rtl, "
                       "--top, --mutants or --rerun")
    base_out = args.out
    status, lines = 0, []
    for unit in UNITS:
        one = argparse.Namespace(**vars(args))
        one.unit, one.all_units = unit, False
        one.out = os.path.join(base_out, unit) if base_out else None
        print(f"mutate: ==== unit {unit} ====", flush=True)
        try:
            rc = _main(one, argv)
        except RtlError as e:
            print(f"spagm mutate: {unit}: {e}", file=sys.stderr)
            rc = 2
        status = max(status, rc)
        lines.append(_unit_line(one, unit, rc))
    print("mutate: all units:\n" + "\n".join(lines))
    return status


def _unit_line(args, unit, rc):
    """One unit's line of the --all-units summary, from its report."""
    if args.list or args.write_copy:
        return f"  {unit}: exit {rc}"
    out = os.path.abspath(args.out or os.path.join(os.path.abspath(args.build), "mutate", unit))
    try:
        with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
            rep = json.load(f)
    except (OSError, ValueError):
        return f"  {unit}: exit {rc}, no report"
    s = rep["score"]
    return (f"  {unit}: score {report.pct(s['score'])}, {report.classes_text(s)} "
            f"(build {rep['timing']['build_s']} s, runs {rep['timing']['runs_s']} s); exit {rc}")


def _main(args, argv):
    t0 = time.monotonic()
    per_unit.settle(args, args.unit)
    run.parse_seeds(args.seeds)
    build_dir, cache, flist, top, port, sources, cands = load(args)
    mutants = [m for m in cands if m.id]
    src_root = cache["CMAKE_HOME_DIRECTORY"]
    print_counts(cands, mutants, src_root)
    if args.list:
        for m in mutants:
            print(f"{m.id}\t{report.rel(m.file, src_root)}:{m.line}:{m.col}\t{m.operator}\t"
                  f"{m.change}\t{m.after}")
        return 0
    out = os.path.abspath(args.out or os.path.join(build_dir, "mutate", args.unit))
    if args.prove and args.from_report and not args.rerun:
        return _prove_from(args, argv, t0, mutants, sources, flist, top, out, src_root,
                           build_dir, cache, port)
    chosen = select(args, mutants, out)
    if not chosen:
        raise RtlError("no mutant to run")
    how = f"sample of {args.sample}, seed {args.seed}" if args.sample and not args.rerun \
        and not args.mutants else f"{len(chosen)} chosen"
    print(f"mutate: unit {args.unit} ({top}, {flist}): {len(chosen)} of {len(mutants)} mutants "
          f"({how}), seeds {args.seeds}", flush=True)
    if args.directed and not (args.prove or args.prove_only):
        raise RtlError("--directed makes tests from the counterexamples of --prove or "
                       "--prove-only: give one of them")
    if args.prove_only:
        then = None
        if args.directed:
            def then(rows):
                _directed(rows, chosen, args, build_dir, cache, top, port, sources, out)
        return formal.prove_only(chosen, sources, [s.path for s in sources], top, out, args,
                                 log, src_root, then)
    if args.write_copy:
        flist_out, _ = write_copy(sources, chosen, os.path.join(out, "rtl"),
                                  f"{args.unit}_mutated.f")
        print(f"mutate: mutated copy {flist_out} (top {top})")
        return 0
    regress = os.path.join(build_dir, "bin", "spagm-regress")
    if not os.access(regress, os.X_OK):
        raise RtlError(f"no {regress}: build the target spagm-regress")
    os.makedirs(out, exist_ok=True)
    cache = dict(cache, CMAKE_BUILD_TYPE=args.build_type)  # N270
    if args.cxx_flags:
        cache[build.CXX_FLAGS] = args.cxx_flags  # N324
    if args.part_size < 0:
        raise RtlError("--part-size must be 0 (one copy) or more")
    b = build.prepare(cache, args.unit, top, port, sources, chosen, out, args.jobs, log,
                      args.part_size)
    parts = f" ({len(b['parts'])} parts)" if len(b["parts"]) > 1 else ""
    print(f"mutate: mutated build {'reused' if b['reused'] else 'made'}{parts} in "
          f"{b['seconds']:.0f} s", flush=True)
    workdir = _new_rundir(out)
    t1 = time.monotonic()
    results, regdirs, phases, skipped = _run_mutants(regress, b, workdir, args, chosen, sources)
    runs_s = time.monotonic() - t1
    mapper, cov_db = _coverage_mapper(build_dir, src_root, args.unit, results, workdir)
    rep = report.build_report(args, argv, chosen, cands, results, regdirs, b, src_root,
                              flist, top, time.monotonic() - t0, runs_s, mapper, cov_db, phases,
                              [s.path for s in sources])
    if args.prove:
        formal.prove_report(rep, chosen, sources, [s.path for s in sources], top, out, args, log)
        if args.directed:
            _directed(rep["mutants"], chosen, args, build_dir, cache, top, port, sources, out)
        classes.reclassify(rep)  # the survivors' formal verdicts, directed tests (N325)
    paths = report.write(rep, workdir, out)
    report.print_summary(rep, paths)
    if args.prove:
        print("\n".join(formal.summary_lines(rep["mutants"])))
    if args.directed:
        print("\n".join(directed.summary_lines(rep["mutants"])))
    return 1 if rep["original"]["status"] != "survived" else 0


def _prove_from(args, argv, t0, mutants, sources, flist, top, out, src_root, build_dir,
                cache, port):
    """--prove --from REPORT: the formal check (and --directed) of the
    survivors of a campaign already run, nothing run again; the report is
    written again, as OUT/report.json and in a run folder of its own, with
    the survivors' classes and the step recorded under `proved` (N515).
    Refused unless this tree has the RTL the report was made of."""
    if args.mutants or args.sample is not None:
        raise RtlError("--prove --from proves the survivors of the report: not with --mutants "
                       "or --sample")
    rep = report.read(args.from_report, args.unit, TABLE_FIELDS + ("rtl", "top"))
    if rep.get("top") != top:
        raise RtlError(f"{args.from_report}: the report is of the top {rep.get('top')}, "
                       f"this RTL's is {top}")
    _same_rtl(rep, args.from_report, flist, [s.path for s in sources], src_root)
    rows = [r for r in rep["mutants"] if isinstance(r, dict) and r.get("status") == "survived"]
    chosen = report.match_survivors(args.from_report, rows, mutants) if rows else []
    print(f"mutate: unit {args.unit} ({top}, {flist}): the {len(chosen)} survivors of "
          f"{args.from_report} proved, nothing run again", flush=True)
    if chosen:
        formal.prove_report(rep, chosen, sources, [s.path for s in sources], top, out, args, log)
        if args.directed:
            _directed(rep["mutants"], chosen, args, build_dir, cache, top, port, sources, out)
    classes.reclassify(rep)
    rep["proved"] = OrderedDict([("command", command_line(argv)),
                                 ("source", report.source_state(src_root)),
                                 ("wall_s", round(time.monotonic() - t0, 1))])
    workdir = _new_rundir(out)
    os.makedirs(workdir)
    paths = report.write(rep, workdir, out)
    report.print_summary(rep, paths)
    print("\n".join(formal.summary_lines(rep["mutants"])))
    if args.directed:
        print("\n".join(directed.summary_lines(rep["mutants"])))
    return 1 if rep["original"]["status"] != "survived" else 0


def _same_rtl(rep, path, flist, files, src_root):
    """Refuses a report made of other RTL than this tree's: by the digests
    the report keeps (rtl_sha256), else, for a report without them, by its
    commit when it was made of a clean tree and this tree is a git work
    tree. A proof of this RTL's mutant says nothing of another RTL's, even
    when the id (the changed text at its place) is the same."""
    have = report.rtl_digests(flist, files)
    want = rep.get("rtl_sha256")
    if isinstance(want, dict) and want:
        diff = sorted(set(k for k in set(have) | set(want) if have.get(k) != want.get(k)))
        if diff:
            raise RtlError(f"{path}: the report was made of other RTL than this tree's: "
                           f"{', '.join(diff)} differ (their SHA-256 or the file list); prove "
                           "on the RTL the campaign ran, or run the campaign again")
        return
    src = rep.get("source") or {}
    commit = src.get("commit")
    if not commit or src.get("dirty") is not False:
        raise RtlError(f"{path}: the report records neither its RTL's digests nor a clean "
                       "commit, so nothing shows it was made of this RTL; run the campaign "
                       "again")
    rels = [os.path.relpath(f, src_root) for f in [flist] + list(files)]
    r = subprocess.run(["git", "-C", src_root, "diff", "--name-only", commit, "--", *rels],
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise RtlError(f"{path}: cannot compare this tree's RTL with the report's commit "
                       f"{commit[:12]} (git: {r.stderr.strip() or 'failed'})")
    if r.stdout.strip():
        raise RtlError(f"{path}: the RTL changed since the report's commit {commit[:12]}: "
                       f"{', '.join(r.stdout.split())}; prove on that commit, or run the "
                       "campaign again")


def _directed(rows, chosen, args, build_dir, cache, top, port, sources, out):
    """--directed: each distinguishable row's counterexample as a vector
    file replayed on the mutated copy (directed.py, N410); fills `directed`.
    Killing tests are kept in OUT/killers."""
    dist = {r["id"] for r in rows if (r.get("formal") or {}).get("verdict") == "distinguishable"}
    mutants = [m for m in chosen if m.id in dist]
    if not mutants:
        log("mutate: directed: no distinguishable mutant")
        return
    spagm = directed.binding(build_dir)
    tool = os.path.join(build_dir, "bin", "spagm")
    if not os.access(tool, os.X_OK):
        raise RtlError(f"no {tool}: build the target spagm-cli")
    rb = build.prepare_replay(cache, args.unit, top, port, sources, mutants, out, args.jobs, log)
    replay = os.path.join(rb["bindir"], "spagm-replay-iverilog")
    if not os.access(replay, os.X_OK):
        raise RtlError(f"no {replay}: the mutated build has no Icarus replay (iverilog missing?)")
    log(f"mutate: directed: the mutated copy's Icarus replay ready in {rb['seconds']:.0f} s")
    workdir = _new_rundir(os.path.join(out, "directed"))
    by_id = {m.id: m for m in mutants}
    prover = []

    def schedule(mid):  # N416: a second counterexample, inputs held to one epoch's schedule
        if not prover:
            prover.append(formal.Prover([s.path for s in sources], top,
                                        os.path.join(workdir, "formal"), args.yosys,
                                        args.prove_timeout, args.prove_depth, log,
                                        **formal.backend_args(args)))
        name = "m_" + "".join(c if c.isalnum() else "_" for c in mid) + "_schedule"
        r = prover[0].prove_schedule(sources, by_id[mid], name)
        log(f"mutate: directed: {mid}: under the contract's schedule: {r['verdict']} "
            f"({r['reason'] or r['method']}) {r['seconds']} s")
        return r
    directed.direct_all(rows, rb["selectors"], spagm, {"spagm": tool, "replay": replay},
                        args.unit, workdir, os.path.join(out, "killers"), args.timeout, log,
                        schedule)


def _run_mutants(regress, b, workdir, args, chosen, sources):
    """The runs in phases (run.run_phased, N323), the mutants on lines the
    original's runs never execute left out (exercised.py, N322). Returns
    ({stable id or 0: (status, reason, runs)}, folders, {phase: s}, ids
    not exercised)."""
    kmap = b["selectors"]
    by_k_id = {kmap[m.id]: m for m in chosen}
    texts = {s.path: s.text for s in sources}
    copy_of = {s.path: os.path.join(b["rtl"], os.path.basename(s.path)) for s in sources}
    seeds = args.seeds

    def skip(original_runs):
        # The first part's runs (test m0) write the line coverage (run.description).
        original_runs = [r for r in original_runs if r.get("test", "m0") == "m0"]
        dats = [os.path.join(os.path.dirname(r["log"]), "rtl_cov.dat") for r in original_runs]
        dats = [d for d in dats if os.path.exists(d)]
        if len(dats) != len(original_runs) or not dats:
            log("mutate: no line coverage from every run of the original; every mutant runs")
            return []
        counts = exercised.read_counts(dats)
        blocks = {s.path: exercised.procedural_blocks(s) for s in sources}
        out = exercised.not_exercised(list(by_k_id.values()), texts, copy_of, counts, blocks)
        log(f"mutate: {len(out)} of {len(chosen)} mutants not exercised by the original's "
            f"runs (seeds {seeds}): not run")
        return [kmap[m.id] for m in out]

    by_k, phases, dirs, skipped = run.run_phased(regress, b["bindir"], workdir, args.unit,
                                                 sorted(by_k_id), args, log, True, skip,
                                                 b.get("parts"))
    results = {}
    for k, m in by_k_id.items():
        if k in skipped:
            lines = sorted(exercised.changed_lines(texts[m.file], m))
            results[m.id] = ("not_exercised", f"line {', '.join(map(str, lines))} never "
                             f"executed by the original design's runs (seeds {seeds})", [])
        elif k in by_k:
            results[m.id] = by_k[k]
    if 0 in by_k:
        results[0] = by_k[0]
    return results, dirs, phases, {by_k_id[k].id for k in skipped}


def _coverage_mapper(build_dir, src_root, unit, results, workdir):
    """The bins of each mutant's rules (bins.py), with the states of the
    original design's runs (their +cov databases) when they wrote them."""
    bindir = os.path.join(build_dir, "bin")
    covs = [os.path.join(os.path.dirname(r["log"]), "cov.cov")
            for r in results.get(0, ("", "", []))[2]]
    hits = bins.original_coverage(os.path.join(bindir, "spagm"), covs, workdir, log)
    mapper = bins.Mapper(unit, bins.load_plan(bindir, src_root), bins.load_rules(src_root, unit),
                         hits)
    return mapper, (os.path.join(workdir, "original.cov") if hits is not None else None)


def _new_rundir(out):
    n = 1
    while os.path.exists(os.path.join(out, f"run-{n}")):
        n += 1
    return os.path.join(out, f"run-{n}")


def command_line(argv):
    return "spagm mutate " + " ".join(shlex.quote(a) for a in argv)
