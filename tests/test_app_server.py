"""`make app` serves the app and nothing else: Voilà's own server, not a Jupyter server with
JupyterLab, terminals and the file API behind the same token.

The command is the one `make app` runs (read from `make -n`), on a free loopback port, with the
browser left closed. Every other address, asked with the token, must not answer with a page.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

import pytest

from tests.browser_support import OUTPUT, ROOT, chromium, require_chromium, stop

START_SECONDS = 60
PROJECTOR = {"width": 1280, "height": 800}
PARTS = {
    "board": "table.sdk-board",
    "caption": ".sdk-caption",
    "Step": ".sdk-step",
    "Play": ".sdk-play",
}
NOT_THE_APP = [
    "lab",
    "lab/tree/stepper_app.ipynb",
    "tree",
    "terminals/1",
    "api/terminals",
    "api/contents",
    "api/contents/stepper_app.ipynb",
    "api/kernels",
    "api/sessions",
    "files/stepper_app.ipynb",
    "voila/render/stepper_app.ipynb",
    "edit/Makefile",
]


def free_port() -> int:
    """A loopback port nothing listens on at this moment."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def app_command(port: int) -> str:
    """What `make app PORT=port` runs, with the browser left closed."""
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "app", f"PORT={port}"],
        check=True,
        capture_output=True,
        text=True,
    )
    lines = done.stdout.replace("\\\n", " ").splitlines()  # a recipe's continued lines, joined
    served = [line for line in lines if "voila" in line]
    assert len(served) == 1, done.stdout
    return f"{served[0]} --no-browser"


def environment_and_argv(command: str) -> tuple[dict[str, str], list[str]]:
    """A shell command's leading NAME=value settings, and the program with its arguments."""
    words = shlex.split(command)
    settings = list(itertools.takewhile(lambda word: re.fullmatch(r"\w+=.*", word), words))
    return dict(s.split("=", 1) for s in settings), words[len(settings) :]


@contextmanager
def served_app(language: str | None = None) -> Iterator[tuple[str, str]]:
    """The app's server as `make app` starts it (with SUDOKU_LANG set to `language`, if given):
    its address and token."""
    port = free_port()
    OUTPUT.mkdir(exist_ok=True)
    log = OUTPUT / f"make-app{'-' + language if language else ''}.log"
    environment = {**os.environ, "SUDOKU_LANG": language} if language else None
    with log.open("w", encoding="utf-8") as sink:
        env, argv = environment_and_argv(app_command(port))
        server = subprocess.Popen(
            argv,
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env={**(environment or os.environ), **env},
        )
    try:
        deadline = time.monotonic() + START_SECONDS
        while not (found := re.search(r"\?token=(\w+)", log.read_text(encoding="utf-8"))):
            assert server.poll() is None, log.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "the app's server did not start"
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/", found.group(1)
    finally:
        stop(server)


@pytest.fixture
def app_address() -> Iterator[tuple[str, str]]:
    """The app's server as `make app` starts it: its address and token."""
    with served_app() as address:
        yield address


@pytest.fixture
def chinese_app_address() -> Iterator[tuple[str, str]]:
    """The app's server as `make app-zh` starts it: `make app` with SUDOKU_LANG=zh."""
    with served_app("zh") as address:
        yield address


def reach(url: str, token: str | None) -> tuple[int, str]:
    """The HTTP status a request ends with, redirects followed, and the address it ended at."""
    headers = {"Authorization": f"token {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as r:
            return int(r.status), r.url
    except urllib.error.HTTPError as error:
        return error.code, error.url


def test_the_app_s_server_answers_the_app_and_nothing_else(app_address):
    base, token = app_address
    with urllib.request.urlopen(f"{base}?token={token}", timeout=60) as page:
        html = page.read().decode()
    assert page.status == 200 and "voila" in html.lower()
    assert "from sudoku_lib.app import" not in html, "the app's code is on the page"

    code, landed = reach(base, None)
    assert "/login" in landed or code in (401, 403), f"the app opened without its token: {landed}"
    answered = {path: reach(base + path, token)[0] for path in NOT_THE_APP}
    assert all(code in (403, 404) for code in answered.values()), answered


def test_make_app_asks_for_a_token_and_listens_on_loopback_only():
    command = app_command(8866)
    assert "voila app/stepper_app.ipynb" in command
    assert "--Voila.ip=127.0.0.1" in command and "--token" in command.split()
    assert "--port=8866" in command and "jupyter server" not in command


def off_screen(page) -> list[str]:
    """The parts of the app's stepper (every board and caption) not wholly inside the window."""
    height, width = PROJECTOR["height"], PROJECTOR["width"]
    cut = []
    for part, selector in PARTS.items():
        found = page.locator(f".sudoku-app-stage {selector}")
        for i in range(found.count()):
            box = found.nth(i).bounding_box()
            inside = box is not None and (
                box["y"] >= 0
                and box["y"] + box["height"] <= height + 1
                and box["x"] >= 0
                and box["x"] + box["width"] <= width + 1
            )
            if not inside:
                cut.append(f"{part} {i + 1}")
    return cut


@pytest.mark.browser
def test_the_app_fits_a_1280x800_projector_alone_and_side_by_side(app_address):
    from playwright.sync_api import expect

    require_chromium()
    expect.set_options(timeout=30_000)  # a shared machine can be slow to redraw
    base, token = app_address
    asked: list[str] = []
    with chromium(PROJECTOR) as page:
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{base}?token={token}", timeout=90_000)
        expect(page.locator(".sudoku-app-stage table.sdk-board")).to_be_visible(timeout=90_000)
        page.wait_for_timeout(500)
        assert off_screen(page) == [], "one stepper, controls open"
        elsewhere = [u for u in asked if urlparse(u).hostname not in (None, "127.0.0.1")]
        assert elsewhere == [], "the app asked another host, which a room offline cannot reach"
        page.screenshot(path=str(OUTPUT / "app-fit-one.png"))

        page.get_by_role("button", name="Side by side").click()
        expect(page.locator(".sudoku-app-stage table.sdk-board")).to_have_count(2)
        page.get_by_text("Sudoku stepper: the puzzle and the method").click()
        expect(page.locator(".sudoku-app-controls")).to_be_hidden()
        page.wait_for_timeout(500)
        assert off_screen(page) == [], "side by side, controls folded"
        cells = page.locator(".sudoku-app-stage td").evaluate_all(
            "cells => cells.map(c => c.offsetWidth)"
        )
        assert min(cells) >= 34, "the boards squash"
        page.screenshot(path=str(OUTPUT / "app-fit-side-by-side.png"))


def test_make_app_zh_is_make_app_speaking_chinese():
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "app-zh"], check=True, capture_output=True, text=True
    )
    assert "SUDOKU_LANG=zh" in done.stdout and "voila app/stepper_app.ipynb" in done.stdout


@pytest.mark.browser
def test_the_chinese_app_fits_a_projector_and_shows_no_english_sentence(chinese_app_address):
    from playwright.sync_api import expect

    from tests.test_browser_zh import WORDS_SHOWN
    from tests.test_zh_no_english import leaks

    require_chromium()
    expect.set_options(timeout=30_000)
    base, token = chinese_app_address
    with chromium(PROJECTOR) as page:
        page.goto(f"{base}?token={token}", timeout=90_000)
        expect(page.locator(".sudoku-app-stage table.sdk-board")).to_be_visible(timeout=90_000)
        expect(page.locator(".sudoku-app")).to_contain_text("数独单步演示器：题目和方法")
        page.wait_for_timeout(500)
        assert off_screen(page) == [], "one stepper, controls open"
        shown = page.locator(".sudoku-app").evaluate(WORDS_SHOWN)
        assert len(shown) > 40 and leaks(shown) == []
        page.screenshot(path=str(OUTPUT / "app-zh.png"))
        page.get_by_role("button", name="左右对比").click()
        expect(page.locator(".sudoku-app-stage table.sdk-board")).to_have_count(2)
        assert leaks(page.locator(".sudoku-app").evaluate(WORDS_SHOWN)) == []
        page.screenshot(path=str(OUTPUT / "app-zh-side-by-side.png"))
