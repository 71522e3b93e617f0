"""Self-checks for notebook 07 (beyond): counting solutions, uniqueness, removing a clue.

The expected answers come from the library's `count_solutions`. Counting up to a limit is about
stopping early, so `check_count_solutions` also asks for a few solutions of the empty 9x9 board,
which has far too many to count: a count that finds them all and then clips never answers, and
the time limit says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..board import BLANK, to_string
from ..i18n import N_, _
from ..puzzles import SAMPLE
from ..search import count_solutions, solve
from ..search.collect import find_solutions
from ..words import cell_name, check_text
from .core import NO_ANSWER, Attempt, Case, Report, case_and, check_cases
from .recorder import own_search, spying_on

TWO_SOLUTIONS = "534..8912672195348198342567859..1423426853791713924856.6....28....419..5....8..79"
"""The sample's solution with a rectangle of 6s and 7s blanked (rows 1 and 4, columns 4 and 5),
plus the sample's own blanks in rows 7-9: the 6s and 7s can swap, so there are two solutions."""

NO_SOLUTION = "12345678." + "........9" + "." * 63
"""Valid (no digit repeats) but unsolvable: row 1 needs a 9 in column 9, which already has one."""

EMPTY_4X4 = "." * 16
EMPTY_9X9 = "." * 81
STOP_EARLY_LIMIT = 3
COUNT_TIME_LIMIT = 5.0
"""Seconds a counting case may take: a plain count that stops early needs a fraction of one on
every case; one that counts every solution of the empty 9x9 board would need ages."""

PUZZLES = {
    N_("the sample"): SAMPLE,
    N_("a puzzle with two solutions"): TWO_SOLUTIONS,
    N_("a valid board with no solution"): NO_SOLUTION,
    N_("the empty 4x4 board"): EMPTY_4X4,
}
SOLVERS: list[Callable[..., Any]] = [count_solutions, find_solutions, solve]


def check_count_solutions(count: Callable[[str, int], int]) -> Report:
    """count(puzzle, limit): how many solutions, counting no further than limit."""
    cases = [
        Case(
            _("{case}, limit {limit}").format(case=_(name), limit=limit),
            (puzzle, limit),
            count_solutions(puzzle, limit),
        )
        for name, puzzle in PUZZLES.items()
        for limit in (1, 2, 5)
    ]
    cases.append(
        Case(
            N_("the empty 4x4 board, limit 1000"),
            (EMPTY_4X4, 1000),
            count_solutions(EMPTY_4X4, 1000),
        )
    )
    cases.append(
        Case(
            _("the empty 9x9 board (far too many solutions to count), limit {limit}").format(
                limit=STOP_EARLY_LIMIT
            ),
            (EMPTY_9X9, STOP_EARLY_LIMIT),
            STOP_EARLY_LIMIT,
        )
    )
    own = own_search()
    return check_cases(
        N_("count solutions"),
        count,
        cases,
        library=SOLVERS,
        mistakes=[
            counted_past_the_limit,
            stopped_at_the_first,
            board_left_changed,
            none_counted,
            own,
        ],
        requirements=[own],
        time_limit=COUNT_TIME_LIMIT,
        slow_why=check_text("count stop early"),
        name="count_up_to",
    )


def counted_past_the_limit(attempt: Attempt) -> str | None:
    """More than the limit: the count went on after reaching it."""
    limit = attempt.case.args[1]
    got = attempt.got
    return check_text("past the limit") if isinstance(got, int) and got > limit else None


def stopped_at_the_first(attempt: Attempt) -> str | None:
    """1 where more were wanted and there are: the search stopped at its first solution."""
    if attempt.got == 1 and attempt.case.expected > 1:
        return check_text("count stopped at first")
    return None


def none_counted(attempt: Attempt) -> str | None:
    """0 where there are solutions: the full board is not counted, or a digit is never undone."""
    if attempt.got == 0 and attempt.case.expected > 0:
        return check_text("none counted")
    return None


def board_left_changed(attempt: Attempt) -> str | None:
    """A second call on the same puzzle disagrees with the first: state left over (a board,
    a counter) from the previous call."""
    again = attempt.try_call(*attempt.case.args)
    if again is not NO_ANSWER and again != attempt.got:
        return check_text("count not repeatable", first=attempt.got, second=again)
    return None


def check_is_unique(is_unique: Callable[[str], bool]) -> Report:
    """is_unique(puzzle): True when the puzzle has exactly one solution, found with the learner's
    own search (their count_up_to, or one written here), never the library's."""
    cases = [Case(name, (p,), count_solutions(p, 2) == 1) for name, p in PUZZLES.items()]
    limits: list[int] = []

    def run(puzzle: str) -> object:
        """The learner's answer, with each limit it asked its own `count_up_to` for noted."""
        with spying_on(is_unique, "count_up_to") as asked:
            answer = is_unique(puzzle)
        limits.extend(limit_asked(arguments) for arguments, _ in asked or ())
        return answer

    def counted_no_further_than_two(attempt: Attempt) -> str | None:
        """Two solutions are enough to tell one from more: a larger limit counts for nothing."""
        furthest = max(limits, default=UNIQUE_LIMIT)
        return check_text("counted too far", limit=furthest) if furthest > UNIQUE_LIMIT else None

    def two_taken_as_unique(attempt: Attempt) -> str | None:
        """True for a puzzle with two solutions: a limit of 1 cannot tell one from two, and a
        count up to 2 read as `>= 1` says yes to two."""
        if attempt.got is not True or count_solutions(attempt.case.args[0], 2) != 2:
            return None
        if not limits:
            return check_text("two called unique")
        if max(limits) >= UNIQUE_LIMIT:
            return check_text("two read as one")
        return check_text("limit of one")

    own = own_search()
    return check_cases(
        N_("uniqueness"),
        run,
        cases,
        learner=is_unique,
        library=SOLVERS,
        mistakes=[two_taken_as_unique, no_solution_called_unique, own],
        requirements=[own, counted_no_further_than_two],
        name="is_unique",
    )


UNIQUE_LIMIT = 2
"""How far a uniqueness test needs to count: a second solution settles it."""


def limit_asked(arguments: dict[str, Any]) -> int:
    """The limit a call of count_up_to asked for (2 when the learner's has another shape)."""
    limit = arguments.get("limit", UNIQUE_LIMIT)
    return limit if isinstance(limit, int) else UNIQUE_LIMIT


def no_solution_called_unique(attempt: Attempt) -> str | None:
    """True for a puzzle with no solution: "at most one" instead of "exactly one"."""
    if attempt.got is True and count_solutions(attempt.case.args[0], 2) == 0:
        return check_text("none is not one")
    return None


def remove_if_unique(puzzle: str, index: int) -> str:
    """The library's answer: blank cell `index` (0-80) if the puzzle stays unique, else keep it."""
    fewer = puzzle[:index] + BLANK + puzzle[index + 1 :]
    return fewer if count_solutions(fewer, 2) == 1 else puzzle


def check_remove_clue(remove_clue: Callable[[str, int], str]) -> Report:
    """remove_clue(puzzle, index): the puzzle with cell `index` blanked, if still unique."""
    solution = to_string(solve(SAMPLE).solution)
    chosen = [
        (N_("the sample"), SAMPLE, (0, 20, 2, 44, 80)),
        (N_("the sample's solution"), solution, (0, 40)),
        (N_("a puzzle with two solutions"), TWO_SOLUTIONS, (0,)),
    ]
    cases = [
        Case(case_and(name, index_name(index)), (puzzle, index), remove_if_unique(puzzle, index))
        for name, puzzle, indexes in chosen
        for index in indexes
    ]
    return check_cases(
        N_("remove a clue"),
        remove_clue,
        cases,
        mistakes=[
            length_changed,
            blanked_without_asking,
            index_from_one,
            kept_a_removable_clue,
        ],
        name="remove_clue",
    )


def index_name(index: int) -> str:
    """A position in an 81-character puzzle both ways: "index 20 (row 3, column 3)"."""
    return _("index {index} ({cell})").format(index=index, cell=cell_name(index // 9, index % 9))


def length_changed(attempt: Attempt) -> str | None:
    """The new puzzle is longer or shorter than the old: the slices add or drop a character
    (often seen as the learner's is_unique, or parse, refusing a board of 82 cells)."""
    puzzle = attempt.case.args[0]
    got = attempt.got
    if isinstance(got, str) and len(got) != len(puzzle):
        length = len(got)
    else:
        # the count of cells the error names last ("found 82", in Chinese "实际有 82 个")
        found = re.search(r"(\d+)\D*$", str(attempt.error)) if attempt.error else None
        if not found:
            return None
        length = int(found.group(1))
    return check_text("puzzle length changed", length=length, expected=len(puzzle))


def blanked(puzzle: str, index: int) -> str:
    """The puzzle with one cell blanked."""
    return puzzle[:index] + BLANK + puzzle[index + 1 :]


def blanked_without_asking(attempt: Attempt) -> str | None:
    """The cell was blanked although the puzzle then has more than one solution."""
    puzzle, index = attempt.case.args
    if attempt.got == blanked(puzzle, index) != attempt.case.expected:
        return check_text("blanked without asking")
    return None


def index_from_one(attempt: Attempt) -> str | None:
    """The cell after the one asked for was blanked: the index counted from 1."""
    puzzle, index = attempt.case.args
    if index + 1 < len(puzzle) and attempt.got == blanked(puzzle, index + 1) != puzzle:
        return check_text("index from one")
    return None


def kept_a_removable_clue(attempt: Attempt) -> str | None:
    """The puzzle came back unchanged though blanking the cell keeps it unique."""
    puzzle = attempt.case.args[0]
    if attempt.got == puzzle != attempt.case.expected:
        return check_text("kept a removable clue")
    return None
