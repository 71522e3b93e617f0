"""Write the course's navigation from the notebooks themselves, so it is never edited by hand.

    python -m tools.make_nav            # rewrite what is out of date
    python -m tools.make_nav --check    # exit 1 and name the files that are out of date

Each notebook's title is its first heading ("# 03 · Backtracking") and its one-line summary is
the `course.summary` entry of its metadata. From those the tool writes three things:
- the navigation line (previous · contents · next) at the top of the first cell and at the end of
  the last cell of every notebook;
- the contents table in 00 (the cell with the `Contents` anchor);
- the course table in the README, between two marker comments.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
README = ROOT / "README.md"
CONTENTS_ANCHOR = '<a id="Contents"></a>'
CONTENTS_HEADER = "| notebook | what you will do |\n|---|---|"
README_BEGIN = "<!-- course table: written by tools/make_nav.py -->"
README_END = "<!-- end of course table -->"
NAV_LINE = re.compile(r"^(\[← |\[Contents\]).*$")


@dataclass(frozen=True)
class Page:
    """One notebook as the navigation shows it."""

    path: Path
    title: str  # "03 Backtracking"
    summary: str

    @property
    def link(self) -> str:
        """A markdown link to the notebook, relative to notebooks/."""
        return f"[{self.title}]({self.path.name})"


def title_of(notebook: nbformat.NotebookNode, path: Path) -> str:
    """ "03 Backtracking" from the heading "# 03 · Backtracking" of the first cell."""
    match = re.search(r"^# (\d\d) · (.+)$", notebook.cells[0].source, re.M)
    if match is None:
        raise ValueError(f"{path.name}: the first cell has no heading like '# 03 · Backtracking'")
    return f"{match[1]} {match[2].strip()}"


def pages(folder: Path = NOTEBOOKS) -> list[Page]:
    """Every numbered notebook of the course, in order."""
    found = []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        summary = notebook.metadata.get("course", {}).get("summary")
        if not summary:
            raise ValueError(f"{path.name}: metadata has no course.summary")
        found.append(Page(path, title_of(notebook, path), summary))
    return found


def nav_line(index: int, course: list[Page]) -> str:
    """ "[← 02 Valid Sudoku](...) · [Contents](...) · [04 Pruning →](...)" for the index-th page."""
    first = index == 0
    parts = [] if first else [f"[← {course[index - 1].title}]({course[index - 1].path.name})"]
    parts.append(
        "[Contents](#Contents)" if first else f"[Contents]({course[0].path.name}#Contents)"
    )
    if index + 1 < len(course):
        parts.append(f"[{course[index + 1].title} →]({course[index + 1].path.name})")
    return " · ".join(parts)


def with_first_line(source: str, line: str) -> str:
    """The source with its navigation line (the first line) replaced, or added."""
    lines = source.split("\n")
    if lines and NAV_LINE.match(lines[0]):
        return "\n".join([line, *lines[1:]])
    return "\n".join([line, "", *lines])


def with_last_line(source: str, line: str) -> str:
    """The source with its navigation line (the last line) replaced, or added."""
    lines = source.split("\n")
    if lines and NAV_LINE.match(lines[-1]):
        return "\n".join([*lines[:-1], line])
    return "\n".join([*lines, "", line]) if source else line


def contents_table(course: list[Page]) -> str:
    """The markdown table of 00's contents: every notebook but 00 itself."""
    rows = [f"| {page.link} | {page.summary} |" for page in course[1:]]
    return "\n".join([CONTENTS_HEADER, *rows])


def with_contents(source: str, course: list[Page]) -> str:
    """00's contents cell with its table rewritten."""
    start = source.index(CONTENTS_HEADER)
    end = source.find("\n\n", start)
    end = len(source) if end == -1 else end
    return source[:start] + contents_table(course) + source[end:]


def readme_table(course: list[Page]) -> str:
    """The README's course table: every notebook, 00 included."""
    rows = [f"| `{page.path.stem}` | {page.summary} |" for page in course]
    return "\n".join(["| notebook | what the learner gets |", "|---|---|", *rows])


def updated_notebook(index: int, course: list[Page]) -> nbformat.NotebookNode:
    """The index-th notebook with its navigation (and, for 00, its contents) written."""
    notebook: nbformat.NotebookNode = nbformat.read(course[index].path, as_version=4)
    line = nav_line(index, course)
    cells = notebook.cells
    cells[0].source = with_first_line(cells[0].source, line)
    cells[-1].source = with_last_line(cells[-1].source, line)
    if index == 0:
        for cell in cells:
            if cell.cell_type == "markdown" and CONTENTS_ANCHOR in cell.source:
                cell.source = with_contents(cell.source, course)
    return notebook


def updated_readme(text: str, course: list[Page]) -> str:
    """The README with the course table between its markers rewritten."""
    start = text.index(README_BEGIN) + len(README_BEGIN)
    end = text.index(README_END)
    return text[:start] + "\n" + readme_table(course) + "\n" + text[end:]


def out_of_date(write: bool) -> list[Path]:
    """Every file whose navigation differs from what the notebooks say; rewritten if `write`."""
    course = pages()
    stale = []
    for index, page in enumerate(course):
        new = nbformat.writes(updated_notebook(index, course)) + "\n"
        if new != page.path.read_text(encoding="utf-8"):
            stale.append(page.path)
            if write:
                page.path.write_text(new, encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    new_readme = updated_readme(readme, course)
    if new_readme != readme:
        stale.append(README)
        if write:
            README.write_text(new_readme, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or, with --check, list) the files whose navigation is out of date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    stale = out_of_date(write=not args.check)
    for path in stale:
        verb = "out of date" if args.check else "rewrote"
        print(f"{verb}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
