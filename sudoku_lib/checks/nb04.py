"""Self-checks for notebook 04 (pruning): the pieces of a pruned search, then the search itself.

The expected answers come from the library's pruned search (`search.pruned`), the code that the
notebook measures, so a learner's function is checked against the definition the course uses.
Every check first makes sure the answer is the learner's own (`own_work`), then tries its cases,
and on a wrong answer says what is missing, what is extra, and what that usually means.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ..board import BLANK, Board, Cell, Digit, copy_board, empty_cells, geometry, parse
from ..puzzles import SAMPLE, load_set
from ..search import solve
from ..search.pruned import Pruning, State, candidates_of, find_singles
from ..validate import is_valid_sudoku
from ..words import cell_name, number, plural
from .core import Case, Report, check_cases, not_done
from .own_work import borrowed_from_library, borrowed_words

FEWER_THAN_NAIVE = 100
"""How many times fewer nodes than the naive search a pruned search must need: the course's
pruned search needs thousands of times fewer on the check's puzzles, a search without a good
cell order or without failing early needs about as many."""


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
    singles = find_singles(state, state.all_candidates())
    return {digit: cell for cell, digit, unit_id in singles if unit_id == where}


def library_most_constrained(board: Board) -> Cell | None:
    """The empty cell with the fewest candidates, the first in reading order on a tie."""
    options = candidates_of(board)
    return min(options, key=lambda cell: len(options[cell])) if options else None


def nearly_solved() -> Board:
    """The sample's solution with six cells blanked: each blank has exactly one candidate."""
    board = solve(SAMPLE).solution
    for r, c in [(0, 0), (1, 4), (4, 4), (6, 2), (8, 8), (8, 7)]:
        board[r][c] = BLANK
    return board


NO_SOLUTION = "12345678." + "........9" + BLANK * 63
"""Valid (no digit repeats), yet row 1 needs a 9 in column 9, which already has one: row 1,
column 9 has no candidate, so a search that fails early backs up from here at once."""


def stuck_board() -> Board:
    """A valid board with an empty cell that has no candidate (row 1, column 9)."""
    return parse(NO_SOLUTION)


def puzzles() -> dict[str, Board]:
    """The boards the piece checks use: the sample, a hard puzzle, a nearly solved and an empty
    board (all seen in the notebook or plain to see)."""
    return {
        "the sample": parse(SAMPLE),
        "top95 #1": parse(load_set("top95")[0]),
        "a nearly solved board": nearly_solved(),
        "the empty board": parse(BLANK * 81),
    }


def as_sorted(digits: object) -> object:
    """Any collection of digits as a sorted list, so a set or a list are both fine."""
    try:
        return sorted(digits)  # type: ignore[call-overload]
    except TypeError:
        return digits


def own_work_problem(title: str, function: Callable[..., Any], args: tuple[Any, ...]) -> Report:
    """A failed report when the function leans on the library, else a "passed" placeholder."""
    name = borrowed_from_library(function, args)
    if name is None:
        return Report(title, "passed")
    return Report(title, "failed", [borrowed_words(title, name)])


def where_digit_is(board: Board, r: int, c: int, digit: Digit) -> str:
    """Which of the cell's units already holds the digit: "row 1", "column 3 and box 1"."""
    geo = geometry(9)
    box = 3 * (r // 3) + c // 3
    places = [
        name
        for name, cells in (
            (f"row {r + 1}", geo.rows[r]),
            (f"column {c + 1}", geo.columns[c]),
            (f"box {box + 1}", geo.boxes[box]),
        )
        if any(board[i][j] == digit for i, j in cells)
    ]
    return " and ".join(places)


def explain_candidates(board: Board, r: int, c: int, got: object) -> list[str]:
    """What a wrong set of candidates is missing or has too many of, and where each extra digit
    already is: "7 is already in box 1" usually means the box was left out."""
    try:
        answer = {str(d) for d in got}  # type: ignore[attr-defined]
    except TypeError:
        return [f"    got {got!r}, which is not a collection of digits"]
    right = set(library_candidates(board, r, c))
    lines = []
    missing, extra = sorted(right - answer), sorted(answer - right)
    if missing:
        lines.append(f"    missing: {', '.join(missing)} (no peer holds them, so they fit)")
    for digit in extra:
        where = where_digit_is(board, r, c, digit)
        lines.append(
            f"    extra: {digit!r} " + (f"is already in {where}" if where else "is no digit")
        )
    places = [where_digit_is(board, r, c, d) for d in extra]
    units = {place.split()[0] for where in places for place in where.split(" and ") if place}
    if len(units) == 1 and all(places):
        lines.append(f"    every extra digit is in the cell's {units.pop()}: did you leave it out?")
    return lines


def check_candidates(candidates: Callable[[Board, int, int], object]) -> Report:
    """candidates(board, r, c): the digits that can go in the empty cell (r, c)."""
    title = "candidates"
    cases = []
    for name, board in puzzles().items():
        for r, c in empty_cells(board)[:: max(1, len(empty_cells(board)) // 3)][:3]:
            expected = library_candidates(board, r, c)
            cases.append(Case(f"{name}, {cell_name(r, c)}", (board, r, c), expected))
    own = own_work_problem(title, candidates, cases[0].args)
    if not own.passed:
        return own
    report = check_cases(title, candidates, cases, same=lambda got, exp: as_sorted(got) == exp)
    if report.outcome == "failed":
        failed = next(case for case in cases if case.name in report.lines[0])
        board, r, c = failed.args
        try:
            got = candidates(copy_board(board), r, c)
        except Exception:
            return report
        report.lines += explain_candidates(board, r, c, got)
    return report


def unchanged(function: Callable[[Board], object]) -> Callable[[Board], object]:
    """The function, made to fail loudly when it writes on the board it is only meant to read
    (placing singles as it finds them changes what the next cell sees)."""

    def reading_only(board: Board) -> object:
        before = copy_board(board)
        answer = function(board)
        if board != before:
            changed = [
                cell_name(r, c) for r in range(9) for c in range(9) if board[r][c] != before[r][c]
            ]
            raise ValueError(
                f"it changed the board ({', '.join(changed[:3])}...): look at the board as it "
                "is, without placing anything"
            )
        return answer

    return reading_only


def explain_cells(expected: dict[Any, Any], got: object, what: str) -> list[str]:
    """The keys missing from an answer dict and the extra ones, in words."""
    if not isinstance(got, dict):
        return [f"    got a {type(got).__name__}; a dict {{{what}}} was asked for"]
    missing = [k for k in expected if k not in got]
    extra = [k for k in got if k not in expected]
    wrong = [k for k in expected if k in got and got[k] != expected[k]]

    def named(keys: list[Any]) -> str:
        shown = [cell_name(*k) if isinstance(k, tuple) else repr(k) for k in keys[:4]]
        return "; ".join(shown) + (f"; and {len(keys) - 4} more" if len(keys) > 4 else "")

    lines = []
    if missing:
        lines.append(f"    missing: {named(missing)}")
    if extra:
        lines.append(f"    extra: {named(extra)}")
    if wrong:
        lines.append(f"    a wrong value at: {named(wrong)}")
    return lines


def with_explanation(report: Report, cases: list[Case], function: Callable[..., Any], what: str):
    """Add the missing and extra keys of the failing case to a failed report."""
    if report.outcome != "failed" or "raised" in report.lines[0]:
        return report
    failed = next((case for case in cases if case.name in report.lines[0]), None)
    if failed is None:
        return report
    try:
        got = function(*copy_args(failed.args))
    except Exception:
        return report
    report.lines += explain_cells(failed.expected, got, what)
    return report


def copy_args(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Copies of a case's boards, so explaining a failure cannot change the case."""
    return tuple(copy_board(a) if isinstance(a, list) else a for a in args)


def check_naked_singles(naked_singles: Callable[[Board], dict[Cell, Digit]]) -> Report:
    """naked_singles(board): {(r, c): digit} for every empty cell with exactly one candidate."""
    title = "naked singles"
    cases = [
        Case(name, (board,), library_naked_singles(board)) for name, board in puzzles().items()
    ]
    cases.append(Case("a board where one cell has no candidate", (stuck_board(),),
                      library_naked_singles(stuck_board())))  # fmt: skip
    own = own_work_problem(title, naked_singles, cases[0].args)
    if not own.passed:
        return own
    report = check_cases(title, unchanged(naked_singles), cases)
    return with_explanation(report, cases, naked_singles, "(r, c): digit")


UNITS_CHOSEN = [
    ("the sample", "row 5", "rows", 4),
    ("the sample", "box 4 (middle-left)", "boxes", 3),
    ("the sample", "column 1", "columns", 0),
    ("the sample", "row 1", "rows", 0),
    ("top95 #1", "column 2", "columns", 1),
    ("top95 #1", "box 7 (bottom-left)", "boxes", 6),
    ("the empty board", "row 5", "rows", 4),
]


def check_hidden_singles(
    hidden_singles: Callable[[Board, list[Cell]], dict[Digit, Cell]],
) -> Report:
    """hidden_singles(board, unit): {digit: cell} for each digit with one possible cell there."""
    title = "hidden singles"
    boards = puzzles()
    geo = geometry(9)
    cases = []
    for name, unit_name, kind, index in UNITS_CHOSEN:
        unit = list(getattr(geo, kind)[index])
        expected = library_hidden_singles(boards[name], unit)
        cases.append(Case(f"{name}, {unit_name}", (boards[name], unit), expected))
    own = own_work_problem(title, hidden_singles, cases[0].args)
    if not own.passed:
        return own
    report = check_cases(title, hidden_singles, cases)
    return with_explanation(report, cases, hidden_singles, "digit: (r, c)")


def check_most_constrained(most_constrained: Callable[[Board], Cell | None]) -> Report:
    """most_constrained(board): the empty cell with the fewest candidates (the first in reading
    order on a tie), or None when the board is full."""
    title = "most constrained cell"
    boards = {
        **puzzles(),
        "a board where row 1, column 9 has no candidate": stuck_board(),
        "a full board": solve(SAMPLE).solution,
    }
    cases = [
        Case(name, (board,), library_most_constrained(board)) for name, board in boards.items()
    ]
    own = own_work_problem(title, most_constrained, cases[0].args)
    if not own.passed:
        return own
    report = check_cases(title, unchanged(most_constrained), cases, show=show_cell)
    if report.outcome == "failed":
        report.lines += most_constrained_hint(report, cases, most_constrained)
    return report


def show_cell(cell: object) -> str:
    """(r, c) as code and as words: "(0, 2), row 1, column 3"."""
    if isinstance(cell, tuple) and len(cell) == 2 and all(isinstance(i, int) for i in cell):
        return f"{cell!r}, {cell_name(*cell)}"
    return repr(cell)


def most_constrained_hint(
    report: Report, cases: list[Case], function: Callable[[Board], Cell | None]
) -> list[str]:
    """Words for the usual slips: the most candidates instead of the fewest, the last cell of a
    tie instead of the first, a filled cell."""
    failed = next((case for case in cases if case.name in report.lines[0]), None)
    if failed is None or failed.expected is None:
        return []
    board = failed.args[0]
    try:
        got = function(copy_board(board))
    except Exception:
        return []
    options = candidates_of(board)
    if got not in options:
        return ["    that cell is not empty: only empty cells are to be filled"]
    fewest = len(options[failed.expected])
    if len(options[got]) > fewest:
        return [
            f"    that cell has {plural(len(options[got]), 'candidate')}, the expected one "
            f"{plural(fewest, 'candidate')}: the fewest, not the most"
        ]
    return ["    both cells have as few candidates: on a tie, take the first in reading order"]


# --- the capstone: the learner's own pruned search ---------------------------------------------

UNSEEN = {  # 1-based numbers within hardest.txt; none of these appears in notebook 04
    "hardest #5": 4,
    "hardest #11": 10,
    "hardest #4": 3,
}
COMPARED = ("hardest #4",)
"""The puzzles on which the learner's nodes are set against the naive search's."""


def unseen_puzzles() -> dict[str, str]:
    """Puzzles the learner has not met in the notebook, and one with no solution."""
    hardest = load_set("hardest")
    chosen = {name: hardest[i] for name, i in UNSEEN.items()}
    return {**chosen, "a valid board with no solution": NO_SOLUTION}


@cache
def naive_nodes(puzzle: str) -> int:
    """What the naive search needs on a puzzle: measured once, then remembered."""
    return solve(puzzle, "naive").stats.nodes


@cache
def guesses_needed(puzzle: str) -> bool:
    """Whether naked and hidden singles alone leave the puzzle unsolved, so that any search
    built from them must place at least one digit by choice."""
    return solve(puzzle, "pruned").stats.nodes > 0


def solver_problem(name: str, puzzle: str, outcome: object) -> str | None:
    """What is wrong with a solver's answer on one puzzle (None: nothing)."""
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        return f"return a pair (solution, nodes), not {type(outcome).__name__} {outcome!r:.60}"
    solution, nodes = outcome
    if not isinstance(nodes, int) or isinstance(nodes, bool) or nodes < 0:
        return f"nodes should be a count (an int, 0 or more), not {nodes!r}"
    expected = solve(puzzle).solution
    if expected is None:
        return None if solution is None else "this puzzle has no solution: return (None, nodes)"
    if solution is None:
        return "this puzzle has a solution, but your search returned None"
    if parse(solution) != expected:
        return board_problem(parse(puzzle), solution)
    if nodes == 0 and guesses_needed(puzzle):
        return (
            "you report 0 nodes, yet singles alone cannot finish this puzzle: add 1 to your "
            "count each time you place a digit by choice"
        )
    return None


def board_problem(puzzle: Board, solution: object) -> str:
    """Why a returned board is not the solution: not full, a given changed, or a rule broken."""
    board = parse(solution)
    blanks = [(r, c) for r in range(9) for c in range(9) if board[r][c] == BLANK]
    if blanks:
        return (
            f"the board you returned still has {plural(len(blanks), 'blank')} (first at "
            f"{cell_name(*blanks[0])}): did you undo a branch that had succeeded?"
        )
    changed = [(r, c) for r in range(9) for c in range(9)
               if puzzle[r][c] != BLANK and board[r][c] != puzzle[r][c]]  # fmt: skip
    if changed:
        return f"the board you returned changed a given at {cell_name(*changed[0])}"
    if not is_valid_sudoku(board):
        return "the board you returned breaks a rule (a digit twice in a row, column or box)"
    return "the board you returned is not this puzzle's solution"


def node_lines(results: dict[str, int]) -> tuple[list[str], str | None]:
    """Lines setting the learner's nodes against the naive search's, and the first puzzle on
    which the learner's search is not at least FEWER_THAN_NAIVE times leaner (or None)."""
    lines, too_many = [], None
    for name in COMPARED:
        puzzle = unseen_puzzles()[name]
        naive, yours = naive_nodes(puzzle), results[name]
        times = f"{naive / yours:,.0f} times as many" if yours else "and yours guessed nothing"
        lines.append(f"    {name}: yours {plural(yours, 'node')}, naive {number(naive)} ({times})")
        if yours * FEWER_THAN_NAIVE > naive and too_many is None:
            too_many = name
    return lines, too_many


def check_pruned_solve(pruned_solve: Callable[[Board], tuple[Board | None, int]]) -> Report:
    """pruned_solve(board) -> (solution or None, nodes): the learner's own pruned search,
    checked on puzzles it has not seen, then set against the naive search's node counts."""
    title = "your pruned search"
    boards = unseen_puzzles()
    first = next(iter(boards.values()))
    own = own_work_problem(title, pruned_solve, (parse(first),))
    if not own.passed:
        return own
    nodes: dict[str, int] = {}
    for name, puzzle in boards.items():
        try:
            outcome = pruned_solve(parse(puzzle))
        except NotImplementedError:
            return not_done(title)
        except Exception as error:  # the learner's bug, reported rather than raised
            return Report(title, "failed", [
                f"✗ {title}, case {name}: your code raised {type(error).__name__}: {error}",
                f"    the puzzle: {puzzle}",
            ])  # fmt: skip
        problem = solver_problem(name, puzzle, outcome)
        if problem is not None:
            return Report(title, "failed", [f"✗ {title}, case {name}: {problem}",
                                            f"    the puzzle: {puzzle}"])  # fmt: skip
        nodes[name] = outcome[1]
    lines, too_many = node_lines(nodes)
    if too_many is not None:
        return Report(title, "failed", [
            f"✗ {title}: right answers, but not yet pruned enough on {too_many}:",
            *lines,
            f"    a pruned search needs at least {FEWER_THAN_NAIVE} times fewer nodes than the "
            "naive one: does it fill the most constrained cell first, and back up as soon as a "
            "cell has no candidate?",
        ])  # fmt: skip
    return Report(title, "passed", [
        f"✓ {title}: solves all {len(boards)} puzzles it had never seen "
        "(and says None for the one with no solution).",
        *lines,
    ])  # fmt: skip
