"""Algorithm X agrees with the backtracking search, and exact cover itself behaves."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import given, settings

from sudoku_lib import Stats, count_solutions, is_valid_sudoku, solve
from sudoku_lib.board import givens, parse
from sudoku_lib.errors import SudokuError
from sudoku_lib.exact_cover import (
    algorithm_x,
    columns_of,
    count_exact_cover,
    solutions,
    solve_exact_cover,
    sudoku_rows,
)
from sudoku_lib.puzzles import HARD1, SAMPLE, load_set

from .strategies import puzzles


def test_knuths_small_example():
    # Knuth's example from "Dancing Links": the only exact cover is rows B, D, F.
    rows = {
        "A": [1, 4, 7],
        "B": [1, 4],
        "C": [4, 5, 7],
        "D": [3, 5, 6],
        "E": [2, 3, 6, 7],
        "F": [2, 7],
    }
    columns = columns_of(rows)
    before = {c: set(s) for c, s in columns.items()}
    covers = [sorted(cover) for cover in algorithm_x(columns, rows, [])]
    assert covers == [["B", "D", "F"]]
    assert columns == before  # every select was undone


def test_sudoku_has_324_constraints_and_729_choices():
    rows = sudoku_rows(9)
    assert len(rows) == 729 and len(columns_of(rows)) == 324
    assert all(len(choices) == 9 for choices in columns_of(rows).values())


@pytest.mark.parametrize(
    "puzzle", [SAMPLE, *load_set("top95")[:5], *load_set("easy50")[:3], *load_set("hardest")[:3]]
)
def test_agrees_with_solve(puzzle):
    board = solve_exact_cover(puzzle)
    assert board == solve(puzzle, "pruned").solution
    assert is_valid_sudoku(board)
    assert all(board[r][c] == d for (r, c), d in givens(parse(puzzle)).items())


def test_counts_like_count_solutions_on_small_boards():
    for puzzle in ["." * 16, "1..." + "." * 12, SAMPLE]:
        for limit in (1, 2, 10, 300):
            assert count_exact_cover(puzzle, limit) == count_solutions(puzzle, limit)


def test_two_solutions_of_hard1_are_different_and_valid():
    first, second = islice(solutions(HARD1), 2)
    assert first != second
    assert is_valid_sudoku(first) and is_valid_sudoku(second)


def test_no_solution_and_clashing_givens():
    with pytest.raises(SudokuError):
        solve_exact_cover("12345678." + "........9" + "." * 63)
    assert count_exact_cover("55" + "." * 79) == 0


def test_guesses_are_nodes_and_single_options_are_forced():
    stats = Stats()
    solve_exact_cover(SAMPLE, stats)
    assert (stats.nodes, stats.forced) == (0, 81 - 30)  # the sample needs no guess at all
    stats = Stats()
    board = solve_exact_cover(load_set("top95")[0], stats)
    assert stats.nodes > 0
    assert stats.forced >= sum(row.count(".") for row in parse(load_set("top95")[0])) - stats.nodes
    assert is_valid_sudoku(board)


@settings(max_examples=25, deadline=None)
@given(puzzles(min_keep=25, max_keep=50))
def test_every_exact_cover_solution_is_valid_keeps_the_givens_and_counts_agree(puzzle):
    found = list(islice(solutions(puzzle), 3))
    assert len(found) == count_solutions(puzzle, 3) >= 1
    for board in found:
        assert is_valid_sudoku(board) and "." not in "".join(map("".join, board))
        assert all(board[r][c] == d for (r, c), d in givens(parse(puzzle)).items())


@settings(max_examples=10, deadline=None)
@given(puzzles(box=2, min_keep=0, max_keep=8))
def test_on_4x4_boards_the_counts_agree_with_the_search(puzzle):
    assert count_exact_cover(puzzle, 300) == count_solutions(puzzle, 300)
