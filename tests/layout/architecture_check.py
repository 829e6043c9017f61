#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The README's layout table and docs/architecture.md's layer table against
the tree (label layout).

    architecture_check.py ROOT CHECK

CHECK is one of:

folders   every top-level folder of the tree has a row in the README's layout
          table and in the layer table, and every row names a folder that
          exists; every path a row names in backticks exists.
layers    who may include or link whom: each C/C++ file's #include that
          resolves to another top-level folder, each CMakeLists.txt's
          reference to another folder's sources and each target_link_libraries
          of a target defined in another folder is allowed by the "may use"
          column of the layer table (folder names in backticks). The row of
          `examples/` says "installed headers": an example includes only the
          public <spagm/...> headers, never a path into the tree.
lookups   the README's "Where to look" table: each row names a file that
          exists and, where the row names a symbol, the file defines or
          mentions it; the five look-ups a newcomer makes first are there.

Each check prints what it compared and fails with every row that drifted.
"""
import os
import re
import subprocess
import sys

# Folders that are not layers of the program: they hold no code the layers
# include or link (documentation, build helpers, CI), so the layer table
# leaves them out; the README's layout table still has a row for each.
NOT_LAYERS = {"docs", "scripts", "cmake"}
# The look-ups a newcomer makes first; each must be a row of "Where to look".
FIRST_LOOKUPS = ("the stimulus generator", "the coverage database", "the scoreboard",
                 "where a mismatch report is written", "how a mutant is built")
SOURCE = re.compile(r"\.(c|h|cc|cpp|hpp)$")
BUILD_COMMAND = re.compile(r"\b(add_library|add_executable|target_sources|"
                           r"target_include_directories|target_link_libraries)\s*\(")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def tree_files(root):
    """The tracked files (git), or every file outside build and hidden folders."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True,
                             check=True).stdout
        return [f for f in out.splitlines() if os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def top_folders(files):
    return sorted({f.split("/")[0] for f in files if "/" in f and not f.startswith(".")})


def table_after(text, heading, first_cell):
    """Rows (lists of cells, line numbers) of the first table under HEADING
    whose header row starts with FIRST_CELL."""
    lines = text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == heading)
    except StopIteration:
        return None
    rows = []
    for i in range(start + 1, len(lines)):
        l = lines[i]
        if l.startswith("#"):
            break
        if not l.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        if not rows:
            if cells[0] != first_cell:
                continue
            rows.append(([], i + 1))  # header
            continue
        if set(cells[0]) <= set("-: "):
            continue
        rows.append((cells, i + 1))
    return rows[1:] if rows else None


def call_args(text, i):
    """The arguments of a CMake command whose '(' ends just before I."""
    depth = 1
    for j in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            return text[i:j]
    return text[i:]


def ticks(cell):
    return re.findall(r"`([^`]+)`", cell)


def expand(t):
    """`model/src/{attr,pix,tex}/` -> the three paths it names."""
    m = re.match(r"(.*)\{([^}]*)\}(.*)", t)
    return [m.group(1) + x + m.group(3) for x in m.group(2).split(",")] if m else [t]


def folder_of_cell(cell):
    """The top-level folder a first cell names (`dpi/`, `model/src/isa/`)."""
    t = ticks(cell)
    return t[0].split("/")[0].rstrip("/") if t else None


class Check:
    def __init__(self, root):
        self.root = root
        self.files = tree_files(root)
        self.tops = top_folders(self.files)
        self.bad = []
        self.readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
        self.arch = open(os.path.join(root, "docs/architecture.md"), encoding="utf-8").read()

    def fail(self, where, what):
        self.bad.append(f"{where}: {what}")

    def readme_rows(self):
        rows = table_after(self.readme, "## Layout", "folder")
        if rows is None:
            self.fail("README.md", 'no "## Layout" table with a "folder" column')
            return []
        return rows

    def layer_rows(self):
        rows = table_after(self.arch, "## Layers", "layer")
        if rows is None:
            self.fail("docs/architecture.md", 'no "## Layers" table with a "layer" column')
            return []
        return rows

    # ---- folders --------------------------------------------------------
    def folders(self):
        readme = {}
        for cells, line in self.readme_rows():
            for t in ticks(cells[0]):
                readme[t.rstrip("/").split("/")[0]] = line
                if not os.path.exists(os.path.join(self.root, t)):
                    self.fail(f"README.md:{line}", f"the row names `{t}`, which the tree does not have")
            self.row_paths("README.md", line, cells)
        layers = {}
        for cells, line in self.layer_rows():
            for t in (x for tick in ticks(cells[1]) for x in expand(tick)):
                layers.setdefault(t.rstrip("/").split("/")[0], line)
                if "*" not in t and not os.path.exists(os.path.join(self.root, t)):
                    self.fail(f"docs/architecture.md:{line}", f"the row names `{t}`, which the tree does not have")
        for top in self.tops:
            if top not in readme:
                self.fail("README.md", f"the layout table has no row for the folder `{top}/`")
            if top not in layers and top not in NOT_LAYERS:
                self.fail("docs/architecture.md", f"the layer table has no row for the folder `{top}/`")
        print(f"{len(self.tops)} top-level folders; README layout rows {len(readme)}, layer rows {len(layers)}")

    def row_paths(self, doc, line, cells):
        """Backticked paths in a row's other cells (`src/isa`, `txn_pack.c`)
        exist under the row's folder or the root."""
        base = [t for t in ticks(cells[0])]
        for cell in cells[1:]:
            for t in ticks(cell):
                if t.startswith("<") or " " in t or "*" in t or "/" not in t and "." not in t:
                    continue
                if t.startswith("lib") or t.startswith("spagm") and "/" not in t:
                    continue  # a library or a program name, not a path
                cands = [os.path.join(self.root, t)] + [os.path.join(self.root, b, t) for b in base]
                if not any(os.path.exists(c) for c in cands) and not self.named_anywhere(t):
                    self.fail(f"{doc}:{line}", f"`{t}` is in no folder the row names")

    def named_anywhere(self, t):
        """A bare file name a row mentions (`txn_pack.c`) is a file of the tree."""
        return "/" not in t and any(f.endswith("/" + t) for f in self.files)

    # ---- layers ---------------------------------------------------------
    def rules(self):
        """folder -> set of folders it may use; None means anything."""
        may = {}
        for cells, line in self.layer_rows():
            top = folder_of_cell(cells[1])
            if top is None:
                self.fail(f"docs/architecture.md:{line}", "the folder cell names no folder in backticks")
                continue
            use = cells[-1]
            allowed = may.setdefault(top, set())
            if "everything" in use:
                may[top] = None
                continue
            if allowed is None:
                continue
            if "installed headers" in use:
                allowed.add("<installed>")
            for t in ticks(use):
                if not t.endswith("/"):
                    continue  # a symbol named in passing, not a folder
                name = t.rstrip("/").split("/")[0]
                if name not in self.tops:
                    self.fail(f"docs/architecture.md:{line}", f"may use `{t}`, which is not a folder")
                allowed.add(name)
        return may

    def includes(self):
        """(file, line, folder it reaches, how) for each include into another folder."""
        public = {}
        for f in self.files:
            m = re.search(r"(?:^|/)(?:include|compat)/(spagm/.+)$", f)
            if m:
                public.setdefault(m.group(1), f)
        by_name = {}
        for f in self.files:
            by_name.setdefault(os.path.basename(f), []).append(f)
        fs = set(self.files)
        for f in self.files:
            if not SOURCE.search(f) or "/" not in f:
                continue
            with open(os.path.join(self.root, f), encoding="utf-8", errors="replace") as h:
                for n, text in enumerate(h, 1):
                    m = INCLUDE.match(text)
                    if not m:
                        continue
                    kind, p = m.groups()
                    target = None
                    if kind == '"':
                        near = os.path.normpath(os.path.join(os.path.dirname(f), p))
                        if near in fs:
                            target = near
                        elif p in public:
                            target = public[p]
                        elif len(by_name.get(os.path.basename(p), [])) == 1 and "/" not in p:
                            target = by_name[os.path.basename(p)][0]
                    elif p in public:
                        target = public[p]
                    if target:
                        yield f, n, target, (f"<{p}>" if kind == "<" else f'"{p}"')

    def cmake_refs(self, targets):
        """(file, line, folder, kind) for each CMakeLists.txt reference into
        another folder by a command that builds or links code: a source or
        include path under ${PROJECT_SOURCE_DIR} ("source"), or a library that
        another folder defines ("link"). Test registrations are not layers."""
        for f in self.files:
            if not f.endswith("CMakeLists.txt") or "/" not in f:
                continue
            text = open(os.path.join(self.root, f), encoding="utf-8").read()
            for m in BUILD_COMMAND.finditer(text):
                args = call_args(text, m.end())
                line = text.count("\n", 0, m.start()) + 1
                for r in re.finditer(r"\$\{(?:PROJECT|CMAKE)_SOURCE_DIR\}/([A-Za-z_][\w-]*)/", args):
                    yield f, line, r.group(1), "source"
                if m.group(1) == "target_link_libraries":
                    for word in args.split()[1:]:
                        if word in targets:
                            yield f, line, targets[word], "link"

    def defined_targets(self):
        targets = {}
        add = re.compile(r"add_(?:library|executable)\s*\(\s*([A-Za-z_][\w-]*)\s+(?!ALIAS|IMPORTED)")
        for f in self.files:
            if f.endswith("CMakeLists.txt") and "/" in f:
                text = open(os.path.join(self.root, f), encoding="utf-8").read()
                for m in add.finditer(text):
                    targets.setdefault(m.group(1), f.split("/")[0])
        return targets

    def layers(self):
        may = self.rules()
        edges = 0
        for f, n, target, how in self.includes():
            src, dst = f.split("/")[0], target.split("/")[0]
            if src == dst:
                continue
            edges += 1
            self.allowed(may, src, dst, f"{f}:{n}", f"#include {how} reaches `{dst}/` ({target})",
                         public=how[1:].startswith("spagm/"))
        for f, n, dst, kind in self.cmake_refs(self.defined_targets()):
            src = f.split("/")[0]
            if src == dst or dst not in self.tops:
                continue
            edges += 1
            how = "links a library of" if kind == "link" else "builds sources of"
            self.allowed(may, src, dst, f"{f}:{n}", f"{how} `{dst}/`", public=kind == "link")
        print(f"{edges} references between folders checked against {len(may)} layer rules")

    def allowed(self, may, src, dst, where, what, public):
        if src not in may:
            if src not in NOT_LAYERS:
                self.fail(where, f"{what}, but the layer table has no row for `{src}/`")
            return
        rule = may[src]
        if rule is None or dst in rule:
            return
        if "<installed>" in rule and public:  # an installed header or library
            return
        said = ", ".join(sorted(rule - {"<installed>"})) or "nothing"
        self.fail(where, f"{what}; the layer table lets `{src}/` use {said}")

    # ---- lookups --------------------------------------------------------
    def lookups(self):
        rows = table_after(self.readme, "## Layout", "looking for")
        if rows is None:
            self.fail("README.md", 'no "looking for" table under "## Layout"')
            return
        seen = set()
        for cells, line in rows:
            what = cells[0].lower()
            seen.add(what)
            t = ticks(cells[1])
            if not t:
                self.fail(f"README.md:{line}", f"the look-up '{cells[0]}' names no file")
                continue
            path = t[0]
            full = os.path.join(self.root, path)
            if not os.path.isfile(full):
                self.fail(f"README.md:{line}", f"the look-up '{cells[0]}' names `{path}`, not a file of the tree")
                continue
            text = open(full, encoding="utf-8", errors="replace").read()
            for sym in t[1:]:
                name = sym.rstrip("()")
                if name not in text:
                    self.fail(f"README.md:{line}", f"`{path}` does not have `{sym}`")
        for need in FIRST_LOOKUPS:
            if need not in seen:
                self.fail("README.md", f"the look-up table has no row '{need}'")
        print(f"{len(rows)} look-ups")


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("folders", "layers", "lookups"):
        sys.exit("usage: architecture_check.py ROOT folders|layers|lookups")
    c = Check(sys.argv[1])
    getattr(c, sys.argv[2])()
    if c.bad:
        print("the layout drifted from README.md / docs/architecture.md:")
        for b in c.bad:
            print("  " + b)
        sys.exit(1)


if __name__ == "__main__":
    main()
