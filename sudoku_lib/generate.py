"""Puzzle generation: a random full grid, then clues taken away while the solution stays unique.

1. A random solution: each box on the main diagonal gets a random permutation of the digits
   (they share no row, column or box), and the fast solver completes the grid.
2. Removal: visit the cells in a random order and blank each one unless that would let a second
   solution in (`count_solutions(puzzle, limit=2)`), stopping at the number of clues asked for.
A greedy pass ends at a puzzle where no clue can go, usually somewhere in the low to mid twenties
on a 9x9 board. When it ends above the target, generation starts again from a new random grid,
drawn from the same seeded generator, so `generate(clues, seed)` is always the same puzzle.
"""

from __future__ import annotations

import random

from .board import BLANK, SYMBOLS, Board, flatten, geometry
from .errors import SudokuError
from .search import count_solutions, solve

MIN_CLUES = {4: 4, 9: 17, 16: 55}
"""Fewer clues than this cannot give a unique solution (for 9x9, proved in 2012; else a floor)."""
ATTEMPTS = 200
"""Random grids tried before giving up on reaching the number of clues asked for."""


def generate(clues: int = 25, seed: int = 0, size: int = 9) -> str:
    """A puzzle with exactly `clues` givens and one solution, the same one for the same seed.

    Returned as one line of size*size characters, "." for a blank. Raises SudokuError when the
    count is impossible, or when ATTEMPTS random grids all stopped above it (very low counts).
    """
    geo = geometry(size)
    cells = size * size
    if not MIN_CLUES[size] <= clues <= cells:
        raise SudokuError(
            f"clues must be between {MIN_CLUES[size]} and {cells} for a {size}x{size} board, "
            f"not {clues}"
        )
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        board = remove_clues(random_solution(geo.size, geo.box, rng), clues, rng)
        if sum(cell != BLANK for row in board for cell in row) == clues:
            return flatten(board)
    raise SudokuError(f"no {clues}-clue puzzle found from {ATTEMPTS} random grids (seed {seed})")


def random_solution(size: int, box: int, rng: random.Random) -> Board:
    """A full valid grid: random digits in the diagonal boxes, the rest filled by the solver.

    The diagonal boxes share no row, column or box, so they never clash; on a 4x4 board some
    fillings still cannot be completed, and then the boxes are drawn again.
    """
    while True:
        board = [[BLANK] * size for _ in range(size)]
        for b in range(box):
            digits = rng.sample(SYMBOLS[:size], size)
            for i, digit in enumerate(digits):
                board[b * box + i // box][b * box + i % box] = digit
        solution = solve(board).solution
        if solution is not None:
            return solution


def remove_clues(board: Board, clues: int, rng: random.Random) -> Board:
    """Blank cells in a random order while the solution stays unique, down to `clues` givens."""
    size = len(board)
    order = [(r, c) for r in range(size) for c in range(size)]
    rng.shuffle(order)
    left = size * size
    for r, c in order:
        if left == clues:
            break
        digit = board[r][c]
        board[r][c] = BLANK
        if count_solutions(board, limit=2) == 1:
            left -= 1
        else:
            board[r][c] = digit
    return board
