"""Wrong answers a learner alone wrote while taking notebooks 00-08, each once misread by its
check (a box formula called "counted the blanks", a cell counted from 1 called "the most, not
the fewest", ...). Each check must now fail them and name the real mistake."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from sudoku_lib import Stepper, checks, parse, solve
from sudoku_lib.checks import nb08
from sudoku_lib.search.events import Try
from sudoku_lib.search.naive import is_valid

# notebook 00 -------------------------------------------------------------------------------


def choices_as_ints(puzzle: str) -> list[int]:
    """The right choices at the first blank, handed back as numbers."""
    board = [list(puzzle[i : i + 9]) for i in range(0, 81, 9)]
    r, c = divmod(puzzle.index("."), 9)
    return [int(d) for d in "123456789" if is_valid(board, r, c, d)]


# notebook 01 -------------------------------------------------------------------------------


def rows_of_eight(text: str) -> list[list[str]]:
    """Slices one cell short: 9 rows of 8."""
    text = text.replace("0", ".")
    return [list(text[i : i + 8]) for i in range(0, 81, 9)]


def eight_rows(text: str) -> list[list[str]]:
    """range stops one row early: 8 rows of 9."""
    text = text.replace("0", ".")
    return [list(text[i : i + 9]) for i in range(0, 72, 9)]


# notebook 02 -------------------------------------------------------------------------------


def row_ok(row: list[str]) -> bool:
    digits = [d for d in row if d != "."]
    return len(digits) == len(set(digits))


def band_not_multiplied(board: list[list[str]]) -> bool:
    """The dict check with r // box + c // box for the box: two boxes share a dict."""
    size = len(board)
    box = math.isqrt(size)
    seen: set[tuple[str, int, str]] = set()
    for r in range(size):
        for c in range(size):
            d = board[r][c]
            if d == ".":
                continue
            keys = {("row", r, d), ("column", c, d), ("box", r // box + c // box, d)}
            if keys & seen:
                return False
            seen |= keys
    return True


# notebook 03 -------------------------------------------------------------------------------


def fits(board: list[list[str]], r: int, c: int, d: str) -> bool:
    size = len(board)
    box = math.isqrt(size)
    if any(board[r][i] == d or board[i][c] == d for i in range(size)):
        return False
    top, left = box * (r // box), box * (c // box)
    return all(board[i][j] != d for i in range(top, top + box) for j in range(left, left + box))


def nine_digits_always(board: list[list[str]]) -> int:
    """solve_board made any size, except the digits: "123456789" on a 4x4 board too."""
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]
    placed = 0

    def fill(i: int) -> bool:
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789":
            if fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                if fill(i + 1):
                    return True
                board[r][c] = "."
        return False

    fill(0)
    return placed


def queens_counted_a_row_early(n: int) -> int:
    """A way counted when row == n - 1: one queen short."""

    def place(queens: list[int]) -> int:
        row = len(queens)
        if row == n - 1:
            return 1
        total = 0
        for col in range(n):
            if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
                queens.append(col)
                total += place(queens)
                queens.pop()
        return total

    return place([])


# notebook 04 -------------------------------------------------------------------------------


def candidates(board: list[list[str]], r: int, c: int) -> set[str]:
    top, left = 3 * (r // 3), 3 * (c // 3)
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    seen |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return {d for d in "123456789" if d not in seen}


def singles_as_sets(board: list[list[str]]) -> dict[tuple[int, int], set[str]]:
    """The candidate set stored, not its one digit."""
    return {
        (r, c): fits_here
        for r in range(9)
        for c in range(9)
        if board[r][c] == "." and len(fits_here := candidates(board, r, c)) == 1
    }


def most_constrained_from(board: list[list[str]], skip_zero: bool = False, plus: int = 0) -> Any:
    best, fewest = None, 10
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                count = len(candidates(board, r, c))
                if count < fewest and (count > 0 or not skip_zero):
                    best, fewest = (r + plus, c + plus), count
    return best


# notebook 05 -------------------------------------------------------------------------------


def counts_kept_outside() -> Callable[[str], dict[int, int]]:
    """tries_per_depth with its dict made once, outside: each call adds to the last one's."""
    counts: dict[int, int] = {}

    def tries_per_depth(puzzle: str) -> dict[int, int]:
        def listen(event: object) -> None:
            if isinstance(event, Try):
                counts[event.depth] = counts.get(event.depth, 0) + 1

        solve(puzzle, "naive", listener=listen)
        return counts

    return tries_per_depth


def tries_with_the_default_method(puzzle: str) -> dict[int, int]:
    """The listener given to solve(puzzle), whose default method needs no guess here."""
    counts: dict[int, int] = {}

    def listen(event: object) -> None:
        if isinstance(event, Try):
            counts[event.depth] = counts.get(event.depth, 0) + 1

    solve(puzzle, listener=listen)
    return counts


# notebook 06 -------------------------------------------------------------------------------


def median_whole_division(puzzles: list[str]) -> float:
    ordered = sorted(solve(puzzle, "naive").stats.nodes for puzzle in puzzles)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) // 2


def hardest_from_none(puzzles: dict[str, str], method: str) -> str:
    best, most = None, None
    for name, puzzle in puzzles.items():
        nodes = solve(puzzle, method).stats.nodes
        if nodes > most:  # type: ignore[operator]
            best, most = name, nodes
    return best  # type: ignore[return-value]


# notebook 07 -------------------------------------------------------------------------------


def count_up_to(puzzle: str, limit: int) -> int:
    """A learner's own count up to the limit (9x9 only), for an is_unique built on it: the check
    of is_unique refuses the library's search."""
    return count_without_base_case(puzzle, limit, full=1)


def count_without_base_case(puzzle: str, limit: int, full: int = 0) -> int:
    """count_up_to whose full board counts `full`: 0 is the mistake."""
    board = [list(puzzle[i : i + 9]) for i in range(0, 81, 9)] if len(puzzle) == 81 else None
    if board is None:
        return 0
    blanks = [(r, c) for r in range(9) for c in range(9) if board[r][c] == "."]

    def count_from(i: int) -> int:
        if i == len(blanks):
            return full
        r, c = blanks[i]
        found = 0
        for d in "123456789":
            if found < limit and fits(board, r, c, d):
                board[r][c] = d
                found += count_from(i + 1)
                board[r][c] = "."
        return found

    return count_from(0)


# notebook 08 -------------------------------------------------------------------------------


def combination_sum(candidates: list[int], target: int, down: int, skip: str = "") -> Any:
    """39 and 40 with the index passed down (`down`: 0 for i, 1 for i + 1) and the skip."""
    candidates = sorted(candidates)
    res: list[list[int]] = []

    def backtrack(start: int, remaining: int, path: list[int]) -> None:
        if remaining == 0:
            res.append(path[:])
            return
        for i in range(start, len(candidates)):
            first = {"start": start, "zero": 0}.get(skip)
            if first is not None and i > first and candidates[i] == candidates[i - 1]:
                continue
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i + down, remaining - candidates[i], path)
            path.pop()

    backtrack(0, target, [])
    return res


def combination_sum_unsorted(candidates: list[int], target: int) -> Any:
    """39 with its break, but the candidates never sorted."""
    res: list[list[int]] = []

    def backtrack(start: int, remaining: int, path: list[int]) -> None:
        if remaining == 0:
            res.append(path[:])
            return
        for i in range(start, len(candidates)):
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i, remaining - candidates[i], path)
            path.pop()

    backtrack(0, target, [])
    return res


def subsets_skip_from_zero(nums: list[int]) -> list[list[int]]:
    """90 with `i > 0` where `i > start` was meant."""
    nums = sorted(nums)
    res: list[list[int]] = []

    def backtrack(start: int, path: list[int]) -> None:
        res.append(path[:])
        for i in range(start, len(nums)):
            if i > 0 and nums[i] == nums[i - 1]:
                continue
            path.append(nums[i])
            backtrack(i + 1, path)
            path.pop()

    backtrack(0, [])
    return res


def partition_ends_short(s: str) -> list[list[str]]:
    """131 with range(start + 1, len(s)): no piece reaches the end."""
    res: list[list[str]] = []

    def backtrack(start: int, path: list[str]) -> None:
        if start == len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s)):
            piece = s[start:end]
            if piece == piece[::-1]:
                path.append(piece)
                backtrack(end, path)
                path.pop()

    backtrack(0, [])
    return res


WRONG: list[tuple[Callable[..., Any], Callable[..., Any], str]] = [
    (checks.check_first_choices, choices_as_ints, "one-character strings"),
    (checks.check_string_to_board, rows_of_eight, "9 rows of 8 cells"),
    (checks.check_string_to_board, eight_rows, "8 rows of 9 cells"),
    (checks.check_is_valid_row, lambda row: row_ok(row[1:]), "the row's first cell"),
    (checks.check_is_valid_board, band_not_multiplied, "box * (r // box) + c // box"),
    (checks.check_solve_counting, nine_digits_always, "a 4x4 board only uses the digits up to"),
    (checks.check_count_queens, queens_counted_a_row_early, "2x2 board always attack"),
    (checks.check_naked_singles, singles_as_sets, "the digit itself"),
    (checks.check_most_constrained, lambda b: most_constrained_from(b, plus=1), "count from 1"),
    (
        checks.check_most_constrained,
        lambda b: most_constrained_from(b, skip_zero=True),
        "has no candidate at all",
    ),
    (checks.check_tries_per_depth, counts_kept_outside(), "answers differently"),
    (checks.check_tries_per_depth, tries_with_the_default_method, "heard no Try"),
    (checks.check_median_nodes, median_whole_division, "not //"),
    (checks.check_hardest_for, hardest_from_none, "start from the first puzzle"),
    (
        checks.check_is_unique,
        lambda p: count_up_to(p, limit=2) >= 1,
        "compare the count with == 1",
    ),
    (checks.check_remove_clue, lambda p, i: p[:i] + "." + p[i:], "82 characters, not 81"),
    (checks.check_count_solutions, count_without_base_case, "does a full board count as one"),
    (nb08.check_combination_sum, lambda c, t: combination_sum(c, t, down=1), "pass i (not i + 1)"),
    (nb08.check_combination_sum, combination_sum_unsorted, "sort them first"),
    (
        nb08.check_combination_sum2,
        lambda c, t: combination_sum(c, t, down=0, skip="start"),
        "pass i + 1 (not i)",
    ),
    (
        nb08.check_combination_sum2,
        lambda c, t: combination_sum(c, t, down=1, skip="zero"),
        "i > start, not i > 0",
    ),
    (nb08.check_subsets_with_dup, subsets_skip_from_zero, "i > start, not i > 0"),
    (nb08.check_partition, partition_ends_short, "range(start + 1, len(s) + 1)"),
]


@pytest.mark.parametrize(("check", "wrong", "words"), WRONG, ids=[w for _, _, w in WRONG])
def test_a_learners_wrong_answer_is_named_for_its_mistake(check, wrong, words):
    report = check(wrong)
    assert report.outcome == "failed", report
    assert words in repr(report), report


def test_the_zeros_a_learner_kept_are_drawn_as_zeros():
    """Drawn through the course's grid text, a kept '0' looked like a blank: expected and got
    were the same picture."""
    report = checks.check_string_to_board(lambda s: [list(s[i : i + 9]) for i in range(0, 81, 9)])
    assert " 5 3 0 | 0 7 0 | 0 0 0" in repr(report), report


def test_an_answer_of_two_numbers_is_not_named_as_a_cell():
    """[4, 7] is a subsequence, not "(4, 7), row 5, column 8"."""
    report = nb08.check_find_subsequences(lambda nums: [[4, 6], [4, 6, 7]])
    assert "[4, 7]" in repr(report) and "row 5, column 8" not in repr(report), report


def test_one_answer_is_one_answer():
    report = nb08.check_combination_sum(lambda c, t: [[7]])
    assert "got      1 answer: [[7]]" in repr(report), report


def test_the_rule_check_is_titled_in_words_and_its_call_named_as_the_notebook_names_it():
    report = checks.check_is_valid(lambda b, r, c, d: True)
    assert repr(report).startswith("✗ rule check on any size, case "), report
    assert "you called: is_valid_any_size(board, " in repr(report), report


def test_a_stepper_answer_is_refused_now_that_the_replay_is_the_exercise():
    """Notebook 05's first exercise asks for the replay the stepper does: a Stepper inside the
    answer does the exercise, and the check says so."""
    report = checks.check_board_after(
        lambda p, s: (lambda st: (st.goto(s), st.board)[1])(Stepper(p))
    )
    assert not report.passed and "library's own `Stepper`" in repr(report), report


def pruned_keeping_forced_digits(board: list[list[str]]) -> tuple[Any, int]:
    """Notebook 04's capstone with naked singles and the most constrained cell, whose failed
    branches take back the tried digit but leave the digits their singles forced."""
    board = [row[:] for row in board]
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        while singles := {
            (r, c): next(iter(fits))
            for r in range(9)
            for c in range(9)
            if board[r][c] == "." and len(fits := candidates(board, r, c)) == 1
        }:
            for (r, c), digit in singles.items():
                if digit not in candidates(board, r, c):
                    return False  # the forced digits stay on the board
                board[r][c] = digit
        cell = most_constrained_from(board)
        if cell is None:
            return True
        r, c = cell
        for digit in sorted(candidates(board, r, c)):
            board[r][c] = digit
            nodes += 1
            if search():
                return True
            board[r][c] = "."
        return False

    return (board if search() else None), nodes


def test_forced_digits_left_behind_are_named_and_the_solution_drawn():
    report = checks.check_pruned_solve(pruned_keeping_forced_digits)
    assert report.outcome == "failed", report
    text = repr(report)
    assert "every digit that level forced" in text, report
    assert "expected\n         7 9 6 | 1 5 2 | 3 8 4" in text, report  # a grid, not a cut repr


def naked_singles_of_the_unit(board: list[list[str]], unit: list[tuple[int, int]]) -> dict:
    """Hidden singles mistaken for naked ones: the cells of the unit with one candidate."""
    return {
        next(iter(fits)): (r, c)
        for r, c in unit
        if board[r][c] == "." and len(fits := candidates(board, r, c)) == 1
    }


@pytest.mark.parametrize(
    ("check", "wrong", "words"),
    [
        (checks.check_hidden_singles, naked_singles_of_the_unit, "so it is no hidden single"),
        (checks.check_count_blanks, lambda p: sum(p[i] == "." for i in range(80)), "range(81)"),
        (checks.check_count_blanks, lambda p: sum(ch == "." for ch in p[1:]), "first character"),
    ],
    ids=["naked for hidden", "range(80)", "from 1"],
)
def test_more_wrong_answers_are_named(check, wrong, words):
    report = check(wrong)
    assert report.outcome == "failed" and words in repr(report), report


def test_a_board_after_that_returns_nothing_is_told_to_return_the_board():
    """A replay that forgets its `return board` is told so, and the expected 4x4 board is drawn
    indented like every other board."""

    def board_after(puzzle: str, steps: int) -> None:
        board = parse(puzzle)
        events: list[Any] = []
        solve(puzzle, "naive", listener=events.append)
        for event in events[:steps]:
            if isinstance(event, Try):
                board[event.row][event.col] = event.digit

    report = checks.check_board_after(board_after)
    text = repr(report)
    assert "is the `return board` missing" in text, report
    assert "    expected\n         . . | . ." in text, report


def test_peers_written_as_lists_are_named():
    """Cells as [r, c] lists: the check said only 'expected 20 cells, got 20 cells'."""

    def peers_as_lists(r: int, c: int) -> list[list[int]]:
        top, left = 3 * (r // 3), 3 * (c // 3)
        box = {(i, j) for i in range(top, top + 3) for j in range(left, left + 3)}
        cells = {(r, j) for j in range(9)} | {(i, c) for i in range(9)} | box
        return [list(cell) for cell in sorted(cells - {(r, c)})]

    report = checks.check_peers_of(peers_as_lists)
    assert report.outcome == "failed" and "your cells are lists" in repr(report), report


def test_a_dead_end_cell_written_as_a_list_is_named():
    def first_dead_end(puzzle: str) -> tuple[int, list[int]] | None:
        board = parse(puzzle)
        size, step = len(board), 0
        for r in range(size):
            for c in range(size):
                if board[r][c] == ".":
                    step += 1
                    fits = [d for d in "123456789"[:size] if is_valid(board, r, c, d)]
                    if not fits:
                        return step, [r + 1, c + 1]
                    board[r][c] = fits[0]
        return None

    report = checks.check_first_dead_end(first_dead_end)
    assert "write each cell as a tuple, (1, 4)" in repr(report), report


def count_all_as_solve_board(board: list[list[str]]) -> bool:
    """count_all written as solve_board: True at the first solution, never a count."""
    size = len(board)
    for r in range(size):
        for c in range(size):
            if board[r][c] == ".":
                for d in "123456789ABCDEFG"[:size]:
                    if fits(board, r, c, d):
                        board[r][c] = d
                        if count_all_as_solve_board(board):
                            return True
                        board[r][c] = "."
                return False
    return True


def test_a_count_that_returns_true_is_told_to_count():
    report = checks.check_count_all(count_all_as_solve_board)
    assert "count_all must return a number" in repr(report), report


def subsequences(nums: list[int], fault: str) -> list[list[int]]:
    """491 with one fault: 'return' after recording, 'strict' (<=), or one 'shared' tried set."""
    res: list[list[int]] = []
    shared: set[int] = set()

    def backtrack(start: int, path: list[int]) -> None:
        if len(path) >= 2:
            res.append(path[:])
            if fault == "return":
                return
        tried = shared if fault == "shared" else set()
        for i in range(start, len(nums)):
            if path and (nums[i] <= path[-1] if fault == "strict" else nums[i] < path[-1]):
                continue
            if nums[i] in tried:
                continue
            tried.add(nums[i])
            path.append(nums[i])
            backtrack(i + 1, path)
            path.pop()

    backtrack(0, [])
    return res


@pytest.mark.parametrize(
    ("fault", "words"),
    [
        ("return", "no `return`"),
        ("strict", "(<, not <=)"),
        ("shared", "inside each call, before its loop"),
    ],
)
def test_increasing_subsequences_faults_are_named(fault, words):
    report = nb08.check_find_subsequences(lambda nums: subsequences(nums, fault))
    assert report.outcome == "failed" and words in repr(report), report


def test_right_increasing_subsequences_still_pass():
    assert nb08.check_find_subsequences(lambda nums: subsequences(nums, "")).passed
