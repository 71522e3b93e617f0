"""The fast solver: right on every bundled puzzle and in every dress; counting, bounds, events."""

from __future__ import annotations

import gzip
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from sudoku_lib import GaveUp, SudokuError, count_solutions, solve
from sudoku_lib.board import parse
from sudoku_lib.puzzles import HARD1, SAMPLE, SETS, load_set
from sudoku_lib.search import fast, fast_tables
from sudoku_lib.search.events import Try
from tests.grid_checks import Dress, assert_solves, flat

DATA = Path(__file__).parent / "data"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
"""The LeetCode sample's solution, checked by assert_solves below before anything relies on it."""


def test_the_reference_grid_is_a_solution() -> None:
    assert_solves(SAMPLE, SOLVED)


@pytest.mark.parametrize("name", SETS)
def test_solves_every_bundled_puzzle(name: str) -> None:
    for puzzle in load_set(name):
        result = solve(puzzle, method="fast")
        assert result.status == "solved", puzzle
        assert_solves(puzzle, result.solution)


@pytest.mark.parametrize("name", SETS)
def test_agrees_with_classic(name: str) -> None:
    """Every bundled puzzle has one solution, so two independent methods must find the same."""
    for puzzle in load_set(name)[::25]:
        assert solve(puzzle, method="fast").solution == solve(puzzle, method="classic").solution


def test_agrees_with_naive_and_pruned_on_the_sample() -> None:
    answers = {flat(solve(SAMPLE, method=m).solution) for m in ("fast", "naive", "pruned")}
    assert answers == {SOLVED}


@pytest.mark.parametrize("seed", range(40))
def test_a_puzzle_in_another_dress_has_the_dressed_solution(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = rng.choice(load_set("top95") + load_set("hardest375"))
    solution = flat(solve(puzzle, method="fast").solution)
    dress = Dress.random(rng)
    result = solve(dress(puzzle), method="fast")
    assert flat(result.solution) == dress(solution)


def test_the_givens_are_not_touched() -> None:
    board = [list(SAMPLE[r * 9 : r * 9 + 9]) for r in range(9)]
    before = [row[:] for row in board]
    solve(board, method="fast")
    assert board == before


NAIVE_BOUND = 200_000
"""Nodes the naive search may spend on one random puzzle: a few tenths of a second."""


@given(st.randoms(use_true_random=False), st.integers(min_value=30, max_value=50))
@settings(max_examples=30, deadline=None)
def test_counts_like_the_naive_search(rng: random.Random, blanks: int) -> None:
    """Blank cells of a solved grid: the naive search, which tries everything, counts the same.
    A puzzle whose blanks the naive search cannot settle within NAIVE_BOUND (hypothesis can find
    one: the top five rows all blank) says nothing about `fast`, and is passed over."""
    cells = list(Dress.random(rng)(SOLVED))
    for i in rng.sample(range(81), blanks):
        cells[i] = "."
    puzzle = "".join(cells)
    fast = count_solutions(puzzle, limit=10, method="fast")
    try:
        naive = count_solutions(puzzle, limit=10, method="naive", max_nodes=NAIVE_BOUND)
    except GaveUp:
        reject()
    assert fast == naive
    assert fast >= 1  # the grid it came from is one


def test_hard1_has_more_than_one_solution() -> None:
    assert count_solutions(HARD1, limit=2) == 2
    assert count_solutions(HARD1, limit=10) == 10


def test_a_proper_puzzle_has_one_solution() -> None:
    assert count_solutions(load_set("hardest375")[0], limit=5) == 1


UNSOLVABLE = [
    # no givens clash, but cell (1, 9) has no digit left: 1-8 in its row, 9 in its column
    "12345678.........9" + "." * 63,
    # the sample with its top-left 5 moved to cell (1, 2): no clash, no solution
    ".5..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
]


@pytest.mark.parametrize("puzzle", UNSOLVABLE)
def test_a_valid_but_unsolvable_puzzle_has_no_solution(puzzle: str) -> None:
    assert count_solutions(puzzle, method="naive", max_nodes=10**6) == 0
    assert count_solutions(puzzle, method="fast") == 0
    assert solve(puzzle, method="fast").status == "no solution"


def test_max_nodes_gives_up() -> None:
    puzzle = load_set("hardest375")[0]
    assert solve(puzzle, method="fast").stats.nodes > 3
    result = solve(puzzle, method="fast", max_nodes=3)
    assert result.status == "gave up"
    assert result.solution is None
    with pytest.raises(SudokuError, match="gave up"):
        count_solutions(puzzle, method="fast", max_nodes=3)


def test_a_listener_hears_every_node() -> None:
    events: list[object] = []
    result = solve(load_set("hardest375")[1], method="fast", listener=events.append)
    assert result.solved
    assert sum(isinstance(e, Try) for e in events) == result.stats.nodes > 0


def test_each_solve_starts_with_no_blame() -> None:
    """Blame is learnt within one search only: the same puzzle takes the same path every time,
    whatever was solved before it."""
    first, second = load_set("hardest375")[:2]

    def path(puzzle: str) -> list[object]:
        events: list[object] = []
        solve(puzzle, method="fast", listener=events.append)
        return events

    alone = path(first)
    solve(second, method="fast")
    assert path(first) == alone
    assert sum(isinstance(e, Try) for e in alone) > 10  # a search long enough to learn in


def test_a_rule_with_no_way_through_blames_its_digits_cells() -> None:
    """Digit 1 may only use the top row of each of the three top boxes: no row is left for two
    of them, so the band rule fails and the nine cells where 1 still stood take the blame."""
    places, boxes, blame = (
        [fast_tables.ALL] * 81,
        [fast_tables.ALL] * 9 + [0] * 9 + [fast_tables.ALL] * 9,
        [0] * 81,
    )
    top_row = fast_tables.ROW_CELLS[0b001]
    for k in range(3):
        places[k] = top_row  # digit index 0 in box k
    assert not fast.settle(places, boxes, fast_tables.BAND_RULE[0], 0, blame)
    blamed = {(k, q) for k in range(9) for q in range(9) if blame[9 * k + q]}
    assert blamed == {(k, q) for k in range(3) for q in range(3)}


def assert_box_marks_match_a_count(places: list[int], boxes: list[int]) -> None:
    """Each box's open cells and two-digit cells, as the box rule keeps them, agree with
    counting every digit's places cell by cell."""
    for k in range(9):
        fixed = {places[9 * d + k] for d in range(9) if places[9 * d + k].bit_count() == 1}
        digits = [sum(places[9 * d + k] >> q & 1 for d in range(9)) for q in range(9)]
        open_cells = {q for q in range(9) if 1 << q not in fixed}
        assert {q for q in range(9) if boxes[k] >> q & 1} == open_cells
        assert {q for q in range(9) if boxes[9 + k] >> q & 1} == {
            q for q in open_cells if digits[q] == 2
        }


@pytest.mark.parametrize("puzzle", load_set("hardest375")[:5])
def test_the_box_rule_keeps_open_and_two_digit_cells_up_to_date(puzzle: str) -> None:
    """The marks the search branches on are fresh after propagation, and again after a guess
    and its propagation (when the guess does not fail)."""
    state = fast.propagated_givens(parse(puzzle))
    assert state is not None
    places, boxes, _ = state
    assert_box_marks_match_a_count(places, boxes)
    options = fast.choices(places, boxes, [0] * 81)
    assert options is not None
    for j, bit in options:
        branch, branch_boxes = places[:], boxes[:]
        dirty = fast.place(branch, branch_boxes, j, bit)
        if fast.settle(branch, branch_boxes, dirty, fast_tables.BOX_RULE[j], [0] * 81):
            assert_box_marks_match_a_count(branch, branch_boxes)


def test_other_sizes_are_solved() -> None:
    """4x4 and 16x16 go to the classic solver; a patterned grid with blanks must come back."""
    for size, box in ((4, 2), (16, 4)):
        full = "".join(
            "123456789ABCDEFG"[(box * (r % box) + r // box + c) % size]
            for r in range(size)
            for c in range(size)
        )
        assert_solves(full, full)
        rng = random.Random(size)
        cells = list(full)
        for i in rng.sample(range(size * size), size * size // 2):
            cells[i] = "."
        puzzle = "".join(cells)
        assert_solves(puzzle, solve(puzzle, method="fast").solution)


@pytest.mark.slow
def test_every_17_clue_puzzle() -> None:
    """All 49,151 known 17-clue puzzles (tests/data/README.md says where they come from)."""
    with gzip.open(DATA / "17clue.txt.gz", "rt", encoding="utf-8") as lines:
        puzzles = [line.strip() for line in lines if line.strip()]
    assert len(puzzles) == 49_151
    start = time.perf_counter()
    for puzzle in puzzles:
        assert_solves(puzzle, solve(puzzle, method="fast").solution)
    print(f"\n{len(puzzles):,} 17-clue puzzles in {time.perf_counter() - start:.1f} s")
