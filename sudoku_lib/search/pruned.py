"""Backtracking with pruning: the same search, with each improvement a switch of its own.

The switches, in the order the course turns them on:
- `sets`: keep the digits of every row, column and box in a set, so a check is a lookup, not a scan;
- `fail_early`: back up as soon as any empty cell has no candidate left;
- `most_constrained`: fill the cell with the fewest candidates first, not the next in reading order;
- `naked_singles`: a cell with one candidate gets it at once;
- `hidden_singles`: a digit with one possible cell in a unit goes there at once.
With every switch off this is the naive search, step for step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import BLANK, Board, Cell, Digit, box_index, geometry_of
from ..i18n import _
from ..words import unit_number
from .naive import is_valid
from .tracker import Tracker

Candidates = dict[Cell, list[Digit]]


@dataclass(frozen=True)
class Pruning:
    """Which improvements are on. Every one is on unless a switch turns it off."""

    sets: bool = True
    fail_early: bool = True
    most_constrained: bool = True
    naked_singles: bool = True
    hidden_singles: bool = True


class State:
    """The board plus the digits each row, column and box already holds.

    `units` lists every unit with its kind and index: ("row", 0, cells) ... ("box", 8, cells).
    """

    def __init__(self, board: Board, pruning: Pruning) -> None:
        self.board = board
        self.pruning = pruning
        self.geo = geometry_of(board)
        size = self.geo.size
        self.rows: list[set[Digit]] = [set() for _ in range(size)]
        self.cols: list[set[Digit]] = [set() for _ in range(size)]
        self.boxes: list[set[Digit]] = [set() for _ in range(size)]
        geo = self.geo
        self.units = [
            (kind, index, unit)
            for kind, units in (("row", geo.rows), ("column", geo.columns), ("box", geo.boxes))
            for index, unit in enumerate(units)
        ]
        for r, row in enumerate(board):
            for c, digit in enumerate(row):
                if digit != BLANK:
                    self._mark(r, c, digit)

    def _mark(self, r: int, c: int, digit: Digit) -> None:
        self.rows[r].add(digit)
        self.cols[c].add(digit)
        self.boxes[box_index(r, c, self.geo.box)].add(digit)

    def place(self, r: int, c: int, digit: Digit) -> None:
        """Write a digit and note it in its row, column and box."""
        self.board[r][c] = digit
        self._mark(r, c, digit)

    def clear(self, r: int, c: int) -> Digit:
        """Erase a cell; return the digit it held."""
        digit = self.board[r][c]
        self.board[r][c] = BLANK
        self.rows[r].discard(digit)
        self.cols[c].discard(digit)
        self.boxes[box_index(r, c, self.geo.box)].discard(digit)
        return digit

    def candidates(self, r: int, c: int) -> list[Digit]:
        """The digits that fit at (r, c), ascending: set lookups, or a scan when `sets` is off."""
        if self.pruning.sets:
            used = self.rows[r] | self.cols[c] | self.boxes[box_index(r, c, self.geo.box)]
            return [d for d in self.geo.digits if d not in used]
        return [d for d in self.geo.digits if is_valid(self.board, r, c, d)]

    def empties(self) -> list[Cell]:
        """The empty cells in reading order."""
        return [cell for cell in self.geo.cells if self.board[cell[0]][cell[1]] == BLANK]

    def all_candidates(self) -> Candidates:
        """Candidates of every empty cell, in reading order."""
        return {(r, c): self.candidates(r, c) for r, c in self.empties()}


def candidates_of(board: Board) -> Candidates:
    """The candidates of every empty cell, as the pruned search with every idea on sees them."""
    return State(board, Pruning()).all_candidates()


def pruned_search(board: Board, track: Tracker, **switches: bool) -> bool:
    """Fill `board` in place with the chosen pruning; True when the tracker has what it wants."""
    return explore(State(board, Pruning(**switches)), track, 0)


def explore(state: State, track: Tracker, depth: int) -> bool:
    """Propagate, pick a cell, try its candidates, recurse, undo: one level of the search."""
    forced = propagate(state, track, depth)
    if forced is None:
        return False
    if explore_choices(state, track, depth):
        return True
    undo_forced(state, track, forced, depth)
    return False


def explore_choices(state: State, track: Tracker, depth: int) -> bool:
    """Choose a cell and try each of its candidates in turn (choose, explore, un-choose)."""
    cell = pick_cell(state, track, depth)
    if cell is None:
        return track.solved(state.board, depth)
    if cell is DEAD_END:
        return False
    r, c = cell
    for digit in state.candidates(r, c):
        state.place(r, c, digit)
        track.tried(r, c, digit, depth)
        if explore(state, track, depth + 1):
            return True
        state.clear(r, c)
        track.undone(r, c, digit, depth)
    track.dead_end(r, c, depth, _("no digit fits"))
    return False


DEAD_END: Cell = (-1, -1)


def pick_cell(state: State, track: Tracker, depth: int) -> Cell | None:
    """The next cell to fill (None when the board is full, DEAD_END when failing early)."""
    empties = state.empties()
    if not empties:
        return None
    pruning = state.pruning
    if not (pruning.fail_early or pruning.most_constrained):
        return empties[0]
    counts = {cell: len(state.candidates(*cell)) for cell in empties}
    stuck = next((cell for cell in empties if counts[cell] == 0), None)
    if stuck is not None and pruning.fail_early:
        track.dead_end(stuck[0], stuck[1], depth, _("no candidates"))
        return DEAD_END
    if pruning.most_constrained:
        return min(empties, key=counts.__getitem__)
    return empties[0]


def propagate(state: State, track: Tracker, depth: int) -> list[Cell] | None:
    """Place every naked and hidden single, again and again, until none is left.

    Returns the cells it filled, or None after a contradiction (its own digits then undone).
    """
    pruning = state.pruning
    filled: list[Cell] = []
    while pruning.naked_singles or pruning.hidden_singles:
        candidates = state.all_candidates()
        spots = unit_spots(state, candidates) if pruning.hidden_singles else []
        trouble = contradiction(state, candidates, spots)
        if trouble is not None:
            undo_forced(state, track, filled, depth)
            r, c, why = trouble
            track.dead_end(r, c, depth, why)
            return None
        singles = find_singles(state, candidates, spots)
        if not singles:
            break
        for (r, c), digit, unit in singles:
            if state.board[r][c] == BLANK and digit in state.candidates(r, c):
                state.place(r, c, digit)
                track.forced(r, c, digit, depth, unit)
                filled.append((r, c))
    return filled


Spots = list[dict[Digit, list[Cell]]]


def unit_spots(state: State, candidates: Candidates) -> Spots:
    """For each unit, in the order of `state.units` (rows, columns, boxes): the cells where each
    digit may still go, {digit: cells}. Worked out once a round, for both the contradiction check
    and the hidden singles to read.

    Each empty cell adds its digits to its row, its column and its box. The candidates come in
    reading order, which is also the order of the cells within every unit, so each unit lists
    its cells, and meets its digits, as a walk through the unit itself would."""
    size, box = state.geo.size, state.geo.box
    every_unit: Spots = [{} for _ in state.units]
    for cell, digits in candidates.items():
        r, c = cell
        row, column = every_unit[r], every_unit[size + c]
        square = every_unit[2 * size + box_index(r, c, box)]
        for digit in digits:
            row.setdefault(digit, []).append(cell)
            column.setdefault(digit, []).append(cell)
            square.setdefault(digit, []).append(cell)
    return every_unit


def contradiction(
    state: State, candidates: Candidates, spots: Spots
) -> tuple[int | None, int | None, str] | None:
    """A cell with no candidate, or (with hidden singles on) a digit with no place in a unit
    (`spots`: see `unit_spots`)."""
    for (r, c), digits in candidates.items():
        if not digits:
            return r, c, _("no candidates")
    if state.pruning.hidden_singles:
        held = state.rows + state.cols + state.boxes  # each unit's digits, as `units` orders them
        for (kind, index, _unit), placed, possible in zip(state.units, held, spots, strict=True):
            for digit in state.geo.digits:
                if digit not in placed and digit not in possible:
                    where = unit_number(kind, index)
                    return (
                        None,
                        None,
                        _("no place for {digit} in {unit}").format(digit=digit, unit=where),
                    )
    return None


Single = tuple[Cell, Digit, tuple[str, int] | None]


def find_singles(state: State, candidates: Candidates, spots: Spots) -> list[Single]:
    """Naked singles (one digit fits a cell), then hidden singles (one cell for a digit;
    `spots`: see `unit_spots`)."""
    singles: list[Single] = []
    if state.pruning.naked_singles:
        singles += [
            (cell, digits[0], None) for cell, digits in candidates.items() if len(digits) == 1
        ]
    if state.pruning.hidden_singles:
        for (kind, index, _unit), unit_spots in zip(state.units, spots, strict=True):
            singles += [
                (cells[0], d, (kind, index)) for d, cells in unit_spots.items() if len(cells) == 1
            ]
    return singles


def undo_forced(state: State, track: Tracker, filled: list[Cell], depth: int) -> None:
    """Take back, newest first, the digits propagation placed at this level."""
    for r, c in reversed(filled):
        digit = state.clear(r, c)
        track.undone(r, c, digit, depth, forced=True)
