"""Classic constraint propagation, in the style of Norvig's essay "Solving Every Sudoku Puzzle".

Each cell holds the string of digits still possible there ("1379"). Two rules do most of the work:
- assigning a digit to a cell eliminates every other digit from it;
- eliminating a digit from a cell may leave it one digit (a naked single: eliminate that digit from
  every peer) or leave a unit with one place for the digit (a hidden single: assign it there).
When the rules run dry, search: take the unsolved cell with the fewest digits, and for each of them
assign it in a *copy* of the state and recurse. A failed branch is simply thrown away, so there is
nothing to undo. This is the course's yardstick: the benchmark measures every method against it.
"""

from __future__ import annotations

from functools import cache

from ..board import Board, Digit, geometry, geometry_of
from ..i18n import _
from .tracker import Tracker

Values = list[str]  # candidates of each cell, indexed by r * size + c


class Layout:
    """The units and peers of every cell, as flat cell indices (cheaper to copy and index).

    Tuples, since one layout per size is shared by every search in the process.
    """

    def __init__(self, size: int) -> None:
        geo = geometry(size)
        self.size = size
        self.digits = "".join(geo.digits)
        units = [tuple(r * size + c for r, c in unit) for unit in geo.units]
        cells = range(size * size)
        self.units = tuple(tuple(u for u in units if s in u) for s in cells)
        self.peers = tuple(
            tuple(sorted(r * size + c for r, c in geo.peers[divmod(s, size)])) for s in cells
        )


@cache
def layout(size: int) -> Layout:
    """The (cached) layout of one board size."""
    return Layout(size)


def classic_search(board: Board, track: Tracker) -> bool:
    """Fill `board` in place by propagation and search; True when the tracker has what it wants."""
    geo = geometry_of(board)
    lay = layout(geo.size)
    values = [lay.digits] * (geo.size * geo.size)
    for s, digit in enumerate(d for row in board for d in row):
        if digit in lay.digits and not assign(lay, values, s, digit):
            return False  # the givens contradict each other two or more steps away
    return search(lay, values, board, track, 0)


def assign(lay: Layout, values: Values, s: int, digit: Digit) -> bool:
    """Make `digit` the value of cell s by eliminating all the others; False on a contradiction."""
    return all(eliminate(lay, values, s, other) for other in values[s] if other != digit)


def eliminate(lay: Layout, values: Values, s: int, digit: Digit) -> bool:
    """Remove `digit` from cell s and follow the consequences; False on a contradiction."""
    if digit not in values[s]:
        return True
    left = values[s] = values[s].replace(digit, "")
    if not left:
        return False  # no digit fits this cell
    if len(left) == 1 and not all(eliminate(lay, values, t, left) for t in lay.peers[s]):
        return False  # naked single: its digit leaves every peer
    for unit in lay.units[s]:
        places = [t for t in unit if digit in values[t]]
        if not places:
            return False  # no place left for the digit in this unit
        if len(places) == 1 and not assign(lay, values, places[0], digit):
            return False  # hidden single: the one place left must take it
    return True


def search(lay: Layout, values: Values, board: Board, track: Tracker, depth: int) -> bool:
    """Branch on the unsolved cell with the fewest candidates, one copy of the state per digit."""
    unsolved = [s for s, v in enumerate(values) if len(v) > 1]
    if not unsolved:
        size = lay.size
        for s, v in enumerate(values):
            board[s // size][s % size] = v
        return track.solved(board, depth)
    s = min(unsolved, key=lambda t: len(values[t]))
    r, c = divmod(s, lay.size)
    for digit in values[s]:
        track.tried(r, c, digit, depth)
        branch = values[:]
        if assign(lay, branch, s, digit) and search(lay, branch, board, track, depth + 1):
            return True
        track.undone(r, c, digit, depth)
    track.dead_end(r, c, depth, _("no digit fits"))
    return False
