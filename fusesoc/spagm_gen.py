# SPDX-License-Identifier: Apache-2.0
"""FuseSoC generator `spagm` (core spagm:tools:gen, docs/install.md,
"FuseSoC"): the parts of spagm that a build makes, as a core.

FuseSoC runs it with a YAML file (its generator API, gapi 1.0) in the
directory where the generated core goes. The parameter `output` says which:

  predictor  spagm_txn_pkg.sv (generated from the model's field table) and
             spagm_pkg.sv, and libspagm_dpi.so linked into a Verilator model
             (tool option `libs`, with a run path so the model finds it)
  bugs       spagm_bugs.svh: +bug=NAME for the stand-in RTL's defects, made
             from rtl_stubs/bugs.tsv by cmake/SpagmBugs.cmake

Where the files come from:
  - an installed spagm (cmake --install, the .deb): spagm-fusesoc.json beside
    this script, written at install time, names them relative to it;
  - the repository: a spagm build tree, whose spagm-fusesoc.json CMake writes.
    The tree is the parameter `build_dir`, else $SPAGM_BUILD_DIR, else the
    repository's build/ when it is configured, else a tree configured here
    (Release, no tests or benchmarks). `cmake --build` brings libspagm_dpi.so
    up to date first.
Paths in the generated core are absolute: they are this machine's files.
"""
import json
import os
import shlex
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
INDEX = "spagm-fusesoc.json"


def fail(msg):
    print(f"spagm generator: error: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd):
    print("spagm generator: " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    if subprocess.run(cmd, stdout=sys.stderr).returncode != 0:
        fail(f"{cmd[0]} failed (command above)")


def load_index(path):
    """The index of spagm's files; relative paths are relative to it."""
    try:
        with open(path, encoding="utf-8") as f:
            index = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: {e}")
    base = os.path.dirname(path)

    def where(p):
        return os.path.normpath(os.path.join(base, p))

    out = {k: where(v) for k, v in index.items() if isinstance(v, str)}
    out["sv_packages"] = [where(p) for p in index.get("sv_packages", [])]
    for p in [out.get("dpi_library", ""), *out["sv_packages"]]:
        if not os.path.isfile(p):
            fail(f"{path} names {p}, which does not exist")
    return out


def build_tree(params):
    """A configured spagm build tree of this repository, its library built."""
    repo = os.path.dirname(HERE)
    given = params.get("build_dir") or os.environ.get("SPAGM_BUILD_DIR")
    if given:
        tree = os.path.join(repo, given)
        if not os.path.isfile(os.path.join(tree, "CMakeCache.txt")):
            fail(f"{tree} is not a configured CMake build tree of spagm")
    elif os.path.isfile(os.path.join(repo, "build", "CMakeCache.txt")):
        tree = os.path.join(repo, "build")
    else:
        tree = os.path.join(os.getcwd(), "spagm-build")
        run(["cmake", "-S", repo, "-B", tree, "-DCMAKE_BUILD_TYPE=Release",
             "-DSPAGM_BUILD_TESTS=OFF", "-DSPAGM_BUILD_BENCH=OFF"])
    run(["cmake", "--build", tree, "--target", "spagm_dpi"])
    index = os.path.join(tree, INDEX)
    if not os.path.isfile(index):
        fail(f"{tree} has no {INDEX}: libspagm_dpi.so is not built there (is svdpi.h missing?)")
    return index


def quoted(s):
    return json.dumps(s)  # a JSON string is a YAML double-quoted scalar


def core_text(vlnv, files, file_type, include=False, libs=None):
    lines = ["CAPI=2:", f"name: {quoted(vlnv)}", "filesets:", "  files:", "    files:"]
    for f in files:
        extra = ", is_include_file: true" if include else ""
        lines.append(f"      - {quoted(f)}: {{file_type: {file_type}{extra}}}")
    lines += ["targets:", "  default:", "    filesets: [files]"]
    if libs:
        lines += ["    tools:", "      verilator:", "        libs:"]
        lines += [f"          - {quoted(x)}" for x in libs]
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) != 1:
        fail("usage: spagm_gen.py GAPI.yml (FuseSoC runs it)")
    try:
        with open(argv[0], encoding="utf-8") as f:
            gapi = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        fail(f"{argv[0]}: {e}")
    params = gapi.get("parameters") or {}
    output = params.get("output")
    if output not in ("predictor", "bugs"):
        fail(f"parameter output is {output!r}; it is 'predictor' or 'bugs'")
    installed = os.path.join(HERE, INDEX)
    spagm = load_index(installed if os.path.isfile(installed) else build_tree(params))
    vlnv = gapi["vlnv"]
    if output == "predictor":
        lib = spagm["dpi_library"]
        text = core_text(vlnv, spagm["sv_packages"], "systemVerilogSource",
                         libs=[lib, "-Wl,-rpath," + os.path.dirname(lib)])
    else:
        svh = os.path.join(os.getcwd(), "spagm_bugs.svh")
        run(["cmake", f"-DOUT={svh}", f"-DTSV={spagm['bugs_tsv']}", "-P", spagm["bugs_cmake"]])
        text = core_text(vlnv, ["spagm_bugs.svh"], "systemVerilogSource", include=True)
    name = vlnv.split(":")[2] if vlnv.count(":") >= 2 else "spagm"
    with open(f"{name}.core", "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
