"""Self-checks for notebook 01 (the board): box numbers, peers, and reading a string."""

from __future__ import annotations

from collections.abc import Callable

from ..board import box_index, geometry, parse
from ..puzzles import SAMPLE
from .core import Case, Report, check_cases


def check_box_of(function: Callable[[int, int, int], int]) -> Report:
    """`function(r, c, box)` must give the box number of every cell, for box sizes 2, 3 and 4."""
    cases = [
        Case(f"cell (r={r}, c={c}) with box={box}", (r, c, box), box_index(r, c, box))
        for box in (3, 2, 4)
        for r, c in geometry(box * box).cells
    ]
    return check_cases("box_of", function, cases)


def check_peers_of(function: Callable[[int, int], object]) -> Report:
    """`function(r, c)` must give the 20 cells that share a row, column or box with (r, c)."""
    picks = [(0, 0), (4, 4), (8, 8), (2, 6), (7, 1), (3, 5)]
    cases = [Case(f"cell (r={r}, c={c})", (r, c), set(geometry(9).peers[(r, c)])) for r, c in picks]
    return check_cases(
        "peers_of",
        function,
        cases,
        same=lambda got, expected: set(got) == expected and len(list(got)) == len(expected),
        show=lambda cells: f"{len(cells)} cells: {sorted(cells)}",
    )


def check_string_to_board(function: Callable[[str], object]) -> Report:
    """`function(text)` must turn an 81-character string into the list-of-lists form."""
    with_zeros = SAMPLE.replace(".", "0")
    cases = [
        Case("the sample board", (SAMPLE,), parse(SAMPLE)),
        Case("zeros for blanks", (with_zeros,), parse(with_zeros)),
        Case("an empty board", ("." * 81,), parse("." * 81)),
    ]
    return check_cases("string_to_board", function, cases)
