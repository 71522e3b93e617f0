"""Generated puzzles: the clues asked for, one solution, and the same puzzle for the same seed."""

from __future__ import annotations

import pytest

from sudoku_lib import SudokuError, count_solutions, generate, solve
from tests.grid_checks import assert_solves


@pytest.mark.parametrize("seed", range(4))
def test_has_the_clues_asked_for_and_one_solution(seed: int) -> None:
    puzzle = generate(clues=25, seed=seed)
    assert len(puzzle) == 81
    assert sum(cell != "." for cell in puzzle) == 25
    assert count_solutions(puzzle, limit=2, method="classic") == 1
    assert_solves(puzzle, solve(puzzle, method="classic").solution)


def test_the_same_seed_gives_the_same_puzzle() -> None:
    assert generate(30, seed=7) == generate(30, seed=7)
    assert len({generate(30, seed=s) for s in range(5)}) == 5


def test_all_81_clues_is_a_full_grid() -> None:
    full = generate(81, seed=3)
    assert "." not in full
    assert_solves(full, full)


def test_a_4x4_puzzle() -> None:
    puzzle = generate(clues=6, seed=1, size=4)
    assert len(puzzle) == 16
    assert sum(cell != "." for cell in puzzle) == 6
    assert count_solutions(puzzle, limit=2, method="naive") == 1


@pytest.mark.parametrize("clues", [16, 82, 0])
def test_impossible_counts_are_refused(clues: int) -> None:
    with pytest.raises(SudokuError, match="clues must be a whole number from 17 to 81"):
        generate(clues)
