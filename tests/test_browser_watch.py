"""A watched run in a real JupyterLab and headless Chromium: `watch` shows as the stepper, and its
Step and Back buttons move through the learner's own function.

The notebook is written here (one cell: the learner's permute of tests/learner_functions.py,
watched); the expected captions come from watching the same source in this process, never from
text written into the test.
"""

from __future__ import annotations

import inspect
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest

from sudoku_lib import watch
from tests.browser_support import OUTPUT, Lab, chromium, jupyter_server, run_all_cells
from tests.data.watch_programs import word_search
from tests.learner_functions import permute
from tests.test_watch_pictures import place_on

pytestmark = pytest.mark.browser

NOTEBOOK = "watched.ipynb"
CELL = f"""from sudoku_lib import watch


{inspect.getsource(permute)}

watch(permute, [1, 2, 3])"""


def reference_recording():
    """The same cell's function, watched here: its line numbers count from the cell's top.

    The cell is written to a file of its own, as the kernel does with a cell, so the recorder
    takes it for the learner's code (code compiled from a string is judged by its module)."""
    source = CELL.replace("watch(permute, [1, 2, 3])", "")
    cell_file = Path(tempfile.mkdtemp(prefix="watched-cell-")) / "cell.py"
    cell_file.write_text(source)
    space: dict = {"__name__": "watched_cell"}
    exec(compile(source, str(cell_file), "exec"), space)
    return watch(space["permute"], [1, 2, 3])


@contextmanager
def one_cell_lab(folder: Path, name: str, cell: str | list[str]) -> Iterator[Lab]:
    """JupyterLab on a free loopback port, serving a notebook of the one code cell (or of
    these cells)."""
    notebook = folder / name
    kernel = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    cells = [
        nbformat.v4.new_code_cell(code) for code in ([cell] if isinstance(cell, str) else cell)
    ]
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), notebook)
    with jupyter_server(
        folder, [notebook], options=["--LabApp.expose_app_in_browser=True"]
    ) as running:
        yield running


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab serving the one-cell notebook that watches permute."""
    with one_cell_lab(tmp_path, NOTEBOOK, CELL) as running:
        yield running


def test_a_watched_run_steps_in_jupyterlab(lab: Lab):
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    reference = reference_recording()
    with chromium({"width": 1400, "height": 1000}) as page:
        page.goto(f"{lab.url}lab/tree/{NOTEBOOK}?token={lab.token}", timeout=60_000)
        kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
        expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=90_000)
        run_all_cells(page)
        stepper = page.locator(".sudoku-stepper").first
        expect(stepper).to_be_visible(timeout=30_000)
        view = stepper.locator(".sdk-watch")
        caption = stepper.locator(".sdk-caption")
        expect(view).to_have_attribute("data-position", "0")
        for k in range(1, 4):
            stepper.locator(".sdk-step").click()
            expect(view).to_have_attribute("data-position", str(k))
        expect(caption).to_have_text(reference.goto(3).model.frame().caption)  # with your line
        stepper.locator(".sdk-back").click()
        expect(view).to_have_attribute("data-position", "2")
        expect(caption).to_have_text(reference.goto(2).model.frame().caption)
        expect(stepper.locator("svg.sdk-calltree circle")).not_to_have_count(0)
        OUTPUT.mkdir(exist_ok=True)
        stepper.screenshot(path=str(OUTPUT / "watch-stepper.png"))


QUEENS_NOTEBOOK = "queens.ipynb"
QUEENS_CELL = """from sudoku_lib import watch


def queens(n):
    res, cols = [], []

    def place(r):
        if r == n:
            res.append(cols[:])
            return
        for c in range(n):
            if any(c == q or abs(c - q) == r - i for i, q in enumerate(cols)):
                continue
            cols.append(c)
            place(r + 1)
            cols.pop()

    place(0)
    return res


watch(queens, 4)"""


@pytest.fixture
def queens_lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab serving a one-cell notebook that watches 4-queens."""
    with one_cell_lab(tmp_path, QUEENS_NOTEBOOK, QUEENS_CELL) as running:
        yield running


def test_the_current_call_of_4_queens_stays_in_the_notebook_at_1280x800(queens_lab: Lab):
    """At 1280x800 with the file browser open, step through the run: at each step the ring
    around the current call lies inside the visible notebook area (the tree is cropped around
    it, not the widget widened)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium({"width": 1280, "height": 800}) as page:
        page.goto(f"{queens_lab.url}lab/tree/{QUEENS_NOTEBOOK}?token={queens_lab.token}")
        kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
        expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=90_000)
        run_all_cells(page)
        stepper = page.locator(".sudoku-stepper").first
        expect(stepper).to_be_visible(timeout=30_000)
        view = stepper.locator(".sdk-watch")
        seen = 0
        for k in range(1, 41):
            stepper.locator(".sdk-step").click()
            expect(view).to_have_attribute("data-position", str(k))
            stepper.evaluate("node => node.scrollIntoView({block: 'start'})")
            area = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
            ring = stepper.locator("[data-current]")
            if ring.count():
                box = ring.first.bounding_box()
                assert box is not None, f"step {k}: the current call is not drawn"
                right, bottom = box["x"] + box["width"], box["y"] + box["height"]
                assert area["x"] <= box["x"] and right <= area["x"] + area["width"], (k, box)
                assert area["y"] <= box["y"] and bottom <= area["y"] + area["height"], (k, box)
                seen += 1
        assert seen >= 30  # a call is open at most steps
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "watch-queens-1280x800.png"))


BOARDS_NOTEBOOK = "boards.ipynb"
BOARDS_CELLS = [
    f"""from sudoku_lib import watch


{inspect.getsource(place_on)}

{inspect.getsource(word_search.exist)}""",
    'watch(place_on, [["."] * 8 for _ in range(8)], 8)',
    'watch(exist, [list("ABCE"), list("SFCS"), list("ADEE")], "ABCCED")',
]

OVERLAPS = """node => {
  const seen = el => {  // the part of an element left visible by the stepper's clipping boxes
    const r = el.getBoundingClientRect();
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let p = el.parentElement; p && p !== node.parentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.display !== 'contents' && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) {
        const q = p.getBoundingClientRect();
        box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top),
               r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
      }
    }
    return box;
  };
  const tree = seen(node.querySelector('svg.sdk-calltree'));
  const controls = [...node.querySelectorAll('button, select, input, .sdk-stack')].map(seen);
  return controls.filter(c => c.l < tree.r - 1 && tree.l < c.r - 1
                           && c.t < tree.b - 1 && tree.t < c.b - 1).length;
}"""


@pytest.fixture
def boards_lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab serving a one-cell notebook that watches 8-queens on a board and a word grid."""
    with one_cell_lab(tmp_path, BOARDS_NOTEBOOK, BOARDS_CELLS) as running:
        yield running


def test_boards_are_drawn_as_what_they_are_and_the_tree_stays_off_the_controls(
    boards_lab: Lab,
) -> None:
    """8-queens shows a chessboard with its queens, the word grid a grid; at two widths and
    several steps the visible call tree overlaps no button, field or the list of calls."""
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium({"width": 1280, "height": 800}) as page:
        page.goto(f"{boards_lab.url}lab/tree/{BOARDS_NOTEBOOK}?token={boards_lab.token}")
        kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
        expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=90_000)
        run_all_cells(page)
        queens, grid = (
            page.locator(".sudoku-stepper").nth(0),
            page.locator(".sudoku-stepper").nth(1),
        )
        expect(grid).to_be_visible(timeout=30_000)
        OUTPUT.mkdir(exist_ok=True)
        for width in (1280, 900):
            page.set_viewport_size({"width": width, "height": 800})
            for stepper, name in ((queens, "queens-8"), (grid, "word-grid")):
                goto = stepper.locator("input[type=number]").first
                for k in (10, 60, 200):
                    goto.fill(str(k))
                    goto.press("Enter")
                    expect(stepper.locator(".sdk-watch")).to_have_attribute(
                        "data-position", re.compile(r"\d+")
                    )
                    stepper.evaluate("node => node.scrollIntoView({block: 'start'})")
                    assert stepper.evaluate(OVERLAPS) == 0, (name, width, k)
                stepper.screenshot(path=str(OUTPUT / f"watch-{name}-{width}.png"))
        board = queens.locator("table.sdk-queens")
        expect(board).to_have_attribute("data-n", "8")
        expect(board.locator("td")).to_have_count(64)
        expect(grid.locator("table.sdk-grid td")).to_have_count(12)
