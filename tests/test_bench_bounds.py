"""The boards behind the README's figure for the longest default bound really exhaust it."""

from sudoku_lib.search import solve
from tools.bench_bounds import dead_last_cell_16


def test_the_16x16_board_has_no_solution_yet_its_givens_do_not_clash():
    assert solve(dead_last_cell_16(), method="pruned").status == "no solution"


def test_the_naive_search_cannot_see_the_dead_cell_early():
    result = solve(dead_last_cell_16(), method="naive", max_nodes=20_000)
    assert result.gave_up and result.stats.nodes == 20_000
