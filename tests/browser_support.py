"""What every browser test shares: a Jupyter server on a free loopback port, and headless Chromium.

Each server runs with its own token and its own config, runtime, data and settings folders, on a
scratch copy of the files it serves (so a test never rewrites a committed notebook), and is shut
down through its API when the test ends, killed only if it will not go.
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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tools import CHROMIUM, CHROMIUM_FLAGS, ROOT

OUTPUT = ROOT / "test-output"
SERVER_START_SECONDS = 60
RUN_ALL_SECONDS = 120


@dataclass(frozen=True)
class Lab:
    """A running Jupyter server: where it listens and the token that opens it."""

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


def lab_settings(settings: Path, locale: str | None = None) -> None:
    """Render every notebook cell (no windowing), so the test sees them all; no news toasts;
    JupyterLab's own interface in `locale` ("zh_CN", from its language pack) when one is given."""
    chosen: dict[tuple[str, str], dict[str, object]] = {
        ("notebook-extension", "tracker"): {"windowingMode": "none"},
        ("apputils-extension", "notification"): {"fetchNews": "false", "doNotDisturbMode": True},
    }
    if locale is not None:
        chosen["translation-extension", "plugin"] = {"locale": locale}
    for (extension, plugin), values in chosen.items():
        path = settings / "@jupyterlab" / extension / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def read_server_info(runtime: Path, server: subprocess.Popen, log: Path) -> dict:
    """The jpserver-*.json the server writes once it listens (its port and url)."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server exited early:\n{log.read_text(encoding='utf-8')[-3000:]}")
        for info in runtime.glob("jpserver-*.json"):
            try:
                data = json.loads(info.read_text(encoding="utf-8"))
            except json.JSONDecodeError:  # caught half-written
                continue
            if data.get("port"):
                return data
        time.sleep(0.2)
    pytest.fail(f"the server did not start in {SERVER_START_SECONDS} s")


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


@contextmanager
def jupyter_server(
    tmp_path: Path,
    files: Sequence[Path],
    module: str = "jupyterlab",
    options: Sequence[str] = (),
    locale: str | None = None,
) -> Iterator[Lab]:
    """`python -m <module>` (a Jupyter server app) serving copies of `files`, for one test.

    The log goes to test-output/<module>-<test>.log, so a failure can be read after the test
    (named after the test too, as two tests may run at once under pytest-xdist).
    """
    require_chromium()
    work, runtime, config, settings = (tmp_path / name for name in ("work", "rt", "cfg", "set"))
    for folder in (work, runtime, config):
        folder.mkdir()
    for file in files:
        shutil.copy(file, work / file.name)
    lab_settings(settings, locale)
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
        module,
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={work}",
        *options,
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    OUTPUT.mkdir(exist_ok=True)
    log = OUTPUT / f"{module.replace('.', '-')}-{tmp_path.name}.log"
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


@contextmanager
def chromium(viewport: dict[str, int]) -> Iterator:
    """A fresh headless Chromium page of the given size (Debian's chromium, never a download)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True, timeout=60_000
        )
        try:
            page = browser.new_page(viewport=viewport)
            page.set_default_timeout(30_000)
            yield page
        finally:
            browser.close()


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
