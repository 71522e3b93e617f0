"""Solving: one entry point over every strategy, plus the LeetCode-style in-place solver.

`prepare()` is the one way in: it parses the puzzle, refuses givens that already clash and checks
the method and its switches. The prepared search then runs under a tracker (counting, bounding,
listening). `solve()` says how it ended: solved, no solution, or gave up.

Every search is bounded: `max_nodes=None` means the method's default bound (DEFAULT_MAX_NODES),
so no call runs for hours by accident; pass a larger `max_nodes` to search further. A search
stopped by its bound says so: `solve` in its result (`.status == "gave up"`, `.reason` says which
bound and how to raise it), `count_solutions` and `solve_sudoku` by raising GaveUp.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Literal

from ..arguments import got, one_of, optional_callable, optional_whole_number, switch, whole_number
from ..board import Board, copy_board, parse
from ..errors import ArgumentError, ConflictError, GaveUp, PuzzleFormatError, SudokuError
from ..i18n import N_, _
from ..validate import conflicts_in
from ..words import count_word, listed, number, plural, status_text
from .classic import classic_search
from .counters import Stats
from .fast import Masks, fast_search, given_masks
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

DEFAULT_MAX_NODES = MappingProxyType(
    {"naive": 1_000_000, "pruned": 10_000, "classic": 100_000, "fast": 200_000}
)
"""The node bound of each method when max_nodes is None. Each is roughly 10 to 20 seconds of
search on a shared 2-core machine (measured under load), and far more than any bundled puzzle
needs (the most: 2,382 nodes for classic and 1,041 for fast, on hardest375), so only a puzzle
that would run for minutes or hours meets it: HARD1 unbounded takes about 100 s by classic and
6 minutes by pruned; counting the empty board's solutions would take days."""

ONLY_9X9 = "classic (fast handles 9x9 only)"
"""What a result of method "fast" on a 4x4 or 16x16 board reports: the classic solver ran."""


@dataclass
class SolveResult:
    """How a search ended: the solution (or None), the counters, and why it stopped."""

    solution: Board | None
    stats: Stats
    status: Status
    method: str
    reason: str = ""
    """Why it stopped, in a sentence; for "gave up", which bound and how to raise it."""
    max_nodes: int | None = None
    """The node bound the search ran under (the method's default unless one was given)."""

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
        return _(
            "<SolveResult {status} by {method}: {nodes} nodes, {backtracks} backtracks, "
            "{forced} forced>"
        ).format(
            status=status_text(self.status),
            method=self.method,
            nodes=f"{s.nodes:,}",
            backtracks=f"{s.backtracks:,}",
            forced=f"{s.forced:,}",
        )


def strategy_for(method: object) -> Strategy:
    """The strategy function behind a method name, or an error listing the names there are
    (TypeError when it is not a str at all)."""
    try:
        return METHODS[one_of("method", method, METHODS)]
    except ArgumentError:
        names = ", ".join(repr(name) for name in METHODS)
        message = _("unknown method {method}; choose one of {names}")
        raise ArgumentError(message.format(method=got(method), names=names), "method") from None


def checked_switches(method: str, switches: Mapping[str, object]) -> dict[str, bool]:
    """The switches, once each is known to the method and is True or False (`sets="no"` must
    not quietly mean on, nor `hidden_singles=None` off)."""
    known = SWITCHES.get(method, ())
    unknown = [name for name in switches if name not in known]
    if unknown:
        offer = (
            _("its switches are {switches}").format(switches=", ".join(known))
            if known
            else _("it has no switches")
        )
        message = _("method {method} has no switch {unknown}; {offer}").format(
            method=repr(method), unknown=", ".join(unknown), offer=offer
        )
        raise ArgumentError(message, unknown[0])
    return {name: switch(name, value) for name, value in switches.items()}


def refuse_conflicts(board: Board) -> Masks | None:
    """Raise ConflictError when the givens of a parsed board already break a rule (no search
    could succeed).

    A 9x9 board is first read into the fast engine's masks, the quickest way to find that no
    given clashes (almost every board); only a board with a clash is gone through unit by unit
    to name each one. Returns those masks (None for other sizes), so that the engine, which
    starts from them, need not read the board again."""
    masks = given_masks(board) if len(board) == 9 else None
    if masks is not None:
        return masks
    conflicts = conflicts_in(board)
    if conflicts:
        clashes = _("; ").join(str(c) for c in conflicts)
        raise ConflictError(_("the givens clash: {clashes}").format(clashes=clashes))
    return None


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
    givens: Masks | None = None
    """The fast engine's masks of the givens, read while refusing clashes (9x9 boards)."""

    @property
    def runs_as(self) -> str:
        """The method whose code runs: "fast" is for 9x9 boards and hands others to classic."""
        return "classic" if self.method == "fast" and len(self.board) != 9 else self.method

    @property
    def label(self) -> str:
        """The method as a result reports it, saying so when fast handed the board on."""
        return ONLY_9X9 if self.runs_as != self.method else self.method

    def node_bound(self, max_nodes: object) -> int:
        """`max_nodes` once checked (a whole number, 0 or more), or the default bound of the
        method that runs when it is None."""
        bound = optional_whole_number("max_nodes", max_nodes, minimum=0)
        return DEFAULT_MAX_NODES[self.runs_as] if bound is None else bound

    def gave_up_error(self, caller: str, bound: int, max_nodes: object, found: int) -> GaveUp:
        """The error a counting search raises at its bound, with what it had found by then."""
        reason = self.gave_up_reason(bound, max_nodes)
        message = _("{caller} {reason} ({found} found)").format(
            caller=caller, reason=reason, found=plural(found, "solution")
        )
        return GaveUp(message, "max_nodes", bound)

    def gave_up_reason(self, bound: int, max_nodes: object) -> str:
        """Which bound stopped the search, and how to raise it, in one sentence."""
        if max_nodes is None:
            whose = _("the default bound for method {method}").format(method=repr(self.runs_as))
        else:
            whose = _("the bound max_nodes={bound}").format(bound=bound)
        return _(
            "gave up after {nodes} nodes ({whose}); pass a larger max_nodes, "
            "say max_nodes={more}, to search further"
        ).format(nodes=number(bound), whose=whose, more=f"{10 * max(bound, 1_000):_}")

    def run(self, track: Tracker) -> bool:
        """Run the strategy on a copy of the board under `track`, timing it into `track.stats`.

        True when the search ran to its end (solved, or proved there is no solution); False when
        the tracker's node bound stopped it first.
        """
        board = copy_board(self.board)
        read = {"givens": self.givens} if self.runs_as == "fast" else {}
        start = time.perf_counter()
        try:
            self.strategy(board, track, **self.switches, **read)
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
    givens = refuse_conflicts(board)
    strategy = strategy_for(method)
    checked = checked_switches(method, switches or {})
    return PreparedSearch(board, str(method), strategy, checked, givens)


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

    `max_nodes` bounds the search (None: the method's default, DEFAULT_MAX_NODES; the result
    says "gave up" at the bound); `listener` receives every event of a search; `switches` turn
    pruning ideas off for method="pruned". Method "fast" solves 9x9 boards and hands other sizes
    to "classic" (the result's method then says so).
    """
    search = prepare(puzzle, method=method, switches=switches)
    bound = search.node_bound(max_nodes)
    track = Tracker(max_nodes=bound, listener=optional_callable("listener", listener))
    finished = search.run(track)
    if track.solution is not None:
        status: Status = "solved"
        reason = _("solved by {method}").format(method=search.label)
    elif finished:
        status, reason = "no solution", _("the search tried everything: there is no solution")
    else:
        status, reason = "gave up", search.gave_up_reason(bound, max_nodes)
    return SolveResult(track.solution, track.stats, status, search.label, reason, bound)


def count_solutions(
    puzzle: object, limit: int = 2, method: str = "fast", max_nodes: int | None = None
) -> int:
    """How many solutions the puzzle has, counting no further than `limit` (2 tells uniqueness).

    Bounded like `solve` (None: the method's default bound); raises GaveUp, saying how many it
    had found and how to raise the bound, when the bound stops it first.
    """
    wanted = whole_number("limit", limit, minimum=1)
    search = prepare(puzzle, method=method)
    bound = search.node_bound(max_nodes)
    track = Tracker(max_nodes=bound, stop_after=wanted)
    if not search.run(track):
        raise search.gave_up_error("count_solutions", bound, max_nodes, track.solutions)
    return track.solutions


def solve_sudoku(board: list[list[str]]) -> None:
    """LeetCode 37: fill a 9x9 board of one-character strings in place ("." is a blank).

    Filling in place needs a list of lists, so anything else (a string, a tuple of tuples) is
    refused before any search, with a TypeError that points to `solve`.
    """
    refuse_unfillable(board)
    result = solve(board)
    if result.gave_up:
        raise GaveUp(f"solve_sudoku {result.reason}", "max_nodes", result.max_nodes or 0)
    if result.solution is None:
        raise SudokuError(_("this puzzle has no solution; the board was left as it was"))
    for row, solved_row in zip(board, result.solution, strict=True):
        row[:] = solved_row


FILL_IN_PLACE = N_(
    "solve_sudoku fills the board in place (LeetCode 37), so it takes a list of 9 lists of "
    "one-character strings"
)
"""What solve_sudoku needs, said first in each of its refusals (translated when it is said)."""


def refuse_unfillable(board: object) -> None:
    """A board solve_sudoku can fill in place is a list whose rows are lists (TypeError if not;
    the size and the cells are parse's to check)."""
    if not isinstance(board, list):
        raise TypeError(
            _(
                "{needs}; got {got}. For any other form, solve(puzzle).solution is the solved board"
            ).format(needs=_(FILL_IN_PLACE), got=got(board))
        )
    for r, row in enumerate(board[:16]):
        if not isinstance(row, list):
            raise TypeError(
                _("{needs}; row {row} is {got}").format(
                    needs=_(FILL_IN_PLACE), row=r + 1, got=got(row)
                )
            )
    refuse_shared_rows(board[:16])


def refuse_shared_rows(rows: list[list[str]]) -> None:
    """Refuse rows that are one list object (`[["."] * 9] * 9`): filling them in place would
    leave every copy holding the last row written, so the board would come back wrong although
    the search was right. PuzzleFormatError names the rows and its `row` is the first copy."""
    numbers_of: dict[int, list[int]] = {}
    for r, row in enumerate(rows):
        numbers_of.setdefault(id(row), []).append(r + 1)
    shared = next((numbers for numbers in numbers_of.values() if len(numbers) > 1), None)
    if shared is not None:
        raise PuzzleFormatError(
            _(
                "rows {rows} of the board are one list, not {count} (as `[['.'] * 9] * 9` makes), "
                "so filling one would fill them all: build each row on its own, say "
                "`[['.'] * 9 for _ in range(9)]`"
            ).format(rows=listed([str(n) for n in shared]), count=count_word(len(shared))),
            row=shared[1],
        )
