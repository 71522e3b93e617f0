"""Named puzzles and the bundled puzzle sets (their sources are in data/SOURCES.md)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from .errors import SudokuError

SAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""The LeetCode 36/37 sample board: valid, with one solution."""

SAMPLE_INVALID = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""The sample with its top-left 5 changed to 8: the top-left box now holds two 8s."""

ANTI_BACKTRACKING = (
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
)
"""Wikipedia's puzzle built to defeat brute force: its first row's answer is 987654321."""

INKALA_2012 = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
AI_ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
PLATINUM_BLONDE = (
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
)
GOLDEN_NUGGET = ".......39....1...5..3..58....8..9..6.7..2....1..4.......9..8.5..2....6..4..7....."
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
"""From Norvig's essay: it looks like a puzzle but has more than one solution."""

SETS = ("easy50", "top95", "hardest", "hardest375", "17clue_sample", "famous")


@cache
def _load(name: str) -> tuple[str, ...]:
    if name not in SETS:
        raise SudokuError(f"unknown puzzle set {name!r}; choose one of {', '.join(SETS)}")
    text = files("sudoku_lib").joinpath("data", f"{name}.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def load_set(name: str) -> list[str]:
    """The puzzles of one bundled set, as 81-character strings, in the file's order."""
    return list(_load(name))


TREE_4X4 = "..4....2.3.4.42."
"""A 4x4 puzzle whose naive search tree is small enough to draw whole: 23 nodes, 7 dead ends."""

FOUR_BY_FOUR = "....1..22.3..1.4"
"""A 4x4 puzzle with one solution whose naive search backs up 8 times in 35 steps (notebook 05)."""
