"""The student version: built by tools/make_student.py, every exercise stubbed, every check saying
"not done yet" instead of crashing, and every notebook still running top to bottom."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tools.make_student import BEGIN, STUB, build, has_solution, stub_solutions

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHECK_CALL = re.compile(r"^check_\w+\(", re.M)


def is_check(cell) -> bool:
    """A self-check cell: code whose statement is a call to a `check_...` function."""
    return cell.cell_type == "code" and CHECK_CALL.search(cell.source) is not None


def output_text(cell) -> str:
    """Everything a cell printed or displayed as text."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.append(output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def test_stub_keeps_the_indentation_and_the_code_around_it():
    source = f"def f(x):\n    '''Doc.'''\n    {BEGIN}\n    return x + 1\n    ### END SOLUTION\n"
    assert stub_solutions(source) == f"def f(x):\n    '''Doc.'''\n    {STUB}"


@pytest.mark.parametrize("broken", [f"{BEGIN}\nx = 1", "### END SOLUTION", f"{BEGIN}\n{BEGIN}"])
def test_unbalanced_markers_are_refused(broken):
    with pytest.raises(ValueError, match="SOLUTION"):
        stub_solutions(broken)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name[:2] != "00"], ids=lambda p: p.stem)
def test_instructor_notebook_has_three_checked_exercises_that_pass(path):
    cells = nbformat.read(path, as_version=4).cells
    exercises = [i for i, cell in enumerate(cells) if has_solution(cell)]
    assert len(exercises) >= 3, "at least three exercises"
    for i in exercises:
        following = next((c for c in cells[i + 1 :] if c.cell_type == "code"), None)
        assert following is not None and is_check(following), f"cell {i} needs a self-check"
        assert "✓" in output_text(following), f"the stored check after cell {i} should pass"


@pytest.fixture(scope="module")
def student_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("student")
    build(ROOT / "notebooks", out)
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_student_notebook_runs_and_every_check_is_not_done_yet(path, student_dir):
    notebook = nbformat.read(student_dir / path.name, as_version=4)
    assert not any(BEGIN in cell.source for cell in notebook.cells)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": student_dir}}
    ).execute()  # raises on the first cell that errors
    checks = [cell for cell in notebook.cells if is_check(cell)]
    for cell in checks:
        assert "not done yet" in output_text(cell), cell.source
