"""Notebook 00's exercise on the naive search's first move, fed a right answer and the typical
wrong ones."""

from __future__ import annotations

import pytest

from sudoku_lib.board import parse
from sudoku_lib.checks import check_first_try


def first_blank(puzzle):
    board = parse(puzzle)
    return board, next((r, c) for r in range(9) for c in range(9) if board[r][c] == ".")


def missing(board, r, c, box=True, column=True):
    seen = set(board[r])
    if column:
        seen |= {board[i][c] for i in range(9)}
    if box:
        seen |= {
            board[i][j]
            for i in range(3 * (r // 3), 3 * (r // 3) + 3)
            for j in range(3 * (c // 3), 3 * (c // 3) + 3)
        }
    return next(d for d in "123456789" if d not in seen)


def first_try(puzzle):
    board, (r, c) = first_blank(puzzle)
    return r + 1, c + 1, missing(board, r, c)


def from_zero(puzzle):
    board, (r, c) = first_blank(puzzle)
    return r, c, missing(board, r, c)


def swapped(puzzle):
    board, (r, c) = first_blank(puzzle)
    return c + 1, r + 1, missing(board, r, c)


def as_number(puzzle):
    board, (r, c) = first_blank(puzzle)
    return r + 1, c + 1, int(missing(board, r, c))


def no_box(puzzle):
    board, (r, c) = first_blank(puzzle)
    return r + 1, c + 1, missing(board, r, c, box=False)


def row_only(puzzle):
    board, (r, c) = first_blank(puzzle)
    return r + 1, c + 1, missing(board, r, c, box=False, column=False)


def test_a_right_answer_passes():
    assert check_first_try(first_try).passed


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (from_zero, "the question counts from 1, so add 1 to each"),
        (swapped, "row and column are swapped"),
        (as_number, "'5', not 5"),
        (no_box, "its 3x3 box holds it already"),
        (row_only, "a digit must be missing from all three"),
    ],
)
def test_each_typical_mistake_is_named(wrong, words):
    report = check_first_try(wrong)
    assert not report.passed
    assert words in "\n".join(report.lines)
