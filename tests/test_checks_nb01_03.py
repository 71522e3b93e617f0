"""The self-checks of notebooks 01-03: they pass right answers, catch wrong ones by name, and say
"not done yet" on a stub without raising."""

from __future__ import annotations

from functools import cache
from math import isqrt

import pytest

from sudoku_lib import checks, parse
from sudoku_lib.checks.nb02 import SMALL_4X4, other_sizes, sample_boards
from sudoku_lib.checks.nb03 import IS_VALID_CASES, SMALL_CASES
from sudoku_lib.puzzles import SAMPLE


def stub(*args):
    raise NotImplementedError


def box_number(r, c, box=3):
    """The box of (r, c), found by looking for the box x box block that holds it."""
    blocks = [(br, bc) for br in range(box) for bc in range(box)]
    return blocks.index((r // box, c // box))


@cache
def peers(r, c):
    return frozenset(
        (i, j)
        for i in range(9)
        for j in range(9)
        if (i, j) != (r, c) and (i == r or j == c or box_number(i, j) == box_number(r, c))
    )


def valid_row(row):
    digits = [d for d in row if d != "."]
    return len(digits) == len(set(digits))


def units(board):
    return units_of_size(len(board))


@cache
def units_of_size(n):
    """Rows, columns and boxes of an n x n board, each a list of cells."""
    box = isqrt(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rows = [[(r, c) for r, c in cells if r == i] for i in range(n)]
    cols = [[(r, c) for r, c in cells if c == i] for i in range(n)]
    boxes = [[(r, c) for r, c in cells if box_number(r, c, box) == b] for b in range(n)]
    return tuple(rows + cols + boxes)


def valid_board(board):
    return all(valid_row([board[r][c] for r, c in unit]) for unit in units(board))


def clash(board):
    for unit in units(board):
        seen = {}
        for r, c in unit:
            d = board[r][c]
            if d != "." and d in seen:
                return seen[d], (r, c)
            seen[d] = (r, c)
    return None


def fits(board, r, c, d):
    """d may go at (r, c) when no other cell of a unit through (r, c) holds it."""
    return all(board[i][j] != d for i, j in neighbours(len(board), r, c))


@cache
def neighbours(n, r, c):
    return {cell for unit in units_of_size(n) if (r, c) in unit for cell in unit} - {(r, c)}


def count_all(board):
    """Every solution, by trying every digit in the first blank (a fresh brute force)."""
    blanks = [(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."]
    if not blanks:
        return 1
    r, c = blanks[0]
    total = 0
    for d in "123456789ABCDEFG"[: len(board)]:
        if fits(board, r, c, d):
            board[r][c] = d
            total += count_all(board)
            board[r][c] = "."
    return total


def solve_counting(board):
    """A plain backtracking written afresh for the test: reading order, digits ascending."""
    blanks = [(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."]
    placed = 0

    def fill(i):
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[: len(board)]:
            if fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                if fill(i + 1):
                    return True
                board[r][c] = "."
        return False

    fill(0)
    return placed


def queens(n, placed=()):
    if len(placed) == n:
        return 1
    row = len(placed)
    return sum(
        queens(n, (*placed, col))
        for col in range(n)
        if all(c != col and abs(c - col) != row - r for r, c in enumerate(placed))
    )


RIGHT = {
    "check_box_of": box_number,
    "check_peers_of": peers,
    "check_string_to_board": lambda s: [
        [ch if ch != "0" else "." for ch in s[i : i + 9]] for i in range(0, 81, 9)
    ],
    "check_is_valid_row": valid_row,
    "check_is_valid_board": valid_board,
    "check_find_clash": clash,
    "check_is_valid": fits,
    "check_count_all": count_all,
    "check_solve_counting": solve_counting,
    "check_count_queens": queens,
}

WRONG = {
    "check_box_of": lambda r, c, box: 3 * (r // 3) + c // 3,
    "check_peers_of": lambda r, c: peers(r, c) | {(r, c)},
    "check_string_to_board": lambda s: [list(s[i : i + 9]) for i in range(0, 81, 9)],
    "check_is_valid_row": lambda row: True,
    "check_is_valid_board": lambda board: all(valid_row(row) for row in board),
    "check_find_clash": lambda board: ((0, 0), (0, 1)) if clash(board) else None,
    "check_is_valid": lambda board, r, c, d: fits(board, r, c, d) and len(board) == 9,
    "check_count_all": lambda board: min(count_all(board), 1),
    "check_solve_counting": lambda board: solve_counting([row[:] for row in board]),
    "check_count_queens": lambda n: n,
}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_a_right_answer_passes(name):
    report = getattr(checks, name)(RIGHT[name])
    assert report.passed, report


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_answer_fails_and_names_the_case(name):
    report = getattr(checks, name)(WRONG[name])
    assert report.outcome == "failed"
    assert "case" in repr(report) and "expected" in repr(report)


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_a_stub_is_not_done_yet(name):
    report = getattr(checks, name)(stub)
    assert report.outcome == "not done yet"
    assert "not done yet" in repr(report)


def test_a_crashing_answer_is_reported_not_raised():
    report = checks.check_box_of(lambda r, c, box: 1 / 0)
    assert report.outcome == "failed" and "ZeroDivisionError" in repr(report)


def test_is_valid_case_names_say_the_truth():
    board = parse(SAMPLE)
    for name, (r, c, d) in IS_VALID_CASES.items():
        assert fits(board, r, c, d) == name.endswith("(fits)"), name


def test_the_clash_boards_break_the_rule_as_named():
    for name, board in sample_boards().items():
        expected_valid = name in {"the sample board", "the solved sample", "an empty board"}
        assert valid_board(board) == expected_valid, name


def test_the_other_sizes_break_the_rule_as_named():
    for name, board in other_sizes().items():
        assert valid_board(board) == ("clash" not in name and "changed" not in name), name


def test_small_is_valid_case_names_say_the_truth():
    board = parse(SMALL_4X4)
    for name, (r, c, d) in SMALL_CASES.items():
        assert fits(board, r, c, d) == name.endswith("(fits)"), name


def test_the_counting_solver_expects_4208_on_the_sample():
    assert solve_counting(parse(SAMPLE)) == 4208
