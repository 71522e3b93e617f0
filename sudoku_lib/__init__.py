"""sudoku_lib: the library behind the Sudoku & Backtracking course.

The notebooks, the stepper, the checks and the benchmark all call this one implementation.

Every name below loads on first use, not when the package is imported: `python -m sudoku_lib`
then reaches its Ctrl-C guard within a millisecond (an interrupt while the library loads ends
with one line, not a traceback), and the stepper's ipywidgets load only for those who step.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .board import Board, Cell, Digit, Unit, box_index, geometry, parse, to_grid_text, to_string
    from .errors import ArgumentError, ConflictError, GaveUp, PuzzleFormatError, SudokuError
    from .generate import generate
    from .i18n import get_language, set_language
    from .lite import take_newer
    from .search import SolveResult, count_solutions, solve, solve_sudoku
    from .stats import Stats
    from .stepper import Stepper, side_by_side
    from .validate import Conflict, find_conflicts, is_valid_sudoku
    from .watch import Recording, watch

#: Each public name and the module that defines it.
_HOMES = {
    "Board": "board",
    "Cell": "board",
    "Digit": "board",
    "Unit": "board",
    "box_index": "board",
    "geometry": "board",
    "parse": "board",
    "to_grid_text": "board",
    "to_string": "board",
    "ArgumentError": "errors",
    "ConflictError": "errors",
    "GaveUp": "errors",
    "PuzzleFormatError": "errors",
    "SudokuError": "errors",
    "generate": "generate",
    "take_newer": "lite",
    "get_language": "i18n",
    "set_language": "i18n",
    "SolveResult": "search",
    "count_solutions": "search",
    "solve": "search",
    "solve_sudoku": "search",
    "Stats": "stats",
    "Stepper": "stepper",
    "side_by_side": "stepper",
    "Conflict": "validate",
    "find_conflicts": "validate",
    "is_valid_sudoku": "validate",
    "Recording": "watch",
    "watch": "watch",
}

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
    "take_newer",
    "to_grid_text",
    "to_string",
    "watch",
]


def __getattr__(name: str) -> object:
    """Load a public name from its module the first time it is asked for, then keep it here."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'sudoku_lib' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Show the public names beside what is loaded, as a plain module would."""
    return sorted(set(globals()) | set(__all__))


class _Package(ModuleType):
    """The package, where `watch` and `generate` stay functions though modules share their names.

    Loading a submodule sets it as an attribute of its package: without this, once anything
    imported `sudoku_lib.watch` the module would hide the function `sudoku_lib.watch`.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and _HOMES.get(name) == name:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

if sys.platform == "emscripten":  # the browser edition: a saved notebook the site has a newer
    from .lite import announce  # version of is said in one line when the course is imported

    announce()
