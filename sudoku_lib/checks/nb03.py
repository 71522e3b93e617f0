"""Self-checks for notebook 03 (backtracking): the rule check and the counting solver at any size,
counting every solution with the same template, and counting N-Queens."""

from __future__ import annotations

from collections.abc import Callable

from ..board import parse
from ..puzzles import SAMPLE
from ..queens import count_queens
from ..search import count_solutions, solve
from ..search.naive import is_valid
from .core import Case, Report, check_cases
from .nb02 import SMALL_4X4, latin_sixteen

IS_VALID_CASES = {  # on the sample board; each name says where the digit already is, if anywhere
    "1 at row 1, column 3 (fits)": (0, 2, "1"),
    "7 at row 1, column 3 (a 7 is in the row)": (0, 2, "7"),
    "4 at row 1, column 4 (a 4 is in the column)": (0, 3, "4"),
    "6 at row 1, column 3 (a 6 is in the box only)": (0, 2, "6"),
    "5 at row 1, column 3 (a 5 is in the row and the box)": (0, 2, "5"),
    "5 at row 9, column 7 (a 5 is in the box only)": (8, 6, "5"),
    "4 at row 9, column 7 (fits)": (8, 6, "4"),
}
SMALL_CASES = {  # on the 4x4 puzzle SMALL_4X4
    "4x4: 1 at row 1, column 1 (fits)": (0, 0, "1"),
    "4x4: 1 at row 1, column 2 (a 1 is in the column)": (0, 1, "1"),
    "4x4: 3 at row 1, column 4 (a 3 is in the box only)": (0, 3, "3"),
}


def sixteen_with_a_hole() -> list[list[str]]:
    """A full 16x16 board with one cell blanked: only its own digit fits there."""
    board = latin_sixteen()
    board[5][9] = "."
    return board


def check_is_valid(function: Callable[[list[list[str]], int, int, str], bool]) -> Report:
    """`function(board, r, c, d)` must say whether digit d may go at (r, c), at any board size."""
    sample, small, big = parse(SAMPLE), parse(SMALL_4X4), sixteen_with_a_hole()
    missing = latin_sixteen()[5][9]
    wrong = next(d for d in "123456789ABCDEFG" if d != missing)
    placed = [(sample, name, move) for name, move in IS_VALID_CASES.items()]
    placed += [(small, name, move) for name, move in SMALL_CASES.items()]
    placed += [
        (big, f"16x16: {missing} at row 6, column 10 (fits)", (5, 9, missing)),
        (big, f"16x16: {wrong} at row 6, column 10 (already there)", (5, 9, wrong)),
    ]
    cases = [
        Case(name, (board, r, c, d), is_valid(board, r, c, d)) for board, name, (r, c, d) in placed
    ]
    return check_cases("is_valid", function, cases)


def solver_puzzles() -> dict[str, object]:
    """Boards the plain search solves in a blink, at all three sizes."""
    sixteen = latin_sixteen()
    for r, c in [(0, 0), (3, 7), (5, 9), (9, 2), (12, 12), (15, 15), (15, 14), (14, 15)]:
        sixteen[r][c] = "."
    return {
        "the sample board": SAMPLE,
        "a 4x4 puzzle": SMALL_4X4,
        "a 16x16 board with 8 blanks": sixteen,
    }


def check_solve_counting(function: Callable[[list[list[str]]], int]) -> Report:
    """`function(board)` must fill the board in place and return how many digits it placed."""

    def run(board: list[list[str]]) -> tuple[int, list[list[str]]]:
        placed = function(board)
        return placed, board

    cases = []
    for name, puzzle in solver_puzzles().items():
        result = solve(puzzle, "naive")
        cases.append(Case(name, (parse(puzzle),), (result.stats.nodes, result.solution)))
    return check_cases("solve_counting", run, cases, show=describe_run)


def describe_run(outcome: object) -> str:
    """(digits placed, board) in words: the count, and whether the board ended up filled."""
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return repr(outcome)
    placed, board = outcome
    filled = "NOT filled" if "'.'" in repr(board) else "filled"
    return f"{placed!r} digits placed, board {filled}"


COUNT_PUZZLES = {
    "a 4x4 puzzle with one solution": SMALL_4X4,
    "a 4x4 puzzle with two solutions": "34121......3....",
    "a 4x4 puzzle with no solution": "12........3...4.",
    "an empty 4x4 board": "." * 16,
    "the sample board": SAMPLE,
}


def check_count_all(function: Callable[[list[list[str]]], int]) -> Report:
    """`function(board)` must count every solution (the template, without stopping at the first)."""
    cases = [
        Case(name, (parse(puzzle),), count_solutions(puzzle, limit=10_000))
        for name, puzzle in COUNT_PUZZLES.items()
    ]
    return check_cases("count_all", function, cases)


def check_count_queens(function: Callable[[int], int]) -> Report:
    """`function(n)` must count the ways to place n queens on an n x n board."""
    cases = [Case(f"n = {n}", (n,), count_queens(n)) for n in (1, 2, 3, 4, 5, 6, 7)]
    return check_cases("count_queens", function, cases)
