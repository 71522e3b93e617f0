"""Measuring the search: solve many puzzles, keep one small record per puzzle, summarise them.

Notebooks 04 and 06 measure through this, so a table, a chart and a sentence in the prose all
come from the same numbers. Every solve goes through the public `solve()`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tqdm.auto import tqdm

from .board import BLANK, parse, to_string
from .search import SWITCHES, solve
from .stats import format_seconds


@dataclass(frozen=True)
class Record:
    """What one solve of one puzzle cost; `status` is "solved", "no solution" or "gave up"."""

    name: str
    clues: int
    status: str
    nodes: int
    forced: int
    backtracks: int
    seconds: float

    @property
    def gave_up(self) -> bool:
        """True when the node bound stopped the search: its counts are then lower bounds."""
        return self.status == "gave up"


Step = tuple[str, str, dict[str, bool]]

PRUNING_OFF = dict.fromkeys(SWITCHES["pruned"], False)
"""Every switch of the pruned search off, in the order the course turns them on."""


def pruning_ladder() -> list[Step]:
    """The course's order of improvements: (label, method, switches), each step adding one idea."""
    steps: list[Step] = [("naive", "naive", {})]
    switches = dict(PRUNING_OFF)
    for idea in PRUNING_OFF:
        switches = {**switches, idea: True}
        steps.append((f"+ {idea.replace('_', ' ')}", "pruned", switches))
    return steps


def clue_count(puzzle: object) -> int:
    """How many givens a puzzle has."""
    return sum(ch != BLANK for ch in to_string(puzzle))


def named(puzzles: Mapping[str, object] | Sequence[object]) -> dict[str, object]:
    """Puzzles with names: a mapping is kept, a list is numbered "#1", "#2", ... (1-based)."""
    if isinstance(puzzles, Mapping):
        return dict(puzzles)
    return {f"#{i}": puzzle for i, puzzle in enumerate(puzzles, 1)}


def record_of(
    name: str, puzzle: object, method: str, max_nodes: int | None, **switches: bool
) -> Record:
    """Solve one puzzle through `solve()` and keep what it cost."""
    result = solve(puzzle, method, max_nodes=max_nodes, **switches)
    s = result.stats
    return Record(
        name, clue_count(puzzle), result.status, s.nodes, s.forced, s.backtracks, s.seconds
    )


def measure(
    puzzles: Mapping[str, object] | Sequence[object],
    method: str = "pruned",
    max_nodes: int | None = None,
    progress: bool | str = False,
    **switches: bool,
) -> list[Record]:
    """Solve each puzzle once and keep its record; `progress` (True or a caption) shows a bar."""
    items = named(puzzles).items()
    if progress:
        caption = progress if isinstance(progress, str) else method
        items = tqdm(items, desc=caption, total=len(items))
    return [record_of(name, puzzle, method, max_nodes, **switches) for name, puzzle in items]


def measure_sets(
    sets: Mapping[str, Sequence[object]],
    methods: Sequence[str],
    bounds: Mapping[str, int] | None = None,
    progress: bool = False,
) -> dict[str, dict[str, list[Record]]]:
    """Every method on every set: results[method][set] is a list of records.

    `bounds` gives a node bound per method (a method not named runs unbounded); with `progress`
    one bar counts every solve.
    """
    bounds = bounds or {}
    jobs = [(m, s, name, p) for m in methods for s in sets for name, p in named(sets[s]).items()]
    if progress:
        jobs = tqdm(jobs, desc="solving", total=len(jobs))
    results: dict[str, dict[str, list[Record]]] = {m: {s: [] for s in sets} for m in methods}
    for method, set_name, name, puzzle in jobs:
        results[method][set_name].append(record_of(name, puzzle, method, bounds.get(method)))
    return results


def values(records: Iterable[Record], metric: str = "nodes") -> list[Any]:
    """One field of every record, e.g. values(records, "seconds")."""
    return [getattr(record, metric) for record in records]


def hardest(records: Iterable[Record], metric: str = "nodes") -> Record:
    """The record with the largest value of `metric` (the first of them on a tie)."""
    return max(records, key=lambda record: getattr(record, metric))


def fraction_within(numbers: Iterable[float], limit: float) -> float:
    """The fraction of the numbers that are at most `limit`."""
    numbers = list(numbers)
    return sum(x <= limit for x in numbers) / len(numbers)


def share_of_hardest(numbers: Iterable[float], fraction: float = 0.1) -> float:
    """The share of the total that the largest `fraction` of the numbers account for."""
    ordered = sorted(numbers, reverse=True)
    top = max(1, round(fraction * len(ordered)))
    total = sum(ordered)
    return sum(ordered[:top]) / total if total else 0.0


def summary(records: Sequence[Record]) -> dict[str, Any]:
    """Median and max of nodes and seconds, and how many puzzles were solved."""
    nodes, seconds = values(records, "nodes"), values(records, "seconds")
    return {
        "puzzles": len(records),
        "solved": sum(r.status == "solved" for r in records),
        "median nodes": statistics.median(nodes),
        "max nodes": max(nodes),
        "median time": statistics.median(seconds),
        "total time": sum(seconds),
    }


def count_text(x: float) -> str:
    """A count with thousands separators; a median halfway between two counts keeps its .5."""
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


def format_records(results: Mapping[str, Sequence[Record]]) -> str:
    """A text table, one line per (label, puzzle): nodes, forced, backtracks, then time.

    A search stopped by its node bound shows "> n": it placed n digits and wanted more.
    Times come last and unpadded, so the nbval sanitizer's mask leaves the columns aligned.
    """
    header = f"{'':<18} {'puzzle':<8} {'nodes':>10} {'forced':>8} {'backtracks':>11}   time"
    lines = [header, "-" * len(header)]
    for label, records in results.items():
        for r in records:
            nodes = f"> {r.nodes:,}" if r.gave_up else f"{r.nodes:,}"
            lines.append(
                f"{label:<18} {r.name:<8} {nodes:>10} {r.forced:>8,} {r.backtracks:>11,}   "
                f"{format_seconds(r.seconds)}"
            )
    return "\n".join(lines)


def format_summaries(results: Mapping[str, Sequence[Record]]) -> str:
    """A text table, one line per label: solved, median and max nodes, median and total time."""
    header = f"{'':<22} {'solved':>9} {'median nodes':>13} {'max nodes':>10}   median / total time"
    lines = [header, "-" * len(header)]
    for label, records in results.items():
        s = summary(records)
        solved = f"{s['solved']}/{s['puzzles']}"
        lines.append(
            f"{label:<22} {solved:>9} {count_text(s['median nodes']):>13} "
            f"{count_text(s['max nodes']):>10}   "
            f"{format_seconds(s['median time'])} / {format_seconds(s['total time'])}"
        )
    return "\n".join(lines)


OwnSolver = Callable[[list[list[str]]], tuple[object, int]]
"""A learner's solver, as notebook 04 asks for it: board -> (solution or None, nodes)."""


def measure_solver(
    solver: OwnSolver, puzzles: Mapping[str, object] | Sequence[object]
) -> list[Record]:
    """Solve each puzzle once with a learner's own solver and keep its record, like `measure`.

    The solver reports only its nodes, so `forced` and `backtracks` are 0 in these records; time
    is taken around the call, the same clock as `solve()` uses. A solver that is still a stub
    (raises NotImplementedError) gives no records, so the notebook runs on in the learner's copy.
    """
    records = []
    for name, puzzle in named(puzzles).items():
        start = time.perf_counter()
        try:
            solution, nodes = solver(parse(puzzle))
        except NotImplementedError:
            return []
        seconds = time.perf_counter() - start
        status = "solved" if solution is not None else "no solution"
        records.append(Record(name, clue_count(puzzle), status, nodes, 0, 0, seconds))
    return records
