"""The tracker: what every search reports to, so counting, bounding and watching are one thing.

A search calls `track.tried(...)`, `track.undone(...)` and so on at each step. The tracker counts
(by the rules in counters.py), stops the search at a node bound, and, only when someone listens,
turns each call into an event for the listener. With no listener nothing is built, so a quiet
search stays fast.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, Digit, copy_board
from .counters import Stats
from .events import DeadEnd, Event, Forced, Solved, Try, Undo

Listener = Callable[[Event], None]


class NodeLimitReached(Exception):
    """Raised inside a search that wants to place one more digit by choice than it may."""


class Tracker:
    """Counts a search, bounds it, keeps its first solution, and tells a listener if there is one.

    `stop_after` is how many solutions to find before stopping: 1 to solve, 2 to test uniqueness.
    """

    def __init__(
        self,
        *,
        max_nodes: int | None = None,
        listener: Listener | None = None,
        stop_after: int = 1,
    ) -> None:
        self.stats = Stats()
        self.max_nodes = max_nodes
        self.listener = listener
        self.stop_after = stop_after
        self.solutions = 0
        self.solution: Board | None = None
        self.last_try_depth = -1  # depth of the latest digit tried: see dead_end

    def tried(self, row: int, col: int, digit: Digit, depth: int) -> None:
        """A digit was placed by choice: one more node of the search tree."""
        if self.max_nodes is not None and self.stats.nodes >= self.max_nodes:
            raise NodeLimitReached
        self.stats.count_try(depth)
        self.last_try_depth = depth
        if self.listener is not None:
            self.listener(Try(row, col, digit, depth))

    def forced(
        self, row: int, col: int, digit: Digit, depth: int, unit: tuple[str, int] | None = None
    ) -> None:
        """A digit was placed by propagation, with no choice."""
        self.stats.count_forced()
        if self.listener is not None:
            self.listener(Forced(row, col, digit, depth, unit))

    def undone(self, row: int, col: int, digit: Digit, depth: int, forced: bool = False) -> None:
        """A digit was taken back off the board."""
        self.stats.count_undo(forced)
        if self.listener is not None:
            self.listener(Undo(row, col, digit, depth, forced))

    def dead_end(self, row: int | None, col: int | None, depth: int, why: str) -> None:
        """Nothing could be tried here (no digit fits, no candidate, a contradiction): back up.

        A search also calls this after every digit it tried at this depth has failed; that is
        not a dead end but the end of a branch, already told by its undos, so it is neither
        counted nor reported. One meaning, as the glossary gives it: a dead end is a place where
        the search finds nothing to try.
        """
        if self.last_try_depth >= depth:
            return
        self.stats.count_dead_end()
        if self.listener is not None:
            self.listener(DeadEnd(row, col, depth, why))

    def solved(self, board: Board, depth: int) -> bool:
        """The board is full: keep the first solution; True means stop searching."""
        self.solutions += 1
        if self.solution is None:
            self.solution = copy_board(board)
        if self.listener is not None:
            self.listener(Solved(depth))
        return self.solutions >= self.stop_after
