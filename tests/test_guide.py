"""The teacher's guides quote the notebooks' stored outputs: each figure between markers is the one
the notebook prints, so editing a notebook (or re-running it) without `python -m tools.make_guide`
fails here."""

from __future__ import annotations

import re

import nbformat
import pytest

from tools import make_guide

EDITIONS = sorted(make_guide.GUIDES)


def markers(edition: str) -> list[tuple[str, str, str]]:
    """(notebook, figure name, the figure written) for every marker in one edition's guide."""
    guide, _ = make_guide.GUIDES[edition]
    return make_guide.MARKER.findall(guide.read_text(encoding="utf-8"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_figure_in_the_guide_is_the_one_its_notebook_prints(edition):
    guide, folder = make_guide.GUIDES[edition]
    reader = make_guide.Reader(folder, edition)
    differ = [
        f"fig:{number}:{name} says {written!r}, the notebook prints {printed!r}"
        for number, name, written in markers(edition)
        if written != (printed := reader.figure(number, name))
    ]
    assert differ == [], f"{guide.name}: run `python -m tools.make_guide`: {differ}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_figure_the_tool_knows_is_quoted_in_the_guide(edition):
    quoted = {(number, name) for number, name, _ in markers(edition)}
    known = {(number, name) for number, figures in make_guide.FIGURES.items() for name in figures}
    assert known - quoted == set(), f"{edition}: figures named in FIGURES but never quoted"
    assert len(quoted) >= 40


def test_both_guides_cover_every_notebook_s_section():
    for edition in EDITIONS:
        guide, folder = make_guide.GUIDES[edition]
        text = guide.read_text(encoding="utf-8")
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            assert f"\n## {path.name[:2]} · " in text, (
                f"{guide.name} has no section for {path.name}"
            )


def test_a_changed_output_is_caught_and_rewritten(tmp_path):
    source = make_guide.notebook_path(make_guide.NOTEBOOKS, "02")
    notebook = nbformat.read(source, as_version=4)
    cell = next(c for c in notebook.cells if c.get("id") == make_guide.FIGURES["02"]["bits"].cell)
    for output in cell.outputs:  # one stream or three: the printed lines may come either way
        if output.output_type == "stream":
            output.text = re.sub(r"(?m)^bits .*$", "bits   987.6 µs per board", output.text)
    nbformat.write(notebook, tmp_path / source.name)
    reader = make_guide.Reader(tmp_path, "en")
    guide = "bits: <!-- fig:02:bits -->9.3<!-- /fig --> µs"
    assert make_guide.filled(guide, reader) == "bits: <!-- fig:02:bits -->987.6<!-- /fig --> µs"


def test_a_figure_whose_cell_is_gone_names_the_notebook_and_the_cell(tmp_path):
    source = make_guide.notebook_path(make_guide.NOTEBOOKS, "02")
    notebook = nbformat.read(source, as_version=4)
    gone = make_guide.FIGURES["02"]["dicts"].cell
    notebook.cells = [c for c in notebook.cells if c.get("id") != gone]
    nbformat.write(notebook, tmp_path / source.name)
    reader = make_guide.Reader(tmp_path, "en")
    with pytest.raises(make_guide.FigureError, match=f"fig:02:dicts: no code cell {gone}"):
        reader.figure("02", "dicts")
    with pytest.raises(make_guide.FigureError, match="fig:02:nonsense is not in"):
        reader.figure("02", "nonsense")
