"""Hostile input meets a clear error, at a bounded cost; shared tables cannot be broken; every
search stops at a bound that its message says how to raise."""

from __future__ import annotations

import importlib
import tracemalloc

import pytest

from sudoku_lib import (
    GaveUp,
    PuzzleFormatError,
    count_solutions,
    exact_cover,
    generate,
    geometry,
    parse,
    solve,
    solve_sudoku,
)
from sudoku_lib import search as search_module
from sudoku_lib.bench import run_benchmark
from sudoku_lib.board import MAX_TEXT
from sudoku_lib.errors import ArgumentError
from sudoku_lib.puzzles import FOUR_BY_FOUR, HARD1, SAMPLE, load_set
from sudoku_lib.search.classic import layout
from sudoku_lib.search.collect import find_solutions
from sudoku_lib.validate import DIGIT_BITS

generate_module = importlib.import_module(
    "sudoku_lib.generate"
)  # the name generate is the function

ROWS = [list(SAMPLE[r * 9 : r * 9 + 9]) for r in range(9)]


def with_cell(value: object) -> list[list[object]]:
    """The sample board with its first cell replaced by `value`."""
    board: list[list[object]] = [row[:] for row in ROWS]
    board[0][0] = value
    return board


class BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def deeply_nested(depth: int) -> list[object]:
    outer: list[object] = []
    inner = outer
    for _ in range(depth):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    return outer


# Messages that are safe to build


@pytest.mark.parametrize(
    "cell",
    [deeply_nested(100_000), BrokenRepr(), list(range(3_000_000)), "x" * 3_000_000, b"5"],
    ids=["nested 100,000 deep", "repr raises", "3 million items", "3 million chars", "bytes"],
)
def test_a_cell_of_any_kind_gets_a_short_message_naming_its_place(cell):
    with pytest.raises(PuzzleFormatError) as caught:
        parse(with_cell(cell))
    message = str(caught.value)
    assert "row 1, column 1" in message and len(message) < 300


def test_a_row_that_is_not_a_list_is_quoted_short():
    board = [*ROWS[:8], range(10**9)]
    with pytest.raises(PuzzleFormatError, match="row 9") as caught:
        parse(board)
    assert len(str(caught.value)) < 300


def test_huge_text_is_refused_before_any_per_character_work():
    text = "5" * 200_000_000  # 200 MB, allocated before measuring
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleFormatError, match="200,000,000 characters"):
            parse(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # bytes: nothing the size of the input was built


def test_text_just_within_the_limit_is_still_read():
    padded = SAMPLE + " " * (MAX_TEXT - len(SAMPLE))
    assert parse(padded) == ROWS


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("\ufeff" + SAMPLE, ["found 82", "character 1", "U+FEFF", "byte-order mark"]),
        (SAMPLE[:4] + "5\u0301" + SAMPLE[5:], ["found 82", "character 6", "U+0301", "COMBINING"]),
        ("\ufeff" + SAMPLE[1:], ["row 1, column 1", "U+FEFF"]),
        (SAMPLE[:9] + "\u200b" + SAMPLE[9:], ["character 10", "ZERO WIDTH SPACE"]),
        (SAMPLE[:80] + "\uff19", ["row 9, column 9", "FULLWIDTH DIGIT NINE"]),
    ],
    ids=["leading BOM", "combining mark", "BOM in place of a cell", "zero width", "full width"],
)
def test_an_invisible_or_lookalike_character_is_named(text, words):
    with pytest.raises(PuzzleFormatError) as caught:
        parse(text)
    for word in words:
        assert word in str(caught.value)


# Containers and caches


@pytest.mark.parametrize(
    "board",
    [SAMPLE, tuple(tuple(row) for row in ROWS), [tuple(row) for row in ROWS], None],
    ids=["a string", "a tuple of tuples", "a list of tuples", "None"],
)
def test_solve_sudoku_refuses_what_it_cannot_fill_in_place(board, monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("searched before refusing")

    monkeypatch.setattr(search_module, "solve", no_search)
    with pytest.raises(TypeError, match=r"fills the board in place \(LeetCode 37\)"):
        solve_sudoku(board)


def test_solve_sudoku_still_fills_a_list_of_lists():
    board = [row[:] for row in ROWS]
    solve_sudoku(board)
    assert board == solve(SAMPLE).solution


@pytest.mark.parametrize("size", [4, 9, 16])
def test_the_shared_geometry_cannot_be_changed(size):
    geo = geometry(size)
    with pytest.raises(AttributeError):
        geo.peers.clear()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        geo.peers[(0, 0)] = frozenset()  # type: ignore[index]
    for table in (geo.rows, geo.columns, geo.boxes, geo.units):
        assert isinstance(table, tuple) and all(isinstance(unit, tuple) for unit in table)
    assert isinstance(geo.digits, tuple)
    assert all(isinstance(peers, frozenset) for peers in geo.peers.values())
    with pytest.raises(AttributeError):
        geo.size = 5  # type: ignore[misc]
    assert geometry(size) is geo


def test_the_other_shared_tables_are_read_only():
    lay = layout(9)
    assert isinstance(lay.peers, tuple) and all(isinstance(p, tuple) for p in lay.peers)
    assert isinstance(lay.units, tuple) and all(isinstance(u, tuple) for u in lay.units[0])
    with pytest.raises(TypeError):
        DIGIT_BITS["1"] = 0  # type: ignore[index]


def test_a_whole_float_size_does_not_slip_into_the_cache():
    with pytest.raises(TypeError, match=r"size must be 4, 9 or 16; got 9\.0 \(a float\)"):
        geometry(9.0)  # type: ignore[arg-type]


# Every default bounded


@pytest.fixture
def small_defaults(monkeypatch):
    """Default bounds small enough to meet in a test (the real ones take seconds to reach)."""
    small = {"naive": 300, "pruned": 20, "classic": 20, "fast": 10}
    monkeypatch.setattr(search_module, "DEFAULT_MAX_NODES", small)
    return small


@pytest.mark.parametrize("method", ["naive", "pruned", "classic", "fast"])
def test_every_method_gives_up_at_its_default_and_says_how_to_go_on(small_defaults, method):
    result = solve(HARD1 if method != "naive" else SAMPLE, method)
    assert result.gave_up and result.stats.nodes == small_defaults[method]
    assert result.max_nodes == small_defaults[method]
    assert f"the default bound for method {method!r}" in result.reason
    assert "pass a larger max_nodes" in result.reason


def test_the_bound_asked_for_is_the_one_named():
    result = solve(HARD1, "classic", max_nodes=40)
    assert result.gave_up and "max_nodes=40" in result.reason and result.max_nodes == 40
    assert solve(SAMPLE, "naive", max_nodes=10**7).reason == "solved by naive"


def test_counting_the_empty_board_stops_at_the_default(small_defaults):
    with pytest.raises(GaveUp, match="default bound for method 'fast'") as caught:
        count_solutions("." * 81, limit=10**9)
    assert caught.value.bound == "max_nodes" and caught.value.value == small_defaults["fast"]
    assert "solutions found" in str(caught.value)
    with pytest.raises(GaveUp, match="find_solutions gave up"):
        find_solutions("." * 81, limit=10**9)


def test_the_real_defaults_are_far_above_what_the_bundled_puzzles_need():
    defaults = search_module.DEFAULT_MAX_NODES
    assert set(defaults) == set(search_module.METHODS)
    assert min(defaults.values()) >= 10_000
    assert count_solutions(HARD1, limit=1_000) == 1_000  # notebook 07's count: well inside


def test_solve_sudoku_says_when_it_gave_up(small_defaults):
    board = [list(HARD1[r * 9 : r * 9 + 9]) for r in range(9)]
    before = [row[:] for row in board]
    with pytest.raises(GaveUp, match="solve_sudoku gave up"):
        solve_sudoku(board)
    assert board == before


def test_exact_cover_is_bounded_too():
    with pytest.raises(GaveUp, match="Algorithm X gave up after 50 guesses"):
        exact_cover.count_exact_cover("." * 81, limit=10**9, max_nodes=50)
    assert exact_cover.count_exact_cover(HARD1, limit=2) == 2


def test_fast_says_when_it_hands_a_board_to_classic():
    for puzzle in (FOUR_BY_FOUR, "." * 256):
        result = solve(puzzle)
        assert result.solved and result.method == "classic (fast handles 9x9 only)"
    assert solve(SAMPLE).method == "fast"


def test_16x16_generation_refuses_a_count_it_would_take_hours_to_reach(monkeypatch):
    """Refused before any search: a search started would fail the test (not a clock, which a
    busy machine would fail)."""

    def no_search(*args, **kwargs):
        raise AssertionError("a search ran before the count was refused")

    monkeypatch.setattr(generate_module, "solve", no_search)
    monkeypatch.setattr(generate_module, "count_solutions", no_search)
    with pytest.raises(ValueError, match="from 120 to 256") as caught:
        generate(clues=55, size=16)
    assert "minutes to hours" in str(caught.value)


def test_generate_gives_up_after_its_attempts_and_says_how_to_try_more():
    with pytest.raises(GaveUp, match="attempts=20") as caught:
        generate(clues=17, seed=0, attempts=2)
    assert caught.value.bound == "attempts" and caught.value.value == 2


def test_the_benchmark_and_the_puzzle_sets_check_their_arguments_first():
    with pytest.raises(TypeError, match="repeat"):
        run_benchmark(["easy50"], ["fast"], repeat=2.5)
    with pytest.raises(ArgumentError, match="repeat"):
        run_benchmark(["easy50"], ["fast"], repeat=0)
    with pytest.raises(TypeError, match="name"):
        load_set(["top95"])
    with pytest.raises(ArgumentError, match="top96"):
        load_set("top96")
