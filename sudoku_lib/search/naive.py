"""The classic backtracking solver ("Sudoku Solver"), exactly as the textbook writes it.

Take the empty cells in reading order; in each, try the digits in ascending order; keep a digit
when no other cell of its row, column or box holds it; recurse; undo the digit if the rest fails.
The only addition is a call to the tracker wherever a learner should see something happen.
"""

from __future__ import annotations

from ..board import BLANK, Board, Cell, Digit, empty_cells, geometry_of
from ..i18n import _
from .tracker import Tracker

BOX_SIDE = {4: 2, 9: 3, 16: 4}
"""A board's box side by its size."""


def is_valid(board: Board, r: int, c: int, digit: Digit) -> bool:
    """Can `digit` go at (r, c)? Scan its row, its column and its box for the same digit.

    The 27 cells are the textbook's; `in` on a row (or a row's slice of the box) scans it in
    one step of Python rather than one a cell, which is what lets notebooks 04 to 06 run the
    naive search for a hundred thousand nodes in a second or two. The box's rows are a plain
    loop, like the column: all() over a generator made the whole search 17% slower.
    """
    if digit in board[r]:
        return False
    for row in board:
        if row[c] == digit:
            return False
    box = BOX_SIDE[len(board)]
    top, left = box * (r // box), box * (c // box)
    for row in board[top : top + box]:  # noqa: SIM110 (see the docstring)
        if digit in row[left : left + box]:
            return False
    return True


def naive_search(board: Board, track: Tracker) -> bool:
    """Fill `board` in place by plain backtracking; True when the tracker has what it wants."""
    return backtrack(board, empty_cells(board), 0, track)


def backtrack(board: Board, empties: list[Cell], i: int, track: Tracker) -> bool:
    """Fill empties[i:] (choose, explore, un-choose); i is also the depth of the recursion."""
    if i == len(empties):
        return track.solved(board, i)
    r, c = empties[i]
    for digit in geometry_of(board).digits:
        if is_valid(board, r, c, digit):
            board[r][c] = digit  # choose
            track.tried(r, c, digit, i)
            if backtrack(board, empties, i + 1, track):  # explore
                return True
            board[r][c] = BLANK  # un-choose
            track.undone(r, c, digit, i)
    track.dead_end(r, c, i, _("no digit fits"))
    return False
