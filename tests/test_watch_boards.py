"""`watch` on boards as learners hand them in: the LeetCode 37 solver, aliased rows, copies,
boards that are not boards, and a run that stops: the learner's board afterwards is what a
plain call leaves (or, when the run is stopped, what they passed in), and nothing of the
recorder is left in it."""

from __future__ import annotations

import copy
import sys

import numpy
import pytest

from sudoku_lib import parse, solve, watch
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.watch import Prune, Write
from tools.bench_watch import Solution  # LeetCode 37 as it is published


def test_the_leetcode_37_solver_runs_to_the_end_with_the_default_bound() -> None:
    board = parse(SAMPLE)
    recording = watch(Solution().solveSudoku, board)
    assert recording.error is None, recording.error
    assert recording.placed == 4208
    assert board == solve(SAMPLE).solution
    assert not any(isinstance(step, Prune) for step in recording.steps)  # a skip is no prune


def test_the_function_gets_the_callers_own_board_and_leaves_plain_rows_in_it() -> None:
    board = parse(SAMPLE)
    rows = list(board)
    seen = []

    def look(given: list[list[str]]) -> list[list[str]]:
        seen.append(given is board)
        given[0][2] = "4"
        return given

    recording = watch(look, board)
    assert seen == [True]
    assert recording.result is board
    assert all(row is original for row, original in zip(board, rows, strict=True))
    assert all(type(row) is list for row in board) and board[0][2] == "4"


def test_a_returned_board_never_records_after_watch_returned() -> None:
    def rows_of(board: list[list[str]]) -> list[list[str]]:
        return [row for row in board]  # a new list of the same row objects

    board = parse(SAMPLE)
    recording = watch(rows_of, board)
    returned = recording.result
    for _ in range(200_000):  # more writes than max_steps: once recorded, this would stop
        returned[0][2] = "4"
    assert all(type(row) is list for row in returned)
    assert all(a is b for a, b in zip(returned, board, strict=True))
    assert sys.gettrace() is None and sys.getprofile() is None


def test_aliased_rows_are_shown_as_the_aliasing_they_are() -> None:
    def diagonal(board: list[list[str]]) -> None:
        for i in range(len(board)):
            board[i][i] = "Q"

    plain = [["."] * 4] * 4
    diagonal(plain)
    board = [["."] * 4] * 4
    recording = watch(diagonal, board)
    assert board == plain and all(row is board[0] for row in board)  # the same, and aliased
    replayed = recording.goto(recording.total).board
    assert replayed == plain  # every row shows every queen, as the learner's board does
    writes = [step for step in recording.steps if isinstance(step, Write)]
    assert len(writes) == 16  # each write shows in the four rows that are one list


def test_a_stopped_run_puts_the_learners_board_and_lists_back() -> None:
    def fill_forever(board: list[list[str]], seen: list[int]) -> None:
        while True:
            for r in range(4):
                board[r][r] = "1"
                seen.append(r)

    board = [["."] * 4 for _ in range(4)]
    rows = list(board)
    seen: list[int] = [7]
    recording = watch(fill_forever, board, seen, max_steps=50)
    assert recording.error is not None
    assert recording.error.endswith("Put back as they were before the call: board, seen.")
    assert board == [["."] * 4 for _ in range(4)]
    assert all(a is b for a, b in zip(board, rows, strict=True))
    assert seen == [7]
    assert recording.result is None


def test_a_failing_run_puts_them_back_too() -> None:
    def place_then_fail(board: list[list[str]]) -> None:
        board[0][0] = "1"
        raise ValueError("no")

    board = [["."] * 4 for _ in range(4)]
    recording = watch(place_then_fail, board)
    assert "raised ValueError" in recording.error
    assert recording.error.endswith("Put back as they were before the call: board.")
    assert board[0][0] == "."


def test_copies_of_a_watched_board_are_plain_and_not_replayed() -> None:
    def copies(board: list[list[str]]) -> tuple[list[list[str]], list[str]]:
        deep = copy.deepcopy(board)
        shallow = copy.copy(board[0])
        deep[1][1] = "9"
        shallow[3] = "8"
        board[0][0] = "1"
        return deep, shallow

    board = [["."] * 4 for _ in range(4)]
    recording = watch(copies, board)
    assert recording.error is None, recording.error
    deep, shallow = recording.result
    assert type(deep[0]) is list and type(shallow) is list
    writes = [(s.row, s.col, s.new) for s in recording.steps if isinstance(s, Write)]
    assert writes == [(0, 0, "1")]
    assert board[1][1] == "." and board[0][3] == "."


def queens_hash(n: int) -> int:
    """N-Queens on a board of '#' blanks, counting the boards it completes."""
    board = [["#"] * n for _ in range(n)]

    def free(r: int, c: int) -> bool:
        return all(
            board[i][j] != "Q" for i in range(r) for j in range(n) if j == c or abs(j - c) == r - i
        )

    def place(r: int) -> int:
        if r == n:
            return 1
        total = 0
        for c in range(n):
            if free(r, c):
                board[r][c] = "Q"
                total += place(r + 1)
                board[r][c] = "#"
        return total

    return place(0)


def test_a_hash_blank_is_a_blank() -> None:
    def solve_on(board: list[list[str]]) -> int:
        n = len(board)
        if all("Q" in row for row in board):
            return 1
        r = sum("Q" in row for row in board)
        total = 0
        for c in range(n):
            if all(board[i][c] != "Q" for i in range(r)) and all(
                board[i][j] != "Q" for i in range(r) for j in range(n) if abs(j - c) == r - i
            ):
                board[r][c] = "Q"
                total += solve_on(board)
                board[r][c] = "#"
        return total

    board = [["#"] * 4 for _ in range(4)]
    recording = watch(solve_on, board)
    queens = sum(1 for s in recording.steps if isinstance(s, Write) and not s.erase)
    erased = sum(1 for s in recording.steps if isinstance(s, Write) and s.erase)
    assert recording.result == 2 == queens_hash(4)
    assert recording.placed == queens == erased  # a queen placed, then taken off to '#'
    assert recording.goto(recording.total).board == [["#"] * 4 for _ in range(4)]


def test_a_square_table_of_numbers_or_sets_is_not_a_board() -> None:
    def degree(matrix: list[list[int]]) -> int:
        matrix[0][1] = 5
        return sum(matrix[0])

    matrix = [[0, 1], [1, 0]]
    recording = watch(degree, matrix)
    assert recording.result == 5 and recording.initial_board is None and recording.placed == 0

    def narrow(cells: list[list[set[str]]]) -> int:
        cells[0][0].discard("2")
        return len(cells[0][0])

    candidates = [[{"1", "2"}, {"1"}], [{"2"}, {"1", "2"}]]
    recording = watch(narrow, candidates)
    assert recording.result == 1 and recording.error is None
    recording.goto(recording.total)  # replays without `unhashable type`
    assert candidates[0][0] == {"1"}


@pytest.mark.parametrize("seconds", [float("inf"), float("nan"), 0, -1])
def test_max_seconds_that_is_not_a_finite_positive_time_is_refused_with_words(
    seconds: float,
) -> None:
    with pytest.raises(ValueError, match="max_seconds"):
        watch(len, [1], max_seconds=seconds)


def test_a_huge_max_seconds_and_a_numpy_max_steps_are_accepted() -> None:
    recording = watch(len, [1, 2], max_seconds=1e12, max_steps=numpy.int64(10))
    assert recording.result == 2 and recording.error is None


def test_an_exception_that_cannot_be_shown_and_a_list_without_a_length_give_words() -> None:
    class Broken(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no words")

    class NoLength(list):  # type: ignore[type-arg]
        def __len__(self) -> int:
            raise RuntimeError("no length")

    def raises(n: int) -> None:
        raise Broken

    recording = watch(raises, 1)
    assert recording.error is not None and "raised Broken" in recording.error
    recording = watch(len, NoLength([1]))
    assert recording.error is not None and "RuntimeError" in recording.error
    assert "no length" in recording.error
