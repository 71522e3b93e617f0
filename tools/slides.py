"""Slides from the notebooks: each cell's slide metadata, and one reveal.js deck a notebook.

    python -m tools.slides --mark            # (re)write the slide metadata in notebooks/*.ipynb
    python -m tools.slides --out build/slides   # one deck a notebook (what `make slides` runs)

Where a slide starts is chosen by a rule, so it stays reproducible when the prose changes: the
title cell and each `##` section open a slide, each exercise opens a sub-slide (below its
section), and the room is not shown the navigation line, the set-up code, the hints, the
solutions or the self-checks. `--mark` touches nothing but `metadata.slideshow` of each cell.

The decks load reveal.js, jQuery and RequireJS from copies beside them, taken from the npm
packages pinned in tools/slides_build/package-lock.json (`make slides` installs them), and the
template in tools/slides_build/ drops the blocks of nbconvert's reveal template that would load
Mermaid and MathJax from the network (no notebook here uses either). So a deck opens offline,
from a USB stick on a classroom's computer.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import nbformat
from nbconvert import SlidesExporter

from tools import NOTEBOOKS, ROOT
from tools.make_student import has_solution, is_hint

HERE = ROOT / "tools" / "slides_build"
PACKAGES = HERE / "node_modules"
SLIDES_PACKAGES_STAMP = "tools/slides_build/node_modules/.installed-stamp"
"""The Makefile's target that installs the npm packages from the lock file."""
TEMPLATE = "course_reveal"
VENDOR = {
    # what the deck asks for, beside it -> where the npm package keeps it
    "reveal.js/dist": "reveal.js/dist",
    "reveal.js/plugin/notes": "reveal.js/plugin/notes",
    "vendor/jquery.min.js": "jquery/dist/jquery.min.js",
    "vendor/require.js": "requirejs/require.js",
}
GO_ON = "-"
"""reveal.js's slide type for a cell that goes on with the slide before it."""
NAVIGATION = re.compile(r"^\[← .*\]\(.*\)|^\[Contents\]\(")
CHECK_CALL = re.compile(r"^\s*check_\w+\(", re.M)


def is_navigation_only(cell: nbformat.NotebookNode) -> bool:
    """A markdown cell holding only the previous · contents · next line."""
    lines = [line for line in cell.source.splitlines() if line.strip()]
    return cell.cell_type == "markdown" and len(lines) == 1 and bool(NAVIGATION.match(lines[0]))


def is_self_check(cell: nbformat.NotebookNode) -> bool:
    """A code cell that calls one of the library's checks."""
    return cell.cell_type == "code" and CHECK_CALL.search(cell.source) is not None


def kept_off_the_screen(cell: nbformat.NotebookNode, in_sections: bool) -> bool:
    """The navigation line, set-up code before the first section, hints, solutions, checks."""
    return (
        is_navigation_only(cell)
        or is_hint(cell)
        or has_solution(cell)
        or is_self_check(cell)
        or (cell.cell_type == "code" and not in_sections)
    )


def slide_types(notebook: nbformat.NotebookNode) -> list[str]:
    """Each cell's reveal.js slide type ("slide", "subslide", "-" to go on, "skip")."""
    chosen = []
    in_sections = False
    for index, cell in enumerate(notebook.cells):
        heading = cell.source.lstrip() if cell.cell_type == "markdown" else ""
        if heading.startswith("## "):
            in_sections = True
        if index == 0:
            chosen.append("slide")
        elif kept_off_the_screen(cell, in_sections):
            chosen.append("skip")
        elif heading.startswith("## "):
            chosen.append("slide")
        elif heading.startswith(("### ", "**Exercise")):
            chosen.append("subslide")
        else:
            chosen.append(GO_ON)
    return chosen


def stored_slide_type(cell: nbformat.NotebookNode) -> str:
    """A cell's slide type as the notebook holds it ("-", go on, when it says none)."""
    return str(cell.metadata.get("slideshow", {}).get("slide_type", GO_ON))


def mark(path: Path) -> bool:
    """Write the chosen slide types into one notebook's cells; True if anything changed.

    A cell that goes on with the slide before it carries no metadata (nbconvert's default), so
    the notebooks change only where a slide starts or a cell is left out.
    """
    notebook = nbformat.read(path, as_version=4)
    changed = False
    for cell, kind in zip(notebook.cells, slide_types(notebook), strict=True):
        if stored_slide_type(cell) == kind:
            continue
        if kind == GO_ON:
            del cell.metadata["slideshow"]
        else:
            cell.metadata["slideshow"] = {"slide_type": kind}
        changed = True
    if changed:
        nbformat.write(notebook, path)
    return changed


def copy_vendor(out_dir: Path) -> None:
    """Put the installed reveal.js, jQuery and RequireJS beside the decks."""
    for target, source in VENDOR.items():
        origin = PACKAGES / source
        if not origin.exists():
            raise FileNotFoundError(f"{origin} is missing: run `make slides`, which installs it")
        destination = out_dir / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_dir():
            shutil.copytree(origin, destination, dirs_exist_ok=True)
        else:
            shutil.copy2(origin, destination)


def exporter() -> SlidesExporter:
    """nbconvert's slides exporter, pointed at the copies beside the deck and at our template."""
    return SlidesExporter(  # type: ignore[no-untyped-call]  # nbconvert has no annotations
        template_name=TEMPLATE,
        extra_template_basedirs=[str(HERE)],
        reveal_url_prefix="reveal.js",
        jquery_url="vendor/jquery.min.js",
        require_js_url="vendor/require.js",
        reveal_theme="white",  # its fonts are files beside it; "simple" fetches Google Fonts
        reveal_scroll=True,
        reveal_number="c/t",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )


def build_decks(out_dir: Path, source_dir: Path = NOTEBOOKS) -> list[Path]:
    """One `NN_name.slides.html` a notebook in out_dir, with what they load beside them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    copy_vendor(out_dir)
    made = []
    slides = exporter()
    for path in sorted(source_dir.glob("*.ipynb")):
        html, _ = slides.from_filename(str(path))
        deck = out_dir / f"{path.stem}.slides.html"
        deck.write_text(html, encoding="utf-8")
        made.append(deck)
    return made


def main(argv: list[str] | None = None) -> int:
    """Mark the notebooks, or build the decks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mark", action="store_true", help="write slide metadata, build nothing")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides")
    args = parser.parse_args(argv)
    if args.mark:
        changed = [path.name for path in sorted(NOTEBOOKS.glob("*.ipynb")) if mark(path)]
        print(f"slide metadata written in: {', '.join(changed)}" if changed else "up to date")
        return 0
    try:
        decks = build_decks(args.out)
    except FileNotFoundError as error:
        print(f"slides: {error}", file=sys.stderr)
        return 2
    print(f"{len(decks)} decks in {args.out}/: open one in a browser (no network needed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
