"""A watched board drawn as what it is: a Sudoku (with its boxes), an N-Queens board (a
chessboard with queens, for any n, whether the board itself was passed or a path of the queens'
columns stands for it), or any other grid of letters (a word search), cell by cell with no box
lines."""

from __future__ import annotations

from html import escape
from typing import Any

from .steps import Append, Call, Step, Write, is_blank

SUDOKU_DIGITS = "123456789ABCDEFG"
"""The digits of a Sudoku of each size, in order: 1-4, 1-9, 1-9 and A-G."""
LARGEST = 32
"""The largest N-Queens board drawn from a path of columns (a bigger n is no picture)."""
LIGHT, DARK, FOCUS = "#f4e9d8", "#c8a57a", "#1d4ed8"
"""The chessboard's squares, and the outline of the cell the step wrote."""


def board_kind(initial: list[list[Any]], steps: list[Step]) -> str:
    """ "queens" when a queen 'Q' is on the board or written to it, "sudoku" for a 4x4, 9x9 or
    16x16 board of blanks and that size's digits, else "grid"."""
    seen = {str(cell) for row in initial for cell in row}
    seen |= {str(step.new) for step in steps if type(step) is Write}
    if "Q" in seen:
        return "queens"
    size = len(initial)
    square = all(len(row) == size for row in initial)
    digits = SUDOKU_DIGITS[:size] if size in (4, 9, 16) and square else ""
    if digits and all(len(cell) <= 1 and (cell in digits or is_blank(cell)) for cell in seen):
        return "sudoku"
    return "grid"


def queens_path(steps: list[Step]) -> tuple[int, str] | None:
    """(n, name) when the first call takes an int `n` and the path `name` grows by columns."""
    first = next((step for step in steps if type(step) is Call), None)
    if first is None:
        return None
    args = dict(first.args)
    appended = {step.name for step in steps if type(step) is Append and not step.copy}
    size = args.get("n", "")
    paths = [name for name in args if name in appended]
    if not size.isdigit() or not paths or int(size) > LARGEST:
        return None
    return int(size), paths[0]


def queens_from_path(n: int, columns: list[str]) -> list[list[str]]:
    """The board a path of queens' columns (one a row, as short reprs) stands for."""
    board = [["."] * n for _ in range(n)]
    for r, col in enumerate(columns[:n]):
        if col.isdigit() and int(col) < n:
            board[r][int(col)] = "Q"
    return board


def cell_size(n: int) -> float:
    """A cell's side in em: 2.2 up to 8 cells a side, smaller beyond, never under 1.2."""
    return max(1.2, min(2.2, 17.6 / max(n, 1)))


def queens_html(board: list[list[Any]], current: tuple[int, int] | None = None) -> str:
    """An N-Queens board as a chessboard: light and dark squares, a queen where 'Q' is."""
    n = len(board)
    side = cell_size(n)
    queen = f'<span style="font-size:{side * 0.7:.2f}em;line-height:1">♛</span>'
    rows = []
    for r, row in enumerate(board):
        cells = []
        for c, cell in enumerate(row):
            fill = LIGHT if (r + c) % 2 == 0 else DARK
            focus = f";box-shadow:inset 0 0 0 3px {FOCUS}" if (r, c) == current else ""
            style = (
                f"width:{side:.2f}em;height:{side:.2f}em;background:{fill};"
                f"text-align:center;vertical-align:middle;padding:0{focus}"
            )
            shown, kind = (queen, "sdk-p") if str(cell) == "Q" else ("", "")
            cells.append(f'<td class="{kind}" style="{style}">{shown}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    table = "border-collapse:collapse;border:2px solid #555;table-layout:fixed"
    return f'<table class="sdk-queens" data-n="{n}" style="{table}">{"".join(rows)}</table>'


def grid_html(board: list[list[Any]], current: tuple[int, int] | None = None) -> str:
    """Any other grid (a word search's letters): each cell as it is, no box lines."""
    side = cell_size(max(len(board), max((len(row) for row in board), default=0)))
    rows = []
    for r, row in enumerate(board):
        cells = []
        for c, cell in enumerate(row):
            focus = f";box-shadow:inset 0 0 0 3px {FOCUS}" if (r, c) == current else ""
            style = (
                f"width:{side:.2f}em;height:{side:.2f}em;border:1px solid #999;"
                f"text-align:center;padding:0;font-family:sans-serif{focus}"
            )
            cells.append(f'<td style="{style}">{escape(str(cell))}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return f'<table class="sdk-grid" style="border-collapse:collapse">{"".join(rows)}</table>'
