"""`make slides`: one reveal.js deck a notebook, which opens with no network at all.

The decks are built into a scratch folder with the tool `make slides` runs, after the npm packages
are in place (the Makefile's own rule installs them from the lock file). Every script, style sheet
and picture a deck names must be a file beside it or inline data; then Chromium opens one deck
from disk with every network request refused, and reveal.js must start and show its slides.
"""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest

from tests.browser_support import OUTPUT, ROOT, chromium, require_chromium
from tools.slides import SLIDES_PACKAGES_STAMP, build_decks, slide_types, stored_slide_type

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


class Loads(HTMLParser):
    """Every address a page loads by itself: scripts, style sheets, pictures, frames."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed"):
            address = named.get("src")
        elif tag == "link":
            address = named.get("href")
        else:
            return
        if address:
            self.addresses.append(address)


def loaded_by(deck: Path) -> list[str]:
    """The addresses a deck loads."""
    parser = Loads()
    parser.feed(deck.read_text(encoding="utf-8"))
    return parser.addresses


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> list[Path]:
    """The decks, built the way `make slides` builds them, in a scratch folder."""
    subprocess.run(
        ["make", "-C", str(ROOT), SLIDES_PACKAGES_STAMP], check=True, capture_output=True
    )
    return build_decks(tmp_path_factory.mktemp("slides"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_slide_metadata_in_each_notebook_is_the_tool_s_choice(path):
    notebook = nbformat.read(path, as_version=4)
    stored = [stored_slide_type(cell) for cell in notebook.cells]
    assert stored == slide_types(notebook), (
        f"{path.name}: run `python -m tools.slides --mark` to bring its slide metadata up to date"
    )
    assert stored.count("slide") >= 3, "a deck of fewer than three slides: are headings missing?"


def test_every_notebook_has_a_deck_that_loads_nothing_from_the_network(decks):
    assert [deck.name for deck in decks] == [f"{path.stem}.slides.html" for path in NOTEBOOKS]
    for deck in decks:
        addresses = loaded_by(deck)
        assert any(a.endswith("reveal.css") for a in addresses), deck.name
        for address in addresses:
            if address.startswith("data:"):
                continue
            assert not urlparse(address).scheme and not address.startswith("//"), (
                f"{deck.name} loads {address}"
            )
            assert (deck.parent / address).is_file(), f"{deck.name}: {address} is not beside it"


def test_solutions_and_hints_are_not_on_the_slides(decks):
    for deck in decks:
        html = deck.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in html and "<summary>Hint" not in html, deck.name


@pytest.mark.browser
def test_a_deck_opens_in_chromium_with_the_network_cut(decks):
    require_chromium()
    deck = next(d for d in decks if d.name.startswith("03_"))
    refused: list[str] = []

    def only_files(route) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    with chromium({"width": 1280, "height": 800}) as page:
        page.route("**/*", only_files)
        page.goto(deck.as_uri())
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        slides = page.evaluate(
            "() => document.querySelectorAll('.reveal .slides section:not(:has(section))').length"
        )
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "slides-03.png"))
    assert refused == [], refused
    assert slides == sum(
        kind in ("slide", "subslide")
        for kind in slide_types(
            nbformat.read(ROOT / "notebooks" / "03_backtracking.ipynb", as_version=4)
        )
    )
