"""Slides from the notebooks: each cell's slide metadata, and one reveal.js deck a notebook.

    python -m tools.slides --mark            # (re)write the slide metadata of every notebook
    python -m tools.slides --out build/slides   # the decks, English and Chinese (`make slides`)

A slide holds one idea that fits 1280x720: a few sentences, a short code cell, or a picture.
Where a slide starts is chosen by a rule that reads nothing but the notebook's content, so it is
the same on every machine and after every run: the title cell and each `##` section open a
slide; each exercise and `###` heading opens a sub-slide; and any other cell opens a sub-slide
when it would not fit below what the slide already holds, by an estimate of its height on the
slide (lines of prose, of code and of printed output, and the size of each picture). The code
cell that answers a **Predict, then run** question is a fragment: hidden until a click. The room
is not shown the navigation line, the set-up code, the hints, the solutions or the self-checks.
`--mark` touches nothing but `metadata.slideshow` of each cell.

The deck builder then cuts what one cell cannot fit on a slide: a markdown cell taller than a
slide is split at paragraphs, a code cell's output goes to a slide of its own when the two do
not fit together, and a long code line gets a smaller font. A stepper, a pair of steppers or a
`watch` recording shows in the notebook as a live widget, which a deck cannot run; so the builder
runs such a notebook again in a kernel that draws each of them as pictures of its real board
(tools/slide_frames.py), one step further at each click.

The decks load reveal.js, jQuery and RequireJS from copies beside them, taken from the npm
packages pinned in tools/slides_build/package-lock.json (`make slides` installs them), and the
template in tools/slides_build/ drops the blocks of nbconvert's reveal template that load Mermaid
and MathJax (no notebook here uses either). So a deck opens offline, from a USB stick.
"""

from __future__ import annotations

import argparse
import base64
import copy
import math
import os
import re
import shutil
import struct
import sys
import unicodedata
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
EDITIONS = {"": NOTEBOOKS, "zh": NOTEBOOKS / "zh"}
"""Where each edition's decks go, under the output folder, and the notebooks they come from."""
GO_ON = "-"
"""reveal.js's slide type for a cell that goes on with the slide before it."""
NAVIGATION = re.compile(r"^\[← .*\]\(.*\)|^\[Contents\]\(|^\[目录\]\(")
CHECK_CALL = re.compile(r"^\s*check_\w+\(", re.M)
PREDICT = re.compile(r"\*\*(Predict|先预测)")
EXERCISE = re.compile(r"^(### |\*\*Exercise|\*\*练习)")
WIDGET = "application/vnd.jupyter.widget-view+json"

# The slide, in the deck's own pixels (reveal.js scales the whole 1280x720 to the window). The
# sizes below are the template's (tools/slides_build/course_reveal/index.html.j2); the estimates
# err on the tall side, and tests/test_slides.py measures every slide in Chromium.
ROOM = 600
"""The height a slide's cells may fill (720 less the padding and the slide number)."""
PROSE_EM = 50
"""Prose: ems a line (22 px type on 1180 px), 31 px a line."""
PROSE_LINE = 31
CODE_COLUMNS = 112
"""Code: columns a line at the normal size (17 px monospace); 22 px a line."""
CODE_LINE = 22
OUTPUT_LINE = 21
PICTURE_MOST = 520
"""The tallest a picture is drawn on a slide (the template caps it there)."""
FRAMES_HEIGHT = {4: 240, 9: 440, 16: 620}
"""A stepper's pictures, by board size (the watch view of a call tree is capped as a picture)."""


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


# Heights ------------------------------------------------------------------------------------


def width_em(text: str) -> float:
    """The width of text in ems: a Chinese character is a whole em, a Latin one about half."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.52 for ch in text)


def wrapped_lines(text: str, per_line: float) -> int:
    """How many lines text takes when each line holds `per_line` ems (an empty line counts)."""
    return sum(max(1, math.ceil(width_em(line) / per_line)) for line in text.split("\n"))


def prose_height(block: str) -> int:
    """One markdown block (a paragraph, a list, a table, a heading, a fenced code block)."""
    first = block.lstrip()
    if first.startswith("```"):
        return 24 + CODE_LINE * (block.count("\n") - 1)
    if first.startswith("|"):
        return 16 + sum(row_height(line) for line in block.split("\n") if not is_rule(line))
    if first.startswith("#"):
        return 70 if first.startswith("# ") else 60
    if first.startswith("<details"):
        return 0
    text = re.sub(r"\]\([^)]*\)", "]", block)  # a link shows its words, not its address
    text = re.sub(r"[*`]", "", text)
    return 18 + PROSE_LINE * wrapped_lines(text, PROSE_EM)


def is_rule(line: str) -> bool:
    """The |---|---| line under a markdown table's header."""
    return re.match(r"^\|[-| :]+\|$", line.strip()) is not None


def row_height(line: str) -> int:
    """One row of a markdown table (20 px type): its tallest cell, the columns sharing 38 ems."""
    cells = [cell.strip(" `*") for cell in line.strip().strip("|").split("|")]
    per_cell = 38 / max(1, len(cells))
    return 14 + 30 * max(wrapped_lines(cell, per_cell) for cell in cells)


def table_pieces(block: str) -> list[str]:
    """A markdown table too tall for a slide, as tables that each fit, every one with the
    header."""
    lines = block.split("\n")
    head = lines[:2] if len(lines) > 1 and is_rule(lines[1]) else []
    rows = lines[len(head) :]
    fixed = 16 + sum(row_height(line) for line in head[:1])
    tables: list[list[str]] = [[]]
    filled = fixed
    for row in rows:
        if tables[-1] and filled + row_height(row) > ROOM:
            tables.append([])
            filled = fixed
        tables[-1].append(row)
        filled += row_height(row)
    return ["\n".join(head + table) for table in tables]


def paragraphs(source: str) -> list[str]:
    """A markdown cell's blocks, split at blank lines (never inside a fenced code block)."""
    blocks: list[str] = []
    current: list[str] = []
    fenced = False
    for line in source.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                blocks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def png_height(data: str) -> int:
    """A PNG's height in pixels, from its header."""
    header = base64.b64decode(data[:64])
    return int(struct.unpack(">I", header[20:24])[0])


def html_height(html: str) -> int:
    """An HTML output: a picture's height, a stepper's pictures, or rows of a table or text."""
    if "sdk-slide-frames" in html:
        size = int(m[1]) if (m := re.search(r"sdk-n(\d+)", html)) else 9
        return FRAMES_HEIGHT.get(size, PICTURE_MOST) + (130 if "sdk-slide-below" in html else 10)
    heights = [float(h) for h in re.findall(r'<svg[^>]*?\sheight="([\d.]+)"', html)]
    if heights:
        return min(PICTURE_MOST, int(max(heights))) + 20
    rows = html.count("<tr")
    return 20 + 30 * rows if rows else 20 + OUTPUT_LINE * wrapped_lines(html, 100)


def output_height(output: nbformat.NotebookNode) -> int:
    """The height of one stored output on a slide."""
    if output.output_type == "stream":
        return 8 + OUTPUT_LINE * wrapped_lines(output.text.rstrip("\n"), CODE_COLUMNS * 0.6)
    data = output.get("data", {})
    if "image/png" in data:
        return min(PICTURE_MOST, png_height(data["image/png"])) + 20
    if "text/html" in data:
        return html_height(data["text/html"])
    if WIDGET in data:
        return FRAMES_HEIGHT[9] + 130
    text = data.get("text/plain", "")
    return 8 + OUTPUT_LINE * wrapped_lines(text, CODE_COLUMNS * 0.6) if text else 0


def code_height(source: str) -> int:
    """A code cell's input on a slide (long lines are drawn smaller, not wrapped: see font_tag)."""
    return 30 + CODE_LINE * len(source.split("\n")) if source.strip() else 0


def outputs_height(cell: nbformat.NotebookNode) -> int:
    """All a code cell's outputs."""
    return sum(output_height(output) for output in cell.get("outputs", []))


def cell_height(cell: nbformat.NotebookNode) -> int:
    """A cell's estimated height on a slide."""
    if cell.cell_type == "markdown":
        return sum(prose_height(block) for block in paragraphs(cell.source))
    if cell.cell_type == "code":
        return code_height(cell.source) + outputs_height(cell)
    return 0


# Where slides start -------------------------------------------------------------------------


def slide_types(notebook: nbformat.NotebookNode) -> list[str]:
    """Each cell's reveal.js slide type: "slide", "subslide", "fragment", "-" or "skip"."""
    chosen = []
    in_sections = False
    filled = 0  # the estimated height the current slide holds so far
    answer_due = False  # a Predict question was asked: the next code cell is its answer
    for cell in notebook.cells:
        heading = cell.source.lstrip() if cell.cell_type == "markdown" else ""
        if heading.startswith("## "):
            in_sections = True
        height = cell_height(cell)
        if kept_off_the_screen(cell, in_sections):
            chosen.append("skip")
            continue
        if "slide" not in chosen or heading.startswith("## "):
            kind = "slide"
        elif EXERCISE.match(heading) or filled + height > ROOM:
            kind = "subslide"
        elif cell.cell_type == "code" and answer_due:
            kind = "fragment"
        else:
            kind = GO_ON
        if cell.cell_type == "code":
            answer_due = False
        elif kind in ("slide", "subslide"):  # a question asked on an earlier slide is not here
            answer_due = PREDICT.search(heading) is not None
        elif PREDICT.search(heading):
            answer_due = True
        if kind in ("slide", "subslide"):
            filled = height if height <= ROOM else last_piece_height(cell)
        else:
            filled += height
        chosen.append(kind)
    return chosen


def last_piece_height(cell: nbformat.NotebookNode) -> int:
    """What is left on the last slide of a cell too tall for one (see `pieces`)."""
    return cell_height(pieces(cell)[-1])


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


def every_notebook() -> list[Path]:
    """The notebooks of both editions."""
    return [path for folder in EDITIONS.values() for path in sorted(folder.glob("*.ipynb"))]


# Cutting a cell that one slide cannot hold --------------------------------------------------


def pieces(cell: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The cell as one or more cells, each of which fits a slide: a markdown cell split at its
    paragraphs, a code cell's output moved below its code when the two do not fit together.
    Every piece after the first opens a sub-slide."""
    if cell_height(cell) <= ROOM:
        return [cell]
    if cell.cell_type == "markdown":
        return markdown_pieces(cell)
    if cell.cell_type == "code" and cell.get("outputs") and code_height(cell.source) > 0:
        code, shown = copy.deepcopy(cell), copy.deepcopy(cell)
        code.outputs = []
        shown.metadata.setdefault("tags", []).append("slides-output-only")
        shown.metadata["slideshow"] = {"slide_type": "subslide"}
        return [code, shown]
    return [cell]


def markdown_pieces(cell: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """A long markdown cell cut at paragraphs into slides that each fit."""
    groups: list[list[str]] = [[]]
    filled = 0
    blocks = []
    for block in paragraphs(cell.source):
        tall_table = block.lstrip().startswith("|") and prose_height(block) > ROOM
        blocks.extend(table_pieces(block) if tall_table else [block])
    for block in blocks:
        height = prose_height(block)
        if groups[-1] and filled + height > ROOM:
            groups.append([])
            filled = 0
        groups[-1].append(block)
        filled += height
    made = []
    for number, group in enumerate(groups):
        piece = copy.deepcopy(cell)
        piece.source = "\n\n".join(group)
        if number:
            piece.metadata["slideshow"] = {"slide_type": "subslide"}
            piece.pop("id", None)
        made.append(piece)
    return made


def font_tag(cell: nbformat.NotebookNode) -> str | None:
    """A smaller code font for a cell whose longest line would not fit the slide's width."""
    longest = max((width_em(line) / 0.6 for line in cell.source.split("\n")), default=0)
    if longest <= CODE_COLUMNS:
        return None
    return "slides-code-small" if longest <= CODE_COLUMNS * 1.25 else "slides-code-smaller"


def prepared(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as the deck shows it: tall cells cut, long code drawn smaller, widgets as
    the pictures the kernel drew (their live form dropped), and nothing the room is not shown."""
    cells = []
    for cell in notebook.cells:
        if stored_slide_type(cell) == "skip":
            continue
        if cell.cell_type == "markdown":  # the navigation line is for the notebook, not the room
            kept = [line for line in cell.source.split("\n") if not NAVIGATION.match(line)]
            cell.source = "\n".join(kept).strip()
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if WIDGET in data and "text/html" in data:
                    del data[WIDGET]
            tag = font_tag(cell)
            if tag:
                cell.metadata.setdefault("tags", []).append(tag)
        for number, piece in enumerate(pieces(cell)):
            if number and piece.cell_type == "markdown":
                piece.id = f"{cell.id}-{number}"
            elif number:
                piece.id = f"{cell.id}-output"
            cells.append(piece)
    notebook.cells = cells
    notebook.metadata.pop("widgets", None)
    return notebook


# Building the decks -------------------------------------------------------------------------


def has_views(notebook: nbformat.NotebookNode) -> bool:
    """True when a shown cell's result is a stepper or watch widget (the deck draws those again;
    a progress bar, the other widget of the course, is displayed, not a result)."""
    return any(
        stored_slide_type(cell) != "skip"
        and any(
            o.output_type == "execute_result" and WIDGET in o.data for o in cell.get("outputs", [])
        )
        for cell in notebook.cells
        if cell.cell_type == "code"
    )


def with_pictures(notebook: nbformat.NotebookNode, folder: Path) -> nbformat.NotebookNode:
    """The notebook run again in a kernel that draws steppers and watch views as pictures."""
    from nbclient import NotebookClient

    run = copy.deepcopy(notebook)
    setup = nbformat.v4.new_code_cell("import tools.slide_frames\ntools.slide_frames.register()")
    setup.metadata["slideshow"] = {"slide_type": "skip"}
    run.cells.insert(0, setup)
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(ROOT) not in paths:  # the kernel imports the library and tools/ from this checkout
        os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, paths)])
    client = NotebookClient(
        run, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()
    run.cells.pop(0)
    return run


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


def exporter(up: str) -> SlidesExporter:
    """nbconvert's slides exporter, pointed at the copies `up` from the deck, and our template."""
    return SlidesExporter(  # type: ignore[no-untyped-call]  # nbconvert has no annotations
        template_name=TEMPLATE,
        extra_template_basedirs=[str(HERE)],
        reveal_url_prefix=f"{up}reveal.js",
        jquery_url=f"{up}vendor/jquery.min.js",
        require_js_url=f"{up}vendor/require.js",
        reveal_theme="white",  # its fonts are files beside it; "simple" fetches Google Fonts
        reveal_scroll=False,
        reveal_number="c/t",
        reveal_width="1280",
        reveal_height="720",
        reveal_transition="none",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )


def build_deck(path: Path, deck: Path, up: str) -> Path:
    """One notebook's deck."""
    notebook = nbformat.read(path, as_version=4)
    if has_views(notebook):
        notebook = with_pictures(notebook, path.parent)
    html, _ = exporter(up).from_notebook_node(
        prepared(notebook), resources={"metadata": {"name": path.stem}}
    )
    deck.write_text(html, encoding="utf-8")
    return deck


def build_decks(out_dir: Path, only: str = "") -> list[Path]:
    """One `NN_name.slides.html` a notebook: English in out_dir, Chinese in out_dir/zh, with
    what they load beside them. `only` keeps the notebooks whose name starts with it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    copy_vendor(out_dir)
    made = []
    for edition, folder in EDITIONS.items():
        target = out_dir / edition if edition else out_dir
        target.mkdir(exist_ok=True)
        up = "../" if edition else ""
        for path in sorted(folder.glob(f"{only}*.ipynb")):
            made.append(build_deck(path, target / f"{path.stem}.slides.html", up))
    return made


def main(argv: list[str] | None = None) -> int:
    """Mark the notebooks, or build the decks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mark", action="store_true", help="write slide metadata, build nothing")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides")
    parser.add_argument("--only", default="", help="only the notebooks starting so, e.g. 05")
    args = parser.parse_args(argv)
    if args.mark:
        changed = [str(path.relative_to(NOTEBOOKS)) for path in every_notebook() if mark(path)]
        print(f"slide metadata written in: {', '.join(changed)}" if changed else "up to date")
        return 0
    try:
        decks = build_decks(args.out, args.only)
    except FileNotFoundError as error:
        print(f"slides: {error}", file=sys.stderr)
        return 2
    print(f"{len(decks)} decks in {args.out}/ (Chinese in zh/): open one in a browser, offline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
