"""Self-checks for notebook 04 (pruning): candidates, naked singles, hidden singles.

The expected answers come from the library's pruned search (`search.pruned`), the code that the
notebook measures, so a learner's function is checked against the definition the course uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..board import Board, Cell, Digit, copy_board, empty_cells, geometry, parse
from ..puzzles import SAMPLE, load_set
from ..search import solve
from ..search.pruned import Pruning, State, candidates_of, find_singles
from .core import Case, Report, check_cases


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


def nearly_solved() -> Board:
    """The sample's solution with six cells blanked: each blank has exactly one candidate."""
    board = solve(SAMPLE).solution
    for r, c in [(0, 0), (1, 4), (4, 4), (6, 2), (8, 8), (8, 7)]:
        board[r][c] = "."
    return board


def puzzles() -> dict[str, Board]:
    """The boards the checks use: the sample, a hard puzzle, a nearly solved and an empty board."""
    return {
        "the sample": parse(SAMPLE),
        "top95 #1": parse(load_set("top95")[0]),
        "a nearly solved board": nearly_solved(),
        "the empty board": parse("." * 81),
    }


def as_sorted(digits: object) -> object:
    """Any collection of digits as a sorted list, so a set or a list are both fine."""
    try:
        return sorted(digits)  # type: ignore[call-overload]
    except TypeError:
        return digits


def check_candidates(candidates: Callable[[Board, int, int], object]) -> Report:
    """candidates(board, r, c): the digits that can go in the empty cell (r, c)."""
    cases = []
    for name, board in puzzles().items():
        for r, c in empty_cells(board)[:: max(1, len(empty_cells(board)) // 3)][:3]:
            expected = library_candidates(board, r, c)
            cases.append(Case(f"{name}, row {r + 1}, column {c + 1}", (board, r, c), expected))
    return check_cases("candidates", candidates, cases, same=lambda got, exp: as_sorted(got) == exp)


def check_naked_singles(naked_singles: Callable[[Board], dict[Cell, Digit]]) -> Report:
    """naked_singles(board): {(r, c): digit} for every empty cell with exactly one candidate."""
    cases = [
        Case(name, (board,), library_naked_singles(board)) for name, board in puzzles().items()
    ]
    return check_cases("naked singles", naked_singles, cases)


def check_hidden_singles(
    hidden_singles: Callable[[Board, list[Cell]], dict[Digit, Cell]],
) -> Report:
    """hidden_singles(board, unit): {digit: cell} for each digit with one possible cell there."""
    boards = puzzles()
    geo = geometry(9)
    chosen = [
        ("the sample", "row 5", list(geo.rows[4])),
        ("the sample", "box 4 (middle-left)", list(geo.boxes[3])),
        ("the sample", "column 1", list(geo.columns[0])),
        ("the sample", "row 1", list(geo.rows[0])),
        ("top95 #1", "column 2", list(geo.columns[1])),
        ("top95 #1", "box 7 (bottom-left)", list(geo.boxes[6])),
        ("the empty board", "row 5", list(geo.rows[4])),
    ]
    cases = [
        Case(
            f"{name}, {unit_name}", (boards[name], unit), library_hidden_singles(boards[name], unit)
        )
        for name, unit_name, unit in chosen
    ]
    return check_cases("hidden singles", hidden_singles, cases)
