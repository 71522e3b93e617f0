"""The stepper app as a teacher meets it: Voilà in a Jupyter server, a real headless Chromium.

The server serves a copy of app/stepper_app.ipynb on a free loopback port with its own token.
The test pastes a puzzle, steps, changes method and switches, goes side by side, and pastes a bad
puzzle; what the page shows is compared with what the library says, and a browser without the
token is sent to the login page. Screenshots at 1280x800 go to test-output/app-*.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_lib import puzzles
from sudoku_lib.board import parse
from sudoku_lib.errors import PuzzleFormatError
from sudoku_lib.stepper import Stepper
from sudoku_lib.words import format_seconds
from tests.browser_support import OUTPUT, ROOT, Lab, chromium, flat, jupyter_server

pytestmark = pytest.mark.browser

APP = ROOT / "app" / "stepper_app.ipynb"
PROJECTOR = {"width": 1280, "height": 800}
APP_OPEN_MS = 90_000
# With the controls open the board shrinks to keep it whole on an 800 px screen (app.py's
# --sdk-room; issue 20); its digits must stay readable from the back of a room.
OPEN_CONTROLS_DIGITS_PX = 24
MIN_CELL_PX = 34  # and a side-by-side board cell never narrower than 34 px at 1280x800


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[tuple[Lab, float]]:
    """A Jupyter server with Voilà's server extension serving a copy of the app, and how many
    seconds it took to listen. (`make app` runs Voilà's own server, which serves nothing but the
    app: tests/test_app_server.py starts that one; the app's page is the same in both.)"""
    started = time.perf_counter()
    with jupyter_server(tmp_path, [APP], module="jupyter_server") as running:
        yield running, time.perf_counter() - started


def shoot(page, name: str) -> None:
    """Keep a screenshot of the whole window, as the room would see it."""
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"app-{name}.png"))


def board_of(page):
    """The board on the stage (the left one, side by side)."""
    return page.locator(".sudoku-app table.sdk-board").first


def keys_ready(stepper):
    """The stepper, once its key listener is attached (it marks the stepper with the keys)."""
    from playwright.sync_api import expect

    expect(stepper).to_have_attribute("aria-keyshortcuts", re.compile("ArrowRight"))
    return stepper


def test_the_app_pastes_steps_changes_method_and_reports_a_bad_paste(app_server):
    from playwright.sync_api import expect

    server, listening = app_server
    expect.set_options(timeout=20_000)  # a shared machine can be slow to answer a click
    pasted = puzzles.load_set("easy50")[4]
    with chromium(PROJECTOR) as page:
        started = time.perf_counter()
        page.goto(f"{server.url}voila/render/{APP.name}?token={server.token}", timeout=60_000)
        app = page.locator(".sudoku-app")
        expect(app).to_be_visible(timeout=APP_OPEN_MS)
        expect(board_of(page)).to_be_visible(timeout=APP_OPEN_MS)
        opened = time.perf_counter() - started
        stranger = page.context.browser.new_page()  # a browser of its own: no cookie, no token
        stranger.goto(f"{server.url}voila/render/{APP.name}", timeout=60_000)
        expect(stranger).to_have_url(re.compile(r"/login\?next="))
        expect(stranger.locator(".sdk-board")).to_have_count(0)
        stranger.close()
        assert "import stepper_app" not in page.content(), "the app's code is visible"
        expect(page.locator(".jp-InputArea")).to_have_count(0)
        shoot(page, "start")

        page.get_by_role("button", name="From a puzzle set").click()
        controls = page.locator(".sudoku-app-controls")
        controls.locator("select", has=page.locator("option", has_text="top95 (")).select_option(
            label=f"top95 ({len(puzzles.load_set('top95'))})"
        )
        # Wait until the set has opened: the box's new bound, synced back from the kernel, would
        # otherwise reset a number typed in the meantime (as a person could not type that fast).
        expect(page.locator(".sudoku-app-title")).to_contain_text("of top95")
        controls.locator("input[type=number]").fill("7")
        controls.locator("input[type=number]").press("Enter")
        expect(board_of(page)).to_have_attribute(
            "data-puzzle", flat(parse(puzzles.load_set("top95")[6]))
        )
        expect(page.locator(".sudoku-app-title")).to_have_text(
            "Puzzle 7 of top95, by naive backtracking"
        )

        page.get_by_role("button", name="Paste a puzzle").click()
        page.locator(".sudoku-app textarea").fill(pasted)
        page.get_by_role("button", name="Use this puzzle").click()
        board = board_of(page)
        expect(board).to_have_attribute("data-puzzle", flat(parse(pasted)))
        expect(board).to_have_attribute("data-method", "naive")

        step = page.locator(".sudoku-app .sdk-step").first
        places = set()
        for k in range(1, 4):
            step.click()
            expect(board).to_have_attribute("data-position", str(k))
            box = step.bounding_box()
            places.add((round(box["x"]), round(box["y"])))
        assert len(places) == 1, f"Step moved as the stack grew: {places}"
        reference = Stepper(pasted, "naive")
        reference.step(3)
        assert board.get_attribute("data-board") == flat(reference.board)
        given = board.locator("td.sdk-g").first
        digits_px = given.evaluate("td => parseFloat(getComputedStyle(td).fontSize)")
        assert digits_px >= OPEN_CONTROLS_DIGITS_PX
        keys_ready(page.locator(".sudoku-app .sudoku-stepper").first).focus()
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-position", "4")
        page.keyboard.press("ArrowLeft")
        expect(board).to_have_attribute("data-position", "3")
        shoot(page, "pasted-and-stepped")

        page.get_by_role("button", name="backtracking with pruning").click()
        expect(board).to_have_attribute("data-method", "pruned")
        expect(board).to_have_attribute("data-position", "3")  # the class keeps its place
        page.get_by_role("button", name="hidden singles").click()
        expect(page.locator(".sudoku-app-title")).to_contain_text("hidden singles off")
        for k in range(4, 6):
            step.click()
            expect(board).to_have_attribute("data-position", str(k))
        reference = Stepper(pasted, "pruned", hidden_singles=False)
        reference.step(5)
        assert board.get_attribute("data-board") == flat(reference.board)
        shoot(page, "pruned")

        page.get_by_role("button", name="Side by side").click()
        pair = page.locator(".sudoku-app .sudoku-side-by-side")
        expect(pair).to_be_visible()
        boards = pair.locator("table.sdk-board")
        expect(boards).to_have_count(2)
        expect(boards.nth(1)).to_have_attribute("data-position", "5")
        pair.locator(".sdk-step").first.click()
        expect(boards.nth(1)).to_have_attribute("data-position", "6")
        keys_ready(pair).focus()
        page.keyboard.press("ArrowRight")
        for side, (method, switches) in enumerate(
            [("pruned", {"hidden_singles": False}), ("pruned", {})]
        ):
            reference = Stepper(pasted, method, **switches)
            reference.goto(7)
            expect(boards.nth(side)).to_have_attribute("data-position", str(reference.position))
            assert boards.nth(side).get_attribute("data-board") == flat(reference.board)
        widths = pair.locator("td").evaluate_all("cells => cells.map(c => c.offsetWidth)")
        assert min(widths) >= MIN_CELL_PX, "side by side, the boards squash"
        shoot(page, "side-by-side")

        page.get_by_text(
            "Sudoku stepper: the puzzle and the method"
        ).click()  # fold the controls away
        expect(page.locator(".sudoku-app-controls")).to_be_hidden()
        expect(page.locator(".sudoku-app-title")).to_be_in_viewport()
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, "folded")
        page.get_by_text("Sudoku stepper: the puzzle and the method").click()
        expect(page.locator(".sudoku-app-controls")).to_be_visible()

        bad = pasted[:40] + "x" + pasted[41:]
        with pytest.raises(PuzzleFormatError) as caught:
            parse(bad)
        page.locator(".sudoku-app textarea").fill(bad)
        page.get_by_role("button", name="Use this puzzle").click()
        problem = page.locator(".sudoku-app-problem")
        expect(problem).to_have_text(f"This puzzle cannot be used: {caught.value}.")
        expect(page.locator(".sudoku-app table.sdk-board")).to_have_count(0)
        assert "Traceback" not in page.content()
        shoot(page, "bad-paste")
    print(
        f"app test: the server listened after {format_seconds(listening)};"
        f" the app was drawn {format_seconds(opened)} after its page was asked for"
    )
