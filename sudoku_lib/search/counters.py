"""The counters of a search: how much work it did, in the units the course measures.

This is the one place the counting rules live. The tracker applies them as a search calls it;
`Stats.count` applies the same rules to a recorded event (the stepper's replay), so a search
counted live and the same search replayed event by event always agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import DeadEnd, Event, Forced, Try, Undo


@dataclass
class Stats:
    """What a search did.

    nodes: digits placed by a choice of the search (nodes of the search tree; for the naive
    search, every digit it places). forced: digits placed by propagation, with no choice.
    backtracks: tried digits taken back. dead_ends: times the search found nothing to try.
    max_depth: the most choices open at once. seconds: the strategy's own running time (parsing
    and checking the puzzle come before it and are not included).
    """

    nodes: int = 0
    forced: int = 0
    backtracks: int = 0
    dead_ends: int = 0
    max_depth: int = 0
    seconds: float = 0.0

    def count_try(self, depth: int) -> None:
        """A digit placed by choice at `depth` (0 for the first choice): one more node."""
        self.nodes += 1
        if depth >= self.max_depth:
            self.max_depth = depth + 1

    def count_forced(self) -> None:
        """A digit placed by propagation."""
        self.forced += 1

    def count_undo(self, forced: bool) -> None:
        """A digit taken back; only a tried one is a backtrack (a forced one goes with it)."""
        if not forced:
            self.backtracks += 1

    def count_dead_end(self) -> None:
        """The search found nothing to try and backs up."""
        self.dead_ends += 1

    def count(self, event: Event) -> None:
        """Add one recorded event to the counters, by the same rules the tracker applies."""
        match event:
            case Try(depth=depth):
                self.count_try(depth)
            case Forced():
                self.count_forced()
            case Undo(forced=forced):
                self.count_undo(forced)
            case DeadEnd():
                self.count_dead_end()
