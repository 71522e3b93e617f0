"""Build the learner's copy of the course from the teacher's notebooks, never losing their work.

    python -m tools.make_student                  # learner/: the self-study build
    python -m tools.make_student --build class --out class   # for teachers who grade: no solutions
    python -m tools.make_student --reset 03       # back up learner/03_*.ipynb, then build it afresh
    python -m tools.make_student --build teacher --out teacher   # the teacher's working copy
    python -m tools.make_student --lang zh        # learner-zh/: the Chinese edition (notebooks/zh/)

Every region between `### BEGIN SOLUTION` and `### END SOLUTION` (markers included) becomes
`raise NotImplementedError` at the marker's indentation, as nbgrader's ClearSolutions does, and
every output is cleared. The markers sit inside function bodies, so the learner's notebooks still
run top to bottom and each self-check reports "not done yet". The self-study build (the default)
adds, after each exercise and its hints, a collapsed "Model solution" block holding the code the
markers enclosed; the class build leaves it out and carries nbgrader's metadata instead (each
exercise an autograded answer cell, each check a test cell worth one point), so nbgrader's
exchange can hand it out and collect it; `make grade` (tools/grade.py) grades any copy without it.

Building again is safe. A small manifest in the build folder records a fingerprint of each
notebook as built. A notebook that is missing is built; one the learner has not edited is rebuilt
when the course changed; one the learner has edited is left exactly as it is, with one line saying
so when the course has an update for it. `--reset` keeps a timestamped backup first. Every write
goes to a new file renamed into place, so a link in the build folder is replaced, never written
through. A damaged manifest makes every notebook already there the learner's own. Errors are one
line on stderr: exit 2 for a bad choice (`--reset 9`), 4 for a folder or file that cannot be
written.

The teacher build is the committed notebooks as they are, solutions and outputs included, with
each solution cell's code folded (JupyterLab's standard `jupyter.source_hidden` metadata, one
click to show): a working copy to run and save in front of a class without touching a tracked file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
import textwrap
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Literal

import nbformat
import nbformat.sign

from sudoku_lib.i18n import _, set_language
from sudoku_lib.words import plural
from tools import NOTEBOOKS, ROOT

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
STUB = "raise NotImplementedError"
SOURCE = NOTEBOOKS  # the teacher's notebooks, which every build reads
LEARNER = ROOT / "learner"
LEARNER_ZH = ROOT / "learner-zh"
ZH = "zh"  # the Chinese edition's teacher's notebooks are in SOURCE / ZH, with the same names
MANIFEST = ".course-build.json"
BACKUPS = "backups"
MODEL_SOLUTION_TAG = "model-solution"
LANGUAGES = ("en", "zh")
WORDS = {  # what the build itself writes into a learner's notebook, in each edition's language
    "en": {
        "summary": "Model solution (open after a real try)",
        "one stub": "What goes in place of `{stub}`:",
        "stubs": "What goes in place of each `{stub}`, in order:",
    },
    "zh": {
        "summary": "参考答案（自己认真试过之后再打开）",
        "one stub": "替换 `{stub}` 的代码：",
        "stubs": "依次替换每个 `{stub}` 的代码：",
    },
}
# The class build is graded with nbgrader: every check is worth one point (see nbgrader_cells).
POINTS_PER_CHECK = 1
NBGRADER_SCHEMA = 3
CHECK_LINE = re.compile(r"^(check_\w+)\(.*\)[ \t]*$", re.M)  # a check cell's statement
GRADED_IMPORT = "from sudoku_lib.checks.grading import graded"


class Build(Enum):
    """Which copy: self-study carries folded model solutions, class (for grading) does not."""

    SELF_STUDY = "self-study"
    CLASS = "class"


TEACHER: Literal["teacher"] = "teacher"
"""The teacher's working copy: not a learner's build (nothing is stubbed), so not a `Build`."""

Kind = Build | Literal["teacher"]


class Action(Enum):
    """What a build did to one notebook of the learner's copy."""

    ADDED = "added"
    UPDATED = "updated"  # the course changed and the learner had not edited it
    UNCHANGED = "unchanged"
    KEPT = "kept"  # edited by the learner; the course has nothing new for it
    KEPT_OUTDATED = "kept, outdated"  # edited by the learner; the course has an update
    NOT_A_NOTEBOOK = "not a notebook"  # the learner's file cannot be read as one: left alone
    RESET = "reset"


@dataclass(frozen=True)
class Outcome:
    """One notebook's fate in a build, and the backup made for it, if any."""

    name: str
    action: Action
    backup: Path | None = None


def separate_solutions(source: str) -> tuple[str, list[str]]:
    """The cell's source with every solution region stubbed, and each region's code, dedented.

    One parser serves both builds, so the stub a learner sees and the model solution they may
    open always come from the same reading of the markers.
    """
    out: list[str] = []
    regions: list[str] = []
    region: list[str] | None = None
    for number, line in enumerate(source.splitlines(), 1):
        marker = line.strip()
        if marker == BEGIN:
            if region is not None:
                raise ValueError(f"line {number}: {BEGIN} inside another solution")
            region = []
            out.append(line[: len(line) - len(line.lstrip())] + STUB)
        elif marker == END:
            if region is None:
                raise ValueError(f"line {number}: {END} without {BEGIN}")
            regions.append(textwrap.dedent("\n".join(region)).strip("\n"))
            region = None
        elif region is not None:
            region.append(line)
        else:
            out.append(line)
    if region is not None:
        raise ValueError(f"{BEGIN} is never closed")
    return "\n".join(out), regions


def stub_solutions(source: str) -> str:
    """The cell's source with every solution region replaced by an indented stub."""
    return separate_solutions(source)[0]


def has_solution(cell: nbformat.NotebookNode) -> bool:
    """True for a code cell holding a solution region."""
    return (
        cell.cell_type == "code" and re.search(rf"^\s*{BEGIN}\s*$", cell.source, re.M) is not None
    )


def is_hint(cell: nbformat.NotebookNode) -> bool:
    """A hint cell, as the notebooks write them: markdown opening with a `<details>` block."""
    return bool(cell.cell_type == "markdown" and cell.source.lstrip().startswith("<details"))


def fenced(code: str) -> str:
    """A python code block whose fence is longer than any run of backticks inside the code."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}python\n{code}\n{fence}"


def model_solution_cell(
    regions: list[str], cell_id: str, language: str = "en"
) -> nbformat.NotebookNode:
    """A markdown cell with the regions' code folded under a summary the learner opens by choice."""
    words = WORDS[language]
    intro = words["one stub" if len(regions) == 1 else "stubs"].format(stub=STUB)
    blocks = "\n\n".join(fenced(code) for code in regions)
    source = f"<details><summary>{words['summary']}</summary>\n\n{intro}\n\n{blocks}\n\n</details>"
    cell: nbformat.NotebookNode = nbformat.v4.new_markdown_cell(
        source, id=cell_id, metadata={"tags": [MODEL_SOLUTION_TAG]}
    )
    return cell


def learner_notebook(
    notebook: nbformat.NotebookNode, build: Build, language: str = "en"
) -> nbformat.NotebookNode:
    """The learner's copy of one notebook: stubs instead of solutions, no outputs, and in the
    self-study build a folded model solution after each exercise's hints."""
    cells: list[nbformat.NotebookNode] = []
    pending: list[str] = []  # the last exercise's regions, placed once its hints are past
    for cell in nbformat.from_dict(notebook).cells:
        if pending and not is_hint(cell):
            cells.append(
                model_solution_cell(pending, f"{MODEL_SOLUTION_TAG}-{len(cells)}", language)
            )
            pending = []
        if cell.cell_type == "code":
            cell.source, regions = separate_solutions(cell.source)
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
            if build is Build.SELF_STUDY:
                pending = regions
        cells.append(cell)
    if pending:
        cells.append(model_solution_cell(pending, f"{MODEL_SOLUTION_TAG}-{len(cells)}", language))
    learner: nbformat.NotebookNode = nbformat.from_dict(notebook)
    learner.cells = cells
    learner.metadata.pop("widgets", None)
    return nbgrader_cells(notebook, learner) if build is Build.CLASS else learner


def nbgrader_cells(
    teacher: nbformat.NotebookNode, learner: nbformat.NotebookNode
) -> nbformat.NotebookNode:
    """The class build marked for nbgrader: each exercise an autograded answer cell, each check
    an autograded test cell, so `nbgrader generate_assignment` and `autograde` take it as it is.

    Points: one per check. A check stops at its first failed case, so it says right or not yet
    for the whole exercise; scoring its cases one by one would claim a precision it does not
    have, and one point each weighs every exercise of a notebook the same.
    """
    answers = {cell.id for cell in teacher.cells if has_solution(cell)}
    for cell in learner.cells:
        if cell.id in answers:
            cell.metadata["nbgrader"] = nbgrader_metadata(answer_id(cell), solution=True)
        elif cell.cell_type == "code" and (check := CHECK_LINE.search(cell.source)):
            cell.source = graded_check(cell.source)
            cell.metadata["nbgrader"] = nbgrader_metadata(check.group(1), points=POINTS_PER_CHECK)
    return learner


def teacher_notebook(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The teacher's working copy of one notebook: everything kept, each solution cell folded, so
    the solutions stay off the projector until the teacher opens one."""
    teacher: nbformat.NotebookNode = nbformat.from_dict(notebook)
    for cell in teacher.cells:
        if has_solution(cell):
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
    return teacher


def copy_for(
    notebook: nbformat.NotebookNode, kind: Kind, language: str = "en"
) -> nbformat.NotebookNode:
    """The notebook as the chosen build hands it out, in its edition's language."""
    if isinstance(kind, Build):
        return learner_notebook(notebook, kind, language)
    return teacher_notebook(notebook)


def nbgrader_metadata(grade_id: str, solution: bool = False, points: int = 0) -> dict[str, object]:
    """nbgrader's cell metadata (schema 3) for an answer cell or, with points, a test cell."""
    metadata: dict[str, object] = {
        "grade": not solution,
        "grade_id": grade_id,
        "locked": not solution,
        "schema_version": NBGRADER_SCHEMA,
        "solution": solution,
        "task": False,
    }
    if not solution:
        metadata["points"] = points
    return metadata


def answer_id(cell: nbformat.NotebookNode) -> str:
    """An answer cell's grade id: the function the exercise asks for, which names it in grades."""
    defined = re.search(r"^def (\w+)", cell.source, re.M)
    return defined.group(1) if defined else f"answer-{cell.id}"


def graded_check(source: str) -> str:
    """A check cell's source with its check wrapped in `graded(...)`, which raises under nbgrader
    (and only there) when the check did not pass."""
    wrapped = CHECK_LINE.sub(lambda line: f"graded({line.group(0).rstrip()})", source, count=1)
    return f"{GRADED_IMPORT}\n{wrapped}"


def fingerprint(notebook: nbformat.NotebookNode) -> str:
    """A hash of what a learner writes in a notebook: each cell's type, source and attachments.

    Outputs, execution counts and metadata are left out on purpose: running a notebook is not
    editing it, so a learner who only ran the cells still receives the course's updates.
    """
    work = [[cell.cell_type, cell.source, cell.get("attachments", {})] for cell in notebook.cells]
    return hashlib.sha256(json.dumps(work, sort_keys=True).encode()).hexdigest()


def read_fingerprint(path: Path) -> str | None:
    """The fingerprint of the notebook at path, or None when it is not a readable notebook: not
    JSON, or JSON of another shape (a list, cells that are not a list), which nbformat meets
    with any kind of error. The learner's file is then left alone and the report says so."""
    try:
        return fingerprint(nbformat.read(path, as_version=4))
    except Exception:  # whatever a damaged file makes nbformat raise
        return None


def load_manifest(out_dir: Path) -> dict[str, str]:
    """Notebook name -> fingerprint of the copy last built there (empty for a new folder).

    A damaged manifest (not JSON, not a table of names, a folder) is read as empty, which makes
    every notebook already there the learner's own: kept, never overwritten. Guessing which were
    unedited could cost a learner their work, so the build says so and goes on."""
    path = out_dir / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except IsADirectoryError:
        return damaged(path, "it is a folder, not a file: delete it")
    except (OSError, ValueError) as error:  # ValueError: not JSON, or not UTF-8
        return damaged(path, f"it cannot be read as JSON ({error})")
    if not isinstance(manifest, dict) or not all(
        isinstance(name, str) and isinstance(digest, str) for name, digest in manifest.items()
    ):
        return damaged(path, f"it holds a {type(manifest).__name__}, not notebook fingerprints")
    return manifest


def damaged(path: Path, why: str) -> dict[str, str]:
    """Say on stderr that the manifest at path is damaged and what that means; an empty one."""
    print(
        f"make_student: {shown(path)} is damaged, {why}; every notebook already in "
        f"{shown(path.parent)}/ is kept as your own work (make reset NB=03 takes the course's "
        "version of 03 and backs yours up)",
        file=sys.stderr,
    )
    return {}


def save_manifest(out_dir: Path, manifest: dict[str, str]) -> None:
    """Write the manifest whole, sorted, so it diffs and reads well."""
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def back_up(path: Path) -> Path:
    """Copy a learner's notebook into backups/, stamped with the time, never over another copy."""
    folder = path.parent / BACKUPS
    folder.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    target = folder / f"{path.stem}.{stamp}{path.suffix}"
    copy = 1
    while target.exists():
        copy += 1
        target = folder / f"{path.stem}.{stamp}-{copy}{path.suffix}"
    shutil.copy2(path, target)
    return target


def choose(names: list[str], wanted: str) -> str:
    """The one notebook `wanted` names: its whole name, its stem, or a prefix such as "03" (or
    "3": a one-digit number is read as the notebook's two-digit one)."""
    prefix = wanted.zfill(2) if wanted.isdigit() else wanted
    matches = [n for n in names if n == wanted or n.startswith(prefix)]
    if len(matches) != 1:
        problem = (
            _("{wanted!r} matches no notebook; choose one of: {names}")
            if not matches
            else _("{wanted!r} matches several notebooks; choose one of: {names}")
        )
        raise ValueError(problem.format(wanted=wanted, names=", ".join(names)))
    return matches[0]


def build(
    source_dir: Path = SOURCE,
    out_dir: Path = LEARNER,
    kind: Kind = Build.SELF_STUDY,
    reset: tuple[str, ...] = (),
    language: str = "en",
) -> list[Outcome]:
    """Bring out_dir up to date with source_dir without ever overwriting a learner's edits.

    With `reset`, only the named notebooks are touched: each is backed up (when it differs
    from a fresh build) and built afresh.
    """
    sources = {path.name: path for path in sorted(source_dir.glob("*.ipynb"))}
    chosen = {choose(list(sources), name) for name in reset}
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(out_dir)
    outcomes = []
    for name, path in sources.items():
        if reset and name not in chosen:
            continue
        try:
            fresh = copy_for(nbformat.read(path, as_version=4), kind, language)
        except ValueError as error:
            raise ValueError(f"{path.name}: {error}") from error
        outcome = place(fresh, out_dir / name, manifest.get(name), name in chosen)
        if outcome.action not in (Action.KEPT, Action.KEPT_OUTDATED):
            manifest[name] = fingerprint(fresh)
            if kind == TEACHER:
                trust(fresh)
        outcomes.append(outcome)
    save_manifest(out_dir, manifest)
    return outcomes


def trust(notebook: nbformat.NotebookNode) -> None:
    """Sign a teacher's notebook as this build wrote it, so JupyterLab shows its stored pictures:
    it shows no stored SVG, and only sanitised HTML, from a notebook it does not trust. (A
    learner's copy stores no outputs; a notebook the teacher edited is theirs, and not signed.)"""
    nbformat.sign.NotebookNotary().sign(notebook)


def place(fresh: nbformat.NotebookNode, target: Path, built: str | None, reset: bool) -> Outcome:
    """Write one fresh notebook to target unless the learner's own work is there."""
    name, new, data = target.name, fingerprint(fresh), (nbformat.writes(fresh) + "\n").encode()
    if not target.exists():
        replace_file(target, data)
        return Outcome(name, Action.RESET if reset else Action.ADDED)
    if reset:
        same = target.read_bytes() == data
        backup = None if same else back_up(target)
        replace_file(target, data)
        return Outcome(name, Action.RESET, backup)
    current = read_fingerprint(target)
    if current is None:
        return Outcome(name, Action.NOT_A_NOTEBOOK)
    if current == new:
        return Outcome(name, Action.UNCHANGED)
    if current == built:
        replace_file(target, data)
        return Outcome(name, Action.UPDATED)
    return Outcome(name, Action.KEPT_OUTDATED if built != new else Action.KEPT)


def replace_file(target: Path, data: bytes) -> None:
    """Put data at target in the build folder: written beside it, then renamed over it.

    The rename replaces a symbolic link itself, so a notebook linked from elsewhere (the
    teacher's own) is never written through the link, and an interrupted write leaves the old
    file whole."""
    part = target.with_name(f".{target.name}.part")
    try:
        part.write_bytes(data)
        os.replace(part, target)
    except BaseException:  # a full disk or a Ctrl-C: leave no half-written file behind
        part.unlink(missing_ok=True)
        raise


def report(outcomes: list[Outcome], out_dir: Path, reset: str = "make reset") -> list[str]:
    """The few lines a learner reads, in the language chosen: what is new, and what was kept for
    them (`reset` is the command that takes the course's version: `make reset-zh` in Chinese)."""
    added = sum(o.action is Action.ADDED for o in outcomes)
    built = _("built {notebooks} in {folder}/")
    lines = [built.format(notebooks=plural(added, "notebook"), folder=shown(out_dir))]
    lines = lines if added else []
    for o in outcomes:
        stem = o.name.removesuffix(".ipynb")
        if o.action is Action.UPDATED:
            said = _("{name}: updated to the course's new version (you had not edited it)")
            lines.append(said.format(name=o.name))
        elif o.action is Action.KEPT_OUTDATED:
            said = _(
                "{name}: kept as you edited it; the course has a newer version "
                "({reset} NB={number} takes it and backs yours up)"
            )
            lines.append(said.format(name=o.name, reset=reset, number=stem.split("_")[0]))
        elif o.action is Action.NOT_A_NOTEBOOK:
            said = _(
                "{name}: not a notebook Jupyter can open, so it was left as it is "
                "({reset} NB={number} builds it afresh and backs yours up)"
            )
            lines.append(said.format(name=o.name, reset=reset, number=stem.split("_")[0]))
        elif o.action is Action.RESET:
            saved = _("; your copy is in {path}").format(path=shown(o.backup)) if o.backup else ""
            lines.append(_("{name}: built afresh{saved}").format(name=o.name, saved=saved))
    return lines


def shown(path: Path) -> str:
    """A path as short as it can be said: relative to the project when it lies inside it."""
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main(argv: list[str] | None = None) -> int:
    """Build (or update) the learner's copy and say in a few lines what happened."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=None, help="the build folder (learner/, or learner-zh/)"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="zh builds the Chinese edition"
    )
    parser.add_argument(
        "--build",
        choices=[*(b.value for b in Build), TEACHER],
        default=Build.SELF_STUDY.value,
        help="self-study folds a model solution after each exercise; class leaves them out;"
        " teacher keeps the solutions, folded",
    )
    parser.add_argument(
        "--reset", nargs="+", default=(), metavar="NB", help="notebooks to build afresh, e.g. 03"
    )
    args = parser.parse_args(argv)
    if args.lang == ZH:
        set_language(ZH)  # what it prints, the learner reads in the edition's language
    source = SOURCE / ZH if args.lang == ZH else SOURCE
    out = (args.out or (LEARNER_ZH if args.lang == ZH else LEARNER)).resolve()
    try:
        kind: Kind = TEACHER if args.build == TEACHER else Build(args.build)
        outcomes = build(source, out, kind, tuple(args.reset), args.lang)
    except ValueError as error:
        print(f"make_student: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # a read-only build folder, an --out that cannot be made
        where = shown(Path(error.filename)) if error.filename else shown(out)
        print(f"make_student: cannot write {where}: {error.strerror or error}", file=sys.stderr)
        return 4
    for line in report(outcomes, out, "make reset-zh" if args.lang == ZH else "make reset"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
