"""The errors the library raises: all are ValueErrors, so `except ValueError` catches them."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class: something about the puzzle itself is wrong (not a bug in the library)."""


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
