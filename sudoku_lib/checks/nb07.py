"""Self-checks for notebook 07 (beyond): counting solutions, uniqueness, removing a clue.

The expected answers come from the library's `count_solutions`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import BLANK, to_string
from ..puzzles import SAMPLE
from ..search import count_solutions, solve
from .core import Case, Report, check_cases

TWO_SOLUTIONS = "534..8912672195348198342567859..1423426853791713924856.6....28....419..5....8..79"
"""The sample's solution with a rectangle of 6s and 7s blanked (rows 1 and 4, columns 4 and 5),
plus the sample's own blanks in rows 7-9: the 6s and 7s can swap, so there are two solutions."""

NO_SOLUTION = "12345678." + "........9" + "." * 63
"""Valid (no digit repeats) but unsolvable: row 1 needs a 9 in column 9, which already has one."""

EMPTY_4X4 = "." * 16

PUZZLES = {
    "the sample": SAMPLE,
    "a puzzle with two solutions": TWO_SOLUTIONS,
    "a valid board with no solution": NO_SOLUTION,
    "the empty 4x4 board": EMPTY_4X4,
}


def check_count_solutions(count: Callable[[str, int], int]) -> Report:
    """count(puzzle, limit): how many solutions, counting no further than limit."""
    cases = [
        Case(f"{name}, limit {limit}", (puzzle, limit), count_solutions(puzzle, limit))
        for name, puzzle in PUZZLES.items()
        for limit in (1, 2, 5)
    ]
    cases.append(
        Case("the empty 4x4 board, limit 1000", (EMPTY_4X4, 1000), count_solutions(EMPTY_4X4, 1000))
    )
    return check_cases("count solutions", count, cases)


def check_is_unique(is_unique: Callable[[str], bool]) -> Report:
    """is_unique(puzzle): True when the puzzle has exactly one solution."""
    cases = [Case(name, (p,), count_solutions(p, 2) == 1) for name, p in PUZZLES.items()]
    return check_cases("uniqueness", is_unique, cases)


def remove_if_unique(puzzle: str, index: int) -> str:
    """The library's answer: blank cell `index` (0-80) if the puzzle stays unique, else keep it."""
    fewer = puzzle[:index] + BLANK + puzzle[index + 1 :]
    return fewer if count_solutions(fewer, 2) == 1 else puzzle


def check_remove_clue(remove_clue: Callable[[str, int], str]) -> Report:
    """remove_clue(puzzle, index): the puzzle with cell `index` blanked, if still unique."""
    solution = to_string(solve(SAMPLE).solution)
    chosen = [
        ("the sample", SAMPLE, (0, 20, 2, 44, 80)),
        ("the sample's solution", solution, (0, 40)),
        ("a puzzle with two solutions", TWO_SOLUTIONS, (0,)),
    ]
    cases = [
        Case(f"{name}, cell {index}", (puzzle, index), remove_if_unique(puzzle, index))
        for name, puzzle, indexes in chosen
        for index in indexes
    ]
    return check_cases("remove a clue", remove_clue, cases)
