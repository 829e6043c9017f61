# SPDX-License-Identifier: Apache-2.0
"""Stage the documentation site's source for MkDocs.

    stage.py SOURCE_DIR OUT_DIR VERSION

OUT_DIR/docs gets the README as the front page (index.md), every guide of
docs/ (not docs/site/), CHANGELOG.md and api.md (the page that opens the
Doxygen reference, which cmake/SpagmDocs.cmake writes to OUT_DIR/docs/api/).
A relative link of a page to a file of the repository outside the site
(rtl_stubs/*.md, regress/default.regress, an example's source) is kept
working by copying that file under OUT_DIR/docs/src/ and pointing the
link there; a link to a folder points to a generated listing of it. A link
to a file that does not exist is left as it is, so the link check fails on
it. OUT_DIR/mkdocs.yml gets the navigation: the guides by group, in the
order below, any guide not named here under "More guides".
"""
import os
import re
import shutil
import sys

# The navigation: group -> guides of docs/, in reading order.
GROUPS = [
    ("Using spagm", ["install", "cosim", "predictor", "own-rtl", "systemc", "regress",
                     "coverage", "json-summary", "icarus", "fuzzing", "testing"]),
    ("Formats", ["vector-format", "scenario-format", "scenario-attr", "scenario-pix",
                 "scenario-tex", "assembly", "port-contract", "texture-layout",
                 "report-format"]),
    ("Design", ["design", "architecture", "attribute-unit", "rtl-attr", "rtl-pix", "rtl-tex",
                "coverage-plan", "stimulus", "spec-notes", "decisions", "contributing"]),
]

LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def title_of(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# "):
                return line[2:].strip().replace("`", "")
    return os.path.splitext(os.path.basename(path))[0]


class Stager:
    def __init__(self, src, out):
        self.src, self.docs = src, os.path.join(out, "docs")
        self.pages = {}  # repository path -> site path of every staged page

    def site_path(self, repo_path):
        """Where a repository file goes in the site."""
        if repo_path in self.pages:
            return self.pages[repo_path]
        return "src/" + repo_path

    def rewrite(self, repo_page, text):
        """The page's relative links, pointed at their place in the site."""
        here = os.path.dirname(repo_page)
        site_here = os.path.dirname(self.site_path(repo_page))

        def fix(m):
            target = m.group(2)
            if re.match(r"^[a-z]+:|^#|^/", target):
                return m.group(0)
            path, frag = (target.split("#", 1) + [""])[:2]
            repo = os.path.normpath(os.path.join(here, path))
            full = os.path.join(self.src, repo)
            if repo.startswith("..") or not os.path.exists(full):
                return m.group(0)  # broken: the link check names it
            if os.path.isdir(full):
                site = self.listing(repo)
            else:
                site = self.site_path(repo)
                if repo not in self.pages:
                    self.copy(repo)
            new = os.path.relpath(site, site_here or ".")
            return m.group(1) + new + ("#" + frag if frag else "") + m.group(3)

        return LINK.sub(fix, text)

    def write_page(self, repo_path, site_path):
        with open(os.path.join(self.src, repo_path), encoding="utf-8") as f:
            text = f.read()
        dest = os.path.join(self.docs, site_path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as f:
            f.write(self.rewrite(repo_path, text))

    def copy(self, repo):
        """A repository file outside the guides, under src/."""
        site = self.site_path(repo)
        if repo.endswith(".md"):
            self.pages[repo] = site
            self.write_page(repo, site)
            return
        dest = os.path.join(self.docs, site)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(self.src, repo), dest)

    def listing(self, repo_dir):
        """A page listing a repository folder's files, each copied."""
        site = "src/" + repo_dir.rstrip("/") + "/index.md"
        dest = os.path.join(self.docs, site)
        if os.path.exists(dest):
            return site
        names = sorted(n for n in os.listdir(os.path.join(self.src, repo_dir))
                       if os.path.isfile(os.path.join(self.src, repo_dir, n)))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as f:
            f.write("# %s/\n\nThe files of `%s/` in the source tree.\n\n" % (repo_dir, repo_dir))
            for n in names:
                f.write("- [%s](%s)\n" % (n, n))
        for n in names:
            self.copy(os.path.join(repo_dir, n))
        return site


def nav_yaml(guides, titles):
    """mkdocs.yml's nav: front page, groups, API reference, changelog."""
    lines = ["nav:", "  - Home: index.md"]
    named = set()
    for group, names in GROUPS + [("More guides", sorted(set(guides) - {
            n for _, ns in GROUPS for n in ns}))]:
        present = [n for n in names if n in guides]
        if not present:
            continue
        lines.append("  - %s:" % group)
        for n in present:
            named.add(n)
            lines.append("    - '%s': %s.md" % (titles[n].replace("'", "''"), n))
    lines += ["  - API reference: api.md", "  - Changelog: CHANGELOG.md"]
    return "\n".join(lines) + "\n"


def main():
    src, out, version = sys.argv[1:4]
    docs = os.path.join(out, "docs")
    if os.path.isdir(docs):
        shutil.rmtree(docs)
    os.makedirs(docs)
    st = Stager(src, out)
    guides = sorted(os.path.splitext(n)[0] for n in os.listdir(os.path.join(src, "docs"))
                    if n.endswith(".md"))
    st.pages["README.md"] = "index.md"
    st.pages["CHANGELOG.md"] = "CHANGELOG.md"
    for g in guides:
        st.pages["docs/%s.md" % g] = "%s.md" % g
    for repo, site in list(st.pages.items()):
        st.write_page(repo, site)
    shutil.copyfile(os.path.join(src, "docs", "site", "api.md"), os.path.join(docs, "api.md"))
    titles = {g: title_of(os.path.join(src, "docs", g + ".md")) for g in guides}
    with open(os.path.join(src, "docs", "site", "mkdocs.yml.in"), encoding="utf-8") as f:
        conf = f.read().replace("@VERSION@", version)
    tmp = os.path.join(out, "mkdocs.yml.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(conf + nav_yaml(guides, titles))
    os.replace(tmp, os.path.join(out, "mkdocs.yml"))
    print("stage.py: %d guides, %d pages in all, in %s" % (len(guides), len(st.pages), docs))


if __name__ == "__main__":
    main()
