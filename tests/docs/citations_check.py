#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every ruling (R...), spec note (N...) and design section (DESIGN §...)
that the shipped interfaces cite is defined on a shipped page.

  citations_check.py SOURCE_DIR

Cited in: the public headers (model/, cosim/, stim/, util/, coverage/, vectors/
include trees, the rule
texts the reports print among them), the SystemVerilog packages and the
Python package. Defined in: docs/design.md (R1.., "## 3.", "### 7.5") and
docs/spec-notes.md ("**N123 —"). A ruling is cited as R<n> inside
parentheses with other citations, or as "R<n>:" / "(R<n> ..." the way the
rule texts and comments cite them; a register name (R4 as an operand) is
not a citation. Prints each unresolved citation as file:line and exits 1."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
design = (root / "docs/design.md").read_text(encoding="utf-8")
notes = (root / "docs/spec-notes.md").read_text(encoding="utf-8")
rulings = {int(n) for n in re.findall(r"^- R(\d+) \*\*", design, re.M)}
sections = set(re.findall(r"^## (\d+)\.", design, re.M)) | set(
    re.findall(r"^### (\d+\.\d+) ", design, re.M))
spec_notes = {int(n) for n in re.findall(r"\*\*N(\d+)\b", notes)}

files = []
for inc in ("model/include", "cosim/include", "stim/include", "util/include", "coverage/include",
            "vectors/include"):
    files += sorted((root / inc).rglob("*.h"))
files += [root / "dpi/spagm_pkg.sv", root / "dpi/spagm_dpi_pkg.sv"]
files += sorted((root / "python/spagm").glob("*.py"))

# A citation list: "(R17, R21)", "(N60)", "(R18; N62)", "(DESIGN R10, R17-R24; ...)".
CITE_LIST = re.compile(r"\(([^()]*\b[RN]\d+\b[^()]*)\)")
TOKEN = re.compile(r"\b([RN])(\d+)\b")
RULE_HEAD = re.compile(r"\b(R)(\d+):")          # "R24: Rd0 and Rd1 both RZ"
NOTE_ANY = re.compile(r"\bN(\d{1,3})\b")          # a spec note anywhere
SECTION = re.compile(r"DESIGN\s*§?\s*(\d+(?:\.\d+)?)")
REGISTER_WORDS = re.compile(r"\b(slot|lane|registers?|Rd|Ra|Rb|Rc|RZ|reg)\b", re.I)

bad = []
for f in files:
    if not f.exists():
        continue
    rel = f.relative_to(root)
    for no, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
        for m in SECTION.finditer(line):
            if m.group(1) not in sections:
                bad.append(f"{rel}:{no}: DESIGN §{m.group(1)} is not a section of docs/design.md")
        for m in NOTE_ANY.finditer(line):
            if int(m.group(1)) not in spec_notes:
                bad.append(f"{rel}:{no}: N{m.group(1)} is not a spec note of docs/spec-notes.md")
        cited = []
        for m in CITE_LIST.finditer(line):
            inner = m.group(1)
            if REGISTER_WORDS.search(inner):
                continue  # "(R4 (slot 0) ...)": an operand, not a citation
            cited += [(k, int(n)) for k, n in TOKEN.findall(inner) if k == "R"]
        cited += [(k, int(n)) for k, n in RULE_HEAD.findall(line)]
        for k, n in cited:
            if n not in rulings:
                bad.append(f"{rel}:{no}: R{n} is not a ruling of docs/design.md")

for b in sorted(set(bad)):
    print(b)
if bad:
    print(f"citations_check: {len(set(bad))} citations resolve to no shipped page")
    sys.exit(1)
print(f"citations_check: {len(files)} files, every citation resolves "
      f"({len(rulings)} rulings, {len(sections)} sections, {len(spec_notes)} spec notes)")
