"""The browser edition beside CPython, on this machine: `python -m tools.bench_lite`.

Prints figures, never fails: the site's size, the cold open of a notebook (a fresh browser: the
page, Pyodide and the preloaded wheels, until the first code cell has answered), and Pyodide ÷
CPython for the same work (`tools/lite_workload.py`: `solve` naive and pruned on the sample, 1,000
stepper steps each drawn), timed one after the other under the same load, which is printed too.
Needs the site built (`make lite`) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sudoku_lib.stats import format_seconds
from tools import CHROMIUM, CHROMIUM_FLAGS, ROOT, build_lite, lite_workload

WAIT_MS = 300_000
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


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files without a line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A threaded server that takes a browser dropping a connection (a page closed while it
    loaded) for what it is, not an error to print."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """The site on a free port of 127.0.0.1, from a thread; its address."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


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


def cold_open(address: str) -> float:
    """Seconds from opening notebook 00 in a fresh browser to its first code cell's answer."""
    with fresh_page() as page:
        started = time.perf_counter()
        page.goto(f"{address}lab/index.html?path=00_start_here.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for()  # the notebook open, in front
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        first = page.locator(".jp-Notebook .jp-CodeCell").first
        first.locator(".jp-OutputArea-output").first.wait_for()
        return time.perf_counter() - started


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
    args = parser.parse_args(argv)
    site: Path = args.site
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(
        f"site {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site}: {size / 1e6:.0f} MB"
    )
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with serving(site) as address:
        print(f"cold open to the first cell's answer: {format_seconds(cold_open(address))}")
        in_browser = pyodide_figures(address)
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
