"""The benchmark: every method on every bundled puzzle set, timed side by side in one run.

Each puzzle is solved by every method in turn, `repeat` times (the order of the methods rotating
from one repeat to the next), and a method's time on a puzzle is the median of its repeats; so a
burst of load on a shared machine hits all methods alike and the ratios stay fair. Every method's
answer to a puzzle is checked against the others' (a method that is fast and wrong stops the
run). The slow teaching methods run under a node bound (a bounded run is timed once) and the
table says how many puzzles they finished.

Time here is what a caller of `solve()` pays: the CPU time of the whole call (parsing, the clash
check, the search and the result), taken on this thread's CPU clock (`timelimit.cpu_clock`:
`time.thread_time`, or the process's CPU time in a browser's Python, which lacks it), so that the
other processes of a busy machine do not count. The records are otherwise the course's own
(`measure.record_from`: nodes, status and the solution as the notebooks keep them). The
notebooks' "time" is the search's own, `stats.seconds`, on the wall clock: what a learner watches.

`run_benchmark` returns one Row per (method, set) with the per-puzzle figures kept for plots;
`format_table` prints them, `format_comparison` says how much faster `fast` is than `classic` on
each set against the course's goal; `main` is `python -m sudoku_lib bench`.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from .arguments import optional_whole_number, whole_number
from .errors import SudokuError
from .i18n import N_, _
from .measure import Column, Record, format_rows, record_from
from .puzzles import load_set
from .search import solve
from .stats import format_seconds
from .timelimit import cpu_clock

DEFAULT_SETS = ("top95", "hardest375", "17clue_sample", "easy50")
DEFAULT_METHODS = ("naive", "pruned", "classic", "fast")
NODE_BOUNDS = {"naive": 10_000, "pruned": 200}
"""Node bounds for the methods that would otherwise take minutes on one hard puzzle."""
QUICK_PUZZLES = 12
"""Puzzles per set with --quick (the first ones of each file)."""
YARDSTICK = "classic"
GOALS = {"easy50": 12.0, "hardest375": 15.0}
"""How many times faster than the yardstick `fast` should be on these sets (issue 24)."""

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


def rotated(methods: Sequence[str], turn: int) -> list[str]:
    """The methods in the order of one repeat: each repeat starts one method further on."""
    start = turn % len(methods)
    return [*methods[start:], *methods[:start]]


def timed_record(name: str, puzzle: object, method: str, max_nodes: int | None) -> Record:
    """Solve one puzzle through `solve()`; its record's time is the CPU time of the whole call."""
    start = cpu_clock()
    result = solve(puzzle, method=method, max_nodes=max_nodes)
    seconds = cpu_clock() - start
    return record_from(name, puzzle, result, seconds)


def measure_set(
    puzzles: Sequence[str], methods: Sequence[str], repeat: int, bounds: dict[str, int]
) -> dict[str, list[Record]]:
    """Per method, one record per puzzle, its seconds the median over the repeats."""
    records: dict[str, list[Record]] = {m: [] for m in methods}
    for i, puzzle in enumerate(puzzles, 1):
        runs: dict[str, list[Record]] = {m: [] for m in methods}
        for turn in range(repeat):
            for method in rotated(methods, turn):
                bound = bounds.get(method)
                if bound is None or not runs[method]:  # a bounded run is timed once
                    runs[method].append(timed_record(f"#{i}", puzzle, method, bound))
        refuse_disagreement(f"#{i}", {m: runs[m][0] for m in methods})
        for method in methods:
            seconds = statistics.median(run.seconds for run in runs[method])
            records[method].append(replace(runs[method][0], seconds=seconds))
    return records


def refuse_disagreement(name: str, records: dict[str, Record]) -> None:
    """Raise SudokuError when two methods that solved a puzzle found different solutions (every
    bundled puzzle has one), or one says there is none while another solved it: a fast wrong
    answer must never pass for a speed-up."""
    answers = {m: r.solution for m, r in records.items() if not r.gave_up}
    if len(set(answers.values())) > 1:
        told = "; ".join(f"{m}: {a or 'no solution'}" for m, a in answers.items())
        raise SudokuError(f"the methods disagree on puzzle {name}: {told}")


def summarise(method: str, set_name: str, records: Sequence[Record], bound: int | None) -> Row:
    """The summary row of one method on one set (ratio filled in later)."""
    times = [r.seconds for r in records]
    nodes = [r.nodes for r in records]
    total = sum(times)
    return Row(
        method=method,
        set=set_name,
        puzzles=len(records),
        finished=sum(not r.gave_up for r in records),
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
    repeat = whole_number("repeat", repeat, minimum=1)
    limit = optional_whole_number("limit", limit, minimum=1)
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
            said = _("{set}: {puzzles} puzzles x {methods} methods in {spent}")
            sizes = {"puzzles": len(puzzles), "methods": len(methods)}
            progress(said.format(set=set_name, spent=spent, **sizes))
    return rows


def method_cell(row: Row) -> str:
    """The method, with its node bound when it ran under one."""
    return row.method if row.max_nodes is None else f"{row.method} (<= {row.max_nodes:,})"


def ratio_cell(row: Row) -> str:
    """The ratio to the yardstick, shown only when every puzzle finished (a bounded run's time
    says little)."""
    return f"{row.ratio:.1f}" if row.ratio is not None and row.finished == row.puzzles else "-"


COLUMNS: tuple[Column[Row], ...] = (
    Column(N_("method"), method_cell, "<"),
    Column(N_("set"), lambda row: row.set, "<", gap="  "),
    Column(N_("puzzles"), lambda row: f"{row.puzzles:,}", gap="  "),
    Column(N_("finished"), lambda row: f"{row.finished:,}", gap="  "),
    Column(N_("median"), lambda row: format_seconds(row.median_ms / 1e3), gap="  "),
    Column(N_("max"), lambda row: format_seconds(row.max_ms / 1e3), gap="  "),
    Column(N_("total"), lambda row: format_seconds(row.total_s), gap="  "),
    Column(N_("puzzles/s"), lambda row: f"{row.per_second:,.1f}", gap="  "),
    Column(N_("median nodes"), lambda row: f"{row.median_nodes:,.1f}".removesuffix(".0"), gap="  "),
    Column(f"x {YARDSTICK}", ratio_cell, gap="  "),
)


def format_table(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table, one line per (method, set), grouped by set."""
    return format_rows(rows, COLUMNS)


def format_comparison(rows: Sequence[Row], method: str = "fast") -> str:
    """One line per set that has both `method` and the yardstick: their median times per
    puzzle and the ratio of their totals, against the goal for that set if there is one."""
    lines = []
    for set_name in dict.fromkeys(row.set for row in rows):
        by_method = {row.method: row for row in rows if row.set == set_name}
        row, yardstick = by_method.get(method), by_method.get(YARDSTICK)
        if row is None or yardstick is None or row.ratio is None or row is yardstick:
            continue
        goal = GOALS.get(set_name)
        line = _(
            "{set}: {method} {time} a puzzle (median), {yardstick} {yardstick_time}; "
            "{method} is {ratio}x {yardstick} in total"
        ).format(
            set=set_name,
            method=method,
            time=format_seconds(row.median_ms / 1e3),
            yardstick=YARDSTICK,
            yardstick_time=format_seconds(yardstick.median_ms / 1e3),
            ratio=f"{row.ratio:.1f}",
        )
        if goal is not None:
            verdict = _("goal {goal}x: met") if row.ratio >= goal else _("goal {goal}x: NOT met")
            line += " (" + verdict.format(goal=f"{goal:g}") + ")"
        lines.append(line)
    return "\n".join(lines)


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
    comparison = format_comparison(rows)
    if comparison:
        print(f"\n{comparison}")
    if json_path is not None:
        write_json(rows, json_path, repeat)
    return 0
