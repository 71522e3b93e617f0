"""Named puzzles and the bundled puzzle sets (their sources are in data/SOURCES.md)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from .arguments import one_of

SETS = ("easy50", "top95", "hardest", "hardest375", "17clue_sample", "famous")


@cache
def _load(name: str) -> tuple[str, ...]:
    text = files("sudoku_lib").joinpath("data", f"{name}.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def load_set(name: str) -> list[str]:
    """The puzzles of one bundled set, as 81-character strings, in the file's order.

    The name is checked before the cache sees it, so a list or a typo gets a message, not a
    TypeError from the cache.
    """
    return list(_load(one_of("name", name, SETS)))


FAMOUS_NAMES = (
    "Inkala 2012",
    "AI Escargot",
    "Platinum Blonde",
    "Golden Nugget",
    "Easter Monster",
    "anti-backtracking",
    "sample",
)
"""The names of the puzzles in data/famous.txt, line by line (SOURCES.md says who made each)."""


def famous() -> dict[str, str]:
    """The famous puzzles by name, in the file's order: the file is their one copy."""
    return dict(zip(FAMOUS_NAMES, _load("famous"), strict=True))


SAMPLE = famous()["sample"]
"""The LeetCode 36/37 sample board: valid, with one solution."""

SAMPLE_INVALID = "8" + SAMPLE[1:]
"""The sample with its top-left 5 changed to 8: the top-left box now holds two 8s."""

ANTI_BACKTRACKING = famous()["anti-backtracking"]
"""Wikipedia's puzzle built to defeat brute force: its first row's answer is 987654321."""

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
"""From Norvig's essay: it looks like a puzzle but has more than one solution."""

TREE_4X4 = "..4....2.3.4.42."
"""A 4x4 puzzle whose naive search tree is small enough to draw whole: 23 nodes, 7 dead ends."""

FOUR_BY_FOUR = "....1..22.3..1.4"
"""A 4x4 puzzle with one solution whose naive search backs up 8 times in 35 steps (notebook 05)."""
