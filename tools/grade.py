"""Grade a class's work with nbgrader: `make grade`.

    python -m tools.grade                  # grading/, nbgrader's course directory in the project
    python -m tools.grade --course DIR     # another course directory holding nbgrader_config.py

Every step is one of nbgrader's own commands (run through its Python API, in one process), so
what a teacher reads in nbgrader's documentation holds here too:

1. `source/NN/<notebook>.ipynb` is written for every notebook from the class build, which carries
   nbgrader's metadata (tools/make_student.py): one assignment a notebook, named by its number.
2. `nbgrader generate_assignment NN` for each: `release/NN/` is the copy to hand out, and the
   gradebook learns which cells are answers and which are checks.
3. For each assignment that has submissions (`submitted/<student>/NN/<notebook>.ipynb`):
   `nbgrader autograde NN` runs them, `nbgrader generate_feedback NN` writes
   `feedback/<student>/NN/<notebook>.html`, where a failed check reads in its own words.
4. `nbgrader export` writes `grades.csv`, and each student's scores are printed.

A submission in the wrong place (a folder that is not an assignment, a notebook under another
name) is named before anything runs, since nbgrader would pass it over without a word.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import sys
import warnings
from collections import defaultdict
from pathlib import Path
from typing import Any

import nbformat

from sudoku_lib.words import plural
from tools import NOTEBOOKS, ROOT
from tools.make_student import Build, learner_notebook, shown

GRADING = ROOT / "grading"
CONFIG = "nbgrader_config.py"
GRADES = "grades.csv"
LOG_LINES = 20  # how much of a failed nbgrader command's output is shown


class GradingError(Exception):
    """Something a teacher must fix before grading can go on, said in one message."""


def assignments(notebooks: Path = NOTEBOOKS) -> dict[str, Path]:
    """Assignment name ("00" ... "08") -> the teacher's notebook it is built from."""
    return {path.name[:2]: path for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb"))}


def write_sources(course: Path, course_notebooks: dict[str, Path]) -> None:
    """source/NN/<notebook>.ipynb from the class build, rewritten only when it changed, so
    nbgrader sees the same files (and the same times) when the course has not moved."""
    for name, path in course_notebooks.items():
        target = course / "source" / name / path.name
        text = nbformat.writes(learner_notebook(nbformat.read(path, as_version=4), Build.CLASS))
        if not target.exists() or target.read_text() != text + "\n":
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text + "\n")


def submissions(course: Path, course_notebooks: dict[str, Path]) -> dict[str, list[str]]:
    """Assignment name -> the students who handed it in; refuse anything nbgrader would skip."""
    found: dict[str, list[str]] = defaultdict(list)
    problems = []
    for folder in sorted((course / "submitted").glob("*/*")):
        where = folder.relative_to(course)
        if not folder.is_dir():
            problems.append(f"{where}: a file where an assignment's folder was expected")
        elif folder.name not in course_notebooks:
            wanted = ", ".join(course_notebooks)
            problems.append(f"{where}: {folder.name!r} is not an assignment (use one of {wanted})")
        elif not (folder / course_notebooks[folder.name].name).is_file():
            problems.append(f"{where}: no {course_notebooks[folder.name].name} in it")
        else:
            found[folder.name].append(folder.parent.name)
    if problems:
        raise GradingError("submissions in the wrong place:\n  " + "\n  ".join(problems))
    return dict(found)


def nbgrader_api(course: Path) -> Any:
    """nbgrader's own Python API (the one its formgrader drives) on the course directory.

    Each `nbgrader` command spends about 6 s of CPU importing before it works, so the commands
    run in this one process instead; they are the same converters, with the same configuration
    (the course's nbgrader_config.py, read here as the command line reads it).
    """
    from nbgrader.apps import NbGraderAPI
    from sqlalchemy.exc import SAWarning
    from traitlets.config.loader import PyFileConfigLoader

    # nbgrader's gradebook trips SQLAlchemy's session warnings on every autograde; they say
    # nothing a teacher can act on.
    warnings.filterwarnings("ignore", category=SAWarning)

    config = PyFileConfigLoader(CONFIG, path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    return NbGraderAPI(config=config)


def tools_on_path() -> None:
    """Put this Python's scripts first on PATH: nbgrader runs `alembic` from there to set up
    the gradebook, and kernels started for autograde must be this environment's."""
    scripts = str(Path(sys.executable).parent)
    if os.environ.get("PATH", "").split(os.pathsep)[0] != scripts:
        os.environ["PATH"] = os.pathsep.join([scripts, os.environ.get("PATH", "")])


def done(result: dict[str, Any], what: str) -> None:
    """Stop with nbgrader's own last words when one of its steps failed."""
    if not result["success"]:
        said = (result.get("log") or "") + (result.get("error") or "")
        tail = "\n".join(said.splitlines()[-LOG_LINES:])
        raise GradingError(f"nbgrader {what} failed:\n{tail}")


def export(api: Any) -> None:
    """`nbgrader export`: the gradebook as grades.csv, by nbgrader's CSV plugin."""
    from nbgrader.api import Gradebook
    from nbgrader.plugins.export import CsvExportPlugin

    with Gradebook(api.coursedir.db_url, api.coursedir.course_id) as gradebook:
        CsvExportPlugin(parent=api).export(gradebook)


def scores(course: Path, handed_in: dict[str, list[str]]) -> list[str]:
    """Each student's line: their score on every assignment they handed in."""
    by_student: dict[str, list[str]] = defaultdict(list)
    with (course / GRADES).open(newline="") as grades:
        for row in csv.DictReader(grades):
            if row["student_id"] in handed_in.get(row["assignment"], []):
                score, most = float(row["score"]), float(row["max_score"])
                by_student[row["student_id"]].append(f"{row['assignment']}: {score:g}/{most:g}")
    return [f"{student}  " + "  ".join(marks) for student, marks in sorted(by_student.items())]


def grade(course: Path = GRADING, notebooks: Path = NOTEBOOKS) -> list[str]:
    """Generate, autograde, give feedback and export; the lines to print."""
    if not (course / CONFIG).is_file():
        raise GradingError(f"{course}: no {CONFIG}, so this is not nbgrader's course directory")
    course_notebooks = assignments(notebooks)
    handed_in = submissions(course, course_notebooks)
    write_sources(course, course_notebooks)
    with contextlib.chdir(course):  # where nbgrader's command line would run
        tools_on_path()
        api = nbgrader_api(course)
        for name in course_notebooks:
            done(api.generate_assignment(name), f"generate_assignment {name}")
        for name, students in handed_in.items():
            for student in students:
                done(api.autograde(name, student), f"autograde {name} for {student}")
            done(api.generate_feedback(name), f"generate_feedback {name}")
        export(api)
    lines = [f"graded {plural(len(handed_in), 'assignment')}; scores in {shown(course / GRADES)}"]
    lines += scores(course, handed_in)
    lines.append(f"feedback for each student: {shown(course / 'feedback')}/<student>/<NN>/")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Grade everything handed in and print the scores, or one clear reason why not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--course", type=Path, default=GRADING, help="nbgrader's course directory")
    args = parser.parse_args(argv)
    try:
        lines = grade(args.course.resolve())
    except GradingError as error:
        print(f"grade: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
