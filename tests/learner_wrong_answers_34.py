"""Wrong answers of issue 34, four or more for every exercise of the course, written as a learner
alone writes them (one mistake each, beside the right answer it was made from), for
tests/test_checks_own_wrong_answers.py. None of them is one of issue 17's
(tests/learner_wrong_answers.py): these are new ones, held out from the checks as they were
written."""

from __future__ import annotations

import itertools
import math
import types
from typing import Any

import sudoku_lib
import sudoku_lib.queens
from sudoku_lib import Stepper, parse, solve
from sudoku_lib.search.events import Try, Undo
from sudoku_lib.search.naive import is_valid
from sudoku_lib.stepper import StepperModel

Board = list[list[str]]
DIGITS = "123456789ABCDEFG"


# notebook 00 --------------------------------------------------------------------------------------


def first_choices_set(puzzle: str) -> set[str]:
    """A set: the right digits, in no order."""
    return set(first_choices_right(puzzle))


def first_choices_box_at_band(puzzle: str) -> list[str]:
    """The box read from (r // 3, c // 3)."""
    r, c = _first_blank(puzzle)
    seen = set(puzzle[9 * r : 9 * r + 9]) | set(puzzle[c::9])
    seen |= {
        puzzle[9 * i + j] for i in range(r // 3, r // 3 + 3) for j in range(c // 3, c // 3 + 3)
    }
    return [d for d in "123456789" if d not in seen]


def first_choices_no_column(puzzle: str) -> list[str]:
    """Row and box: the column forgotten."""
    r, c = _first_blank(puzzle)
    top, left = 3 * (r // 3), 3 * (c // 3)
    seen = set(puzzle[9 * r : 9 * r + 9])
    seen |= {puzzle[9 * i + j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return [d for d in "123456789" if d not in seen]


def first_choices_held(puzzle: str) -> list[str]:
    """The digits the units hold."""
    return [d for d in "123456789" if d not in first_choices_right(puzzle)]


def first_choices_right(puzzle: str) -> list[str]:
    r, c = _first_blank(puzzle)
    board = parse(puzzle)
    return [d for d in "123456789" if is_valid(board, r, c, d)]


def _first_blank(puzzle: str) -> tuple[int, int]:
    blank = puzzle.index(".")
    return blank // 9, blank % 9


def first_try_box_at_band(puzzle: str) -> tuple[int, int, str]:
    """The box read from (r // 3, c // 3)."""
    r, c = _first_blank(puzzle)
    seen = set(puzzle[9 * r : 9 * r + 9]) | set(puzzle[c::9])
    seen |= {
        puzzle[9 * i + j] for i in range(r // 3, r // 3 + 3) for j in range(c // 3, c // 3 + 3)
    }
    return r + 1, c + 1, next(d for d in "123456789" if d not in seen)


def first_try_zero_based(puzzle: str) -> tuple[int, int, str]:
    """The cell counted from 0."""
    row, col, digit = first_try_right(puzzle)
    return row - 1, col - 1, digit


def first_try_row_only(puzzle: str) -> tuple[int, int, str]:
    """Only the row looked at."""
    r, c = _first_blank(puzzle)
    return r + 1, c + 1, next(d for d in "123456789" if d not in puzzle[9 * r : 9 * r + 9])


def first_try_largest(puzzle: str) -> tuple[int, int, str]:
    """The digits tried from 9 down."""
    r, c = _first_blank(puzzle)
    board = parse(puzzle)
    return r + 1, c + 1, next(d for d in "987654321" if is_valid(board, r, c, d))


def first_try_right(puzzle: str) -> tuple[int, int, str]:
    r, c = _first_blank(puzzle)
    board = parse(puzzle)
    return r + 1, c + 1, next(d for d in "123456789" if is_valid(board, r, c, d))


# notebook 01 --------------------------------------------------------------------------------------


def box_of_no_band_width(r: int, c: int, box: int = 3) -> int:
    """The band not multiplied by its width."""
    return r // box + c // box


def box_of_swapped(r: int, c: int, box: int = 3) -> int:
    """Stack times width, band added."""
    return box * (c // box) + r // box


def box_of_fixed_three(r: int, c: int, box: int = 3) -> int:
    """3 written for the box size."""
    return 3 * (r // 3) + c // 3


def box_of_from_one(r: int, c: int, box: int = 3) -> int:
    """Boxes numbered from 1."""
    return box * (r // box) + c // box + 1


def peers_with_itself(r: int, c: int) -> set[tuple[int, int]]:
    """The cell left in."""
    top, left = 3 * (r // 3), 3 * (c // 3)
    cells = {(r, j) for j in range(9)} | {(i, c) for i in range(9)}
    return cells | {(i, j) for i in range(top, top + 3) for j in range(left, left + 3)}


def peers_no_box(r: int, c: int) -> set[tuple[int, int]]:
    """Row and column only."""
    return ({(r, j) for j in range(9)} | {(i, c) for i in range(9)}) - {(r, c)}


def peers_as_list(r: int, c: int) -> list[tuple[int, int]]:
    """A list, with the cells shared by row and box twice."""
    top, left = 3 * (r // 3), 3 * (c // 3)
    cells = [(r, j) for j in range(9) if j != c] + [(i, c) for i in range(9) if i != r]
    return cells + [
        (i, j) for i in range(top, top + 3) for j in range(left, left + 3) if (i, j) != (r, c)
    ]


def peers_box_at_band(r: int, c: int) -> set[tuple[int, int]]:
    """The box read from (r // 3, c // 3)."""
    cells = {(r, j) for j in range(9)} | {(i, c) for i in range(9)}
    box = {(i, j) for i in range(r // 3, r // 3 + 3) for j in range(c // 3, c // 3 + 3)}
    return (cells | box) - {(r, c)}


def string_to_board_keeps_zeros(text: str) -> list[list[str]]:
    """'0' kept."""
    return [list(text[i : i + 9]) for i in range(0, 81, 9)]


def string_to_board_rows_as_strings(text: str) -> list[str]:
    """Each row a string."""
    text = text.replace("0", ".")
    return [text[i : i + 9] for i in range(0, 81, 9)]


def string_to_board_flat(text: str) -> list[str]:
    """One list of 81."""
    return ["." if ch == "0" else ch for ch in text]


def string_to_board_columns(text: str) -> list[list[str]]:
    """Columns cut, not rows."""
    text = text.replace("0", ".")
    return [list(text[c::9]) for c in range(9)]


# notebook 02 --------------------------------------------------------------------------------------


def is_valid_row_counts_blanks(row: list[str]) -> bool:
    """Blanks compared too."""
    return len(set(row)) == len(row)


def is_valid_row_neighbours(row: list[str]) -> bool:
    """Each digit compared with the next digit only."""
    digits = [d for d in row if d != "."]
    return all(a != b for a, b in itertools.pairwise(digits))


def is_valid_row_range_8(row: list[str]) -> bool:
    """A loop that stops one cell early."""
    seen = set()
    for i in range(8):
        if row[i] != ".":
            if row[i] in seen:
                return False
            seen.add(row[i])
    return True


def is_valid_row_returns_early(row: list[str]) -> bool:
    """`return True` inside the loop."""
    seen = set()
    for digit in row:
        if digit != ".":
            if digit in seen:
                return False
            seen.add(digit)
            return True
    return True


def _valid_board(board: Board, box_index: Any, size_of: Any = len, skip: str = ".") -> bool:
    size = size_of(board)
    seen: set[tuple[str, int, str]] = set()
    for r in range(size):
        for c in range(size):
            d = board[r][c]
            if d == skip:
                continue
            keys = {("r", r, d), ("c", c, d), ("b", box_index(r, c, size), d)}
            if keys & seen:
                return False
            seen |= keys
    return True


def is_valid_board_fixed_nine(board: Board) -> bool:
    """9 and 3 kept from the 9x9 version."""
    return _valid_board(board, lambda r, c, size: 3 * (r // 3) + c // 3, lambda b: 9)


def is_valid_board_box_no_band(board: Board) -> bool:
    """Box index without the band's width."""
    return _valid_board(board, lambda r, c, size: r // math.isqrt(size) + c // math.isqrt(size))


def is_valid_board_no_boxes(board: Board) -> bool:
    """Rows and columns only."""
    return _valid_board(board, lambda r, c, size: (r, c))


def is_valid_board_box_size_3(board: Board) -> bool:
    """The size is taken from the board, the box size stays 3."""
    return _valid_board(board, lambda r, c, size: 3 * (r // 3) + c // 3)


def _clash(board: Board, units: Any) -> Any:
    where: dict[Any, dict[str, tuple[int, int]]] = {}
    for r in range(9):
        for c in range(9):
            d = board[r][c]
            if d == ".":
                continue
            for unit in units(r, c):
                seen = where.setdefault(unit, {})
                if d in seen:
                    return seen[d], (r, c)
                seen[d] = (r, c)
    return None


def find_clash_no_box(board: Board) -> Any:
    """Rows and columns only."""
    return _clash(board, lambda r, c: (("r", r), ("c", c)))


def find_clash_stores_first(board: Board) -> Any:
    """The digit stored before it is looked up: every cell clashes with itself."""
    seen: dict[tuple[str, int, str], tuple[int, int]] = {}
    for r in range(9):
        for c in range(9):
            d = board[r][c]
            if d == ".":
                continue
            for key in (("r", r, d), ("c", c, d), ("b", 3 * (r // 3) + c // 3, d)):
                seen[key] = (r, c)
                if key in seen:
                    return seen[key], (r, c)
    return None


def find_clash_cells_from_one(board: Board) -> Any:
    """Cells counted from 1."""
    found = _clash(board, lambda r, c: (("r", r), ("c", c), ("b", 3 * (r // 3) + c // 3)))
    return None if found is None else tuple((r + 1, c + 1) for r, c in found)


def find_clash_true_false(board: Board) -> Any:
    """True or False, as is_valid_board returns."""
    return _clash(board, lambda r, c: (("r", r), ("c", c), ("b", 3 * (r // 3) + c // 3))) is None


# notebook 03 --------------------------------------------------------------------------------------


def _fits(board: Board, r: int, c: int, d: str, corner: Any = None) -> bool:
    size = len(board)
    box = math.isqrt(size)
    if any(board[r][i] == d or board[i][c] == d for i in range(size)):
        return False
    top, left = corner(r, c, box) if corner else (box * (r // box), box * (c // box))
    return all(board[i][j] != d for i in range(top, top + box) for j in range(left, left + box))


def is_valid_box_at_band(board: Board, r: int, c: int, d: str) -> bool:
    """The box read from (r // box, c // box)."""
    return _fits(board, r, c, d, lambda r, c, box: (r // box, c // box))


def is_valid_fixed_nine(board: Board, r: int, c: int, d: str) -> bool:
    """range(9) kept."""
    if any(board[r][i] == d or board[i][c] == d for i in range(9)):
        return False
    top, left = 3 * (r // 3), 3 * (c // 3)
    return all(board[i][j] != d for i in range(top, top + 3) for j in range(left, left + 3))


def is_valid_no_column(board: Board, r: int, c: int, d: str) -> bool:
    """The column forgotten."""
    box = math.isqrt(len(board))
    top, left = box * (r // box), box * (c // box)
    in_box = any(board[i][j] == d for i in range(top, top + box) for j in range(left, left + box))
    return d not in board[r] and not in_box


def is_valid_inverted(board: Board, r: int, c: int, d: str) -> bool:
    """True where the digit is already there."""
    return not _fits(board, r, c, d)


def _solve_counting(
    board: Board, digits: Any = None, undo: bool = True, count_all: bool = False
) -> int:
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]
    placed = 0

    def fill(i: int) -> bool:
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in digits or DIGITS[:size]:
            if _fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                if fill(i + 1):
                    return True
                if undo:
                    board[r][c] = "."
        if not undo:
            board[r][c] = "."
        return False

    fill(0)
    return placed


def solve_counting_nine_digits(board: Board) -> int:
    """The digits 1-9 at every size."""
    return _solve_counting(board, digits="123456789")


def solve_counting_by_the_library(board: Board) -> int:
    """The library's search does it, and the board is copied back."""
    result = solve(board, "naive")
    for r, row in enumerate(result.solution or []):
        board[r][:] = row
    return result.stats.nodes


def solve_counting_blanks(board: Board) -> int:
    """The blanks counted, not the digits placed."""
    blanks = sum(row.count(".") for row in board)
    _solve_counting(board)
    return blanks


def solve_counting_on_a_copy(board: Board) -> int:
    """The search runs on a copy: the caller's board stays empty."""
    return _solve_counting([row[:] for row in board])


def count_all_by_the_library(board: Board) -> int:
    """The library counts, with a huge limit."""
    return sudoku_lib.count_solutions(board, limit=10**9)


def count_all_stops_at_one(board: Board) -> int:
    """`return 1` at the first full board found below, as solve_board's True."""
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == ".":
                for d in DIGITS[: len(board)]:
                    if _fits(board, r, c, d):
                        board[r][c] = d
                        if count_all_stops_at_one(board):
                            board[r][c] = "."
                            return 1
                        board[r][c] = "."
                return 0
    return 1


def count_all_no_undo(board: Board) -> int:
    """The digit is never taken back."""
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == ".":
                total = 0
                for d in DIGITS[: len(board)]:
                    if _fits(board, r, c, d):
                        board[r][c] = d
                        total += count_all_no_undo(board)
                return total
    return 1


def count_all_full_is_zero(board: Board) -> int:
    """A full board counted as 0."""
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == ".":
                total = 0
                for d in DIGITS[: len(board)]:
                    if _fits(board, r, c, d):
                        board[r][c] = d
                        total += count_all_full_is_zero(board)
                        board[r][c] = "."
                return total
    return 0


def count_queens_by_the_library(n: int) -> int:
    """The library's own count, reached through its module."""
    return sudoku_lib.queens.count_queens(n)


def count_queens_table_to_ten(n: int) -> int:
    """A table copied from a book, with the held-out sizes in it too."""
    return [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724][n]


def count_queens_columns_only(n: int) -> int:
    """No diagonal checked."""
    return sum(1 for _ in itertools.permutations(range(n)))


def count_queens_one_diagonal(n: int) -> int:
    """Only the down-right diagonal checked."""

    def place(queens: list[int]) -> int:
        row = len(queens)
        if row == n:
            return 1
        total = 0
        for col in range(n):
            if all(c != col and c - col != r - row for r, c in enumerate(queens)):
                queens.append(col)
                total += place(queens)
                queens.pop()
        return total

    return place([])


# notebook 04 --------------------------------------------------------------------------------------


def candidates_with_blank(board: Board, r: int, c: int) -> set[str]:
    """Every character the units lack, the blank too."""
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    top, left = 3 * (r // 3), 3 * (c // 3)
    seen |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return set("123456789.") - seen | {"."}


def candidates_box_at_band(board: Board, r: int, c: int) -> set[str]:
    """The box read from (r // 3, c // 3)."""
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    seen |= {board[i][j] for i in range(r // 3, r // 3 + 3) for j in range(c // 3, c // 3 + 3)}
    return {d for d in "123456789" if d not in seen}


def candidates_no_column(board: Board, r: int, c: int) -> set[str]:
    """The column forgotten."""
    top, left = 3 * (r // 3), 3 * (c // 3)
    seen = set(board[r]) | {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return {d for d in "123456789" if d not in seen}


def candidates_as_ints(board: Board, r: int, c: int) -> set[int]:
    """Numbers, not digits."""
    return {int(d) for d in right_candidates(board, r, c)}


def right_candidates(board: Board, r: int, c: int) -> set[str]:
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    top, left = 3 * (r // 3), 3 * (c // 3)
    seen |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return {d for d in "123456789" if d not in seen}


candidates = right_candidates  # the learner's own piece, as a pruned search calls it


def naked_singles_places_them(board: Board) -> dict[tuple[int, int], str]:
    """Each single written into the board as it is found."""
    singles = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                fits = right_candidates(board, r, c)
                if len(fits) == 1:
                    singles[(r, c)] = board[r][c] = next(iter(fits))
    return singles


def naked_singles_sets_as_values(board: Board) -> dict[tuple[int, int], Any]:
    """The one-digit set kept as the value."""
    return {
        (r, c): right_candidates(board, r, c)
        for r in range(9)
        for c in range(9)
        if board[r][c] == "." and len(right_candidates(board, r, c)) == 1
    }


def naked_singles_filled_cells_too(board: Board) -> dict[tuple[int, int], str]:
    """Filled cells asked too: their digit is the one candidate missing... or not."""
    singles = {}
    for r in range(9):
        for c in range(9):
            fits = right_candidates(board, r, c)
            if len(fits) == 1:
                singles[(r, c)] = next(iter(fits))
    return singles


def naked_singles_two_candidates(board: Board) -> dict[tuple[int, int], str]:
    """`<= 2`: cells with two candidates taken as singles."""
    singles = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                fits = sorted(right_candidates(board, r, c))
                if 1 <= len(fits) <= 2:
                    singles[(r, c)] = fits[0]
    return singles


def _hidden(
    board: Board, unit: list[tuple[int, int]], test: Any, skip_placed: bool = True
) -> dict[str, Any]:
    options = {(r, c): right_candidates(board, r, c) for r, c in unit if board[r][c] == "."}
    placed = {board[r][c] for r, c in unit}
    singles: dict[str, Any] = {}
    for digit in "123456789":
        spots = [cell for cell, fits in options.items() if digit in fits]
        if (digit not in placed or not skip_placed) and test(spots):
            singles[digit] = spots[0] if spots else None
    return singles


def hidden_singles_le_one(board: Board, unit: list[tuple[int, int]]) -> dict[str, Any]:
    """`<= 1`: a digit that fits nowhere kept too."""
    return _hidden(board, unit, lambda spots: len(spots) <= 1)


def hidden_singles_first_only(board: Board, unit: list[tuple[int, int]]) -> dict[str, Any]:
    """`return` inside the digit loop: the first hidden single only."""
    options = {(r, c): right_candidates(board, r, c) for r, c in unit if board[r][c] == "."}
    placed = {board[r][c] for r, c in unit}
    for digit in "123456789":
        spots = [cell for cell, fits in options.items() if digit in fits]
        if digit not in placed and len(spots) == 1:
            return {digit: spots[0]}
    return {}


def hidden_singles_cells_as_keys(board: Board, unit: list[tuple[int, int]]) -> dict[Any, str]:
    """{cell: digit}."""
    return {cell: d for d, cell in _hidden(board, unit, lambda s: len(s) == 1).items()}


def hidden_singles_naked(board: Board, unit: list[tuple[int, int]]) -> dict[str, Any]:
    """Naked singles of the unit, reported as hidden."""
    return {
        next(iter(right_candidates(board, r, c))): (r, c)
        for r, c in unit
        if board[r][c] == "." and len(right_candidates(board, r, c)) == 1
    }


def _most(board: Board, better: Any, skip_zero: bool = False, from_one: bool = False) -> Any:
    best, fewest = None, None
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                count = len(right_candidates(board, r, c))
                if skip_zero and count == 0:
                    continue
                if fewest is None or better(count, fewest):
                    best, fewest = (r, c), count
    if best is not None and from_one:
        return best[0] + 1, best[1] + 1
    return best


def most_constrained_last_of_tie(board: Board) -> Any:
    """`<=`: the last of a tie kept."""
    return _most(board, lambda n, best: n <= best)


def most_constrained_most(board: Board) -> Any:
    """The most candidates."""
    return _most(board, lambda n, best: n > best)


def most_constrained_skips_zero(board: Board) -> Any:
    """A cell with no candidate passed over."""
    return _most(board, lambda n, best: n < best, skip_zero=True)


def most_constrained_from_one(board: Board) -> Any:
    """The cell counted from 1."""
    return _most(board, lambda n, best: n < best, from_one=True)


def _pruned(
    board: Board, candidates: Any, choose: Any, copy: bool = True, fail_early: bool = True
) -> tuple[Board | None, int]:
    board = [row[:] for row in board] if copy else board
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        cell = choose(board, candidates)
        if cell is None:
            return True
        r, c = cell
        options = sorted(candidates(board, r, c))
        if not options and not fail_early:
            return False
        for digit in options:
            board[r][c] = digit
            nodes += 1
            if search():
                return True
            board[r][c] = "."
        return False

    return (board if search() else None), nodes


def _choose_fewest(board: Board, candidates: Any) -> Any:
    cells = [(r, c) for r in range(9) for c in range(9) if board[r][c] == "."]
    return min(cells, key=lambda cell: len(candidates(board, *cell)), default=None)


def pruned_solve_in_place(board: Board) -> tuple[Board | None, int]:
    """No copy: the caller's board is filled."""
    return _pruned(board, right_candidates, _choose_fewest, copy=False)


def pruned_solve_first_blank(board: Board) -> tuple[Board | None, int]:
    """The first blank, not the most constrained cell."""

    def first(b: Board, cands: Any) -> Any:
        return next(((r, c) for r in range(9) for c in range(9) if b[r][c] == "."), None)

    return _pruned(board, right_candidates, first)


def _pruned_with_own_candidates(board: Board) -> tuple[Board | None, int]:
    """A right search built on the learner's own `candidates`, which forgets the column."""
    return _pruned(board, candidates, _choose_fewest)


pruned_solve_wrong_piece = types.FunctionType(
    _pruned_with_own_candidates.__code__,
    {**globals(), "candidates": candidates_no_column},
    "pruned_solve_wrong_piece",
)


def pruned_solve_by_the_library(board: Board) -> tuple[Board | None, int]:
    """The library's fast solver."""
    result = sudoku_lib.solve(board, "fast")
    return result.solution, result.stats.nodes


# notebook 05 --------------------------------------------------------------------------------------


def _events(puzzle: str) -> list[Any]:
    events: list[Any] = []
    solve(puzzle, "naive", listener=events.append)
    return events


def board_after_no_undo(puzzle: str, steps: int) -> Board:
    """Only the tries replayed."""
    board = parse(puzzle)
    for event in _events(puzzle)[:steps]:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit
    return board


def board_after_one_more(puzzle: str, steps: int) -> Board:
    """events[:steps + 1]."""
    board = parse(puzzle)
    for event in _events(puzzle)[: steps + 1]:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit
        elif isinstance(event, Undo):
            board[event.row][event.col] = "."
    return board


def board_after_by_stepper(puzzle: str, steps: int) -> Board:
    """The stepper does the replay."""
    stepper = Stepper(puzzle)
    stepper.goto(steps)
    return stepper.board


def board_after_no_return(puzzle: str, steps: int) -> None:
    """The board built, never returned."""
    board = parse(puzzle)
    for event in _events(puzzle)[:steps]:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit


def _greedy(puzzle: str, digits: Any = None) -> tuple[int, tuple[int, int]] | None:
    board = parse(puzzle)
    size = len(board)
    step = 0
    for r in range(size):
        for c in range(size):
            if board[r][c] == ".":
                step += 1
                fits = [d for d in (digits or "123456789"[:size]) if is_valid(board, r, c, d)]
                if not fits:
                    return step, (r, c)
                board[r][c] = fits[0]
    return None


def first_dead_end_zero_based(puzzle: str) -> Any:
    """The cell from 0."""
    return _greedy(puzzle)


def first_dead_end_dead_end_not_a_step(puzzle: str) -> Any:
    """Only the digits written counted as steps."""
    found = _greedy(puzzle)
    assert found is not None
    step, (r, c) = found
    return step - 1, (r + 1, c + 1)


def first_dead_end_by_stepper(puzzle: str) -> Any:
    """The stepper's button."""
    stepper = Stepper(puzzle)
    stepper.next_dead_end()
    return stepper.position, (stepper.event.row + 1, stepper.event.col + 1)


def first_dead_end_as_list(puzzle: str) -> Any:
    """The cell as a list."""
    found = _greedy(puzzle)
    assert found is not None
    step, (r, c) = found
    return step, [r + 1, c + 1]


def _tries(puzzle: str, keep: Any, key: Any) -> dict[Any, int]:
    counts: dict[Any, int] = {}

    def listen(event: Any) -> None:
        if keep(event):
            counts[key(event)] = counts.get(key(event), 0) + 1

    solve(puzzle, "naive", listener=listen)
    return counts


def tries_per_depth_undos(puzzle: str) -> dict[Any, int]:
    """The take-backs counted, not the tries."""
    return _tries(puzzle, lambda e: isinstance(e, Undo), lambda e: e.depth)


def tries_per_depth_from_one(puzzle: str) -> dict[Any, int]:
    """Depths from 1."""
    return _tries(puzzle, lambda e: isinstance(e, Try), lambda e: e.depth + 1)


def tries_per_depth_by_row(puzzle: str) -> dict[Any, int]:
    """Keyed by the row, not the depth."""
    return _tries(puzzle, lambda e: isinstance(e, Try), lambda e: e.row)


def tries_per_depth_everything(puzzle: str) -> dict[Any, int]:
    """Every event with a depth."""
    return _tries(puzzle, lambda e: hasattr(e, "depth"), lambda e: e.depth)


def _changes(
    puzzle: str, row: int, col: int, steps: int, extra: int = 0, writes: bool = False
) -> int:
    stepper = StepperModel(puzzle)
    count = 0
    for _ in range(steps + extra):
        before = stepper.board[row - 1][col - 1]
        stepper.step()
        after = stepper.board[row - 1][col - 1]
        count += after != before and (not writes or after != ".")
    return count


def changes_one_more(puzzle: str, row: int, col: int, steps: int) -> int:
    """range(steps + 1)."""
    return _changes(puzzle, row, col, steps, extra=1)


def changes_one_fewer(puzzle: str, row: int, col: int, steps: int) -> int:
    """range(1, steps)."""
    return _changes(puzzle, row, col, steps, extra=-1)


def changes_writes_only(puzzle: str, row: int, col: int, steps: int) -> int:
    """Only the digits written."""
    return _changes(puzzle, row, col, steps, writes=True)


def changes_zero_based(puzzle: str, row: int, col: int, steps: int) -> int:
    """board[row][col]."""
    return _changes(puzzle, row + 1, col + 1, steps)


def predict_always_deeper(stepper: Any) -> Any:
    """Always on."""
    return "deeper" if stepper.question.kind == "direction" else "back up"


def predict_no_box(stepper: Any) -> Any:
    """The box forgotten when judging whether a digit fits."""
    return _predict(
        stepper, fits=lambda board, r, c, d: d not in board[r] and all(row[c] != d for row in board)
    )


def predict_same_digit_again(stepper: Any) -> Any:
    """After a take-back, digits from the one taken back, not after it."""
    return _predict(stepper, after=False)


def predict_column_order(stepper: Any) -> Any:
    """The next blank in column order."""
    return _predict(stepper, order=lambda size: [(r, c) for c in range(size) for r in range(size)])


def _predict(stepper: Any, after: bool = True, order: Any = None, fits: Any = is_valid) -> Any:
    board, event = stepper.board, stepper.event
    size = len(board)
    digits = "123456789"[:size]
    if stepper.question.kind == "direction":
        cells = order(size) if order else [(r, c) for r in range(size) for c in range(size)]
        r, c = next((r, c) for r, c in cells if board[r][c] == ".")
        return "deeper" if any(fits(board, r, c, d) for d in digits) else "back up"
    for digit in digits:
        if (digit > event.digit or (not after and digit >= event.digit)) and fits(
            board, event.row, event.col, digit
        ):
            return digit
    return "back up"


# notebook 06 --------------------------------------------------------------------------------------


def _share(
    records: list[Any],
    fraction: float,
    reverse: bool = True,
    at_least_one: bool = True,
    percent: bool = False,
) -> float:
    nodes = sorted((r.nodes for r in records), reverse=reverse)
    top = round(fraction * len(nodes))
    if at_least_one:
        top = max(1, top)
    share = sum(nodes[:top]) / sum(nodes)
    return 100 * share if percent else share


def hardest_share_divides_by_zero(records: list[Any], fraction: float) -> float:
    """No care for a total of 0."""
    return _share(records, fraction)


def hardest_share_easiest(records: list[Any], fraction: float) -> float:
    """Sorted easiest first."""
    try:
        return _share(records, fraction, reverse=False)
    except ZeroDivisionError:
        return 0.0


def hardest_share_percent(records: list[Any], fraction: float) -> float:
    """A percentage."""
    try:
        return _share(records, fraction, percent=True)
    except ZeroDivisionError:
        return 0.0


def hardest_share_no_minimum(records: list[Any], fraction: float) -> float:
    """No puzzle at all for a small fraction."""
    try:
        return _share(records, fraction, at_least_one=False)
    except ZeroDivisionError:
        return 0.0


# notebook 07 --------------------------------------------------------------------------------------


def _count_up_to(
    puzzle: str, limit: int, base: int = 1, stop: bool = True, undo: bool = True
) -> int:
    board = parse(puzzle)
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]

    def count_from(i: int, wanted: int) -> int:
        if i == len(blanks):
            return base
        r, c = blanks[i]
        found = 0
        for d in DIGITS[:size]:
            if (found < wanted or not stop) and _fits(board, r, c, d):
                board[r][c] = d
                found += count_from(i + 1, wanted - found)
                if undo:
                    board[r][c] = "."
        return found

    return count_from(0, limit)


def count_up_to_library(puzzle: str, limit: int) -> int:
    """The library's count."""
    return sudoku_lib.count_solutions(puzzle, limit)


def count_up_to_full_is_zero(puzzle: str, limit: int) -> int:
    """A full board counted as 0."""
    return _count_up_to(puzzle, limit, base=0)


def count_up_to_no_undo(puzzle: str, limit: int) -> int:
    """The digit never taken back."""
    return _count_up_to(puzzle, limit, undo=False)


def count_up_to_clips(puzzle: str, limit: int) -> int:
    """Count everything, then clip."""
    return min(_count_up_to(puzzle, 10**9, stop=False), limit)


def count_up_to(puzzle: str, limit: int) -> int:
    return _count_up_to(puzzle, limit)


def is_unique_limit_one(puzzle: str) -> bool:
    """limit=1."""
    return count_up_to(puzzle, 1) == 1


def is_unique_at_least_one(puzzle: str) -> bool:
    """`>= 1` with limit 2."""
    return count_up_to(puzzle, 2) >= 1


def is_unique_library(puzzle: str) -> bool:
    """The library's count_solutions."""
    return sudoku_lib.count_solutions(puzzle, 2) == 1


def is_unique_counts_far(puzzle: str) -> bool:
    """limit=100."""
    return count_up_to(puzzle, 100) == 1


def remove_clue_no_check(puzzle: str, index: int) -> str:
    """Blanked without asking."""
    return puzzle[:index] + "." + puzzle[index + 1 :]


def remove_clue_inserts(puzzle: str, index: int) -> str:
    """A character inserted, not replaced."""
    fewer = puzzle[:index] + "." + puzzle[index:]
    return fewer if is_unique_right(fewer) else puzzle


def remove_clue_index_from_one(puzzle: str, index: int) -> str:
    """The next cell blanked."""
    fewer = puzzle[: index + 1] + "." + puzzle[index + 2 :]
    return fewer if is_unique_right(fewer) else puzzle


def remove_clue_never(puzzle: str, index: int) -> str:
    """The answer inverted: kept when unique."""
    fewer = puzzle[:index] + "." + puzzle[index + 1 :]
    return puzzle if is_unique_right(fewer) else fewer


def is_unique_right(puzzle: str) -> bool:
    return len(puzzle) == len(puzzle.strip()) and count_up_to(puzzle, 2) == 1


# notebook 08 --------------------------------------------------------------------------------------


def permute_unique_itertools(nums: list[int]) -> list[list[int]]:
    """Every order from itertools, repeats dropped."""
    return [list(p) for p in sorted(set(itertools.permutations(nums)))]


def permute_unique_seen_forever(nums: list[int]) -> list[list[int]]:
    """A set of the prefixes built, kept between calls."""
    nums = sorted(nums)
    res: list[list[int]] = []

    def backtrack(path: list[int], used: list[bool]) -> None:
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            key = (*path, nums[i])
            if used[i] or key in PREFIXES_SEEN:
                continue
            PREFIXES_SEEN.add(key)
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            path.pop()
            used[i] = False

    backtrack([], [False] * len(nums))
    return res


PREFIXES_SEEN: set[tuple[int, ...]] = set()


def permute_unique_no_pop(nums: list[int]) -> list[list[int]]:
    """path.pop() left out."""
    nums = sorted(nums)
    res: list[list[int]] = []

    def backtrack(path: list[int], used: list[bool]) -> None:
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i] or (i > 0 and nums[i] == nums[i - 1] and not used[i - 1]):
                continue
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            used[i] = False

    backtrack([], [False] * len(nums))
    return res


def permute_unique_unsorted(nums: list[int]) -> list[list[int]]:
    """The skip without sorting first."""
    res: list[list[int]] = []

    def backtrack(path: list[int], used: list[bool]) -> None:
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i] or (i > 0 and nums[i] == nums[i - 1] and not used[i - 1]):
                continue
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            path.pop()
            used[i] = False

    backtrack([], [False] * len(nums))
    return res


def subsets_with_dup_combinations(nums: list[int]) -> list[list[int]]:
    """itertools.combinations, repeats dropped with a set."""
    nums = sorted(nums)
    found = {c for k in range(len(nums) + 1) for c in itertools.combinations(nums, k)}
    return [list(c) for c in found]


def _subsets(nums: list[int], skip: Any, pop: bool = True, sort: bool = True) -> list[list[int]]:
    nums = sorted(nums) if sort else nums
    res: list[list[int]] = []

    def backtrack(start: int, path: list[int]) -> None:
        res.append(path[:])
        for i in range(start, len(nums)):
            if skip(i, start, nums):
                continue
            path.append(nums[i])
            backtrack(i + 1, path)
            if pop:
                path.pop()

    backtrack(0, [])
    return res


def subsets_with_dup_skip_from_zero(nums: list[int]) -> list[list[int]]:
    """i > 0 for i > start."""
    return _subsets(nums, lambda i, start, ns: i > 0 and ns[i] == ns[i - 1])


def subsets_with_dup_no_pop(nums: list[int]) -> list[list[int]]:
    """path.pop() left out."""
    return _subsets(nums, lambda i, start, ns: i > start and ns[i] == ns[i - 1], pop=False)


def subsets_with_dup_unsorted(nums: list[int]) -> list[list[int]]:
    """No sort."""
    return _subsets(nums, lambda i, start, ns: i > start and ns[i] == ns[i - 1], sort=False)


def _combos(
    candidates: list[int],
    target: int,
    down: int,
    stop: str = "break",
    sort: bool = True,
    skip: bool = False,
) -> list[list[int]]:
    candidates = sorted(candidates) if sort else candidates
    res: list[list[int]] = []

    def backtrack(start: int, remaining: int, path: list[int]) -> None:
        if remaining == 0:
            res.append(path[:])
            return
        if remaining < 0:
            return
        for i in range(start, len(candidates)):
            if skip and i > start and candidates[i] == candidates[i - 1]:
                continue
            if stop == "break" and candidates[i] > remaining:
                break
            if stop == "continue" and candidates[i] > remaining:
                continue
            path.append(candidates[i])
            backtrack(i + down, remaining - candidates[i], path)
            path.pop()

    backtrack(0, target, [])
    return res


def combination_sum_no_stop(candidates: list[int], target: int) -> list[list[int]]:
    """No break at all: a call too far returns on `remaining < 0`."""
    return _combos(candidates, target, 0, stop="")


def combination_sum_continue_again(candidates: list[int], target: int) -> list[list[int]]:
    """`continue` for `break`, with a `return` elsewhere in the loop's function."""
    return _combos(candidates, target, 0, stop="continue")


def combination_sum_no_reuse(candidates: list[int], target: int) -> list[list[int]]:
    """i + 1 passed down."""
    return _combos(candidates, target, 1)


def combination_sum_unsorted(candidates: list[int], target: int) -> list[list[int]]:
    """The break without a sort."""
    return _combos(candidates, target, 0, sort=False)


def combination_sum2_no_skip(candidates: list[int], target: int) -> list[list[int]]:
    """No skip of equal candidates."""
    return _combos(candidates, target, 1)


def combination_sum2_reuse(candidates: list[int], target: int) -> list[list[int]]:
    """i passed down."""
    return _combos(candidates, target, 0, skip=True)


def combination_sum2_set(candidates: list[int], target: int) -> list[list[int]]:
    """Every combination, repeats dropped with a set."""
    found = {
        tuple(c)
        for k in range(len(candidates) + 1)
        for c in itertools.combinations(sorted(candidates), k)
        if sum(c) == target
    }
    return [list(c) for c in found]


def combination_sum2_unsorted(candidates: list[int], target: int) -> list[list[int]]:
    """The skip and the break without a sort."""
    return _combos(candidates, target, 1, sort=False, skip=True)


def _partition(s: str, test: Any, pop: bool = True, next_start: Any = None) -> list[list[str]]:
    res: list[list[str]] = []

    def backtrack(start: int, path: list[str]) -> None:
        if start == len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if not test(piece):
                continue
            path.append(piece)
            backtrack(next_start(start, end) if next_start else end, path)
            if pop:
                path.pop()

    backtrack(0, [])
    return res


def partition_no_pop(s: str) -> list[list[str]]:
    """path.pop() left out."""
    return _partition(s, lambda p: p == p[::-1], pop=False)


def partition_first_last_only(s: str) -> list[list[str]]:
    """A palindrome taken as first letter equals last."""
    return _partition(s, lambda p: p[0] == p[-1])


def partition_itertools(s: str) -> list[list[str]]:
    """Every way to cut, from itertools, then filtered."""
    res = []
    for cuts in itertools.product([False, True], repeat=len(s) - 1):
        pieces, start = [], 0
        for i, cut in enumerate(cuts, 1):
            if cut:
                pieces.append(s[start:i])
                start = i
        pieces.append(s[start:])
        if all(p == p[::-1] for p in pieces):
            res.append(pieces)
    return res


def partition_end_short(s: str) -> list[list[str]]:
    """range(start + 1, len(s)): no piece reaches the end."""
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


def _subsequences(
    nums: list[int],
    strict: bool = False,
    shared: bool = False,
    stop: bool = False,
    tried_check: bool = True,
) -> list[list[int]]:
    res: list[list[int]] = []
    outer: set[int] = set()

    def backtrack(start: int, path: list[int]) -> None:
        if len(path) >= 2:
            res.append(path[:])
            if stop:
                return
        tried = outer if shared else set()
        for i in range(start, len(nums)):
            if path and (nums[i] <= path[-1] if strict else nums[i] < path[-1]):
                continue
            if tried_check and nums[i] in tried:
                continue
            tried.add(nums[i])
            path.append(nums[i])
            backtrack(i + 1, path)
            path.pop()

    backtrack(0, [])
    return res


def find_subsequences_strict(nums: list[int]) -> list[list[int]]:
    """`<=`: equal numbers refused."""
    return _subsequences(nums, strict=True)


def find_subsequences_shared_set(nums: list[int]) -> list[list[int]]:
    """One `tried` set for all levels."""
    return _subsequences(nums, shared=True)


def find_subsequences_stops_at_two(nums: list[int]) -> list[list[int]]:
    """`return` after recording."""
    return _subsequences(nums, stop=True)


def find_subsequences_dedup_at_end(nums: list[int]) -> list[list[int]]:
    """No per-level set: repeats dropped at the end."""
    found = _subsequences(nums, tried_check=False)
    return [list(t) for t in sorted({tuple(a) for a in found})]


# notebook 06, exercise 5 ------------------------------------------------------------------------


def stopped_share_by_nodes(puzzles: list[str], bound: int) -> float:
    """Stopped read off the node count: a puzzle solved with exactly `bound` nodes counted."""
    if not puzzles:
        return 0.0
    return sum(solve(p, "naive", max_nodes=bound).stats.nodes >= bound for p in puzzles) / len(
        puzzles
    )


def stopped_share_solved(puzzles: list[str], bound: int) -> float:
    """The share solved."""
    if not puzzles:
        return 0.0
    return sum(solve(p, "naive", max_nodes=bound).status == "solved" for p in puzzles) / len(
        puzzles
    )


def stopped_share_default_method(puzzles: list[str], bound: int) -> float:
    """solve's default method."""
    if not puzzles:
        return 0.0
    return sum(solve(p, max_nodes=bound).status == "gave up" for p in puzzles) / len(puzzles)


def stopped_share_divides_by_zero(puzzles: list[str], bound: int) -> float:
    """No care for an empty list."""
    return sum(solve(p, "naive", max_nodes=bound).status == "gave up" for p in puzzles) / len(
        puzzles
    )


def stopped_share_count(puzzles: list[str], bound: int) -> int:
    """How many, not what share."""
    return sum(solve(p, "naive", max_nodes=bound).status == "gave up" for p in puzzles)
