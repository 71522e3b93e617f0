"""The benchmark: every method on every bundled puzzle set, timed side by side in one run.

Each puzzle is solved by every method in turn, `repeat` times (the order of the methods rotating
from one repeat to the next), and a method's time on a puzzle is the median of its repeats; so a
burst of load on a shared machine hits all methods alike and the ratios stay fair. Times are
taken around the public `solve()`, parsing and the result included. The slow teaching methods run
under a node bound (a bounded run is timed once) and the table says how many puzzles they finished.

`run_benchmark` returns one Row per (method, set) with the per-puzzle figures kept for plots;
`format_table` prints them; `main` is `python -m sudoku_lib bench`.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from .puzzles import load_set
from .search import solve
from .stats import format_seconds

DEFAULT_SETS = ("top95", "hardest375", "17clue_sample", "easy50")
DEFAULT_METHODS = ("naive", "pruned", "classic", "fast")
NODE_BOUNDS = {"naive": 10_000, "pruned": 200}
"""Node bounds for the methods that would otherwise take minutes on one hard puzzle."""
QUICK_PUZZLES = 12
"""Puzzles per set with --quick (the first ones of each file)."""
YARDSTICK = "classic"

Progress = Callable[[str], None]


@dataclass
class Row:
    """One method on one puzzle set: the summary figures and, for plots, every puzzle's own."""

    method: str
    set: str
    puzzles: int
    finished: int
    median_ms: float
    max_ms: float
    total_s: float
    per_second: float
    median_nodes: float
    ratio: float | None  # the yardstick's total time over this method's, same run; None without it
    # (the table shows it only when every puzzle finished: a bounded run's time says little)
    max_nodes: int | None = None
    times_ms: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)


def time_one(puzzle: str, method: str, max_nodes: int | None) -> tuple[float, int, bool]:
    """Seconds, nodes, and whether the search finished, for one solve() of one puzzle."""
    start = time.perf_counter()
    result = solve(puzzle, method=method, max_nodes=max_nodes)
    seconds = time.perf_counter() - start
    return seconds, result.stats.nodes, not result.gave_up


def measure_set(
    puzzles: Sequence[str], methods: Sequence[str], repeat: int, bounds: dict[str, int]
) -> dict[str, list[tuple[float, int, bool]]]:
    """Per method, per puzzle: (median seconds over the repeats, nodes, finished)."""
    figures: dict[str, list[tuple[float, int, bool]]] = {m: [] for m in methods}
    for puzzle in puzzles:
        runs: dict[str, list[tuple[float, int, bool]]] = {m: [] for m in methods}
        for turn in range(repeat):
            order = list(methods[turn % len(methods) :]) + list(methods[: turn % len(methods)])
            for method in order:
                bound = bounds.get(method)
                if bound is None or not runs[method]:  # a bounded run is timed once
                    runs[method].append(time_one(puzzle, method, bound))
        for method in methods:
            seconds = statistics.median(run[0] for run in runs[method])
            _, nodes, finished = runs[method][0]
            figures[method].append((seconds, nodes, finished))
    return figures


def summarise(
    method: str, set_name: str, figures: list[tuple[float, int, bool]], bound: int | None
) -> Row:
    """The summary row of one method on one set (ratio filled in later)."""
    times = [seconds for seconds, _, _ in figures]
    nodes = [n for _, n, _ in figures]
    total = sum(times)
    return Row(
        method=method,
        set=set_name,
        puzzles=len(figures),
        finished=sum(1 for *_, finished in figures if finished),
        median_ms=statistics.median(times) * 1e3,
        max_ms=max(times) * 1e3,
        total_s=total,
        per_second=len(times) / total if total > 0 else float("inf"),
        median_nodes=statistics.median(nodes),
        ratio=None,
        max_nodes=bound,
        times_ms=[t * 1e3 for t in times],
        nodes=nodes,
    )


def run_benchmark(
    sets: Sequence[str] = DEFAULT_SETS,
    methods: Sequence[str] = DEFAULT_METHODS,
    repeat: int = 3,
    limit: int | None = None,
    bounds: dict[str, int] | None = None,
    progress: Progress | None = None,
) -> list[Row]:
    """Time every method on every set (the first `limit` puzzles of each); one Row per pair.

    `bounds` gives node bounds per method (default NODE_BOUNDS); `progress` gets a line per set.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    bounds = NODE_BOUNDS if bounds is None else bounds
    rows: list[Row] = []
    for set_name in sets:
        puzzles = load_set(set_name)[:limit]
        start = time.perf_counter()
        figures = measure_set(puzzles, methods, repeat, bounds)
        set_rows = [summarise(m, set_name, figures[m], bounds.get(m)) for m in methods]
        yardstick = next((row for row in set_rows if row.method == YARDSTICK), None)
        for row in set_rows:
            if yardstick is not None and row.total_s > 0:
                row.ratio = yardstick.total_s / row.total_s
        rows += set_rows
        if progress is not None:
            spent = format_seconds(time.perf_counter() - start)
            progress(f"{set_name}: {len(puzzles)} puzzles x {len(methods)} methods in {spent}")
    return rows


COLUMNS = (
    ("method", "method", "<"),
    ("set", "set", "<"),
    ("puzzles", "puzzles", ">"),
    ("finished", "finished", ">"),
    ("median", "median", ">"),
    ("max", "max", ">"),
    ("total", "total", ">"),
    ("puzzles/s", "per_second", ">"),
    ("median nodes", "median_nodes", ">"),
    (f"x {YARDSTICK}", "ratio", ">"),
)


def _cells(row: Row) -> dict[str, str]:
    """A row's figures as the strings the table shows (times through format_seconds)."""
    return {
        "method": row.method if row.max_nodes is None else f"{row.method} (<= {row.max_nodes:,})",
        "set": row.set,
        "puzzles": f"{row.puzzles:,}",
        "finished": f"{row.finished:,}",
        "median": format_seconds(row.median_ms / 1e3),
        "max": format_seconds(row.max_ms / 1e3),
        "total": format_seconds(row.total_s),
        "per_second": f"{row.per_second:,.1f}",
        "median_nodes": f"{row.median_nodes:,.1f}".removesuffix(".0"),
        "ratio": f"{row.ratio:.1f}"
        if row.ratio is not None and row.finished == row.puzzles
        else "-",
    }


def format_table(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table, one line per (method, set), grouped by set."""
    cells = [_cells(row) for row in rows]
    widths = {key: max([len(title)] + [len(c[key]) for c in cells]) for title, key, _ in COLUMNS}

    def line(values: dict[str, str]) -> str:
        parts = [f"{values[key]:{align}{widths[key]}}" for _, key, align in COLUMNS]
        return "  ".join(parts).rstrip()

    header = line({key: title for title, key, _ in COLUMNS})
    return "\n".join([header, "-" * len(header)] + [line(c) for c in cells])


def write_json(rows: Sequence[Row], path: Path, repeat: int) -> None:
    """The rows, with when and where they were measured, as JSON for the notebook's plots."""
    document = {
        "measured": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.platform(),
        "repeat": repeat,
        "rows": [asdict(row) for row in rows],
    }
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def main(
    sets: Sequence[str] | None = None,
    methods: Sequence[str] | None = None,
    quick: bool = False,
    repeat: int = 3,
    json_path: Path | None = None,
) -> int:
    """Run the benchmark, print the table, and write the JSON if asked (the `bench` command)."""
    rows = run_benchmark(
        sets=sets or DEFAULT_SETS,
        methods=methods or DEFAULT_METHODS,
        repeat=repeat,
        limit=QUICK_PUZZLES if quick else None,
        progress=lambda message: print(message, file=sys.stderr, flush=True),
    )
    print(format_table(rows))
    if json_path is not None:
        write_json(rows, json_path, repeat)
    return 0
