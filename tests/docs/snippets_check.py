#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs.api_snippets: every public header's API reference shows an example
taken from code the suite compiles and runs.

    snippets_check.py SRC SOURCES_LIST HEADER_DIR...

Fails, naming the header and line, when a public header (*.h in a
HEADER_DIR) has no Doxygen \\snippet, when a \\snippet names a file that does
not exist or is not a source of a program the suite builds and runs (one
line each in SOURCES_LIST, written by tests/CMakeLists.txt from what
examples/api, examples/systemc-vp and the GoogleTest suites register), or
when its marker [TAG] is not on exactly two lines of that file with code
between them (Doxygen's rule: the first line opens the block, the second
closes it). Doxygen reports a missing marker too, but only when the docs
target is built (the soak test site.builds_links_and_pages); this check
runs in the default suite and also catches a header without an example.
"""
import pathlib
import re
import sys

SNIPPET = re.compile(r"[\\@]snippet(?:\{[^}]*\})?\s+(\S+)\s+(\S+)")


def check_snippet(src, compiled, where, name, tag):
    """The problem with one \\snippet, or None."""
    path = (src / name).resolve()
    if not path.is_file():
        return f"{where}: \\snippet {name}: no such file under {src}"
    if path not in compiled:
        return (f"{where}: \\snippet {name}: not a source of a program the suite builds and "
                f"runs (examples/api, examples/systemc-vp, tests/*/*_test.cpp)")
    lines = path.read_text(encoding="utf-8").splitlines()
    marks = [i for i, line in enumerate(lines) if f"[{tag}]" in line]
    if len(marks) != 2:
        return (f"{where}: \\snippet {name} {tag}: the marker [{tag}] is on {len(marks)} "
                f"line(s) of {name}; Doxygen needs exactly two (start and end)")
    if not any(line.strip() for line in lines[marks[0] + 1:marks[1]]):
        return f"{where}: \\snippet {name} {tag}: no code between the two markers"
    return None


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    src = pathlib.Path(argv[1]).resolve()
    compiled = {pathlib.Path(line.strip()).resolve()
                for line in pathlib.Path(argv[2]).read_text().splitlines() if line.strip()}
    headers = sorted(h for d in argv[3:] for h in pathlib.Path(d).glob("*.h"))
    problems, count = [], 0
    for header in headers:
        rel = header.resolve().relative_to(src)
        found = 0
        for number, line in enumerate(header.read_text(encoding="utf-8").splitlines(), 1):
            for name, tag in SNIPPET.findall(line):
                found += 1
                problem = check_snippet(src, compiled, f"{rel}:{number}", name, tag)
                if problem:
                    problems.append(problem)
        if not found:
            problems.append(f"{rel}: no \\snippet example: every public header shows one, from "
                            "code the suite compiles and runs (examples/api/README.md)")
        count += found
    for problem in problems:
        print(problem)
    print(f"{len(headers)} public headers, {count} snippets, {len(problems)} problem(s)")
    return 1 if problems or not headers else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
