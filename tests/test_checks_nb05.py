"""Notebook 05's checks: a right answer passes, a stub is not done yet, and typical wrong answers
are named in words (every check is fed at least two)."""

from __future__ import annotations

import pytest

from sudoku_lib import Stepper, parse, solve
from sudoku_lib.checks import check_board_after, check_first_dead_end, check_tries_per_depth
from sudoku_lib.search.events import Try, Undo
from sudoku_lib.search.naive import is_valid


def board_after(puzzle, steps):
    events = []
    solve(puzzle, "naive", listener=events.append)
    board = parse(puzzle)
    for event in events[:steps]:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit
        elif isinstance(event, Undo):
            board[event.row][event.col] = "."
    return board


def first_dead_end(puzzle):
    board = parse(puzzle)
    size = len(board)
    step = 0
    for r in range(size):
        for c in range(size):
            if board[r][c] == ".":
                step += 1
                fits = [d for d in "123456789"[:size] if is_valid(board, r, c, d)]
                if not fits:
                    return step, (r + 1, c + 1)
                board[r][c] = fits[0]
    return None


def board_after_by_stepper(puzzle, steps):
    stepper = Stepper(puzzle)
    stepper.goto(steps)
    return stepper.board


def first_dead_end_by_stepper(puzzle):
    stepper = Stepper(puzzle)
    stepper.next_dead_end()
    event = stepper.event
    return stepper.position, (event.row + 1, event.col + 1)


def tries_per_depth(puzzle, keep=lambda event: isinstance(event, Try), shift=0):
    counts = {}

    def listen(event):
        if keep(event):
            counts[event.depth + shift] = counts.get(event.depth + shift, 0) + 1

    solve(puzzle, "naive", listener=listen)
    return counts


def one_step_late(puzzle, steps):
    return board_after(puzzle, steps + 1)


def never_moved(puzzle, steps):
    return parse(puzzle)


def dead_end_from_zero(puzzle):
    step, (row, col) = first_dead_end(puzzle)
    return step, (row - 1, col - 1)


def dead_end_swapped(puzzle):
    step, (row, col) = first_dead_end(puzzle)
    return step, (col, row)


def dead_end_a_step_early(puzzle):
    step, cell = first_dead_end(puzzle)
    return step - 1, cell


def depths_from_one(puzzle):
    return tries_per_depth(puzzle, shift=1)


def every_event_counted(puzzle):
    return tries_per_depth(puzzle, keep=lambda event: hasattr(event, "depth"))


def stub(*args):
    raise NotImplementedError


CHECKS = {
    check_board_after: board_after,
    check_first_dead_end: first_dead_end,
    check_tries_per_depth: tries_per_depth,
}

WRONG = [
    (check_board_after, one_step_late, "one step too late"),
    (check_board_after, never_moved, "no step was replayed"),
    (check_board_after, board_after_by_stepper, "library's own `Stepper`"),
    (check_first_dead_end, first_dead_end_by_stepper, "library's own `Stepper`"),
    (check_first_dead_end, dead_end_from_zero, "counted from 0"),
    (check_first_dead_end, dead_end_swapped, "row and column are swapped"),
    (check_first_dead_end, dead_end_a_step_early, "the step is one off"),
    (check_tries_per_depth, depths_from_one, "count from 1"),
    (check_tries_per_depth, every_event_counted, "more than the tries"),
]


@pytest.mark.parametrize("check", list(CHECKS), ids=lambda c: c.__name__)
def test_a_right_answer_passes(check):
    assert check(CHECKS[check]).passed


@pytest.mark.parametrize("check", list(CHECKS), ids=lambda c: c.__name__)
def test_a_stub_is_not_done_yet(check):
    assert check(stub).outcome == "not done yet"


@pytest.mark.parametrize(
    ("check", "answer", "words"), WRONG, ids=lambda x: getattr(x, "__name__", x)
)
def test_a_typical_wrong_answer_is_named(check, answer, words):
    report = check(answer)
    assert report.outcome == "failed"
    assert words in repr(report), repr(report)


def test_every_check_is_fed_at_least_two_typical_wrong_answers():
    fed = [check for check, _, _ in WRONG]
    assert all(fed.count(check) >= 2 for check in CHECKS)
