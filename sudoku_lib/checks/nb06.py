"""Self-checks for notebook 06 (measuring the search): each exercise runs a search and reads it.

Exercises 1-3 and 5 run the learner's own searches (`solve`, naive unless a method is asked for)
on small sets of easy puzzles the naive search finishes within a few thousand nodes, so a check
takes a fraction of a second; the expected answers come from the same searches, run here. The
sets are cut from `easy50` and `top95` and never printed by the notebook. Exercise 4 reads
measured records and made-up ones that hold the awkward cases (ties, all zero).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ..i18n import N_, _
from ..measure import Record, fraction_within, measure, share_of_hardest, values
from ..puzzles import SAMPLE, load_set
from ..search import SolveResult, solve
from ..search.counters import Stats
from ..words import check_text
from .core import Attempt, Case, Report, check_cases

LIBRARY: list[Callable[..., Any]] = [
    statistics.median, statistics.median_low, statistics.median_high, statistics.quantiles
]  # fmt: skip
METHODS = ("naive", "pruned", "fast")


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


NODE_CAP = 20_000
"""Where the checks' own searches stop: every puzzle a case gives the naive search needs at most
6,000 nodes, but a recogniser may ask what the naive search makes of a top95 puzzle, which could
otherwise run on to the search's default bound of a million nodes."""


@cache
def result_of(puzzle: str, method: str = "naive") -> SolveResult:
    """One search of the puzzle, stopped at NODE_CAP nodes (status "gave up" if it got there)."""
    return solve(puzzle, method, max_nodes=NODE_CAP)


def stats_of(puzzle: str, method: str = "naive") -> Stats:
    """The counters of one search of the puzzle."""
    return result_of(puzzle, method).stats


def counts(puzzles: Sequence[str], field: str = "nodes", method: str = "naive") -> list[int]:
    """One counter of each puzzle's search, in the order given."""
    return [getattr(stats_of(p, method), field) for p in puzzles]


def easy(*numbers: int) -> list[str]:
    """Puzzles of easy50 by their number in the set (from 1)."""
    every = load_set("easy50")
    return [every[n - 1] for n in numbers]


def easy_call(function: str, numbers: Sequence[int], *more: object) -> str:
    """How a learner reproduces a case: the call, with the puzzles taken from easy50."""
    puzzles = f"[load_set('easy50')[i - 1] for i in {list(numbers)}]"
    return f"{function}({', '.join([puzzles, *map(repr, more)])})"


# Exercise 1: the median of the naive search's node counts over a few puzzles.

MEDIAN_SETS = {
    N_("five easy50 puzzles"): (1, 2, 5, 8, 18),
    N_("six easy50 puzzles"): (12, 17, 33, 4, 39, 19),
    N_("four easy50 puzzles, two alike"): (8, 1, 16, 36),
    N_("one easy50 puzzle"): (20,),
}


def check_median_nodes(median_nodes: Callable[[list[str]], float]) -> Report:
    """median_nodes(puzzles): the median of the nodes the naive search places on each puzzle."""
    cases = [
        Case(
            name,
            (easy(*numbers),),
            statistics.median(counts(easy(*numbers))),
            easy_call("median_nodes", numbers),
        )
        for name, numbers in MEDIAN_SETS.items()
    ]
    return check_cases(
        N_("the typical puzzle"),
        median_nodes,
        cases,
        library=[*LIBRARY, measure],
        mistakes=[
            median_of_other_method,
            median_of_other_counter,
            whole_number_division,
            not_sorted,
            one_middle_of_two,
            the_mean,
            median_cut_by_a_bound,
        ],
        name="median_nodes",
    )


def median_of_other_method(attempt: Attempt) -> str | None:
    """The median node count of the pruned or fast search (solve's default), not the naive."""
    method = other_method(
        attempt,
        lambda method: statistics.median(counts(attempt.case.args[0], method=method)),
        (easy(10),),
        lambda method: stats_of(easy(10)[0], method).nodes,
    )
    return None if method is None else check_text("not the naive median", method=method)


def other_method(
    attempt: Attempt,
    answer: Callable[[str], object],
    probe: tuple[Any, ...],
    probe_answer: Callable[[str], object],
) -> str | None:
    """The one search other than the naive whose answer the learner's matches: when both the
    fast and the pruned one fit (on easy puzzles both often need 0 nodes), the learner's
    function is tried on `probe`, where they differ."""
    fits = [m for m in ("fast", "pruned") if attempt.got == answer(m) != attempt.case.expected]
    if len(fits) == 2:
        probed = attempt.try_call(*probe)
        fits = [m for m in fits if probed == probe_answer(m)]
    return fits[0] if len(fits) == 1 else None


def median_of_other_counter(attempt: Attempt) -> str | None:
    """The median of another counter of the same searches: backtracks, dead ends, depth."""
    puzzles = attempt.case.args[0]
    for field in ("backtracks", "dead_ends", "max_depth", "forced"):
        if attempt.got == statistics.median(counts(puzzles, field)) != attempt.case.expected:
            return check_text("median of another counter", field=field)
    return None


def median_cut_by_a_bound(attempt: Attempt) -> str | None:
    """The median of counts a node bound cut short (`max_nodes=1000`, as section 3 ran it): the
    answer is the bound itself, where the search gave up on the middle puzzle, and on one puzzle
    that needs more it answers the bound again."""
    got = attempt.got
    capped = cut_by(node_counts(attempt), got)
    if capped is None or statistics.median(capped) != got or got == attempt.case.expected:
        return None
    probe = dearer_than(got)
    if probe is not None and attempt.try_call([probe]) == got:
        return check_text("counts cut by a bound", bound=got)
    return None


def cut_by(counts: list[int], bound: object) -> list[int] | None:
    """The counts a search bounded to `bound` nodes reports, when that bound stops some puzzle."""
    if not isinstance(bound, int) or isinstance(bound, bool) or not 0 < bound < max(counts):
        return None
    return [min(count, bound) for count in counts]


def dearer_than(nodes: int) -> str | None:
    """An easy puzzle the naive search needs more than `nodes` nodes for: easy50 #20 (1,824
    nodes) or #10 (5,327); None past those."""
    return next((p for p in easy(20, 10) if stats_of(p).nodes > nodes), None)


def node_counts(attempt: Attempt) -> list[int]:
    """The naive search's node counts on the attempt's puzzles, in the order given."""
    return counts(attempt.case.args[0])


def whole_number_division(attempt: Attempt) -> str | None:
    """The mean of the two middle numbers rounded down: // where / was meant."""
    expected, got = attempt.case.expected, attempt.got
    if isinstance(got, int | float) and expected != int(expected) and got == expected // 1:
        ordered = sorted(node_counts(attempt))
        half = len(ordered) // 2
        low, high = ordered[half - 1], ordered[half]
        return check_text("whole number division", low=low, high=high, mean=expected)
    return None


def not_sorted(attempt: Attempt) -> str | None:
    """The middle of the node counts as the puzzles came, not of the sorted counts."""
    xs = node_counts(attempt)
    n = len(xs)
    unsorted = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return check_text("not sorted") if attempt.got == unsorted != attempt.case.expected else None


def one_middle_of_two(attempt: Attempt) -> str | None:
    """For an even count, one of the two middle values instead of their mean."""
    ordered = sorted(node_counts(attempt))
    n = len(ordered)
    if n % 2 == 0 and attempt.got in (ordered[n // 2 - 1], ordered[n // 2]):
        return check_text("one middle of two")
    return None


def the_mean(attempt: Attempt) -> str | None:
    """The mean, which a heavy tail drags up."""
    xs = node_counts(attempt)
    if isinstance(attempt.got, int | float) and abs(attempt.got - statistics.mean(xs)) < 1e-6:
        return check_text("the mean")
    return None


# Exercise 2: the puzzle a given search needs the most nodes for.

HARDEST_CASES = [
    (N_("six easy50 puzzles, naive search"), "easy50", (1, 7, 10, 42, 47, 49), "naive"),
    (N_("the same six, pruned search"), "easy50", (1, 7, 10, 42, 47, 49), "pruned"),
    (N_("the same six, fast solver (four tie)"), "easy50", (1, 7, 10, 42, 47, 49), "fast"),
    (N_("four easy50 puzzles, naive search"), "easy50", (8, 5, 1, 2), "naive"),
    (
        N_("three easy50 puzzles the pruned search solves without a guess"),
        "easy50",
        (1, 2, 4),
        "pruned",
    ),
    (N_("four top95 puzzles, fast solver"), "top95", (5, 7, 11, 12), "fast"),
]


def named(set_name: str, numbers: Sequence[int]) -> dict[str, str]:
    """Puzzles of a bundled set by their number in it, named as the notebook names them."""
    every = load_set(set_name)
    return {f"{set_name} #{n}": every[n - 1] for n in numbers}


def most_nodes(puzzles: dict[str, str], method: str) -> str:
    """The name of the puzzle the method needs the most nodes for (the first, on a tie)."""
    return max(puzzles, key=lambda name: stats_of(puzzles[name], method).nodes)


def check_hardest_for(hardest_for: Callable[[dict[str, str], str], str]) -> Report:
    """hardest_for(puzzles, method): the name of the puzzle that search needs the most nodes for."""
    cases = []
    for name, set_name, numbers, method in HARDEST_CASES:
        puzzles = named(set_name, numbers)
        shown = (
            f"hardest_for({{f'{set_name} #{{i}}': load_set('{set_name}')[i - 1] "
            f"for i in {list(numbers)}}}, {method!r})"
        )
        cases.append(Case(name, (puzzles, method), most_nodes(puzzles, method), shown))
    return check_cases(
        N_("hard for whom"),
        hardest_for,
        cases,
        library=[*LIBRARY, measure],
        mistakes=[
            started_from_none,
            nothing_beat_zero,
            answered_the_puzzle,
            answered_the_count,
            last_of_a_tie,
            fewest_nodes,
            method_ignored,
            fewest_clues,
        ],
        name="hardest_for",
    )


def started_from_none(attempt: Attempt) -> str | None:
    """A TypeError comparing with None: `best = None`, then `nodes > best`."""
    error = attempt.error
    if isinstance(error, TypeError | AttributeError) and "NoneType" in str(error):
        return check_text("most starts as None")
    return None


def nothing_beat_zero(attempt: Attempt) -> str | None:
    """None when every puzzle needed 0 nodes: the best so far started with 0 nodes and no
    puzzle needed more."""
    puzzles, method = attempt.case.args
    if attempt.got is None and all(stats_of(p, method).nodes == 0 for p in puzzles.values()):
        return check_text("no puzzle beat zero")
    return None


def answered_the_puzzle(attempt: Attempt) -> str | None:
    """The puzzle's 81 characters, not its name."""
    puzzles = attempt.case.args[0]
    return check_text("puzzle not name") if attempt.got in puzzles.values() else None


def answered_the_count(attempt: Attempt) -> str | None:
    """The most nodes (a number), not the puzzle's name."""
    if isinstance(attempt.got, int) and not isinstance(attempt.got, bool):
        return check_text("count not name")
    return None


def nodes_by_name(attempt: Attempt) -> dict[str, int]:
    """Each puzzle's name in the case, with the nodes the case's search needs for it."""
    puzzles, method = attempt.case.args
    return {name: stats_of(p, method).nodes for name, p in puzzles.items()}


def last_of_a_tie(attempt: Attempt) -> str | None:
    """Another puzzle with as many nodes: the tie went to a later one, not the first."""
    nodes = nodes_by_name(attempt)
    tied = [name for name, n in nodes.items() if n == max(nodes.values())]
    return check_text("hardest tie") if attempt.got in tied[1:] else None


def fewest_nodes(attempt: Attempt) -> str | None:
    """The puzzle with the fewest nodes: min where max was meant."""
    nodes = nodes_by_name(attempt)
    fewest = min(nodes.values())
    if nodes.get(attempt.got) == fewest < max(nodes.values()):
        return check_text("fewest not most")
    return None


def method_ignored(attempt: Attempt) -> str | None:
    """The hardest puzzle of another search: the method asked for was not passed to solve."""
    puzzles, method = attempt.case.args
    for other in METHODS:
        finished = all(result_of(p, other).status == "solved" for p in puzzles.values())
        if other == method or not finished:
            continue
        if attempt.got == most_nodes(puzzles, other) != attempt.case.expected:
            return check_text("method not passed", method=method, other=other)
    return None


def fewest_clues(attempt: Attempt) -> str | None:
    """The puzzle with the most blanks: guessed from the clues instead of measured."""
    puzzles = attempt.case.args[0]
    most_blanks = max(puzzles, key=lambda name: puzzles[name].count("."))
    if attempt.got == most_blanks != attempt.case.expected:
        return check_text("fewest clues not most nodes")
    return None


# Exercise 3: the least node bound within which a fraction of the puzzles finish.

BOUND_SETS = [
    (N_("ten easy50 puzzles"), (1, 2, 4, 5, 7, 8, 10, 12, 16, 17), (0.25, 0.5, 0.9, 1.0)),
    (N_("three easy50 puzzles"), (18, 19, 20), (0.5, 0.9)),
    (N_("one easy50 puzzle"), (21,), (0.9,)),
]


def smallest_covering(numbers: Sequence[float], fraction: float) -> float:
    """By definition: the least of the numbers n with fraction_within(numbers, n) >= fraction."""
    return min(n for n in numbers if fraction_within(numbers, n) >= fraction)


def check_bound_for(bound_for: Callable[[list[str], float], int]) -> Report:
    """bound_for(puzzles, fraction): the least node bound within which the naive search finishes
    at least that fraction of the puzzles."""
    cases = [
        Case(
            _("{case}, fraction {fraction}").format(case=_(name), fraction=fraction),
            (easy(*numbers), fraction),
            smallest_covering(counts(easy(*numbers)), fraction),
            easy_call("bound_for", numbers, fraction),
        )
        for name, numbers, fractions in BOUND_SETS
        for fraction in fractions
    ]
    return check_cases(
        N_("a bound for most puzzles"),
        bound_for,
        cases,
        library=[*LIBRARY, measure, fraction_within],
        mistakes=[
            bound_of_other_method,
            bound_one_off,
            walked_unsorted,
            one_place_too_far,
            position_not_value,
            bound_cut_by_a_bound,
        ],
        name="bound_for",
    )


def bound_of_other_method(attempt: Attempt) -> str | None:
    """The bound the pruned or fast search would need: not the naive search's."""
    puzzles, fraction = attempt.case.args
    ten = easy(*BOUND_SETS[0][1])  # nine in ten finish within 1 node pruned, within 2 fast
    method = other_method(
        attempt,
        lambda method: smallest_covering(counts(puzzles, method=method), fraction),
        (ten, 0.9),
        lambda method: smallest_covering(counts(ten, method=method), 0.9),
    )
    return None if method is None else check_text("bound of another search", method=method)


def bound_cut_by_a_bound(attempt: Attempt) -> str | None:
    """Counts a node bound cut short: the answer is the bound the learner's search ran under."""
    puzzles, fraction = attempt.case.args
    got = attempt.got
    capped = cut_by(counts(puzzles), got)
    if capped is None or smallest_covering(capped, fraction) != got:
        return None
    probe = dearer_than(got)
    if probe is not None and attempt.try_call([probe], 1.0) == got:
        return check_text("counts cut by a bound", bound=got)
    return None


def bound_one_off(attempt: Attempt) -> str | None:
    """One more or one less than the bound: a puzzle that needs n nodes finishes within a bound
    of n (max_nodes=n), and no fewer."""
    expected, got = attempt.case.expected, attempt.got
    if got == expected + 1:
        return check_text("bound one too many", nodes=expected)
    if got == expected - 1:
        return check_text("bound one too few", nodes=expected, bound=got)
    return None


def walked_unsorted(attempt: Attempt) -> str | None:
    """The node count found by walking the puzzles as given, not sorted by their counts."""
    numbers, fraction = counts(attempt.case.args[0]), attempt.case.args[1]
    if attempt.got == walk(numbers, fraction) != attempt.case.expected:
        return check_text("walked unsorted")
    return None


def walk(numbers: Sequence[float], fraction: float) -> float:
    """The first number, in the order given, by which that fraction of the list has passed."""
    return next(
        (n for i, n in enumerate(numbers) if (i + 1) / len(numbers) >= fraction), numbers[-1]
    )


def one_place_too_far(attempt: Attempt) -> str | None:
    """The next count up in the sorted list: the position was counted one too far."""
    ordered = sorted(set(counts(attempt.case.args[0])))
    expected = attempt.case.expected
    following = ordered.index(expected) + 1 if expected in ordered else len(ordered)
    if following < len(ordered) and attempt.got == ordered[following]:
        return check_text("one place too far")
    return None


def position_not_value(attempt: Attempt) -> str | None:
    """The position of the answer in the sorted counts (from 0 or from 1), not the count there."""
    ordered = sorted(counts(attempt.case.args[0]))
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
        name="hardest_share",
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
        name="stopped_share",
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
