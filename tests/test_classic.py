"""The classic propagation solver: right on the bundled sets, in any dress, counting and bounded."""

from __future__ import annotations

import random

import pytest

from sudoku_lib import count_solutions, solve
from sudoku_lib.puzzles import SAMPLE, SETS, load_set
from sudoku_lib.search.events import Try, Undo
from tests.grid_checks import Dress, assert_solves, flat


@pytest.mark.parametrize("name", SETS)
def test_solves_bundled_puzzles(name: str) -> None:
    for puzzle in load_set(name)[::10]:
        result = solve(puzzle, method="classic")
        assert result.status == "solved", puzzle
        assert_solves(puzzle, result.solution)


def test_agrees_with_the_naive_search() -> None:
    for puzzle in [SAMPLE, *load_set("easy50")[:5]]:
        assert solve(puzzle, method="classic").solution == solve(puzzle, method="naive").solution


def test_propagation_alone_solves_the_sample() -> None:
    result = solve(SAMPLE, method="classic")
    assert result.solved
    assert result.stats.nodes == 0


@pytest.mark.parametrize("seed", range(10))
def test_a_puzzle_in_another_dress_has_the_dressed_solution(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = rng.choice(load_set("top95"))
    solution = flat(solve(puzzle, method="classic").solution)
    dress = Dress.random(rng)
    assert flat(solve(dress(puzzle), method="classic").solution) == dress(solution)


@pytest.mark.parametrize("seed", range(8))
def test_counts_like_the_naive_search(seed: int) -> None:
    """Blank cells of a solved grid: the naive search, which tries everything, counts the same.

    (Not HARD1: like Norvig's solver, classic wanders for a long time there before its first.)
    """
    rng = random.Random(seed)
    cells = list(flat(solve(rng.choice(load_set("easy50")), method="classic").solution))
    for i in rng.sample(range(81), 45):
        cells[i] = "."
    puzzle = "".join(cells)
    expected = count_solutions(puzzle, limit=20, method="naive")
    assert count_solutions(puzzle, limit=20, method="classic") == expected >= 1


def test_counts_solutions() -> None:
    assert count_solutions(load_set("top95")[0], limit=3, method="classic") == 1
    assert count_solutions("12345678.........9" + "." * 63, method="classic") == 0


def test_max_nodes_gives_up() -> None:
    puzzle = load_set("hardest375")[0]
    assert solve(puzzle, method="classic").stats.nodes > 3
    assert solve(puzzle, method="classic", max_nodes=3).status == "gave up"


def test_every_branch_is_a_node_and_every_failed_one_is_undone() -> None:
    events: list[object] = []
    result = solve(load_set("top95")[0], method="classic", listener=events.append)
    tries = sum(isinstance(e, Try) for e in events)
    undos = sum(isinstance(e, Undo) for e in events)
    assert tries == result.stats.nodes > 0
    assert undos == result.stats.backtracks
    assert 0 < tries - undos <= result.stats.max_depth  # the digits tried on the way to the end


def test_a_4x4_puzzle() -> None:
    puzzle = "1...." + "." * 11
    assert count_solutions(puzzle, limit=100, method="classic") == count_solutions(
        puzzle, limit=100, method="naive"
    )
