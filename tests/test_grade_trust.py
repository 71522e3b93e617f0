"""What a grade must withstand (issue 31): held-out-style submissions of notebook 01 graded by
`tools.grade` as a teacher runs it. Cheats score as their honest wrong answers, bad files are
named and never stop the run, every copy of the notebook grades the same, release copies keep
each exercise's signature, and the report counts the typical wrong answers' mistakes."""

from __future__ import annotations

import csv
import html
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tools.grade import grade
from tools.grade_bench import solved_copy
from tools.grade_report import mistake_label
from tools.grade_sandbox import protection
from tools.make_student import Build, learner_notebook

ROOT = Path(__file__).resolve().parent.parent
NAME = "01_the_board.ipynb"
TEACHER = ROOT / "notebooks" / NAME
TEACHER_ZH = ROOT / "notebooks" / "zh" / NAME
BOX_OF_ID = "c39"  # the course's id of the box_of exercise (the same in both editions)
PEERS_OF_ID = "c42"

SWAPPED = '''def box_of(r, c, box=3):
    """The number of the box that holds cell (r, c)."""
    return box * (c // box) + r // box'''
FROM_ONE = """def box_of(r, c, box=3):
    return box * (r // box) + c // box + 1"""
KEPT_ZEROS = """def string_to_board(text):
    return [list(text[i : i + 9]) for i in range(0, 81, 9)]"""

NO_UNDO = """def solve_counting(board):
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]
    placed = 0

    def fill(i):
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[:size]:
            if is_valid_any_size(board, r, c, d):
                board[r][c] = d
                placed += 1
                if fill(i + 1):
                    return True
        return False  # the digit tried is never taken back

    fill(0)
    return placed"""
BACKTRACKING = ROOT / "notebooks" / "03_backtracking.ipynb"
QUEENS_ID = "c39"  # the course's id of 03's count_queens exercise
QUEENS_TABLE = """def count_queens(n):
    return {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352}[n]"""
QUEENS_LIBRARY = """import sudoku_lib.queens

def count_queens(n):
    return sudoku_lib.queens.count_queens(n)"""

CHEATS = {  # one line each after the honest (swapped) answer, as issue 31 found them working
    "environment": 'import os\nos.environ.pop("NBGRADER_EXECUTION", None)',
    "report": "from sudoku_lib.checks.core import Report\nReport.passed = property(lambda r: True)",
    "check": (
        "import sudoku_lib.checks as c, sudoku_lib.checks.nb01 as m\n"
        "c.check_box_of = m.check_box_of = lambda f: None"
    ),
    "cases": "import sudoku_lib.checks.core as core\ncore.run_case = lambda *a, **k: None",
    "solutions": (
        "import json\n"
        "try:\n"
        f"    teacher = json.load(open({str(TEACHER)!r}))\n"
        "    for cell in teacher['cells']:\n"
        "        if 'def box_of' in ''.join(cell['source']):\n"
        "            exec(''.join(cell['source']))\n"
        "except Exception:\n"
        "    pass"
    ),
    "gradebook": (
        "import sqlite3\n"
        "try:\n"
        "    db = sqlite3.connect(COURSE + '/gradebook.db')\n"
        "    db.execute('create table grade (student, score)')\n"
        "    db.commit()\n"
        "except Exception:\n"
        "    pass"
    ),
    "equal": (
        "class Anything:\n"
        "    def __eq__(self, other):\n"
        "        return True\n"
        "def box_of(r, c, box=3):\n"
        "    return Anything()"
    ),
}
BAD_ANSWERS = {  # answer cells for box_of that must cost box_of and nothing else
    "exit-on-load": "import os\nos._exit(3)",
    "exit-in-call": "def box_of(r, c, box=3):\n    import os\n    os._exit(1)",
    "loop": "def box_of(r, c, box=3):\n    while True:\n        pass",
    "memory": "def box_of(r, c, box=3):\n    return len(bytearray(10**11))",
}


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def answered(copy: nbformat.NotebookNode, cell_id: str, source: str) -> nbformat.NotebookNode:
    """The copy with one answer cell's source replaced."""
    copy = nbformat.from_dict(copy)
    (cell,) = [cell for cell in copy.cells if cell.id == cell_id]
    cell.source = source
    return copy


def copies() -> dict[str, nbformat.NotebookNode]:
    """Every copy a student may hand in, each with every answer right."""
    teacher, teacher_zh = read(TEACHER), read(TEACHER_ZH)
    lite = solved_copy(teacher, Build.SELF_STUDY)
    lite.nbformat_minor = 4  # an older save: no cell ids at all
    for cell in lite.cells:
        cell.pop("id", None)
    return {
        "class": solved_copy(teacher, Build.CLASS),
        "self-study": solved_copy(teacher, Build.SELF_STUDY),
        "class-zh": solved_copy(teacher_zh, Build.CLASS, "zh"),
        "self-study-zh": solved_copy(teacher_zh, Build.SELF_STUDY, "zh"),
        "no-ids": lite,
    }


def with_box_of(copy: nbformat.NotebookNode, source: str) -> nbformat.NotebookNode:
    """A copy whose box_of answer is `source`, found by its def wherever the ids went."""
    copy = nbformat.from_dict(copy)
    (cell,) = [c for c in copy.cells if c.cell_type == "code" and "def box_of" in c.source]
    cell.source = source
    return copy


def submissions(course: Path) -> dict[str, str | bytes | nbformat.NotebookNode]:
    """Student -> what they hand in as notebook 01."""
    right = copies()["class"]
    work: dict[str, str | bytes | nbformat.NotebookNode] = {
        "right": right,
        "untouched": learner_notebook(read(TEACHER), Build.CLASS),
        "swapped": answered(right, BOX_OF_ID, SWAPPED),
        "from-one-zeros": answered(answered(right, BOX_OF_ID, FROM_ONE), "c45", KEPT_ZEROS),
    }
    for name, copy in copies().items():
        work[f"copy-{name}"] = copy
        work[f"copy-{name}-swapped"] = with_box_of(copy, SWAPPED)
    for name, line in CHEATS.items():
        cheat = f"COURSE = {str(course)!r}\n{SWAPPED}\n{line}"
        work[f"cheat-{name}"] = answered(right, BOX_OF_ID, cheat)
    for name, source in BAD_ANSWERS.items():
        work[f"bad-{name}"] = answered(right, BOX_OF_ID, source)
    flood = "\nfor _ in range(300):\n    print('x' * 1_000_000)"
    work["bad-flood"] = answered(right, BOX_OF_ID, read_solution_box_of() + flood)
    repointed = answered(right, BOX_OF_ID, read_solution_box_of())
    for cell in repointed.cells:  # box_of's cell claims peers_of's id; a check cell is duplicated
        if cell.id == BOX_OF_ID:
            cell.id = PEERS_OF_ID
    doubled = nbformat.from_dict(repointed.cells[-1])
    doubled.id = "doubled"
    doubled.metadata["nbgrader"] = {"grade": True, "grade_id": "x", "points": 100}
    repointed.cells.append(doubled)
    work["bad-metadata"] = repointed
    work["bad-not-json"] = "this is not a notebook"
    work["bad-empty"] = ""
    work["bad-shape"] = json.dumps({"cells": 5})
    work["wrong-notebook"] = solved_copy(read(ROOT / "notebooks" / "02_valid_sudoku.ipynb"),
                                         Build.CLASS)  # fmt: skip
    return work


def read_solution_box_of() -> str:
    """The teacher's box_of, as a student who solved it writes it."""
    (cell,) = [c for c in copies()["class"].cells if c.id == BOX_OF_ID]
    return str(cell.source)


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Path, list[str]]:
    """The class above handed in and graded, with a stale grades.csv left from before."""
    course = tmp_path_factory.mktemp("course")
    for student, work in submissions(course).items():
        target = course / "submitted" / student / "01" / NAME
        target.parent.mkdir(parents=True)
        if isinstance(work, str):
            target.write_text(work)
        else:  # as JSON, not nbformat.write, which would mend a repeated cell id
            target.write_text(json.dumps(work))
    backtracking = solved_copy(read(BACKTRACKING), Build.CLASS)
    for student, copy in (
        ("right", backtracking),
        ("no-undo", answered(backtracking, "c33", NO_UNDO)),
        ("queens-table", answered(backtracking, QUEENS_ID, QUEENS_TABLE)),
        ("queens-library", answered(backtracking, QUEENS_ID, QUEENS_LIBRARY)),
    ):
        target = course / "submitted" / student / "03" / BACKTRACKING.name
        target.parent.mkdir(parents=True)
        target.write_text(json.dumps(copy))
    huge = course / "submitted" / "bad-huge" / "01" / NAME
    huge.parent.mkdir(parents=True)
    with huge.open("wb") as file:
        file.truncate(2 * 1024**3)  # 2 GB, sparse: refused by its size before any is read
    (course / "grades.csv").write_text("assignment,student_id,score,max_score\n01,stale,3,3\n")
    lines = grade(course, workers=2)
    return course, lines


def scores(course: Path, assignment: str = "01") -> dict[str, int]:
    with (course / "grades.csv").open(newline="") as grades:
        rows = [row for row in csv.DictReader(grades) if row["assignment"] == assignment]
    return {row["student_id"]: int(row["score"]) for row in rows}


def test_protection_is_said_and_is_the_sandbox_where_bubblewrap_is_installed(graded):
    _course, lines = graded
    assert lines[0] == f"protection: {protection().said}"
    if shutil.which("bwrap"):
        assert "bubblewrap" in lines[0]


def test_right_untouched_and_typical_wrong_answers_score_as_they_are(graded):
    got = scores(graded[0])
    assert (got["right"], got["untouched"], got["swapped"], got["from-one-zeros"]) == (3, 0, 2, 1)
    assert "stale" not in got, "grades.csv is written afresh"


@pytest.mark.parametrize("cheat", sorted(CHEATS))
def test_a_cheat_scores_as_its_honest_wrong_answer(graded, cheat):
    if cheat == "solutions" and "bubblewrap" not in protection().said:
        pytest.skip("without bubblewrap the solutions can be read (the README says so)")
    assert scores(graded[0])[f"cheat-{cheat}"] == scores(graded[0])["swapped"]
    assert not (graded[0] / "gradebook.db").exists()


@pytest.mark.parametrize("bad", [*sorted(BAD_ANSWERS), "flood", "metadata"])
def test_a_bad_answer_costs_only_what_could_not_run(graded, bad):
    expected = 3 if bad in ("flood", "metadata") else 2
    assert scores(graded[0])[f"bad-{bad}"] == expected


@pytest.mark.parametrize("bad", ["not-json", "empty", "shape", "huge"])
def test_a_bad_file_is_named_with_its_reason_and_the_run_goes_on(graded, bad):
    course, lines = graded
    (named,) = [line for line in lines if line.startswith(f"bad-{bad} 01: refused: ")]
    assert len(named) < 200
    assert scores(course)[f"bad-{bad}"] == 0
    assert (course / "feedback" / f"bad-{bad}" / "01" / "01_the_board.html").exists()
    assert (course / "feedback" / "right" / "01" / "01_the_board.html").exists()


def test_another_notebook_is_refused_with_the_copy_to_hand_in(graded):
    _course, lines = graded
    (named,) = [line for line in lines if line.startswith("wrong-notebook 01: refused: ")]
    assert NAME in named


def test_every_copy_grades_the_same(graded):
    got = scores(graded[0])
    names = [name for name in got if name.startswith("copy-")]
    assert len(names) == 10
    assert {got[n] for n in names if n.endswith("-swapped")} == {got["swapped"]}
    assert {got[n] for n in names if not n.endswith("-swapped")} == {got["right"]}


def test_a_chinese_copy_gets_feedback_in_chinese(graded):
    page = graded[0] / "feedback" / "copy-class-zh-swapped" / "01" / "01_the_board.html"
    assert re.search(r"[\u4e00-\u9fff]", page.read_text())


def test_release_copies_keep_each_signature_and_docstring_and_run(graded):
    release = read(graded[0] / "release" / "01" / NAME)
    sources = "\n".join(cell.source for cell in release.cells)
    for cell in read(TEACHER).cells:
        if "### BEGIN SOLUTION" in cell.source:
            head = cell.source.split("### BEGIN SOLUTION")[0].strip()
            assert head in sources, head
    NotebookClient(release, timeout=120, kernel_name="python3").execute()


def test_the_report_counts_the_typical_mistakes(graded):
    course, _lines = graded
    text = re.sub(r"<[^>]+>", " ", (course / "report.html").read_text())
    swapped = [n for n in scores(course) if n.endswith("swapped") or n.startswith("cheat-")]
    swapped = [n for n in swapped if n != "cheat-equal"]
    if "bubblewrap" not in protection().said:
        swapped.remove("cheat-solutions")
    got = scores(course)
    total = len(got)
    row = re.search(r"rows and columns[^\n]*?\s(\d+) of (\d+)", text)
    assert row and (int(row.group(1)), int(row.group(2))) == (len(swapped), total)
    for key in ("box from one", "kept zeros"):
        label = re.escape(html.escape(mistake_label(key)))
        assert re.search(rf"{label}\s+1 of {total}\s", text), key
    assert (course / "report.zh.html").exists()


def test_the_report_counts_a_search_that_never_takes_a_digit_back(graded):
    """Known from the moves the search made on a recording board in the child."""
    course, _lines = graded
    assert scores(course, "03") == {"right": 4, "no-undo": 3, "queens-table": 3,
                                    "queens-library": 3}  # fmt: skip
    text = re.sub(r"<[^>]+>", " ", (course / "report.html").read_text())
    label = re.escape(html.escape(mistake_label("forgot to un-choose")))
    assert re.search(rf"{label}\s+1 of 4\s", text)


def test_a_search_looked_up_or_borrowed_is_refused_though_it_runs_in_the_child(graded):
    """The checks that watch the learner's own work (its steps, its calls into the library's
    searches) watch it in the child, where the answer runs, and refuse a table of answers that
    knows the held-out case and a wrapper round the library's count."""
    course, _lines = graded
    feedback = {
        student: re.sub(
            r"<[^>]+>", " ", next((course / "feedback" / student).rglob("*.html")).read_text()
        )
        for student in ("queens-table", "queens-library")
    }
    assert "looked up" in feedback["queens-table"]
    assert "sudoku_lib.queens" in feedback["queens-library"]
