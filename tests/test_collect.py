"""find_solutions keeps every solution it meets, and agrees with count_solutions."""

from __future__ import annotations

import pytest

from sudoku_lib import ConflictError, count_solutions, is_valid_sudoku, solve
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.search.collect import find_solutions


@pytest.mark.parametrize("puzzle", ["." * 16, "12.." + "." * 12, SAMPLE])
@pytest.mark.parametrize("limit", [1, 3, 300])
def test_as_many_distinct_valid_solutions_as_counted(puzzle, limit):
    boards = find_solutions(puzzle, limit)
    assert len(boards) == count_solutions(puzzle, limit)
    assert len({str(b) for b in boards}) == len(boards)
    assert all(is_valid_sudoku(b) and "'.'" not in str(b) for b in boards)


def test_first_is_what_solve_finds_and_methods_find_the_same_set():
    assert find_solutions(SAMPLE, 2) == [solve(SAMPLE, "pruned").solution]
    every = {str(b) for b in find_solutions("." * 16, 300, "naive")}
    assert every == {str(b) for b in find_solutions("." * 16, 300, "pruned")}
    assert len(every) == 288  # the number of 4x4 Sudoku grids


def test_clashing_givens_are_refused():
    with pytest.raises(ConflictError):
        find_solutions("55" + "." * 79)
