"""Is a board valid? The classic "Valid Sudoku" check, and a finder that says which cells clash.

Valid means no digit appears twice in a row, a column or a box. Only filled cells are checked:
a valid board need not be solvable (that is the search's job).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType

from .board import BLANK, SYMBOLS, Board, Cell, Digit, box_index, geometry_of, parse
from .i18n import _
from .words import UNIT_KINDS, cell_name, count_word, unit_name


def is_valid_sudoku(board: object) -> bool:
    """True when no filled digit repeats in a row, column or box (a dict per unit, digit keys)."""
    grid = parse(board)
    size = len(grid)
    rows: list[dict[Digit, int]] = [{} for _ in range(size)]
    columns: list[dict[Digit, int]] = [{} for _ in range(size)]
    boxes: list[dict[Digit, int]] = [{} for _ in range(size)]
    for r, c, b, digit in filled_cells(grid):
        if digit in rows[r] or digit in columns[c] or digit in boxes[b]:
            return False
        rows[r][digit] = columns[c][digit] = boxes[b][digit] = 1
    return True


def filled_cells(grid: Board) -> Iterator[tuple[int, int, int, Digit]]:
    """Each filled cell as (row, column, box, digit), in reading order: what a validator visits."""
    box = geometry_of(grid).box
    for r, row in enumerate(grid):
        for c, digit in enumerate(row):
            if digit != BLANK:
                yield r, c, box_index(r, c, box), digit


@dataclass(frozen=True)
class Conflict:
    """One digit that appears more than once in one unit, and the cells (0-based) where it does."""

    digit: Digit
    unit: str  # "row", "column" or "box"
    index: int  # 0-based number of that row, column or box
    cells: tuple[Cell, ...]
    size: int  # the board's side (4, 9 or 16): only a 9x9 board's boxes have names

    def describe(self) -> str:
        """The clash in words a learner reads, with 1-based rows and columns.

        The board's size travels with the clash, so every message names a 16x16 board's box 12
        or a 4x4 board's box 3 as that board counts them, wherever the clash is printed."""
        places = _(" and ").join(cell_name(r, c) for r, c in self.cells)
        unit = unit_name(self.unit, self.index, self.size)
        return _("{count} {digit}s in {unit}: {places}").format(
            count=count_word(len(self.cells)), digit=self.digit, unit=unit, places=places
        )

    def __str__(self) -> str:
        return self.describe()


def find_conflicts(board: object) -> list[Conflict]:
    """Every clash on the board: for each unit, each digit that appears in it more than once."""
    return conflicts_in(parse(board))


def conflicts_in(grid: Board) -> list[Conflict]:
    """find_conflicts on a board parsed already (solve checks every puzzle it is given).

    Most boards have no clash, so a quick pass with bit masks answers those first; only a board
    with a repeat pays for listing each clash and its cells.
    """
    if not has_repeats(grid):
        return []
    geo = geometry_of(grid)
    conflicts = []
    for kind, units in zip(UNIT_KINDS, (geo.rows, geo.columns, geo.boxes), strict=True):
        for index, unit in enumerate(units):
            seen: dict[Digit, list[Cell]] = {}
            for r, c in unit:
                if grid[r][c] != BLANK:
                    seen.setdefault(grid[r][c], []).append((r, c))
            conflicts += [
                Conflict(digit, kind, index, tuple(cells), geo.size)
                for digit, cells in sorted(seen.items())
                if len(cells) > 1
            ]
    return conflicts


# Variants of is_valid_sudoku for notebook 02, which times all three: the same rule, the same
# order of cells, only the record of "seen" changes: a set per unit, or an integer's bits.


def is_valid_sudoku_sets(board: object) -> bool:
    """The dict check with one set per unit: `digit in seen` says the rule as it is read."""
    grid = parse(board)
    size = len(grid)
    rows: list[set[Digit]] = [set() for _ in range(size)]
    columns: list[set[Digit]] = [set() for _ in range(size)]
    boxes: list[set[Digit]] = [set() for _ in range(size)]
    for r, c, b, digit in filled_cells(grid):
        if digit in rows[r] or digit in columns[c] or digit in boxes[b]:
            return False
        rows[r].add(digit)
        columns[c].add(digit)
        boxes[b].add(digit)
    return True


DIGIT_BITS = MappingProxyType({digit: 1 << i for i, digit in enumerate(SYMBOLS)})
"""Each digit's bit ("1" -> 0b1, "2" -> 0b10, ...), read-only since every check shares it."""


def is_valid_sudoku_bits(board: object) -> bool:
    """The dict check with one integer per unit: bit k is on once the k-th digit has been seen."""
    return not has_repeats(parse(board))


def has_repeats(grid: Board) -> bool:
    """True when a digit of the parsed board repeats in a unit (the bit-mask way, see above)."""
    size = len(grid)
    rows, columns, boxes = [0] * size, [0] * size, [0] * size
    for r, c, b, digit in filled_cells(grid):
        bit = DIGIT_BITS[digit]
        if (rows[r] | columns[c] | boxes[b]) & bit:
            return True
        rows[r] |= bit
        columns[c] |= bit
        boxes[b] |= bit
    return False
