"""The benchmark runs and its figures hang together (no speed is asserted: machines differ)."""

from __future__ import annotations

import json
import math
import time
from dataclasses import replace

import pytest

from sudoku_lib import SudokuError, bench
from sudoku_lib.bench import (
    Row,
    format_table,
    measure_set,
    run_benchmark,
    timed_record,
    write_json,
)
from sudoku_lib.cli import main
from sudoku_lib.measure import measure
from sudoku_lib.puzzles import SAMPLE, load_set
from sudoku_lib.search import solve


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return run_benchmark(
        sets=["easy50", "top95"],
        methods=["naive", "classic", "fast"],
        repeat=2,
        limit=3,
        bounds={"naive": 300},
    )


def test_one_row_per_method_and_set(rows: list[Row]) -> None:
    assert [(r.set, r.method) for r in rows] == [
        (s, m) for s in ("easy50", "top95") for m in ("naive", "classic", "fast")
    ]


def test_the_figures_are_consistent(rows: list[Row]) -> None:
    for row in rows:
        assert row.puzzles == 3 == len(row.times_ms) == len(row.nodes)
        assert 0 <= row.finished <= row.puzzles
        assert 0 < row.median_ms <= row.max_ms <= row.total_s * 1e3
        assert math.isclose(sum(row.times_ms) / 1e3, row.total_s)
        assert math.isclose(row.per_second, row.puzzles / row.total_s)
        assert min(row.nodes) <= row.median_nodes <= max(row.nodes)


def test_the_ratio_is_to_classic_in_the_same_run(rows: list[Row]) -> None:
    for set_name in ("easy50", "top95"):
        by_method = {r.method: r for r in rows if r.set == set_name}
        classic = by_method["classic"].total_s
        assert by_method["classic"].ratio == 1.0
        assert math.isclose(by_method["fast"].ratio, classic / by_method["fast"].total_s)


def test_a_bounded_method_reports_what_it_finished(rows: list[Row]) -> None:
    for row in rows:
        if row.method == "naive":
            assert row.max_nodes == 300
            assert max(row.nodes) <= 300
            puzzles = load_set(row.set)[:3]
            assert row.finished == sum(not solve(p, "naive", 300).gave_up for p in puzzles)
        else:
            assert row.finished == row.puzzles


def test_the_benchmark_measures_as_measure_does() -> None:
    """One way of measuring: the same records as measure(), times the search's own."""
    puzzles = load_set("top95")[:3]
    records = measure_set(puzzles, ["naive", "fast"], repeat=3, bounds={"naive": 300})
    for method, bound in (("naive", 300), ("fast", None)):
        want = measure(puzzles, method, bound)
        strip = [replace(r, seconds=0.0) for r in records[method]]
        assert strip == [replace(r, seconds=0.0) for r in want]
        assert all(r.seconds > 0 for r in records[method])


def test_the_table_has_a_line_per_row(rows: list[Row]) -> None:
    lines = format_table(rows).splitlines()
    assert len(lines) == len(rows) + 2
    assert lines[0].split()[:2] == ["method", "set"]
    assert all(line.split()[0] == row.method for line, row in zip(lines[2:], rows, strict=True))


def test_json_keeps_every_figure(rows: list[Row], tmp_path) -> None:
    path = tmp_path / "bench.json"
    write_json(rows, path, repeat=2)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["repeat"] == 2
    assert [Row(**r) for r in document["rows"]] == rows


def test_the_command_line(capsys, tmp_path) -> None:
    path = tmp_path / "out.json"
    args = ["bench", "--sets", "easy50", "--methods", "fast", "--quick", "--repeat", "1"]
    assert main([*args, "--json", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[2].split()[:3] == ["fast", "easy50", "12"]
    assert json.loads(path.read_text(encoding="utf-8"))["rows"][0]["puzzles"] == 12


def test_a_method_with_a_wrong_answer_stops_the_benchmark(monkeypatch) -> None:
    """Every answer is checked against the other methods': a fast solver that swaps two digits
    of its solution is caught, naming the puzzle."""
    real = bench.timed_record

    def swapped(name, puzzle, method, max_nodes):
        record = real(name, puzzle, method, max_nodes)
        if method != "fast":
            return record
        return replace(record, solution=record.solution.translate(str.maketrans("12", "21")))

    monkeypatch.setattr(bench, "timed_record", swapped)
    with pytest.raises(SudokuError, match=r"the methods disagree on puzzle #1: classic: \d{81}"):
        measure_set(load_set("easy50")[:2], ["classic", "fast"], repeat=1, bounds={})


def test_methods_that_agree_pass_and_a_bounded_run_is_not_compared() -> None:
    records = measure_set(load_set("top95")[:2], ["naive", "fast"], repeat=1, bounds={"naive": 5})
    assert all(r.gave_up for r in records["naive"])
    assert [len(r.solution) for r in records["fast"]] == [81, 81]


def test_the_benchmark_times_a_solve_where_time_has_no_thread_time(monkeypatch):
    """A browser's Python (Pyodide) has no `time.thread_time`: notebook 06 runs the benchmark
    there, so its clock is the time limit's, which falls back to the process's CPU time."""
    monkeypatch.delattr(time, "thread_time")
    record = timed_record("SAMPLE", SAMPLE, "fast", None)
    assert record.status == "solved" and record.seconds >= 0
