"""Notebook 05 in a real JupyterLab and a real headless Chromium: the stepper renders and responds.

The server runs on a free loopback port with its own token and its own config, runtime and settings
folders, on a copy of the notebook (so running it never rewrites the committed one). The expected
boards and counters come from the Python API, never from numbers written here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import Stepper

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "05_stepping_through_the_search.ipynb"
OUTPUT = ROOT / "test-output"
SERVER_START_SECONDS = 60
KERNEL_IDLE_MS = 90_000
RUN_ALL_SECONDS = 120


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: where it listens and the token that opens it."""

    url: str
    token: str


def require_chromium() -> None:
    """Skip without Chromium on a learner's machine; in CI (SUDOKU_REQUIRE_BROWSER=1) fail."""
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} is missing: install Debian's chromium package to run the browser test"
    if os.environ.get("SUDOKU_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


def lab_settings(settings: Path) -> None:
    """Render every notebook cell (no windowing), so the test sees them all; no news toasts."""
    chosen = {
        ("notebook-extension", "tracker"): {"windowingMode": "none"},
        ("apputils-extension", "notification"): {"fetchNews": "false", "doNotDisturbMode": True},
    }
    for (extension, plugin), values in chosen.items():
        path = settings / "@jupyterlab" / extension / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def read_server_info(runtime: Path, server: subprocess.Popen, log: Path) -> dict:
    """The jpserver-*.json the server writes once it listens (its port and url)."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab exited early:\n{log.read_text(encoding='utf-8')[-3000:]}")
        for info in runtime.glob("jpserver-*.json"):
            try:
                data = json.loads(info.read_text(encoding="utf-8"))
            except json.JSONDecodeError:  # caught half-written
                continue
            if data.get("port"):
                return data
        time.sleep(0.2)
    pytest.fail(f"JupyterLab did not start in {SERVER_START_SECONDS} s")


def shut_down(lab: Lab, server: subprocess.Popen) -> None:
    """Ask the server to stop (it shuts its kernels down too); kill it only if it will not."""
    request = urllib.request.Request(
        f"{lab.url}api/shutdown", method="POST", headers={"Authorization": f"token {lab.token}"}
    )
    try:
        urllib.request.urlopen(request, timeout=10).close()
        server.wait(timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        stop(server)


def stop(server: subprocess.Popen) -> None:
    """Terminate the server, and kill it if it does not go within ten seconds."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on a free loopback port, serving a copy of the notebooks folder."""
    require_chromium()
    work, runtime, config, settings = (tmp_path / name for name in ("work", "rt", "cfg", "set"))
    for folder in (work, runtime, config):
        folder.mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    lab_settings(settings)
    token = secrets.token_hex(24)
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={work}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    OUTPUT.mkdir(exist_ok=True)
    log = OUTPUT / "jupyterlab.log"
    with log.open("w", encoding="utf-8") as sink:
        server = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        info = read_server_info(runtime, server, log)
    except BaseException:
        stop(server)
        raise
    running = Lab(f"http://127.0.0.1:{info['port']}/", info["token"])
    try:
        assert running.token == token, "the server is not using the token it was given"
        yield running
    finally:
        shut_down(running, server)


def code_prompts(page) -> list[str]:
    """The prompt of every code cell: "[ ]:" not run, "[*]:" running or queued, "[3]:" done."""
    return page.eval_on_selector_all(
        ".jp-Notebook .jp-CodeCell .jp-InputPrompt", "nodes => nodes.map(n => n.textContent)"
    )


def run_all_cells(page) -> None:
    """Run All, then wait until every code cell has its execution number."""
    page.evaluate("() => window.jupyterapp.commands.execute('runmenu:run-all')")
    deadline = time.monotonic() + RUN_ALL_SECONDS
    while time.monotonic() < deadline:
        prompts = code_prompts(page)
        if prompts and all(re.fullmatch(r"\[\d+\]:", p.strip()) for p in prompts):
            return
        page.wait_for_timeout(250)
    pytest.fail(f"cells still not run after {RUN_ALL_SECONDS} s: {code_prompts(page)}")


def flat(board: list[list[str]]) -> str:
    """A board as the data-board attribute writes it."""
    return "".join("".join(row) for row in board)


def test_the_stepper_works_in_jupyterlab(lab: Lab):
    from playwright.sync_api import expect, sync_playwright

    started = time.perf_counter()
    expect.set_options(timeout=20_000)  # a shared CI machine can be slow to answer a click
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True, timeout=60_000
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(30_000)
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
            page.locator(".sudoku-side-by-side").first.screenshot(
                path=str(OUTPUT / "side-by-side.png")
            )
        finally:
            browser.close()
    print(
        f"browser test: {format_seconds(time.perf_counter() - started)};"
        f" Step click to new board: {format_seconds(max(round_trips))} at most;"
        f" one second of Play: {after_play - before_play} steps"
    )


def test_a_missing_chromium_skips_here_but_fails_in_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("SUDOKU_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-chromium is missing"):
        require_chromium()
    monkeypatch.setenv("SUDOKU_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="no-chromium is missing"):
        require_chromium()
