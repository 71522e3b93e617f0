"""What `make grade` grades, read from the teacher's notebooks, and how a student's copy is read.

Each notebook is one assignment ("01"). Its exercises are its solution cells (the ones holding
`### BEGIN SOLUTION`), each followed by the cell that calls its check (`check_box_of(box_of)`):
the check's name and the names it is called with are read from that call. A student's copy is
read as data (JSON, bounded in size) and its answer to each exercise found by the course's own
cell id (the English and the Chinese editions' ids) or, failing that, by the name the exercise
defines (`def box_of`), so the class copy, the self-study copy, either Chinese copy and a
browser-edition download grade alike. Nothing in a copy's metadata is trusted or needed.

Only the student's answer cells run, with the teacher's own cells that they need (the imports and
the definitions their code names), taken from the teacher's notebook, never from the student's.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from sudoku_lib.i18n import _
from tools.make_student import ZH, has_solution

MAX_BYTES = 20 * 1024 * 1024
"""The largest submission read: the course's biggest notebook with every output is under 1 MB."""

CJK = re.compile(r"[\u4e00-\u9fff]")


class Refused(Exception):
    """A submission that cannot be graded at all, with the one sentence that says why."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: its check, the names the check is called with, and how to find the answer."""

    check: str
    names: tuple[str, ...]
    cell_ids: frozenset[str]  # the answer cell's id in each edition


@dataclass(frozen=True)
class Step:
    """One cell the child runs, in the teacher's order: the teacher's own source (`source`) or
    the student's answer to exercise number `exercise`."""

    source: str | None = None
    exercise: int | None = None


@dataclass(frozen=True)
class Assignment:
    """One notebook as an assignment: its name ("01"), file name and exercises, the cells the
    child runs, and the cell ids of each edition (to tell which edition a copy is)."""

    name: str
    filename: str
    exercises: tuple[Exercise, ...]
    steps: tuple[Step, ...]
    edition_ids: tuple[tuple[str, frozenset[str]], ...]


def code_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The notebook's code cells."""
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def check_call(source: str) -> tuple[str, tuple[str, ...]] | None:
    """(check name, argument names) of a cell's `check_x(a, b)` statement, if it has one."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id.startswith("check_")
            and all(isinstance(arg, ast.Name) for arg in call.args)
        ):
            return call.func.id, tuple(arg.id for arg in call.args if isinstance(arg, ast.Name))
    return None


def bound_names(source: str) -> set[str]:
    """The names a cell binds at its top level (definitions, assignments, imports)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        found = re.findall(r"^(?:def|class)\s+(\w+)|^(\w+)\s*=", source, re.M)
        return {defined or assigned for defined, assigned in found}
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.For | ast.With):
            names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                      and isinstance(n.ctx, ast.Store)}  # fmt: skip
    return names


def used_names(source: str) -> set[str]:
    """The names a cell reads without binding them itself anywhere (its free names, about)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set(re.findall(r"\w+", source))
    read: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
    return read - bound


def read_assignment(path: Path) -> Assignment:
    """The assignment a teacher's notebook makes (its Chinese twin gives the other cell ids)."""
    teacher = nbformat.read(path, as_version=4)
    twin = path.parent / ZH / path.name
    editions = [("en", teacher)] + (
        [(ZH, nbformat.read(twin, as_version=4))] if twin.exists() else []
    )
    exercises: list[Exercise] = []
    answer_positions: list[int] = []
    cells = code_cells(teacher)
    for index, cell in enumerate(cells):
        if not has_solution(cell):
            continue
        call = next((c for c in map(check_call, (x.source for x in cells[index + 1 :])) if c), None)
        if call is None:
            raise ValueError(f"{path.name}: the exercise in cell {cell.id} has no check after it")
        ids = set()
        for _language, edition in editions:
            solutions = [c for c in code_cells(edition) if has_solution(c)]
            ids.add(solutions[len(exercises)].id)
        exercises.append(Exercise(call[0], call[1], frozenset(ids)))
        answer_positions.append(index)
    steps = needed_steps(cells, answer_positions)
    edition_ids = tuple((lang, frozenset(c.id for c in nb.cells)) for lang, nb in editions)
    return Assignment(path.name[:2], path.name, tuple(exercises), steps, edition_ids)


def needed_steps(cells: list[nbformat.NotebookNode], answers: list[int]) -> tuple[Step, ...]:
    """The teacher's cells the answers need (those binding a name an answer or a needed cell
    reads, and every cell of imports only), and the answers, in the notebook's order."""
    needed = set().union(*(used_names(cells[i].source) for i in answers))
    chosen: set[int] = set()
    changed = True
    while changed:
        changed = False
        for index, cell in enumerate(cells):
            if index in chosen or index in answers or has_solution(cell):
                continue
            if bound_names(cell.source) & needed or imports_only(cell.source):
                chosen.add(index)
                needed |= used_names(cell.source)
                changed = True
    steps = []
    for index, cell in enumerate(cells):
        if index in answers:
            steps.append(Step(exercise=answers.index(index)))
        elif index in chosen:
            steps.append(Step(source=cell.source))
    return tuple(steps)


def imports_only(source: str) -> bool:
    """Whether a cell only imports (the names every answer may use)."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and all(isinstance(node, ast.Import | ast.ImportFrom) for node in body)


# --- a student's copy -----------------------------------------------------------------------


@dataclass(frozen=True)
class Copy:
    """What was read from a submission: each exercise's answer source (None: not found), and
    the edition's language."""

    answers: tuple[str | None, ...]
    language: str


def read_copy(path: Path, assignment: Assignment) -> Copy:
    """A submission read as data, or Refused with the reason in one sentence."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        said = _("it is {size} MB, more than the {most} MB a notebook of this course can be")
        raise Refused(said.format(size=size // 2**20, most=MAX_BYTES // 2**20))
    try:
        notebook = json.loads(path.read_bytes().decode("utf-8"))
        cells = [plain_cell(cell) for cell in notebook["cells"]]
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise Refused(_("it is not a notebook (not JSON of a notebook's shape)")) from None
    answers = tuple(find_answer(cells, exercise) for exercise in assignment.exercises)
    if not any(answer is not None for answer in answers):
        said = _(
            "none of the exercises of {notebook} is in it: hand in the {notebook} you worked in "
            "(in class/, learner/, or downloaded from the browser edition)"
        )
        raise Refused(said.format(notebook=assignment.filename))
    return Copy(answers, language_of(cells, assignment))


def plain_cell(cell: Any) -> tuple[str, str, str]:
    """(type, id, source) of a cell as JSON holds it (a source may be a list of lines)."""
    source = cell.get("source", "")
    if isinstance(source, list):
        source = "".join(str(line) for line in source)
    return str(cell.get("cell_type", "")), str(cell.get("id", "")), str(source)


def find_answer(cells: list[tuple[str, str, str]], exercise: Exercise) -> str | None:
    """The exercise's answer cell: the one with the course's id, when there is exactly one and
    it still defines the exercise's names; else the last code cell that defines them."""
    code = [(cell_id, source) for kind, cell_id, source in cells if kind == "code"]
    by_id = [source for cell_id, source in code if cell_id in exercise.cell_ids]
    wanted = set(exercise.names)
    if len(by_id) == 1 and wanted <= bound_names(by_id[0]):
        return by_id[0]
    by_name = [source for _id, source in code if wanted & bound_names(source)]
    return by_name[-1] if by_name else None


def language_of(cells: list[tuple[str, str, str]], assignment: Assignment) -> str:
    """The edition a copy was made from: the one whose cell ids it shares most, else Chinese
    when its text is."""
    ids = {cell_id for _kind, cell_id, _source in cells}
    editions = dict(assignment.edition_ids)
    shared = {
        language: len(
            ids & (known - set().union(*(editions[o] for o in editions if o != language)))
        )
        for language, known in editions.items()
    }  # the ids only this edition has
    best = max(shared, key=lambda language: shared[language])
    if shared[best] > 0 and list(shared.values()).count(shared[best]) == 1:
        return best
    text = "".join(source for kind, _id, source in cells if kind == "markdown")
    return ZH if len(CJK.findall(text)) > len(text) // 10 else "en"  # mostly Chinese prose
