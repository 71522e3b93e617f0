"""The browser edition's server (tools/lite_serve.py) and the library's newer-version notice
(sudoku_lib/lite.py), without a browser: headers, the precompressed copies, cache rules, and
which saved notebooks are said to be outdated."""

from __future__ import annotations

import gzip
import json
import os
import urllib.request
from pathlib import Path

import pytest

from sudoku_lib import lite
from tools import build_lite
from tools.lite_serve import ISOLATION, KEEP, REVALIDATE, serving


def fetch(url: str, gzip_ok: bool) -> tuple[dict[str, str], bytes]:
    """Headers and body of a GET, gzip accepted or not."""
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        return dict(answer.headers), answer.read()


def test_the_server_sends_the_gzip_copy_says_what_to_cache_and_isolates_when_asked(tmp_path):
    script = tmp_path / "build" / "bundle.abc123.js"
    script.parent.mkdir()
    script.write_text("let x = 1;\n" * 500)
    notebook = tmp_path / "files" / "00.ipynb"
    notebook.parent.mkdir()
    notebook.write_text("{}" * 800)
    build_lite.precompress(tmp_path)
    sent: list[int] = []
    with serving(tmp_path, sent) as address:
        headers, body = fetch(f"{address}build/bundle.abc123.js", gzip_ok=True)
        assert headers["Content-Encoding"] == "gzip" and "javascript" in headers["Content-Type"]
        assert gzip.decompress(body) == script.read_bytes()
        assert headers["Cache-Control"] == KEEP
        assert not set(ISOLATION) & set(headers)  # off unless asked for
        plain_headers, plain = fetch(f"{address}build/bundle.abc123.js", gzip_ok=False)
        assert "Content-Encoding" not in plain_headers and plain == script.read_bytes()
        headers, _ = fetch(f"{address}files/00.ipynb", gzip_ok=True)
        assert headers["Cache-Control"] == REVALIDATE
    assert len(body) < len(plain) and {len(body), len(plain)} <= set(sent)  # counted as sent
    with serving(tmp_path, isolate=True) as address:
        headers, _ = fetch(f"{address}files/00.ipynb", gzip_ok=True)
        for name, value in ISOLATION.items():
            assert headers[name] == value


def stamped(path: Path, version: str, when: float) -> None:
    """A notebook stamped with a course version, its time set to `when`."""
    path.write_text(json.dumps({"metadata": {lite.STAMP: {"version": version}}, "cells": []}))
    os.utime(path, (when, when))


def test_only_a_saved_notebook_of_an_older_version_is_said_to_be_outdated(tmp_path, monkeypatch):
    monkeypatch.setattr(lite, "DRIVE", tmp_path)
    built = 1_700_000_000.0
    stamped(tmp_path / "00_start.ipynb", "v1", built)  # the site's, as built
    stamped(tmp_path / "01_board.ipynb", "v1", built + 500)  # saved, then republished
    stamped(tmp_path / "02_valid.ipynb", "v2", built + 500)  # saved, current
    versions = {
        "built": built,
        "notebooks": {"00_start.ipynb": "v2", "01_board.ipynb": "v2", "02_valid.ipynb": "v2"},
    }
    assert lite.outdated(tmp_path, versions) == ["01_board.ipynb"]
    assert lite.outdated(tmp_path / "zh", versions) == []
    line = lite.notice("01_board.ipynb")
    assert line.startswith("01_board.ipynb: ") and 'take_newer("01")' in line


def test_take_newer_outside_the_browser_points_to_make_reset():
    with pytest.raises(RuntimeError, match="make reset"):
        lite.take_newer("03")
