"""Self-checks for notebook 03 (backtracking): the rule check and the counting solver at any size,
counting every solution with the same template, and counting N-Queens."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..board import BLANK, SYMBOLS, Board, copy_board, geometry, parse, to_string
from ..i18n import N_, _
from ..puzzles import SAMPLE
from ..queens import count_queens, solve_queens
from ..search import count_solutions, solve, solve_sudoku
from ..search.naive import is_valid
from ..watch import Write, watch
from ..words import cell_name, check_text, number, plural, sentences, unit_name
from .core import NO_ANSWER, Attempt, Case, Report, check_cases
from .fixtures import (
    COUNT_PUZZLES,
    NO_SOLUTION_4X4,
    SMALL_4X4,
    latin_sixteen,
    sixteen_with_a_hole,
    size_fixed_at_nine,
    solver_puzzles,
)
from .recorder import (
    EnoughMoves,
    Parting,
    first_parting,
    model_moves,
    own_search,
    parting_words,
    recorded_board,
    watching_calls,
    watching_work,
)

SOLVERS: list[Callable[..., object]] = [solve, solve_sudoku, count_solutions]
IS_VALID_CASES = {  # on the sample board; each name says where the digit already is, if anywhere
    N_("1 at row 1, column 3 (fits)"): (0, 2, "1"),
    N_("7 at row 1, column 3 (a 7 is in the row)"): (0, 2, "7"),
    N_("4 at row 1, column 4 (a 4 is in the column)"): (0, 3, "4"),
    N_("6 at row 1, column 3 (a 6 is in the box only)"): (0, 2, "6"),
    N_("5 at row 1, column 3 (a 5 is in the row and the box)"): (0, 2, "5"),
    N_("5 at row 9, column 7 (a 5 is in the box only)"): (8, 6, "5"),
    N_("4 at row 9, column 7 (fits)"): (8, 6, "4"),
}
SMALL_CASES = {  # on the 4x4 puzzle SMALL_4X4
    N_("4x4: 1 at row 1, column 1 (fits)"): (0, 0, "1"),
    N_("4x4: 1 at row 1, column 2 (a 1 is in the column)"): (0, 1, "1"),
    N_("4x4: 3 at row 1, column 4 (a 3 is in the box only)"): (0, 3, "3"),
}


def check_is_valid(function: Callable[[Board, int, int, str], bool]) -> Report:
    """`function(board, r, c, d)` must say whether digit d may go at (r, c), at any board size."""
    sample, small, big = parse(SAMPLE), parse(SMALL_4X4), sixteen_with_a_hole()
    missing = latin_sixteen()[5][9]
    wrong = next(d for d in "123456789ABCDEFG" if d != missing)
    placed = [(sample, name, move) for name, move in IS_VALID_CASES.items()]
    placed += [(small, name, move) for name, move in SMALL_CASES.items()]
    placed += [
        (big, f"16x16: {missing} at row 6, column 10 (fits)", (5, 9, missing)),
        (big, f"16x16: {wrong} at row 6, column 10 (already there)", (5, 9, wrong)),
    ]
    cases = [
        Case(name, (board, r, c, d), is_valid(board, r, c, d)) for board, name, (r, c, d) in placed
    ]
    return check_cases(
        N_("rule check on any size"),
        function,
        cases,
        library=[is_valid],
        mistakes=[
            size_fixed_at_nine,
            answers_inverted,
            box_read_at_band_number,
            digit_already_there,
            said_no_to_a_free_digit,
        ],
        name="is_valid_any_size",
    )


def units_holding(board: Board, r: int, c: int, digit: str) -> list[tuple[str, int, str]]:
    """The units through (r, c) that already hold `digit`: (kind, index, where it is)."""
    geo = geometry(len(board))
    box = geo.box * (r // geo.box) + c // geo.box
    found = []
    for kind, index, unit in (("row", r, geo.rows[r]), ("column", c, geo.columns[c]),
                              ("box", box, geo.boxes[box])):  # fmt: skip
        where = [cell for cell in unit if cell != (r, c) and board[cell[0]][cell[1]] == digit]
        if where:
            found.append((kind, index, cell_name(*where[0])))
    return found


def answers_inverted(attempt: Attempt) -> str | None:
    """False where the digit fits and True where it is there already, on every case tried: the
    answers the wrong way round (return True when the digit is found)."""
    sample = parse(SAMPLE)
    tries = [(0, 2, "1"), (0, 2, "7"), (0, 3, "4"), (8, 6, "4")]
    if all(attempt.try_call(sample, r, c, d) is not is_valid(sample, r, c, d) for r, c, d in tries):
        return check_text("answers inverted")
    return None


def in_block(board: Board, top: int, left: int, box: int, digit: str) -> bool | None:
    """Whether the `box`-wide block with top-left cell (top, left) holds the digit; None when
    the block runs off the board (an IndexError, for the learner's code)."""
    if top + box > len(board) or left + box > len(board):
        return None
    return any(board[i][j] == digit for i in range(top, top + box) for j in range(left, left + box))


def box_read_at_band_number(attempt: Attempt) -> str | None:
    """The answer of a rule check whose box starts at (r // box, c // box), the box's band and
    stack numbers, instead of (box * (r // box), box * (c // box)): it looks at a box, but at the
    wrong cells."""
    board, r, c, digit = attempt.case.args
    box = math.isqrt(len(board))
    top, left = r // box, c // box
    if (top, left) == (box * top, box * left):
        return None
    others = [kind for kind, _, _ in units_holding(board, r, c, digit) if kind != "box"]
    wrong_block = in_block(board, top, left, box, digit)
    ran_off = wrong_block is None and isinstance(attempt.error, IndexError)
    if ran_off or (wrong_block is not None and attempt.got is (not others and not wrong_block)):
        return check_text("box corner wrong", r=r, c=c, box=box, top=box * top, left=box * left)
    return None


def digit_already_there(attempt: Attempt) -> str | None:
    """True for a digit its row, column or box already holds: name the unit and the cell."""
    board, r, c, digit = attempt.case.args
    if attempt.got is not True:
        return None
    holding = units_holding(board, r, c, digit)
    if not holding:
        return None
    size = len(board)
    places = _("; ").join(
        check_text("digit in unit", digit=digit, unit=unit_name(kind, index, size), cell=cell)
        for kind, index, cell in holding
    )
    return check_text("said it fits", places=places, kinds=check_text("kind " + holding[-1][0]))


def said_no_to_a_free_digit(attempt: Attempt) -> str | None:
    """False for a digit nothing blocks: usually the box's corner, or a scan of the wrong box."""
    if attempt.got is False and attempt.case.expected is True:
        return check_text("said no")
    return None


def check_solve_counting(function: Callable[[Board], int]) -> Report:
    """`function(board)` must fill the board in place and return how many digits it placed."""

    def run(board: Board) -> tuple[int, Board]:
        placed = function(board)
        return placed, board

    cases = []
    for name, puzzle in solver_puzzles().items():
        result = solve(puzzle, "naive")
        cases.append(Case(name, (parse(puzzle),), (result.stats.nodes, result.solution)))
    own = own_search()
    return check_cases(
        N_("solve and count the digits placed"),
        run,
        cases,
        show=describe_run,
        learner=function,
        library=SOLVERS,
        mistakes=[
            digit_beyond_the_size,
            parted_from_the_model,
            count_not_what_was_placed,
            left_digits_after_failing,
            board_not_filled,
            counted_the_blanks,
            counted_tries,
            own,
        ],
        requirements=[own],
        keeps_input=False,  # it fills the board in place, as solve_board does
        name="solve_counting",
    )


def digit_beyond_the_size(attempt: Attempt) -> str | None:
    """A digit the board's size does not have (a 5 on a 4x4 board): the digits were "123456789"."""
    board = attempt.args[0]
    size = len(board)
    allowed = set(SYMBOLS[:size]) | {BLANK}
    for r, row in enumerate(board):
        for c, digit in enumerate(row):
            if digit not in allowed:
                return check_text(
                    "digit beyond the size",
                    digit=digit,
                    cell=cell_name(r, c),
                    size=size,
                    last=SYMBOLS[size - 1],
                )
    return None


def describe_run(outcome: object) -> str:
    """(digits placed, board) in words: the count, and whether the board ended up filled."""
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return repr(outcome)
    placed, board = outcome
    filled = "NOT filled" if BLANK in str(board) else "filled"
    return check_text("placed and board", placed=repr(placed), filled=check_text(filled))


def board_not_filled(attempt: Attempt) -> str | None:
    """The board handed in still has blanks afterwards: the search filled a copy, or gave up."""
    got = attempt.got
    if isinstance(got, tuple) and len(got) == 2 and BLANK in str(got[1]):
        return check_text("board not filled")
    return None


RECORDING_SECONDS = 2.0
"""Seconds a recogniser may spend re-running the learner's search on a recording board."""


def parted_from_the_model(attempt: Attempt) -> str | None:
    """The first move where the learner's search, re-run on the case's board, does something the
    model (the course's naive search) does not: named, with the usual mistake behind it."""
    return parting_on(attempt, every_solution=False)


def counted_apart_from_the_model(attempt: Attempt) -> str | None:
    """As `parted_from_the_model`, for a search that counts every solution."""
    return parting_on(attempt, every_solution=True)


def parting_on(attempt: Attempt, every_solution: bool) -> str | None:
    """Where the learner's search first parts from the model's, in words: on the case's board
    when it is small, else on the 4x4 puzzle (the same mistakes part there, in few moves)."""
    board = attempt.case.args[0]
    named = check_text("this board")
    if len(board) > len(parse(SMALL_4X4)):
        board, named = parse(SMALL_4X4), check_text("the small board", puzzle=SMALL_4X4)
    model = model_moves(board, every_solution)
    rows, moves = recorded_board(board, bound=len(model) + 1)
    try:
        outcome = attempt.try_call(rows, seconds=RECORDING_SECONDS, fresh=False)
    except EnoughMoves:  # past the model's last move: what the check needs is in the log
        outcome = None
    parting = first_parting(model, moves)
    if parting is None or not moves or (parting.yours is None and outcome is NO_ANSWER):
        return None  # the same moves, none on this board (a copy filled), or a run stopped
    previous = model[parting.step - 2] if parting.step > 1 else None
    words = parting_words(parting, previous, named, counting=every_solution)
    see_it = watch_line(attempt.own or attempt.function, board, parting)
    return sentences(words, see_it)


WATCH_STEPS = 2_000
"""Steps `watch` may record when a report points to the move where a search parts: the 4x4
board's moves, with the calls and returns around them, are far fewer."""


def watch_line(function: Callable[..., object], board: Board, parting: Parting) -> str | None:
    """The line to run to see, in the stepper, the learner's own search make the move where it
    parts from the model's (or its last move, when it stopped where the model goes on):
    `watch(fill, parse("...")).goto(p)`, with `p` found by watching the run."""
    name = getattr(function, "__name__", "")
    if not name.isidentifier():
        return None  # a lambda: there is no name to write the line with
    run = watch(function, copy_board(board), max_steps=WATCH_STEPS, max_seconds=RECORDING_SECONDS)
    writes = [i + 1 for i, step in enumerate(run.steps) if isinstance(step, Write)]
    if parting.yours is None and 2 <= parting.step <= len(writes) + 1:
        position, key = writes[parting.step - 2], "watch the stop"
    elif len(writes) >= parting.step:
        position, key = writes[parting.step - 1], "watch the parting"
    else:
        return None
    return check_text(key, code=f'watch({name}, parse("{to_string(board)}")).goto({position})')


def count_not_what_was_placed(attempt: Attempt) -> str | None:
    """The search placed what the model places, but the count it returns is another number:
    named with the count the check made as it watched, and, when a second run on the same board
    gives yet another number, as a count carried over from the last call."""
    board = attempt.case.args[0]
    rows, moves = recorded_board(board, bound=10 * (len(model_moves(board, False)) + 1))
    try:
        outcome = attempt.try_call(rows, seconds=RECORDING_SECONDS, fresh=False)
    except EnoughMoves:  # far more moves than the model's: a count is not what is wrong here
        return None
    if not (isinstance(outcome, tuple) and isinstance(outcome[0], int)):
        return None
    placed = sum(move.kind == "place" for move in moves)
    if outcome[0] == placed:
        return None
    again = attempt.try_call(board, seconds=RECORDING_SECONDS)
    if not (isinstance(again, tuple) and again[0] != outcome[0]):
        return None  # a count that is off, but the same each time: the other words say how
    carried = check_text("count carried", again=number(again[0]))
    return check_text(
        "count not what was placed", placed=number(placed), got=number(outcome[0]), carried=carried
    )


def left_digits_after_failing(attempt: Attempt) -> str | None:
    """On a board with no solution every digit must come off again; left ones mean no un-choose."""
    outcome = attempt.try_call(parse(NO_SOLUTION_4X4))
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return None
    where = check_text("on a board with no solution", puzzle=NO_SOLUTION_4X4)
    return leftover_words(parse(NO_SOLUTION_4X4), outcome[1], where)


def leftover_words(before: Board, after: object, where: str) -> str | None:
    """Words for the digits a search left on the board where a blank was, if it left any."""
    if not isinstance(after, list) or len(after) != len(before):
        return None
    left = [
        (r, c)
        for r, row in enumerate(before)
        for c, digit in enumerate(row)
        if digit == BLANK and after[r][c] != BLANK
    ]
    if not left:
        return None
    r, c = left[0]
    return check_text(
        "forgot to un-choose",
        where=where,
        count=number(len(left)),
        cell=cell_name(r, c),
        digit=after[r][c],
    )


def counted_the_blanks(attempt: Attempt) -> str | None:
    """The count equals the number of blanks: only the digits that stayed were counted."""
    got = attempt.got
    blanks = sum(row.count(BLANK) for row in attempt.case.args[0])
    if isinstance(got, tuple) and got[0] == blanks != attempt.case.expected[0]:
        return check_text("counted the blanks only", blanks=blanks)
    return None


def counted_tries(attempt: Attempt) -> str | None:
    """More than placed: every digit tried was counted, also those is_valid turned down."""
    got, expected = attempt.got, attempt.case.expected
    if isinstance(got, tuple) and isinstance(got[0], int) and got[0] > expected[0]:
        return check_text("counted tries")
    return None


def check_count_all(function: Callable[[Board], int]) -> Report:
    """`function(board)` must count every solution (the template, without stopping at the first)."""
    cases = [
        Case(name, (parse(puzzle),), count_solutions(puzzle, limit=10_000))
        for name, puzzle in COUNT_PUZZLES.items()
    ]
    own = own_search()
    return check_cases(
        N_("count every solution"),
        function,
        cases,
        library=SOLVERS,
        mistakes=[
            a_yes_or_no,
            counted_apart_from_the_model,
            board_left_changed,
            stopped_at_the_first,
            full_board_not_counted,
            own,
        ],
        requirements=[own],
        slow_why=check_text("count_all too slow"),
        keeps_input=board_left_changed,
        name="count_all",
    )


def a_yes_or_no(attempt: Attempt) -> str | None:
    """True or False, as solve_board returns: the template copied, not turned into a count."""
    if isinstance(attempt.got, bool):
        return check_text("count not a bool", got=attempt.got)
    return None


def board_left_changed(attempt: Attempt) -> str | None:
    """Counting must leave the board as it was: digits left on it mean a missing un-choose."""
    before = parse(COUNT_PUZZLES[attempt.case.name])
    return leftover_words(before, attempt.args[0], check_text("on this board"))


def stopped_at_the_first(attempt: Attempt) -> str | None:
    """1 where there are more: the search stopped at its first solution."""
    if attempt.got == 1 and attempt.case.expected > 1:
        return check_text("stopped at the first")
    return None


def full_board_not_counted(attempt: Attempt) -> str | None:
    """0 where there are solutions: the full board, the base case, was not counted as one."""
    if attempt.got == 0 and attempt.case.expected > 0:
        return check_text("full board not counted")
    return None


def check_count_queens(function: Callable[[int], int]) -> Report:
    """`function(n)` must count the ways to place n queens on an n x n board."""
    cases = [Case(f"n = {n}", (n,), count_queens(n)) for n in (*NAMED_QUEENS, HELD_OUT_QUEENS)]
    own = own_search()
    return check_cases(
        N_("ways to place n queens"),
        function,
        cases,
        library=[count_queens, solve_queens],
        mistakes=[
            table_of_answers,
            path_never_taken_back,
            diagonals_ignored,
            queens_stopped_at_the_first,
            queens_base_case,
            two_queens_fit,
            own,
        ],
        requirements=[own, worked_out],
        name="count_queens",
    )


NAMED_QUEENS = (1, 2, 3, 4, 5, 6, 7)
"""The board sizes notebook 03 says the check tries."""
HELD_OUT_QUEENS = 9
"""One more the notebook does not name, nor print (it prints 92, for 8): a table of the named
answers has nothing for it, and a table that has it is caught by `worked_out`."""


def worked_out(attempt: Attempt) -> str | None:
    """A right count for the held-out n made with fewer steps (calls) of the learner's own than
    there are ways: no search counts 352 boards without a step for each, so it was looked up."""
    if attempt.case.args[0] != HELD_OUT_QUEENS:
        return None
    with watching_work() as work:
        attempt.try_call(HELD_OUT_QUEENS)
    if work.steps >= attempt.case.expected:
        return None
    answer = attempt.case.expected
    return check_text("no work for the answer", case=_(attempt.case.name), answer=answer,
                      steps=plural(work.steps, "step"))  # fmt: skip


def table_of_answers(attempt: Attempt) -> str | None:
    """No answer (a KeyError or IndexError, or None) for the case the notebook does not name,
    where every named case was right: the answers were looked up, not worked out."""
    if attempt.case.args[0] != HELD_OUT_QUEENS:
        return None
    if attempt.got is None or isinstance(attempt.error, LookupError):
        return check_text("table of answers", case=_(attempt.case.name))
    return None


def path_never_taken_back(attempt: Attempt) -> str | None:
    """A list of queens (the path) longer than the calls on the way to a call: a queen placed in
    a branch that failed was never taken back (`queens.pop()` left out)."""
    with watching_calls(attempt.function) as calls:
        attempt.try_call(5)
    if calls.grown is None:
        return None
    function, name, before, after = calls.grown
    return check_text(
        "path never taken back", function=function, name=name, before=before, after=after
    )


def diagonals_ignored(attempt: Attempt) -> str | None:
    """n! ways, for this n and the next: one queen a row and a column, no diagonal checked."""
    n = attempt.case.args[0]
    if attempt.got == math.factorial(n) > 1 and attempt.try_call(n + 1) == math.factorial(n + 1):
        return check_text("diagonals ignored")
    return None


def two_queens_fit(attempt: Attempt) -> str | None:
    """Ways for 2 queens on a 2x2 board, where none exist: counted too early, or a broken test."""
    if attempt.case.args[0] == 2 and isinstance(attempt.got, int) and attempt.got > 0:
        return check_text("two queens fit", got=attempt.got)
    return None


def queens_stopped_at_the_first(attempt: Attempt) -> str | None:
    """1 where there are more: stopped at the first placement."""
    if attempt.got == 1 and attempt.case.expected > 1:
        return check_text("stopped at the first")
    return None


def queens_base_case(attempt: Attempt) -> str | None:
    """0 for n = 1 (or for every n): a full board of queens was not counted as one way."""
    n = attempt.case.args[0]
    if n == 1 and attempt.got == 0:
        return check_text("queens base case")
    return None
