"""The search strategies: right answers, the classic's exact figures, bounds, and clear refusals."""

from __future__ import annotations

import ast
import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from sudoku_lib import (
    ConflictError,
    PuzzleFormatError,
    SudokuError,
    count_solutions,
    is_valid_sudoku,
    parse,
    solve,
    solve_sudoku,
)
from sudoku_lib.puzzles import (
    ANTI_BACKTRACKING,
    FAMOUS_NAMES,
    SAMPLE,
    SAMPLE_INVALID,
    famous,
    load_set,
)
from sudoku_lib.search import METHODS, counters, prepare
from sudoku_lib.search.events import DeadEnd, Forced, Solved, Try, Undo
from sudoku_lib.search.tracker import Tracker
from sudoku_lib.stats import Stats
from tests.grid_checks import assert_solves, flat
from tests.strategies import puzzles

SWITCHES = ("sets", "fail_early", "most_constrained", "naked_singles", "hidden_singles")
ALL_OFF = dict.fromkeys(SWITCHES, False)
# Valid (no digit repeats) but hopeless: row 1 needs a 9 in column 9, which already has one.
VALID_BUT_UNSOLVABLE = "12345678." + "........9" + "." * 63


def test_naive_places_4208_digits_on_the_sample():
    """The classic row-major, ascending, undo-on-failure search makes exactly 4,208 placements."""
    result = solve(SAMPLE, method="naive")
    assert result.solved and result.stats.nodes == 4208
    assert_solves(SAMPLE, result.solution)


def test_naive_stats_on_a_hand_checked_4x4():
    """Trace by hand: (3,1) gets 1, then (3,3) has no digit left, so 1 is undone and 3 tried;
    after that every cell takes its first candidate: 6 placements, 1 backtrack, 1 dead end."""
    result = solve("43212143.4...23.", method="naive")
    s = result.stats
    assert (s.nodes, s.backtracks, s.dead_ends, s.max_depth) == (6, 1, 1, 5)
    assert result.solution[2] == list("3412")


def test_naive_fills_an_empty_4x4_without_backtracking():
    s = solve("." * 16, method="naive").stats
    assert (s.nodes, s.backtracks, s.max_depth) == (16, 0, 16)


@pytest.mark.parametrize("method", sorted(METHODS))
@settings(max_examples=25, deadline=None)
@given(puzzle=puzzles(min_keep=28, max_keep=50))
def test_every_method_solves_random_puzzles(method, puzzle):
    result = solve(puzzle, method=method)
    assert result.solved
    assert_solves(flat(puzzle), result.solution)


@settings(max_examples=15, deadline=None)
@given(puzzle=puzzles(box=2, min_keep=0, max_keep=10))
def test_methods_agree_on_4x4_puzzles(puzzle):
    solutions = {m: solve(puzzle, method=m).solution for m in METHODS}
    for solution in solutions.values():
        assert_solves(flat(puzzle), solution)
    # naive and pruned-with-everything-off take the same first solution in the same order
    assert solutions["naive"] == solve(puzzle, "pruned", **ALL_OFF).solution


@settings(max_examples=20, deadline=None)
@given(puzzle=puzzles(min_keep=30, max_keep=45))
def test_pruned_with_everything_off_is_the_naive_search_step_for_step(puzzle):
    naive_events, pruned_events = [], []
    solve(puzzle, "naive", max_nodes=3000, listener=naive_events.append)
    solve(puzzle, "pruned", max_nodes=3000, listener=pruned_events.append, **ALL_OFF)
    assert naive_events == pruned_events


@pytest.mark.parametrize(
    "switches",
    [dict(zip(SWITCHES, bits, strict=True)) for bits in itertools.product([False, True], repeat=5)],
)
def test_every_combination_of_switches_solves(switches):
    puzzle = load_set("easy50")[0]
    result = solve(puzzle, "pruned", max_nodes=200_000, **switches)
    assert result.solved
    assert_solves(flat(puzzle), result.solution)


def test_sets_change_the_cost_not_the_search_and_the_rest_only_cut_nodes():
    nodes = []
    on: dict[str, bool] = dict(ALL_OFF)
    for name in SWITCHES:
        on[name] = True
        nodes.append(solve(SAMPLE, "pruned", **on).stats.nodes)
    assert nodes[0] == 4208  # sets make each check cheaper; the search tree is the same
    assert nodes == sorted(nodes, reverse=True) and nodes[1] < 4208


def test_pruned_solves_every_top95_puzzle():
    for puzzle in load_set("top95"):
        result = solve(puzzle, "pruned")
        assert_solves(flat(puzzle), result.solution)


def test_listener_sees_what_the_counters_count():
    events = []
    result = solve(load_set("top95")[0], "pruned", listener=events.append)
    s = result.stats
    assert sum(isinstance(e, Try) for e in events) == s.nodes
    assert sum(isinstance(e, Forced) for e in events) == s.forced
    assert sum(isinstance(e, Undo) and not e.forced for e in events) == s.backtracks
    assert sum(isinstance(e, DeadEnd) for e in events) == s.dead_ends
    assert isinstance(events[-1], Solved)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_counting_the_recorded_events_gives_the_live_counters(method):
    """Stats.count (used on replay) and the tracker (used live) share one set of rules."""
    events = []
    live = solve(ANTI_BACKTRACKING, method, max_nodes=3000, listener=events.append).stats
    replayed = Stats()
    for event in events:
        replayed.count(event)
    assert replace(replayed, seconds=live.seconds) == live


def test_the_search_does_not_import_the_modules_that_import_it():
    """search/ imports only arguments, board, errors, i18n, validate and words from the package."""
    allowed = {"arguments", "board", "errors", "i18n", "validate", "words"}
    for source in Path(counters.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert node.module in allowed, f"{source.name} imports {node.module}"
    assert Stats is counters.Stats


def test_replaying_the_events_rebuilds_the_solution():
    events = []
    result = solve(load_set("top95")[1], "pruned", listener=events.append)
    board = parse(load_set("top95")[1])
    for e in events:
        if isinstance(e, Try | Forced):
            assert board[e.row][e.col] == "."
            board[e.row][e.col] = e.digit
        elif isinstance(e, Undo):
            assert board[e.row][e.col] == e.digit
            board[e.row][e.col] = "."
    assert board == result.solution


def test_a_node_bound_stops_the_search_and_says_so():
    result = solve(ANTI_BACKTRACKING, method="naive", max_nodes=5000)
    assert result.gave_up and result.solution is None
    assert result.stats.nodes == 5000


@pytest.mark.parametrize("method", sorted(METHODS))
def test_valid_but_unsolvable_is_no_solution_not_an_error(method):
    assert is_valid_sudoku(VALID_BUT_UNSOLVABLE)
    result = solve(VALID_BUT_UNSOLVABLE, method=method)
    assert result.status == "no solution" and result.solution is None
    assert count_solutions(VALID_BUT_UNSOLVABLE) == 0


def test_solve_never_touches_its_input():
    board = parse(SAMPLE)
    before = [row[:] for row in board]
    solve(board, "naive")
    assert board == before


def test_clashing_givens_are_refused_with_the_digit_and_the_unit():
    with pytest.raises(ConflictError) as caught:
        solve(SAMPLE_INVALID)
    assert "two 8s in box 1 (top-left)" in str(caught.value)


def test_unknown_method_and_unknown_switch_are_clear_errors():
    with pytest.raises(SudokuError, match="unknown method 'magic'"):
        solve(SAMPLE, method="magic")
    with pytest.raises(SudokuError, match="'pruned' has no switch telepathy; its switches are"):
        solve(SAMPLE, method="pruned", telepathy=True)
    with pytest.raises(SudokuError, match="'naive' has no switch sets; it has no switches"):
        solve(SAMPLE, method="naive", sets=True)


def test_prepare_refuses_everything_before_any_search_runs():
    """The first thing wrong is reported, in the order puzzle, givens, method, switch."""
    with pytest.raises(ConflictError):
        prepare(SAMPLE_INVALID, method="magic", switches={"telepathy": True})
    with pytest.raises(SudokuError, match="unknown method 'magic'"):
        prepare(SAMPLE, method="magic", switches={"telepathy": True})
    with pytest.raises(SudokuError, match="has no switch telepathy"):
        prepare(SAMPLE, method="pruned", switches={"telepathy": True})


def test_a_prepared_search_runs_again_from_the_same_givens():
    search = prepare(SAMPLE, method="pruned", switches={"naked_singles": False})
    first, second = Tracker(), Tracker()
    assert search.run(first) and search.run(second)
    assert (
        first.solution == second.solution == solve(SAMPLE, "pruned", naked_singles=False).solution
    )
    assert (first.stats.nodes, first.stats.forced) == (second.stats.nodes, second.stats.forced)
    assert search.board == parse(SAMPLE)


def test_a_prepared_search_stopped_by_the_bound_says_it_did_not_finish():
    track = Tracker(max_nodes=10)
    assert not prepare(ANTI_BACKTRACKING, method="naive").run(track)
    assert track.stats.nodes == 10 and track.solution is None


def swappable_rectangle(grid):
    """Four cells in two rows of one band and two stacks, holding a b / b a: they can swap."""
    for r1, r2 in itertools.combinations(range(9), 2):
        for c1, c2 in itertools.combinations(range(9), 2):
            one_band_two_stacks = r1 // 3 == r2 // 3 and c1 // 3 != c2 // 3
            crossed = grid[r1][c1] == grid[r2][c2] and grid[r1][c2] == grid[r2][c1]
            if one_band_two_stacks and crossed:
                return [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
    raise AssertionError("no swappable rectangle")


def test_count_solutions_tells_unique_from_not():
    assert count_solutions(SAMPLE) == 1
    assert count_solutions("." * 16, limit=1000) == 288  # the number of 4x4 Sudoku grids
    grid = solve(SAMPLE).solution
    for r, c in swappable_rectangle(grid):
        grid[r][c] = "."
    assert count_solutions(grid, limit=5) == 2
    assert count_solutions(grid, limit=1) == 1


def test_solve_sudoku_fills_the_board_in_place():
    board = parse(SAMPLE)
    assert solve_sudoku(board) is None
    assert_solves(SAMPLE, board)


def test_solve_sudoku_leaves_a_hopeless_board_alone():
    board = parse(VALID_BUT_UNSOLVABLE)
    with pytest.raises(SudokuError, match="no solution"):
        solve_sudoku(board)
    assert board == parse(VALID_BUT_UNSOLVABLE)


def test_solve_sudoku_refuses_rows_that_are_one_list():
    board = [["."] * 9] * 9
    with pytest.raises(PuzzleFormatError, match=r"rows 1, 2, .* and 9 of the board are one list"):
        solve_sudoku(board)
    assert board == [["."] * 9 for _ in range(9)]  # nothing was written
    some = [list(row) for row in parse(SAMPLE)]
    some[4] = some[7]
    with pytest.raises(PuzzleFormatError, match=r"rows 5 and 8 .* one list, not two") as caught:
        solve_sudoku(some)
    assert caught.value.row == 8


def test_every_famous_puzzle_has_its_name_and_one_solution():
    puzzles = famous()
    assert list(puzzles) == list(FAMOUS_NAMES) and len(set(puzzles.values())) == 7
    assert puzzles["sample"] == SAMPLE and puzzles["anti-backtracking"] == ANTI_BACKTRACKING
    assert all(count_solutions(p) == 1 for p in puzzles.values())
    assert SAMPLE_INVALID[1:] == SAMPLE[1:] and (SAMPLE[0], SAMPLE_INVALID[0]) == ("5", "8")
