"""N-Queens with the same template as the Sudoku solver: choose, explore, un-choose.

Place one queen a row, top to bottom; in each row try the columns left to right; keep a queen
when no earlier queen shares its column or a diagonal; recurse; take it back if the rest fails.
A solution is a list `queens` where queens[r] is the column of the queen in row r.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import _


@dataclass
class QueensResult:
    """What the search found: the first solution, how many it counted, and the queens it placed."""

    n: int
    first: list[int] | None = None
    solutions: int = 0
    nodes: int = 0  # queens placed by a choice of the search, like Sudoku's digits placed
    stop_after: int | None = field(default=None, repr=False)


def is_safe(queens: list[int], col: int) -> bool:
    """Can the next row's queen go in `col`? No earlier queen in its column or on its diagonals."""
    row = len(queens)
    return all(c != col and abs(c - col) != row - r for r, c in enumerate(queens))


def place_queens(n: int, queens: list[int], found: QueensResult) -> bool:
    """Fill rows len(queens)..n-1; True once `found` has as many solutions as it wants."""
    if len(queens) == n:
        found.solutions += 1
        if found.first is None:
            found.first = queens[:]
        return found.stop_after is not None and found.solutions >= found.stop_after
    for col in range(n):
        if is_safe(queens, col):
            queens.append(col)  # choose
            found.nodes += 1
            if place_queens(n, queens, found):  # explore
                return True
            queens.pop()  # un-choose
    return False


def solve_queens(n: int, stop_after: int | None = None) -> QueensResult:
    """Search an n x n board: every solution (the default), or stop after `stop_after` of them."""
    if n < 1:
        raise ValueError(_("n must be at least 1, not {n}").format(n=n))
    found = QueensResult(n, stop_after=stop_after)
    place_queens(n, [], found)
    return found


def first_queens(n: int) -> list[int] | None:
    """The first solution in search order (the smallest column list), or None when there is none."""
    return solve_queens(n, stop_after=1).first


def count_queens(n: int) -> int:
    """How many ways n queens fit on an n x n board with no two attacking: 92 for n = 8."""
    return solve_queens(n).solutions


def queens_text(queens: list[int]) -> str:
    """A solution as rows of text, "Q" for a queen and "." for an empty square."""
    n = len(queens)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in queens)
