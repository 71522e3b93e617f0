"""The self-checks of notebooks 04, 06 and 07: pass on right answers, name the case on wrong ones,
and say "not done yet" on a stub."""

from __future__ import annotations

import statistics

import pytest

from sudoku_lib import count_solutions, is_valid_sudoku
from sudoku_lib.board import BLANK, geometry
from sudoku_lib.checks import (
    check_candidates,
    check_count_solutions,
    check_hardest,
    check_hidden_singles,
    check_is_unique,
    check_median,
    check_naked_singles,
    check_nodes_for,
    check_remove_clue,
)
from sudoku_lib.checks.nb07 import NO_SOLUTION, TWO_SOLUTIONS
from sudoku_lib.search.collect import find_solutions


def stub(*args):
    raise NotImplementedError


# Independent answers, written the plain way a learner would.
def candidates(board, r, c):
    geo = geometry(9)
    seen = {board[i][j] for i, j in geo.peers[(r, c)]}
    return {d for d in geo.digits if d not in seen}


def naked_singles(board):
    out = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == BLANK:
                fits = candidates(board, r, c)
                if len(fits) == 1:
                    out[(r, c)] = fits.pop()
    return out


def hidden_singles(board, unit):
    out = {}
    placed = {board[r][c] for r, c in unit}
    for d in geometry(9).digits:
        if d in placed:
            continue
        spots = [(r, c) for r, c in unit if board[r][c] == BLANK and d in candidates(board, r, c)]
        if len(spots) == 1:
            out[d] = spots[0]
    return out


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def hardest_name(records):
    best = records[0]
    for r in records:
        if r.nodes > best.nodes:
            best = r
    return best.name


def nodes_for(xs, fraction):
    xs = sorted(xs)
    for i, x in enumerate(xs):
        if (i + 1) / len(xs) >= fraction and (i + 1 == len(xs) or xs[i + 1] != x):
            return x
    return xs[-1]


def count(puzzle, limit):
    return len(find_solutions(puzzle, limit, "naive"))


def is_unique(puzzle):
    return count_solutions(puzzle, 2) == 1


def remove_clue(puzzle, index):
    fewer = puzzle[:index] + "." + puzzle[index + 1 :]
    return fewer if is_unique(fewer) else puzzle


CHECKS = [
    (check_candidates, candidates, lambda b, r, c: candidates(b, r, c) | {"0"}),
    (check_naked_singles, naked_singles, lambda b: {}),
    (check_hidden_singles, hidden_singles, lambda b, u: {}),
    (check_median, median, lambda xs: statistics.mean(xs)),
    (check_hardest, hardest_name, lambda records: records[0].name),
    (check_nodes_for, nodes_for, lambda xs, f: max(xs)),
    (check_count_solutions, count, lambda p, limit: 1),
    (check_is_unique, is_unique, lambda p: True),
    (check_remove_clue, remove_clue, lambda p, i: p[:i] + "." + p[i + 1 :]),
]


@pytest.mark.parametrize(
    ("check", "right", "wrong"), CHECKS, ids=lambda x: getattr(x, "__name__", "")
)
def test_check_passes_right_fails_wrong_and_waits_for_a_stub(check, right, wrong):
    assert check(right).passed, check(right)
    report = check(wrong)
    assert report.outcome == "failed" and "case" in repr(report)
    assert check(stub).outcome == "not done yet"


def test_a_crash_is_reported_not_raised():
    report = check_median(lambda xs: xs[10])
    assert report.outcome == "failed" and "IndexError" in repr(report)


def test_the_special_puzzles_are_what_they_say():
    assert is_valid_sudoku(TWO_SOLUTIONS) and count_solutions(TWO_SOLUTIONS, 5) == 2
    assert is_valid_sudoku(NO_SOLUTION) and count_solutions(NO_SOLUTION, 5) == 0
    first, second = find_solutions(TWO_SOLUTIONS, 5)
    differ = [(r, c) for r in range(9) for c in range(9) if first[r][c] != second[r][c]]
    assert len(differ) == 4  # the rectangle of 6s and 7s
    assert {first[r][c] for r, c in differ} == {"6", "7"}
