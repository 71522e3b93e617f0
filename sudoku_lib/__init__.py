"""sudoku_lib: the library behind the Sudoku & Backtracking course.

The notebooks, the stepper, the checks and the benchmark all call this one implementation.
"""

from .board import Board, Cell, Digit, Unit, box_index, geometry, parse, to_grid_text, to_string
from .errors import ArgumentError, ConflictError, GaveUp, PuzzleFormatError, SudokuError
from .generate import generate
from .i18n import get_language, set_language
from .search import SolveResult, count_solutions, solve, solve_sudoku
from .stats import Stats
from .validate import Conflict, find_conflicts, is_valid_sudoku
from .watch import Recording, watch

__all__ = [
    "ArgumentError",
    "Board",
    "Cell",
    "Conflict",
    "ConflictError",
    "Digit",
    "GaveUp",
    "PuzzleFormatError",
    "Recording",
    "SolveResult",
    "Stats",
    "Stepper",
    "SudokuError",
    "Unit",
    "box_index",
    "count_solutions",
    "find_conflicts",
    "generate",
    "geometry",
    "get_language",
    "is_valid_sudoku",
    "parse",
    "set_language",
    "side_by_side",
    "solve",
    "solve_sudoku",
    "to_grid_text",
    "to_string",
    "watch",
]


def __getattr__(name: str) -> object:
    """Stepper and side_by_side need ipywidgets, so they load only when first asked for."""
    if name in ("Stepper", "side_by_side"):
        from . import stepper

        return getattr(stepper, name)
    raise AttributeError(f"module 'sudoku_lib' has no attribute {name!r}")
