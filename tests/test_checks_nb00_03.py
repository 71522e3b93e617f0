"""The self-checks of notebooks 00-03: they pass right answers, catch wrong ones by name, and say
"not done yet" on a stub without raising."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections import Counter
from functools import cache
from math import isqrt

import pytest

from sudoku_lib import box_index, checks, count_solutions, geometry, parse, solve_sudoku
from sudoku_lib.board import givens
from sudoku_lib.checks.core import Case, check_cases
from sudoku_lib.checks.fixtures import SMALL_4X4, other_sizes, sample_boards
from sudoku_lib.checks.nb03 import IS_VALID_CASES, SMALL_CASES
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.search.naive import is_valid
from sudoku_lib.validate import is_valid_sudoku


def stub(*args):
    raise NotImplementedError


def box_number(r, c, box=3):
    """The box of (r, c), found by looking for the box x box block that holds it."""
    blocks = [(br, bc) for br in range(box) for bc in range(box)]
    return blocks.index((r // box, c // box))


@cache
def peers(r, c):
    return frozenset(
        (i, j)
        for i in range(9)
        for j in range(9)
        if (i, j) != (r, c) and (i == r or j == c or box_number(i, j) == box_number(r, c))
    )


def valid_row(row):
    digits = [d for d in row if d != "."]
    return len(digits) == len(set(digits))


def units(board):
    return units_of_size(len(board))


@cache
def units_of_size(n):
    """Rows, columns and boxes of an n x n board, each a list of cells."""
    box = isqrt(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rows = [[(r, c) for r, c in cells if r == i] for i in range(n)]
    cols = [[(r, c) for r, c in cells if c == i] for i in range(n)]
    boxes = [[(r, c) for r, c in cells if box_number(r, c, box) == b] for b in range(n)]
    return tuple(rows + cols + boxes)


def valid_board(board):
    return all(valid_row([board[r][c] for r, c in unit]) for unit in units(board))


def clash(board):
    for unit in units(board):
        seen = {}
        for r, c in unit:
            d = board[r][c]
            if d != "." and d in seen:
                return seen[d], (r, c)
            seen[d] = (r, c)
    return None


def fits(board, r, c, d):
    """d may go at (r, c) when no other cell of a unit through (r, c) holds it."""
    return all(board[i][j] != d for i, j in neighbours(len(board), r, c))


@cache
def neighbours(n, r, c):
    return {cell for unit in units_of_size(n) if (r, c) in unit for cell in unit} - {(r, c)}


def count_all(board):
    """Every solution, by trying every digit in the first blank (a fresh brute force)."""
    blanks = [(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."]
    if not blanks:
        return 1
    r, c = blanks[0]
    total = 0
    for d in "123456789ABCDEFG"[: len(board)]:
        if fits(board, r, c, d):
            board[r][c] = d
            total += count_all(board)
            board[r][c] = "."
    return total


def solve_counting(board, unchoose=True):
    """A plain backtracking written afresh for the test: reading order, digits ascending.

    `unchoose=False` leaves out the line that clears a cell on the way back: the typical
    wrong answer the checker must name.
    """
    blanks = [(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."]
    placed = 0

    def fill(i):
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[: len(board)]:
            if fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                if fill(i + 1):
                    return True
                if unchoose:
                    board[r][c] = "."
        return False

    fill(0)
    return placed


def queens(n, placed=()):
    if len(placed) == n:
        return 1
    row = len(placed)
    return sum(
        queens(n, (*placed, col))
        for col in range(n)
        if all(c != col and abs(c - col) != row - r for r, c in enumerate(placed))
    )


def first_choices(puzzle):
    board = parse(puzzle)
    r, c = divmod(puzzle.index("."), 9)
    return [d for d in "123456789" if is_valid(board, r, c, d)]


RIGHT = {
    "check_count_blanks": lambda puzzle: sum(ch == "." for ch in puzzle),
    "check_first_choices": first_choices,
    "check_box_of": box_number,
    "check_peers_of": peers,
    "check_string_to_board": lambda s: [
        [ch if ch != "0" else "." for ch in s[i : i + 9]] for i in range(0, 81, 9)
    ],
    "check_is_valid_row": valid_row,
    "check_is_valid_board": valid_board,
    "check_find_clash": clash,
    "check_is_valid": fits,
    "check_count_all": count_all,
    "check_solve_counting": solve_counting,
    "check_count_queens": queens,
}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_a_right_answer_passes(name):
    report = getattr(checks, name)(RIGHT[name])
    assert report.passed, report


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_a_stub_is_not_done_yet(name):
    report = getattr(checks, name)(stub)
    assert report.outcome == "not done yet"
    assert "not done yet" in repr(report)


def test_a_crashing_answer_is_reported_not_raised():
    report = checks.check_box_of(lambda r, c, box: 1 / 0)
    assert report.outcome == "failed" and "ZeroDivisionError" in repr(report)


def test_is_valid_case_names_say_the_truth():
    board = parse(SAMPLE)
    for name, (r, c, d) in IS_VALID_CASES.items():
        assert fits(board, r, c, d) == name.endswith("(fits)"), name


def test_the_clash_boards_break_the_rule_as_named():
    for name, board in sample_boards().items():
        expected_valid = name in {"the sample board", "the solved sample", "an empty board"}
        assert valid_board(board) == expected_valid, name


def test_the_other_sizes_break_the_rule_as_named():
    for name, board in other_sizes().items():
        assert valid_board(board) == ("clash" not in name and "changed" not in name), name


def test_small_is_valid_case_names_say_the_truth():
    board = parse(SMALL_4X4)
    for name, (r, c, d) in SMALL_CASES.items():
        assert fits(board, r, c, d) == name.endswith("(fits)"), name


def test_the_counting_solver_expects_4208_on_the_sample():
    assert solve_counting(parse(SAMPLE)) == 4208


# --- typical wrong answers, and the words that must name each problem ---------------------------


def first_blank(board):
    return next(
        ((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."), None
    )


def solve_without_unchoose(board):
    """The counting solver with its un-choose line left out."""
    return solve_counting(board, unchoose=False)


def count_without_unchoose(board):
    cell = first_blank(board)
    if cell is None:
        return 1
    r, c = cell
    total = 0
    for d in "123456789ABCDEFG"[: len(board)]:
        if fits(board, r, c, d):
            board[r][c] = d
            total += count_without_unchoose(board)
    return total


def count_by_brute_force(board):
    """Every digit in every blank, the rules checked only on a full board."""
    cell = first_blank(board)
    if cell is None:
        return int(valid_board(board))
    r, c = cell
    total = 0
    for d in "123456789ABCDEFG"[: len(board)]:
        board[r][c] = d
        total += count_by_brute_force(board)
        board[r][c] = "."
    return total


def count_without_return(board):
    """The loops run on past the first blank: the same boards are counted many times."""
    total = 0
    blank = False
    for r, row in enumerate(board):
        for c, d in enumerate(row):
            if d == ".":
                blank = True
                for digit in "123456789ABCDEFG"[: len(board)]:
                    if fits(board, r, c, digit):
                        board[r][c] = digit
                        total += count_without_return(board)
                        board[r][c] = "."
    return total if blank else 1


def stops_at_first(board):
    return min(count_all(board), 1)


def is_valid_any_size(board, r, c, d):
    raise NotImplementedError


def solve_with_a_stubbed_helper(board):
    for r, c in [first_blank(board)]:
        is_valid_any_size(board, r, c, "1")
    return 0


def rows_only(board):
    return all(valid_row(row) for row in board)


def rows_and_columns(board):
    return rows_only(board) and rows_only([list(col) for col in zip(*board, strict=False)])


def nine_only(board):
    return all(valid_row([board[r][c] for r, c in unit]) for unit in units_of_size(9))


def queens_without_diagonals(n, placed=()):
    if len(placed) == n:
        return 1
    return sum(queens_without_diagonals(n, (*placed, c)) for c in range(n) if c not in placed)


def fits_without_box(board, r, c, d):
    return all(board[r][i] != d and board[i][c] != d for i in range(len(board)))


def fits_nine_only(board, r, c, d):
    top, left = 3 * (r // 3), 3 * (c // 3)
    box = [board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)]
    return all(board[r][i] != d and board[i][c] != d for i in range(9)) and d not in box


def peers_without_box(r, c):
    return {(i, j) for i, j in peers(r, c) if i == r or j == c}


def peers_without_column(r, c):
    return {(i, j) for i, j in peers(r, c) if j != c}


def solve_a_copy(board):
    return solve_counting([row[:] for row in board])


def counts_only_blanks(board):
    blanks = sum(row.count(".") for row in board)
    solve_counting(board)
    return blanks


def counts_tries(board):
    placed = solve_counting(board)
    return placed + 1


WRONG = [  # (check, a wrong answer, words its report must contain)
    ("check_count_blanks", lambda p: sum(ch != "." for ch in p), "counted the givens"),
    ("check_count_blanks", len, "all 81 cells"),
    ("check_count_blanks", lambda p: 81 - len(givens(parse(p))), "library's own `givens`"),
    ("check_first_choices", lambda p: set(first_choices(p)), "return a list, sorted"),
    ("check_first_choices", lambda p: [int(d) for d in first_choices(p)], "'5', not 5"),
    ("check_first_choices", lambda p: first_choices(p)[::-1], "in order, from 1 up"),
    ("check_box_of", lambda r, c, box: 3 * (r // 3) + c // 3, "9x9 boards only"),
    ("check_box_of", lambda r, c, box: box * (r // box) + c // box + 1, "count from 1"),
    ("check_box_of", lambda r, c, box: box * (c // box) + r // box, "swapped"),
    ("check_box_of", lambda r, c, box: r // box + c // box, "multiplied"),
    ("check_box_of", lambda r, c, box: box * r // box + c // box, "brackets"),
    ("check_box_of", box_index, "library's own `box_index`"),
    ("check_box_of", lambda r, c, box: box_index(r, c, box), "calls the library's own"),
    ("check_peers_of", lambda r, c: peers(r, c) | {(r, c)}, "the cell itself"),
    ("check_peers_of", lambda r, c: peers(r, c) | {(r, c)}, "extra (in your answer"),
    ("check_peers_of", peers_without_box, "in its box"),
    ("check_peers_of", peers_without_column, "in its column"),
    ("check_peers_of", lambda r, c: {(i + 1, j + 1) for i, j in peers(r, c)}, "count from 1"),
    ("check_peers_of", lambda r, c: [*peers(r, c), (r, (c + 1) % 9)], "twice"),
    ("check_peers_of", lambda r, c: geometry(9).peers[(r, c)], "library's own `geometry`"),
    ("check_string_to_board", lambda s: [list(s[i : i + 9]) for i in range(0, 81, 9)], "'0'"),
    ("check_string_to_board", lambda s: [s[i : i + 9] for i in range(0, 81, 9)], "string"),
    ("check_string_to_board", lambda s: list(s), "81 cells"),
    ("check_string_to_board", lambda s: [list(s[i::9]) for i in range(9)], "swapped"),
    ("check_string_to_board", parse, "library's own `parse`"),
    ("check_is_valid_row", lambda row: True, "True even for rows with two 5s side by side"),
    ("check_is_valid_row", lambda row: len(row) == len(set(row)), "counted the blanks"),
    ("check_is_valid_row", lambda row: valid_row(row[:-1]), "the row's last cell"),
    ("check_is_valid_board", rows_only, "every column"),
    ("check_is_valid_board", rows_and_columns, "every box"),
    ("check_is_valid_board", nine_only, "4x4 board"),
    ("check_is_valid_board", lambda b: all(len(r) == len(set(r)) for r in b), "blanks"),
    ("check_is_valid_board", is_valid_sudoku, "library's own `is_valid_sudoku`"),
    ("check_find_clash", lambda b: ((0, 0), (0, 1)) if clash(b) else None, "same digit twice"),
    (
        "check_find_clash",
        lambda b: clash(b) and tuple((r + 1, c + 1) for r, c in clash(b)),
        "from 1",
    ),
    ("check_find_clash", lambda b: clash(b) and (clash(b)[1], clash(b)[1]), "both cells"),
    ("check_find_clash", lambda b: None if rows_and_columns(b) else clash(b), "every box"),
    ("check_find_clash", lambda b: not valid_board(b), "return two cells"),
    ("check_find_clash", lambda b: ((0, 0), (8, 8)) if not clash(b) else clash(b), "is valid"),
    ("check_is_valid", fits_without_box, "does your code look at the box"),
    ("check_is_valid", fits_nine_only, "4x4 board"),
    ("check_is_valid", lambda board, r, c, d: False, "yet you said no"),
    ("check_solve_counting", solve_without_unchoose, "un-choose"),
    ("check_solve_counting", solve_a_copy, "still has blanks"),
    ("check_solve_counting", counts_only_blanks, "number of blanks"),
    ("check_solve_counting", counts_tries, "more than were placed"),
    ("check_solve_counting", solve_with_a_stubbed_helper, "helper` calls `is_valid_any_size`"),
    ("check_solve_counting", lambda board: solve_sudoku(board), "`solve_sudoku`"),
    ("check_count_all", stops_at_first, "first solution"),
    ("check_count_all", count_without_unchoose, "un-choose"),
    ("check_count_all", lambda board: count_all(board) and 0, "return 1 when no blank"),
    ("check_count_all", count_by_brute_force, "no answer after"),
    ("check_count_all", count_without_return, "over and over"),
    ("check_count_all", lambda board: count_solutions(board), "`count_solutions`"),
    ("check_count_queens", queens_without_diagonals, "diagonal"),
    ("check_count_queens", lambda n: min(queens(n), 1), "first solution"),
    ("check_count_queens", lambda n: queens(n) if n > 1 else 0, "return 1"),
]


@pytest.mark.parametrize(
    ("name", "wrong", "words"), WRONG, ids=lambda v: getattr(v, "__name__", str(v))[:40]
)
def test_a_typical_wrong_answer_is_named(name, wrong, words):
    report = getattr(checks, name)(wrong)
    assert not report.passed and words in repr(report), report


def test_every_check_is_fed_at_least_two_typical_wrong_answers():
    fed = Counter(name for name, _, _ in WRONG)
    assert all(fed[name] >= 2 for name in RIGHT), fed


def test_a_failure_shows_the_input_expected_and_got():
    report = checks.check_is_valid(fits_without_box)
    text = repr(report)
    assert "you called: fits_without_box(board, 0, 2, '6')" in text
    assert " 5 3 . | . 7 . | . . ." in text  # the board drawn, to reproduce the case
    assert "expected False" in text and "got      True" in text


# --- the machinery every check shares -------------------------------------------------------------


def spin(x):
    while True:
        x += 1


def test_a_case_that_never_ends_is_stopped_and_the_timer_cancelled():
    report = check_cases("spin", spin, [Case("one", (1,), 1)], time_limit=0.2)
    assert report.outcome == "failed" and "no answer after 0.2 seconds" in repr(report)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None, signal.default_int_handler)


WORKER_THREAD_CHECK = """
import threading
from sudoku_lib.checks.core import Case, check_cases

def spin(x):
    while True:
        x += 1

reports = []
worker = threading.Thread(
    target=lambda: reports.append(check_cases("spin", spin, [Case("one", (1,), 1)], time_limit=0.2))
)
worker.start()
worker.join(5)
print("alive" if worker.is_alive() else repr(reports[0]))
print("threads left:", threading.active_count() - 1)
"""


def test_the_time_limit_works_outside_the_main_thread_too():
    """Run in a child process: the limit fires there by setting an exception from another
    thread, and if that ever again left CPython's "exception pending" flag set (as withdrawing
    the request once did), every later traced call in the process would spin for ever and no
    timeout in the process could stop it. tests/test_watch_after_time_limit.py runs watch after
    this, in children too."""
    run = subprocess.run(
        [sys.executable, "-c", WORKER_THREAD_CHECK], capture_output=True, text=True, timeout=60
    )
    assert "no answer after" in run.stdout, run.stdout + run.stderr
    assert "threads left: 0" in run.stdout, run.stdout + run.stderr  # the timer was joined


def test_an_outer_timer_is_rearmed_after_a_check():
    signal.signal(signal.SIGALRM, lambda *_: None)
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        checks.check_box_of(box_number)
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25 < left <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


def test_a_learner_except_clause_cannot_swallow_the_time_limit():
    def stubborn(x):
        while True:
            try:
                spin(x)
            except Exception:  # the learner's catch-all, which must not keep the code running
                x = 0

    report = check_cases("stubborn", stubborn, [Case("one", (1,), 1)], time_limit=0.2)
    assert "no answer after" in repr(report)


def test_a_broken_recogniser_is_skipped_not_raised():
    def broken(attempt):
        raise KeyError("oops")

    report = check_cases("f", lambda x: 2, [Case("one", (1,), 1)], mistakes=[broken])
    assert report.outcome == "failed" and "what this may mean" not in repr(report)


def test_a_requirement_fails_a_right_answer_with_words():
    report = check_cases(
        "f", lambda x: 1, [Case("one", (1,), 1)], requirements=[lambda attempt: "it must stop"]
    )
    assert report.outcome == "failed" and "the answer is right, but it must stop" in repr(report)


def test_recognisers_share_a_budget_on_a_slow_function():
    """The budget is CPU time, so the slow function spends CPU (not a sleep) and the whole
    check is held to CPU time too, which a busy machine does not stretch. The recogniser alone
    would call it 81 times (over 4 s); the shared budget stops it at RECOGNISER_BUDGET (2 s)."""

    def slow_box(r, c, box):
        end = time.process_time() + 0.05
        while time.process_time() < end:
            pass
        return 0

    started = time.process_time()
    report = checks.check_box_of(slow_box)
    spent = time.process_time() - started
    assert report.outcome == "failed" and spent < 3.5, spent


def test_an_answer_that_cannot_be_shown_is_still_reported():
    class Odd:
        def __repr__(self):
            raise RuntimeError("no")

    report = check_cases("f", lambda x: Odd(), [Case("one", (1,), 1)])
    assert report.outcome == "failed" and "cannot be shown" in repr(report)


def test_an_error_that_cannot_say_itself_is_still_reported():
    class Odd(Exception):
        def __str__(self):
            raise RuntimeError("no")

    def raises(x):
        raise Odd

    report = check_cases("f", raises, [Case("one", (1,), 1)])
    assert report.outcome == "failed" and "your code raised Odd" in repr(report)
