"""The browser edition (`make lite`) in headless Chromium, as a learner meets it: no server but a
static one, the kernel Pyodide's Python running in the page.

The site is built first unless the one in build/lite/ was built from the sources as they are, then
served from 127.0.0.1 by a small threaded server. In a fresh browser each test opens a notebook of
the learner's copy, runs it with Run -> Run All Cells and finds no error output; 03 then has its
self-check judge a right answer, a wrong one and an endless loop typed into the exercise's cell,
each judged as the same check judges it here in CPython; 05's stepper answers a click and a key
with the boards the Python model gives; 06's charts, without matplotlib, are one line each; a
notebook downloads from the file browser, as 00 says. No request may leave 127.0.0.1: Chromium
resolves every other host to nothing, and each request the page or its workers make is recorded
and checked.

Slow (the site's build, then Pyodide's start in each browser), so `make test-lite` runs it and
`make test` does not; it prints the cold start's time to the first cell's answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import StepperModel
from tests.browser_support import CHROMIUM, CHROMIUM_FLAGS, OUTPUT, ROOT, flat, require_chromium
from tools import build_lite
from tools.lite_serve import serving

pytestmark = [pytest.mark.lite, pytest.mark.slow, pytest.mark.browser]

SITE = build_lite.OUT
LAPTOP = {"width": 1280, "height": 800}
KERNEL_START_MS = 240_000  # Pyodide's first start on a loaded two-core machine
RUN_ALL_SECONDS = 300
CHECK_MS = 120_000
ERROR_OUTPUT = (
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
    " .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
)
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""Chromium finds no host but this machine, so a request that would leave it fails (and the
recorder below still sees it was made)."""

QUEENS_RIGHT = '''def count_queens(n):
    """Count by placing a queen a row, in every column no queen placed so far attacks."""
    def place(row, cols, up, down):
        if row == n:
            return 1
        total = 0
        for c in range(n):
            if c not in cols and row - c not in up and row + c not in down:
                total += place(row + 1, cols | {c}, up | {row - c}, down | {row + c})
        return total
    return place(0, frozenset(), frozenset(), frozenset())
'''
QUEENS_WRONG = '''def count_queens(n):
    """One way for each column the first queen can take: no search at all."""
    return n
'''
QUEENS_ENDLESS = '''def count_queens(n):
    """Never returns: the check's time limit must stop it, with no thread and no signal."""
    while True:
        n += 1
'''


# --- the site and its server --------------------------------------------------------------------


@pytest.fixture(scope="module")
def site() -> Path:
    """build/lite/, built now unless it was built from the sources as they are."""
    require_chromium()
    if not build_lite.is_current(SITE, None):
        subprocess.run([sys.executable, "-m", "tools.build_lite"], cwd=ROOT, check=True)
    return SITE


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site on a free port of 127.0.0.1, served from a thread; its address."""
    with serving(site) as address:
        yield address


# --- the browser --------------------------------------------------------------------------------


class Browsing:
    """A fresh headless Chromium on the site, recording every request that leaves 127.0.0.1."""

    def __init__(self, page: Any, address: str) -> None:
        self.page = page
        self.address = address
        self.outside: list[str] = []

    def saw(self, request: Any) -> None:
        """Keep a request's address if it is not the site's (data: and blob: stay in the page)."""
        url = request.url
        if not url.startswith((self.address, "data:", "blob:")):
            self.outside.append(url)


@pytest.fixture
def browsing(served: str) -> Iterator[Browsing]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_FLAGS, OFFLINE], timeout=60_000
        )
        try:
            context = browser.new_context(viewport=LAPTOP)
            page = context.new_page()
            page.set_default_timeout(60_000)
            watcher = Browsing(page, served)
            context.on("request", watcher.saw)  # the page's, its workers' and its frames'
            page.on("request", watcher.saw)
            yield watcher
            assert not watcher.outside, f"requests left 127.0.0.1: {watcher.outside[:5]}"
        finally:
            browser.close()


def open_notebook(browsing: Browsing, name: str, edition: str = "") -> None:
    """Open a notebook of the learner's copy in JupyterLite's lab (the Chinese edition's with
    edition="zh/")."""
    from playwright.sync_api import expect

    page = browsing.page
    page.goto(f"{browsing.address}{edition}lab/index.html?path={name}", timeout=120_000)
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)


def prompts(page: Any) -> list[str]:
    """Every code cell's prompt: "[ ]:" not run, "[*]:" running or queued, "[3]:" done."""
    found: list[str] = page.eval_on_selector_all(
        ".jp-Notebook .jp-CodeCell .jp-InputPrompt", "nodes => nodes.map(n => n.textContent)"
    )
    return [p.strip() for p in found]


def run_all(page: Any) -> float:
    """Run -> Run All Cells, as a learner does; wait until every code cell has its number.
    Returns the seconds until the first cell had its answer (the kernel's start included)."""
    started = time.perf_counter()
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^(Run|运行)$")).click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    first = None
    deadline = time.monotonic() + RUN_ALL_SECONDS
    while time.monotonic() < deadline:
        shown = prompts(page)
        done = [bool(re.fullmatch(r"\[\d+\]:", p)) for p in shown]
        if first is None and done and done[0]:
            first = time.perf_counter() - started
        if done and all(done):
            assert first is not None
            return first
        page.wait_for_timeout(500)
    pytest.fail(f"cells still not run after {RUN_ALL_SECONDS} s: {prompts(page)}")


def errors_shown(page: Any) -> list[str]:
    """The text of every error output (a traceback, or anything written to stderr)."""
    found: list[str] = page.eval_on_selector_all(
        ERROR_OUTPUT, "nodes => nodes.map(n => n.textContent.slice(0, 2000))"
    )
    return found


def code_cell(page: Any, line: str) -> Any:
    """The code cell with `line` in its source."""
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    for i in range(cells.count()):
        if line in cells.nth(i).locator(".cm-content").inner_text():
            return cells.nth(i)
    pytest.fail(f"no code cell holds {line!r}")


def run_cell(page: Any, cell: Any) -> str:
    """Run one cell (click into it, Shift+Enter); wait for its new number; its output's text."""
    from playwright.sync_api import expect

    before = cell.locator(".jp-InputPrompt").inner_text().strip()
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    prompt = cell.locator(".jp-InputPrompt")
    expect(prompt).not_to_have_text(before, timeout=CHECK_MS)
    expect(prompt).to_have_text(re.compile(r"^\s*\[\d+\]:\s*$"), timeout=CHECK_MS)
    return output_text(cell)


def output_text(cell: Any) -> str:
    """The text of a cell's outputs, without their prompts."""
    texts: list[str] = cell.locator(".jp-OutputArea-output").all_inner_texts()
    return "\n".join(texts).strip()


def type_into(page: Any, cell: Any, source: str) -> None:
    """Replace a cell's code by `source`, as pasted (the editor indents nothing itself)."""
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(source)


def here(source: str, tmp_path: Path, check: Any) -> str:
    """What `check` says of `source`'s function in this CPython, compiled from a file of its
    own as the kernel compiles a cell, so the time limit takes it for the learner's code."""
    cell = tmp_path / f"cell{len(list(tmp_path.glob('cell*.py')))}.py"
    cell.write_text(source, encoding="utf-8")
    space: dict[str, Any] = {"__name__": "learner_cell"}
    exec(compile(source, str(cell), "exec"), space)
    return str(check(space["count_queens"]))


def committed_output(notebook: str, line: str) -> str:
    """The text/plain output the committed (teacher's) notebook stores for the cell with `line`."""
    for cell in nbformat.read(ROOT / "notebooks" / notebook, as_version=4).cells:
        if cell.cell_type == "code" and line in cell.source:
            return "".join(cell.outputs[0]["data"]["text/plain"])
    pytest.fail(f"{notebook} has no cell holding {line!r}")


# --- the tests ----------------------------------------------------------------------------------


def test_the_site_holds_pyodide_and_every_wheel_its_lock_file_names(site: Path) -> None:
    packages = site / "static" / "packages"
    lock = json.loads((packages / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert "sudoku-lib" in lock["packages"]
    for entry in lock["packages"].values():
        wheel = packages / entry["file_name"]  # a plain name: beside the lock, on this site
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], wheel.name
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][build_lite.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()


def test_notebook_03_runs_and_its_check_judges_right_wrong_and_endless(
    browsing: Browsing, tmp_path: Path
) -> None:
    from sudoku_lib.checks import check_count_queens
    from sudoku_lib.words import check_text

    page = browsing.page
    open_notebook(browsing, "03_backtracking.ipynb")
    first = run_all(page)
    assert errors_shown(page) == []

    # watch recorded the learner's own solver (a cell, whatever folder the stdlib is in): the
    # same counts as in CPython, stored in the committed notebook.
    watched = "watched = watch(solve_board"
    assert output_text(code_cell(page, watched)) == committed_output(
        "03_backtracking.ipynb", watched
    )

    exercise = code_cell(page, "def count_queens")
    check = code_cell(page, "check_count_queens(count_queens)")
    started = time.perf_counter()
    said = []
    for source in (QUEENS_RIGHT, QUEENS_WRONG, QUEENS_ENDLESS):
        type_into(page, exercise, source)
        run_cell(page, exercise)
        said.append(run_cell(page, check))
        assert said[-1] == here(source, tmp_path, check_count_queens), source
    right, wrong, endless = said
    assert right.startswith("✓") and wrong.startswith("✗") and endless.startswith("✗")
    assert check_text("too slow why") in endless  # stopped by the time limit, not by an error
    assert errors_shown(page) == []
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "lite-03.png"))
    print(
        f"lite 03: first cell answered {format_seconds(first)} after Run All (a cold Pyodide);"
        f" three checks in {format_seconds(time.perf_counter() - started)}"
    )


def test_notebook_05_runs_and_its_stepper_answers_a_click_and_a_key(browsing: Browsing) -> None:
    from playwright.sync_api import expect

    page = browsing.page
    open_notebook(browsing, "05_stepping_through_the_search.ipynb")
    first = run_all(page)
    assert errors_shown(page) == []
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="Error displaying widget")).to_have_count(0)
    expect(outputs.filter(has_text="Loading widget")).to_have_count(0, timeout=60_000)

    stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
    stepper.scroll_into_view_if_needed()
    board = stepper.locator("table.sdk-board")
    puzzle, method = board.get_attribute("data-puzzle"), board.get_attribute("data-method")
    start = int(board.get_attribute("data-position"))
    reference = StepperModel(puzzle, method)

    stepper.locator(".sdk-step").click()
    expect(board).to_have_attribute("data-position", str(start + 1), timeout=30_000)
    reference.goto(start + 1)
    assert board.get_attribute("data-board") == flat(reference.board)

    board.click()
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-position", str(start + 2), timeout=30_000)
    reference.step()
    assert board.get_attribute("data-board") == flat(reference.board)
    expect(stepper.locator(".sdk-caption")).to_have_text(reference.caption)
    OUTPUT.mkdir(exist_ok=True)
    stepper.screenshot(path=str(OUTPUT / "lite-05-stepper.png"))
    print(f"lite 05: first cell answered {format_seconds(first)} after Run All (a cold Pyodide)")


def test_the_chinese_05_runs_and_its_stepper_speaks_chinese(browsing: Browsing) -> None:
    """The Chinese edition (a site of its own in zh/): its catalog is in the library's wheel,
    so after the first cell's set_language("zh") the stepper's buttons and caption are Chinese
    there too."""
    from playwright.sync_api import expect

    page = browsing.page
    open_notebook(browsing, "05_stepping_through_the_search.ipynb", "zh/")
    run_all(page)
    assert errors_shown(page) == []
    stepper = page.locator(".sudoku-stepper").filter(has=page.locator(".sdk-step")).first
    stepper.scroll_into_view_if_needed()
    expect(stepper.locator(".sdk-step")).to_contain_text("单步")
    stepper.locator(".sdk-step").click()
    expect(stepper.locator(".sdk-caption")).to_contain_text(re.compile(r"[\u4e00-\u9fff]"))
    OUTPUT.mkdir(exist_ok=True)
    stepper.screenshot(path=str(OUTPUT / "lite-zh-05-stepper.png"))


def test_notebook_06_runs_its_charts_saying_in_one_line_why_they_are_missing(
    browsing: Browsing,
) -> None:
    """Pyodide from npm has no matplotlib: each chart is one line, and the progress bars are
    widgets, not text on stderr (where a notebook shows an error)."""
    from sudoku_lib.words import picture_text

    page = browsing.page
    open_notebook(browsing, "06_measuring_the_search.ipynb")
    run_all(page)
    assert errors_shown(page) == []
    texts = page.locator(".jp-OutputArea-output").all_inner_texts()
    missing = [t for t in texts if "matplotlib" in t]
    assert missing and all(t.strip() == picture_text("no matplotlib") for t in missing)
    assert page.locator(".jp-OutputArea-output .widget-hprogress").count() > 0


def test_a_learner_downloads_a_notebook_as_00_says(browsing: Browsing) -> None:
    """00 says work is kept in the browser and a copy comes from the file browser's Download."""
    page = browsing.page
    page.goto(f"{browsing.address}lab/index.html", timeout=120_000)
    page.locator(".jp-DirListing-item", has_text="03_backtracking").click(button="right")
    with page.expect_download() as download:
        page.locator(".lm-Menu-item[data-command='filebrowser:download']").click()
    saved = download.value.path()
    assert download.value.suggested_filename == "03_backtracking.ipynb"
    assert (
        nbformat.read(saved, as_version=4).cells
        == nbformat.read(SITE / "files" / "03_backtracking.ipynb", as_version=4).cells
    )


@pytest.mark.parametrize(("edition", "menus"), [("", ["File", "Run"]), ("zh/", ["文件", "运行"])])
def test_each_edition_opens_on_its_00_with_menus_in_its_language(
    browsing: Browsing, edition: str, menus: list[str]
) -> None:
    """The site's address (or its zh/) opens notebook 00, not the Launcher; the Chinese
    edition's JupyterLab speaks Chinese (the zh-CN language pack, its default there)."""
    from playwright.sync_api import expect

    page = browsing.page
    page.goto(f"{browsing.address}{edition}", timeout=120_000)
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")
    expect(tab).to_contain_text("00_start_here", timeout=120_000)
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible()
    bar = page.locator(".lm-MenuBar-item")
    for menu in menus:
        expect(bar.filter(has_text=re.compile(f"^{menu}$"))).to_have_count(1)
    page.screenshot(path=str(OUTPUT / f"lite-opens-{edition.strip('/') or 'en'}.png"))


@pytest.fixture
def republishable(site: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A copy of the site (its files linked, not copied) that a test may republish, served."""
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(site, copy, copy_function=os.link)
    with serving(copy) as address:
        yield address, copy


def test_a_saved_notebook_says_when_the_site_has_a_newer_version_and_takes_it(
    republishable: tuple[str, Path],
) -> None:
    """A learner saves 00; the teacher republishes it; the import in 00 says so in one line
    (the same line the library writes here), and take_newer("00") takes the site's, keeping
    the learner's in backups/."""
    from playwright.sync_api import expect, sync_playwright

    from sudoku_lib import lite

    address, copy = republishable
    name = "00_start_here.ipynb"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_FLAGS, OFFLINE], timeout=60_000
        )
        try:
            page = browser.new_context(viewport=LAPTOP).new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{address}lab/index.html?path={name}", timeout=120_000)
            expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
            hello = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text='print("Hello')
            expect(hello.first).to_be_visible(timeout=120_000)  # its editor drawn
            hello.first.locator(".cm-content").click()
            page.keyboard.press("End")
            page.keyboard.type(" ")  # an edit, so that the save below can be seen to finish
            expect(page.locator(".jp-mod-dirty")).not_to_have_count(0)
            page.keyboard.press("Control+s")  # kept in the browser, in front of the site's
            expect(page.locator(".jp-mod-dirty")).to_have_count(0)

            listing = copy / lite.VERSIONS  # the teacher republishes 00
            versions = json.loads(listing.read_text(encoding="utf-8"))
            versions["notebooks"][name] = "republished"
            listing.unlink()  # a link into build/lite/: replaced, never written through
            listing.with_name(listing.name + build_lite.GZIP).unlink(missing_ok=True)
            listing.write_text(json.dumps(versions), encoding="utf-8")

            page.goto(f"{address}lab/index.html?path={name}", timeout=120_000)  # opened again
            cells = page.locator(".jp-Notebook .jp-CodeCell")
            expect(cells.filter(has_text="from sudoku_lib import").first).to_be_visible(
                timeout=120_000
            )
            importing = code_cell(page, "from sudoku_lib import")
            said = run_cell(page, importing)
            assert said.splitlines()[0] == lite.notice(name), said
            taking = code_cell(page, 'print("Hello')
            type_into(page, taking, 'from sudoku_lib import take_newer\ntake_newer("00")')
            took = run_cell(page, taking)
            assert took.startswith(f"{name}: ") and "backups/00_start_here." in took, took
            page.goto(f"{address}lab/index.html", timeout=120_000)
            page.locator(".jp-DirListing-item", has_text="backups").dblclick()
            expect(page.locator(".jp-DirListing-item", has_text="00_start_here.")).to_have_count(1)
        finally:
            browser.close()
