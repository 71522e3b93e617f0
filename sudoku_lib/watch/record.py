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
`calltree` and `tree_figures` draw.
"""

from __future__ import annotations

import copy
import dis
import inspect
import numbers
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from types import CodeType, FrameType, TracebackType
from typing import Any, SupportsIndex

from ..i18n import _
from ..timelimit import (
    Limit,
    TooSlow,
    check_seconds,
    deadline,
    has_loop,
    is_learner_file,
    is_learner_frame,
    put_back_profile,
    time_keeper,
)
from ..words import format_seconds, number, plural, watch_text
from .recording import Recording
from .restore import Keeper, unwrapped
from .source import PrunePoint, looks_recursive, parsed, prune_points, recursive_names
from .steps import (
    Append,
    Call,
    Count,
    Pop,
    Prune,
    Replace,
    Resume,
    Return,
    Step,
    Stop,
    Write,
    Yield,
    is_blank,
    is_board,
    is_grid,
    short_repr,
)

DEFAULT_MAX_STEPS = 100_000
DEFAULT_MAX_SECONDS = 30.0
"""How long a run may take: bounds a loop that never ends (a `while` whose counter is never
increased), which records nothing. `sudoku_lib.timelimit` keeps it, as it does the checks'."""
COPY_SAID = 0.1
"""Copying the arguments (to put them back if the run fails) counts against `max_seconds`;
the words for a stop say how long it took when it took this share of the limit or more."""
MAX_DEPTH = 500
"""Deeper than any search in the course (a 16x16 board is 257 calls deep), well short of Python's
own recursion limit, so a function with no base case is stopped by us, with our words."""


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


DATA = 10_000
"""A list longer than this when a call first sees it is data the search reads (a 5,000,000-item
argument), not a path or the answers: it is not followed (showing its items would take seconds)."""
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
        if len(items) > WATCHED_ITEMS or (items and all(type(item) is bool for item in items)):
            return None
        return list(items)


class _Recorder:
    """The trace functions and the steps they collect for one run of `watch`."""

    def __init__(self, function: Callable[..., Any], max_steps: int) -> None:
        self.root_code = getattr(unwrapped(function), "__code__", None)
        self.root_file = self.root_code.co_filename if self.root_code else None
        self.max_steps = max_steps
        self.steps: list[Step] = []
        self.stack: list[FrameType] = []
        self.call_ids: dict[FrameType, int] = {}
        self.raising: dict[FrameType, str] = {}
        self.kinds: dict[CodeType, int] = {}  # 0 hidden, 1 helper, 2 recorded
        self.recursive: dict[str, frozenset[str]] = {}  # each file's recursive functions
        self.prunes: dict[CodeType, frozenset[int]] = {}
        self.prune_points: dict[str, dict[int, PrunePoint]] = {}
        self.tracked: dict[int, _Tracked] = {}
        self.owned: dict[FrameType, list[int]] = {}  # the lists each open call began tracking
        self.given: dict[FrameType, set[int]] = {}  # the objects each open call was handed
        self.returned: dict[FrameType, list[tuple[int, object]]] = {}  # its calls' values
        self.counter_names: dict[CodeType, tuple[tuple[str, str], ...]] = {}
        self.counters: dict[str, int] = {}  # each counter's size when last seen
        self.keeper = Keeper()  # what the run can change, as it was: put back if it fails
        self.initial: list[list[Any]] = []  # the watched board as it was given
        self.board: list[Any] | None = None  # the watched board (its cells are watched)
        self.cached: dict[CodeType, bool] = {}  # whether each recorded function is cached
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

    def recursed(self) -> bool:
        """Whether the run made a recursive call: a call of the learner's made while another
        was open (the watched function called once, with no call of its own inside, did not)."""
        return any(type(step) is Call and step.depth > 1 for step in self.steps)

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
        waiting: dict[FrameType, tuple[int, PrunePoint, str]] = {}
        """A frame whose last line was an `if ...: continue`: the next line says if it was taken."""

        def on_call(frame: FrameType, event: str, arg: object) -> Any:
            kind = self.kinds.get(frame.f_code)
            if kind is None:
                kind = self.kind(frame.f_code, frame)
                if kind and not self.stopped:  # first met: what it can reach, as it is
                    self.keeper.keep_reachable(frame)
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
                    line, point, choice = waiting.pop(frame)
                    if frame.f_lineno not in point.after:
                        self.emit(Prune(point.how, len(stack), line, choice))
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
                    line, point, choice = waiting.pop(frame)
                    self.emit(Prune(point.how, len(stack), line, choice))
                if is_yield(frame):
                    self.suspend(frame, arg)
                else:
                    self.leave(frame, arg)
            return in_recorded

        self.on_call, self.in_recorded = on_call, in_recorded
        return on_call

    def pruned_here(
        self, frame: FrameType, waiting: dict[FrameType, tuple[int, PrunePoint, str]]
    ) -> None:
        """A `continue` or `break` line runs: a line of its own is taken; one shared with its
        `if` waits for the next line to say whether the `if` took it. Either way the choice it
        rejects is read now, from the names its loop binds."""
        line = frame.f_lineno
        point = self.prune_points[frame.f_code.co_filename][line]
        bound = frame.f_locals
        choice = ", ".join(f"{n} = {short_repr(bound[n])}" for n in point.choice if n in bound)
        if point.after:
            waiting[frame] = (line, point, choice)
        else:
            self.emit(Prune(point.how, len(self.stack), line, choice))

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
        self.given[frame] = {id(local[name]) for name in names if name in local}
        if self.tracked and frame.f_back is not None:  # the caller's line may have changed one
            self.check_lists(frame.f_back.f_lineno)
        caller_line = frame.f_back.f_lineno if frame.f_back is not None else 0
        self.check_counters(frame, local, caller_line)  # grown by the caller
        for name, value in state_lists(frame):
            if id(value) not in self.tracked and value is not self.board and len(value) <= DATA:
                self.tracked[id(value)] = _Tracked(value, name, [short_repr(v) for v in value])
                self.owned.setdefault(frame, []).append(id(value))
        caller = frame.f_back
        line = caller.f_lineno if caller and self.kind(caller.f_code) else code.co_firstlineno
        self.call_ids[frame] = self.calls
        self.files.setdefault(code.co_name, code.co_filename)
        self.stack.append(frame)
        cached = self.cached.get(code)
        if cached is None:
            cached = self.cached[code] = is_cached(frame)
        self.emit(Call(self.calls, len(self.stack), code.co_name, args, line, cached))
        self.calls += 1

    def leave(self, frame: FrameType, value: object) -> None:
        """A recorded call ended, by returning or by raising."""
        if not self.stack or self.stack[-1] is not frame:
            return
        raised = self.raising.pop(frame, None)
        self.check_counters(frame, frame.f_locals, frame.f_lineno)
        self.stack.pop()
        call = self.call_ids.pop(frame)
        given = self.given.pop(frame, set()) | set(self.tracked)
        handed = next(
            (child for child, seen in reversed(self.returned.pop(frame, [])) if seen is value),
            None,
        )
        for list_id in self.owned.pop(frame, ()):  # a path made for this call (`path + [x]`)
            del self.tracked[list_id]
        if self.stack:
            self.returned.setdefault(self.stack[-1], []).append((call, value))
        shown = "nothing" if raised else short_repr(value)
        depth, number = len(self.stack) + 1, isinstance(value, numbers.Number)
        plain = number or value is None
        step = Return(call, depth, shown, has_value(value), frame.f_lineno, raised, number)
        if not plain:
            step = replace(step, given=id(value) in given, handed=handed)
        self.emit(step)

    def check_counters(self, frame: FrameType, local: dict[str, Any], line: int) -> None:
        """A Count step for each counter this call can see that grew since last seen: an int or
        a set in the enclosing function (`nonlocal`), the module (`global`) or `self`. It grew
        in the call on top of the stack (a call going deeper is checked before it is on it)."""
        names = self.counter_names.get(frame.f_code)
        if names is None:
            names = self.counter_names[frame.f_code] = counter_names(frame)
        for name, value in counters_seen(frame, local, names):
            size = len(value) if isinstance(value, set) else value
            before = self.counters.get(name)
            self.counters[name] = size
            if before is not None and size > before:
                shown = f"len({name})" if isinstance(value, set) else name
                self.emit(Count(shown, number(size), len(self.stack), line, size - before))

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
        start = self.initial[rows[0]][col] if rows[0] < len(self.initial) else None
        erase, mark = write_kind(start, new)
        self.placed += not (erase or mark)
        for row in rows:
            self.emit(Write(row, col, old, new, len(self.stack), frame.f_lineno, erase, mark))

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


def is_cached(frame: FrameType) -> bool:
    """Whether the function a frame runs is wrapped in `functools.cache` or `lru_cache`: the
    name its caller or its module calls it by holds a cache whose wrapped code is this one."""
    code, caller = frame.f_code, frame.f_back
    places = [frame.f_globals, caller.f_locals if caller is not None else {}]
    for place in places:
        function = place.get(code.co_name)
        wrapped = getattr(function, "__wrapped__", None)
        if hasattr(function, "cache_info") and getattr(wrapped, "__code__", None) is code:
            return True
    return False


def write_kind(start: object, new: object) -> tuple[bool, bool]:
    """(erase, mark) for a value written into a board cell that held `start` when the run
    began: a blank over a blank cell is an erase (the un-choose of a digit or a queen), a blank
    over a letter a mark (a word search's visited '#'), the letter written back the un-choose
    of that mark (both); anything else is a placement."""
    if is_blank(new):
        return is_blank(start), not is_blank(start)
    returned = not is_blank(start) and str(new) == str(start)
    return returned, returned


def has_value(value: object) -> bool:
    """Whether a returned value is something rather than nothing (None, False, 0, an empty
    list, dict, set, tuple or string), without asking the value itself: a numpy array's
    `bool()` raises, and any object's own `__bool__` is the learner's code."""
    if value is None or value is False:
        return False
    if isinstance(value, numbers.Number):
        try:
            return bool(value != 0)  # type: ignore[comparison-overlap]
        except Exception:  # a number of the learner's own whose comparison raises
            return True
    if type(value) in (list, tuple, dict, set, frozenset, str, bytes, range):
        return len(value) > 0  # type: ignore[arg-type]
    return True


def is_counter(value: object) -> bool:
    """An int (not a bool) or a set: what a learner counts answers in."""
    return type(value) is int or type(value) is set


def counter_names(frame: FrameType) -> tuple[tuple[str, str], ...]:
    """Where a call's counters are: the enclosing function's names it uses ("free"), the
    module's ("global"), and "self" for the attributes of `self`, read at each look."""
    code = frame.f_code
    free = [("free", name) for name in code.co_freevars]
    globals_ = frame.f_globals
    named = [("global", n) for n in code.co_names if n in globals_ and is_counter(globals_[n])]
    has_self = "self" in code.co_varnames[: code.co_argcount]
    return (*free, *named, *((("self", "*"),) if has_self else ()))


def counters_seen(
    frame: FrameType, local: dict[str, Any], names: tuple[tuple[str, str], ...]
) -> Iterator[tuple[str, int | set[Any]]]:
    """The counters a call sees now, by the names the learner knows them by."""
    for where, name in names:
        if where == "free":
            value = local.get(name)
        elif where == "global":
            value = frame.f_globals.get(name)
        else:
            try:
                attributes = dict(vars(local.get("self")))
            except TypeError:  # an object with __slots__, or no self
                continue
            yield from ((f"self.{a}", v) for a, v in attributes.items() if is_counter(v))
            continue
        if type(value) is int or type(value) is set:
            yield name, value


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


STATE_DICT = 16
"""A dict this small, held by a call, may keep the recursion's lists (`state["path"]`); a
bigger one is a table (a memo, candidates), whose items are not followed."""


def state_lists(frame: FrameType) -> Iterator[tuple[str, list[Any]]]:
    """The lists a recorded call can change, with the names the learner knows them by: its own
    variables and the enclosing function's (a path, `res`), the attributes of `self`
    (`self.res`), and the module's lists its code names (a global `result`). Boards are
    watched otherwise."""
    for name, value in frame.f_locals.items():
        if type(value) is list and not is_board(value):
            yield name, value
        if type(value) is dict and len(value) <= STATE_DICT:  # state = {"path": [], ...}
            for key, item in value.items():
                if type(item) is list and not is_board(item):
                    yield f"{name}[{key!r}]", item
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


def answer_counts_only(steps: list[Step]) -> list[Step]:
    """The steps without the Count steps of counters that do not count answers: an answer
    counter grows only in calls that went no deeper (`count += 1` at the base case), unlike
    `calls += 1` in every call or `cols.add(c)` before going deeper."""
    counted_in: list[tuple[str, int]] = []  # each Count's counter, and the call it grew in
    went_deeper: set[int] = set()
    open_calls: list[int] = []
    for step in steps:
        if type(step) is Call:
            if open_calls:
                went_deeper.add(open_calls[-1])
            open_calls.append(step.call)
        elif type(step) is Return and open_calls:
            open_calls.pop()
        elif type(step) is Count:
            counted_in.append((step.name, open_calls[-1] if open_calls else -1))
    others = {name for name, call in counted_in if call in went_deeper or call < 0}
    return [step for step in steps if type(step) is not Count or step.name not in others]


def watch(
    function: Callable[..., Any],
    *args: Any,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    predict: bool = False,
) -> Recording:
    """Run `function(*args)` once, recording what it does; return the Recording to replay
    (with `predict=True`, the replay asks "which call comes next?": stepper/calls.py).

    A board argument (a list of lists of letters or digits: a Sudoku, an N-Queens board, a
    word search's grid) is watched cell by cell and filled in place as the
    function would fill it. The run ends cleanly at an exception, at `max_steps` recorded steps,
    after `max_seconds` (a loop that never ends), or at 500 calls deep.
    """
    if not callable(function):
        raise TypeError(
            _("watch needs a function to call, not {value}").format(value=short_repr(function))
        )
    max_steps, max_seconds = checked_bounds(max_steps, max_seconds)
    too_slow = watch_text(
        "too slow", seconds=format_seconds(max_seconds), max_seconds=f"{max_seconds:g}"
    )
    recorder = _Recorder(function, max_steps)
    copied_in = time.monotonic()
    recorder.keeper.keep_arguments(function, args)
    copying = time.monotonic() - copied_in  # counted against the limit, and said
    if copying >= max_seconds:
        too_slow = watch_text(
            "copy too slow", seconds=format_seconds(copying), max_seconds=f"{max_seconds:g}"
        )
    elif copying >= COPY_SAID * max_seconds:
        too_slow += " " + watch_text("copying took", seconds=format_seconds(copying))
    board = next((value for value in args if is_grid(value)), None)
    initial = [list(row) for row in board] if board is not None else None
    recorder.initial, recorder.board = initial or [], board
    rows = watch_rows(board, recorder) if board is not None else []
    result, error = None, None
    previous, previous_profile = sys.gettrace(), sys.getprofile()
    limit = Limit(max_seconds)
    try:
        if copying >= max_seconds:
            raise TooSlow
        with deadline(max_seconds - copying, tracer=recorder.tracer()) as limit:
            result = function(*args)
    except _Stopped as stopped:
        error = stopped.why
    except TooSlow:
        if not limit.stops and copying < max_seconds:  # an enclosing deadline's stop
            raise
        error = too_slow
        if not recorder.stopped:
            recorder.steps.append(Stop(error, len(recorder.stack), 0))
            recorder.stopped, recorder.why = True, too_slow
        recorder.refusals += limit.caught
    except (Exception, SystemExit, KeyboardInterrupt) as raised:  # the learner's: described
        error = describe_exception(raised, recorder)
        recorder.steps.append(Stop(error, depth_at(raised, recorder), line_of(raised, recorder)))
    finally:
        sys.settrace(previous)
        put_back_profile(previous_profile)
        release_rows(board, rows)
        result = without_watched_rows(result)
    if recorder.stopped and (recorder.refusals or error is None):
        error = caught_stop(recorder)
    mark_answers(recorder.steps)
    recorder.steps[:] = answer_counts_only(recorder.steps)
    if error is not None:
        result = None
        changed, failed = recorder.keeper.put_back()
        if changed or failed:
            error = said_restored(error, recorder.steps, changed, failed)
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
        remark=None if error or recorder.recursed() else watch_text("no recursion"),
    )


def said_restored(error: str, steps: list[Step], changed: list[str], failed: list[str]) -> str:
    """The words for a run that did not end well, and the lists, dicts and boards it had changed
    that were put back as they were before the call, by name, and those that could not be (the
    last step, the Stop, says so too)."""
    words = f"{error.rstrip('.')}." if not error.endswith("?") else error
    if changed:
        words += " " + watch_text("put back", names=", ".join(changed))
    if failed:
        words += " " + watch_text("not put back", names=", ".join(failed))
    if steps and type(steps[-1]) is Stop:
        steps[-1] = Stop(words, steps[-1].depth, steps[-1].line)
    return words


def checked_bounds(max_steps: object, max_seconds: object) -> tuple[int, float]:
    """`max_steps` as an int (a numpy integer too, as the library's own bounds accept) and
    `max_seconds` as a positive, finite number of seconds; anything else refused with words."""
    if isinstance(max_steps, bool) or not isinstance(max_steps, numbers.Integral):
        raise TypeError(
            _("max_steps must be a whole number, not {value}").format(value=short_repr(max_steps))
        )
    if max_steps < 1:
        raise ValueError(
            _("max_steps must be at least 1, not {value}").format(value=int(max_steps))
        )
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
        return _("<a {kind} that cannot be shown>").format(kind=type(error).__name__)
