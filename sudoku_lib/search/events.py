"""What a teaching search reports, one small frozen record per step.

The stepper replays these on a board, the counters count them, and a learner reads them as
captions. They hold positions and digits only, never board copies, so a long search stays small.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Digit
from ..i18n import _
from ..words import cell_in_unit, event_kind, unit_name
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


def event_name(event: Event) -> str:
    """The kind of `event` as a learner reads it: in English its class's name ("Try", as
    `type(event).__name__` gives it), in Chinese its Chinese name ("尝试")."""
    return event_kind(type(event).__name__)


def caption(event: Event, size: int = 9) -> str:
    """The event as a short sentence, for the stepper and for printed traces.

    `size` is the board's (4, 9 or 16): only a 9x9 board's boxes have names like "top-left".
    A hidden single names its unit first and then the one place left in it, as a person says
    it: "in row 3, 5 fits only in column 7".
    """
    match event:
        case Try(row, col, digit, _depth):
            return _("try {digit} in {cell}").format(digit=digit, cell=where(row, col))
        case Forced(row, col, digit, _depth, None):
            return _("only {digit} fits in {cell}").format(digit=digit, cell=where(row, col))
        case Forced(row, col, digit, _depth, (kind, index)):
            return _("in {unit}, {digit} fits only in {place}").format(
                unit=unit_name(kind, index, size),
                digit=digit,
                place=cell_in_unit(row, col, kind),
            )
        case Undo(row, col, digit, _depth, forced):
            undo = (
                _("take back the forced {digit} in {cell}")
                if forced
                else _("take back the {digit} in {cell}")
            )
            return undo.format(digit=digit, cell=where(row, col))
        case DeadEnd(row, col, _depth, why) if row is not None and col is not None:
            return _("{cell}: {why}, so back up").format(cell=where(row, col), why=why)
        case DeadEnd(_row, _col, _depth, why):
            return _("{why}, so back up").format(why=why)
        case Solved():
            return _("solved: every cell is filled")
    raise TypeError(f"not a search event: {event!r}")
