"""Checks and transformations for the solver tests, defined from the rules, not from the library.

`assert_solves` says what a solution is: full, every row, column and box a permutation of the
digits, every given kept. `Dress` is a symmetry of Sudoku (relabel the digits, permute the rows
within each band, the bands, the columns within each stack, the stacks, maybe transpose): a
puzzle in another dress has exactly the dressed solutions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import isqrt

SYMBOLS = "123456789ABCDEFG"


def flat(grid: object) -> str:
    """A board (list of rows) or a string, as one string of cells."""
    if isinstance(grid, str):
        return grid
    return "".join("".join(row) for row in grid)  # type: ignore[union-attr]


def assert_solves(puzzle: str, solution: object) -> None:
    """Fail unless `solution` is a full valid grid that keeps every given of `puzzle`."""
    cells = flat(solution)
    size = isqrt(len(puzzle))
    box = isqrt(size)
    assert len(cells) == len(puzzle), "the solution has the wrong number of cells"
    digits = set(SYMBOLS[:size])
    rows = [cells[r * size : (r + 1) * size] for r in range(size)]
    cols = [cells[c::size] for c in range(size)]
    boxes = [
        "".join(rows[top + i][left + j] for i in range(box) for j in range(box))
        for top in range(0, size, box)
        for left in range(0, size, box)
    ]
    for kind, units in (("row", rows), ("column", cols), ("box", boxes)):
        for index, unit in enumerate(units):
            assert set(unit) == digits, f"{kind} {index + 1} is {unit!r}"
    for i, (given, placed) in enumerate(zip(puzzle, cells, strict=True)):
        assert given == "." or given == placed, f"given {given} at cell {i} became {placed}"


@dataclass(frozen=True)
class Dress:
    """One symmetry of a size x size Sudoku: a cell map (with transpose) and a digit relabelling."""

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    transpose: bool
    digits: dict[str, str]

    @classmethod
    def random(cls, rng: random.Random, size: int = 9) -> Dress:
        """A random dress: every choice drawn from `rng`."""
        return cls(
            rows=_line_order(rng, size),
            cols=_line_order(rng, size),
            transpose=rng.random() < 0.5,
            digits=dict(zip(SYMBOLS[:size], rng.sample(SYMBOLS[:size], size), strict=True)),
        )

    def __call__(self, grid: str) -> str:
        """The grid in this dress (blanks stay blanks)."""
        size = len(self.rows)
        out = []
        for r in range(size):
            for c in range(size):
                src_r, src_c = (c, r) if self.transpose else (r, c)
                cell = grid[self.rows[src_r] * size + self.cols[src_c]]
                out.append(self.digits.get(cell, cell))
        return "".join(out)


def _line_order(rng: random.Random, size: int) -> tuple[int, ...]:
    """A random order of rows (or columns) that keeps bands together: bands shuffled, then
    the rows within each band."""
    box = isqrt(size)
    bands = rng.sample(range(box), box)
    return tuple(band * box + i for band in bands for i in rng.sample(range(box), box))
