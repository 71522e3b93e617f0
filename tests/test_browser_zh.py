"""The Chinese edition in a real JupyterLab and a real headless Chromium at a projector's 1280x800:
JupyterLab's own menus in Chinese (its zh-CN language pack), and notebook 05's Chinese stepper
rendering, stepping when clicked and captioning in Chinese, with no English on a button, in a
tooltip, a label or a menu of the stepper. A screenshot is kept in test-output/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_lib import set_language
from sudoku_lib.stepper import StepperModel
from tests.browser_support import OUTPUT, ROOT, Lab, chromium, jupyter_server, run_all_cells
from tests.test_browser import KERNEL_IDLE_MS, LAPTOP, position_of
from tests.test_zh_no_english import leaks

pytestmark = pytest.mark.browser

NOTEBOOK = "05_stepping_through_the_search.ipynb"


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab in Chinese on a free loopback port, serving a copy of the Chinese notebook 05."""
    files = [ROOT / "notebooks" / "zh" / NOTEBOOK]
    with jupyter_server(
        tmp_path, files, options=["--LabApp.expose_app_in_browser=True"], locale="zh_CN"
    ) as running:
        yield running


def open_and_run_in_chinese(page, lab: Lab, name: str) -> None:
    """Open a notebook, wait until the Chinese status bar says the kernel is idle (空闲), run
    every cell, wait for the widgets."""
    from playwright.sync_api import expect

    page.goto(f"{lab.url}lab/tree/{name}?token={lab.token}", timeout=60_000)
    kernel = page.locator(".jp-StatusBar-TextItem").filter(has_text="ipykernel").first
    expect(kernel).to_have_text(re.compile(r"\|\s*空闲\s*$"), timeout=KERNEL_IDLE_MS)
    run_all_cells(page)
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="Error displaying widget")).to_have_count(0)
    expect(outputs.filter(has_text="Loading widget")).to_have_count(0, timeout=30_000)


def chinese_caption(puzzle: str, method: str, position: int) -> str:
    """What the Python model, speaking Chinese, says at `position` (the language is set back)."""
    set_language("zh")
    try:
        reference = StepperModel(puzzle, method)
        reference.goto(position)
        return reference.caption
    finally:
        set_language("en")


WORDS_SHOWN = """root => [...root.querySelectorAll(':not(style, script)')]
  .filter(node => node.checkVisibility()).flatMap(node => [
    node.children.length === 0 ? node.textContent : '',
    node.getAttribute('title') || '',
    node.getAttribute('aria-label') || '',
    node.getAttribute('placeholder') || '',
]).filter(text => text.trim())"""
"""Every word the stepper shows in the browser: the text of each visible innermost element
(buttons, labels, menu choices, captions), and every tooltip, accessible name and placeholder."""


def test_a_chinese_stepper_in_a_chinese_jupyterlab(lab: Lab):
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium(LAPTOP) as page:
        open_and_run_in_chinese(page, lab, NOTEBOOK)
        expect(page.locator("#jp-menu-panel, .lm-MenuBar").first).to_contain_text("文件")

        stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
        expect(stepper).to_be_visible()
        expect(stepper.locator(".sdk-step")).to_contain_text("单步")
        shown = stepper.evaluate(WORDS_SHOWN)
        assert len(shown) > 20 and leaks(shown) == []
        words = {word for text in shown for word in re.findall(r"[A-Za-z]{2,}", text)}
        assert words <= {"Home", "End"}, words  # the keys' own names
        board = stepper.locator("table.sdk-board")
        start = position_of(board)
        stepper.locator(".sdk-step").first.click()
        expect(board).to_have_attribute("data-position", str(start + 1))

        expected = chinese_caption(
            board.get_attribute("data-puzzle"), board.get_attribute("data-method"), start + 1
        )
        assert re.search(r"[\u4e00-\u9fff]", expected)
        expect(stepper.locator(".sdk-caption")).to_contain_text(expected)

        stepper.scroll_into_view_if_needed()
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "stepper-zh.png"))
        stepper.screenshot(path=str(OUTPUT / "stepper-widget-zh.png"))
