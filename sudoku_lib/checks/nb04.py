"""Self-checks for notebook 04 (pruning): the pieces of a pruned search, then the search itself.

The expected answers come from the library's pruned search (`search.pruned`), the code that the
notebook measures, so a learner's function is checked against the definition the course uses.
The capstone, `check_pruned_solve`, runs the learner's own search on puzzles the notebook never
shows and sets its node count against the naive search's, measured here, not written down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ..board import BLANK, Board, Cell, Digit, copy_board, empty_cells, geometry, parse
from ..i18n import N_, _
from ..puzzles import SAMPLE, load_set
from ..search import count_solutions, solve, solve_sudoku
from ..search.collect import find_solutions
from ..search.naive import is_valid
from ..search.pruned import Pruning, State, candidates_of, find_singles, unit_spots
from ..timelimit import TooSlow, deadline
from ..validate import is_valid_sudoku
from ..words import cell_and_indices, cell_name, check_text, number, plural, unit_name
from .core import RECOGNISER_BUDGET, Attempt, Case, Report, case_and, check_cases
from .recorder import spying_on

FEWER_THAN_NAIVE = 100
"""How many times fewer nodes than the naive search a pruned search must need. The course's
pruned search needs thousands of times fewer on the check's puzzle; a search without a good cell
order, or without failing early, is nowhere near."""

LIBRARY_PIECES: list[Callable[..., Any]] = [
    candidates_of, State.candidates, State.all_candidates, find_singles, unit_spots, is_valid
]  # fmt: skip
LIBRARY_SOLVERS: list[Callable[..., Any]] = [
    solve, solve_sudoku, count_solutions, find_solutions, candidates_of
]  # fmt: skip

NO_SOLUTION = "12345678." + "........9" + BLANK * 63
"""Valid (no digit repeats), yet row 1 needs a 9 in column 9, which already has one: row 1,
column 9 has no candidate, so a search that fails early backs up from here at once."""


def library_candidates(board: Board, r: int, c: int) -> list[Digit]:
    """The digits that fit at (r, c), as the pruned search sees them."""
    return State(copy_board(board), Pruning()).candidates(r, c)


def library_naked_singles(board: Board) -> dict[Cell, Digit]:
    """Every empty cell with exactly one candidate, and that candidate."""
    return {cell: ds[0] for cell, ds in candidates_of(board).items() if len(ds) == 1}


def library_hidden_singles(board: Board, unit: Sequence[Cell]) -> dict[Digit, Cell]:
    """In one unit: each missing digit that fits exactly one of its empty cells, and that cell."""
    state = State(copy_board(board), Pruning(naked_singles=False))
    wanted = tuple(unit)
    where = next((kind, index) for kind, index, cells in state.units if cells == wanted)
    candidates = state.all_candidates()
    singles = find_singles(state, candidates, unit_spots(state, candidates))
    return {digit: cell for cell, digit, unit_id in singles if unit_id == where}


def library_most_constrained(board: Board) -> Cell | None:
    """The empty cell with the fewest candidates, the first in reading order on a tie."""
    options = candidates_of(board)
    return min(options, key=lambda cell: len(options[cell])) if options else None


def nearly_solved() -> Board:
    """The sample's solution with six cells blanked: each blank has exactly one candidate."""
    board = solve(SAMPLE).solution
    assert board is not None
    for r, c in [(0, 0), (1, 4), (4, 4), (6, 2), (8, 8), (8, 7)]:
        board[r][c] = BLANK
    return board


def puzzles() -> dict[str, Board]:
    """The boards the piece checks use: the sample, a hard puzzle, a nearly solved board, an
    empty one, and one where a cell has no candidate left."""
    return {
        N_("the sample"): parse(SAMPLE),
        N_("top95 #1"): parse(load_set("top95")[0]),
        N_("a nearly solved board"): nearly_solved(),
        N_("the empty board"): parse(BLANK * 81),
        N_("a board where row 1, column 9 has no candidate"): parse(NO_SOLUTION),
    }


def as_sorted(digits: object) -> object:
    """Any collection of digits as a sorted list, so a set or a list are both fine."""
    try:
        return sorted(digits)  # type: ignore[call-overload]
    except TypeError:
        return digits


# --- 1. candidates -------------------------------------------------------------------------------


def check_candidates(candidates: Callable[[Board, int, int], object]) -> Report:
    """candidates(board, r, c): the digits that can go in the empty cell (r, c)."""
    cases = []
    for name, board in puzzles().items():
        blanks = empty_cells(board)
        for r, c in blanks[:: max(1, len(blanks) // 3)][:3]:
            expected = library_candidates(board, r, c)
            cases.append(Case(case_and(name, cell_name(r, c)), (board, r, c), expected))
    return check_cases(
        N_("candidates"),
        candidates,
        cases,
        same=lambda got, expected: as_sorted(got) == expected,
        library=LIBRARY_PIECES,
        mistakes=[
            blank_as_candidate,
            candidates_box_at_band,
            extra_digits_in_one_unit,
            digits_as_numbers,
        ],
        name="candidates",
    )


def units_holding(board: Board, r: int, c: int, digit: Digit) -> list[str]:
    """The kinds of the cell's units that already hold the digit: ["row"], ["column", "box"]."""
    geo = geometry(9)
    box = 3 * (r // 3) + c // 3
    units = (("row", geo.rows[r]), ("column", geo.columns[c]), ("box", geo.boxes[box]))
    return [kind for kind, cells in units if any(board[i][j] == digit for i, j in cells)]


def blank_as_candidate(attempt: Attempt) -> str | None:
    """The blank '.' among the candidates: the characters not seen were collected from what the
    units hold (blanks too), not from the digits 1-9."""
    try:
        blank = BLANK in attempt.got
    except TypeError:
        return None
    return check_text("blank as candidate") if blank else None


def candidates_box_at_band(attempt: Attempt) -> str | None:
    """The candidates of a cell whose box was read from (r // 3, c // 3), the box's band and
    stack numbers, instead of its top-left cell."""
    board, r, c = attempt.case.args
    top, left = r // 3, c // 3
    if (top, left) == (3 * top, 3 * left):
        return None
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    seen |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    wrong = [d for d in "123456789" if d not in seen]
    if as_sorted(attempt.got) == wrong:
        return check_text("box corner wrong", r=r, c=c, box=3, top=3 * top, left=3 * left)
    return None


def extra_digits_in_one_unit(attempt: Attempt) -> str | None:
    """Every extra digit is already in the same kind of unit: that unit was left out (or its
    cells were read wrongly, as with a box corner off by one)."""
    board, r, c = attempt.case.args
    try:
        extra = {str(d) for d in attempt.got} - set(attempt.case.expected)
    except TypeError:
        return None
    kinds = [set(units_holding(board, r, c, d)) for d in extra]
    if not extra or not all(kinds):
        return None
    shared = set.intersection(*kinds)
    for kind in ("box", "column", "row"):
        if kind in shared:
            index = {"row": r, "column": c, "box": 3 * (r // 3) + c // 3}[kind]
            digits = _(", ").join(sorted(extra))
            return check_text("extra in one unit", digits=digits, unit=unit_name(kind, index))
    return None


def digits_as_numbers(attempt: Attempt) -> str | None:
    """Digits handed back as ints: the board holds one-character strings."""
    try:
        items = list(attempt.got)
    except TypeError:
        return None
    if items and all(isinstance(d, int) for d in items):
        return check_text("digits as numbers")
    return None


# --- 2. naked singles ---------------------------------------------------------------------------


def check_naked_singles(naked_singles: Callable[[Board], dict[Cell, Digit]]) -> Report:
    """naked_singles(board): {(r, c): digit} for every empty cell with exactly one candidate."""
    cases = [
        Case(name, (board,), library_naked_singles(board)) for name, board in puzzles().items()
    ]
    return check_cases(
        N_("naked singles"),
        naked_singles,
        cases,
        library=LIBRARY_PIECES,
        mistakes=[
            wrote_on_the_board,
            keys_from_one,
            filled_cells_included,
            digit_in_a_collection,
            more_than_one_candidate,
            singles_difference,
        ],
        name="naked_singles",
    )


def more_than_one_candidate(attempt: Attempt) -> str | None:
    """An extra cell with two or more candidates: `<= 2`, or the first of several kept."""
    board = attempt.case.args[0]
    if not isinstance(attempt.got, dict):
        return None
    options = candidates_of(board)
    for cell in attempt.got:
        if cell not in attempt.case.expected and len(options.get(cell, ())) > 1:
            digits = _(", ").join(options[cell])
            return check_text("not a single", cell=cell_name(*cell), digits=digits)
    return None


def keys_from_one(attempt: Attempt) -> str | None:
    """Every key one row down and one column right of a right one: cells counted from 1."""
    expected, got = attempt.case.expected, attempt.got
    if not (isinstance(got, dict) and got and expected):
        return None
    shifted = {(r + 1, c + 1) for r, c in expected}
    return check_text("cells from one") if set(got) == shifted else None


def digit_in_a_collection(attempt: Attempt) -> str | None:
    """{cell: {'5'}} for {cell: '5'}: the candidate set itself was stored, not its one digit."""
    got = attempt.got
    if not isinstance(got, dict):
        return None
    for value in got.values():
        if isinstance(value, set | frozenset | list | tuple) and len(value) == 1:
            digit = next(iter(value))
            return check_text("digit in a collection", value=value, digit=digit)
    return None


def wrote_on_the_board(attempt: Attempt) -> str | None:
    """The board came back changed: singles were placed while scanning, so later cells saw them."""
    before, after = attempt.case.args[0], attempt.args[0]
    changed = [(r, c) for r in range(9) for c in range(9) if before[r][c] != after[r][c]]
    if not changed:
        return None
    return check_text("wrote on the board", cell=cell_name(*changed[0]), count=len(changed))


def filled_cells_included(attempt: Attempt) -> str | None:
    """Cells that already hold a digit appear in the answer."""
    board = attempt.case.args[0]
    if not isinstance(attempt.got, dict):
        return None
    filled = [k for k in attempt.got if is_cell(k) and board[k[0]][k[1]] != BLANK]
    return check_text("filled cells included", cell=cell_name(*filled[0])) if filled else None


def is_cell(key: object) -> bool:
    """(r, c) with 0 <= r, c < 9."""
    return (
        isinstance(key, tuple)
        and len(key) == 2
        and all(isinstance(i, int) and 0 <= i < 9 for i in key)
    )


def singles_difference(attempt: Attempt) -> str | None:
    """Which keys of a dict answer are missing, extra or hold the wrong value, in words."""
    expected, got = attempt.case.expected, attempt.got
    if attempt.error is not None:
        return None
    if not isinstance(got, dict):
        return check_text("a dict please", kind=type(got).__name__)
    missing = [k for k in expected if k not in got]
    extra = [k for k in got if k not in expected]
    wrong = [k for k in expected if k in got and got[k] != expected[k]]
    parts = [
        check_text(key, items=_(", ").join(key_name(k) for k in keys[:4]))
        for key, keys in (("keys missing", missing), ("keys extra", extra), ("keys wrong", wrong))
        if keys
    ]
    return _("; ").join(parts) or None


def key_name(key: object) -> str:
    """A cell as people name it, anything else as repr."""
    return cell_name(*key) if is_cell(key) else repr(key)  # type: ignore[misc]


# --- 3. hidden singles --------------------------------------------------------------------------

UNITS_CHOSEN = [
    (N_("the sample"), "row", 4),
    (N_("the sample"), "box", 3),
    (N_("the sample"), "column", 0),
    (N_("the sample"), "row", 0),
    (N_("top95 #1"), "column", 1),
    (N_("top95 #1"), "box", 6),
    (N_("the empty board"), "row", 4),
    (N_("a board where row 1, column 9 has no candidate"), "row", 0),
]


def check_hidden_singles(
    hidden_singles: Callable[[Board, list[Cell]], dict[Digit, Cell]],
) -> Report:
    """hidden_singles(board, unit): {digit: cell} for each digit with one possible cell there."""
    boards = puzzles()
    geo = geometry(9)
    cells_of = {"row": geo.rows, "column": geo.columns, "box": geo.boxes}
    cases = []
    for name, kind, index in UNITS_CHOSEN:
        unit = list(cells_of[kind][index])
        expected = library_hidden_singles(boards[name], unit)
        cases.append(Case(case_and(name, unit_name(kind, index)), (boards[name], unit), expected))
    return check_cases(
        N_("hidden singles"),
        hidden_singles,
        cases,
        library=LIBRARY_PIECES,
        mistakes=[
            placed_digits_included,
            cells_as_keys,
            stopped_at_the_first_single,
            fits_nowhere,
            fits_elsewhere,
            singles_difference,
        ],
        name="hidden_singles",
    )


def placed_digits_included(attempt: Attempt) -> str | None:
    """A digit the unit already holds is reported: only missing digits can be hidden singles."""
    board, unit = attempt.case.args
    placed = {board[r][c] for r, c in unit} - {BLANK}
    if isinstance(attempt.got, dict) and placed & set(attempt.got):
        return check_text("placed digit included", digit=sorted(placed & set(attempt.got))[0])
    return None


def stopped_at_the_first_single(attempt: Attempt) -> str | None:
    """Some of the hidden singles, each right, the others missing: a `return` inside the loop
    after the first one found."""
    got, expected = attempt.got, attempt.case.expected
    if not (isinstance(got, dict) and got and len(got) < len(expected)):
        return None
    if all(expected.get(digit) == cell for digit, cell in got.items()):
        missing = _(", ").join(repr(d) for d in expected if d not in got)
        return check_text("stopped at the first single", missing=missing)
    return None


def fits_nowhere(attempt: Attempt) -> str | None:
    """A missing digit with no empty cell of the unit to go in, reported (with no cell, or the
    code fails on spots[0]): the test was `len(spots) <= 1`, where a single needs exactly one."""
    board, unit = attempt.case.args
    placed = {board[r][c] for r, c in unit}
    options = candidates_of(board)
    fits = {d for cell in unit for d in options.get(cell, ())}
    nowhere = [d for d in "123456789" if d not in placed and d not in fits]
    if not nowhere:
        return None
    reported = isinstance(attempt.got, dict) and any(d in attempt.got for d in nowhere)
    if reported or isinstance(attempt.error, IndexError):
        return check_text("fits nowhere", digit=nowhere[0])
    return None


def fits_elsewhere(attempt: Attempt) -> str | None:
    """An extra digit that fits in more than one empty cell of the unit: no hidden single (often
    a naked single, a cell with one candidate, mistaken for one)."""
    board, unit = attempt.case.args
    if not isinstance(attempt.got, dict):
        return None
    options = candidates_of(board)
    for digit in sorted(set(attempt.got) - set(attempt.case.expected), key=str):
        spots = [cell for cell in unit if digit in options.get(cell, ())]
        if len(spots) > 1:
            cells = _("; ").join(cell_name(*cell) for cell in spots)
            return check_text("fits elsewhere", digit=digit, count=len(spots), cells=cells)
    return None


def cells_as_keys(attempt: Attempt) -> str | None:
    """{cell: digit} instead of {digit: cell}."""
    if isinstance(attempt.got, dict) and attempt.got and all(map(is_cell, attempt.got)):
        return check_text("cells as keys")
    return None


# --- 4. the most constrained cell ---------------------------------------------------------------


def check_most_constrained(most_constrained: Callable[[Board], Cell | None]) -> Report:
    """most_constrained(board): the empty cell with the fewest candidates (the first in reading
    order on a tie), or None when the board is full."""
    solved = solve(SAMPLE).solution
    assert solved is not None
    boards = {**puzzles(), "the solved sample (no empty cell)": solved}
    cases = [
        Case(name, (board,), library_most_constrained(board)) for name, board in boards.items()
    ]
    return check_cases(
        N_("most constrained cell"),
        most_constrained,
        cases,
        show=show_cell,
        library=LIBRARY_PIECES,
        mistakes=[
            cell_from_one,
            not_an_empty_cell,
            skipped_a_cell_with_no_candidate,
            most_instead_of_fewest,
            last_of_a_tie,
            wrote_on_the_board,
        ],
        name="most_constrained",
    )


def cell_from_one(attempt: Attempt) -> str | None:
    """The expected cell one row down and one column right: the cell was counted from 1."""
    expected, got = attempt.case.expected, attempt.got
    if is_cell(expected) and isinstance(got, tuple) and got == (expected[0] + 1, expected[1] + 1):
        return check_text("cells from one")
    return None


def skipped_a_cell_with_no_candidate(attempt: Attempt) -> str | None:
    """The expected cell has no candidate at all and the learner's has some: 0 was skipped."""
    counts = candidate_counts(attempt)
    if counts and counts[1] == 0 < counts[0]:
        cell = cell_name(*attempt.case.expected)
        return check_text("no candidate skipped", cell=cell)
    return None


def show_cell(cell: object) -> str:
    """(r, c) as code and as words: "(0, 2), row 1, column 3"."""
    return cell_and_indices(*cell) if is_cell(cell) else repr(cell)  # type: ignore[misc]


def candidate_counts(attempt: Attempt) -> tuple[int, int] | None:
    """(candidates of the learner's cell, candidates of the expected cell), when both are empty
    cells of the case's board."""
    options = candidates_of(attempt.case.args[0])
    got, expected = attempt.got, attempt.case.expected
    if got in options and expected in options:
        return len(options[got]), len(options[expected])
    return None


def not_an_empty_cell(attempt: Attempt) -> str | None:
    """The answer is a cell that already holds a digit."""
    board = attempt.case.args[0]
    got = attempt.got
    if is_cell(got) and board[got[0]][got[1]] != BLANK:
        return check_text("not an empty cell", cell=cell_name(*got))
    return None


def most_instead_of_fewest(attempt: Attempt) -> str | None:
    """The learner's cell has more candidates than the expected one."""
    counts = candidate_counts(attempt)
    if counts and counts[0] > counts[1]:
        return check_text(
            "more candidates",
            got=plural(counts[0], "candidate"),
            fewest=plural(counts[1], "candidate"),
        )
    return None


def last_of_a_tie(attempt: Attempt) -> str | None:
    """As few candidates, but a later cell: the tie went to the last, not the first."""
    counts = candidate_counts(attempt)
    if counts and counts[0] == counts[1]:
        return check_text("last of a tie")
    return None


# --- 5. the capstone: the learner's own pruned search ---------------------------------------------

UNSEEN = {"hardest #5": 4, "hardest #11": 10, "hardest #4": 3}
"""Puzzles of hardest.txt, by their number in the set (the index is 0-based); notebook 04 never
shows them. #5 falls to singles alone, #11 and #4 need real guesses."""

COMPARED = "hardest #4"
"""The puzzle on which the learner's nodes are set against the naive search's."""

CAPSTONE_TIME_LIMIT = 20.0
"""Seconds a puzzle may take: a plain-Python pruned search needs well under one here, a search
without pruning would need hours."""


def unseen_puzzles() -> dict[str, str]:
    """Puzzles the learner has not met in the notebook, and one with no solution."""
    hardest = load_set("hardest")
    chosen = {name: hardest[i] for name, i in UNSEEN.items()}
    return {**chosen, "a valid board with no solution": NO_SOLUTION}


@cache
def naive_nodes(puzzle: str) -> int:
    """What the naive search needs on a puzzle: measured once a session, then remembered."""
    return solve(puzzle, "naive").stats.nodes


@cache
def guesses_needed(puzzle: str) -> bool:
    """Whether naked and hidden singles alone leave the puzzle unsolved, so that any search
    built from them must place at least one digit by choice."""
    return solve(puzzle, "pruned").stats.nodes > 0


def check_pruned_solve(pruned_solve: Callable[[Board], tuple[Board | None, int]]) -> Report:
    """pruned_solve(board) -> (solution or None, nodes): the learner's own pruned search,
    checked on puzzles it has not seen, then set against the naive search's node count."""
    cases = [
        Case(name, (parse(puzzle),), solve(puzzle).solution)
        for name, puzzle in unseen_puzzles().items()
    ]
    naive_nodes(unseen_puzzles()[COMPARED])  # measured now, outside the learner's time limit
    nodes: dict[str, object] = {}

    def run(board: Board) -> object:
        """The learner's search, its node count noted for the closing line, and each cell its
        own `most_constrained` chose for it noted for `branches_on_most_constrained`."""
        puzzle = "".join("".join(row) for row in board)
        with spying_on(pruned_solve, "most_constrained") as asked:
            outcome = pruned_solve(board)
        ASKED[puzzle] = asked
        if isinstance(outcome, tuple) and len(outcome) == 2:
            nodes[puzzle] = outcome[1]
        return outcome

    report = check_cases(
        N_("your pruned search"),
        run,
        cases,
        same=lambda got, expected: got[0] == expected,
        show=show_outcome,
        learner=pruned_solve,
        library=LIBRARY_SOLVERS,
        mistakes=[own_piece_wrong, not_a_pair, board_problem],
        requirements=[
            counted_the_guesses,
            fails_early,
            branches_on_most_constrained,
            pruned_enough,
        ],
        time_limit=CAPSTONE_TIME_LIMIT,
        total_limit=CAPSTONE_TIME_LIMIT,
        slow_why=check_text("pruned too slow"),
        keeps_input=filled_the_callers_board,
        name="pruned_solve",
    )
    compared = nodes.get(unseen_puzzles()[COMPARED])
    if report.passed and isinstance(compared, int):
        report.lines.append(node_line(compared))
    return report


def filled_the_callers_board(attempt: Attempt) -> str | None:
    """The learner's search wrote on the board it was given, not on a copy."""
    return check_text("pruned changed board")


PIECES: dict[str, Callable[[Board], object]] = {
    "candidates": lambda board: {
        (r, c): library_candidates(board, r, c) for r, c in empty_cells(board)
    },
    "naked_singles": library_naked_singles,
    "most_constrained": library_most_constrained,
}
"""The learner's pieces a pruned search is built from, each as the library answers it on a
whole board (candidates: for every empty cell)."""


def piece_answer(name: str, piece: Callable[..., Any], board: Board) -> object:
    """What the learner's piece answers on a whole board, in the shape `PIECES` gives."""
    if name == "candidates":
        return {(r, c): as_sorted(piece(copy_board(board), r, c)) for r, c in empty_cells(board)}
    return piece(copy_board(board))


def own_piece_wrong(attempt: Attempt) -> str | None:
    """A search that fails because one of the learner's own pieces (candidates, naked_singles,
    most_constrained) is wrong on the board: the piece is named, not the search."""
    namespace = getattr(attempt.own, "__globals__", {})
    board = attempt.case.args[0]
    for name, model in PIECES.items():
        piece = namespace.get(name)
        if not callable(piece):
            continue
        try:
            with deadline(RECOGNISER_BUDGET):
                right = piece_answer(name, piece, board) == model(board)
        except (Exception, TooSlow):
            right = False
        if not right:
            return check_text("piece wrong", name=name, case=_(attempt.case.name))
    return None


def show_outcome(outcome: object) -> str:
    """A solver's answer in a few words: a board (full or not) or None, and the nodes. A bare
    board (the expected solution, or a learner's answer that is not a pair) raises, so the
    check draws it as a grid instead of a repr cut off mid-row."""
    if isinstance(outcome, list):
        raise TypeError("a board: drawn by the default")
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return repr(outcome)[:80]
    solution, nodes = outcome
    if solution is None:
        return f"(None, {nodes!r})"
    if not isinstance(solution, list):
        return repr(outcome)[:80]
    return _("(a board, {nodes!r})").format(nodes=nodes)


ASKED: dict[str, list[tuple[dict[str, Any], Any]] | None] = {}
"""Per puzzle, the calls the learner's search made of its own most_constrained in the last run
(None: it has no most_constrained to call)."""


def branches_on_most_constrained(attempt: Attempt) -> str | None:
    """A search that guesses must choose the cell it branches on with the learner's own
    `most_constrained`: a first blank in reading order is no pruning, whatever its node count."""
    board, (_solution, nodes) = attempt.case.args[0], attempt.got
    if not (isinstance(nodes, int) and nodes > 0):
        return None
    asked = ASKED.get("".join("".join(row) for row in board))
    if asked:
        return None
    return check_text("no most constrained", nodes=number(nodes), case=_(attempt.case.name))


def fails_early(attempt: Attempt) -> str | None:
    """On the board where one cell has no candidate from the start, a search that fails early
    backs up at once: no digit placed by choice."""
    nodes = attempt.got[1]
    if attempt.case.args[0] == parse(NO_SOLUTION) and isinstance(nodes, int) and nodes > 0:
        return check_text("not failing early", nodes=number(nodes))
    return None


def not_a_pair(attempt: Attempt) -> str | None:
    """The solver returned something other than (solution, nodes)."""
    got = attempt.got
    if attempt.error is not None or (isinstance(got, tuple) and len(got) == 2):
        return None
    return check_text("not a pair", kind=type(got).__name__)


def board_problem(attempt: Attempt) -> str | None:
    """Why the returned board is not the solution: None for a solvable puzzle, blanks left (a
    branch that had succeeded was undone), a given changed, or a rule broken."""
    got, expected = attempt.got, attempt.case.expected
    if not (isinstance(got, tuple) and len(got) == 2):
        return None
    solution = got[0]
    if expected is None:
        return check_text("no solution expected")
    if solution is None:
        return check_text("solution expected")
    try:
        board = parse(solution)
    except Exception:
        return None
    puzzle = attempt.case.args[0]
    blanks = empty_cells(board)
    if blanks:
        return check_text("blanks left", count=plural(len(blanks), "blank"),
                          cell=cell_name(*blanks[0]))  # fmt: skip
    changed = [(r, c) for r, c in geometry(9).cells
               if puzzle[r][c] != BLANK and board[r][c] != puzzle[r][c]]  # fmt: skip
    if changed:
        return check_text("given changed", cell=cell_name(*changed[0]))
    if not is_valid_sudoku(board):
        return check_text("rule broken")
    return None


def counted_the_guesses(attempt: Attempt) -> str | None:
    """The node count must be a count, and more than 0 where singles alone cannot finish."""
    nodes = attempt.got[1]
    if not isinstance(nodes, int) or isinstance(nodes, bool) or nodes < 0:
        return check_text("nodes not a count", nodes=repr(nodes))
    puzzle = "".join("".join(row) for row in attempt.case.args[0])
    if nodes == 0 and attempt.case.expected is not None and guesses_needed(puzzle):
        return check_text("no guesses counted")
    return None


def pruned_enough(attempt: Attempt) -> str | None:
    """On the compared puzzle, at least FEWER_THAN_NAIVE times fewer nodes than naive."""
    if attempt.case.name != COMPARED:
        return None
    nodes, naive = attempt.got[1], naive_nodes(unseen_puzzles()[COMPARED])
    if nodes * FEWER_THAN_NAIVE <= naive:
        return None
    return check_text("not pruned enough", nodes=number(nodes), naive=number(naive),
                      times=FEWER_THAN_NAIVE)  # fmt: skip


def node_line(nodes: int) -> str:
    """The learner's nodes beside the naive search's on the compared puzzle."""
    naive = naive_nodes(unseen_puzzles()[COMPARED])
    times = number(round(naive / nodes)) if nodes else None
    return check_text("nodes beside naive", puzzle=COMPARED, nodes=plural(nodes, "node"),
                      naive=number(naive), times=times or "far more")  # fmt: skip
