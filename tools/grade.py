"""Grade what a class handed in: `make grade`.

    python -m tools.grade                  # grading/: submitted/<student>/<NN>/<notebook>.ipynb
    python -m tools.grade --course DIR     # another folder laid out the same way
    python -m tools.grade --jobs 2         # how many students are graded at once (default: cores)

Each submission is read as data (tools/grade_course.py): its answer to each exercise is found by
the course's cell ids or the function's name, so any copy of the notebook grades. Only those
answers run, with the teacher's own setup cells, in a sandboxed child process
(tools/grade_sandbox.py); the course's checks run here, in the grader, on proxies that call the
learner's functions over a pipe (sudoku_lib/checks/remote.py). So no answer cell can change how
it is judged: the verdict is reached in a process its code never runs in.

One point an exercise, as each check says right or not yet for the whole exercise. A submission
that cannot be read, is too big, or holds none of the notebook's exercises is refused by name
with its reason; an answer that hangs, floods, exits or crashes scores 0 for what could not run;
either way everyone else is graded. Written every time, whatever happened:
- `release/NN/<notebook>.ipynb`: the copy to hand out (the class build), rewritten only when the
  course changed;
- `grades.csv`: assignment, student, score, most, and any problem;
- `feedback/<student>/<NN>/<notebook>.html`: each exercise's result in the check's own words;
- `report.html` and `report.zh.html`: the class's mistakes (tools/grade_report.py).

nbgrader is not used to grade: its autograde runs the test cells in the student's own kernel, where
the student's code can change the result, and its gradebook is a file that code can write. The
class build still carries nbgrader's cell metadata, so its exchange can hand out and collect.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from tqdm import tqdm

from sudoku_lib import checks
from sudoku_lib.checks.core import Report
from sudoku_lib.checks.remote import LOAD_SECONDS, SLACK, ChildLost, RemoteFunction, decode
from sudoku_lib.i18n import _, set_language
from sudoku_lib.timelimit import WALL_FACTOR
from sudoku_lib.words import plural
from tools import NOTEBOOKS, ROOT
from tools.grade_course import Assignment, Copy, Refused, Step, read_assignment, read_copy
from tools.grade_report import write_feedback, write_report
from tools.grade_sandbox import Child, protection
from tools.make_student import Build, learner_notebook, shown

GRADING = ROOT / "grading"
GRADES = "grades.csv"


@dataclass
class Result:
    """One exercise's result, as plain data (it crosses from a worker process)."""

    title: str
    passed: bool
    outcome: str
    lines: list[str]
    mistake: str | None = None


@dataclass
class Graded:
    """One submission graded: every exercise's result, or the reason it was refused."""

    student: str
    assignment: str
    filename: str
    language: str = "en"
    results: list[Result] = field(default_factory=list)
    refused: str | None = None
    most: int = 0

    @property
    def score(self) -> int:
        """Exercises passed."""
        return sum(result.passed for result in self.results)


def assignments(notebooks: Path = NOTEBOOKS) -> dict[str, Assignment]:
    """Assignment name ("00" ... "08") -> what it grades, read from the teacher's notebook."""
    paths = sorted(notebooks.glob("[0-9][0-9]_*.ipynb"))
    return {path.name[:2]: read_assignment(path) for path in paths}


def write_releases(course: Path, notebooks: Path, names: list[str]) -> None:
    """release/NN/<notebook>.ipynb, the class build, written only when it changed."""
    for name in names:
        source = next(notebooks.glob(f"{name}_*.ipynb"))
        target = course / "release" / name / source.name
        text = nbformat.writes(learner_notebook(nbformat.read(source, as_version=4), Build.CLASS))
        if not target.exists() or target.read_text(encoding="utf-8") != text + "\n":
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text + "\n", encoding="utf-8")


def submissions(
    course: Path, known: dict[str, Assignment]
) -> tuple[list[tuple[str, str, Path]], list[str]]:
    """(student, assignment, notebook) for each submission, and a line for each thing found in
    the wrong place (passed over, and named)."""
    found, problems = [], []
    for folder in sorted((course / "submitted").glob("*/*")):
        where = shown(folder)
        notebook = handed_in(folder, known[folder.name].filename) if folder.name in known else None
        if not folder.is_dir():
            problem = _("{where}: a file where an assignment's folder was expected")
        elif folder.name not in known:
            problem = _("{where}: {name!r} is not an assignment (use one of {wanted})")
        elif notebook is None:
            problem = _("{where}: no {notebook} in it")
        else:
            found.append((folder.parent.name, folder.name, notebook))
            continue
        filename = known[folder.name].filename if folder.name in known else ""
        wanted = ", ".join(known)
        problems.append(
            problem.format(where=where, name=folder.name, wanted=wanted, notebook=filename)
        )
    return found, problems


def handed_in(folder: Path, filename: str) -> Path | None:
    """The notebook handed in: under the course's name, else the folder's only notebook."""
    if not folder.is_dir():
        return None
    if (folder / filename).is_file():
        return folder / filename
    others = [path for path in folder.glob("*.ipynb") if path.is_file()]
    return others[0] if len(others) == 1 else None


# --- one submission, in a worker process -----------------------------------------------------


def grade_one(student: str, assignment: Assignment, path: Path) -> Graded:
    """Grade one submission; never raises for anything in the submission."""
    graded = Graded(student, assignment.name, path.name, most=len(assignment.exercises))
    try:
        copy = read_copy(path, assignment)
    except (Refused, OSError) as error:
        graded.refused = str(error) if isinstance(error, Refused) else _("it cannot be read")
        return graded
    graded.language = copy.language
    set_language(copy.language)
    session = Session(assignment, copy)
    try:
        graded.results = [session.judge(number) for number in range(len(assignment.exercises))]
    finally:
        session.close()
    return graded


class Session:
    """The child that runs one submission's answers, started again (without the cells that
    brought it down) whenever an answer ends or hangs it."""

    def __init__(self, assignment: Assignment, copy: Copy) -> None:
        self.assignment, self.copy = assignment, copy
        self.child: Child | None = None
        self.broke: set[int] = set()  # exercises whose answer cell ended the child as it loaded
        self.load_errors: dict[int, str] = {}

    def close(self) -> None:
        """End the child, if one runs."""
        if self.child is not None:
            self.child.kill()
            self.child = None

    def started(self) -> Child:
        """A child with the setup cells and every answer that loads without ending it."""
        if self.child is not None and self.child.channel.lost is None:
            return self.child
        self.close()
        while True:
            child, loading = Child(), None
            try:
                for step in self.assignment.steps:
                    loading = step.exercise
                    self.load(child, step)
            except ChildLost:
                child.kill()
                if loading is None:
                    raise
                self.broke.add(loading)
                continue
            self.child = child
            return child

    def load(self, child: Child, step: Step) -> None:
        """Run one step's cell in the child; an answer's error is kept for its report."""
        source = step.source
        if step.exercise is not None:
            source = self.copy.answers[step.exercise]
            if source is None or step.exercise in self.broke:
                return
        request = {"op": "load", "cell": step.exercise, "source": source, "seconds": LOAD_SECONDS}
        reply = child.channel.ask(request, LOAD_SECONDS * WALL_FACTOR + SLACK)
        if "error" in reply and step.exercise is not None:
            words = _("the answer cell raised {error}: {message}")
            message = str(reply.get("message", ""))[:300]
            self.load_errors[step.exercise] = words.format(error=reply["error"], message=message)

    def judge(self, number: int) -> Result:
        """One exercise, judged by the course's own check, run here."""
        exercise = self.assignment.exercises[number]
        if self.copy.answers[number] is None:
            names = ", ".join(f"`{name}`" for name in exercise.names)
            return failed(
                exercise.names[0],
                "missing",
                _("no answer defining {names} was found").format(names=names),
            )
        try:
            child = self.started()
            args = self.arguments(child, exercise.names)
        except ChildLost:
            return failed(exercise.names[0], "ended", ended_words())
        if number in self.broke or args is None:
            return failed(
                exercise.names[0],
                "ended" if number in self.broke else "missing",
                self.why_missing(number, exercise.names),
            )
        module = importlib.import_module(f"sudoku_lib.checks.nb{self.assignment.name}")
        check = getattr(module, exercise.check, None) or getattr(checks, exercise.check)
        try:
            report: Report = check(*args)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # the check broke on what the child sent: a 0, said so
            return failed(
                exercise.names[0],
                "raised",
                _("the check could not run: {error}").format(error=type(error).__name__),
            )
        if child.channel.lost is not None:
            return failed(exercise.names[0], "ended", ended_words(), report.lines)
        mistake = report.mistake or (None if report.passed else report.outcome)
        return Result(report.title, report.passed, report.outcome, list(report.lines), mistake)

    def arguments(self, child: Child, names: tuple[str, ...]) -> list[Any] | None:
        """What the check is called with: a proxy for each function, each value as data."""
        reply = child.channel.ask({"op": "describe", "names": list(names)}, SLACK * 2)
        args = []
        try:
            for name in names:
                info = dict(reply["names"][name])
                if info.get("kind") == "function":
                    args.append(RemoteFunction(child.channel, name, info))
                elif info.get("kind") == "value":
                    args.append(decode(info.get("value")))
                else:
                    return None
        except (KeyError, TypeError, ValueError, AttributeError):  # not what a child sends
            child.channel.lost = "garbled"
            child.kill()
            raise ChildLost("garbled") from None
        return args

    def why_missing(self, number: int, names: tuple[str, ...]) -> str:
        """Why an answer defined nothing the check can take."""
        if number in self.broke:
            return ended_words()
        said = self.load_errors.get(number)
        named = ", ".join(f"`{name}`" for name in names)
        missing = _("after running the answer cell, {names} was not defined").format(names=named)
        return f"{missing} ({said})" if said else missing


def ended_words() -> str:
    """What a report says when the answer ended or hung the process it ran in."""
    return _(
        "the answer ended or hung the process that ran it (an exit, a crash, memory or a loop "
        "the time limit could not stop): 0 for this exercise"
    )


def failed(title: str, mistake: str, line: str, more: list[str] | None = None) -> Result:
    """A result that did not pass, for a reason the grader found itself."""
    return Result(title, False, "failed", [line, *(more or [])], mistake)


# --- the class ------------------------------------------------------------------------------


def grade_all(
    jobs: list[tuple[str, str, Path]], known: dict[str, Assignment], workers: int
) -> list[Graded]:
    """Every submission graded, `workers` at a time, with a progress bar and time estimate."""
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(grade_one, s, known[a], p): (s, a, p) for s, a, p in jobs}
        bar = tqdm(as_completed(futures), total=len(futures), unit=_("notebook"), file=sys.stderr,
                   disable=not jobs)  # fmt: skip
        for future in bar:
            student, name, path = futures[future]
            try:
                results.append(future.result())
            except Exception as error:  # the grader's own failure on one file: named, not fatal
                graded = Graded(student, name, path.name, most=len(known[name].exercises))
                graded.refused = _("the grader failed on it: {error}").format(error=error)
                results.append(graded)
    return sorted(results, key=lambda g: (g.student, g.assignment))


def write_grades(course: Path, graded: list[Graded]) -> None:
    """grades.csv, written afresh (never a stale one left from an earlier run)."""
    with (course / GRADES).open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["assignment", "student_id", "score", "max_score", "problem"])
        for g in graded:
            writer.writerow([g.assignment, g.student, g.score, g.most, g.refused or ""])


def grade(
    course: Path = GRADING, notebooks: Path = NOTEBOOKS, workers: int | None = None
) -> list[str]:
    """Grade everything handed in; the lines to print."""
    started = time.monotonic()
    known = assignments(notebooks)
    write_releases(course, notebooks, list(known))
    jobs, problems = submissions(course, known)
    lines = [_("protection: {how}").format(how=protection().said)]
    graded = grade_all(jobs, known, workers or os.cpu_count() or 1)
    write_grades(course, graded)
    write_feedback(course, graded)
    write_report(course, graded, known)
    lines += problems
    lines += [
        f"{g.student} {g.assignment}: {_('refused')}: {g.refused}" for g in graded if g.refused
    ]
    took = time.monotonic() - started
    said = _(
        "graded {count} in {seconds:.0f} s; scores in {grades}, the class's mistakes in {report}"
    )
    where = {"grades": shown(course / GRADES), "report": shown(course / "report.html")}
    lines.append(said.format(count=plural(len(graded), "notebook"), seconds=took, **where))
    lines += student_lines(graded)
    return lines


def student_lines(graded: list[Graded]) -> list[str]:
    """Each student's line: their score on every assignment they handed in."""
    by_student: dict[str, list[str]] = {}
    for g in graded:
        by_student.setdefault(g.student, []).append(f"{g.assignment}: {g.score}/{g.most}")
    return [f"{student}  " + "  ".join(marks) for student, marks in sorted(by_student.items())]


def main(argv: list[str] | None = None) -> int:
    """Grade everything handed in and print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--course", type=Path, default=GRADING, help="the grading folder")
    parser.add_argument("--jobs", type=int, default=None, help="students graded at once")
    args = parser.parse_args(argv)
    course = args.course.resolve()
    if not course.is_dir():
        print(f"grade: {course}: no such folder", file=sys.stderr)
        return 2
    print("\n".join(grade(course, workers=args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
