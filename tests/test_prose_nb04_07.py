"""Notebooks 04, 06 and 07 state no figure they do not compute: every number of three or more
digits in their prose is printed by one of their own cells (whose outputs nbval compares), and
the small counts the prose reads off a table are checked against that table here."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
OWN = ["04_pruning", "06_measuring_the_search", "07_beyond"]
BIG_NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d{3,}\b")  # 4,208 or 446; not 7 or 20
NOT_MEASURED = {  # numbers in the prose that are no measurement
    "04_pruning": {1379},  # a cell's candidates written as a string, "1379"
    "06_measuring_the_search": {100, 200},  # "each bar covers the same ratio (100 to 200)"
    "07_beyond": {256, 2000, 2022, 11047},  # 16 x 16 cells; Knuth's paper and book (years, arXiv)
}


def cells(name: str) -> list[nbformat.NotebookNode]:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells


def outputs(cell: nbformat.NotebookNode) -> str:
    """A code cell's printed and displayed text."""
    parts = [o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.outputs]
    return "".join(parts)


def numbers(text: str) -> set[int]:
    return {int(n.replace(",", "")) for n in BIG_NUMBER.findall(text)}


def computed(name: str) -> set[int]:
    """Every number a cell of the notebook prints, or its code names (a bound, a limit)."""
    code = [c for c in cells(name) if c.cell_type == "code"]
    text = "\n".join(outputs(c) + "\n" + c.source.replace("_", "") for c in code)
    return numbers(text)


@pytest.mark.parametrize("name", OWN)
def test_every_big_number_in_the_prose_is_computed_by_the_notebook(name):
    prose = "".join(c.source for c in cells(name) if c.cell_type == "markdown")
    stated = numbers(prose) - NOT_MEASURED.get(name, set())
    assert stated <= computed(name), f"{name} states {sorted(stated - computed(name))} uncomputed"


def summary_line(name: str, label: str) -> str:
    """The text line of a summary table for one method and set: "naive · easy50  6/25 ..."."""
    table = next(outputs(c) for c in cells(name) if "SummaryTable(results)" in c.source)
    return next(line for line in table.splitlines() if line.startswith(label))


def test_06s_prose_reads_the_naive_searchs_successes_off_its_table():
    prose = next(
        c.source for c in cells("06_measuring_the_search") if "Were you surprised" in c.source
    )
    solved = {
        kind: summary_line("06_measuring_the_search", f"naive · {kind} ").split()[3]
        for kind in ("easy50", "17clue", "top95", "hardest375")
    }
    easy, hard = solved["easy50"].split("/"), solved["hardest375"].split("/")
    assert f"only {easy[0]} of the {easy[1]} easy puzzles" in prose
    assert f'and {hard[0]} of the {hard[1]} "hardest"' in prose
    assert solved["17clue"].startswith("0/") and solved["top95"].startswith("0/")


def test_04s_prose_says_which_steps_finish_every_puzzle_as_computed():
    notebook = cells("04_pruning")
    index = next(i for i, c in enumerate(notebook) if "if not any(r.gave_up" in c.source)
    finished = outputs(notebook[index])
    assert "'+ fail early'" not in finished and "'+ most constrained'" in finished
    after = notebook[index + 1].source
    assert "the most-constrained order alone already solves them" in after
