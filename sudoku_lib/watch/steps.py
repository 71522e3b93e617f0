"""The steps of a watched run: small frozen records of what the learner's code did, each
with its caption in words, and the short reprs that show a value on one line."""

from __future__ import annotations

import reprlib
from dataclasses import dataclass

from ..i18n import _
from ..words import cell_name, watch_text

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
    """The learner's function was called: `call` numbers calls from 0 in the order they began.
    `cached`: the function is wrapped in a cache (`functools.cache`, `lru_cache`), so a call
    it answers from the cache is no call at all, and its count is handed back all the same."""

    call: int
    depth: int
    name: str
    args: tuple[tuple[str, str], ...]  # (parameter, short repr of its value)
    line: int
    cached: bool = False


@dataclass(frozen=True, slots=True)
class Return:
    """A call ended: with `value` (a short repr), or by raising the exception named `raised`.

    `truthy` says whether the value is something rather than nothing (False, 0, None, an empty
    container), judged without calling the value's own `bool()` (a numpy array's raises);
    `number` that it is a bool or a number (a verdict or a count); `given` that it is an object
    the call was handed (an argument, the list of answers): passed on, not found here; `handed`
    the child call whose returned object this very object is, if any.
    """

    call: int
    depth: int
    value: str
    truthy: bool
    line: int
    raised: str | None = None
    number: bool = False
    given: bool = False
    handed: int | None = None


@dataclass(frozen=True, slots=True)
class Write:
    """A cell of the watched board changed from `old` to `new`. `erase`: the un-choose, a blank
    ('.', '0', '#', '') written back in a cell that began blank, or a word grid's letter
    written back; `mark`: a blank written over a letter (a word search's visited '#'), and
    that letter written back; neither is a digit or a queen placed."""

    row: int
    col: int
    old: object
    new: object
    depth: int
    line: int
    erase: bool = False
    mark: bool = False


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
    """The learner's loop took a `continue` or `break` (`how`): a branch not explored. `choice`
    is what its loop's names held then (`d = '4'`), or "" for a loop that binds none."""

    how: str
    depth: int
    line: int
    choice: str


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


@dataclass(frozen=True, slots=True)
class Count:
    """A counter the learner's calls share grew: an int (`nonlocal count`, a global, an
    attribute of `self`) now holds `value`, or a set (`found.add(...)`) now holds `value` items."""

    name: str
    value: str
    depth: int
    line: int
    grew: int = 1  # by how much (a loop at the last level may count several answers at once)


Step = Count | Call | Return | Write | Append | Pop | Replace | Prune | Stop | Yield | Resume


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
        case Write(row, col, old, new, _, line, True, True):
            return watch_text("letter back", line=line, new=new, cell=cell_name(row, col))
        case Write(row, col, old, new, _, line, False, True):
            return watch_text("mark", line=line, new=new, old=old, cell=cell_name(row, col))
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
        case Prune(how, _, line, ""):
            return watch_text("prune", line=line, how=how)
        case Prune("break", _, line, choice):
            return watch_text("break at", line=line, choice=choice)
        case Prune(_, _, line, choice):
            return watch_text("continue at", line=line, choice=choice)
        case Stop(why, _, _):
            return why
        case Count(name, value, _, line, _):
            return watch_text("count", line=line, name=name, value=value)
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
    """repr cut to a line: a board shows as "board 9x9" rather than 81 cells, an object without
    a repr of its own by its class's name (no address); a value that cannot be shown (its
    `__repr__` or `__len__` raises) is named by its type."""
    try:
        if is_board(value):
            return f"board {len(value)}x{len(value)}"  # type: ignore[arg-type]
        if type(value).__repr__ is object.__repr__:  # <__main__.Solution object at 0x...>
            return type(value).__name__
        return _short.repr(value)
    except Exception:
        return _("<a {kind} that cannot be shown>").format(kind=type(value).__name__)


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


def is_grid(value: object) -> bool:
    """A board, or any rectangular list of lists of one-character strings at least 2x2 (a word
    search's letters): what `watch` follows cell by cell when it is passed in."""
    return is_board(value) or (
        type(value) is list
        and len(value) > 1
        and all(type(row) is list for row in value)
        and len({list.__len__(row) for row in value}) == 1
        and list.__len__(value[0]) > 1
        and all(isinstance(cell, str) and len(cell) <= 1 for row in value for cell in row)
    )
