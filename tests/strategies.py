"""Hypothesis strategies for boards: solved grids in many dresses, and puzzles cut from them.

A solved grid is made from one pattern by moves that keep every rule (a `Dress`): relabelling
digits, swapping rows within a band, bands, columns within a stack, stacks, and transposing.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from sudoku_lib.board import SYMBOLS, Board, to_string
from tests.grid_checks import Dress


def pattern_grid(box: int) -> Board:
    """A solved grid of size box*box: each row is the first shifted by a fixed amount."""
    size = box * box
    return [
        [SYMBOLS[(box * (r % box) + r // box + c) % size] for c in range(size)] for r in range(size)
    ]


def shuffled_grid(box: int, rng: random.Random) -> Board:
    """A random solved grid: the pattern grid in a random dress."""
    size = box * box
    dressed = Dress.random(rng, size)(to_string(pattern_grid(box)))
    return [list(dressed[r * size : (r + 1) * size]) for r in range(size)]


def blank_out(grid: Board, keep: int, rng: random.Random) -> Board:
    """A puzzle from a solved grid: keep `keep` cells at random, blank the rest."""
    size = len(grid)
    kept = set(rng.sample(range(size * size), keep))
    return [[grid[r][c] if r * size + c in kept else "." for c in range(size)] for r in range(size)]


@st.composite
def solved_grids(draw: st.DrawFn, box: int = 3) -> Board:
    """Strategy: a random solved grid of the given box size."""
    return shuffled_grid(box, random.Random(draw(st.integers(0, 2**32))))


@st.composite
def puzzles(draw: st.DrawFn, box: int = 3, min_keep: int = 30, max_keep: int = 60) -> Board:
    """Strategy: a solvable puzzle (a solved grid with cells blanked)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    keep = draw(st.integers(min_keep, max_keep))
    return blank_out(shuffled_grid(box, rng), keep, rng)
