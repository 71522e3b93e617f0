"""Self-checks for notebook 02 (valid sudoku): a row, a whole board, and a clashing pair."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import isqrt

from ..board import BLANK, Board, Cell, box_index
from ..i18n import N_, _
from ..validate import (
    Conflict,
    find_conflicts,
    is_valid_sudoku,
    is_valid_sudoku_bits,
    is_valid_sudoku_sets,
)
from ..words import cell_name, check_text
from .core import NO_ANSWER, Attempt, Case, Report, check_cases
from .fixtures import latin_sixteen, other_sizes, sample_boards, size_fixed_at_nine

VALIDATORS = [is_valid_sudoku, is_valid_sudoku_sets, is_valid_sudoku_bits, find_conflicts]
ROWS = {
    N_("a row with blanks"): list("53..7...."),
    N_("a full row"): list("534678912"),
    N_("two 5s"): list("5...5...."),
    N_("two 9s at the ends"): list("9.......9"),
    N_("two 5s with a 3 between"): list(".5.3..5.."),
    N_("an empty row"): list("........."),
}


def check_is_valid_row(function: Callable[[list[str]], bool]) -> Report:
    """`function(row)` must say whether a row of 9 cells repeats no digit."""
    cases = [
        Case(name, (row,), is_valid_sudoku([row] + [["."] * 9 for _ in range(8)]))
        for name, row in ROWS.items()
    ]
    return check_cases(
        N_("valid row"),
        function,
        cases,
        library=VALIDATORS,
        mistakes=[
            neighbours_only,
            skipped_an_end,
            full_rows_only,
            true_after_the_first_digit,
            one_answer_for_every_row,
            blanks_counted_in_a_row,
            missed_the_ends,
        ],
        name="is_valid_row",
    )


def neighbours_only(attempt: Attempt) -> str | None:
    """Two equal digits next to each other (blanks between them or not) found, two with another
    digit between them missed: each digit was compared with its neighbour only, not with every
    digit seen before it."""
    if not (attempt.got is True and attempt.case.expected is False):
        return None
    if attempt.try_call(list("5...5....")) is False and attempt.try_call(list("5.3.5....")):
        return check_text("neighbours only")
    return None


def skipped_an_end(attempt: Attempt) -> str | None:
    """A repeat in the middle of a row found, one that uses the first or the last cell missed:
    the loop stops short of an end (range(8), range(1, 9), row[1:])."""
    if not (attempt.got is True and attempt.case.expected is False):
        return None
    if attempt.try_call(list("..5...5..")) is not False:
        return None
    missed = [
        end
        for end, row in (("first", "5...5...."), ("last", "....5...5"))
        if attempt.try_call(list(row)) is True
    ]
    if len(missed) != 1:
        return None
    return check_text("missed an end", end=check_text(missed[0]))


def full_rows_only(attempt: Attempt) -> str | None:
    """True for a full valid row, False for one with a single blank (where no two blanks can
    clash): nine different digits were asked for (len(set(digits)) == 9), not no repeat."""
    if not (attempt.got is False and attempt.case.expected is True):
        return None
    full, one_blank = list("534678912"), list("53467891.")
    if attempt.try_call(full) is True and attempt.try_call(one_blank) is False:
        return check_text("full rows only")
    return None


def true_after_the_first_digit(attempt: Attempt) -> str | None:
    """True even for a row whose first two cells are equal digits, but False for '.5...5...':
    no, True for every row with a digit: a `return True` inside the loop, after the first digit."""
    if not (attempt.got is True and attempt.case.expected is False):
        return None
    if all(attempt.try_call(list(row)) is True for row in ("55.......", "5.5......", "1.......1")):
        return check_text("true inside the loop")
    return None


def one_answer_for_every_row(attempt: Attempt) -> str | None:
    """The same answer for every row, right or wrong."""
    answers = {attempt.try_call(row) for row in ROWS.values()}
    if len(answers) == 1 and (answer := answers.pop()) is not NO_ANSWER:
        return check_text("same answer always", answer=answer)
    return None


def blanks_counted_in_a_row(attempt: Attempt) -> str | None:
    """False on a row whose only repeats are blanks."""
    row = attempt.case.args[0]
    if attempt.got is False and row.count(BLANK) > 1:
        return check_text("blanks counted")
    return None


def missed_the_ends(attempt: Attempt) -> str | None:
    """Two 9s at the ends missed: a loop that stops one cell early (range(8), or [1:])."""
    if attempt.case.name == "two 9s at the ends" and attempt.got is True:
        return check_text("missed the ends")
    return None


def check_is_valid_board(function: Callable[[Board], bool]) -> Report:
    """`function(board)` must agree with the library's is_valid_sudoku at sizes 9, 4 and 16."""
    boards = sample_boards() | other_sizes()
    cases = [Case(name, (board,), is_valid_sudoku(board)) for name, board in boards.items()]
    return check_cases(
        N_("valid board"),
        function,
        cases,
        library=VALIDATORS,
        mistakes=[
            letters_skipped,
            size_fixed_at_nine,
            boxes_mixed_up,
            blanks_counted_on_a_board,
            clash_let_through,
        ],
        name="is_valid_board",
    )


def letters_skipped(attempt: Attempt) -> str | None:
    """A 16x16 clash of letters let through, one of digits found: only 1-9 were looked at."""
    board = attempt.case.args[0]
    if len(board) != 16 or attempt.got is not True or attempt.case.expected is not False:
        return None
    digits_clash = latin_sixteen()
    digits_clash[0][1] = digits_clash[0][0]  # two 1s in row 1
    if attempt.try_call(digits_clash) is False:
        return check_text("letters skipped")
    return None


def blanks_counted_on_a_board(attempt: Attempt) -> str | None:
    """False on a valid board with blanks, and False on the empty board too: blanks clashed."""
    board = attempt.case.args[0]
    has_blanks = any(BLANK in row for row in board)
    if not (attempt.got is False and attempt.case.expected and has_blanks):
        return None
    empty = [[BLANK] * len(board) for _ in board]
    return check_text("blanks counted") if attempt.try_call(empty) is False else None


def boxes_mixed_up(attempt: Attempt) -> str | None:
    """False on a valid board, and on two equal digits that share no unit: a wrong box formula.

    The two cells are (0, box) and (box, 0): the first cell of box 2 and of the first box of
    the second band, which `r // box + c // box` (the band not multiplied) sends to one box.
    """
    board = attempt.case.args[0]
    if not (attempt.got is False and attempt.case.expected):
        return None
    size = len(board)
    box = isqrt(size)
    cells = ((0, box), (box, 0))
    apart = [[BLANK] * size for _ in range(size)]
    if attempt.try_call(apart) is not True:  # blanks clash already: another mistake
        return None
    for r, c in cells:
        apart[r][c] = "1"
    if attempt.try_call(apart) is not False:
        return None
    first, second = (cell_name(r, c) for r, c in cells)
    return check_text("boxes mixed up", first=first, second=second)


def clash_let_through(attempt: Attempt) -> str | None:
    """True on a board with a clash: say where the clash is and which kind of unit was missed."""
    if attempt.got is not True:
        return None
    board = attempt.case.args[0]
    conflicts = find_conflicts(board)
    if not conflicts:
        return None
    return missed_unit_words(conflicts[0])


def missed_unit_words(conflict: Conflict) -> str:
    """ "This board has two 8s in box 1 (top-left) ...: does your code look at every box?" """
    return check_text(
        "clash missed", clash=conflict.describe(), kind=check_text("every " + conflict.unit)
    )


def clashing_pairs(board: Board) -> set[frozenset[Cell]]:
    """Every pair of cells that hold the same digit in one unit."""
    return {
        frozenset(pair)
        for conflict in find_conflicts(board)
        for pair in itertools.combinations(conflict.cells, 2)
    }


def check_find_clash(function: Callable[[Board], object]) -> Report:
    """`function(board)` must return two cells that clash, or None on a valid board."""
    cases = [Case(name, (board,), clashing_pairs(board)) for name, board in sample_boards().items()]

    def same(got: object, pairs: set[frozenset[Cell]]) -> bool:
        if got is None or not pairs:
            return got is None and not pairs
        return isinstance(got, tuple | list) and frozenset(map(tuple, got)) in pairs

    return check_cases(
        N_("find a clash"),
        function,
        cases,
        same=same,
        show=show_pairs,
        library=VALIDATORS,
        mistakes=[
            not_two_cells,
            same_cell_twice,
            pair_from_one,
            clash_on_a_valid_board,
            missed_clash,
            cells_do_not_clash,
        ],
        name="find_clash",
    )


def show_pairs(value: object) -> str:
    """The expected pairs ("one of ...") or an answer, each cell also named from 1."""
    if isinstance(value, set):
        if not value:
            return "None"
        pairs = sorted(tuple(sorted(pair)) for pair in value)
        return check_text("one of", pairs=_("; ").join(pair_text(pair) for pair in pairs))
    if is_pair(value):
        return pair_text(value)  # type: ignore[arg-type]
    return repr(value)


def is_pair(value: object) -> bool:
    """Two cells, each a pair of ints, in a tuple or a list."""
    return (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(
            isinstance(cell, tuple | list) and len(cell) == 2 and all(type(i) is int for i in cell)
            for cell in value
        )
    )


def pair_text(pair: tuple[Cell, Cell]) -> str:
    """((0, 0), (2, 2)) [row 1, column 1 and row 3, column 3]"""
    (r1, c1), (r2, c2) = pair
    names = check_text("and", first=cell_name(r1, c1), second=cell_name(r2, c2))
    return _("{pair} [{names}]").format(pair=f"(({r1}, {c1}), ({r2}, {c2}))", names=names)


def not_two_cells(attempt: Attempt) -> str | None:
    """Something other than None or two cells: a bool, a digit, one cell."""
    got = attempt.got
    if got is None or got is NO_ANSWER or is_pair(got):
        return None
    return check_text("not two cells")


def same_cell_twice(attempt: Attempt) -> str | None:
    """A cell paired with itself: it was compared before it was remembered, or with itself."""
    got = attempt.got
    if is_pair(got) and tuple(got[0]) == tuple(got[1]):
        return check_text("same cell twice")
    return None


def pair_from_one(attempt: Attempt) -> str | None:
    """A true clash, one row down and one column right: cells counted from 1."""
    got = attempt.got
    if not is_pair(got):
        return None
    shifted = frozenset((r - 1, c - 1) for r, c in got)
    return check_text("cells from one") if shifted in attempt.case.expected else None


def clash_on_a_valid_board(attempt: Attempt) -> str | None:
    """Two cells returned on a board with no clash."""
    if attempt.case.expected or attempt.got is None:
        return None
    return check_text("valid yet clash")


def missed_clash(attempt: Attempt) -> str | None:
    """None on a board with a clash."""
    if attempt.got is not None:
        return None
    conflicts = find_conflicts(attempt.case.args[0])
    return missed_unit_words(conflicts[0]) if conflicts else None


def cells_do_not_clash(attempt: Attempt) -> str | None:
    """Two cells that are not a clash: say whether the digits differ or the cells share no unit."""
    got, board = attempt.got, attempt.case.args[0]
    if not is_pair(got):
        return None
    (r1, c1), (r2, c2) = got
    if not all(0 <= i < 9 for i in (r1, c1, r2, c2)):
        return None
    first, second = cell_name(r1, c1), cell_name(r2, c2)
    d1, d2 = board[r1][c1], board[r2][c2]
    if d1 != d2 or d1 == BLANK:
        return check_text("digits differ", first=first, second=second, d1=d1, d2=d2)
    shared = r1 == r2 or c1 == c2 or box_index(r1, c1) == box_index(r2, c2)
    return None if shared else check_text("no shared unit", first=first, second=second, digit=d1)
