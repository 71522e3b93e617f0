"""Measuring the search: solve many puzzles, keep one small record per puzzle, summarise them.

Notebooks 04 and 06 measure through `record_of`, and the benchmark (bench.py) keeps its
records through the same `record_from`, so a table, a chart, the README's performance table and
a sentence in the prose come from the same kind of record. Every solve goes through the public
`solve()`.

What "time" means in the notebooks: `Record.seconds` is `result.stats.seconds`, the running time
of the search itself, from the strategy's first step to its last. Parsing the puzzle and refusing
clashing givens come before it and are left out: they cost every method the same (about 15 µs a
puzzle given as text), so leaving them out lets a ratio compare the searches, and it is the
figure `solve()` already reports to a learner and the command line prints. The benchmark, a tool
for the machine rather than the learner, times the whole `solve()` call in CPU time instead.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from tqdm.auto import tqdm

if sys.platform == "emscripten":  # a browser's Python: JupyterLite's Pyodide kernel
    # tqdm.auto takes that kernel for a terminal and would write a text bar to stderr, where a
    # notebook shows it as an error; the widget bar is the one a notebook shows. Its monitor
    # would need a thread, which Pyodide cannot start: without it a bar still updates.
    from tqdm.notebook import tqdm  # type: ignore[no-redef]

    tqdm.monitor_interval = 0

from .board import BLANK, flatten, parse, to_string
from .i18n import N_, _
from .search import SWITCHES, SolveResult, solve
from .stats import format_seconds
from .words import is_wide, series_name


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
    solution: str = field(default="", repr=False, compare=False)
    """The solution found, as 81 (or 16, 256) characters; "" when there is none. Kept so the
    benchmark can check that every method found the same one."""

    @property
    def gave_up(self) -> bool:
        """True when the node bound stopped the search: its counts are then lower bounds."""
        return self.status == "gave up"


Results = Mapping[str, Sequence[Record]]
"""Measured series, as the charts take them: a label (a strategy, a pruning step, a puzzle set)
and its records."""


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
    """Solve one puzzle through `solve()` and keep what it cost (time: the search's own)."""
    result = solve(puzzle, method=method, max_nodes=max_nodes, listener=None, **switches)
    return record_from(name, puzzle, result, result.stats.seconds)


def record_from(name: str, puzzle: object, result: SolveResult, seconds: float) -> Record:
    """The record of one solve already done, with the time it is to be known by."""
    s = result.stats
    found = "" if result.solution is None else flatten(result.solution)
    return Record(
        name, clue_count(puzzle), result.status, s.nodes, s.forced, s.backtracks, seconds, found
    )


def measure(
    puzzles: Mapping[str, object] | Sequence[object],
    method: str = "pruned",
    max_nodes: int | None = None,
    progress: bool | str = False,
    **switches: bool,
) -> list[Record]:
    """Solve each puzzle once and keep its record; `progress` (True or a caption) shows a bar."""
    items: Iterable[tuple[str, object]] = named(puzzles).items()
    if progress:
        caption = progress if isinstance(progress, str) else method
        items = tqdm(items, desc=caption, total=len(puzzles))
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
    jobs: Iterable[tuple[str, str, str, object]] = [
        (m, s, name, p) for m in methods for s in sets for name, p in named(sets[s]).items()
    ]
    if progress:
        jobs = tqdm(jobs, desc=_("solving"), total=len(methods) * sum(map(len, sets.values())))
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


def pooled(sets: Mapping[str, Sequence[Record]]) -> list[Record]:
    """The records of every set in one list, set after set (one method's `results[method]`)."""
    return [record for records in sets.values() for record in records]


def with_pooled(sets: Mapping[str, Sequence[Record]], label: str) -> dict[str, list[Record]]:
    """The sets, and after them all their records together under `label` (for a chart)."""
    return {**{name: list(records) for name, records in sets.items()}, label: pooled(sets)}


def by_method_and_set(
    results: Mapping[str, Mapping[str, Sequence[Record]]],
) -> dict[str, Sequence[Record]]:
    """`measure_sets`'s results[method][set] as one level, labelled "method · set"."""
    return {f"{m} · {s}": rs for m, sets in results.items() for s, rs in sets.items()}


T = TypeVar("T")


@dataclass(frozen=True)
class Column(Generic[T]):
    """One column of a text table: its title, how to show an item in it, and its alignment.

    `width` is the least width (a column grows to fit its title and cells); `gap` is what
    separates it from the column before.
    """

    title: str
    cell: Callable[[T], str]
    align: Literal["<", ">"] = ">"
    width: int = 0
    gap: str = " "


def format_rows(items: Sequence[T], columns: Sequence[Column[T]]) -> str:
    """The one table formatter of the course: a header, a rule, and a line per item. Titles are
    said in the language chosen, and Chinese characters count two columns wide, so a Chinese
    table lines up too.

    Lines carry no trailing spaces, so a left-aligned last column (the times, in the notebooks'
    tables) stays unpadded and the nbval sanitizer's mask cannot shift the other columns.
    """
    titles = [_(column.title) if column.title else "" for column in columns]
    cells = [[column.cell(item) for column in columns] for item in items]
    widths = [
        max([column.width, shown_width(titles[i])] + [shown_width(row[i]) for row in cells])
        for i, column in enumerate(columns)
    ]

    def line(values: Sequence[str]) -> str:
        parts = [
            (column.gap if i else "") + padded(value, widths[i], column.align)
            for i, (column, value) in enumerate(zip(columns, values, strict=True))
        ]
        return "".join(parts).rstrip()

    header = line(titles)
    return "\n".join([header, "-" * shown_width(header)] + [line(row) for row in cells])


def shown_width(text: str) -> int:
    """How many columns `text` takes in a monospace font: a Chinese character takes two."""
    return sum(2 if is_wide(char) else 1 for char in text)


def padded(text: str, width: int, align: Literal["<", ">"]) -> str:
    """`text` padded with spaces to `width` columns, on the right ("<") or the left (">")."""
    room = " " * max(0, width - shown_width(text))
    return text + room if align == "<" else room + text


def count_text(x: float) -> str:
    """A count with thousands separators; a median halfway between two counts keeps its .5."""
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


Labelled = tuple[str, Record]
RECORD_COLUMNS: tuple[Column[Labelled], ...] = (
    Column("", lambda item: series_name(item[0]), "<", width=18),
    Column(N_("puzzle"), lambda item: item[1].name, "<", width=8),
    Column(
        N_("nodes"),
        lambda item: f"> {item[1].nodes:,}" if item[1].gave_up else f"{item[1].nodes:,}",
        width=10,
    ),
    Column(N_("forced"), lambda item: f"{item[1].forced:,}", width=8),
    Column(N_("backtracks"), lambda item: f"{item[1].backtracks:,}", width=11),
    Column(N_("time"), lambda item: format_seconds(item[1].seconds), "<", gap="   "),
)


def format_records(results: Mapping[str, Sequence[Record]]) -> str:
    """A text table, one line per (label, puzzle): nodes, forced, backtracks, then time.

    A search stopped by its node bound shows "> n": it placed n digits and wanted more.
    Times come last and unpadded, so the nbval sanitizer's mask leaves the columns aligned.
    """
    items = [(label, record) for label, records in results.items() for record in records]
    return format_rows(items, RECORD_COLUMNS)


Summarised = tuple[str, dict[str, Any]]
SUMMARY_COLUMNS: tuple[Column[Summarised], ...] = (
    Column("", lambda item: series_name(item[0]), "<", width=22),
    Column(N_("solved"), lambda item: f"{item[1]['solved']}/{item[1]['puzzles']}", width=9),
    Column(N_("median nodes"), lambda item: count_text(item[1]["median nodes"]), width=13),
    Column(N_("max nodes"), lambda item: count_text(item[1]["max nodes"]), width=10),
    Column(
        N_("median / total time"),
        lambda item: (
            f"{format_seconds(item[1]['median time'])} / {format_seconds(item[1]['total time'])}"
        ),
        "<",
        gap="   ",
    ),
)


def format_summaries(results: Mapping[str, Sequence[Record]]) -> str:
    """A text table, one line per label: solved, median and max nodes, median and total time."""
    return format_rows([(label, summary(rs)) for label, rs in results.items()], SUMMARY_COLUMNS)


OwnSolver = Callable[[list[list[str]]], tuple[object, int]]
"""A learner's solver, as notebook 04 asks for it: board -> (solution or None, nodes)."""


def measure_solver(
    solver: OwnSolver, puzzles: Mapping[str, object] | Sequence[object]
) -> list[Record]:
    """Solve each puzzle once with a learner's own solver and keep its record, like `measure`.

    The solver reports only its nodes, so `forced` and `backtracks` are 0 in these records. Time
    is the solver's call, the puzzle already parsed, as close to `solve()`'s own figure (the
    search alone) as a learner's function allows. A solver that is still a stub (raises
    NotImplementedError) gives no records, so the notebook runs on in the learner's copy.
    """
    records = []
    for name, puzzle in named(puzzles).items():
        board = parse(puzzle)
        start = time.perf_counter()
        try:
            solution, nodes = solver(board)
        except NotImplementedError:
            return []
        seconds = time.perf_counter() - start
        status = "solved" if solution is not None else "no solution"
        records.append(Record(name, clue_count(puzzle), status, nodes, 0, 0, seconds))
    return records
