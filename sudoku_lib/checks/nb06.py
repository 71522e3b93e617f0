"""Self-checks for notebook 06 (measuring the search): a median, the hardest puzzle, a percentile.

The expected answers come from the standard library and from `sudoku_lib.measure`, on node
counts the library measures itself, plus made-up lists that hold the awkward cases (an even
count, an unsorted list, ties).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ..i18n import N_, _
from ..measure import Record, fraction_within, hardest, measure, share_of_hardest, values
from ..puzzles import SAMPLE, load_set
from ..search import solve
from ..words import check_text
from .core import Attempt, Case, Report, check_cases

LIBRARY: list[Callable[..., Any]] = [
    statistics.median, statistics.median_low, statistics.median_high, statistics.quantiles
]  # fmt: skip


def made_up(*nodes: int) -> list[Record]:
    """Records named a, b, c, ... with these node counts (for ties that real sets may lack)."""
    return [
        Record(
            name=chr(ord("a") + i),
            clues=25,
            status="solved",
            nodes=n,
            forced=0,
            backtracks=0,
            seconds=0.001,
        )
        for i, n in enumerate(nodes)
    ]


@cache
def sample_records() -> dict[str, list[Record]]:
    """Small sets of measured puzzles: real node counts, named by their number in the set."""
    top95 = {f"top95 #{i}": p for i, p in enumerate(load_set("top95")[:8], 1)}
    hardest375 = {f"hardest375 #{i}": p for i, p in enumerate(load_set("hardest375")[:4], 1)}
    return {
        N_("the first 8 of top95, fast solver"): measure(top95, "fast"),
        N_("the first 4 of hardest375, fast solver"): measure(hardest375, "fast"),
        N_("the sample alone, naive search"): measure({"SAMPLE": SAMPLE}, "naive"),
    }


def number_lists() -> dict[str, list[float]]:
    """Lists of numbers to summarise: made up, and measured."""
    lists: dict[str, list[float]] = {
        "[3, 1, 2]": [3, 1, 2],
        "[4, 1, 3, 2]": [4, 1, 3, 2],
        "[7]": [7],
        "[0, 0, 5, 1000]": [0, 0, 5, 1000],
        "[9, 2, 7, 4, 1, 8]": [9, 2, 7, 4, 1, 8],
    }
    for name, records in sample_records().items():
        lists[_("the nodes of {records}").format(records=_(name))] = values(records, "nodes")
    return lists


def check_median(median: Callable[[list[float]], float]) -> Report:
    """median(numbers): the middle value; for an even count, the mean of the two middle ones."""
    cases = [Case(name, (xs,), statistics.median(xs)) for name, xs in number_lists().items()]
    return check_cases(
        N_("median"),
        median,
        cases,
        library=LIBRARY,
        mistakes=[whole_number_division, not_sorted, one_middle_of_two, the_mean],
    )


def whole_number_division(attempt: Attempt) -> str | None:
    """The mean of the two middle numbers rounded down: // where / was meant."""
    expected, got = attempt.case.expected, attempt.got
    if isinstance(got, int | float) and expected != int(expected) and got == expected // 1:
        ordered = sorted(attempt.case.args[0])
        middle = len(ordered) // 2
        low, high = ordered[middle - 1], ordered[middle]
        return check_text("whole number division", low=low, high=high, mean=expected)
    return None


def not_sorted(attempt: Attempt) -> str | None:
    """The middle of the list as given, not of the sorted list."""
    (xs,) = attempt.case.args
    n = len(xs)
    unsorted = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return check_text("not sorted") if attempt.got == unsorted != attempt.case.expected else None


def one_middle_of_two(attempt: Attempt) -> str | None:
    """For an even count, one of the two middle values instead of their mean."""
    ordered = sorted(attempt.case.args[0])
    n = len(ordered)
    if n % 2 == 0 and attempt.got in (ordered[n // 2 - 1], ordered[n // 2]):
        return check_text("one middle of two")
    return None


def the_mean(attempt: Attempt) -> str | None:
    """The mean, which a heavy tail drags up."""
    xs = attempt.case.args[0]
    return check_text("the mean") if attempt.got == statistics.mean(xs) else None


def record_sets() -> dict[str, list[Record]]:
    """Measured records, and made-up ones with ties for the most nodes."""
    return {
        **sample_records(),
        N_("made up: b and c tie for the most"): made_up(5, 9, 9, 2),
        N_("made up: all four tie"): made_up(3, 3, 3, 3),
        N_("made up: the last is hardest"): made_up(1, 2, 3, 40),
        N_("made up: every puzzle needed 0 nodes"): made_up(0, 0, 0),
    }


def check_hardest(hardest_name: Callable[[list[Record]], str]) -> Report:
    """hardest_name(records): the name of the record with the most nodes (the first, on a tie)."""
    cases = [Case(name, (rs,), hardest(rs).name) for name, rs in record_sets().items()]
    return check_cases(
        N_("hardest puzzle"),
        hardest_name,
        cases,
        library=[hardest],
        mistakes=[
            started_from_none,
            nothing_beat_zero,
            record_not_name,
            last_of_a_tie,
            fewest_nodes,
        ],
    )


def started_from_none(attempt: Attempt) -> str | None:
    """AttributeError on None: `best = None`, then `best.nodes` in the first comparison."""
    error = attempt.error
    if isinstance(error, AttributeError) and "NoneType" in str(error):
        return check_text("best starts as None")
    return None


def nothing_beat_zero(attempt: Attempt) -> str | None:
    """None when every record needed 0 nodes: the best so far started as None with 0 nodes, and
    no record has more than 0."""
    records = attempt.case.args[0]
    if attempt.got is None and all(r.nodes == 0 for r in records):
        return check_text("nothing beat zero")
    return None


def record_not_name(attempt: Attempt) -> str | None:
    """The whole record came back instead of its name."""
    return check_text("record not name") if isinstance(attempt.got, Record) else None


def last_of_a_tie(attempt: Attempt) -> str | None:
    """Another record with as many nodes: the tie went to a later one, not the first."""
    records = attempt.case.args[0]
    most = max(r.nodes for r in records)
    tied = [r.name for r in records if r.nodes == most]
    return check_text("hardest tie") if attempt.got in tied[1:] else None


def fewest_nodes(attempt: Attempt) -> str | None:
    """The record with the fewest nodes: min where max was meant."""
    records = attempt.case.args[0]
    fewest = min(r.nodes for r in records)
    names = [r.name for r in records if r.nodes == fewest]
    if attempt.got in names and fewest < max(r.nodes for r in records):
        return check_text("fewest not most")
    return None


def smallest_covering(numbers: Sequence[float], fraction: float) -> float:
    """By definition: the least of the numbers n with fraction_within(numbers, n) >= fraction."""
    return min(n for n in numbers if fraction_within(numbers, n) >= fraction)


def check_nodes_for(nodes_for: Callable[[list[float], float], float]) -> Report:
    """nodes_for(numbers, fraction): the smallest n such that that fraction of numbers is <= n."""
    cases = [
        Case(
            _("{case}, fraction {fraction}").format(case=_(name), fraction=fraction),
            (xs, fraction),
            smallest_covering(xs, fraction),
        )
        for name, xs in number_lists().items()
        for fraction in (0.5, 0.9, 1.0)
    ]
    return check_cases(
        N_("nodes for a fraction of the puzzles"),
        nodes_for,
        cases,
        library=[*LIBRARY, fraction_within],
        mistakes=[walked_unsorted, one_place_too_far, position_not_value],
    )


def walked_unsorted(attempt: Attempt) -> str | None:
    """The number found by walking the list as given, not sorted: here, and on a list where
    that walk gives neither the answer nor a position (20 and 2 for the half of [30, 10, 20, 40],
    where the walk gives 10)."""
    numbers, fraction = attempt.case.args
    if attempt.got == walk(numbers, fraction) != attempt.case.expected and attempt.try_call(
        [30, 10, 20, 40], 0.5
    ) == walk([30, 10, 20, 40], 0.5):
        return check_text("walked unsorted")
    return None


def walk(numbers: Sequence[float], fraction: float) -> float:
    """The first number, in the order given, by which that fraction of the list has passed."""
    return next(
        (n for i, n in enumerate(numbers) if (i + 1) / len(numbers) >= fraction), numbers[-1]
    )


def one_place_too_far(attempt: Attempt) -> str | None:
    """The next value up in the sorted list: the position was counted one too far."""
    ordered = sorted(set(attempt.case.args[0]))
    expected = attempt.case.expected
    following = ordered.index(expected) + 1 if expected in ordered else len(ordered)
    if following < len(ordered) and attempt.got == ordered[following]:
        return check_text("one place too far")
    return None


def position_not_value(attempt: Attempt) -> str | None:
    """The position of the answer in the sorted list (counted from 0 or from 1), not the number
    found there."""
    ordered = sorted(attempt.case.args[0])
    expected, got = attempt.case.expected, attempt.got
    if expected not in ordered or not isinstance(got, int) or got == expected:
        return None
    where = ordered.index(expected)
    return check_text("position not value") if got in (where, where + 1) else None


# Exercise 4: the share of all the nodes that the hardest puzzles take (the heavy tail, measured).


def share_sets() -> dict[str, list[Record]]:
    """Measured records, and made-up ones whose order hides the hardest (not first, not last)."""
    return {
        N_("made up: hardest in the middle"): made_up(4, 1, 90, 3, 2),
        N_("made up: twenty puzzles"): made_up(*[1] * 9, 300, *[2] * 10),
        N_("made up: no puzzle needed a guess"): made_up(0, 0, 0, 0),
        **sample_records(),
    }


def check_hardest_share(share: Callable[[list[Record], float], float]) -> Report:
    """share(records, fraction): the share of all nodes the hardest `fraction` of puzzles take."""
    cases = [
        Case(
            _("{case}, fraction {fraction}").format(case=_(name), fraction=fraction),
            (records, fraction),
            share_of_hardest(values(records, "nodes"), fraction),
        )
        for name, records in share_sets().items()
        for fraction in (0.05, 0.25, 0.5)
    ]
    return check_cases(
        N_("share of the hardest"),
        share,
        cases,
        same=lambda got, want: isinstance(got, int | float) and abs(got - want) < 1e-9,
        library=[share_of_hardest],
        mistakes=[
            all_zero_divided,
            share_as_percent,
            share_not_sorted,
            share_of_easiest,
            share_no_puzzle,
        ],
    )


def share_with(records: list[Record], fraction: float, order: str) -> float:
    """The share a learner gets taking the records as listed, or sorted easiest first."""
    nodes = values(records, "nodes")
    if order == "easiest":
        nodes = sorted(nodes)
    top = max(1, round(fraction * len(nodes)))
    total = sum(nodes)
    return sum(nodes[:top]) / total if total else 0.0


def all_zero_divided(attempt: Attempt) -> str | None:
    """A division by zero (or NaN) where every count is 0: the hint's 0.0 was not returned."""
    records, _fraction = attempt.case.args
    if any(record.nodes for record in records):
        return None
    got = attempt.got
    if isinstance(attempt.error, ZeroDivisionError) or (isinstance(got, float) and got != got):
        return check_text("share all zero")
    return None


def share_as_percent(attempt: Attempt) -> str | None:
    """100 times the share: a percentage where a fraction of 1 was asked for."""
    got, expected = attempt.got, attempt.case.expected
    if isinstance(got, int | float) and expected and abs(got - 100 * expected) < 1e-6:
        return check_text("share as percent")
    return None


def share_not_sorted(attempt: Attempt) -> str | None:
    """The first puzzles as listed: the records were not sorted, hardest first."""
    records, fraction = attempt.case.args
    if attempt.got == share_with(records, fraction, "listed") != attempt.case.expected:
        return check_text("share not sorted")
    return None


def share_of_easiest(attempt: Attempt) -> str | None:
    """Sorted the wrong way round: the easiest puzzles' share."""
    records, fraction = attempt.case.args
    if attempt.got == share_with(records, fraction, "easiest") != attempt.case.expected:
        return check_text("share of easiest")
    return None


def share_no_puzzle(attempt: Attempt) -> str | None:
    """0 (or a division by zero) where the fraction of the puzzles rounds to none at all."""
    records, fraction = attempt.case.args
    too_few = int(fraction * len(records)) == 0
    if too_few and (attempt.got == 0 or isinstance(attempt.error, ZeroDivisionError)):
        return check_text("share no puzzle", count=len(records), fraction=fraction)
    return None


# Exercise 5: a node bound chosen from the heavy tail, and the share of puzzles it stops, measured
# by the learner's own runs of the naive search.

STOP_PUZZLES = load_set("easy50")[:8]
"""Eight easy puzzles: the naive search solves some within a few hundred nodes and gives up on
others long after (the heavy tail, in small)."""
STOP_CASES = [
    (N_("eight easy50 puzzles, bound 50"), STOP_PUZZLES, 50),
    (N_("eight easy50 puzzles, bound 200"), STOP_PUZZLES, 200),
    (N_("eight easy50 puzzles, bound 1,000"), STOP_PUZZLES, 1000),
    (N_("the sample alone, bound 5,000"), [SAMPLE], 5000),
    (N_("no puzzles at all"), [], 100),
]


def stopped_share_of(puzzles: Sequence[str], bound: int, method: str = "naive") -> float:
    """The share of the puzzles the search gives up on within `bound` nodes (0.0 for none)."""
    stopped = [solve(p, method, max_nodes=bound).status == "gave up" for p in puzzles]
    return sum(stopped) / len(stopped) if stopped else 0.0


def check_stopped_share(stopped_share: Callable[[list[str], int], float]) -> Report:
    """stopped_share(puzzles, bound): the share of the puzzles the naive search, bounded to
    `bound` nodes, gives up on."""
    cases = [
        Case(_(name), (list(puzzles), bound), stopped_share_of(puzzles, bound))
        for name, puzzles, bound in STOP_CASES
    ]
    return check_cases(
        N_("share stopped by a bound"),
        stopped_share,
        cases,
        same=lambda got, want: isinstance(got, int | float) and abs(got - want) < 1e-9,
        library=[measure, fraction_within, *LIBRARY],
        mistakes=[
            empty_list_divided,
            default_method,
            share_solved,
            stopped_counted,
            share_as_percent,
            stopped_read_off_nodes,
        ],
    )


def empty_list_divided(attempt: Attempt) -> str | None:
    """A division by zero on an empty list of puzzles."""
    if not attempt.case.args[0] and isinstance(attempt.error, ZeroDivisionError):
        return check_text("no puzzles no share")
    return None


def share_solved(attempt: Attempt) -> str | None:
    """The share the search finished, not the share it gave up on."""
    puzzles = attempt.case.args[0]
    if not (puzzles and attempt.got == 1 - attempt.case.expected != attempt.case.expected):
        return None
    middle = 1 - stopped_share_of(STOP_PUZZLES, CONFIRMING_BOUND)
    if attempt.try_call(list(STOP_PUZZLES), CONFIRMING_BOUND) == middle:
        return check_text("share solved not stopped")
    return None


CONFIRMING_BOUND = 200
"""A bound at which the eight puzzles split (some stopped, some solved, none stopped by the
fast solver), so an answer that agrees with one wrong reading at 50 or 1,000 nodes by chance
is told apart from another there."""


def stopped_counted(attempt: Attempt) -> str | None:
    """How many were stopped, not what share of the puzzles."""
    puzzles = attempt.case.args[0]
    expected = attempt.case.expected
    if len(puzzles) > 1 and expected and attempt.got == round(expected * len(puzzles)):
        return check_text("count not share", count=len(puzzles))
    return None


def default_method(attempt: Attempt) -> str | None:
    """solve's default method (fast) or another, not the naive search."""
    puzzles, bound = attempt.case.args
    for method in ("fast", "pruned"):
        if attempt.got != stopped_share_of(puzzles, bound, method) or attempt.got == (
            attempt.case.expected
        ):
            continue
        middle = stopped_share_of(STOP_PUZZLES, CONFIRMING_BOUND, method)
        if attempt.try_call(list(STOP_PUZZLES), CONFIRMING_BOUND) == middle:
            return check_text("not the naive search", method=method)
    return None


def stopped_read_off_nodes(attempt: Attempt) -> str | None:
    """A puzzle counted as stopped because its node count reached the bound: one solved with
    exactly `bound` nodes is not stopped (its status is "solved")."""
    puzzles, bound = attempt.case.args
    if not puzzles:
        return None
    reached = [solve(p, "naive", max_nodes=bound).stats.nodes >= bound for p in puzzles]
    if attempt.got == sum(reached) / len(reached) != attempt.case.expected:
        return check_text("stopped by status")
    return None
