"""`make slides`: decks a teacher can lecture from, in English and Chinese, opening offline.

The decks are built into a scratch folder with the tool `make slides` runs, after the npm packages
are in place (the Makefile's own rule installs them from the lock file). Every script, style sheet
and picture a deck names must be a file beside it or inline data. Then Chromium opens every deck
from disk at 1280x720 with every other request refused, walks its slides and measures them: none
taller or wider than the slide, no line of code clipped, no console error; 05's steppers are
pictures of their boards that step on at each click, and a Predict question's answer is hidden
until a click.
"""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest

from tests.browser_support import OUTPUT, ROOT, chromium, require_chromium
from tools import slides
from tools.slides import SLIDES_PACKAGES_STAMP, build_decks, slide_types, stored_slide_type

NOTEBOOKS = slides.every_notebook()
WALK = """() => {
  const leaves = [...document.querySelectorAll('.reveal .slides section')]
    .filter(s => !s.querySelector('section'));
  return leaves.map(s => {
    const at = Reveal.getIndices(s);
    Reveal.slide(at.h, at.v);
    const box = s.getBoundingClientRect();
    const outside = [...s.querySelectorAll('*')].filter(e => {
      if (e.ownerSVGElement) return false;  // a picture clips its own drawing
      const r = e.getBoundingClientRect();
      return r.width && (r.right > box.right + 1 || r.bottom > box.bottom + 1);
    });
    const clipped = [...s.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth + 1);
    return {h: at.h, v: at.v, height: s.scrollHeight, width: s.scrollWidth,
            inside: box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
            outside: outside.length, clipped: clipped.length, start: s.innerText.slice(0, 50)};
  });
}"""


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


def deck_of(decks: list[Path], name: str, edition: str = "") -> Path:
    """The deck of the notebook starting `name`, in the edition's folder ("" or "zh")."""
    return next(
        d for d in decks if d.name.startswith(name) and (d.parent.name == "zh") == bool(edition)
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_the_slide_metadata_in_each_notebook_is_the_tool_s_choice(path):
    notebook = nbformat.read(path, as_version=4)
    stored = [stored_slide_type(cell) for cell in notebook.cells]
    assert stored == slide_types(notebook), (
        f"{path.name}: run `python -m tools.slides --mark` to bring its slide metadata up to date"
    )
    assert stored.count("slide") >= 3, "a deck of fewer than three slides: are headings missing?"


def test_marking_twice_changes_nothing_and_reads_only_the_content(tmp_path):
    source = ROOT / "notebooks" / "03_backtracking.ipynb"
    notebook = nbformat.read(source, as_version=4)
    for cell in notebook.cells:
        cell.metadata.pop("slideshow", None)  # what an editor's metadata said before is ignored
    nbformat.write(notebook, tmp_path / source.name)
    assert slides.mark(tmp_path / source.name)
    assert not slides.mark(tmp_path / source.name)
    marked = nbformat.read(tmp_path / source.name, as_version=4)
    assert [stored_slide_type(c) for c in marked.cells] == slide_types(
        nbformat.read(source, as_version=4)
    )


def test_slides_fall_finer_than_sections_and_answers_are_fragments():
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        kinds = slide_types(notebook)
        sections = sum(
            c.source.startswith("## ") for c in notebook.cells if c.cell_type == "markdown"
        )
        assert kinds.count("slide") + kinds.count("subslide") > sections + 3, path.name
        for index, cell in enumerate(notebook.cells):
            if kinds[index] == "skip" or not slides.PREDICT.search(cell.source):
                continue
            answer = next(
                i for i in range(index + 1, len(kinds)) if notebook.cells[i].cell_type == "code"
            )
            between = kinds[index + 1 : answer + 1]
            assert kinds[answer] in ("fragment", "skip") or {"slide", "subslide"} & set(between), (
                f"{path.name}: the answer to the question in cell {index} shows with it"
            )


def test_a_long_markdown_cell_is_cut_at_paragraphs_into_slides_that_fit():
    paragraph = "A sentence of about ten words, to fill the slide up. " * 6
    cell = nbformat.v4.new_markdown_cell("\n\n".join([paragraph] * 8))
    pieces = slides.pieces(cell)
    assert len(pieces) > 1
    assert all(slides.cell_height(piece) <= slides.ROOM for piece in pieces)
    assert "\n\n".join(piece.source for piece in pieces) == cell.source
    assert [p.metadata.get("slideshow", {}).get("slide_type") for p in pieces[1:]] == [
        "subslide"
    ] * (len(pieces) - 1)


def test_every_notebook_has_a_deck_that_loads_nothing_from_the_network(decks):
    expected = [
        ("zh/" if path.parent.name == "zh" else "") + f"{path.stem}.slides.html"
        for path in NOTEBOOKS
    ]
    assert [("zh/" if d.parent.name == "zh" else "") + d.name for d in decks] == expected
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


def test_solutions_hints_and_widget_text_are_not_on_the_slides(decks):
    for deck in decks:
        html = deck.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in html and "<summary>Hint" not in html, deck.name
        assert "MathJax" not in html, deck.name
        assert "&lt;Stepper" not in html, f"{deck.name} shows a stepper as its one line of text"


@pytest.mark.browser
def test_every_slide_fits_1280x720_offline_with_no_console_error(decks):
    require_chromium()
    refused: list[str] = []
    errors: list[str] = []
    over: list[str] = []

    def only_files(route) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    with chromium({"width": 1280, "height": 720}) as page:
        page.route("**/*", only_files)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        for deck in decks:
            page.goto(deck.as_uri())
            page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
            for seen in page.evaluate(WALK):
                fits = seen["height"] <= 720 and seen["width"] <= 1280 and seen["inside"]
                if not fits or seen["outside"] or seen["clipped"]:
                    over.append(f"{deck.parent.name}/{deck.name} {seen}")
    assert refused == [], refused
    assert errors == [], errors
    assert over == [], "\n".join(over)


SHOWN = "f => getComputedStyle(f).opacity === '1' && getComputedStyle(f).visibility !== 'hidden'"


def go_before_fragments(page, selector: str) -> None:
    """Open the slide holding the first element matching selector, with no fragment shown."""
    page.evaluate(
        f"""() => {{ const slide = document.querySelector({selector!r}).closest('section');
          const at = Reveal.getIndices(slide); Reveal.slide(at.h, at.v, -1); }}"""
    )
    page.wait_for_timeout(600)  # fragments fade


@pytest.mark.browser
@pytest.mark.parametrize("edition", ["", "zh"])
def test_05_s_steppers_are_pictures_that_step_on_at_each_click(decks, edition):
    require_chromium()
    deck = deck_of(decks, "05_", edition)
    shown = f"""() => [...document.querySelector('.sdk-slide-frames')
        .querySelectorAll('.sdk-slide-frame')].map({SHOWN})"""
    with chromium({"width": 1280, "height": 720}) as page:
        page.goto(deck.as_uri())
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        stacks = page.evaluate("() => document.querySelectorAll('.sdk-slide-frames').length")
        boards = page.evaluate(
            "() => document.querySelector('.sdk-slide-frames .sdk-slide-frame:last-child')"
            ".parentElement.querySelectorAll('.sdk-board').length"
        )
        go_before_fragments(page, ".sdk-slide-frames")
        before = page.evaluate(shown)
        page.evaluate("() => Reveal.nextFragment()")
        page.wait_for_timeout(600)
        after = page.evaluate(shown)
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"slides-05{edition or '-en'}.png"))
    assert stacks >= 5, "05's steppers and watch views should each be pictures in the deck"
    assert boards >= 4, "the start, the first steps and more, each a board"
    assert before[0] and not any(before[1:]), before
    assert after[1], "a click shows the next step's picture"


@pytest.mark.browser
def test_a_predict_question_s_answer_is_hidden_until_a_click(decks):
    require_chromium()
    answers = [
        deck
        for deck in decks
        if deck.parent.name != "zh"
        and '<div class="fragment"><div class="jp-Cell jp-CodeCell' in deck.read_text("utf-8")
    ]
    assert answers, "no deck holds a Predict question with its answer on the same slide"
    deck = answers[0]
    answer = "div.fragment:has(.jp-CodeCell)"
    with chromium({"width": 1280, "height": 720}) as page:
        page.goto(deck.as_uri())
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        go_before_fragments(page, answer)
        question = page.evaluate("() => Reveal.getCurrentSlide().innerText.includes('Predict')")
        visible = f"() => [document.querySelector({answer!r})].map({SHOWN})[0]"
        before = page.evaluate(visible)
        page.evaluate("() => Reveal.nextFragment()")
        page.wait_for_timeout(600)
        after = page.evaluate(visible)
    assert question, "the answer should sit on the slide that asks the question"
    assert (before, after) == (False, True)
