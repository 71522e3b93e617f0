"""Notebook 05 in a real JupyterLab and a real headless Chromium, at a laptop's 1280x800 with the
file browser open: the stepper renders, answers clicks and keys, Play pauses where it is, and the
side-by-side boards keep their size. A second notebook made here shows the large size.

The server runs on a free loopback port with its own token and its own config, runtime and settings
folders, on copies of the notebooks (so running them never rewrites the committed ones). The
expected boards and captions come from the Python model, never from numbers written here.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from sudoku_lib.board import parse
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import StepperModel
from tests import browser_support
from tests.browser_support import (
    OUTPUT,
    ROOT,
    Lab,
    chromium,
    flat,
    jupyter_server,
    require_chromium,
    run_all_cells,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "05_stepping_through_the_search.ipynb"
SIZES = "stepper_sizes.ipynb"
KERNEL_IDLE_MS = 90_000
LAPTOP = {"width": 1280, "height": 800}
MIN_SIDE_BY_SIDE_CELL = 34
OPEN_NOTEBOOK = (
    "async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }"
)


def sizes_notebook(path: Path) -> Path:
    """A notebook with a pruned stepper (pencil marks showing) at each size."""
    notebook = nbformat.v4.new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        }
    )
    code = (
        "from sudoku_lib import Stepper\nfrom sudoku_lib.puzzles import SAMPLE\n"
        "for size in ('default', 'large'):\n"
        "    shown = Stepper(SAMPLE, 'pruned', size=size, hidden_singles=False,\n"
        "                    naked_singles=False)\n"
        "    shown.step(3)\n    display(shown)"
    )
    notebook.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on a free loopback port, serving a copy of notebook 05 and the large one."""
    files = [ROOT / "notebooks" / NOTEBOOK, sizes_notebook(tmp_path / SIZES)]
    with jupyter_server(
        tmp_path, files, options=["--LabApp.expose_app_in_browser=True"]
    ) as running:
        yield running


def open_and_run(page, lab: Lab, name: str) -> None:
    """Open a notebook, wait for its kernel, run every cell, wait for the widgets."""
    from playwright.sync_api import expect

    page.goto(f"{lab.url}lab/tree/{name}?token={lab.token}", timeout=60_000)
    kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
    expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=KERNEL_IDLE_MS)
    run_all_cells(page)
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="Error displaying widget")).to_have_count(0)
    expect(outputs.filter(has_text="Loading widget")).to_have_count(0, timeout=30_000)


def position_of(board) -> int:
    """The step a drawn board shows."""
    return int(board.get_attribute("data-position"))


def cell_widths(locator) -> list[float]:
    """The drawn width of every cell of the boards under `locator`."""
    return locator.locator("table.sdk-board td").evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect().width)"
    )


def px(locator, prop: str = "font-size") -> float:
    """A computed CSS length of the first element, in pixels."""
    return float(locator.first.evaluate(f"e => getComputedStyle(e)['{prop}']").removesuffix("px"))


def test_the_stepper_works_in_jupyterlab(lab: Lab):
    from playwright.sync_api import expect

    started = time.perf_counter()
    expect.set_options(timeout=20_000)  # a shared CI machine can be slow to answer a click
    with chromium(LAPTOP) as page:
        open_and_run(page, lab, NOTEBOOK)
        expect(page.locator(".jp-FileBrowser").first).to_be_visible()

        stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
        expect(stepper).to_be_visible()
        board = stepper.locator("table.sdk-board")
        puzzle, method = board.get_attribute("data-puzzle"), board.get_attribute("data-method")
        start = position_of(board)
        reference = StepperModel(puzzle, method)
        reference.goto(start)
        assert board.get_attribute("data-board") == flat(reference.board)
        assert px(board.locator("td")) >= 20  # digits at the default size

        round_trips = []
        for k in range(1, 4):
            clicked = time.perf_counter()
            stepper.locator(".sdk-step").click()
            expect(board).to_have_attribute("data-position", str(start + k))
            round_trips.append(time.perf_counter() - clicked)
        reference.step(3)
        assert board.get_attribute("data-board") == flat(reference.board)
        counters = stepper.locator(".sdk-counters").inner_text()
        assert counters.startswith(f"step {start + 3} of ")
        assert counters.split(" · ", 1)[1] == reference.counters_text().split(" · ", 1)[1]
        expect(stepper.locator(".sdk-caption")).to_have_text(reference.caption)

        # Every control has a tooltip and an accessible name; the stepper says which keys work.
        unnamed = stepper.evaluate(
            """root => [...root.querySelectorAll('button, select, input')].filter(
                 c => !(c.getAttribute('aria-label') || c.textContent.trim() || c.labels?.length)
                   || !(c.title || c.closest('[title]'))).map(c => c.outerHTML)"""
        )
        assert not unnamed, unnamed
        assert stepper.get_attribute("role") == "group" and stepper.get_attribute("aria-label")
        assert "ArrowRight" in stepper.get_attribute("aria-keyshortcuts")

        # The keys, once the stepper is clicked: the line that says so is there.
        expect(stepper.locator(".sdk-keys")).to_contain_text("→ Step")
        board.click()
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-position", str(start + 4))
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        expect(board).to_have_attribute("data-position", str(start + 2))
        reference.goto(start + 2)
        assert board.get_attribute("data-board") == flat(reference.board)
        page.keyboard.press("End")
        reference.run_to_end()
        expect(board).to_have_attribute("data-position", str(reference.position))
        page.keyboard.press("Home")
        expect(board).to_have_attribute("data-position", "0")
        focused = page.evaluate("() => !!document.activeElement.closest('.sudoku-stepper')")
        assert focused, "the keys moved focus out of the stepper"

        # Play, then Pause: it stays where it paused (it never jumps back to step 0).
        sample = (
            page.locator(".sudoku-stepper")
            .filter(
                has=page.locator(
                    f"table.sdk-board[data-puzzle='{flat(parse(SAMPLE))}'][data-method='naive']"
                )
            )
            .filter(has=page.locator(".sdk-step"))
            .first
        )
        sample_board = sample.locator("table.sdk-board")
        sample.scroll_into_view_if_needed()
        sample.locator(".sdk-first").click()
        expect(sample_board).to_have_attribute("data-position", "0")
        play = sample.locator(".sdk-play")
        play.click()
        expect(play).to_have_text(re.compile("Pause"))
        page.wait_for_timeout(1_200)
        play.click()
        expect(play).to_have_text(re.compile("Play"))
        page.wait_for_timeout(400)  # a tick already asked for may still land
        paused = position_of(sample_board)
        page.wait_for_timeout(800)
        assert position_of(sample_board) == paused, "Pause did not stop Play"
        assert paused >= 3, "Play at 10 steps a second hardly moved"
        shown = sample_board.get_attribute("data-board")
        sample_reference = StepperModel(SAMPLE, "naive")
        sample_reference.goto(paused)
        assert shown == flat(sample_reference.board)
        sample_board.click()
        page.keyboard.press(" ")  # Space plays from where it paused
        page.wait_for_timeout(800)
        page.keyboard.press(" ")
        page.wait_for_timeout(400)
        assert position_of(sample_board) > paused
        readout = sample.locator(".sdk-slider .widget-readout")
        expect(readout).to_have_text(str(position_of(sample_board)))
        sample.locator(".sdk-step").focus()
        before = position_of(sample_board)
        page.keyboard.press(" ")  # Space on a focused button presses that button, not Play
        expect(sample_board).to_have_attribute("data-position", str(before + 1))
        expect(play).to_have_text(re.compile("Play"))

        # Side by side, with the file browser open: both boards in a row, no cell squashed.
        pair = page.locator(".sudoku-side-by-side").first
        pair.scroll_into_view_if_needed()
        boards = pair.locator("table.sdk-board")
        expect(boards).to_have_count(2)
        left, right = (boards.nth(i).bounding_box() for i in range(2))
        assert abs(left["y"] - right["y"]) < 2 and left["x"] + left["width"] <= right["x"]
        widths = cell_widths(pair)
        assert len(widths) == 2 * 81 and min(widths) >= MIN_SIDE_BY_SIDE_CELL, min(widths)
        for name in ("sdk-play", "sdk-slider", "sdk-next-dead-end"):
            expect(pair.locator(f".{name}")).to_have_count(1)
        pair.locator(".sdk-first").click()
        pair.locator(".sdk-step").click()
        for i in range(2):  # one timeline: the same step on both boards
            expect(boards.nth(i)).to_have_attribute("data-position", "1")

        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "side-by-side-page.png"))
        pair.screenshot(path=str(OUTPUT / "side-by-side.png"))
        stepper.scroll_into_view_if_needed()
        page.screenshot(path=str(OUTPUT / "stepper.png"))
        stepper.screenshot(path=str(OUTPUT / "stepper-widget.png"))

    print(
        f"browser test: {format_seconds(time.perf_counter() - started)};"
        f" Step click to new board: {format_seconds(max(round_trips))} at most;"
        f" Play for 1.2 s: {paused} steps; side-by-side cells {min(widths):.0f} px at least"
    )


def test_both_sizes_in_jupyterlab(lab: Lab):
    """Pencil marks readable at the default size; everything bigger at the large one."""
    from playwright.sync_api import expect

    with chromium(LAPTOP) as page:
        open_and_run(page, lab, SIZES)
        default = page.locator(".sudoku-stepper.sdk-default").first
        expect(default).to_be_visible()
        assert px(default.locator("table.sdk-board td")) >= 20
        assert px(default.locator(".sdk-pm")) >= 11
        OUTPUT.mkdir(exist_ok=True)
        default.screenshot(path=str(OUTPUT / "stepper-default.png"))
        big = page.locator(".sudoku-stepper.sdk-large").first
        big.scroll_into_view_if_needed()
        expect(big).to_be_visible()
        assert px(big.locator("table.sdk-board td")) >= 28
        for part in (".sdk-caption", ".sdk-counters", ".sdk-stack"):
            assert px(big.locator(part)) >= 18, part
        big.screenshot(path=str(OUTPUT / "stepper-large.png"))


def test_a_missing_chromium_skips_here_but_fails_in_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(browser_support, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("SUDOKU_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-chromium is missing"):
        require_chromium()
    monkeypatch.setenv("SUDOKU_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="no-chromium is missing"):
        require_chromium()
