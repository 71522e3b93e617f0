"""Self-checks for notebook 03 (backtracking): the rule check, the counting solver, N-Queens."""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..board import parse
from ..puzzles import SAMPLE
from ..queens import count_queens
from ..search import solve
from ..search.naive import is_valid
from .core import Case, Report, check_cases

IS_VALID_CASES = {  # on the sample board; each name says where the digit already is, if anywhere
    "1 at row 1, column 3 (fits)": (0, 2, "1"),
    "7 at row 1, column 3 (a 7 is in the row)": (0, 2, "7"),
    "4 at row 1, column 4 (a 4 is in the column)": (0, 3, "4"),
    "6 at row 1, column 3 (a 6 is in the box only)": (0, 2, "6"),
    "5 at row 1, column 3 (a 5 is in the row and the box)": (0, 2, "5"),
    "5 at row 9, column 7 (a 5 is in the box only)": (8, 6, "5"),
    "4 at row 9, column 7 (fits)": (8, 6, "4"),
}


def solver_puzzles() -> dict[str, str]:
    """Puzzles the plain search solves in a blink: the sample, and the sample more filled in."""
    solved = "".join("".join(row) for row in solve(SAMPLE).solution)
    return {
        "the sample board": SAMPLE,
        "the sample with its first row filled": solved[:9] + SAMPLE[9:],
        "the solved sample with its last row blank": solved[:72] + "." * 9,
    }


def check_is_valid(function: Callable[[list[list[str]], int, int, str], bool]) -> Report:
    """`function(board, r, c, d)` must say whether digit d may go at (r, c) of the sample."""
    board = parse(SAMPLE)
    cases = [
        Case(name, (board, r, c, d), is_valid(board, r, c, d))
        for name, (r, c, d) in IS_VALID_CASES.items()
    ]
    return check_cases("is_valid", function, cases)


def check_solve_counting(function: Callable[[list[list[str]]], int]) -> Report:
    """`function(board)` must fill the board in place and return how many digits it placed."""

    def run(board: list[list[str]]) -> tuple[int, list[list[str]]]:
        mine = copy.deepcopy(board)
        return function(mine), mine

    cases = []
    for name, puzzle in solver_puzzles().items():
        result = solve(puzzle, "naive")
        cases.append(Case(name, (parse(puzzle),), (result.stats.nodes, result.solution)))
    return check_cases("solve_counting", run, cases, show=describe_run)


def describe_run(outcome: object) -> str:
    """(nodes, board) in words: the count, and whether the board ended up filled."""
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return repr(outcome)
    nodes, board = outcome
    filled = "NOT filled" if "'.'" in repr(board) else "filled"
    return f"{nodes!r} digits placed, board {filled}"


def check_count_queens(function: Callable[[int], int]) -> Report:
    """`function(n)` must count the ways to place n queens on an n x n board."""
    cases = [Case(f"n = {n}", (n,), count_queens(n)) for n in (1, 2, 3, 4, 5, 6, 7)]
    return check_cases("count_queens", function, cases)
