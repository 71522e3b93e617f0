"""What a teaching search reports, one small frozen record per step.

The stepper replays these on a board, the counters count them, and a learner reads them as
captions. They hold positions and digits only, never board copies, so a long search stays small.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Digit
from ..words import cell_in_unit, unit_name
from ..words import cell_name as where


@dataclass(frozen=True, slots=True)
class Try:
    """The search chose `digit` for the cell at (row, col): a new node of the search tree."""

    row: int
    col: int
    digit: Digit
    depth: int


@dataclass(frozen=True, slots=True)
class Forced:
    """Propagation placed `digit` at (row, col) with no choice.

    `unit` is None for a naked single (no other digit fits the cell), or ("row", 2) and the like
    for a hidden single (no other cell of that unit can take the digit).
    """

    row: int
    col: int
    digit: Digit
    depth: int
    unit: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """The digit at (row, col) is taken back; `forced` tells a propagated digit from a tried one."""

    row: int
    col: int
    digit: Digit
    depth: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """Nothing works here, so the search backs up; `row`, `col`: the stuck cell, if any."""

    row: int | None
    col: int | None
    depth: int
    why: str


@dataclass(frozen=True, slots=True)
class Solved:
    """Every cell is filled and no rule is broken."""

    depth: int


Event = Try | Forced | Undo | DeadEnd | Solved


def caption(event: Event, size: int = 9) -> str:
    """The event as a short sentence, for the stepper and for printed traces.

    `size` is the board's (4, 9 or 16): only a 9x9 board's boxes have names like "top-left".
    A hidden single names its unit first and then the one place left in it, as a person says
    it: "in row 3, 5 fits only in column 7".
    """
    match event:
        case Try(row, col, digit, _):
            return f"try {digit} in {where(row, col)}"
        case Forced(row, col, digit, _, None):
            return f"only {digit} fits in {where(row, col)}"
        case Forced(row, col, digit, _, (kind, index)):
            unit = unit_name(kind, index, size)
            return f"in {unit}, {digit} fits only in {cell_in_unit(row, col, kind)}"
        case Undo(row, col, digit, _, forced):
            kind = "forced " if forced else ""
            return f"take back the {kind}{digit} in {where(row, col)}"
        case DeadEnd(row, col, _, why) if row is not None and col is not None:
            return f"{where(row, col)}: {why}, so back up"
        case DeadEnd(_, _, _, why):
            return f"{why}, so back up"
        case Solved():
            return "solved: every cell is filled"
    raise TypeError(f"not a search event: {event!r}")
