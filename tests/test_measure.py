"""Measuring: one honest record per puzzle, the ladder of pruning steps, and the summaries."""

from __future__ import annotations

import statistics

import pytest

from sudoku_lib import solve
from sudoku_lib.measure import (
    Column,
    by_method_and_set,
    clue_count,
    format_records,
    format_rows,
    format_summaries,
    fraction_within,
    hardest,
    measure,
    measure_sets,
    pooled,
    pruning_ladder,
    share_of_hardest,
    summary,
    values,
    with_pooled,
)
from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE, load_set


def test_records_agree_with_solve():
    puzzles = load_set("top95")[:3]
    records = measure(puzzles, "pruned")
    assert [r.name for r in records] == ["#1", "#2", "#3"]
    for puzzle, r in zip(puzzles, records, strict=True):
        stats = solve(puzzle, "pruned").stats
        assert (r.nodes, r.forced, r.backtracks) == (stats.nodes, stats.forced, stats.backtracks)
        assert r.clues == sum(ch != "." for ch in puzzle)
        assert r.status == "solved" and r.seconds > 0


def test_switches_and_bounds_reach_the_search():
    (plain,) = measure({"SAMPLE": SAMPLE}, "pruned", naked_singles=False, hidden_singles=False)
    assert plain.name == "SAMPLE" and plain.forced == 0 and plain.nodes == 51
    (bounded,) = measure([ANTI_BACKTRACKING], "naive", max_nodes=100)
    assert bounded.gave_up and bounded.nodes == 100


def test_the_ladder_turns_on_one_idea_at_a_time():
    ladder = pruning_ladder()
    assert ladder[0] == ("naive", "naive", {})
    on = [sum(switches.values()) for _, _, switches in ladder[1:]]
    assert on == [1, 2, 3, 4, 5]
    assert ladder[-1][2] == dict.fromkeys(ladder[-1][2], True)
    # every step is a real configuration, and with all on it is the default pruned search
    (default,) = measure([SAMPLE], "pruned")
    (last,) = measure([SAMPLE], "pruned", **ladder[-1][2])
    assert (default.nodes, default.forced) == (last.nodes, last.forced)


def test_naive_and_the_first_pruned_step_place_the_same_digits():
    naive, sets_only = (measure([SAMPLE], m, **s)[0] for _, m, s in pruning_ladder()[:2])
    assert naive.nodes == sets_only.nodes == 4208


def test_fractions_and_shares():
    xs = [0, 1, 2, 3, 100]
    assert fraction_within(xs, 2) == 3 / 5
    assert fraction_within(xs, -1) == 0 and fraction_within(xs, 100) == 1
    assert share_of_hardest(xs, 0.2) == pytest.approx(100 / 106)
    assert share_of_hardest([0, 0], 0.5) == 0


def test_hardest_is_the_most_nodes_first_on_a_tie():
    records = measure(load_set("top95")[:4])
    top = hardest(records)
    assert top.nodes == max(values(records))
    assert top == next(r for r in records if r.nodes == top.nodes)


def test_summary_and_tables():
    records = measure(load_set("top95")[:3])
    s = summary(records)
    assert s["median nodes"] == statistics.median(values(records))
    assert s["solved"] == s["puzzles"] == 3
    table = format_records({"pruned": records}).splitlines()
    assert len(table) == 2 + 3 and "#2" in table[3]
    assert "3/3" in format_summaries({"pruned": records})
    bounded = measure([ANTI_BACKTRACKING], "naive", max_nodes=10)
    assert "> 10" in format_records({"naive": bounded})


def test_clue_count_reads_any_form():
    assert clue_count(SAMPLE) == 30
    assert clue_count(solve(SAMPLE).solution) == 81


def test_measure_sets_is_measure_for_every_method_and_set():
    sets = {"a": load_set("top95")[:2], "b": [SAMPLE]}
    results = measure_sets(sets, ["naive", "pruned"], bounds={"naive": 50})
    assert list(results) == ["naive", "pruned"] and list(results["naive"]) == ["a", "b"]
    for method, bound in (("naive", 50), ("pruned", None)):
        for name, puzzles in sets.items():
            got = [(r.name, r.status, r.nodes) for r in results[method][name]]
            want = [(r.name, r.status, r.nodes) for r in measure(puzzles, method, bound)]
            assert got == want


def test_pooling_and_relabelling_the_results_of_measure_sets():
    sets = {"a": load_set("top95")[:2], "b": [SAMPLE]}
    results = measure_sets(sets, ["naive", "pruned"], bounds={"naive": 50})
    assert pooled(results["pruned"]) == results["pruned"]["a"] + results["pruned"]["b"]
    together = with_pooled(results["pruned"], "all")
    assert list(together) == ["a", "b", "all"] and together["all"] == pooled(results["pruned"])
    flat = by_method_and_set(results)
    assert list(flat) == ["naive · a", "naive · b", "pruned · a", "pruned · b"]
    assert flat["naive · b"] == results["naive"]["b"]


def test_the_one_table_formatter_fits_columns_and_leaves_no_trailing_space():
    columns = [
        Column("name", str, "<", width=6),
        Column("n", lambda x: f"{len(x):,}"),
        Column("last", lambda x: x[:2], "<", gap="   "),
    ]
    lines = format_rows(["a", "a much longer name"], columns).splitlines()
    assert lines[0] == "name" + " " * 16 + "n   last"
    assert lines[1] == "-" * len(lines[0])
    assert lines[2:] == ["a" + " " * 19 + "1   a", "a much longer name 18   a"]
    assert not any(line.endswith(" ") for line in lines)


def test_a_learners_solver_is_measured_like_the_library_and_a_stub_gives_nothing():
    from sudoku_lib.measure import measure_solver

    def own(board):
        result = solve(board, "pruned")
        return result.solution, result.stats.nodes

    def stub(board):
        raise NotImplementedError

    (record,) = measure_solver(own, {"SAMPLE": SAMPLE})
    assert (record.name, record.status, record.nodes) == ("SAMPLE", "solved", 0)
    assert record.clues == 30 and record.seconds > 0
    assert measure_solver(stub, [SAMPLE]) == []
