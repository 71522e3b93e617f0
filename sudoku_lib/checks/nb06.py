"""Self-checks for notebook 06 (measuring the search): a median, the hardest puzzle, a percentile.

The expected answers come from the standard library and from `sudoku_lib.measure`, on node
counts the library measures itself.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from functools import cache

from ..measure import Record, fraction_within, hardest, measure, values
from ..puzzles import SAMPLE, load_set
from .core import Case, Report, check_cases


@cache
def sample_records() -> dict[str, list[Record]]:
    """Small, quick sets of measured puzzles: real node counts from the pruned search (cached)."""
    return {
        "the first 6 of top95": measure(load_set("top95")[:6]),
        "4 of hardest375": measure(load_set("hardest375")[1:5]),
        "the sample alone": measure({"SAMPLE": SAMPLE}, "naive"),
    }


def number_lists() -> dict[str, list[float]]:
    """Lists of numbers to summarise: made up, and measured."""
    lists: dict[str, list[float]] = {
        "[3, 1, 2]": [3, 1, 2],
        "[4, 1, 3, 2]": [4, 1, 3, 2],
        "[7]": [7],
        "[0, 0, 5, 1000]": [0, 0, 5, 1000],
    }
    for name, records in sample_records().items():
        lists[f"the nodes of {name}"] = values(records, "nodes")
    return lists


def check_median(median: Callable[[list[float]], float]) -> Report:
    """median(numbers): the middle value; for an even count, the mean of the two middle ones."""
    cases = [Case(name, (xs,), statistics.median(xs)) for name, xs in number_lists().items()]
    return check_cases("median", median, cases)


def check_hardest(hardest_name: Callable[[list[Record]], str]) -> Report:
    """hardest_name(records): the name of the record with the most nodes (the first, on a tie)."""
    cases = [
        Case(name, (records,), hardest(records).name) for name, records in sample_records().items()
    ]
    return check_cases("hardest puzzle", hardest_name, cases)


def smallest_covering(numbers: Sequence[float], fraction: float) -> float:
    """By definition: the least of the numbers n with fraction_within(numbers, n) >= fraction."""
    return min(n for n in numbers if fraction_within(numbers, n) >= fraction)


def check_nodes_for(nodes_for: Callable[[list[float], float], float]) -> Report:
    """nodes_for(numbers, fraction): the smallest n such that that fraction of numbers is <= n."""
    cases = [
        Case(f"{name}, fraction {fraction}", (xs, fraction), smallest_covering(xs, fraction))
        for name, xs in number_lists().items()
        for fraction in (0.5, 0.9, 1.0)
    ]
    return check_cases("nodes for a fraction of the puzzles", nodes_for, cases)
