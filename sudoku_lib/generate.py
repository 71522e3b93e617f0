"""Puzzle generation: a random full grid, then clues taken away while the solution stays unique.

1. A random solution: each box on the main diagonal gets a random permutation of the digits
   (they share no row, column or box), and the fast solver completes the grid.
2. Removal: visit the cells in a random order and blank each one unless that would let a second
   solution in (`count_solutions(puzzle, limit=2)`), stopping at the number of clues asked for.
A greedy pass ends at a puzzle where no clue can go, usually somewhere in the low to mid twenties
on a 9x9 board. When it ends above the target, generation starts again from a new random grid,
drawn from the same seeded generator, so `generate(clues, seed)` is always the same puzzle.

Bounded like every search: at most `attempts` random grids (ATTEMPTS by default), then GaveUp.
On a 16x16 board every uniqueness check costs far more, and below about 110 clues the checks
start to search in earnest (one attempt then takes minutes), so generate asks for at least
FEWEST_CLUES there: a count one attempt reaches in seconds.
"""

from __future__ import annotations

import random
from types import MappingProxyType

from .arguments import choice_among, whole_number
from .board import BLANK, SIZES, SYMBOLS, Board, flatten, geometry
from .errors import ArgumentError, GaveUp
from .i18n import _
from .search import count_solutions, solve

MIN_CLUES = MappingProxyType({4: 4, 9: 17, 16: 55})
"""Fewer clues than this cannot give a unique solution (for 9x9, proved in 2012; else a floor)."""
FEWEST_CLUES = MappingProxyType({4: 4, 9: 17, 16: 120})
"""The fewest clues generate asks for: MIN_CLUES, except on 16x16, where one attempt reaches
120 clues in seconds (measured: 6-10 s under load) and far fewer would take minutes or hours."""
DEFAULT_CLUES = MappingProxyType({4: 6, 9: 25, 16: 150})
"""The clues of a puzzle when none are asked for."""
ATTEMPTS = MappingProxyType({4: 200, 9: 200, 16: 3})
"""Random grids tried, by default, before giving up on reaching the number of clues asked for."""
GRID_DRAWS = 100
"""Fillings of the diagonal boxes tried for one full grid (on 4x4 some cannot be completed)."""


def generate(
    clues: int | None = None, seed: int = 0, size: int = 9, attempts: int | None = None
) -> str:
    """A puzzle with exactly `clues` givens and one solution, the same one for the same seed.

    Returned as one line of size*size characters, "." for a blank. `clues` defaults to
    DEFAULT_CLUES for the size (25 on 9x9). Raises ArgumentError for a count that is impossible
    (or, on 16x16, too slow to reach), and GaveUp when `attempts` random grids (default ATTEMPTS)
    all stopped above it, as very low counts do.
    """
    size = choice_among("size", size, SIZES)
    wanted = DEFAULT_CLUES[size] if clues is None else _checked_clues(clues, size)
    rng = random.Random(whole_number("seed", seed))
    tries = ATTEMPTS[size] if attempts is None else whole_number("attempts", attempts, minimum=1)
    geo = geometry(size)
    for _attempt in range(tries):
        board = remove_clues(random_solution(geo.size, geo.box, rng), wanted, rng)
        if sum(cell != BLANK for row in board for cell in row) == wanted:
            return flatten(board)
    raise GaveUp(
        _(
            "no {wanted}-clue puzzle found from {tries} random grids (seed {seed}): the removal "
            "stopped above {wanted} clues every time; ask for more clues, or pass a larger "
            "attempts (say attempts={more}) to try more grids"
        ).format(wanted=wanted, tries=tries, seed=seed, more=10 * tries),
        "attempts",
        tries,
    )


def _checked_clues(clues: object, size: int) -> int:
    """The clue count, once it is a whole number a size x size puzzle can have (and, on 16x16,
    one that generation reaches in seconds)."""
    try:
        return whole_number("clues", clues, minimum=FEWEST_CLUES[size], maximum=size * size)
    except ArgumentError as error:
        why = ""
        if FEWEST_CLUES[size] > MIN_CLUES[size]:
            why = _(
                " (fewer take minutes to hours: every uniqueness check then searches in earnest)"
            )
        message = _("for a {size}x{size} board, {error}").format(size=size, error=error)
        raise ArgumentError(message + why, "clues") from None


def random_solution(size: int, box: int, rng: random.Random) -> Board:
    """A full valid grid: random digits in the diagonal boxes, the rest filled by the solver.

    The diagonal boxes share no row, column or box, so they never clash; on a 4x4 board some
    fillings still cannot be completed, and then the boxes are drawn again (GRID_DRAWS times).
    """
    for _draw in range(GRID_DRAWS):
        board = [[BLANK] * size for _ in range(size)]
        for b in range(box):
            digits = rng.sample(SYMBOLS[:size], size)
            for i, digit in enumerate(digits):
                board[b * box + i // box][b * box + i % box] = digit
        solution = solve(board).solution
        if solution is not None:
            return solution
    message = _("no full {size}x{size} grid from {draws} draws").format(size=size, draws=GRID_DRAWS)
    raise GaveUp(message, "GRID_DRAWS", GRID_DRAWS)


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
