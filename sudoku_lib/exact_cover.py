"""Sudoku as exact cover, solved by Knuth's Algorithm X with dicts of sets.

Exact cover: given constraints and choices that each satisfy some constraints, pick choices so
that every constraint is satisfied exactly once. A Sudoku choice is "digit d in cell (r, c)"; it
satisfies four constraints: the cell is filled, and row r, column c and box b each hold d. A 9x9
board has 4 x 81 = 324 constraints and 729 choices. Algorithm X always branches on the constraint
with the fewest choices left (most constrained first, for free), and choosing removes every clash.
Knuth's Dancing Links is the same algorithm with linked lists that make the undo very cheap.

Like every search in the library it is bounded: MAX_NODES guesses unless `max_nodes` says more,
and GaveUp (naming the bound and how to raise it) when the bound stops it.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterator
from contextlib import closing
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

from .arguments import optional_whole_number, whole_number
from .board import Board, Digit, copy_board, geometry, givens, parse
from .errors import GaveUp, SudokuError
from .i18n import N_, _
from .search.counters import Stats
from .validate import find_conflicts
from .words import number

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Constraint = TypeVar("Constraint", bound=Hashable)
Choice = TypeVar("Choice", bound="SupportsRichComparison")  # sorted, so the order is fixed
Columns = dict[Constraint, set[Choice]]  # constraint -> the choices that satisfy it
Rows = dict[Choice, list[Constraint]]  # choice -> the constraints it satisfies

SudokuChoice = tuple[int, int, Digit]  # digit d in cell (r, c)
SudokuConstraint = tuple[str, int, int | Digit]  # ("cell", r, c), ("row", r, d), ... (translated)

MAX_NODES = 100_000
"""The default bound on guesses: far above what a real puzzle needs (a few hundred at most),
reached only by a board with a huge number of solutions, such as an empty one."""


def algorithm_x(
    columns: Columns[Constraint, Choice],
    rows: Rows[Choice, Constraint],
    chosen: list[Choice],
    stats: Stats | None = None,
) -> Iterator[list[Choice]]:
    """Every exact cover extending `chosen`, one at a time; `columns` is restored between them.

    Choices are tried in sorted order, so the search never depends on how sets happen to hash.
    `stats` counts a choice as a node when there were others, as forced when it was the only one.
    """
    if not columns:
        yield list(chosen)
        return
    constraint = min(columns, key=lambda c: len(columns[c]))
    options = sorted(columns[constraint])
    for choice in options:
        if stats is not None:
            count_choice(stats, len(options))
        chosen.append(choice)
        removed = select(columns, rows, choice)
        yield from algorithm_x(columns, rows, chosen, stats)
        deselect(columns, rows, choice, removed)
        chosen.pop()


@dataclass
class Budget(Stats):
    """Counters that also bound the search: a guess past `max_nodes` raises GaveUp. (The bound
    rides on the counters so that `algorithm_x` stays as short as the textbook's.)"""

    max_nodes: int = MAX_NODES


def count_choice(stats: Stats, options: int) -> None:
    """A guess (one of several options) is a node; the only option left is a forced move."""
    if options == 1:
        stats.forced += 1
        return
    if isinstance(stats, Budget) and stats.nodes >= stats.max_nodes:
        raise GaveUp(
            _(
                "Algorithm X gave up after {count} guesses (its bound); pass a larger max_nodes, "
                "say max_nodes={larger}, to search further"
            ).format(count=number(stats.max_nodes), larger=f"{10 * max(stats.max_nodes, 1_000):_}"),
            "max_nodes",
            stats.max_nodes,
        )
    stats.nodes += 1


def select(
    columns: Columns[Constraint, Choice], rows: Rows[Choice, Constraint], choice: Choice
) -> list[set[Choice]]:
    """Take `choice`: drop its constraints (now met) and every other choice that meets one."""
    removed: list[set[Choice]] = []
    for constraint in rows[choice]:
        for other in columns[constraint]:
            for other_constraint in rows[other]:
                if other_constraint != constraint:
                    columns[other_constraint].discard(other)
        removed.append(columns.pop(constraint))
    return removed


def deselect(
    columns: Columns[Constraint, Choice],
    rows: Rows[Choice, Constraint],
    choice: Choice,
    removed: list[set[Choice]],
) -> None:
    """Undo `select`, in reverse order, so the columns are exactly as before."""
    for constraint in reversed(rows[choice]):
        columns[constraint] = removed.pop()
        for other in columns[constraint]:
            for other_constraint in rows[other]:
                if other_constraint != constraint:
                    columns[other_constraint].add(other)


def sudoku_rows(size: int = 9) -> Rows[SudokuChoice, SudokuConstraint]:
    """Each choice (r, c, d) and its four constraints: the cell, and d in its row, column, box.

    A constraint's kind is a word in the language chosen (("行", 0, "5") in Chinese), since
    notebook 07 prints constraints for the learner to read; the search only compares them."""
    geo = geometry(size)
    cell, row, column, box = (_(kind) for kind in CONSTRAINT_KINDS)
    return {
        (r, c, d): [(cell, r, c), (row, r, d), (column, c, d), (box, geo.box_of(r, c), d)]
        for r in range(size)
        for c in range(size)
        for d in geo.digits
    }


CONSTRAINT_KINDS = (N_("cell"), N_("row"), N_("column"), N_("box"))
"""The four kinds of Sudoku constraint, in the order `sudoku_rows` lists a choice's."""


def columns_of(rows: Rows[Choice, Constraint]) -> Columns[Constraint, Choice]:
    """Invert the rows: for each constraint, the set of choices that satisfy it."""
    columns: Columns[Constraint, Choice] = {}
    for choice, constraints in rows.items():
        for constraint in constraints:
            columns.setdefault(constraint, set()).add(choice)
    return columns


def solutions(
    puzzle: object, stats: Stats | None = None, max_nodes: int | None = None
) -> Generator[Board, None, None]:
    """Every solution of the puzzle, one at a time, found by Algorithm X (at most `max_nodes`
    guesses in all; None: MAX_NODES). `stats`, if given, receives the counts as they grow."""
    bound = optional_whole_number("max_nodes", max_nodes, minimum=0)
    budget = Budget(max_nodes=MAX_NODES if bound is None else bound)
    return _solutions(parse(puzzle), budget, stats)


def _solutions(board: Board, budget: Budget, stats: Stats | None) -> Generator[Board, None, None]:
    """The generator behind `solutions` (which checks its arguments at once, not when first
    asked for a solution), passing the budget's counts on to `stats`."""
    if find_conflicts(board):
        return
    rows = sudoku_rows(len(board))
    columns = columns_of(rows)
    given = [(r, c, d) for (r, c), d in givens(board).items()]
    for choice in given:
        select(columns, rows, choice)
    before = Stats() if stats is None else Stats(nodes=stats.nodes, forced=stats.forced)

    def report() -> None:
        if stats is not None:
            stats.nodes, stats.forced = before.nodes + budget.nodes, before.forced + budget.forced

    try:
        for cover in algorithm_x(columns, rows, [], budget):
            solved = copy_board(board)
            for r, c, d in cover:
                solved[r][c] = d
            report()
            yield solved
    finally:
        report()  # also when the bound stops the search, or the caller stops asking


def solve_exact_cover(
    puzzle: object, stats: Stats | None = None, max_nodes: int | None = None
) -> Board:
    """The first solution Algorithm X finds, or an error when there is none."""
    with closing(solutions(puzzle, stats, max_nodes)) as found:
        first = next(found, None)
    if first is None:
        raise SudokuError("this puzzle has no solution")
    return first


def count_exact_cover(puzzle: object, limit: int = 2, max_nodes: int | None = None) -> int:
    """How many solutions, counting no further than `limit`."""
    wanted = whole_number("limit", limit, minimum=1)
    return sum(1 for _ in islice(solutions(puzzle, max_nodes=max_nodes), wanted))
