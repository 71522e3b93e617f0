"""The errors the library raises: all are ValueErrors, so `except ValueError` catches them.

A value of the wrong type (a str where a count is wanted) raises a plain TypeError instead; see
`sudoku_lib.arguments` for the rule and the checks.
"""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class: something the library was given is wrong (not a bug in the library)."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows in a notebook in place of the stack of frames: the one line that
        says what was wrong. The frames are the library's own and would only bury it (the
        checks' reports are shown the same way)."""
        return [f"{type(self).__name__}: {self}"]


class PuzzleFormatError(SudokuError):
    """The input cannot be read as a board; the message says what and where.

    `row` and `column` are 1-based (as a learner counts) when the problem has a place.
    """

    def __init__(self, message: str, row: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.column = column


class ConflictError(SudokuError):
    """The givens already break a rule (say two 8s in one box), so no search can succeed."""


class ArgumentError(SudokuError):
    """An argument beside the puzzle has the right type but a value the function cannot take
    (max_nodes=0, size=5); `argument` is its name, as the caller wrote it."""

    def __init__(self, message: str, argument: str) -> None:
        super().__init__(message)
        self.argument = argument


class GaveUp(SudokuError):
    """A search reached its bound before it could answer (count_solutions, generate).

    `bound` names the argument that set the bound ("max_nodes", "attempts") and `value` is the
    bound it reached; the message says how to raise it. (`solve` does not raise this: its result
    says "gave up" and gives the same sentence as `.reason`.)
    """

    def __init__(self, message: str, bound: str, value: int) -> None:
        super().__init__(message)
        self.bound = bound
        self.value = value
