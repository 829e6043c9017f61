#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every report header the sources can write follows docs/report-format.md.

Real runs hold the producers to the format where a defect or a wrong
response makes them speak (ReportFormat.*, the replay's and spagm-cosim's
defect runs); some reports no catalogued defect provokes (a configuration
read nobody asked for on the replay, a tag accepted twice). This check reads the format
strings themselves: each string literal of the C producers and each
$display of the SystemVerilog testbenches that starts a report, with its
conversions filled in (the first string with a unit's name, numbers with
1), is given to the failure buckets' reader (`spagm-regress --read-report`),
which must read it as one report.

  report_messages_check.py SRC SPAGM_REGRESS
"""
import glob
import os
import re
import subprocess
import sys

# Where the producers are, and how many report headers each holds at least,
# so that a file moved or renamed fails here instead of checking nothing.
PRODUCERS = [
    ("the co-simulation core and the predictor", ["cosim/*.c", "dpi/*.c"], 8),
    ("the replay testbench", ["testbench/**/tb_replay_driver.sv"], 5),
]
HEADER = re.compile(r'^(?:[A-Za-z0-9_./-]+: )?(?:MISMATCH|HANG)\b')
C_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
SV_DISPLAY = re.compile(r'\$(?:display|error|fatal|warning)\s*\(\s*"((?:[^"\\\n]|\\.)*)"')
CONVERSION = re.compile(r'%[-+ #0-9.]*(?:ll|l|z|h)?([sdiuxXhcb])')


def headers(path):
    """(line, format string) of each report header of a source file."""
    text = open(path, encoding="utf-8").read()
    pattern = SV_DISPLAY if path.endswith(".sv") else C_LITERAL
    for m in pattern.finditer(text):
        if HEADER.match(m.group(1)):
            yield text.count("\n", 0, m.start()) + 1, m.group(1)


def filled(fmt):
    """The header line the format writes: conversions filled, up to its newline."""
    first = [True]

    def one(m):
        if m.group(1) == "s":
            name = "pix" if first[0] else "text"
            first[0] = False
            return name
        return "1"
    text = CONVERSION.sub(one, fmt.replace("%%", "%"))
    return text.split("\\n", 1)[0]


def main():
    src, reader = sys.argv[1], sys.argv[2]
    errors, seen = [], set()
    for what, patterns, least in PRODUCERS:
        files = sorted({f for p in patterns for f in glob.glob(os.path.join(src, p), recursive=True)})
        found = 0
        for path in files:
            rel = os.path.relpath(path, src)
            for line, fmt in headers(path):
                found += 1
                if (rel, line) in seen:
                    continue
                seen.add((rel, line))
                header = filled(fmt)
                r = subprocess.run([reader, "--read-report", "-"], input=header + "\n",
                                   capture_output=True, text=True)
                if r.returncode != 0 or len(re.findall(r"^report \d+ ", r.stdout, re.M)) != 1:
                    why = r.stderr.strip().split(": ", 2)[-1] or "not read as one report"
                    errors.append(f"{rel}:{line}: `{header}`: {why}")
                else:
                    print(f"{rel}:{line}: {header}")
        if found < least:
            errors.append(f"{what}: {found} report headers in {', '.join(patterns)}, "
                          f"expected at least {least}")
    for e in errors:
        print(e, file=sys.stderr)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
