"""How long `make grade` takes for a class: synthetic submissions graded, the time printed.

    python -m tools.grade_bench                       # 60 students x 9 notebooks
    python -m tools.grade_bench --students 10 --notebooks 01 02 03 --jobs 2

Half the students hand in every answer right (every case of every check runs: the slow half),
half hand in the untouched class copy. The figure is the wall time of the whole run, with the
load average before and after, since a busy machine grades slower.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
import time
from pathlib import Path

import nbformat

from tools import NOTEBOOKS
from tools.grade import grade
from tools.make_student import BEGIN, END, Build, has_solution, learner_notebook

GOAL_SECONDS = 600  # 60 students x 9 notebooks on a quiet 2-core machine


def solved_copy(
    teacher: nbformat.NotebookNode, build: Build, language: str = "en"
) -> nbformat.NotebookNode:
    """A learner's copy of the given build with every answer cell holding the model solution."""
    copy = learner_notebook(teacher, build, language)
    solutions = {
        cell.id: without_markers(cell.source) for cell in teacher.cells if has_solution(cell)
    }
    for cell in copy.cells:
        if cell.id in solutions:
            cell.source = solutions[cell.id]
    return copy


def without_markers(source: str) -> str:
    """A solution cell's source as a student who solved it would write it."""
    return re.sub(rf"^[ \t]*({BEGIN}|{END})[ \t]*\n", "", source + "\n", flags=re.M).rstrip("\n")


def build_class(course: Path, students: int, names: list[str]) -> None:
    """submitted/<student>/<NN>/<notebook>.ipynb for a class, half right, half untouched."""
    for name in names:
        path = next(NOTEBOOKS.glob(f"{name}_*.ipynb"))
        teacher = nbformat.read(path, as_version=4)
        right = nbformat.writes(solved_copy(teacher, Build.CLASS))
        untouched = nbformat.writes(learner_notebook(teacher, Build.CLASS))
        for number in range(students):
            target = course / "submitted" / f"student{number:02d}" / name / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(right if number % 2 == 0 else untouched, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build the class in a temporary folder, grade it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--notebooks", nargs="*", default=[f"{n:02d}" for n in range(9)])
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="grade-bench-") as folder:
        course = Path(folder)
        build_class(course, args.students, args.notebooks)
        load_before = os.getloadavg()
        started = time.monotonic()
        lines = grade(course, workers=args.jobs)
        took = time.monotonic() - started
        load_after = os.getloadavg()
    count = args.students * len(args.notebooks)
    print(lines[0])
    print(
        f"{args.students} students x {len(args.notebooks)} notebooks = {count} submissions: "
        f"{took:.0f} s ({took / count:.2f} s each), {args.jobs or os.cpu_count()} workers; "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after; "
        f"goal for 60 x 9 on a quiet 2-core machine: {GOAL_SECONDS} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
