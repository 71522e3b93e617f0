"""Boards: reading them, writing them, and the geometry of rows, columns and boxes.

The course's main form is the LeetCode one: a list of rows, each a list of one-character strings,
with "." for a blank. Every other form (an 81-character string, grid text) is parsed into it.
Sizes 4, 9 and 16 are the same idea with a different box size (2, 3 and 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import isqrt
from types import MappingProxyType

from .arguments import choice_among, quote
from .errors import PuzzleFormatError
from .i18n import _
from .words import cell_name, character_name, plural

Digit = str  # one character: "1"-"9" (and "A"-"G" on a 16x16 board)
Board = list[list[str]]  # rows of one-character strings, "." for a blank
Cell = tuple[int, int]  # (row, column), 0-based
Unit = tuple[Cell, ...]  # the cells of one row, column or box

BLANK = "."
BLANK_INPUTS = frozenset(".0")
SYMBOLS = "123456789ABCDEFG"
SIZES = (4, 9, 16)
DECORATION = frozenset("|+-")  # the lines and crosses of grid text
CELL_CHARACTERS = frozenset(BLANK_INPUTS | set(SYMBOLS) | set(SYMBOLS[9:].lower()))
"""Every character that is a cell on a board of some size."""
MAX_TEXT = 10_000
"""The longest puzzle text read: a 16x16 board in grid text, generously spaced, is about 800
characters. Longer text is refused before any per-character work (a 200 MB string would
otherwise cost gigabytes before being found wrong)."""


@dataclass(frozen=True)
class Geometry:
    """Everything that depends only on the board's size: digits, units, peers.

    One is shared by every caller in the process (see `geometry`), so every table is read-only:
    tuples, frozensets, and a read-only view of the peers dict. A caller's `.clear()` would
    otherwise break every later search.
    """

    size: int
    box: int
    digits: tuple[Digit, ...]
    rows: tuple[Unit, ...]
    columns: tuple[Unit, ...]
    boxes: tuple[Unit, ...]
    peers: Mapping[Cell, frozenset[Cell]]
    cells: tuple[Cell, ...]
    """Every cell in row-major order (the order a reader reads the board); built once, since
    the pruned search walks it at every step."""

    @property
    def units(self) -> tuple[Unit, ...]:
        """All rows, then all columns, then all boxes."""
        return self.rows + self.columns + self.boxes

    def box_of(self, r: int, c: int) -> int:
        """The index of the box holding cell (r, c): boxes are numbered left to right, top down."""
        return box_index(r, c, self.box)


def box_index(r: int, c: int, box: int = 3) -> int:
    """Which box cell (r, c) is in: `box` boxes per band, so band r//box and stack c//box."""
    return box * (r // box) + c // box


def geometry(size: int = 9) -> Geometry:
    """The geometry of a size x size board, shared and read-only; size must be 4, 9 or 16."""
    return _geometry(choice_among("size", size, SIZES))


@cache
def _geometry(size: int) -> Geometry:
    """Built once per size (the cache key is a checked int, so geometry(9.0) cannot slip in)."""
    box = isqrt(size)
    rows = tuple(tuple((r, c) for c in range(size)) for r in range(size))
    columns = tuple(tuple((r, c) for r in range(size)) for c in range(size))
    boxes = tuple(
        tuple((r, c) for r in range(size) for c in range(size) if box_index(r, c, box) == b)
        for b in range(size)
    )
    peers = MappingProxyType(
        {
            (r, c): frozenset(rows[r] + columns[c] + boxes[box_index(r, c, box)]) - {(r, c)}
            for r in range(size)
            for c in range(size)
        }
    )
    cells = tuple((r, c) for r in range(size) for c in range(size))
    return Geometry(size, box, tuple(SYMBOLS[:size]), rows, columns, boxes, peers, cells)


def geometry_of(board: Board) -> Geometry:
    """The geometry matching a parsed board (its size is known to be good: no check)."""
    return _geometry(len(board))


def parse(puzzle: object) -> Board:
    """Read any supported form into a new list-of-lists board, or say exactly what is wrong.

    Accepted: the LeetCode form (a list of equal rows of one-character strings), a string of
    16, 81 or 256 cells ("." or "0" for a blank, white space between rows allowed), and grid
    text with "|", "-" and "+" lines. Lower-case letters on a 16x16 board are read as capitals.
    """
    if isinstance(puzzle, str):
        return _parse_text(puzzle)
    if isinstance(puzzle, Sequence) and not isinstance(puzzle, bytes | bytearray):
        return _parse_rows(puzzle)
    kind = (
        "None" if puzzle is None else _("a value of type {name}").format(name=type(puzzle).__name__)
    )
    raise PuzzleFormatError(
        _("expected a puzzle as a list of rows or a string, got {kind}").format(kind=kind)
    )


def _size_for(count: int, text: str) -> int:
    """The board size that has `count` cells, or an error naming the count found (and the
    first character of `text` that cannot be a cell, if there is one)."""
    for size in SIZES:
        if count == size * size:
            return size
    raise PuzzleFormatError(
        _("expected 16, 81 or 256 cells (a 4x4, 9x9 or 16x16 board), found {count}").format(
            count=count
        )
        + _stray_note(text)
    )


def _stray_note(text: str) -> str:
    """Where the text holds a character that is no cell on any board, name the first one: an
    invisible one (a byte-order mark, a combining accent) is otherwise just "found 82"."""
    for i, char in enumerate(text):
        if not (char.isspace() or char in CELL_CHARACTERS or char in DECORATION):
            return _("; character {number} is {char}, which is not a cell").format(
                number=i + 1, char=character_name(char)
            )
    return ""


def _refuse_long_text(text: str) -> None:
    """Refuse text far longer than any board before looking at its characters one by one."""
    if len(text) > MAX_TEXT:
        raise PuzzleFormatError(
            _(
                "the puzzle text is {length} characters long; even a 16x16 board in grid "
                "text needs fewer than {most}"
            ).format(length=f"{len(text):,}", most=f"{MAX_TEXT:,}")
        )


def _read_cell(char: str, size: int, r: int, c: int) -> str:
    """One cell's character, normalised ("0" becomes "."), or an error naming row and column."""
    if char in BLANK_INPUTS:
        return BLANK
    symbol = char.upper() if size == 16 else char
    if symbol in SYMBOLS[:size]:
        return symbol
    allowed = f"1-{SYMBOLS[size - 1]}" if size <= 9 else "1-9, A-G"
    raise PuzzleFormatError(
        _(
            "bad character {char} at {cell} "
            "(a {size}x{size} board uses {allowed}, and '.' or '0' for a blank)"
        ).format(char=character_name(char), cell=cell_name(r, c), size=size, allowed=allowed),
        row=r + 1,
        column=c + 1,
    )


PLAIN_CELLS = {size * size: (size, frozenset(".0" + SYMBOLS[:size])) for size in SIZES}
"""By a text's length: the board size it would be, and the characters of that size's cells."""


def _plain_board(text: str) -> Board | None:
    """The board of a text that is only cells (no spaces, no lines, capitals), read in one
    step, or None when the text needs reading character by character."""
    plain = PLAIN_CELLS.get(len(text))
    if plain is None or not plain[1].issuperset(text):
        return None
    size, cells = plain[0], text.replace("0", BLANK)
    return [list(cells[r : r + size]) for r in range(0, size * size, size)]


def _parse_text(text: str) -> Board:
    """Parse a one-line string or grid text; decoration is only allowed in multi-line text."""
    _refuse_long_text(text)
    plain = _plain_board(text)
    if plain is not None:
        return plain
    multiline = "\n" in text.strip()
    chars = [ch for ch in text if not ch.isspace() and not (multiline and ch in DECORATION)]
    size = _size_for(len(chars), text)
    return [[_read_cell(chars[r * size + c], size, r, c) for c in range(size)] for r in range(size)]


def _plain_rows(rows: Sequence[object]) -> Board | None:
    """The board of rows that are lists (or tuples) of cells of their size only, with no
    lower-case letter, read a row at a time; None when some row needs reading cell by cell,
    which is also how whatever is wrong gets named."""
    plain = PLAIN_CELLS.get(len(rows) ** 2)
    if plain is None:
        return None
    size, cells = plain
    board: Board = []
    for row in rows:
        try:
            if not (isinstance(row, list | tuple) and len(row) == size and cells.issuperset(row)):
                return None
        except TypeError:  # an unhashable cell, such as a list
            return None
        board.append([BLANK if cell == "0" else cell for cell in row] if "0" in row else list(row))
    return board


def _parse_rows(rows: Sequence[object]) -> Board:
    """Parse the LeetCode form, checking the shape first and then every cell."""
    plain = _plain_rows(rows)
    if plain is not None:
        return plain
    size = len(rows)
    if size not in SIZES:
        raise PuzzleFormatError(_("expected 4, 9 or 16 rows, found {size}").format(size=size))
    board: Board = []
    for r, row in enumerate(rows):
        if isinstance(row, str) or not isinstance(row, Sequence):
            raise PuzzleFormatError(
                _("row {row} should be a list of {size} cells, got {value} ({kind})").format(
                    row=r + 1, size=size, value=quote(row, 30), kind=type(row).__name__
                ),
                row=r + 1,
            )
        if len(row) != size:
            found = plural(len(row), "cell")
            raise PuzzleFormatError(
                _("row {row} has {found}, expected {size}").format(
                    row=r + 1, found=found, size=size
                ),
                row=r + 1,
            )
        board.append([_read_list_cell(cell, size, r, c) for c, cell in enumerate(row)])
    return board


def _read_list_cell(cell: object, size: int, r: int, c: int) -> str:
    """A cell of the list form must be a one-character string."""
    if not isinstance(cell, str) or len(cell) != 1:
        raise PuzzleFormatError(
            _(
                "cell at {cell} is {value} ({kind}); expected a one-character string "
                "such as '5' or '.'"
            ).format(cell=cell_name(r, c), value=quote(cell), kind=type(cell).__name__),
            row=r + 1,
            column=c + 1,
        )
    return _read_cell(cell, size, r, c)


def copy_board(board: Board) -> Board:
    """A new board with the same cells (rows are copied, so the original is never touched)."""
    return [row[:] for row in board]


def flatten(board: Board) -> str:
    """An already parsed board as one line of cells, row by row (no checking: it is parsed)."""
    return "".join("".join(row) for row in board)


def to_string(puzzle: object) -> str:
    """The board as one line of cells, row by row, "." for a blank."""
    return flatten(parse(puzzle))


def to_grid_text(puzzle: object) -> str:
    """The board as text a person can read, with lines between the boxes."""
    board = parse(puzzle)
    geo = geometry_of(board)
    band_line = "+".join(["-" * (2 * geo.box + 1)] * geo.box)
    lines = []
    for r, row in enumerate(board):
        if r and r % geo.box == 0:
            lines.append(band_line)
        stacks = [" ".join(row[s : s + geo.box]) for s in range(0, geo.size, geo.box)]
        lines.append(" " + " | ".join(stacks))
    return "\n".join(line.rstrip() for line in lines)


def givens(board: Board) -> dict[Cell, Digit]:
    """The filled cells of a board, as {(row, column): digit}."""
    return {(r, c): d for r, row in enumerate(board) for c, d in enumerate(row) if d != BLANK}


def empty_cells(board: Board) -> list[Cell]:
    """The blank cells in row-major order."""
    return [(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == BLANK]
