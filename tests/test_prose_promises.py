"""What the prose of the notebooks says about their own outputs holds (issue 34): each claim that
reads a figure off a cell is checked against that cell's output or against the library code the
cell runs, in both editions where the claim is a count."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from sudoku_lib.measure import pruning_ladder
from sudoku_lib.template import measure_pruning
from sudoku_lib.watch import watch
from tests.learner_functions import permute

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
EDITIONS = [NOTEBOOKS, NOTEBOOKS / "zh"]


def cells(folder: Path, name: str) -> list[nbformat.NotebookNode]:
    return nbformat.read(folder / f"{name}.ipynb", as_version=4).cells


def outputs(cell: nbformat.NotebookNode) -> str:
    parts = [o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.outputs]
    return "".join(parts)


def test_00s_promise_names_as_many_ideas_as_04_measures():
    prose = next(
        c.source for c in cells(NOTEBOOKS, "00_start_here") if "for discussion" in c.source
    )
    ideas = [label for label, _, _ in pruning_ladder() if label != "naive"]
    assert "Notebook 04 measures\nfive such ideas" in prose and len(ideas) == 5


def test_04_says_fail_early_takes_longer_on_the_sample_as_its_cells_show():
    notebook = cells(NOTEBOOKS, "04_pruning")
    nodes = next(outputs(c) for c in notebook if "first_steps = pruning_ladder()" in c.source)
    per_node = next(outputs(c) for c in notebook if 'per node")' in c.source)
    counts = {k: int(v) for k, v in re.findall(r"'([^']+)': (\d+)", nodes)}
    micro = {
        label.strip(): float(value) * (1000 if unit == "ms" else 1)
        for label, value, unit in re.findall(r"^(.+?)\s+([\d.]+) (µs|ms) per node", per_node, re.M)
    }
    naive = counts["naive"] * micro["naive"]
    fail_early = counts["+ fail early"] * micro["+ fail early"]
    prose = next(c.source for c in notebook if "And fail early, on the sample" in c.source)
    assert "it takes longer than the naive search" in prose and fail_early > naive


@pytest.mark.parametrize("folder", EDITIONS, ids=["en", "zh"])
def test_06_announces_its_tools_and_the_measurement_after_them(folder: Path) -> None:
    notebook = cells(folder, "06_measuring_the_search")
    start = next(
        i for i, c in enumerate(notebook) if "## Exercises" in c.source or "## 练习" in c.source
    )
    exercises = [
        c for c in notebook[start:] if c.cell_type == "code" and "### BEGIN SOLUTION" in c.source
    ]
    announced = notebook[start].source
    assert len(exercises) == 5  # five measurements of the search
    assert "Five measurements of your own" in announced or "五个你自己动手的测量" in announced


def test_08s_closing_names_the_two_smallest_savings_of_its_table():
    ranked = [gain.problem.number for gain in sorted(measure_pruning(), key=lambda g: g.ratio)]
    prose = next(
        c.source
        for c in cells(NOTEBOOKS, "08_the_template_everywhere")
        if "The pruning always pays" in c.source
    )
    assert ranked[:2] == [39, 90]
    assert "combination sum saves least" in prose and "then subsets with repeats" in prose


def test_08s_lists_print_numbers_as_numbers():
    recording = watch(permute, [1, 2, 3])
    recording.goto(6)
    assert "[1, 2]" in str(recording.lists())
