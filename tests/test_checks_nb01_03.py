"""The self-checks of notebooks 01-03: they pass right answers, catch wrong ones by name, and say
"not done yet" on a stub without raising."""

from __future__ import annotations

from functools import cache

import pytest

from sudoku_lib import checks, parse, solve
from sudoku_lib.checks.nb02 import sample_boards
from sudoku_lib.checks.nb03 import IS_VALID_CASES
from sudoku_lib.puzzles import SAMPLE


def stub(*args):
    raise NotImplementedError


def box_number(r, c):
    """The box of (r, c), found by looking for the 3x3 block that holds it."""
    blocks = [(br, bc) for br in range(3) for bc in range(3)]
    return blocks.index((r // 3, c // 3))


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
    rows = [[(r, c) for c in range(9)] for r in range(9)]
    cols = [[(r, c) for r in range(9)] for c in range(9)]
    boxes = [
        [(r, c) for r in range(9) for c in range(9) if box_number(r, c) == b] for b in range(9)
    ]
    return rows + cols + boxes


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
    return all(d != board[i][j] for i, j in peers(r, c))


def solve_counting(board):
    """A plain backtracking written afresh for the test: row-major, digits ascending."""
    count = 0

    def go():
        nonlocal count
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    for d in "123456789":
                        if fits(board, r, c, d):
                            board[r][c] = d
                            count += 1
                            if go():
                                return True
                            board[r][c] = "."
                    return False
        return True

    go()
    return count


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
    "check_box_index": box_number,
    "check_peers_of": peers,
    "check_string_to_board": lambda s: [
        [ch if ch != "0" else "." for ch in s[i : i + 9]] for i in range(0, 81, 9)
    ],
    "check_is_valid_row": valid_row,
    "check_is_valid_board": valid_board,
    "check_find_clash": clash,
    "check_is_valid": fits,
    "check_solve_counting": solve_counting,
    "check_count_queens": queens,
}

WRONG = {
    "check_box_index": lambda r, c: r // 3 + c // 3,
    "check_peers_of": lambda r, c: peers(r, c) | {(r, c)},
    "check_string_to_board": lambda s: [list(s[i : i + 9]) for i in range(0, 81, 9)],
    "check_is_valid_row": lambda row: True,
    "check_is_valid_board": lambda board: all(valid_row(row) for row in board),
    "check_find_clash": lambda board: ((0, 0), (0, 1)) if clash(board) else None,
    "check_is_valid": lambda board, r, c, d: d not in board[r],
    "check_solve_counting": lambda board: solve_counting(board) + 1,
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
    report = checks.check_box_index(lambda r, c: 1 / 0)
    assert report.outcome == "failed" and "ZeroDivisionError" in repr(report)


def test_is_valid_case_names_say_the_truth():
    board = parse(SAMPLE)
    for name, (r, c, d) in IS_VALID_CASES.items():
        assert fits(board, r, c, d) == name.endswith("(fits)"), name


def test_the_clash_boards_break_the_rule_as_named():
    for name, board in sample_boards().items():
        expected_valid = name in {"the sample board", "the solved sample", "an empty board"}
        assert valid_board(board) == expected_valid, name


def test_the_counting_solver_expects_4208_on_the_sample():
    assert solve(SAMPLE, "naive").stats.nodes == solve_counting(parse(SAMPLE)) == 4208
