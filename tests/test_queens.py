"""N-Queens against a brute force over permutations (one queen a row and a column by design)."""

from __future__ import annotations

import itertools

import pytest

from sudoku_lib.queens import count_queens, first_queens, queens_text, solve_queens


def peaceful(cols: tuple[int, ...]) -> bool:
    """No two queens (row i at column cols[i]) share a column or a diagonal."""
    return all(
        cols[i] != cols[j] and abs(cols[i] - cols[j]) != j - i
        for i, j in itertools.combinations(range(len(cols)), 2)
    )


def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution, in lexicographic order: permutations already keep rows and columns apart."""
    return [p for p in itertools.permutations(range(n)) if peaceful(p)]


def safe_prefixes(n: int) -> list[tuple[int, ...]]:
    """Every peaceful placement of the first k rows, k = 1..n: the nodes a full search visits."""
    return [p for k in range(1, n + 1) for p in itertools.permutations(range(n), k) if peaceful(p)]


@pytest.mark.parametrize("n", range(1, 9))
def test_count_matches_brute_force(n):
    assert count_queens(n) == len(all_solutions(n))


def test_eight_queens_has_92_solutions():
    assert count_queens(8) == len(all_solutions(8)) == 92


@pytest.mark.parametrize("n", range(1, 9))
def test_first_solution_is_the_smallest(n):
    solutions = all_solutions(n)
    expected = list(solutions[0]) if solutions else None
    assert first_queens(n) == expected


@pytest.mark.parametrize("n", range(1, 8))
def test_a_full_search_places_one_queen_per_peaceful_prefix(n):
    assert solve_queens(n).nodes == len(safe_prefixes(n))


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_stopping_at_the_first_visits_only_prefixes_up_to_it(n):
    first = tuple(first_queens(n))
    visited = [p for p in safe_prefixes(n) if p <= first[: len(p)]]
    result = solve_queens(n, stop_after=1)
    assert result.nodes == len(visited)
    assert result.solutions == 1


def test_two_and_three_have_no_solution():
    assert first_queens(2) is None and first_queens(3) is None


def test_bad_size_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        solve_queens(0)


def test_text_picture_has_one_queen_per_row_and_column():
    lines = queens_text(first_queens(6)).splitlines()
    assert [line.count("Q") for line in lines] == [1] * 6
    assert sorted(line.split().index("Q") for line in lines) == list(range(6))
