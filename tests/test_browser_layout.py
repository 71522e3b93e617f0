"""Everything fits a projector: JupyterLab at 1280x800 with the file browser open, in headless
Chromium, at the default font and in Presentation Mode. For a default stepper, a large one, a pair
of each size, a `watch` view of 4-queens and 03's `watch(solve_board, ...)` on the 9x9 sample, the
board(s), the caption(s), Step and Play must sit inside the visible notebook area together,
measured by their bounding boxes once the widget's top is scrolled to the top of the notebook.
Step must not move between clicks as the stack grows; the current call of a watched run must stay
inside its tree's box and on screen at five points of the run; and Presentation Mode must grow the
board, the buttons, the captions and the tree's labels with the prose. Screenshots go to
test-output/layout-*.png.
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
IS_VALID = """def is_valid(board, r, c, d):
    for i in range(9):
        if board[r][i] == d or board[i][c] == d:
            return False
    top, left = 3 * (r // 3), 3 * (c // 3)
    return all(board[i][j] != d for i in range(top, top + 3) for j in range(left, left + 3))"""
SOLVE_BOARD = """def solve_board(board, counter):
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                for d in "123456789":
                    if is_valid(board, r, c, d):
                        board[r][c] = d
                        counter["placed"] += 1
                        if solve_board(board, counter):
                            return True
                        board[r][c] = "."
                return False
    return True"""
CELLS = {
    "default stepper": "from sudoku_lib import Stepper, side_by_side, watch\n"
    "from sudoku_lib.puzzles import SAMPLE\n"
    "one = Stepper(SAMPLE)\none.step(60)\none",
    "large stepper": "big = Stepper(SAMPLE, size='large')\nbig.step(60)\nbig",
    "default pair": "pair = side_by_side(SAMPLE)\npair.step(40)\npair",
    "watch view": f"{QUEENS}\n\nwatched = watch(place, 4, [], [])\nwatched.goto(20)\nwatched",
    "large pair": "side_by_side(SAMPLE, size='large')",
    "sudoku watch": f"{IS_VALID}\n\n{SOLVE_BOARD}\n\n"
    "from sudoku_lib import parse\nsolved = watch(solve_board, parse(SAMPLE), {'placed': 0})\n"
    "solved.goto(300)\nsolved",
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


def set_mode(page, presentation: bool) -> None:
    """Switch JupyterLab's Presentation Mode on or off (a toggle: only when it differs)."""
    on = "() => document.querySelector('.jp-mod-presentationMode') !== null"
    if page.evaluate(on) != presentation:
        page.evaluate(
            "() => window.jupyterapp.commands.execute('application:toggle-presentation-mode')"
        )
        page.wait_for_function(f"() => ({on})() === {str(presentation).lower()}")
        page.wait_for_timeout(500)


MODES = {"default font": False, "Presentation Mode": True}


@pytest.mark.parametrize("mode", MODES)
def test_each_layout_shows_board_caption_step_and_play_together(page, mode):
    set_mode(page, MODES[mode])
    OUTPUT.mkdir(exist_ok=True)
    cut: dict[str, list[str]] = {}
    for index, name in enumerate(CELLS):
        widget = widget_of(page, index)
        area = scrolled_to_top(page, widget)
        shot = f"layout-{name.replace(' ', '-')}-{'presenting' if MODES[mode] else 'default'}"
        page.screenshot(path=str(OUTPUT / f"{shot}.png"))
        for part, selector in PARTS.items():
            found = widget.locator(selector)
            boxes = [found.nth(i).bounding_box() for i in range(found.count())]
            assert boxes, f"{name}: no {part}"
            if any(box is None or outside(box, area) for box in boxes):
                cut.setdefault(name, []).append(part)
    assert not cut, f"not on screen with the rest, at 1280x800 with the file browser: {cut}"


def step_once(widget) -> None:
    """Press Step and wait until the first counters line says a new step."""
    counters = widget.locator(".sdk-counters").first
    before = counters.inner_text()
    widget.locator(".sdk-step").first.click()
    for _ in range(100):
        if counters.inner_text() != before:
            return
        widget.page.wait_for_timeout(50)
    pytest.fail(f"Step changed nothing: {before}")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "name", ["default stepper", "large stepper", "default pair", "sudoku watch"]
)
def test_the_step_button_stays_put_while_the_stack_grows(page, mode, name):
    set_mode(page, MODES[mode])
    widget = widget_of(page, list(CELLS).index(name))
    scrolled_to_top(page, widget)
    places = []
    for _ in range(6):
        step_once(widget)
        top, step = widget.bounding_box(), widget.locator(".sdk-step").first.bounding_box()
        places.append((round(step["x"] - top["x"]), round(step["y"] - top["y"])))
    assert len(set(places)) == 1, f"{name}: Step moved between clicks: {places}"


def test_the_current_call_stays_in_view_while_stepping(page):
    set_mode(page, False)
    widget = widget_of(page, list(CELLS).index("sudoku watch"))
    area = scrolled_to_top(page, widget)
    tree = widget.locator(".sdk-watch-tree")
    missed = []
    for point in range(5):
        widget.locator(".sdk-next-dead-end").click()
        page.wait_for_timeout(300)
        step_once(widget)  # the call after the dead end: often a new branch
        current = widget.locator("circle[data-current]")
        box = current.bounding_box() if current.count() else None
        if box is None or outside(box, tree.bounding_box()) or outside(box, area):
            missed.append(point)
    assert not missed, f"the current call off screen at points {missed} of 5"


def text_size(locator) -> float:
    """The rendered height of an element's text (an SVG label scales with its picture)."""
    return float(locator.evaluate("node => node.getBoundingClientRect().height"))


def test_a_large_pair_wraps_inside_the_notebook_and_is_never_cut(page):
    set_mode(page, False)
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


def test_presentation_mode_grows_board_buttons_captions_and_tree_labels_with_the_prose(page):
    set_mode(page, False)
    stepper = widget_of(page, 0)
    watched = widget_of(page, list(CELLS).index("sudoku watch"))
    parts = {
        "board cell": stepper.locator("table.sdk-board td").first,
        "Step": stepper.locator(".sdk-step").first,
        "caption": stepper.locator(".sdk-caption").first,
        "tree label": watched.locator("svg.sdk-calltree text").first,
    }
    before = {name: text_size(part) for name, part in parts.items()}
    prose = "() => getComputedStyle(document.querySelector('.jp-Notebook'))"
    prose += ".getPropertyValue('--jp-content-font-size1')"
    prose_before = page.evaluate(prose)
    set_mode(page, True)
    prose_after = page.evaluate(prose)
    after = {name: text_size(part) for name, part in parts.items()}
    page.screenshot(path=str(OUTPUT / "layout-presentation-mode.png"))
    grown = float(prose_after.strip().removesuffix("px")) / float(
        prose_before.strip().removesuffix("px")
    )
    assert grown > 1.1, (prose_before, prose_after)
    for name in parts:
        assert after[name] == pytest.approx(before[name] * grown, rel=0.08), (name, before, after)
