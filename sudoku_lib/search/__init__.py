"""Solving: one entry point over every strategy, plus the LeetCode-style in-place solver.

`prepare()` is the one way in: it parses the puzzle, refuses givens that already clash and checks
the method and its switches. The prepared search then runs under a tracker (counting, bounding,
listening). `solve()` says how it ended: solved, no solution, or gave up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Literal

from ..board import Board, copy_board, parse
from ..errors import ConflictError, SudokuError
from ..stats import Stats
from ..validate import conflicts_in
from .classic import classic_search
from .fast import fast_search
from .naive import naive_search
from .pruned import Pruning, pruned_search
from .tracker import Listener, NodeLimitReached, Tracker

Strategy = Callable[..., bool]
Status = Literal["solved", "no solution", "gave up"]

METHODS: dict[str, Strategy] = {
    "naive": naive_search,
    "pruned": pruned_search,
    "classic": classic_search,
    "fast": fast_search,
}


SWITCHES: dict[str, tuple[str, ...]] = {"pruned": tuple(f.name for f in fields(Pruning))}
"""The switches each method takes; a method not listed takes none."""


@dataclass
class SolveResult:
    """How a search ended: the solution (or None), the counters, and why it stopped."""

    solution: Board | None
    stats: Stats
    status: Status
    method: str

    @property
    def solved(self) -> bool:
        """True when a solution was found."""
        return self.status == "solved"

    @property
    def gave_up(self) -> bool:
        """True when the node bound stopped the search before it could decide."""
        return self.status == "gave up"

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"<SolveResult {self.status} by {self.method}: {s.nodes:,} nodes, "
            f"{s.backtracks:,} backtracks, {s.forced:,} forced>"
        )


def strategy_for(method: str) -> Strategy:
    """The strategy function behind a method name, or an error listing the names there are."""
    try:
        return METHODS[method]
    except (KeyError, TypeError):
        names = ", ".join(repr(name) for name in METHODS)
        raise SudokuError(f"unknown method {method!r}; choose one of {names}") from None


def refuse_unknown_switches(method: str, switches: dict[str, bool]) -> None:
    """Name any switch the method does not have, and the ones it does."""
    known = SWITCHES.get(method, ())
    unknown = [name for name in switches if name not in known]
    if unknown:
        offer = f"its switches are {', '.join(known)}" if known else "it has no switches"
        raise SudokuError(f"method {method!r} has no switch {', '.join(unknown)}; {offer}")


def refuse_conflicts(board: Board) -> None:
    """Raise ConflictError when the givens of a parsed board already break a rule (no search
    could succeed)."""
    conflicts = conflicts_in(board)
    if conflicts:
        raise ConflictError("the givens clash: " + "; ".join(str(c) for c in conflicts))


@dataclass(frozen=True)
class PreparedSearch:
    """A puzzle parsed and checked, with its strategy and switches chosen: ready to run.

    Everything that can be wrong with the request (the puzzle, clashing givens, the method, a
    switch) is refused while preparing, so whoever runs it later (at once, or one step at a time
    in the stepper) meets no bad-input error part-way through.
    """

    board: Board
    method: str
    strategy: Strategy
    switches: Mapping[str, bool]

    def run(self, track: Tracker) -> bool:
        """Run the strategy on a copy of the board under `track`, timing it into `track.stats`.

        True when the search ran to its end (solved, or proved there is no solution); False when
        the tracker's node bound stopped it first.
        """
        board = copy_board(self.board)
        start = time.perf_counter()
        try:
            self.strategy(board, track, **self.switches)
            finished = True
        except NodeLimitReached:
            finished = False
        track.stats.seconds = time.perf_counter() - start
        return finished


def prepare(
    puzzle: object, *, method: str = "fast", switches: Mapping[str, bool] | None = None
) -> PreparedSearch:
    """The one way into a search: parse the puzzle, refuse clashing givens, pick the strategy and
    check its switches, in that order (so the first thing wrong is the one reported)."""
    board = parse(puzzle)
    refuse_conflicts(board)
    strategy = strategy_for(method)
    switches = dict(switches or {})
    refuse_unknown_switches(method, switches)
    return PreparedSearch(board, method, strategy, switches)


def run(
    puzzle: object,
    method: str,
    max_nodes: int | None,
    listener: Listener | None,
    stop_after: int,
    switches: dict[str, bool],
) -> tuple[Tracker, bool]:
    """The old positional entry, kept only while stepper.py still calls it; use prepare()."""
    track = Tracker(max_nodes=max_nodes, listener=listener, stop_after=stop_after)
    return track, prepare(puzzle, method=method, switches=switches).run(track)


def solve(
    puzzle: object,
    method: str = "fast",
    max_nodes: int | None = None,
    listener: Listener | None = None,
    **switches: bool,
) -> SolveResult:
    """Solve a puzzle in any supported form without touching it; see SolveResult for the answer.

    `max_nodes` bounds the search (the result then says "gave up"); `listener` receives every
    event of a teaching strategy; `switches` turn pruning ideas off for method="pruned".
    """
    track = Tracker(max_nodes=max_nodes, listener=listener)
    finished = prepare(puzzle, method=method, switches=switches).run(track)
    if track.solution is not None:
        status: Status = "solved"
    else:
        status = "no solution" if finished else "gave up"
    return SolveResult(track.solution, track.stats, status, method)


def count_solutions(
    puzzle: object, limit: int = 2, method: str = "fast", max_nodes: int | None = None
) -> int:
    """How many solutions the puzzle has, counting no further than `limit` (2 tells uniqueness)."""
    if limit < 1:
        raise SudokuError(f"limit must be at least 1, not {limit}")
    track = Tracker(max_nodes=max_nodes, stop_after=limit)
    finished = prepare(puzzle, method=method).run(track)
    if not finished:
        raise SudokuError(f"gave up after {max_nodes:,} nodes with {track.solutions} found")
    return track.solutions


def solve_sudoku(board: list[list[str]]) -> None:
    """LeetCode 37: fill a 9x9 board of one-character strings in place ("." is a blank)."""
    result = solve(board)
    if result.solution is None:
        raise SudokuError("this puzzle has no solution; the board was left as it was")
    for row, solved_row in zip(board, result.solution, strict=True):
        row[:] = solved_row
