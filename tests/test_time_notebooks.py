"""The notebook timer reads nbclient's timestamps and marks what is over the budget."""

from __future__ import annotations

import nbformat

from tools import NOTEBOOKS
from tools.time_notebooks import BUDGET_SECONDS, Timing, cell_seconds, format_timing, notebooks_in


def executed_cell(began: str, ended: str) -> nbformat.NotebookNode:
    """A code cell as nbconvert leaves it, with its execution timestamps."""
    cell = nbformat.v4.new_code_cell("1 + 1")
    cell.metadata["execution"] = {"iopub.execute_input": began, "shell.execute_reply": ended}
    return cell


def test_a_cell_s_time_is_read_from_its_execution_timestamps():
    cell = executed_cell("2026-12-01T23:11:25.250000Z", "2026-12-01T23:11:27.000000Z")
    assert cell_seconds(cell) == 1.75


def test_a_cell_that_never_ran_took_no_time():
    assert cell_seconds(nbformat.v4.new_code_cell("1 + 1")) == 0.0


def test_only_a_notebook_over_the_budget_is_marked():
    within = Timing("06_x.ipynb", "teacher", BUDGET_SECONDS, 7.0, 12, 1.3)
    over = Timing("06_x.ipynb", "learner", BUDGET_SECONDS + 0.01, 7.0, 12, 1.3)
    assert "over the budget" not in format_timing(within)
    assert format_timing(over).endswith("over the budget")
    assert "cell 12: 1.30 s" in format_timing(within)
    assert within.start_up == BUDGET_SECONDS - 7.0


def test_a_prefix_picks_the_notebooks_it_names():
    assert [p.name[:2] for p in notebooks_in(NOTEBOOKS, ["06"])] == ["06"]
    assert len(notebooks_in(NOTEBOOKS, [])) == len(list(NOTEBOOKS.glob("*.ipynb")))
