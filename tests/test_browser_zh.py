"""The Chinese edition in a real JupyterLab and a real headless Chromium at a projector's 1280x800:
JupyterLab's own menus in Chinese (its zh-CN language pack), and notebook 05's Chinese stepper
rendering, stepping when clicked and captioning in Chinese. A screenshot is kept in test-output/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_lib.stepper import StepperModel
from tests.browser_support import OUTPUT, ROOT, Lab, chromium, jupyter_server
from tests.test_browser import LAPTOP, open_and_run, position_of

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


def test_a_chinese_stepper_in_a_chinese_jupyterlab(lab: Lab):
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium(LAPTOP) as page:
        open_and_run(page, lab, NOTEBOOK)
        expect(page.locator("#jp-menu-panel, .lm-MenuBar").first).to_contain_text("文件")

        stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
        expect(stepper).to_be_visible()
        board = stepper.locator("table.sdk-board")
        start = position_of(board)
        stepper.locator(".sdk-step").first.click()
        expect(board).to_have_attribute("data-position", str(start + 1))

        reference = StepperModel(
            board.get_attribute("data-puzzle"), board.get_attribute("data-method")
        )
        reference.goto(start + 1)
        caption = stepper.locator(".sdk-caption")
        expect(caption).to_contain_text(re.compile(r"第 [\d,]+ 步"))
        assert reference.caption.split("：")[0] in caption.inner_text()

        stepper.scroll_into_view_if_needed()
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "stepper-zh.png"))
        stepper.screenshot(path=str(OUTPUT / "stepper-widget-zh.png"))
