#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run the documented commands of one docs/*.md page (CTest label docs,
every documented command is run).

Every command line of every ```sh block of the page runs, in order, in a
scratch directory where build/ is the build tree and docs/, vectors/,
coverage/, scripts/, examples/, regress/, rtl_stubs/, fusesoc/, bench/, .venv/ are the
source tree's (as in tests/readme/readme_commands.sh), and FuseSoC's cache
and configuration (XDG_*) are in it too. A line runs with `set -eo pipefail` and
must exit 0. A marker, an HTML comment on the lines just above a fenced
block (invisible on the rendered page), says otherwise; docs/testing.md,
"Documented commands", is the reference:

  <!-- docs-test: exit=N [lines=L,M] -->
        those lines (all when no lines=) must exit with status N
  <!-- docs-test: skip [lines=L,M]: REASON -->
        those lines are not run; REASON says why and names the test or CI
        step that runs them instead in backquotes (`cosim.waves_on_fail`),
        a test that must exist
  <!-- docs-test: output [numbers] [: COMMAND] -->
        on a plain ``` block: the block is an excerpt of the output (stdout
        and stderr) of the previous ```sh block of the page, or of COMMAND
        when given: its lines must appear in that output as consecutive
        lines, a line `...` standing for any number of lines. With
        `numbers`, any number in the block matches any number (timings,
        rates); otherwise the lines must be equal (trailing blanks aside).

Lines are counted within the block from 1, comment and blank lines
included. A marker that names no known verb, or a block marked output with
no output before it, fails the test.
  docs_commands.py PAGE SRC BUILD WORK CTEST
"""
import os
import re
import shutil
import subprocess
import sys

MARK = re.compile(r"^<!--\s*docs-test:\s*(.*?)\s*-->\s*$")
LINKED = ["docs", "vectors", "coverage", "scripts", "examples", "regress", "rtl_stubs", "fusesoc",
          "bench", ".venv", "README.md"]


class Block:
    def __init__(self, lang, start, lines, marks):
        self.lang, self.start, self.lines, self.marks = lang, start, lines, marks


def parse_page(path):
    """The page's fenced blocks, each with the markers just above it."""
    blocks, marks, text = [], [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(text):
        line = text[i]
        m = MARK.match(line)
        if m:
            marks.append((i + 1, m.group(1)))
        elif line.startswith("```"):
            lang, start, body = line[3:].strip(), i + 1, []
            i += 1
            while i < len(text) and not text[i].startswith("```"):
                body.append(text[i])
                i += 1
            blocks.append(Block(lang, start, body, marks))
            marks = []
        elif line.strip():
            marks = []  # a marker belongs to the block right below it
        i += 1
    return blocks


def parse_mark(page, lineno, text):
    """(verb, lines or None, arg) of one marker; exits on a bad one."""
    m = re.match(r"^(exit=(\d+)|skip|output(?:\s+numbers)?)(?:\s+lines=([\d,]+))?\s*(?::\s*(.*))?$",
                 text)
    if not m:
        sys.exit(f"{page}:{lineno}: marker '{text}' is not exit=N, skip: REASON or output "
                 "(docs/testing.md, \"Documented commands\")")
    verb = m.group(1).split("=")[0].split()[0]
    numbers = "numbers" in m.group(1)
    lines = {int(x) for x in m.group(3).split(",")} if m.group(3) else None
    arg = (m.group(4) or "").strip()
    if verb == "skip" and not arg:
        sys.exit(f"{page}:{lineno}: skip needs a reason: <!-- docs-test: skip: why, run by `test` -->")
    return {"verb": verb, "status": int(m.group(2) or 0), "lines": lines, "arg": arg,
            "numbers": numbers, "at": lineno}


def commands(block):
    """(line within the block, command) of each command line; a line
    ending in a backslash continues on the next."""
    out, cur, first = [], "", 0
    for n, line in enumerate(block.lines, 1):
        if not cur and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not cur:
            first = n
        cur += line[:-1] + " " if line.endswith("\\") else line
        if not line.endswith("\\"):
            out.append((first, cur))
            cur = ""
    return out


def run(cmd, work):
    # Tools that keep a cache or configuration in the home folder (FuseSoC)
    # keep it in the scratch folder: a test writes only under its own.
    env = dict(os.environ, **{f"XDG_{x}_HOME": os.path.join(work, ".xdg", x.lower())
                              for x in ("CACHE", "CONFIG", "DATA")})
    p = subprocess.run(["bash", "-c", "set -eo pipefail; " + cmd], cwd=work, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def line_re(line, numbers):
    """A page line as a regular expression over one output line."""
    if not numbers:
        return re.compile(re.escape(line.rstrip()) + r"\s*$")
    parts = re.split(r"(\d+(?:\.\d+)?)", line.rstrip())
    return re.compile("".join(r"\d+(?:\.\d+)?" if i % 2 else re.escape(p)
                              for i, p in enumerate(parts)) + r"\s*$")


def excerpt_found(want, output, numbers):
    """True when the lines of want appear as consecutive lines of output,
    `...` matching any number of lines."""
    have = output.rstrip("\n").split("\n")
    pats = [None if w.strip() == "..." else line_re(w, numbers) for w in want]

    def match(pi, hi):
        if pi == len(pats):
            return True
        if pats[pi] is None:
            return any(match(pi + 1, k) for k in range(hi, len(have) + 1))
        return hi < len(have) and pats[pi].match(have[hi]) is not None and match(pi + 1, hi + 1)

    return any(match(0, start) for start in range(len(have)))


def first_difference(want, output, numbers):
    """The first page line (not `...`) that appears nowhere in output."""
    have = output.split("\n")
    for w in want:
        if w.strip() != "..." and not any(line_re(w, numbers).match(h) for h in have):
            return w
    return None


def main():
    page, src, build, work, ctest = sys.argv[1:6]
    name = os.path.relpath(page, src)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.symlink(build, os.path.join(work, "build"))
    for d in LINKED:
        if os.path.exists(os.path.join(src, d)):
            os.symlink(os.path.join(src, d), os.path.join(work, d))
    known = subprocess.run([ctest, "--test-dir", build, "-N", "-C", "soak"],
                           stdout=subprocess.PIPE).stdout.decode()
    ran = skipped = compared = 0
    last_output = None
    for b in parse_page(page):
        marks = [parse_mark(name, n, t) for n, t in b.marks]
        if b.lang in ("sh", "bash"):
            last_output = ""
            for n, cmd in commands(b):
                where = f"{name}:{b.start + n}"
                mk = [m for m in marks if m["verb"] in ("exit", "skip")
                      and (m["lines"] is None or n in m["lines"])]
                skip = next((m for m in mk if m["verb"] == "skip"), None)
                if skip:
                    for t in re.findall(r"`([^`\s]+)`", skip["arg"]):
                        if not t.startswith("ci:") and not re.search(
                                r"^ *Test +#\d+: " + re.escape(t) + r"$", known, re.M):
                            sys.exit(f"{where}: skip names test `{t}`, which does not exist")
                    print(f"{where}: not run ({skip['arg']}): {cmd}")
                    skipped += 1
                    continue
                want = next((m["status"] for m in mk if m["verb"] == "exit"), 0)
                print(f"{where}: $ {cmd}", flush=True)
                rc, out = run(cmd, work)
                last_output += out
                print("\n".join(out.rstrip("\n").split("\n")[-15:]))
                if rc != want:
                    sys.exit(f"{where}: FAILED (exit {rc}, the page expects {want}): {cmd}")
                ran += 1
        for m in marks:
            if m["verb"] != "output":
                continue
            where = f"{name}:{b.start}"
            if b.lang in ("sh", "bash"):
                sys.exit(f"{name}:{m['at']}: an output marker belongs above the output block")
            out = last_output
            if m["arg"]:
                print(f"{where}: $ {m['arg']}", flush=True)
                rc, out = run(m["arg"], work)
            if out is None:
                sys.exit(f"{where}: output block with no command before it")
            if not excerpt_found(b.lines, out, m["numbers"]):
                diff = first_difference(b.lines, out, m["numbers"])
                print(out)
                sys.exit(f"{where}: the page's output block is not in the command's output"
                         + (f"; first line not found: {diff!r}" if diff else
                            " (each line is there, but not in this order)"))
            compared += 1
    print(f"{name}: {ran} commands ran, {skipped} not run here, {compared} outputs compared")


if __name__ == "__main__":
    main()
