"""The browser edition beside CPython, on this machine: `python -m tools.bench_lite`.

Prints figures, never fails: the site's size; the cold open of notebook 00 from the site's address,
English and Chinese (a fresh browser: the page, Pyodide and the preloaded wheels, until the first
code cell has answered), with the bytes the server sent (compressed, as tools/lite_serve.py serves
them) and the requests; a class opening the site at once (40 by default: two cores cannot run 40
browsers, so all but one are HTTP clients fetching the requests the cold open made, six at a time
as a browser does, beside one real browser timing its first answer), with the bytes the server
sent, each learner's time and the failed requests; and Pyodide ÷
CPython for the same work (`tools/lite_workload.py`: `solve` naive and pruned on the sample, 1,000
stepper steps each drawn), timed one after the other under the same load, which is printed too.
Needs the site built (`make lite`) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sudoku_lib.stats import format_seconds
from tools import CHROMIUM, CHROMIUM_FLAGS, ROOT, build_lite, lite_workload
from tools.lite_serve import serving

WAIT_MS = 300_000
FETCH_SECONDS = 120
CONNECTIONS = 6
"""What a browser opens to one host at a time over HTTP/1.1."""
IN_PYODIDE = """async ([address, workload]) => {
    const { loadPyodide } = await import(address + "static/pyodide/pyodide.mjs");
    const pyodide = await loadPyodide({
        indexURL: address + "static/pyodide/",
        lockFileURL: address + "static/packages/pyodide-lock.json",
    });
    await pyodide.loadPackage("sudoku-lib");
    pyodide.runPython(workload);
    const figures = pyodide.runPython("figures()");
    return JSON.stringify(figures.toJs({ dict_converter: Object.fromEntries }));
}"""
"""Pyodide from the site, with the site's lock file and wheels, running the workload's text."""


@contextmanager
def fresh_page() -> Iterator[Any]:
    """A page in a new headless Chromium: nothing cached, as on a learner's first visit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.set_default_timeout(WAIT_MS)
            yield page
        finally:
            browser.close()


@dataclass
class ColdOpen:
    """One learner's first visit: seconds to the first answer, and every request it made."""

    seconds: float
    requests: list[str]


def cold_open(address: str, edition: str = "") -> ColdOpen:
    """A fresh browser opens the site's address (which opens notebook 00) and runs it: the
    seconds until the first code cell has answered (has its number: the Chinese 00's prints
    nothing), and the site's addresses it asked for."""
    with fresh_page() as page:
        asked: dict[str, None] = {}  # each address once (the browser caches), in order

        def keep(request: Any) -> None:
            """Keep a request the site's server answered (not JupyterLite's service worker)."""
            response = request.response()
            if (
                request.url.startswith(address)
                and response is not None
                and response.ok
                and not response.from_service_worker
            ):
                asked[request.url] = None

        page.context.on("requestfinished", keep)
        started = time.perf_counter()
        page.goto(f"{address}{edition}")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for()  # the notebook open, in front
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^(Run|运行)$")).click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        prompt = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").first
        answered = "node => /\\[\\d+\\]/.test(node.textContent)"  # it has its number
        prompt.wait_for()
        while not prompt.evaluate(answered):
            if time.perf_counter() - started > WAIT_MS / 1000:
                raise TimeoutError(f"no answer from {address}{edition} in {WAIT_MS // 1000} s")
            page.wait_for_timeout(100)
        return ColdOpen(time.perf_counter() - started, list(asked))


def fetch(url: str) -> int | None:
    """One request as a browser makes it (gzip accepted): the bytes of its body as sent
    (compressed), or None when it failed."""
    asked = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(asked, timeout=FETCH_SECONDS) as answer:
            return len(answer.read())
    except (OSError, http.client.HTTPException):
        return None


def one_student(requests: list[str]) -> tuple[float, int, int]:
    """Fetch a cold open's requests six at a time, as a browser does: the seconds it took, the
    bytes received and how many requests failed."""
    started = time.perf_counter()
    with ThreadPoolExecutor(CONNECTIONS) as pool:
        sizes = list(pool.map(fetch, requests))
    received = sum(size for size in sizes if size is not None)
    return time.perf_counter() - started, received, sizes.count(None)


@contextmanager
def server_process(site: Path) -> Iterator[str]:
    """tools/lite_serve.py in a process of its own (so the class's clients do not share its
    interpreter), on a free port; its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "tools.lite_serve", "--site", str(site), "--port", str(port)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    address = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            if fetch(address + "jupyter-lite.json") is not None:
                break
            time.sleep(0.1)
        yield address
    finally:
        server.terminate()
        server.wait(timeout=10)


def a_class(site: Path, requests: list[str], students: int) -> str:
    """`students` learners opening the site at once: all but one fetch the requests a cold open
    made (rewritten to this server), one is a real browser; the figures in one line."""
    with server_process(site) as address:
        moved = [address + url.split("/", 3)[3] for url in requests]
        started = time.perf_counter()
        with ThreadPoolExecutor(students) as pool:
            browser = pool.submit(cold_open, address)
            fetched = [
                f.result() for f in [pool.submit(one_student, moved) for _ in range(1, students)]
            ]
            try:
                said = (
                    f"the browser's first answer after {format_seconds(browser.result().seconds)}"
                )
            except Exception as error:  # a figure, not a failure: say what happened
                said = f"the browser had no first answer ({error})"
        took = sorted(seconds for seconds, _, _ in fetched)
        received = sum(size for _, size, _ in fetched)
        failed = sum(failures for _, _, failures in fetched)
        return (
            f"a class of {students} opening it at once ({students - 1} fetching a cold open's"
            f" {len(requests)} requests, one real browser): {megabytes(received)} to the"
            f" {students - 1} ({megabytes(received // (students - 1))} each) in"
            f" {format_seconds(time.perf_counter() - started)}; each learner's files in"
            f" {format_seconds(took[len(took) // 2])} (median), {format_seconds(took[-1])}"
            f" (slowest); {failed} failed requests; {said}"
        )


def megabytes(count: int) -> str:
    """Bytes as megabytes with one decimal."""
    return f"{count / 1e6:.1f} MB"


def pyodide_figures(address: str) -> dict[str, float]:
    """The workload's figures in Pyodide, in a fresh browser."""
    workload = Path(lite_workload.__file__).read_text(encoding="utf-8")
    with fresh_page() as page:
        page.goto(f"{address}jupyter-lite.json")  # a page of the site's own that stays put
        figures: dict[str, float] = json.loads(page.evaluate(IN_PYODIDE, [address, workload]))
        return figures


def main(argv: list[str] | None = None) -> int:
    """Measure and print, one line a figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=build_lite.OUT, help="the built site")
    parser.add_argument("--students", type=int, default=40, help="a class's size (40)")
    args = parser.parse_args(argv)
    site: Path = args.site
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(
        f"site {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site}: {size / 1e6:.0f} MB"
    )
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    sent: list[int] = []
    with serving(site, sent) as address:
        first = cold_open(address)
        alone = sum(sent)
        print(
            f"cold open of 00 to its first answer: {format_seconds(first.seconds)};"
            f" {megabytes(alone)} from the server in {len(first.requests)} requests"
        )
        zh = cold_open(address, "zh/")
        print(f"cold open of zh/ 00 to its first answer: {format_seconds(zh.seconds)}")
        in_browser = pyodide_figures(address)
    print(a_class(site, first.requests, args.students), flush=True)
    here = lite_workload.figures()
    for name, seconds in here.items():
        ratio = in_browser[name] / seconds
        print(
            f"{name}: Pyodide {format_seconds(in_browser[name])},"
            f" CPython {format_seconds(seconds)}, {ratio:.1f}x"
        )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
