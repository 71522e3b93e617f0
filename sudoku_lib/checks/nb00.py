"""Self-checks for notebook 00: a first taste of the library."""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, givens, parse
from ..puzzles import SAMPLE, load_set
from ..search import solve
from ..words import check_text
from .core import NO_ANSWER, Attempt, Case, Report, check_cases

WARM_UP = [SAMPLE, *load_set("easy50")[:2]]


def check_count_givens(count_givens: Callable[[str], int]) -> Report:
    """Counting the filled cells of a few puzzles."""
    cases = [
        Case(f"puzzle {i + 1}", (p,), sum(d != "." for row in parse(p) for d in row))
        for i, p in enumerate(WARM_UP)
    ]
    cases.append(Case("an empty board", ("." * 81,), 0))
    return check_cases(
        "count_givens",
        count_givens,
        cases,
        library=[givens],
        mistakes=[counted_blanks, missed_an_end],
    )


def counted_blanks(attempt: Attempt) -> str | None:
    """81 minus the answer, or all 81: the blanks were counted too, or instead."""
    expected, got = attempt.case.expected, attempt.got
    if got == 81:
        return check_text("counted every cell")
    if got == 81 - expected:
        return check_text("counted the blanks")
    return None


def missed_an_end(attempt: Attempt) -> str | None:
    """A given in the first or the last character not counted: range(80), range(1, 81)."""
    for where, index in (("first", 0), ("last", 80)):
        alone = "." * index + "5" + "." * (80 - index)
        if attempt.try_call(alone) == 0:
            return check_text("missed a character", where=where)
    return None


CELLS = [(1, 3), (5, 5), (9, 1), (9, 9)]  # rows and columns counted from 1, as the exercise asks


def check_digit_in_solution(digit_in_solution: Callable[[str, int, int], str]) -> Report:
    """Reading one digit of a solution, with rows and columns counted from 1 as people do."""
    solution = sample_solution()
    cases = [Case(f"row {r}, column {c}", (SAMPLE, r, c), solution[r - 1][c - 1]) for r, c in CELLS]
    return check_cases(
        "digit_in_solution",
        digit_in_solution,
        cases,
        mistakes=[a_number_not_a_digit, read_the_puzzle, swapped_row_and_column, counted_from_zero],
    )


def a_number_not_a_digit(attempt: Attempt) -> str | None:
    """The int 4 for the digit '4': the board holds one-character strings."""
    got, expected = attempt.got, attempt.case.expected
    if isinstance(got, int) and not isinstance(got, bool) and str(got) == expected:
        return check_text("digits as numbers")
    return None


def sample_solution() -> Board:
    """The sample's solution, which the exercise reads from."""
    solution = solve(SAMPLE).solution
    assert solution is not None
    return solution


def answers_everywhere(attempt: Attempt) -> dict[tuple[int, int], object]:
    """The learner's digit for every cell the check asks about."""
    return {(r, c): attempt.try_call(SAMPLE, r, c) for r, c in CELLS}


def counted_from_zero(attempt: Attempt) -> str | None:
    """The digit one row down and one column right, or an IndexError at row 9 or column 9."""
    _, row, col = attempt.case.args
    solution = sample_solution()
    shifted = all(
        got is NO_ANSWER if 9 in (r, c) else got == solution[r][c]
        for (r, c), got in answers_everywhere(attempt).items()
    )
    return check_text("from zero", row=row, col=col) if shifted else None


def swapped_row_and_column(attempt: Attempt) -> str | None:
    """solution[col][row] instead of solution[row][col], on every cell the check asks about."""
    solution = sample_solution()
    answers = answers_everywhere(attempt)
    if all(got == solution[c - 1][r - 1] for (r, c), got in answers.items()):
        return check_text("row and column swapped")
    return None


def read_the_puzzle(attempt: Attempt) -> str | None:
    """A blank, or the given: the puzzle was read, not its solution."""
    return check_text("read the puzzle") if attempt.got == "." else None
