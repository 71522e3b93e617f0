"""The Chinese edition, notebooks/zh/, is held in step with the English notebooks cell for cell:
the sync check passes on the committed notebooks and names what an English change leaves missing
or stale."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat
import pytest

from tools.zh_sync import (
    LANGUAGE_TAG,
    ZH_NOTEBOOKS,
    edition_problems,
    notebook_problems,
    stamp,
)

ROOT = Path(__file__).resolve().parent.parent
NAME = "00_start_here.ipynb"


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


@pytest.fixture
def pair() -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    """The real notebook 00 in English and in Chinese, as copies a test may change."""
    return read(ROOT / "notebooks" / NAME), read(ZH_NOTEBOOKS / NAME)


def cell_index(notebook: nbformat.NotebookNode, text: str) -> int:
    return next(i for i, cell in enumerate(notebook.cells) if text in cell.source)


def test_the_committed_chinese_edition_is_in_step():
    assert edition_problems() == []


def test_each_chinese_notebook_first_chooses_the_language():
    for path in sorted(ZH_NOTEBOOKS.glob("*.ipynb")):
        first = read(path).cells[0]
        assert LANGUAGE_TAG in first.metadata.tags
        assert 'set_language("zh")' in first.source


def test_a_changed_english_prose_cell_is_listed_as_stale(pair):
    english, chinese = pair
    i = cell_index(english, "## Your first puzzle")
    english.cells[i].source += "\nOne more sentence."
    assert notebook_problems(english, chinese, NAME) == [
        f"{NAME}: stale: English cell {i + 1} (markdown) changed since it was translated: "
        "'## Your first puzzle'"
    ]


def test_a_changed_english_code_cell_is_listed_as_stale(pair):
    english, chinese = pair
    i = cell_index(english, "check_count_blanks(count_blanks)")
    english.cells[i].source = "check_count_blanks(count_blanks, quick=True)"
    assert [line.split(": ")[1] for line in notebook_problems(english, chinese, NAME)] == ["stale"]


def test_a_new_english_cell_is_listed_as_missing(pair):
    english, chinese = pair
    english.cells.insert(3, nbformat.v4.new_markdown_cell("A new paragraph."))
    assert notebook_problems(english, chinese, NAME) == [
        f"{NAME}: missing: English cell 4 (markdown) has no Chinese cell: 'A new paragraph.'"
    ]


def test_chinese_code_that_drifts_from_the_english_is_listed(pair):
    english, chinese = pair
    i = cell_index(chinese, 'naive = solve(another, method="naive")')
    chinese.cells[i].source = chinese.cells[i].source.replace('"naive"', '"pruned"')
    found = notebook_problems(english, chinese, NAME)
    assert len(found) == 1 and "code differs" in found[0]


def test_comments_and_chinese_strings_may_differ_but_not_other_strings(pair):
    english, chinese = pair
    i = cell_index(chinese, "def count_blanks")
    chinese.cells[i].source += "\n# 再加一条中文注释"
    assert notebook_problems(english, chinese, NAME) == []
    chinese.cells[i].source = chinese.cells[i].source.replace('"."', '"0"')
    assert "code differs" in notebook_problems(english, chinese, NAME)[0]


def test_stamping_records_the_english_it_follows_and_refuses_a_mismatch(pair):
    english, chinese = pair
    i = cell_index(english, "## Your first puzzle")
    english.cells[i].source += "\nOne more sentence."
    stamped = copy.deepcopy(chinese)
    stamp(english, stamped)
    assert notebook_problems(english, stamped, NAME) == []
    english.cells.pop(i)
    with pytest.raises(ValueError, match="cells"):
        stamp(english, copy.deepcopy(chinese))


CODE_AND_LINKS = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)|<[^>]+>", re.S)


def english_heavy_cells(notebook: nbformat.NotebookNode) -> list[int]:
    """The prose cells (0-based) whose words, code and link targets aside, are not mostly
    Chinese: fewer than two Chinese characters for each English word."""
    heavy = []
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            prose = CODE_AND_LINKS.sub(" ", cell.source)
            english = re.findall(r"[A-Za-z]{2,}", prose)
            chinese = re.findall(r"[\u4e00-\u9fff]", prose)
            if len(chinese) < 2 * len(english):
                heavy.append(i)
    return heavy


@pytest.mark.parametrize("path", sorted(ZH_NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_chinese_prose_cell_is_written_in_chinese(path):
    assert english_heavy_cells(read(path)) == []


def test_an_english_prose_cell_left_behind_is_found(pair):
    english, chinese = pair
    first_puzzle = cell_index(english, "## Your first puzzle")
    chinese.cells[first_puzzle + 1].source = english.cells[first_puzzle].source
    assert english_heavy_cells(chinese) == [first_puzzle + 1]
