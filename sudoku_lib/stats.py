"""Counters of a search: how much work it did, in the units the course measures."""

from __future__ import annotations

from dataclasses import dataclass

from .search.events import DeadEnd, Event, Forced, Try, Undo
from .words import format_seconds as format_seconds  # re-exported: notebooks import it here


@dataclass
class Stats:
    """What a search did.

    nodes: digits placed by a choice of the search (nodes of the search tree; for the naive
    search, every digit it places). forced: digits placed by propagation, with no choice.
    backtracks: tried digits taken back. dead_ends: times the search found nothing to try.
    """

    nodes: int = 0
    forced: int = 0
    backtracks: int = 0
    dead_ends: int = 0
    max_depth: int = 0
    seconds: float = 0.0

    @property
    def placed(self) -> int:
        """All digits written on the board, tried or forced."""
        return self.nodes + self.forced

    def count(self, event: Event) -> None:
        """Add one event to the counters."""
        match event:
            case Try(depth=depth):
                self.nodes += 1
                if depth + 1 > self.max_depth:
                    self.max_depth = depth + 1
            case Forced():
                self.forced += 1
            case Undo(forced=False):
                self.backtracks += 1
            case DeadEnd():
                self.dead_ends += 1
