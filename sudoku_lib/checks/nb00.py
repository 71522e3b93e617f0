"""Self-checks for notebook 00: a first taste of the library."""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, givens, parse
from ..i18n import N_, _
from ..puzzles import SAMPLE, load_set
from ..search import solve
from ..search.events import Event, Try
from ..search.naive import is_valid
from ..words import check_text
from .core import Attempt, Case, Report, check_cases


def blank_puzzles() -> dict[str, str]:
    """Easy puzzles the notebook never prints, named by their number in easy50 (the naive
    search finishes each within a few tens of thousands of nodes, so a recogniser may run it)."""
    easy = load_set("easy50")
    return {N_("easy50 #1"): easy[0], N_("easy50 #10"): easy[9], N_("easy50 #30"): easy[29]}


def check_count_blanks(count_blanks: Callable[[str], int]) -> Report:
    """count_blanks(puzzle): the blanks, one digit each that every search must place."""
    puzzles = blank_puzzles()
    cases = [Case(name, (p,), sum(ch == "." for ch in p)) for name, p in puzzles.items()]
    solved = solve(puzzles["easy50 #10"]).solution
    assert solved is not None
    cases.append(Case(N_("an empty board"), ("." * 81,), 81))
    cases.append(Case(N_("easy50 #10, solved"), ("".join("".join(row) for row in solved),), 0))
    return check_cases(
        N_("number of blanks"),
        count_blanks,
        cases,
        library=[givens],
        mistakes=[
            counted_givens,
            counted_search_nodes,
            missed_an_end,
            one_short,
            digit_taken_for_blank,
        ],
        name="count_blanks",
    )


def counted_givens(attempt: Attempt) -> str | None:
    """81 minus the answer, or all 81: the givens were counted instead, or too."""
    expected, got = attempt.case.expected, attempt.got
    if got == 81 != expected:
        return check_text("counted every cell")
    if got == 81 - expected != expected:
        return check_text("counted the givens")
    return None


def counted_search_nodes(attempt: Attempt) -> str | None:
    """The digits the naive search placed by choice, not the blanks: what one search
    did, where the least that any search must do was asked for."""
    (puzzle,) = attempt.case.args
    if attempt.got == solve(puzzle, "naive").stats.nodes != attempt.case.expected:
        return check_text("search nodes not blanks", method="naive")
    return None


def one_short(attempt: Attempt) -> str | None:
    """One less than the blanks on every board, 80 on the empty one: `80 - givens`, or a loop
    that stops one character early."""
    if attempt.got != attempt.case.expected - 1:
        return None
    if attempt.try_call("." * 81) == 80:
        return check_text("one short of 81")
    return None


def digit_taken_for_blank(attempt: Attempt) -> str | None:
    """A digit the count takes for a blank (a test such as `ch not in "12345678"`): a board of
    blanks holding only that digit counts 81."""
    for digit in "123456789":
        alone = "." * 40 + digit + "." * 40
        if attempt.try_call(alone) == 81:
            return check_text("digit taken for a blank", digit=digit)
    return None


def missed_an_end(attempt: Attempt) -> str | None:
    """A blank in the first or the last character not counted: range(80), puzzle[1:]. A board
    whose only blank is at that end counts 0, and one whose only blank is at the other end 1."""
    first, last = ("." + "5" * 80, "5" * 80 + ".")
    for where, missed, seen in ((_("first"), first, last), (_("last"), last, first)):
        if attempt.try_call(missed) == 0 and attempt.try_call(seen) == 1:
            return check_text("missed a character", where=where)
    return None


# Exercise: the choices the naive search has at its first blank, in the order it tries them.


def first_choices_of(puzzle: str) -> list[str]:
    """The digits that fit the puzzle's first blank, from 1 up: the branches of the search's
    first choice, in the order the naive search tries them."""
    board, r, c = first_blank_of(puzzle)
    return [d for d in "123456789" if is_valid(board, r, c, d)]


def check_first_choices(first_choices: Callable[[str], object]) -> Report:
    """first_choices(puzzle): the digits the naive search may try at the first blank, in order."""
    cases = [Case(name, (p,), first_choices_of(p)) for name, p in first_move_puzzles().items()]
    return check_cases(
        N_("choices at the first blank"),
        first_choices,
        cases,
        library=[solve],
        mistakes=[
            choices_not_a_list,
            choices_as_numbers,
            choices_box_at_band,
            choices_box_forgotten,
            choices_column_forgotten,
            choices_the_other_way,
        ],
        name="first_choices",
    )


def choices_not_a_list(attempt: Attempt) -> str | None:
    """The right digits in a set (no order) or out of order: the search tries them from 1 up."""
    got, expected = attempt.got, attempt.case.expected
    try:
        same_digits = sorted(got) == expected
    except TypeError:
        return None
    if same_digits and not (isinstance(got, list) and got == expected):
        return check_text("choices in order", kind=type(got).__name__)
    return None


def choices_as_numbers(attempt: Attempt) -> str | None:
    """The digits as ints."""
    got, expected = attempt.got, attempt.case.expected
    if isinstance(got, list) and [str(d) for d in got] == expected and got != expected:
        return check_text("digits as numbers")
    return None


def first_blank_of(puzzle: str) -> tuple[Board, int, int]:
    """The puzzle as a board, and its first blank's row and column (from 0)."""
    board = parse(puzzle)
    r, c = next((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == ".")
    return board, r, c


def digits_free_of(board: Board, cells: set[tuple[int, int]]) -> list[str]:
    """The digits 1-9 that none of the cells holds, in order."""
    seen = {board[i][j] for i, j in cells}
    return [d for d in "123456789" if d not in seen]


def row_and_column(r: int, c: int) -> set[tuple[int, int]]:
    """The cells of row r and of column c."""
    return {(r, j) for j in range(9)} | {(i, c) for i in range(9)}


def block(top: int, left: int) -> set[tuple[int, int]]:
    """The 3x3 cells from (top, left), cut at the board's edge."""
    return {(i, j) for i in range(top, min(top + 3, 9)) for j in range(left, min(left + 3, 9))}


def choices_box_at_band(attempt: Attempt) -> str | None:
    """The box read from (r // 3, c // 3), the box's band and stack numbers."""
    board, r, c = first_blank_of(attempt.case.args[0])
    if (r // 3, c // 3) == (3 * (r // 3), 3 * (c // 3)):
        return None
    wrong = digits_free_of(board, row_and_column(r, c) | block(r // 3, c // 3))
    if attempt.got == wrong != attempt.case.expected:
        return check_text("box corner wrong", r=r, c=c, box=3, top=3 * (r // 3), left=3 * (c // 3))
    return None


def choices_box_forgotten(attempt: Attempt) -> str | None:
    """The digits free in the row and the column only."""
    board, r, c = first_blank_of(attempt.case.args[0])
    wrong = digits_free_of(board, row_and_column(r, c))
    extra = [d for d in wrong if d not in attempt.case.expected]
    if attempt.got == wrong and extra:
        return check_text("box forgotten", digit=extra[0])
    return None


def choices_column_forgotten(attempt: Attempt) -> str | None:
    """The digits free in the row (and maybe the box), the column never looked at."""
    board, r, c = first_blank_of(attempt.case.args[0])
    top, left = 3 * (r // 3), 3 * (c // 3)
    row = {(r, j) for j in range(9)}
    for wrong in (digits_free_of(board, row), digits_free_of(board, row | block(top, left))):
        extra = [d for d in wrong if d not in attempt.case.expected]
        if attempt.got == wrong and extra:
            return check_text("column forgotten", digit=extra[0])
    return None


def choices_the_other_way(attempt: Attempt) -> str | None:
    """The digits the units hold, not those they lack."""
    held = [d for d in "123456789" if d not in attempt.case.expected]
    try:
        got = sorted(attempt.got)
    except TypeError:
        return None
    return check_text("choices held") if got == held else None


# Exercise: the naive search's first move, worked out from the board (the stepper's first Step).


def first_move(puzzle: str) -> tuple[int, int, str]:
    """(row, column, digit) of the naive search's first try, row and column counted from 1."""
    events: list[Event] = []
    solve(puzzle, "naive", max_nodes=1, listener=events.append)
    first = next(event for event in events if isinstance(event, Try))
    return first.row + 1, first.col + 1, first.digit


def with_first_row_filled(puzzle: str) -> str:
    """The puzzle with its first row copied from its solution, so the first blank is lower down."""
    solution = solve(puzzle).solution
    assert solution is not None
    return "".join(solution[0]) + puzzle[9:]


def with_blanks_filled(puzzle: str, count: int) -> str:
    """The puzzle with its first `count` blanks, in reading order, filled from its solution: the
    first blank left lies further on, outside the top-left box (a wrong box corner shows)."""
    solution = solve(puzzle).solution
    assert solution is not None
    flat = "".join("".join(row) for row in solution)
    blanks = [i for i, ch in enumerate(puzzle) if ch == "."][:count]
    return "".join(flat[i] if i in blanks else ch for i, ch in enumerate(puzzle))


def first_move_puzzles() -> dict[str, str]:
    """Puzzles whose first blank's digit is settled by the row, the column or the box."""
    easy, top = load_set("easy50"), load_set("top95")
    return {
        N_("the sample"): SAMPLE,
        N_("top95 #2"): top[1],
        N_("easy50 #1"): easy[0],
        N_("easy50 #5"): easy[4],
        N_("top95 #4"): top[3],
        N_("easy50 #1 with its first row filled in"): with_first_row_filled(easy[0]),
        N_("easy50 #1 with its first 2 blanks filled in"): with_blanks_filled(easy[0], 2),
        N_("easy50 #3 with its first 20 blanks filled in"): with_blanks_filled(easy[2], 20),
    }


def check_first_try(first_try: Callable[[str], object]) -> Report:
    """first_try(puzzle): where the naive search places its first digit, and which digit."""
    cases = [Case(name, (p,), first_move(p)) for name, p in first_move_puzzles().items()]
    return check_cases(
        N_("the search's first move"),
        first_try,
        cases,
        mistakes=[
            move_from_zero,
            move_swapped,
            move_digit_a_number,
            box_corner_wrong,
            tried_from_nine_down,
            box_forgotten,
            column_forgotten,
        ],
        name="first_try",
    )


def _move(got: object) -> tuple[object, object, object] | None:
    """A learner's answer as (row, column, digit), or None when it has another shape."""
    return (got[0], got[1], got[2]) if isinstance(got, tuple | list) and len(got) == 3 else None


def move_from_zero(attempt: Attempt) -> str | None:
    """Row and column counted from 0, as the code counts."""
    row, col, digit = attempt.case.expected
    if _move(attempt.got) == (row - 1, col - 1, digit):
        return check_text("move from zero", row=row, col=col, r=row - 1, c=col - 1)
    return None


def move_swapped(attempt: Attempt) -> str | None:
    """(column, row, digit): the row must come first."""
    row, col, digit = attempt.case.expected
    if row != col and _move(attempt.got) == (col, row, digit):
        return check_text("row and column swapped")
    return None


def move_digit_a_number(attempt: Attempt) -> str | None:
    """The digit as an int: the board holds one-character strings."""
    row, col, digit = attempt.case.expected
    if _move(attempt.got) == (row, col, int(digit)):
        return check_text("digits as numbers")
    return None


def smallest_missing(puzzle: str, units: tuple[str, ...]) -> str:
    """The smallest digit missing from the given units of the puzzle's first blank."""
    board = parse(puzzle)
    r, c = next((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == ".")
    seen = set()
    if "row" in units:
        seen |= set(board[r])
    if "column" in units:
        seen |= {board[i][c] for i in range(9)}
    return next(d for d in "123456789" if d not in seen)


def smallest_missing_with_corner(puzzle: str, top: int, left: int) -> str | None:
    """The smallest digit missing from the first blank's row, its column and the 3x3 block whose
    top-left cell is (top, left), or None when every digit is there (or the block runs off)."""
    board = parse(puzzle)
    r, c = next((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == ".")
    if top + 3 > 9 or left + 3 > 9:
        return None
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    seen |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return next((d for d in "123456789" if d not in seen), None)


def tried_from_nine_down(attempt: Attempt) -> str | None:
    """The largest digit that fits, not the smallest: the digits tried from 9 down."""
    (puzzle,) = attempt.case.args
    row, col, _digit = attempt.case.expected
    board = parse(puzzle)
    fits = [d for d in "123456789" if is_valid(board, row - 1, col - 1, d)]
    if len(fits) > 1 and _move(attempt.got) == (row, col, fits[-1]):
        return check_text("tried from nine down", largest=fits[-1], smallest=fits[0])
    return None


def box_corner_wrong(attempt: Attempt) -> str | None:
    """The box read from (r // 3, c // 3), the box's number, not its top-left cell: right only
    while the first blank is in the top-left box; further on it reads the wrong 3x3 cells (or
    finds no digit missing, and `next` raises StopIteration)."""
    (puzzle,) = attempt.case.args
    row, col, _digit = attempt.case.expected
    r, c = row - 1, col - 1
    if (r // 3, c // 3) == (3 * (r // 3), 3 * (c // 3)):
        return None
    guess = smallest_missing_with_corner(puzzle, r // 3, c // 3)
    raised_alike = guess is None and isinstance(attempt.error, StopIteration | ValueError)
    if raised_alike or _move(attempt.got) == (row, col, guess):
        return check_text("box corner wrong", r=r, c=c, box=3, top=3 * (r // 3), left=3 * (c // 3))
    return None


def box_forgotten(attempt: Attempt) -> str | None:
    """The smallest digit missing from the row and the column: the box was not looked at."""
    (puzzle,) = attempt.case.args
    move = _move(attempt.got)
    row, col, _digit = attempt.case.expected
    guess = smallest_missing(puzzle, ("row", "column"))
    if guess == smallest_missing(puzzle, ("row",)):
        return None  # the column may have been forgotten too: column_forgotten says both
    if move == (row, col, guess) != attempt.case.expected:
        return check_text("box forgotten", digit=guess)
    return None


def column_forgotten(attempt: Attempt) -> str | None:
    """The smallest digit missing from the row alone."""
    (puzzle,) = attempt.case.args
    row, col, _digit = attempt.case.expected
    guess = smallest_missing(puzzle, ("row",))
    if _move(attempt.got) == (row, col, guess) != attempt.case.expected:
        return check_text("column forgotten", digit=guess)
    return None
