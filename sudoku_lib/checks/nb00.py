"""Self-checks for notebook 00: a first taste of the library."""

from __future__ import annotations

from collections.abc import Callable

from ..board import parse
from ..puzzles import SAMPLE, load_set
from ..search import solve
from .core import Case, Report, check_cases

WARM_UP = [SAMPLE, *load_set("easy50")[:2]]


def check_count_givens(count_givens: Callable[[str], int]) -> Report:
    """Counting the filled cells of a few puzzles."""
    cases = [
        Case(f"puzzle {i + 1}", (p,), sum(d != "." for row in parse(p) for d in row))
        for i, p in enumerate(WARM_UP)
    ]
    cases.append(Case("an empty board", ("." * 81,), 0))
    return check_cases("count_givens", count_givens, cases)


def check_digit_in_solution(digit_in_solution: Callable[[str, int, int], str]) -> Report:
    """Reading one digit of a solution, with rows and columns counted from 1 as people do."""
    solution = solve(SAMPLE).solution
    assert solution is not None
    cells = [(1, 3), (5, 5), (9, 1), (9, 9)]
    cases = [Case(f"row {r}, column {c}", (SAMPLE, r, c), solution[r - 1][c - 1]) for r, c in cells]
    return check_cases("digit_in_solution", digit_in_solution, cases)
