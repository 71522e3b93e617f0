"""What the checks watch a learner's function do, to diagnose from behaviour rather than guess from
the output: the checks' own small recorders, kept apart from `watch` (which replays a run for the
learner) because a check needs only a few facts and must not depend on a stepper.

- `recorded_board`: a board whose rows note every digit placed, taken back or written over, so a
  search that fills the board in place leaves a log of its moves; `model_moves` gives the same log
  for the course's own naive search, and `first_parting` the first move where the two differ.
- `watching_calls`: a profile hook (chained to any other) that counts the calls of the learner's
  own functions and notes, at each call, how long the lists it can see are, so a choice that is
  never taken back (a missing `pop()`) shows as a list longer than the calls on the way there.
- `watching_work`: a profile hook that counts the steps (calls) the learner's code makes and
  notes any call it makes straight into one of the library's searches, so an exercise that asks
  for a search of one's own can refuse the library's, and a table of answers shows as no work.
- `spying_on`: a global a learner's function uses (their `most_constrained`, the library's
  `count_solutions`) swapped, for one run, for a wrapper that notes each call's arguments.
"""

from __future__ import annotations

import copy
import inspect
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..board import BLANK, Board, copy_board
from ..search.events import Event, Try, Undo
from ..search.naive import naive_search
from ..search.tracker import Tracker
from ..timelimit import is_learner_frame
from ..words import cell_name, check_text, number, sentences
from .remote import OBSERVERS, RemoteFunction

# --- the moves a search makes on its board ------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One change to a board: `old` and `new` are what the cell held before and after."""

    row: int
    col: int
    old: Any
    new: Any

    @property
    def kind(self) -> str:
        """ "place" on a blank, "erase" back to a blank, or "overwrite" one digit with another."""
        if self.old == BLANK:
            return "place"
        return "erase" if self.new == BLANK else "overwrite"

    def said(self, whose: str) -> str:
        """The move in words, counted from 1: "your search placed 5 at row 2, column 3"."""
        cell = cell_name(self.row, self.col)
        return check_text(f"move {self.kind} {whose}", cell=cell, old=self.old, new=self.new)


class EnoughMoves(BaseException):
    """Raised by a recording board once it holds its bound of moves: the check has seen what it
    needs, and the learner's search need not run on (a BaseException, so that the learner's
    `except Exception:` lets it through)."""


class RecordingRow(list):  # type: ignore[type-arg]
    """A row of a board that notes each change made to one of its cells, up to a bound."""

    def __init__(self, cells: list[Any], row: int, moves: list[Move], bound: int) -> None:
        super().__init__(cells)
        self.row, self.moves, self.bound = row, moves, bound

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, int):
            old = self[index]
            if old != value:
                if len(self.moves) >= self.bound:
                    raise EnoughMoves
                self.moves.append(Move(self.row, index % len(self), old, value))
        super().__setitem__(index, value)


def recorded_board(board: Board, bound: int) -> tuple[list[RecordingRow], list[Move]]:
    """A copy of the board whose rows note the first `bound` moves made on it (the next one
    raises EnoughMoves), and that log."""
    moves: list[Move] = []
    rows = [RecordingRow(list(row), r, moves, bound) for r, row in enumerate(board)]
    return rows, moves


def model_moves(board: Board, every_solution: bool) -> list[Move]:
    """The moves of the course's naive search on a copy of the board (blanks in reading order,
    digits in ascending order), stopping at the first solution or going on to every one."""
    moves: list[Move] = []

    def note(event: Event) -> None:
        if isinstance(event, Try):
            moves.append(Move(event.row, event.col, BLANK, event.digit))
        elif isinstance(event, Undo):
            moves.append(Move(event.row, event.col, event.digit, BLANK))

    tracker = Tracker(listener=note, stop_after=sys.maxsize if every_solution else 1)
    naive_search(copy_board(board), tracker)
    return moves


@dataclass(frozen=True)
class Parting:
    """Where a learner's moves first differ from the model's: `step` counts moves from 1."""

    step: int
    model: Move | None  # None: the model's search had ended
    yours: Move | None  # None: the learner's search had ended


def first_parting(model: list[Move], yours: list[Move]) -> Parting | None:
    """The first move where the two logs differ, or None when they are the same."""
    for i, (a, b) in enumerate(zip(model, yours, strict=False)):
        if a != b:
            return Parting(i + 1, a, b)
    if len(model) == len(yours):
        return None
    i = min(len(model), len(yours))
    return Parting(i + 1, next(iter(model[i:]), None), next(iter(yours[i:]), None))


def parting_words(
    parting: Parting, previous: Move | None, board: str, counting: bool = False
) -> str:
    """The first difference in words, on `board` (how the report names it), then what it most
    likely means (`counting`: the search counts every solution, so a return inside the loop is
    fixed by adding up, not by `if`)."""
    model = parting.model.said("model") if parting.model else check_text("model ended")
    yours = parting.yours.said("yours") if parting.yours else check_text("yours ended")
    where = check_text("parting", board=board, step=number(parting.step), model=model, yours=yours)
    why = parting_reason(parting, previous, counting)
    return sentences(where, why)


def parting_reason(parting: Parting, previous: Move | None, counting: bool) -> str | None:
    """The usual mistake behind a parting: a missing un-choose, a return inside the loop, or a
    search that goes on after the board is full."""
    model, yours = parting.model, parting.yours
    if model is None and yours is not None and yours.kind == "erase":
        return check_text("went on after solved")
    if (
        model is not None
        and model.kind == "erase"
        and yours is not None
        and yours.kind == "overwrite"
    ):
        return check_text("no un-choose")
    backed_up = yours is None or yours.kind == "erase"
    tries_on = model is not None and (
        model.kind == "erase"
        or (previous is not None and (model.row, model.col) == (previous.row, previous.col))
    )
    if backed_up and tries_on:
        return check_text("returned in the loop" + " counting" * counting)
    return None


# --- the calls a learner's functions make ---------------------------------------------------------


def learner_codes(function: Any) -> set[types.CodeType]:
    """The code of the learner's function and of every function defined inside it."""
    code = getattr(getattr(function, "__wrapped__", function), "__code__", None)
    found: set[types.CodeType] = set()
    todo = [code] if isinstance(code, types.CodeType) else []
    while todo:
        current = todo.pop()
        found.add(current)
        todo.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    return found


@dataclass
class Calls:
    """What `watching_calls` saw: the calls of each of the learner's functions that recursed,
    and the first call that returned with a path (a flat list it could see) longer than when it
    began: a choice never taken back."""

    counts: dict[str, int] = field(default_factory=dict)
    recursive: set[str] = field(default_factory=set)
    grown: tuple[str, str, int, int] | None = None  # function, list, length before and after

    @property
    def most(self) -> int:
        """The calls of the learner's busiest recursive function."""
        return max((self.counts[name] for name in self.recursive), default=0)


@contextmanager
def watching_calls(function: Any) -> Iterator[Calls]:
    """Count the calls of `function`, the functions inside it and any other function of the
    learner's own (a `backtrack` written beside it) while the body runs.

    A profile hook, chained to whatever profile hook was set before (and set back afterwards):
    it sees calls and returns only, so it costs little and never steps into a line.
    """
    calls = Calls()
    if isinstance(function, RemoteFunction):  # run in another process: it counts there
        with function.watching(calls):
            yield calls
        return
    codes = learner_codes(function)
    open_calls: list[tuple[types.CodeType, dict[int, tuple[str, list[Any], int]]]] = []
    previous = sys.getprofile()

    def hook(frame: types.FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if code not in codes and event == "call" and is_learner_frame(frame):
            codes.add(code)  # a helper of the learner's own, outside the function handed in
        if code in codes and event == "call":
            calls.counts[code.co_name] = calls.counts.get(code.co_name, 0) + 1
            if any(opened is code for opened, _ in open_calls):
                calls.recursive.add(code.co_name)
            open_calls.append((code, paths_in(frame)))
        elif code in codes and event == "return" and open_calls:
            _, before = open_calls.pop()
            if calls.grown is None:
                calls.grown = grown_path(code.co_name, before)
        if previous is not None:
            previous(frame, event, arg)  # type: ignore[arg-type]

    sys.setprofile(hook)
    try:
        yield calls
    finally:
        sys.setprofile(previous)


def paths_in(frame: types.FrameType) -> dict[int, tuple[str, list[Any], int]]:
    """The flat lists a call can see (its arguments and the variables it shares with the
    function around it), with their lengths as the call begins. A list of lists holds answers,
    which only ever grow; a path holds choices."""
    return {
        id(value): (name, value, len(value))
        for name, value in frame.f_locals.items()
        if type(value) is list and not any(isinstance(item, list | tuple) for item in value)
    }


def grown_path(function: str, before: dict[int, tuple[str, list[Any], int]]) -> Any:
    """(function, list, length before, length after) for a path longer as the call returns
    than as it began, else None."""
    for name, value, length in before.values():
        added = value[length:]
        if added and not any(isinstance(item, list | tuple) for item in added):  # not answers
            return function, name, length, len(value)
    return None


# --- the work a learner's function does, and whose search it is --------------------------------


SEARCH_MODULES = (
    "sudoku_lib.search",
    "sudoku_lib.queens",
    "sudoku_lib.template",
    "sudoku_lib.exact_cover",
    "sudoku_lib.generate",
    "sudoku_lib.stepper",
    "sudoku_lib.watch",
)
"""The library's modules that search: a call into one of them from the learner's code, in an
exercise that asks for a search of one's own, hands the search to the library."""


@dataclass
class Work:
    """What `watching_work` saw: how many calls the learner's code made (to its own functions,
    including each resume of a generator expression, and to built-ins), and the library's search
    functions it called itself, by module and name."""

    steps: int = 0
    library: list[str] = field(default_factory=list)


@contextmanager
def watching_work(
    modules: tuple[str, ...] = SEARCH_MODULES, allowed: frozenset[str] = frozenset()
) -> Iterator[Work]:
    """Count the learner's calls, and note their calls into the library's `modules` (but not to
    the functions named in `allowed`), while the body runs (a profile hook chained to any set
    before, and set back afterwards)."""
    work = Work()
    previous = sys.getprofile()

    def hook(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "c_call" and is_learner_frame(frame):
            work.steps += 1
        elif event == "call":
            if is_learner_frame(frame):
                work.steps += 1
            elif frame.f_back is not None and is_learner_frame(frame.f_back):
                module = str(frame.f_globals.get("__name__", ""))
                if module.startswith(modules) and frame.f_code.co_name not in allowed:
                    work.library.append(f"{module}.{frame.f_code.co_name}")
        if previous is not None:
            previous(frame, event, arg)  # type: ignore[arg-type]

    sys.setprofile(hook)
    OBSERVERS["work"].append((work, modules, allowed))  # a call run in a grading child feeds it
    try:
        yield work
    finally:
        OBSERVERS["work"].pop()
        sys.setprofile(previous)


def own_search(
    modules: tuple[str, ...] = SEARCH_MODULES, allowed: set[str] | frozenset[str] = frozenset()
) -> Callable[[Any], str | None]:
    """A recogniser, for an exercise that asks the learner to write a search: the words for a
    function that hands the search to one of the library's (count_solutions(board, limit=...),
    sudoku_lib.queens.count_queens, a Stepper), however it reaches it; `modules` are where the
    refused searches live, `allowed` the names there the exercise lets the learner call (the
    naive search's is_valid). It watches one run, the first it is shown (a check passes it both
    as a mistake and as a requirement), to keep checks quick."""
    watched = False

    def searched_by_the_library(attempt: Any) -> str | None:
        nonlocal watched
        if watched:
            return None
        watched = True
        with watching_work(modules, frozenset(allowed)) as work:
            attempt.try_call(*attempt.case.args)
        if not work.library:
            return None
        return check_text("library search used", name=work.library[0])

    return searched_by_the_library


@contextmanager
def counting_lines() -> Iterator[list[int]]:
    """Count the lines the learner's code runs while the body runs (a one-item list, read
    afterwards): a trace function that a time limit set inside chains to, so the loops a
    learner's search runs show even where they make no call (a `continue` that should be a
    `break`). Sets back the trace function it found."""
    lines = [0]

    def local(frame: types.FrameType, event: str, arg: object) -> Any:
        if event == "line":
            lines[0] += 1
        return local

    def tracer(frame: types.FrameType, event: str, arg: object) -> Any:
        return local if event == "call" and is_learner_frame(frame) else None

    previous = sys.gettrace()
    sys.settrace(tracer)
    OBSERVERS["lines"].append(lines)  # a call run in a grading child feeds it
    try:
        yield lines
    finally:
        OBSERVERS["lines"].pop()
        sys.settrace(previous)


# --- the learner's use of a helper ------------------------------------------------------------


NOTED_CALLS = 10_000  # calls whose arguments `spying_on` keeps: more than any check needs


@contextmanager
def spying_on(function: Any, name: str) -> Iterator[list[tuple[dict[str, Any], Any]] | None]:
    """While the body runs, the global `name` that `function` reads is a wrapper noting each
    call's arguments (by parameter name, copied as they were) and result; yields that list, or
    None when the function has no such global."""
    if isinstance(function, RemoteFunction):  # run in another process: it notes the calls there
        with function.spying(name) as noted:
            yield noted
        return
    namespace = getattr(getattr(function, "__wrapped__", function), "__globals__", None)
    if not isinstance(namespace, dict) or not callable(namespace.get(name)):
        yield None
        return
    real: Callable[..., Any] = namespace[name]
    seen: list[tuple[dict[str, Any], Any]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        given = bound_arguments(real, args, kwargs) if len(seen) < NOTED_CALLS else None
        result = real(*args, **kwargs)
        if given is not None:
            seen.append((given, result))
        return result

    namespace[name] = spy
    try:
        yield seen
    finally:
        namespace[name] = real


def bound_arguments(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> dict[str, Any]:
    """A call's arguments by parameter name, copied (a board changes after the call)."""
    try:
        arguments = dict(inspect.signature(function).bind(*args, **kwargs).arguments)
    except (TypeError, ValueError):
        arguments = {f"argument {i + 1}": value for i, value in enumerate(args)} | kwargs
    return copy.deepcopy(arguments)
