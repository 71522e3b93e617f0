"""Everything fits a projector: JupyterLab at 1280x800 with the file browser open, in headless
Chromium. For a default stepper, a large one, a default pair and a `watch` view, the board(s), the
caption(s), Step and Play must sit inside the visible notebook area together, measured by their
bounding boxes once the widget's top is scrolled to the top of the notebook. A large pair must wrap
inside the notebook's width, never be cut; and Presentation Mode must grow the boards with the
prose. Screenshots go to test-output/layout-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import nbformat
import pytest

from tests.browser_support import OUTPUT, Lab, chromium, jupyter_server, run_all_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "layout.ipynb"
LAPTOP = {"width": 1280, "height": 800}
QUEENS = """def place(n, queens, found):
    if len(queens) == n:
        found.append(list(queens))
        return True
    for col in range(n):
        if all(col != c and abs(col - c) != len(queens) - r for r, c in enumerate(queens)):
            queens.append(col)
            if place(n, queens, found):
                return True
            queens.pop()
    return False"""
CELLS = {
    "default stepper": "from sudoku_lib import Stepper, side_by_side, watch\n"
    "from sudoku_lib.puzzles import SAMPLE\n"
    "one = Stepper(SAMPLE)\none.step(60)\none",
    "large stepper": "big = Stepper(SAMPLE, size='large')\nbig.step(60)\nbig",
    "default pair": "pair = side_by_side(SAMPLE)\npair.step(40)\npair",
    "watch view": f"{QUEENS}\n\nwatched = watch(place, 4, [], [])\nwatched.goto(20)\nwatched",
    "large pair": "side_by_side(SAMPLE, size='large')",
}
PARTS = {
    "board": "table.sdk-board, .sdk-watch",
    "caption": ".sdk-caption",
    "Step": ".sdk-step",
    "Play": ".sdk-play",
}


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Iterator:
    """One JupyterLab and one Chromium page for the module, the notebook run once (the tests
    read it in file order; the last one switches Presentation Mode on)."""
    tmp_path = tmp_path_factory.mktemp("layout")
    notebook = tmp_path / NOTEBOOK
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cells = [nbformat.v4.new_code_cell(source) for source in CELLS.values()]
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), notebook)
    with (
        jupyter_server(
            tmp_path, [notebook], options=["--LabApp.expose_app_in_browser=True"]
        ) as lab,
        chromium(LAPTOP) as opened,
    ):
        open_and_run(opened, lab)
        yield opened


def open_and_run(page, lab: Lab) -> None:
    """Open the notebook with the file browser showing, run it, and wait for every widget."""
    from playwright.sync_api import expect

    page.goto(f"{lab.url}lab/tree/{NOTEBOOK}?token={lab.token}", timeout=60_000)
    kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
    expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=90_000)
    expect(page.locator(".jp-FileBrowser").first).to_be_visible()
    run_all_cells(page)
    roots = page.locator(".jp-OutputArea-output > .sudoku-stepper, .sudoku-side-by-side")
    expect(roots.filter(has=page.locator(".sdk-play"))).to_have_count(len(CELLS), timeout=30_000)


def widget_of(page, index: int):
    """The outermost stepper widget in the output of code cell `index`."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").nth(index)
    return cell.locator(".sudoku-side-by-side, .sudoku-stepper").first


def scrolled_to_top(page, widget) -> dict[str, float]:
    """Scroll the widget's top to the top of the notebook; the notebook's visible box."""
    widget.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    return page.locator(".jp-NotebookPanel-notebook").first.bounding_box()


def outside(box: dict[str, float], area: dict[str, float]) -> bool:
    """True when any part of box lies outside area (one pixel of rounding allowed)."""
    return (
        box["x"] < area["x"] - 1
        or box["y"] < area["y"] - 1
        or box["x"] + box["width"] > area["x"] + area["width"] + 1
        or box["y"] + box["height"] > area["y"] + area["height"] + 1
    )


def test_each_layout_shows_board_caption_step_and_play_together(page):
    OUTPUT.mkdir(exist_ok=True)
    cut: dict[str, list[str]] = {}
    for index, name in enumerate(CELLS):
        if name == "large pair":
            continue
        widget = widget_of(page, index)
        area = scrolled_to_top(page, widget)
        page.screenshot(path=str(OUTPUT / f"layout-{name.replace(' ', '-')}.png"))
        for part, selector in PARTS.items():
            found = widget.locator(selector)
            boxes = [found.nth(i).bounding_box() for i in range(found.count())]
            assert boxes, f"{name}: no {part}"
            if any(box is None or outside(box, area) for box in boxes):
                cut.setdefault(name, []).append(part)
    assert not cut, f"not on screen with the rest, at 1280x800 with the file browser: {cut}"


def test_a_large_pair_wraps_inside_the_notebook_and_is_never_cut(page):
    widget = widget_of(page, list(CELLS).index("large pair"))
    area = scrolled_to_top(page, widget)
    boards = widget.locator("table.sdk-board")
    right_edge = area["x"] + area["width"]
    for i in range(boards.count()):
        box = boards.nth(i).bounding_box()
        assert box["x"] + box["width"] <= right_edge + 1, f"board {i + 1} is cut on the right"
    buttons = widget.locator(".sdk-buttons button, .sdk-play")
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box["x"] + box["width"] <= right_edge + 1, buttons.nth(i).inner_text()


def test_presentation_mode_grows_the_board_with_the_prose(page):
    cell = widget_of(page, 0).locator("table.sdk-board td").first
    before = cell.bounding_box()["width"]
    prose = "() => getComputedStyle(document.querySelector('.jp-Notebook'))"
    prose += ".getPropertyValue('--jp-content-font-size1')"
    prose_before = page.evaluate(prose)
    page.evaluate(
        "() => window.jupyterapp.commands.execute('application:toggle-presentation-mode')"
    )
    page.wait_for_timeout(500)
    prose_after = page.evaluate(prose)
    after = cell.bounding_box()["width"]
    page.screenshot(path=str(OUTPUT / "layout-presentation-mode.png"))
    grown = float(prose_after.strip().removesuffix("px")) / float(
        prose_before.strip().removesuffix("px")
    )
    assert grown > 1.1, (prose_before, prose_after)
    assert after == pytest.approx(before * grown, rel=0.05), (before, after, grown)
