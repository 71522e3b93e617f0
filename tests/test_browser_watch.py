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
from tests.learner_functions import permute

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
def one_cell_lab(folder: Path, name: str, cell: str) -> Iterator[Lab]:
    """JupyterLab on a free loopback port, serving a notebook of the one code cell."""
    notebook = folder / name
    kernel = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    cells = [nbformat.v4.new_code_cell(cell)]
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
