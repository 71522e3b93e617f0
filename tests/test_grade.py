"""Grading a class (`make grade`): the class build's nbgrader metadata, a check that raises only
under nbgrader, and three made-up submissions of notebook 01 graded end to end (all right, all
stubs, one wrong answer) into full, zero and partial marks, with feedback in the check's own words.
tests/test_grade_trust.py holds what a grade must withstand."""

from __future__ import annotations

import csv
import html
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from sudoku_lib.checks import check_box_of
from sudoku_lib.checks.grading import NBGRADER_EXECUTION, CheckFailed, graded
from tools.grade import grade
from tools.make_student import (
    BEGIN,
    END,
    POINTS_PER_CHECK,
    Build,
    has_solution,
    learner_notebook,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
BOARD = ROOT / "notebooks" / "01_the_board.ipynb"


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def nbgrader_of(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_class_build_marks_every_answer_and_every_check_for_nbgrader(path):
    teacher = read(path)
    built = learner_notebook(teacher, Build.CLASS)
    answers = {cell.id for cell in teacher.cells if has_solution(cell)}
    marked = [cell for cell in built.cells if nbgrader_of(cell)]
    solutions = [c for c in marked if nbgrader_of(c)["solution"]]
    tests = [c for c in marked if nbgrader_of(c)["grade"]]
    assert {cell.id for cell in solutions} == answers
    assert len(tests) == len(answers), "one graded check for each exercise"
    for cell in tests:
        assert nbgrader_of(cell)["points"] == POINTS_PER_CHECK and nbgrader_of(cell)["locked"]
        assert re.search(r"^graded\(check_\w+\(.*\)\)$", cell.source, re.M), cell.source
    ids = [nbgrader_of(cell)["grade_id"] for cell in marked]
    assert len(set(ids)) == len(ids), f"grade ids repeat: {ids}"
    assert all(re.fullmatch(r"[\w-]+", grade_id) for grade_id in ids)


def test_self_study_build_carries_no_nbgrader_metadata():
    built = learner_notebook(read(BOARD), Build.SELF_STUDY)
    assert not any(nbgrader_of(cell) for cell in built.cells)


WRONG_BOX_OF = """def box_of(r, c, box=3):
    return box * (c // box) + r // box  # rows and columns swapped"""


def wrong_box_of():
    """The wrong answer as a function, under the name the student gave it."""
    namespace: dict = {}
    exec(WRONG_BOX_OF, namespace)
    return namespace["box_of"]


def test_graded_returns_the_report_outside_nbgrader(monkeypatch):
    monkeypatch.delenv(NBGRADER_EXECUTION, raising=False)
    report = check_box_of(wrong_box_of())
    assert graded(report) is report and not report.passed


def test_graded_raises_the_checks_own_words_under_nbgrader(monkeypatch):
    monkeypatch.setenv(NBGRADER_EXECUTION, "autograde")
    report = check_box_of(wrong_box_of())
    with pytest.raises(CheckFailed) as failed:
        graded(report)
    assert failed.value._render_traceback_() == report.lines
    assert str(failed.value) == "\n".join(report.lines)


def test_graded_prints_a_passed_check_under_nbgrader_and_returns_no_value(monkeypatch, capsys):
    """A returned value would be read by nbgrader as a partial score."""
    monkeypatch.setenv(NBGRADER_EXECUTION, "autograde")
    report = check_box_of(lambda r, c, box=3: box * (r // box) + c // box)
    assert report.passed and graded(report) is None
    assert capsys.readouterr().out.strip() == "\n".join(report.lines)


def answered(cell) -> str:
    """The teacher's answer as a student would type it: the solution without the markers."""
    return "\n".join(line for line in cell.source.splitlines() if line.strip() not in (BEGIN, END))


def submission(replace: dict[str, str] | None = None, stubs: bool = False):
    """Notebook 01 as nbgrader released it, answered with the teacher's solutions (or left as
    stubs), with some answers replaced by `replace` (exercise function name -> cell source)."""
    teacher = read(BOARD)
    notebook = learner_notebook(teacher, Build.CLASS)
    solutions = {cell.id: cell for cell in teacher.cells if has_solution(cell)}
    for cell in notebook.cells:
        if cell.id in solutions and not stubs:
            name = nbgrader_of(cell)["grade_id"]
            cell.source = (replace or {}).get(name, answered(solutions[cell.id]))
    return notebook


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory) -> Path:
    """A course directory holding notebook 01 and three students' submissions, graded."""
    course = tmp_path_factory.mktemp("course")
    notebooks = tmp_path_factory.mktemp("notebooks")
    shutil.copy(BOARD, notebooks / BOARD.name)
    work = {
        "ada": submission(),
        "bo": submission(stubs=True),
        "cy": submission({"box_of": WRONG_BOX_OF}),
    }
    for student, notebook in work.items():
        folder = course / "submitted" / student / "01"
        folder.mkdir(parents=True)
        nbformat.write(notebook, folder / BOARD.name)
    grade(course, notebooks, workers=1)
    return course


def scores(course: Path) -> dict[str, tuple[float, float]]:
    with (course / "grades.csv").open(newline="") as grades:
        rows = [row for row in csv.DictReader(grades) if row["assignment"] == "01"]
    return {row["student_id"]: (float(row["score"]), float(row["max_score"])) for row in rows}


def test_three_submissions_get_full_zero_and_partial_marks(graded_course):
    exercises = sum(has_solution(cell) for cell in read(BOARD).cells)
    full = float(exercises * POINTS_PER_CHECK)
    assert scores(graded_course) == {
        "ada": (full, full),
        "bo": (0.0, full),
        "cy": (full - POINTS_PER_CHECK, full),
    }


def visible_text(page: str) -> str:
    """What a reader of an HTML page sees: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_feedback_reads_the_failed_check_in_its_own_words(graded_course):
    page = (graded_course / "feedback" / "cy" / "01" / BOARD.with_suffix(".html").name).read_text()
    text = visible_text(page)
    for line in check_box_of(wrong_box_of()).lines:
        assert " ".join(line.split()) in text, line
    assert "raise CheckFailed" not in text, "the stack of frames is left out"
    first = check_box_of(wrong_box_of()).lines[0]
    assert text.count(" ".join(first.split())) == 1, "each failed check is shown once"


def test_a_submission_in_the_wrong_place_is_named_and_the_rest_graded(tmp_path):
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy(BOARD, notebooks / BOARD.name)
    (tmp_path / "submitted" / "ada" / "1").mkdir(parents=True)
    (tmp_path / "submitted" / "bo" / "01").mkdir(parents=True)
    folder = tmp_path / "submitted" / "cy" / "01"
    folder.mkdir(parents=True)
    nbformat.write(submission(), folder / BOARD.name)
    message = "\n".join(grade(tmp_path, notebooks, workers=1))
    assert "submitted/ada/1: '1' is not an assignment" in message
    assert f"submitted/bo/01: no {BOARD.name} in it" in message
    assert scores(tmp_path) == {"cy": (3.0, 3.0)}


def test_collect_copies_each_home_and_follows_no_link(tmp_path):
    from tools.collect import collect

    homes = tmp_path / "homes"
    (homes / "ada" / "learner").mkdir(parents=True)
    shutil.copy(BOARD, homes / "ada" / "learner" / BOARD.name)
    (homes / "bo").mkdir()
    (homes / "bo" / BOARD.name).symlink_to(homes / "ada" / "learner" / BOARD.name)
    lines = collect(homes, tmp_path / "course")
    copied = sorted(p.relative_to(tmp_path / "course") for p in tmp_path.rglob("*.ipynb")
                    if (tmp_path / "course") in p.parents)  # fmt: skip
    assert copied == [Path("submitted") / "ada" / "01" / BOARD.name]
    assert lines[-1].startswith("copied 1 notebook of 1 student from ")


def test_the_report_titles_an_exercise_as_its_check_does_even_if_a_copy_had_no_answer():
    """A result the grader made itself (no answer) has only the function's name; the section
    takes the check's title in words from another student's result."""
    from tools.grade import Result
    from tools.grade_course import Assignment, Exercise
    from tools.grade_report import exercise_title

    exercise = Exercise("check_box_of", ("box_of",), frozenset())
    assignment = Assignment("01", "01_the_board.ipynb", (exercise,), (), ())
    missing = Result("box_of", False, "failed", ["no answer"], "missing")
    checked = Result("box of a cell", False, "failed", ["✗ box of a cell, case …"], "swapped")
    assert exercise_title(assignment, 0, [("a", missing), ("b", checked)]) == "box of a cell"
    assert exercise_title(assignment, 0, [("a", missing)]) == "box_of"
    assert exercise_title(assignment, 0, []) == "check_box_of"
