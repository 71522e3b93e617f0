"""Self-checks for notebook 02 (valid sudoku): a row, a whole board, and a clashing pair."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ..board import copy_board, geometry, parse
from ..puzzles import SAMPLE, SAMPLE_INVALID
from ..search import solve
from ..validate import find_conflicts, is_valid_sudoku
from .core import Case, Report, check_cases

SMALL_4X4 = "......34.12...4."  # a 4x4 puzzle the checks build their 4x4 cases on
ROWS = {
    "a row with blanks": list("53..7...."),
    "a full row": list("534678912"),
    "two 5s": list("5...5...."),
    "two 9s at the ends": list("9.......9"),
    "an empty row": list("........."),
}


def sample_boards() -> dict[str, list[list[str]]]:
    """Boards with one kind of clash each, made from the sample so a learner can picture them."""
    solution = solve(SAMPLE).solution
    row_clash = parse(SAMPLE)
    row_clash[0][2] = "7"  # 7 already at row 1, column 5
    column_clash = parse(SAMPLE)
    column_clash[8][0] = "5"  # 5 already at row 1, column 1
    box_clash = parse(SAMPLE)
    box_clash[1][1] = "8"  # 8 already at row 3, column 3: same box, other row and column
    broken_solution = copy_board(solution)
    broken_solution[4][4] = broken_solution[4][5]
    return {
        "the sample board": parse(SAMPLE),
        "the sample with its top-left 5 changed to 8": parse(SAMPLE_INVALID),
        "a clash in a row": row_clash,
        "a clash in a column": column_clash,
        "a clash in a box only": box_clash,
        "the solved sample": solution,
        "a solution with one cell changed": broken_solution,
        "an empty board": parse("." * 81),
    }


def check_is_valid_row(function: Callable[[list[str]], bool]) -> Report:
    """`function(row)` must say whether a row of 9 cells repeats no digit."""
    cases = [
        Case(name, (row,), is_valid_sudoku([row] + [["."] * 9 for _ in range(8)]))
        for name, row in ROWS.items()
    ]
    return check_cases("is_valid_row", function, cases)


def other_sizes() -> dict[str, list[list[str]]]:
    """4x4 and 16x16 boards, valid and not, for a validator that works at any size."""
    small = parse(SMALL_4X4)
    small_clash = parse(SMALL_4X4)
    small_clash[0][3] = "3"  # 3 already at row 2, column 3: same box, other row and column
    big = latin_sixteen()
    big_clash = copy_board(big)
    big_clash[15][15] = big_clash[0][15]
    return {
        "a 4x4 puzzle": small,
        "a 4x4 board with a clash in a box": small_clash,
        "a full 16x16 board": big,
        "a full 16x16 board with one cell changed": big_clash,
    }


def latin_sixteen() -> list[list[str]]:
    """A full valid 16x16 board: each row is the digits shifted, by a band-and-stack rule."""
    digits = geometry(16).digits
    shifts = [4 * (r % 4) + r // 4 for r in range(16)]
    return [list(digits[s:] + digits[:s]) for s in shifts]


def check_is_valid_board(function: Callable[[list[list[str]]], bool]) -> Report:
    """`function(board)` must agree with the library's is_valid_sudoku at sizes 9, 4 and 16."""
    boards = sample_boards() | other_sizes()
    cases = [Case(name, (board,), is_valid_sudoku(board)) for name, board in boards.items()]
    return check_cases("is_valid_board", function, cases)


def clashing_pairs(board: list[list[str]]) -> set[frozenset[tuple[int, int]]]:
    """Every pair of cells that hold the same digit in one unit."""
    return {
        frozenset(pair)
        for conflict in find_conflicts(board)
        for pair in itertools.combinations(conflict.cells, 2)
    }


def check_find_clash(function: Callable[[list[list[str]]], object]) -> Report:
    """`function(board)` must return two cells that clash, or None on a valid board."""
    cases = [Case(name, (board,), clashing_pairs(board)) for name, board in sample_boards().items()]

    def same(got: object, pairs: set[frozenset[tuple[int, int]]]) -> bool:
        if got is None or not pairs:
            return got is None and not pairs
        return isinstance(got, tuple | list) and frozenset(map(tuple, got)) in pairs

    def show(value: object) -> str:
        if isinstance(value, set):
            return (
                "None"
                if not value
                else "one of " + ", ".join(sorted(str(tuple(sorted(p))) for p in value))
            )
        return repr(value)

    return check_cases("find_clash", function, cases, same=same, show=show)
