"""Watch a learner's own recursive function: record what it does, then replay it step by step.

`watch(solve_board, board, counter)` calls the function once, exactly as written, and records
with the standard library's `sys.settrace`:
- each call of the learner's recursive functions (the watched one, and any of theirs that calls
  itself), with its arguments and depth, and each return, with its value or its exception;
- on a board passed in (a list of lists), each digit written and each cell erased: its rows are
  swapped for watched lists for the run, so a write costs one Python call and a read nothing;
- on a list the recursion keeps as its state (an argument or a variable of the enclosing
  function: the path, the results), each append and pop, seen by comparing its length line by line,
  and, once it has grown or shrunk (a path, not a fixed table like `used`), each new last item
  (`path[-1] = x`), seen by comparing that item; an item further in changing is not seen;
- each `continue` or `break` the learner's loop takes: a pruned branch (one on its `if`'s line,
  `if used[i]: continue`, only when the line after it shows it was taken).

Only the learner's frames are recorded: library and standard-library frames are hidden. The run
is bounded (steps, seconds, depth), an exception ends it with words a learner can act on, and the
tracer is removed in every case. Code that catches the stop (a bare `except:`) is refused again
at its next line or call, and the words say so. The Recording then replays forward and back
(`step`, `back`, `goto`, `position`, `board`) and builds the call tree that
`calltree.draw_call_tree` draws.
"""

from __future__ import annotations

import ast
import copy
import dis
import inspect
import linecache
import numbers
import reprlib
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape
from types import CodeType, FrameType, TracebackType
from typing import Any, SupportsIndex

from .stepper.calls import CallMoment, ask_call, judge_call
from .stepper.engine import FixedRecording
from .stepper.html import Marks, board_html
from .stepper.model import Frame
from .stepper.predict import Predicting, Question, Score, Verdict
from .timelimit import (
    Limit,
    TooSlow,
    check_seconds,
    deadline,
    has_loop,
    is_learner_file,
    is_learner_frame,
    time_keeper,
)
from .words import cell_name, format_seconds, number, plural, step_status, watch_text

DEFAULT_MAX_STEPS = 100_000
DEFAULT_MAX_SECONDS = 30.0
"""How long a run may take: bounds a loop that never ends (a `while` whose counter is never
increased), which records nothing. `sudoku_lib.timelimit` keeps it, as it does the checks'."""
MAX_DEPTH = 500
"""Deeper than any search in the course (a 16x16 board is 257 calls deep), well short of Python's
own recursion limit, so a function with no base case is stopped by us, with our words."""
BLANKS = frozenset({"0", 0, None})
"""Blanks besides the strings that are not a letter or a digit ('.', '#', '', ' ')."""


def is_blank(value: object) -> bool:
    """Whether a cell's value is a blank: '.', '0', '#', '' or any mark that is not a letter or
    a digit (a digit, 'A'-'G' on a 16x16 board, or 'Q' is a placed value)."""
    if isinstance(value, str):
        return value == "0" or not value.isalnum()
    try:
        return value in BLANKS
    except TypeError:  # an unhashable cell (a set of candidates) is not a blank
        return False


# The steps of a recording ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """The learner's function was called: `call` numbers calls from 0 in the order they began."""

    call: int
    depth: int
    name: str
    args: tuple[tuple[str, str], ...]  # (parameter, short repr of its value)
    line: int


@dataclass(frozen=True, slots=True)
class Return:
    """A call ended: with `value` (a short repr), or by raising the exception named `raised`."""

    call: int
    depth: int
    value: str
    truthy: bool
    line: int
    raised: str | None = None


@dataclass(frozen=True, slots=True)
class Write:
    """A cell of the watched board changed from `old` to `new`; `erase` when `new` is a blank
    (the un-choose), which is whatever the cell held at the start ('.', '0', '#', '')."""

    row: int
    col: int
    old: object
    new: object
    depth: int
    line: int
    erase: bool = False


@dataclass(frozen=True, slots=True)
class Append:
    """`value` was appended to the list the learner calls `name` (`copy`: it was a list itself)."""

    name: str
    value: str
    copy: bool
    depth: int
    line: int


@dataclass(frozen=True, slots=True)
class Pop:
    """The last item, `value`, was taken off the list `name`."""

    name: str
    value: str
    depth: int
    line: int


@dataclass(frozen=True, slots=True)
class Replace:
    """An item of the list `name` was replaced in place: `old` became `value` at `index`
    (`path[-1] = x`, `path[i] = x`, each half of a swap `nums[i], nums[j] = nums[j], nums[i]`)."""

    name: str
    old: str
    value: str
    depth: int
    line: int
    index: int = -1


@dataclass(frozen=True, slots=True)
class Prune:
    """The learner's loop took a `continue` or `break` (`how`): a branch not explored."""

    how: str
    depth: int
    line: int


@dataclass(frozen=True, slots=True)
class Stop:
    """What ended the run early, in words."""

    why: str
    depth: int
    line: int


@dataclass(frozen=True, slots=True)
class Yield:
    """A generator call handed `value` to its caller and waits (it is not over)."""

    call: int
    depth: int
    value: str
    line: int


@dataclass(frozen=True, slots=True)
class Resume:
    """A waiting generator call was asked for its next value and runs on."""

    call: int
    depth: int
    name: str
    line: int


Step = Call | Return | Write | Append | Pop | Replace | Prune | Stop | Yield | Resume


def caption(step: Step) -> str:
    """One step in plain words, with the learner's line number."""
    match step:
        case Call(_, _, name, args, line):
            shown = ", ".join(f"{key}={value}" for key, value in args)
            return watch_text("call", line=line, name=name, args=shown)
        case Return(_, _, value, _, line, raised) if raised is not None:
            return watch_text("raised", line=line, error=raised)
        case Return(_, _, value, _, line):
            return watch_text("return", line=line, value=value)
        case Write(row, col, old, new, _, line, True):
            return watch_text("erase", line=line, old=old, cell=cell_name(row, col))
        case Write(row, col, _, new, _, line):
            return watch_text("write", line=line, new=new, cell=cell_name(row, col))
        case Append(name, value, _, _, line):
            return watch_text("append", line=line, name=name, value=value)
        case Pop(name, value, _, line):
            return watch_text("pop", line=line, name=name, value=value)
        case Replace(name, old, value, _, line, index):
            return watch_text("replace", line=line, name=name, old=old, value=value, index=index)
        case Prune(how, _, line):
            return watch_text("prune", line=line, how=how)
        case Stop(why, _, _):
            return why
        case Yield(_, _, value, line):
            return watch_text("yield", line=line, value=value)
        case Resume(_, _, name, line):
            return watch_text("resume", line=line, name=name)
    raise TypeError(f"not a watched step: {step!r}")


# Short reprs: arguments and values as a learner reads them, never a screenful ----------------

_short = reprlib.Repr()
_short.maxlist = _short.maxtuple = _short.maxset = _short.maxdict = 8
_short.maxstring = _short.maxother = 30
_short.maxlevel = 2


def short_repr(value: object) -> str:
    """repr cut to a line: a board shows as "board 9x9" rather than 81 cells; a value that
    cannot be shown (its `__repr__` or `__len__` raises) is named by its type."""
    try:
        if is_board(value):
            return f"board {len(value)}x{len(value)}"  # type: ignore[arg-type]
        return _short.repr(value)
    except Exception:
        return f"<a {type(value).__name__} that cannot be shown>"


def is_board(value: object) -> bool:
    """A square list of lists of one-character strings: a Sudoku board in the LeetCode form
    ('.', '0' or '' blanks) or an N-Queens board ('Q' and '.' or '#'). A square table of
    numbers (an adjacency matrix) or of candidate sets is not a board, nor is a list subclass
    (its own `__len__` may do anything)."""
    return (
        type(value) is list
        and len(value) > 1
        and all(isinstance(row, list) and list.__len__(row) == len(value) for row in value)
        and all(isinstance(cell, str) and len(cell) <= 1 for row in value for cell in row)
    )


# Which frames are the learner's ---------------------------------------------------------------


def parsed(filename: str) -> ast.Module | None:
    """A file of the learner's as a syntax tree (a notebook cell too: linecache holds cells
    under their own names), or None when its source cannot be had."""
    try:
        return ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return None


def looks_recursive(code: CodeType) -> bool:
    """Does this function name itself (as a global, a closure cell or self.<name>)?"""
    return code.co_name in code.co_names or code.co_name in code.co_freevars


def prune_points(filename: str) -> dict[int, tuple[str, frozenset[int]] | None]:
    """Each line of a file that holds a `continue` or `break`, with None when the line runs only
    to take it, or, for one that shares its line with its `if` (`if used[i]: continue`), the
    keyword and the lines that run next when it is not taken: reaching one of those means the
    `if` was false, anything else that it was taken.
    """
    tree = parsed(filename)
    if tree is None:
        return {}
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    recursive = recursive_names(tree)
    points: dict[int, tuple[str, frozenset[int]] | None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Continue | ast.Break):
            if not is_choice_loop(enclosing_loop(node, parents), recursive):
                continue  # it skips a cell or an item, not a choice: nothing is pruned
            owner = parents.get(node)
            after: frozenset[int] = frozenset()
            if isinstance(owner, ast.If) and owner.lineno == node.lineno:
                after = fall_through(owner, parents)
            how = "continue" if isinstance(node, ast.Continue) else "break"
            points[node.lineno] = (how, after) if after else None
    return points


LOOPS = (ast.For, ast.AsyncFor, ast.While)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def enclosing_loop(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST | None:
    """The innermost loop a `continue` or `break` belongs to."""
    parent = parents.get(node)
    while parent is not None and not isinstance(parent, LOOPS):
        parent = parents.get(parent)
    return parent


def recursive_names(tree: ast.AST) -> frozenset[str]:
    """The functions of a file that call themselves, directly or through each other (mutual
    recursion, a method calling `self.helper` that calls it back): each a name on a cycle of
    "calls by name" among the file's own functions."""
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    defined = {function.name for function in functions}
    calls: dict[str, set[str]] = {name: set() for name in defined}
    for function in functions:
        calls[function.name] |= called_names(function) & defined
    return frozenset(name for name in defined if reaches(calls, name, name))


def called_names(node: ast.AST) -> set[str]:
    """The names a piece of code calls, as `f(...)` or `something.f(...)`."""
    names: set[str] = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            names |= direct_name(call)
    return names


def reaches(calls: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether `start` calls `goal`, at some remove."""
    seen, pending = set(), list(calls.get(start, ()))
    while pending:
        name = pending.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            pending.extend(calls.get(name, ()))
    return False


def is_choice_loop(loop: ast.AST | None, recursive: frozenset[str]) -> bool:
    """Whether a loop tries choices: a turn of it may go deeper, by a recursive call in its own
    body (not only in a loop nested in it). A loop that scans for the next blank cell, and
    skips the filled ones with `continue`, only leads to the loop that chooses."""
    if loop is None:
        return False
    pending = list(ast.iter_child_nodes(loop))
    while pending:
        node = pending.pop()
        if isinstance(node, LOOPS + SCOPES):
            continue
        if isinstance(node, ast.Call) and direct_name(node) & recursive:
            return True
        pending.extend(ast.iter_child_nodes(node))
    return False


def direct_name(call: ast.Call) -> set[str]:
    """The name a call calls, `f` in `f(x)` and `self.f(x)` alike."""
    func = call.func
    if isinstance(func, ast.Name):
        return {func.id}
    if isinstance(func, ast.Attribute):
        return {func.attr}
    return set()


def fall_through(statement: ast.If, parents: dict[ast.AST, ast.AST]) -> frozenset[int]:
    """The line(s) that run after an `if` whose test was false: its `else`/`elif`, the next
    statement after it (climbing out of enclosing blocks), or the loop's header at the end of
    the loop's body (also the body's first line for a `while`, which Python may jump to)."""
    if statement.orelse:
        return frozenset({statement.orelse[0].lineno})
    node: ast.AST = statement
    while (parent := parents.get(node)) is not None:
        if isinstance(parent, ast.For | ast.AsyncFor | ast.While) and node in parent.body:
            index = parent.body.index(node)
            if index + 1 < len(parent.body):
                return frozenset({parent.body[index + 1].lineno})
            first = {parent.body[0].lineno} if isinstance(parent, ast.While) else set()
            return frozenset({parent.lineno, *first})
        for block in ("body", "orelse", "finalbody"):
            statements = getattr(parent, block, None)
            if isinstance(statements, list) and node in statements:
                index = statements.index(node)
                if index + 1 < len(statements):
                    return frozenset({statements[index + 1].lineno})
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            break
        node = parent
    return frozenset()


class _Stopped(BaseException):
    """Raised into the learner's code to end the run (a BaseException, so `except Exception`
    in the learner's code does not swallow it)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


# Watched containers ---------------------------------------------------------------------------


class WatchedRow(list):  # type: ignore[type-arg]
    """A board row that tells the recorder about every cell written; reads stay plain list reads.

    It stands, for the run only, in the caller's own board (the outer list is the caller's) in
    place of the row object `original`; a row object that appears at several places of the
    board (`[["."] * 4] * 4`) becomes one watched row for all of them, so a write shows in each,
    as it does in the learner's board. A copy of it is a plain list (`copy.copy`, `deepcopy`,
    `row[:]`), never another watched row, and once `watch` returns it records nothing more.
    """

    __slots__ = ("_recorder", "_rows", "original")

    def __init__(self, original: list[Any], rows: list[int], recorder: _Recorder) -> None:
        super().__init__(original)
        self.original = original
        self._rows = rows
        self._recorder: _Recorder | None = recorder

    def __setitem__(self, index: Any, value: Any) -> None:
        recorder = self._recorder
        if recorder is None:
            super().__setitem__(index, value)
            return
        if not isinstance(index, int):  # a slice: rare in a solver, recorded cell by cell
            before = list(self)
            super().__setitem__(index, value)
            for col, (old, new) in enumerate(zip(before, self, strict=False)):
                if old is not new and old != new:
                    recorder.wrote(self._rows, col, old, new, sys._getframe(1))
            return
        col = index % len(self)
        old = self[col]
        super().__setitem__(col, value)
        recorder.wrote(self._rows, col, old, value, sys._getframe(1))

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return copy.deepcopy(list(self), memo)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        return (list, (list(self),))

    def release(self) -> list[Any]:
        """End the watching: record nothing more, and hand back the caller's row object, filled
        as this row is now."""
        self._recorder = None
        self.original[:] = list(self)
        return self.original


# The recorder ---------------------------------------------------------------------------------


WATCHED_ITEMS = 64
"""Lists up to this long have their items compared at each line, so that an item set in place
(`path[i] = x`, a swap) is a step; longer ones show only their appends and pops."""


@dataclass
class _Tracked:
    """A list the recursion keeps as state, with what we last saw in it (short reprs).

    `objects` is a shallow copy of its items, compared with the list at each line (one
    comparison in C) to see items set in place; None for a long list, or a table of flags such
    as `used` (set in place at every choice, shown by the path instead).
    """

    items: list[Any]
    name: str
    seen: list[str]
    objects: list[Any] | None = None
    grew: bool = False  # it has changed length: a path, whose last item is its [-1]

    def __post_init__(self) -> None:
        self.objects = self.copy_of_items()

    def copy_of_items(self) -> list[Any] | None:
        """The items to compare with at the next line, or None when they are not compared."""
        items = self.items
        flags = bool(items) and all(type(item) is bool for item in items)
        return None if flags or len(items) > WATCHED_ITEMS else list(items)


class _Recorder:
    """The trace functions and the steps they collect for one run of `watch`."""

    def __init__(self, function: Callable[..., Any], max_steps: int) -> None:
        self.root_code = getattr(function, "__code__", None)
        self.root_file = self.root_code.co_filename if self.root_code else None
        self.max_steps = max_steps
        self.steps: list[Step] = []
        self.stack: list[FrameType] = []
        self.call_ids: dict[FrameType, int] = {}
        self.raising: dict[FrameType, str] = {}
        self.kinds: dict[CodeType, int] = {}  # 0 hidden, 1 helper, 2 recorded
        self.recursive: dict[str, frozenset[str]] = {}  # each file's recursive functions
        self.prunes: dict[CodeType, frozenset[int]] = {}
        self.prune_points: dict[str, dict[int, tuple[str, frozenset[int]] | None]] = {}
        self.tracked: dict[int, _Tracked] = {}
        self.owned: dict[FrameType, list[int]] = {}  # the lists each open call began tracking
        self.calls = 0
        self.placed = 0
        self.stopped = False
        self.why = ""  # what stopped the run, in words
        self.refusals = 0  # how often the learner's code ran on after the stop, and got it again
        self.files: dict[str, str] = {}  # each recorded function's file, for its source lines
        self.on_call: Callable[[FrameType, str, object], Any] | None = None
        self.in_recorded: Callable[[FrameType, str, object], Any] | None = None

    # bookkeeping ---------------------------------------------------------------------------

    def emit(self, step: Step) -> None:
        """Keep one step; past the bound, end the run."""
        if self.stopped:
            return
        self.steps.append(step)
        if len(self.steps) >= self.max_steps:
            steps, limit = number(self.max_steps), self.max_steps
            self.stop(watch_text("too many steps", steps=steps, max_steps=limit))

    def stop(self, why: str) -> None:
        """End the run: the last step says why, and the learner's code gets _Stopped."""
        self.stopped_here(why)
        sys.setprofile(self.refuse_in_profile)  # raising from the tracer turns tracing off
        raise _Stopped(why)

    def stopped_here(self, why: str) -> None:
        """Note the stop, and ask for every line of the open calls from now on, so that code
        which catches the stop and goes on is refused at its next line."""
        line = self.stack[-1].f_lineno if self.stack else 0
        self.steps.append(Stop(why, len(self.stack), line))
        self.stopped, self.why = True, why
        for frame in self.stack:
            frame.f_trace_lines = True

    def refuse(self, frame: FrameType) -> None:
        """Raise _Stopped again: the learner's code caught it (a bare `except:` does) and ran on.

        CPython turns a trace or profile function off when it raises, so before raising, both
        are armed again (and the open calls traced again): whichever did not raise sees the
        learner's next call, line or call of a built-in, and raises it again, until it reaches
        `watch`. Only code that loops for ever without a call and swallows it cannot be stopped.
        """
        self.refusals += 1
        for open_frame in (*self.stack, frame):
            if self.kind(open_frame.f_code) == 2:
                open_frame.f_trace, open_frame.f_trace_lines = self.in_recorded, True
        sys.settrace(self.on_call)
        sys.setprofile(self.refuse_in_profile)
        raise _Stopped(self.why)

    def refuse_in_profile(self, frame: FrameType, event: str, arg: object) -> None:
        """The profile hook after a stop: a call the learner's code makes is refused, and so is
        a return with a value (`except: return False`; a call that the stop is passing through
        returns None, and is let through)."""
        running = event in ("call", "c_call") or (event == "return" and arg is not None)
        if running and self.kind(frame.f_code):
            self.refuse(frame)

    def kind(self, code: CodeType, frame: FrameType | None = None) -> int:
        """0: hide this frame; 1: the learner's helper (not recorded); 2: a call to record: the
        watched function, and any of the learner's that is recursive, directly or through
        others (mutual recursion, recursion inside a comprehension or `any()`)."""
        kind = self.kinds.get(code)
        if kind is None:
            filename = code.co_filename
            learner = is_learner_frame(frame) if frame else is_learner_file(filename)
            if code is self.root_code:
                kind = 2
            elif not learner:
                kind = 0
            elif looks_recursive(code) or code.co_name in self.recursive_in(filename):
                kind = 2
            else:
                kind = 1
            self.kinds[code] = kind
        return kind

    def recursive_in(self, filename: str) -> frozenset[str]:
        """The recursive functions of a file, by name (the file parsed once)."""
        names = self.recursive.get(filename)
        if names is None:
            tree = parsed(filename)
            names = self.recursive[filename] = recursive_names(tree) if tree else frozenset()
        return names

    # trace functions -----------------------------------------------------------------------

    def tracer(self) -> Callable[[FrameType, str, object], Any]:
        """The global trace function, with the per-frame one as a closure.

        Every line of the learner's frames is seen, helpers' too: the run's time limit
        (`timelimit.tick`) is kept by this hook, and a loop that never ends shows only as lines.
        The recording's own work on a line is done only where it is needed."""
        raising, tracked, prunes, stack = self.raising, self.tracked, self.prunes, self.stack
        keep_time = time_keeper()
        ran: dict[FrameType, int] = {}  # each recorded frame's line that ran last
        waiting: dict[FrameType, tuple[int, str, frozenset[int]]] = {}
        """A frame whose last line was an `if ...: continue`: the next line says if it was taken."""

        def on_call(frame: FrameType, event: str, arg: object) -> Any:
            kind = self.kinds.get(frame.f_code)
            if kind is None:
                kind = self.kind(frame.f_code, frame)
            if self.stopped:
                if kind:  # the learner's code went on after the stop
                    self.refuse(frame)
                return None
            if not kind:
                return None
            keep_time(frame, event, arg)
            if kind != 2:
                return keep_time if has_loop(frame.f_code) else None
            if frame in self.call_ids:  # a generator asked for its next value
                self.resume(frame)
            else:
                self.enter(frame)
            return in_recorded

        def in_recorded(frame: FrameType, event: str, arg: object) -> Any:
            keep_time(frame, event, arg)
            if self.stopped:
                if event == "line":  # a line ran after the stop: it was caught
                    self.refuse(frame)
                return in_recorded  # a return or an exception may be the stop on its way out
            if event == "line":
                if raising and frame in raising:
                    del raising[frame]
                if tracked:  # what changed was done by the line before this one
                    self.check_lists(ran.get(frame, frame.f_lineno))
                if waiting and frame in waiting:
                    line, how, not_taken = waiting.pop(frame)
                    if frame.f_lineno not in not_taken:
                        self.emit(Prune(how, len(stack), line))
                ran[frame] = frame.f_lineno
                if frame.f_lineno in prunes[frame.f_code]:
                    self.pruned_here(frame, waiting)
            elif event == "exception":
                raising[frame] = arg[0].__name__  # type: ignore[index]
                waiting.pop(frame, None)  # the `if` raised: it neither took nor skipped it
            elif event == "return":
                self.check_lists(frame.f_lineno)
                ran.pop(frame, None)
                if waiting and frame in waiting:  # a `break` out of the function's last loop
                    line, how, _ = waiting.pop(frame)
                    self.emit(Prune(how, len(stack), line))
                if is_yield(frame):
                    self.suspend(frame, arg)
                else:
                    self.leave(frame, arg)
            return in_recorded

        self.on_call, self.in_recorded = on_call, in_recorded
        return on_call

    def pruned_here(
        self, frame: FrameType, waiting: dict[FrameType, tuple[int, str, frozenset[int]]]
    ) -> None:
        """A `continue` or `break` line runs: a line of its own is taken; one shared with its
        `if` waits for the next line to say whether the `if` took it."""
        line = frame.f_lineno
        point = self.prune_points[frame.f_code.co_filename].get(line)
        if point is None:
            how = linecache.getline(frame.f_code.co_filename, line).strip()
            self.emit(Prune(how, len(self.stack), line))
        else:
            waiting[frame] = (line, *point)

    def prune_lines_of(self, code: CodeType) -> frozenset[int]:
        """The `continue` and `break` lines of a recorded function (its file parsed once)."""
        lines = self.prunes.get(code)
        if lines is None:
            in_file = self.prune_points.get(code.co_filename)
            if in_file is None:
                in_file = self.prune_points[code.co_filename] = prune_points(code.co_filename)
            own = {line for _, _, line in code.co_lines() if line is not None}
            lines = self.prunes[code] = frozenset(in_file) & own
        return lines

    # calls and returns ---------------------------------------------------------------------

    def enter(self, frame: FrameType) -> None:
        """A recorded call began: note its arguments and the lists it keeps as state."""
        if len(self.stack) >= MAX_DEPTH:
            self.stop(watch_text("too deep", depth=MAX_DEPTH))
        code = frame.f_code
        self.prune_lines_of(code)
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        local = frame.f_locals
        args = tuple((name, short_repr(local[name])) for name in names if name != "self")
        if self.tracked and frame.f_back is not None:  # the caller's line may have changed one
            self.check_lists(frame.f_back.f_lineno)
        for name, value in state_lists(frame):
            if id(value) not in self.tracked:
                self.tracked[id(value)] = _Tracked(value, name, [short_repr(v) for v in value])
                self.owned.setdefault(frame, []).append(id(value))
        caller = frame.f_back
        line = caller.f_lineno if caller and self.kind(caller.f_code) else code.co_firstlineno
        self.call_ids[frame] = self.calls
        self.files.setdefault(code.co_name, code.co_filename)
        self.stack.append(frame)
        self.emit(Call(self.calls, len(self.stack), code.co_name, args, line))
        self.calls += 1

    def leave(self, frame: FrameType, value: object) -> None:
        """A recorded call ended, by returning or by raising."""
        if not self.stack or self.stack[-1] is not frame:
            return
        raised = self.raising.pop(frame, None)
        self.stack.pop()
        for list_id in self.owned.pop(frame, ()):  # a path made for this call (`path + [x]`)
            del self.tracked[list_id]
        call = self.call_ids.pop(frame)
        shown = "nothing" if raised else short_repr(value)
        depth = len(self.stack) + 1
        self.emit(Return(call, depth, shown, bool(value), frame.f_lineno, raised))

    def suspend(self, frame: FrameType, value: object) -> None:
        """A recorded generator yielded: it leaves the stack, and is still open."""
        if not self.stack or self.stack[-1] is not frame:
            return
        self.stack.pop()
        self.emit(
            Yield(self.call_ids[frame], len(self.stack) + 1, short_repr(value), frame.f_lineno)
        )

    def resume(self, frame: FrameType) -> None:
        """A recorded generator runs on, called for its next value."""
        self.stack.append(frame)
        caller = frame.f_back
        line = caller.f_lineno if caller and self.kind(caller.f_code) else frame.f_lineno
        self.emit(Resume(self.call_ids[frame], len(self.stack), frame.f_code.co_name, line))

    # board writes and list changes ---------------------------------------------------------

    def wrote(self, rows: list[int], col: int, old: object, new: object, frame: FrameType) -> None:
        """A watched board's cell changed (called by WatchedRow): in each row that is this row
        object (one, unless the board's rows are aliases of one list)."""
        if self.stopped:
            return
        erase = is_blank(new)
        self.placed += not erase
        for row in rows:
            self.emit(Write(row, col, old, new, len(self.stack), frame.f_lineno, erase))

    def check_lists(self, line: int) -> None:
        """Compare each tracked list with what we last saw: appends, pops and items set in place
        by `line`."""
        for tracked in self.tracked.values():
            items, seen = tracked.items, tracked.seen
            if len(items) == len(seen):
                if tracked.objects is not None and self.changed(tracked):
                    self.replaced(tracked, line)
                continue
            tracked.grew = True
            while len(seen) > len(items):
                self.emit(Pop(tracked.name, seen.pop(), len(self.stack), line))
            for value in items[len(seen) :]:
                seen.append(short_repr(value))
                self.emit(
                    Append(tracked.name, seen[-1], self.is_answer(value), len(self.stack), line)
                )
            tracked.objects = tracked.copy_of_items()

    @staticmethod
    def changed(tracked: _Tracked) -> bool:
        """Whether an item of a tracked list was set in place since the last look (a list whose
        items cannot be compared is not looked at again)."""
        try:
            return tracked.items != tracked.objects
        except Exception:
            tracked.objects = None
            return False

    def replaced(self, tracked: _Tracked, line: int) -> None:
        """Items set in place: a step for each that also looks different (a path's last item
        named as -1, as `path[-1] = x` names it)."""
        before, tracked.objects = tracked.objects or [], tracked.copy_of_items()
        for index, (old, new) in enumerate(zip(before, tracked.items, strict=False)):
            if old is not new:
                shown = short_repr(new)
                if shown != tracked.seen[index]:
                    old_shown, tracked.seen[index] = tracked.seen[index], shown
                    last = tracked.grew and index == len(before) - 1
                    named = -1 if last else index  # a path's last item, as `path[-1] = x` says
                    step = Replace(tracked.name, old_shown, shown, len(self.stack), line, named)
                    self.emit(step)

    def is_answer(self, value: object) -> bool:
        """Is an appended value a recorded answer: a list or tuple holding what another tracked
        list (the path) holds, as `res.append(path[:])` does?"""
        if not isinstance(value, list | tuple):
            return False
        return any(
            t.items is not value and t.items == list(value) for t in self.tracked.values()
        ) or any(t.items is value for t in self.tracked.values())


YIELDS = frozenset(code for name, code in dis.opmap.items() if name == "YIELD_VALUE")


def is_yield(frame: FrameType) -> bool:
    """Whether a frame that is returning is a generator handing out a value (and not done)."""
    code = frame.f_code
    if not code.co_flags & inspect.CO_GENERATOR:
        return False
    try:
        return code.co_code[frame.f_lasti] in YIELDS
    except IndexError:
        return False


def state_lists(frame: FrameType) -> Iterator[tuple[str, list[Any]]]:
    """The lists a recorded call can change, with the names the learner knows them by: its own
    variables and the enclosing function's (a path, `res`), the attributes of `self`
    (`self.res`), and the module's lists its code names (a global `result`). Boards are
    watched otherwise."""
    for name, value in frame.f_locals.items():
        if type(value) is list and not is_board(value):
            yield name, value
        if name == "self":
            try:
                attributes = dict(vars(value))
            except TypeError:  # an object with __slots__: nothing of its own to look at
                attributes = {}
            for attribute, item in attributes.items():
                if type(item) is list and not is_board(item):
                    yield f"self.{attribute}", item
    for name in frame.f_code.co_names:
        value = frame.f_globals.get(name)
        if type(value) is list and not is_board(value):
            yield name, value


def mark_answers(steps: list[Step]) -> None:
    """Mark as answers the appends a run made to a list that only grew (never popped or
    replaced) when the call that appended returned next rather than going deeper: that is how
    learners record an answer (`res.append("".join(path))`, `self.res.append(...)`, a global
    list), whereas a path's append is followed by the call that explores it."""
    shrunk = {step.name for step in steps if isinstance(step, Pop | Replace)}
    returns_next = False  # whether the next call or return after this step is a return
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if type(step) is Return:
            returns_next = True
        elif type(step) is Call:
            returns_next = False
        elif type(step) is Append and not step.copy and returns_next and step.name not in shrunk:
            steps[i] = Append(step.name, step.value, True, step.depth, step.line)


# The recording: the steps, the answer, and a replay -----------------------------------------


@dataclass
class CallNode:
    """One call in the call tree: its label (the choice that led to it), status and children.

    status: "solved" (returned True or recorded an answer), "dead end" (a leaf that found
    nothing), "pruned" (a branch the learner's `continue`/`break` skipped), "raised", or "" for a
    call that went on deeper. `on_path` is True when a solution lies below it.
    """

    label: str
    depth: int
    call: int | None = None
    children: list[CallNode] = field(default_factory=list)
    status: str = ""
    value: str = ""
    on_path: bool = False
    line: int = 0
    args: tuple[tuple[str, str], ...] = ()
    name: str = ""
    start: int = 0  # the position (steps done) at which this call began
    end: int | None = None  # the position at which it returned (None: it never did)
    known_at: int | None = None  # the position from which its status is known, if before `end`
    truthy: bool = False  # it returned a true value
    found: bool = False  # an answer was recorded or returned in this call or below it
    returned_answer: bool = False  # "solved" for the true value it returned, not an append

    def walk(self) -> Iterator[CallNode]:
        """This node and all below it, parents first (without recursion: a run may be 500 deep)."""
        pending = [self]
        while pending:
            node = pending.pop()
            yield node
            pending.extend(reversed(node.children))


@dataclass
class Recording:
    """What `watch` saw, and a replay of it.

    `.calls` counts the recorded calls, `.placed` the digits written into a watched board,
    `.result` is what the outermost call returned, `.error` None or what ended the run, in words.
    `.steps` holds every step; `step`, `back`, `goto`, `position`, `board` replay them.
    """

    name: str
    steps: list[Step]
    calls: int
    placed: int
    result: Any
    error: str | None
    initial_board: list[list[Any]] | None
    files: dict[str, str] = field(default_factory=dict, repr=False)
    predict: bool = False
    _model: WatchedRun | None = field(default=None, repr=False)

    @property
    def model(self) -> WatchedRun:
        """The replay: the course's timeline engine over these steps (made when first needed)."""
        if self._model is None:
            self._model = WatchedRun(self)
        return self._model

    # the replay, as the stepper's Python API -------------------------------------------------

    @property
    def position(self) -> int:
        """How many steps have happened (0: before the first call)."""
        return self.model.position

    @property
    def total(self) -> int:
        """How many steps the recording has."""
        return len(self.steps)

    @property
    def board(self) -> list[list[Any]] | None:
        """The watched board at this position (a copy), or None when no board was passed."""
        return self.model.board

    @property
    def stack(self) -> list[str]:
        """The calls still open at this position, outermost first, as "name(args)"."""
        return self.model.stack

    @property
    def depth(self) -> int:
        """How many recorded calls are open at this position."""
        return self.model.depth

    @property
    def line(self) -> int | None:
        """The learner's line of the last step shown, or None at position 0."""
        return self.model.line

    @property
    def caption(self) -> str:
        """The last step shown, in words."""
        return self.model.caption

    def lists(self) -> dict[str, list[str]]:
        """The tracked lists (path, results) at this position, as short reprs of their items."""
        return {name: list(items) for name, items in self.model.state.lists.items()}

    def step(self, n: int = 1) -> Recording:
        """Go n steps forward (stops at the end)."""
        self.model.step(n)
        return self

    def back(self, n: int = 1) -> Recording:
        """Go n steps back (stops at the start)."""
        self.model.back(n)
        return self

    def goto(self, position: int) -> Recording:
        """Show the state after `position` steps (clamped to the recording)."""
        self.model.goto(position)
        return self

    @property
    def question(self) -> Question | None:
        """Predict mode (watch(..., predict=True)): the question here, or None."""
        return self.model.question

    def answer(self, choice: object) -> Verdict:
        """Predict mode: judge a choice, then show the steps up to what comes next."""
        return self.model.answer(choice)

    @property
    def score(self) -> Score:
        """Predict mode: (right, asked)."""
        return self.model.score

    def next_question(self) -> bool:
        """Predict mode: step on to the next question; True if there was one."""
        return self.model.next_question()

    def stepper(self, size: str = "default") -> Any:
        """The widget: the course's stepper controls and keys over this run (needs ipywidgets)."""
        from .stepper.view import TimelineView

        if getattr(self, "_view", None) is None:
            self._view = TimelineView(self.model, size=size)
        return self._view.widget

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, Any]:
        """In a notebook a recording shows as the stepper, with its repr as the plain text."""
        from .stepper.view import widget_bundle

        return widget_bundle(self.stepper(), repr(self), **kwargs)

    # the call tree -------------------------------------------------------------------------

    def tree(self) -> CallNode:
        """The call tree: a node per call, labelled by the choice made just before it."""
        root = CallNode("start", 0)
        open_nodes = [root]
        last_choice: dict[int, str] = {}
        waiting: dict[int, CallNode] = {}  # generator calls that yielded, by call number
        for position, step in enumerate(self.steps, 1):
            top = open_nodes[-1]
            match step:
                case Call(call, depth, name, args, line):
                    label = last_choice.pop(depth - 1, None) or (
                        changed_args(top, args) if top.name == name else name
                    )
                    node = CallNode(label, depth, call, line=line, args=args, name=name)
                    node.start = position
                    top.children.append(node)
                    open_nodes.append(node)
                case Write(row, col, _, new, depth, _, False):
                    last_choice[depth] = f"r{row + 1}c{col + 1}={new}"
                case Append(_, value, copy, depth) if not copy:
                    last_choice[depth] = f"+{value}"
                case Replace(_, _, value, depth):
                    last_choice[depth] = f"+{value}"
                case Append(_, _, True) if len(open_nodes) > 1:
                    top.status, top.known_at = "solved", position
                case Prune(how, depth, line):
                    pruned = CallNode(how.split()[0], depth + 1, None, [], "pruned")
                    pruned.start = pruned.end = position
                    top.children.append(pruned)
                case Return(value=value, truthy=truthy, raised=raised) if len(open_nodes) > 1:
                    open_nodes.pop()
                    top.value, top.end = value, position
                    top.truthy = top.truthy or truthy  # a generator that yielded handed out
                    settle(top, top.truthy, raised)
                case Yield(call) if len(open_nodes) > 1:
                    top.truthy = True
                    waiting[call] = open_nodes.pop()
                case Resume(call) if call in waiting:
                    open_nodes.append(waiting.pop(call))
        for node in open_nodes[1:]:
            node.status = node.status or "open"
        unsettle_answers_not_returned(root)
        mark_paths(root)
        return root.children[0] if len(root.children) == 1 else root

    @property
    def solved(self) -> int:
        """How many answers the run found: the calls that recorded one (an append to a list of
        answers) or returned one (a true value, a board, a count of 1, handed all the way up):
        the tree's "solved" leaves."""
        return sum(1 for node in self.tree().walk() if node.status == "solved")

    def __repr__(self) -> str:
        ended = self.error or f"returned {short_repr(self.result)}"
        placed = f"{plural(self.placed, 'digit')} placed, " if self.initial_board else ""
        return (
            f"watched {self.name}: {plural(self.calls, 'call')}, {placed}"
            f"{plural(len(self.steps), 'step')}; {ended}"
        )


def changed_args(parent: CallNode, args: tuple[tuple[str, str], ...]) -> str:
    """The arguments that differ from the parent call's, as "i=3": what this call is about."""
    before = dict(parent.args)
    changed = [f"{k}={v}" for k, v in args if before.get(k) != v and not v.startswith("board")]
    return ", ".join(changed)


def settle(node: CallNode, truthy: bool, raised: str | None) -> None:
    """Give a finished call its status from how it ended: an answer it recorded, or a true
    value (True, a board, a count) where nothing below it found one (a function that returns
    the list of answers its calls recorded has found nothing more itself)."""
    if raised:
        node.status = "raised"
    elif node.status == "solved":
        pass
    elif truthy and not any(child.truthy or child.found for child in node.children):
        node.status, node.returned_answer = "solved", True
    elif not any(c.status != "pruned" for c in node.children):
        node.status = "dead end"
    node.found = node.status == "solved" or any(child.found for child in node.children)


def unsettle_answers_not_returned(root: CallNode) -> None:
    """A true value is an answer only when it is handed all the way up: a call above it that
    returned a false value (False, 0, an empty list) dropped it. A call that returns None (a
    wrapper, LeetCode's `solveSudoku`) hands nothing up and breaks no chain."""
    pending = [(root, True)]
    while pending:
        node, chain = pending.pop()
        if node.returned_answer and not chain:
            node.returned_answer = False
            live = any(c.status != "pruned" for c in node.children)
            node.status = "" if live else "dead end"
        dropped = node.end is not None and not node.truthy and node.value != "None"
        pending.extend((child, chain and not dropped) for child in node.children)


def mark_paths(root: CallNode) -> None:
    """Set on_path on every node with a solution in its subtree (children before parents)."""
    for node in reversed(list(root.walk())):
        node.on_path = node.status == "solved" or any(c.on_path for c in node.children)


# watch itself ---------------------------------------------------------------------------------


def watch(
    function: Callable[..., Any],
    *args: Any,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    predict: bool = False,
) -> Recording:
    """Run `function(*args)` once, recording what it does; return the Recording to replay
    (with `predict=True`, the replay asks "which call comes next?": stepper/calls.py).

    A board argument (a square list of lists) is watched cell by cell and filled in place as the
    function would fill it. The run ends cleanly at an exception, at `max_steps` recorded steps,
    after `max_seconds` (a loop that never ends), or at 500 calls deep.
    """
    if not callable(function):
        raise TypeError(f"watch needs a function to call, not {short_repr(function)}")
    max_steps, max_seconds = checked_bounds(max_steps, max_seconds)
    too_slow = watch_text(
        "too slow", seconds=format_seconds(max_seconds), max_seconds=f"{max_seconds:g}"
    )
    recorder = _Recorder(function, max_steps)
    before = [snapshot(value) for value in args]
    board = next((value for value in args if is_board(value)), None)
    initial = [list(row) for row in board] if board is not None else None
    rows = watch_rows(board, recorder) if board is not None else []
    result, error = None, None
    previous, previous_profile = sys.gettrace(), sys.getprofile()
    limit = Limit(max_seconds)
    try:
        with deadline(max_seconds, tracer=recorder.tracer()) as limit:
            result = function(*args)
    except _Stopped as stopped:
        error = stopped.why
    except TooSlow:
        if not limit.stops:  # an enclosing deadline's time is up, not this run's: its stop
            raise
        error = too_slow
        if not recorder.stopped:
            recorder.steps.append(Stop(error, len(recorder.stack), 0))
            recorder.stopped, recorder.why = True, too_slow
        recorder.refusals += limit.caught
    except Exception as raised:  # the learner's bug: recorded and described, never re-raised
        error = describe_exception(raised, recorder)
        recorder.steps.append(Stop(error, depth_at(raised, recorder), line_of(raised, recorder)))
    finally:
        sys.settrace(previous)
        sys.setprofile(previous_profile)
        release_rows(board, rows)
        result = without_watched_rows(result)
    if recorder.stopped and (recorder.refusals or error is None):
        error = caught_stop(recorder)
    mark_answers(recorder.steps)
    if error is not None:
        result = None
        if any(saved.items is not None for saved in before):
            for saved in before:
                restore(saved)
            error = said_restored(error, recorder.steps)
    name = getattr(function, "__name__", "function")
    if error is None and inspect.isgenerator(result) and not recorder.calls:
        error = watch_text("generator", name=name)  # the generator is handed back, unrun
        recorder.steps.append(Stop(error, 0, 0))
    return Recording(
        name,
        recorder.steps,
        recorder.calls,
        recorder.placed,
        result,
        error,
        initial,
        recorder.files,
        predict=predict,
    )


def said_restored(error: str, steps: list[Step]) -> str:
    """The words for a run that did not end well, and that the learner's lists and board were
    put back as they were before the call (the last step, the Stop, says so too)."""
    joined = f"{error.rstrip('.')}. " if not error.endswith("?") else f"{error} "
    words = joined + watch_text("arguments restored")
    if steps and type(steps[-1]) is Stop:
        steps[-1] = Stop(words, steps[-1].depth, steps[-1].line)
    return words


def checked_bounds(max_steps: object, max_seconds: object) -> tuple[int, float]:
    """`max_steps` as an int (a numpy integer too, as the library's own bounds accept) and
    `max_seconds` as a positive, finite number of seconds; anything else refused with words."""
    if isinstance(max_steps, bool) or not isinstance(max_steps, numbers.Integral):
        raise TypeError(f"max_steps must be a whole number, not {short_repr(max_steps)}")
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, not {int(max_steps)}")
    try:
        seconds = check_seconds(max_seconds)
    except (TypeError, ValueError) as error:
        raise type(error)(f"max_seconds: {error}") from None
    return int(max_steps), seconds


def caught_stop(recorder: _Recorder) -> str:
    """Why the run stopped, and that the learner's code caught the stop and went on (the last
    step, the Stop, says so too)."""
    times = plural(max(recorder.refusals, 1), "time")
    words = f"{recorder.why}; {watch_text('stop caught', times=times)}"
    for i in range(len(recorder.steps) - 1, -1, -1):
        step = recorder.steps[i]
        if type(step) is Stop:
            recorder.steps[i] = Stop(words, step.depth, step.line)
            break
    return words


def watch_rows(board: list[Any], recorder: _Recorder) -> list[WatchedRow]:
    """Put watched rows in the caller's own board, one per row object (aliased rows share one)."""
    watched: dict[int, WatchedRow] = {}
    for r, row in enumerate(board):
        if id(row) in watched:
            watched[id(row)]._rows.append(r)
        else:
            watched[id(row)] = WatchedRow(row, [r], recorder)
        board[r] = watched[id(row)]
    return list(watched.values())


def release_rows(board: list[Any] | None, rows: list[WatchedRow]) -> None:
    """End the watching: every watched row records nothing more, and the caller's board holds
    its own row objects again, filled as the function left them."""
    originals = {id(row): row.release() for row in rows}
    if board is not None:
        for r, row in enumerate(board):
            if isinstance(row, WatchedRow) and id(row) in originals:
                board[r] = originals[id(row)]


def without_watched_rows(result: Any) -> Any:
    """What the function returned, with the caller's rows where it held watched ones (a row, or
    a list of rows such as `[row for row in board]`), as a plain call would have returned."""
    if isinstance(result, WatchedRow):
        return result.original
    if type(result) is list and any(isinstance(item, WatchedRow) for item in result):
        result[:] = [item.original if isinstance(item, WatchedRow) else item for item in result]
    return result


SNAPSHOT_DEPTH = 3
"""How deep into nested lists, dicts and sets `snapshot` copies (a board is two deep)."""


@dataclass
class Snapshot:
    """An argument as it was before the call, to put back in place if the run fails: the
    container itself, its items then, and theirs (for a list, dict or set)."""

    value: Any
    items: list[Any] | None = None
    inner: list[Snapshot] = field(default_factory=list)


def snapshot(value: Any, depth: int = 0) -> Snapshot:
    """What `restore` needs to put a list, dict or set (and those inside it) back as it is now."""
    kind = type(value)
    if depth >= SNAPSHOT_DEPTH or kind not in (list, dict, set):
        return Snapshot(value)
    items = list(value.items()) if kind is dict else list(value)
    inner = [snapshot(v, depth + 1) for v in (value.values() if kind is dict else value)]
    return Snapshot(value, items, inner)


def restore(saved: Snapshot) -> None:
    """Put a container back as `snapshot` saw it, in place (the caller's objects stay theirs)."""
    value, items = saved.value, saved.items
    if items is None:
        return
    if type(value) in (dict, set):
        value.clear()
        value.update(items)
    else:
        value[:] = items
    for inner in saved.inner:
        restore(inner)


def learner_frames(error: BaseException, recorder: _Recorder) -> list[TracebackType]:
    """The traceback entries in the learner's code, outermost first."""
    entries, tb = [], error.__traceback__
    while tb is not None:
        if recorder.kind(tb.tb_frame.f_code):
            entries.append(tb)
        tb = tb.tb_next
    return entries


def line_of(error: BaseException, recorder: _Recorder) -> int:
    """The learner's line where the exception came from (their deepest frame)."""
    entries = learner_frames(error, recorder)
    return entries[-1].tb_lineno if entries else 0


def depth_at(error: BaseException, recorder: _Recorder) -> int:
    """How many recorded calls were open where the exception was raised."""
    return sum(
        1 for tb in learner_frames(error, recorder) if recorder.kind(tb.tb_frame.f_code) == 2
    )


def describe_exception(error: BaseException, recorder: _Recorder) -> str:
    """ "your function raised IndexError at line 7, 12 calls deep: list index out of range"."""
    depth = depth_at(error, recorder)
    words = watch_text(
        "exception",
        error=type(error).__name__,
        line=line_of(error, recorder),
        depth=plural(depth, "call"),
    )
    text = safe_str(error)
    return f"{words}: {text}" if text else words


def safe_str(error: BaseException) -> str:
    """str(error), even for an exception whose `__str__` raises (it is named instead)."""
    try:
        return str(error)
    except Exception:
        return f"<a {type(error).__name__} that cannot be shown>"


# Explaining a mistake from a recording -------------------------------------------------------


def find_missing_undo(recording: Recording) -> str | None:
    """The first choice a call left in place when it gave up, in words; None if every call
    un-chose what it chose.

    A call that wrote a digit, explored, and then returned False with its digit still on the
    board, or that returned with the path longer than it found it, forgot its un-choose.
    """
    board = [list(row) for row in recording.initial_board] if recording.initial_board else None
    written: list[dict[tuple[int, int], object]] = [{}]
    calls: list[tuple[Call | None, dict[str, list[str]]]] = [(None, {})]
    lists: dict[str, list[str]] = {}
    for step in recording.steps:
        match step:
            case Call():
                written.append({})
                calls.append((step, {name: items[:] for name, items in lists.items()}))
            case Write(row, col, _, new, _, _, erase) if board is not None:
                board[row][col] = new
                if erase:
                    written[-1].pop((row, col), None)
                else:
                    written[-1][(row, col)] = new
            case Append(name, value, False):
                lists.setdefault(name, []).append(value)
            case Pop(name) if lists.get(name):
                lists[name].pop()
            case Replace(name, _, value, _, _, index) if (
                -len(lists.get(name, ())) <= index < len(lists.get(name, ()))
            ):
                lists[name][index] = value
            case Return(raised=None) if len(written) > 1:
                mine, (call, before) = written.pop(), calls.pop()
                words = left_on_board(mine, board, step) if not step.truthy else None
                words = words or left_on_path(call, before, lists)
                if words:
                    return words
            case Return() if len(written) > 1:
                written.pop()
                calls.pop()
    return None


def left_on_board(
    mine: dict[tuple[int, int], object], board: list[list[Any]] | None, step: Return
) -> str | None:
    """A digit a failed call wrote and left on the board, in words."""
    left = [(cell, d) for cell, d in mine.items() if board and board[cell[0]][cell[1]] == d]
    if not left:
        return None
    (r, c), digit = left[-1]
    return watch_text("left on board", cell=cell_name(r, c), value=step.value, digit=digit)


def left_on_path(
    call: Call | None, before: dict[str, list[str]], lists: dict[str, list[str]]
) -> str | None:
    """A list (the path) that a call returned longer than it found it, in words."""
    for name, items in lists.items():
        found = before.get(name, [])
        if call is not None and len(items) > len(found):
            shown = ", ".join(f"{k}={v}" for k, v in call.args)
            return watch_text(
                "left on path",
                call=f"{call.name}({shown})",
                name=name,
                before=", ".join(found),
                after=", ".join(items),
            )
    return None


# The stepper's model of a watched run (on the course's timeline engine) ----------------------


@dataclass(frozen=True, slots=True)
class Saved:
    """A watched run's state at one position, kept every few hundred steps for quick jumps."""

    board: tuple[tuple[Any, ...], ...] | None
    stack: tuple[Call, ...]
    lists: tuple[tuple[str, tuple[str, ...]], ...]
    placed: int
    waiting: tuple[tuple[int, Call], ...] = ()


class WatchReplay:
    """The board, the open calls and the tracked lists, moved forward by a run's steps."""

    def __init__(self, board: list[list[Any]] | None) -> None:
        self.board = [list(row) for row in board] if board else None
        self.stack: list[Call] = []
        self.lists: dict[str, list[str]] = {}
        self.placed = 0
        self.waiting: dict[int, Call] = {}  # generator calls that yielded, by call number

    def apply(self, step: Step) -> None:
        """Do what the learner's code did at this step."""
        match step:
            case Call():
                self.stack.append(step)
            case Return() if self.stack:
                self.stack.pop()
            case Yield(call) if self.stack:
                self.waiting[call] = self.stack.pop()
            case Resume(call) if call in self.waiting:
                self.stack.append(self.waiting.pop(call))
            case Write(row, col, _, new, _, _, erase) if self.board is not None:
                self.board[row][col] = new
                self.placed += not erase
            case Append(name, value):
                self.lists.setdefault(name, []).append(value)
            case Pop(name) if self.lists.get(name):
                self.lists[name].pop()
            case Replace(name, _, value, _, _, index) if (
                -len(self.lists.get(name, ())) <= index < len(self.lists.get(name, ()))
            ):
                self.lists[name][index] = value

    def save(self) -> Saved:
        """A compact copy of this state."""
        board = tuple(map(tuple, self.board)) if self.board is not None else None
        lists = tuple((name, tuple(items)) for name, items in self.lists.items())
        waiting = tuple(self.waiting.items())
        return Saved(board, tuple(self.stack), lists, self.placed, waiting)

    def restore(self, saved: Saved) -> None:
        """Become the state a checkpoint saved."""
        self.board = [list(row) for row in saved.board] if saved.board is not None else None
        self.stack = list(saved.stack)
        self.lists = {name: list(items) for name, items in saved.lists}
        self.placed = saved.placed
        self.waiting = dict(saved.waiting)


class WatchedRun(Predicting[Step, Saved]):
    """The model of a watched run for the course's stepper: position, `goto`, `board`, the open
    calls, the caption with the learner's line, and `frame()` for the view, which shows the board
    (when one was watched) beside the call tree grown so far."""

    stack_title = watch_text("stack title")

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.state = WatchReplay(recording.initial_board)
        super().__init__(FixedRecording(recording.steps), self.state, predict=recording.predict)
        self.call_tree = recording.tree()
        ends = {n.call: n.status for n in self.call_tree.walk() if n.call is not None}
        self._dead = {call for call, status in ends.items() if status == "dead end"}
        self._solved = {call for call, status in ends.items() if status == "solved"}
        self._names = {s.call: s.name for s in recording.steps if type(s) is Call}
        self.queens = queens_path(recording.steps)
        """(n, the list's name) when this looks like N-Queens: a board of n rows drawn from a
        path of column numbers; None otherwise."""

    @property
    def title(self) -> str:
        """What the view shows above the picture."""
        return f"watch: {self.recording.name}"

    @property
    def board(self) -> list[list[Any]] | None:
        """The watched board here (a copy), or None when no board was passed."""
        board = self.state.board
        return [list(row) for row in board] if board is not None else None

    @property
    def stack(self) -> list[str]:
        """The open calls, outermost first, as "name(args)"."""
        return [f"{c.name}({', '.join(v for _, v in c.args)})" for c in self.state.stack]

    @property
    def depth(self) -> int:
        """How many recorded calls are open here."""
        return len(self.state.stack)

    @property
    def line(self) -> int | None:
        """The learner's line of the step showing (None at the start)."""
        step = self.event
        return step.line if step is not None else None

    @property
    def caption(self) -> str:
        """The step showing, in words."""
        step = self.event
        return caption(step) if step is not None else watch_text("before", name=self.recording.name)

    def source_line(self) -> str:
        """The learner's line of the step showing, as they wrote it ("" when unknown)."""
        step, stack = self.event, self.state.stack
        if step is None or not step.line:
            return ""
        if type(step) is Call:  # the line that made the call, in the caller
            name = stack[-2].name if len(stack) > 1 else stack[-1].name
        elif type(step) is Return:
            name = self._names.get(step.call, "")
        else:
            name = stack[-1].name if stack else ""
        filename = self.recording.files.get(name)
        return linecache.getline(filename, step.line).strip() if filename else ""

    def ask(self) -> Question | None:
        """Predict mode: "which call comes next?" where the current call chooses."""
        return ask_call(CallMoment(self.recording.steps, self.position, self.state.stack))

    def judge(self, question: Question, choice: object) -> Verdict:
        """Judge a choice for the question asked here, from the recording."""
        moment = CallMoment(self.recording.steps, self.position, self.state.stack)
        return judge_call(question, moment, choice)

    def dead_end(self, event: Step) -> bool:
        """A call that found nothing below it returns here (Next dead end stops at it)."""
        return type(event) is Return and event.call in self._dead

    def solved_by(self, event: Step) -> bool:
        """An answer recorded, or the call that solved the board returning."""
        return (type(event) is Append and event.copy) or (
            type(event) is Return and event.call in self._solved
        )

    def frame(self) -> Frame:
        """What the view draws here: board and call tree, your calls, the step in words."""
        from .calltree import tree_svg

        current = self.state.stack[-1].call if self.state.stack else None
        picture = tree_svg(self.call_tree, self.position, current)
        if self.state.board is not None or self.queens is not None:
            board = f'<div style="flex:0 0 auto">{self.board_picture()}</div>'
            tree = f'<div style="flex:0 1 auto;overflow-x:auto">{picture}</div>'
            picture = f'<div style="display:flex;gap:1em;flex-wrap:wrap">{board}{tree}</div>'
        picture = f'<div class="sdk-watch" data-position="{self.position}">{picture}</div>'
        lines = [f"{i}. {text}" for i, text in enumerate(self.stack, 1)]
        status = step_status(self.position, self.known, self.finished)
        counters = f"{status} · calls open {self.depth}"
        if self.state.board is not None:
            counters += f" · digits placed {number(self.state.placed)}"
        source = self.source_line()
        said = f"{self.caption}   ⟵ {source}" if source else self.caption
        return Frame(picture, lines, said, counters, status, {"position": str(self.position)})

    def board_picture(self) -> str:
        """The watched board as the stepper draws boards (a plain grid for other sizes), or the
        N-Queens board that the path of queens' columns stands for."""
        if self.state.board is None and self.queens is not None:
            return queens_html(*self.queens, self.state.lists.get(self.queens[1], []))
        board = self.state.board or []
        initial = self.recording.initial_board or []
        if len(board) in (4, 9, 16) and all(
            isinstance(d, str) and len(d) == 1 for r in board for d in r
        ):
            given = {
                (r, c): d
                for r, row in enumerate(initial)
                for c, d in enumerate(row)
                if not is_blank(d)
            }
            step = self.event
            marks = Marks(current=(step.row, step.col)) if type(step) is Write else Marks()
            return board_html(board, given, set(), marks, {})
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(str(d))}</td>" for d in row) + "</tr>" for row in board
        )
        return f'<table class="sdk-board">{rows}</table>'

    def __repr__(self) -> str:
        return (
            f"<watched {self.recording.name}: step {number(self.position)} of {number(self.known)}>"
        )


def queens_path(steps: list[Step]) -> tuple[int, str] | None:
    """(n, name) when the first call takes an int `n` and the path `name` grows by columns."""
    first = next((step for step in steps if type(step) is Call), None)
    if first is None:
        return None
    args = dict(first.args)
    appended = {step.name for step in steps if type(step) is Append and not step.copy}
    size = args.get("n", "")
    paths = [name for name in args if name in appended]
    if not size.isdigit() or not paths or int(size) > 16:
        return None
    return int(size), paths[0]


QUEEN_CELL = "width:2.2em;height:2.2em;text-align:center;font-size:1.4em"


def queens_html(n: int, name: str, columns: list[str]) -> str:
    """An n x n board with a queen in row r at column columns[r], as an HTML table."""
    rows = []
    for r in range(n):
        col = int(columns[r]) if r < len(columns) and columns[r].isdigit() else None
        cells = "".join(
            f'<td class="{"sdk-p" if c == col else ""}" style="{QUEEN_CELL}">'
            f"{'♛' if c == col else ''}</td>"
            for c in range(n)
        )
        rows.append(f"<tr>{cells}</tr>")
    return (
        f'<table class="sdk-board sdk-queens" data-queens="{escape(name)}">{"".join(rows)}</table>'
    )
