"""Notebook 05 in a real JupyterLab and a real headless Chromium: the stepper renders and responds.

The server runs on a free loopback port with its own token and its own config, runtime and settings
folders, on a copy of the notebook (so running it never rewrites the committed one). The expected
boards and counters come from the Python API, never from numbers written here.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import Stepper
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
KERNEL_IDLE_MS = 90_000


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on a free loopback port, serving a copy of notebook 05."""
    with jupyter_server(
        tmp_path, [ROOT / "notebooks" / NOTEBOOK], options=["--LabApp.expose_app_in_browser=True"]
    ) as running:
        yield running


def test_the_stepper_works_in_jupyterlab(lab: Lab):
    from playwright.sync_api import expect

    started = time.perf_counter()
    expect.set_options(timeout=20_000)  # a shared CI machine can be slow to answer a click
    with chromium({"width": 1400, "height": 1000}) as page:
        page.goto(f"{lab.url}lab/tree/{NOTEBOOK}?token={lab.token}", timeout=60_000)
        kernel = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
        expect(kernel).to_have_text(re.compile(r"\|\s*Idle\s*$"), timeout=KERNEL_IDLE_MS)
        run_all_cells(page)

        outputs = page.locator(".jp-OutputArea-output")
        expect(outputs.filter(has_text="Error displaying widget")).to_have_count(0)
        expect(outputs.filter(has_text="Loading widget")).to_have_count(0, timeout=30_000)
        stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
        expect(stepper).to_be_visible()
        board = stepper.locator("table.sdk-board")

        puzzle = board.get_attribute("data-puzzle")
        method = board.get_attribute("data-method")
        start = int(board.get_attribute("data-position"))
        reference = Stepper(puzzle, method)
        reference.goto(start)
        assert board.get_attribute("data-board") == flat(reference.board)

        round_trips = []
        for k in range(1, 4):
            clicked = time.perf_counter()
            stepper.locator(".sdk-step").click()
            expect(board).to_have_attribute("data-position", str(start + k))
            round_trips.append(time.perf_counter() - clicked)
        reference.step(3)
        assert board.get_attribute("data-board") == flat(reference.board)
        expect(stepper.locator(".sdk-counters")).to_have_text(reference.counters_text())
        expect(stepper.locator(".sdk-caption")).to_have_text(reference.caption)
        after_two = Stepper(puzzle, method)
        after_two.goto(start + 2)
        assert flat(after_two.board) != board.get_attribute("data-board")

        stepper.locator(".sdk-back").click()
        expect(board).to_have_attribute("data-position", str(start + 2))
        assert board.get_attribute("data-board") == flat(after_two.board)

        before_play = int(board.get_attribute("data-position"))
        play = stepper.locator(".sdk-play button").first
        play.click()
        page.wait_for_timeout(1_000)
        play.click()  # pause
        page.wait_for_timeout(500)
        position, shown = board.evaluate("t => [t.dataset.position, t.dataset.board]")
        after_play = int(position)
        assert after_play >= before_play + 3, "Play at 10 steps a second hardly moved"
        readout = stepper.locator(".sdk-slider .widget-readout")
        expect(readout).to_have_text(str(after_play))  # the kernel kept up with the clock
        reference.goto(after_play)
        assert shown == flat(reference.board)

        OUTPUT.mkdir(exist_ok=True)
        stepper.scroll_into_view_if_needed()
        page.screenshot(path=str(OUTPUT / "stepper.png"))
        stepper.screenshot(path=str(OUTPUT / "stepper-widget.png"))
        page.locator(".sudoku-side-by-side").first.screenshot(path=str(OUTPUT / "side-by-side.png"))
    print(
        f"browser test: {format_seconds(time.perf_counter() - started)};"
        f" Step click to new board: {format_seconds(max(round_trips))} at most;"
        f" one second of Play: {after_play - before_play} steps"
    )


def test_a_missing_chromium_skips_here_but_fails_in_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(browser_support, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("SUDOKU_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-chromium is missing"):
        require_chromium()
    monkeypatch.setenv("SUDOKU_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="no-chromium is missing"):
        require_chromium()
