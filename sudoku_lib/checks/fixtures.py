"""The boards the checks of notebooks 02 and 03 try a learner's code on, in one place.

Each is named the way a learner would picture it ("a clash in a box only"), and tests check that
every name tells the truth about its board. The 4x4 and 16x16 boards are there to catch code with
9 and 3 written in; `size_fixed_at_nine`, the one recogniser both notebooks share, names it.
"""

from __future__ import annotations

from ..board import Board, copy_board, geometry, parse
from ..i18n import N_
from ..puzzles import SAMPLE, SAMPLE_INVALID
from ..search import solve
from ..words import check_text
from .core import Attempt

SMALL_4X4 = "......34.12...4."  # a 4x4 puzzle with one solution
DIGITS = "123456789ABCDEFG"  # the digits of a 16x16 board; a smaller board uses the first ones


def latin_sixteen() -> Board:
    """A full valid 16x16 board: each row is the digits shifted, by a band-and-stack rule."""
    digits = geometry(16).digits
    shifts = [4 * (r % 4) + r // 4 for r in range(16)]
    return [list(digits[s:] + digits[:s]) for s in shifts]


def sample_boards() -> dict[str, Board]:
    """9x9 boards with one kind of clash each, made from the sample so a learner can picture it."""
    solution = solve(SAMPLE).solution
    assert solution is not None
    row_clash = parse(SAMPLE)
    row_clash[0][2] = "7"  # 7 already at row 1, column 5
    column_clash = parse(SAMPLE)
    column_clash[8][0] = "5"  # 5 already at row 1, column 1
    box_clash = parse(SAMPLE)
    box_clash[1][1] = "8"  # 8 already at row 3, column 3: same box, other row and column
    broken_solution = copy_board(solution)
    broken_solution[4][4] = broken_solution[4][5]
    return {
        N_("the sample board"): parse(SAMPLE),
        N_("the sample with its top-left 5 changed to 8"): parse(SAMPLE_INVALID),
        N_("a clash in a row"): row_clash,
        N_("a clash in a column"): column_clash,
        N_("a clash in a box only"): box_clash,
        N_("the solved sample"): solution,
        N_("a solution with one cell changed"): broken_solution,
        N_("an empty board"): parse("." * 81),
    }


def other_sizes() -> dict[str, Board]:
    """4x4 and 16x16 boards, valid and not, for code that must work at any size."""
    small = parse(SMALL_4X4)
    small_clash = parse(SMALL_4X4)
    small_clash[0][3] = "3"  # 3 already at row 2, column 3: same box, other row and column
    big = latin_sixteen()
    big_clash = copy_board(big)
    big_clash[15][15] = big_clash[0][15]
    return {
        N_("a 4x4 puzzle"): small,
        N_("a 4x4 board with a clash in a box"): small_clash,
        N_("a full 16x16 board"): big,
        N_("a full 16x16 board with one cell changed"): big_clash,
    }


def sixteen_with_a_hole() -> Board:
    """A full 16x16 board with one cell (row 6, column 10) blanked: only its own digit fits."""
    board = latin_sixteen()
    board[5][9] = "."
    return board


def solver_puzzles() -> dict[str, object]:
    """Puzzles the plain search solves in a blink, at all three sizes."""
    sixteen = latin_sixteen()
    for r, c in [(0, 0), (3, 7), (5, 9), (9, 2), (12, 12), (15, 15), (15, 14), (14, 15)]:
        sixteen[r][c] = "."
    return {
        N_("the sample board"): SAMPLE,
        N_("a 4x4 puzzle"): SMALL_4X4,
        N_("a 16x16 board with 8 blanks"): sixteen,
    }


NO_SOLUTION_4X4 = ".........23...14"  # valid, yet the naive search places 83 digits to find no way
COUNT_PUZZLES = {
    N_("a 4x4 puzzle with one solution"): SMALL_4X4,
    N_("a 4x4 puzzle with two solutions"): "34121......3....",
    N_("a 4x4 puzzle with no solution"): NO_SOLUTION_4X4,
    N_("an empty 4x4 board"): "." * 16,
    N_("the sample board"): SAMPLE,
}


def size_fixed_at_nine(attempt: Attempt) -> str | None:
    """A wrong answer or an IndexError only on a board that is not 9x9: 9 and 3 written in the
    code. The board is the case's first argument."""
    size = len(attempt.case.args[0])
    return check_text("size fixed", size=size, box=geometry(size).box) if size != 9 else None
