"""The charts draw what the records say: heights, colours, counts, and the shape of the tail."""

from __future__ import annotations

import itertools
import sys

import numpy as np
import pytest
from matplotlib.colors import to_hex

from sudoku_lib import charts, plots
from sudoku_lib.measure import Record
from sudoku_lib.style import EDGE, OKABE_ITO, STRATEGY_COLOURS


def record(name: str, nodes: int, seconds: float = 0.01, clues: int = 25, status="solved"):
    return Record(name, clues, status, nodes, 0, 0, seconds)


@pytest.fixture
def results() -> dict[str, list[Record]]:
    return {
        "naive": [record("a", 5000, 0.5, status="gave up"), record("b", 300, 0.02, clues=30)],
        "pruned": [record("a", 40, 0.03), record("b", 0, 0.001, clues=30)],
    }


def by_gid(ax, gid):
    return [a for a in ax.get_children() if a.get_gid() == gid]


def test_bars_have_the_measured_lengths_and_strategy_colours(results):
    ax = charts.effort_bars(results, "nodes").ax
    bars = by_gid(ax, "bar")
    assert [bar.get_width() for bar in bars] == [5000, 300, 40, 0]
    assert to_hex(bars[0].get_facecolor()) == STRATEGY_COLOURS["naive"].lower()
    assert to_hex(bars[2].get_facecolor()) == STRATEGY_COLOURS["pruned"].lower()
    assert ax.get_xscale() == "symlog"
    names = [t.get_text() for t in by_gid(ax, "puzzle-name")]
    assert names == ["a", "b"]


def test_every_bar_is_named_and_says_its_value_even_zero(results):
    ax = charts.effort_bars(results, "nodes").ax
    assert [t.get_text() for t in ax.get_yticklabels()] == ["naive", "pruned"] * 2
    assert [t.get_text() for t in by_gid(ax, "bar-value")] == ["> 5,000", "300", "40", "0"]


def test_a_search_that_gave_up_is_hatched_and_named_in_the_figure(results):
    ax = charts.effort_bars(results, "nodes").ax
    assert [bar.get_hatch() for bar in by_gid(ax, "bar")] == ["//", None, None, None]
    fig = charts.nodes_and_time(results).figure
    assert "gave up" in fig.legends[0].get_texts()[0].get_text()


def test_time_is_drawn_in_milliseconds_on_a_log_axis(results):
    ax = charts.effort_bars(results, "seconds").ax
    assert ax.get_xscale() == "log"
    assert [bar.get_width() for bar in by_gid(ax, "bar")] == pytest.approx([500, 20, 30, 1])


def test_nodes_and_time_is_two_panels_named_once(results):
    fig = charts.nodes_and_time(results).figure
    left, right = fig.axes
    assert [left.get_title(), right.get_title()] == ["nodes", "time"]
    assert all(label.get_visible() for label in left.get_yticklabels())
    assert not any(label.get_visible() for label in right.get_yticklabels())


def test_ladder_colours_are_distinct_safe_and_end_in_pruned_blue():
    labels = ["naive", "+ sets", "+ fail early", "+ most constrained", "+ naked", "+ hidden"]
    colours = charts.series_colours(labels)
    assert colours["naive"] == STRATEGY_COLOURS["naive"]
    assert colours["+ hidden"] == STRATEGY_COLOURS["pruned"]
    assert len(set(colours.values())) == len(labels)
    assert set(colours.values()) <= set(OKABE_ITO.values())


def test_bars_keep_a_dark_edge_so_pale_colours_hold_their_shape(results):
    ax = charts.effort_bars(results, "nodes").ax
    assert all(to_hex(bar.get_edgecolor()) == EDGE for bar in by_gid(ax, "bar"))


def test_histogram_bins_hold_every_value_and_give_zero_its_own_bin(results):
    data = np.array([0.0, 1.0, 7.0, 5000.0])
    edges = plots.effort_bins(data, "nodes", 5)
    counts, _ = np.histogram(data, edges)
    assert counts.sum() == len(data)
    assert list(edges[:2]) == [0, 1] and counts[0] == 1
    assert np.allclose(np.diff(np.log(edges[1:])), np.log(edges[2] / edges[1]))  # even on log x
    fig = charts.effort_histogram(results, "nodes", bins=5, title="nodes per puzzle").figure
    assert len(fig.axes) == len(results), "one panel a series"
    assert {ax.get_xscale() for ax in fig.axes} == {"symlog"}
    for ax, label in zip(fig.axes, results, strict=True):
        assert ax.get_title(loc="left") == label, "each panel named in words"
        assert ax.get_legend() is None
    assert fig.get_suptitle() == "nodes per puzzle"


def test_tail_curve_falls_from_everyone_to_the_last_puzzle():
    x, at_least = plots.tail_curve(np.array([30.0, 1.0, 1000.0, 2.0]))
    assert list(x) == [1, 2, 30, 1000]
    assert list(at_least) == [1.0, 0.75, 0.5, 0.25]


def test_heavy_tail_and_sorted_effort_draw_one_line_per_series_named_at_its_end(results):
    tail = charts.heavy_tail(results).ax
    assert len([line for line in tail.get_lines() if line.get_gid() != "end-stroke"]) == 2
    assert sorted(t.get_text() for t in by_gid(tail, "line-label")) == ["naive", "pruned"]
    ax = charts.sorted_effort(results).ax
    lines = [line for line in ax.get_lines() if line.get_gid() != "end-stroke"]
    assert list(lines[0].get_ydata()) == [5000, 300]  # hardest first
    assert lines[0].get_linestyle() != lines[1].get_linestyle()


def test_the_tail_s_share_axis_labels_a_tenth_of_a_percent_as_such():
    many = {"naive": [record("naive", n) for n in range(1, 2001)]}
    ax = charts.heavy_tail(many).ax
    ax.figure.canvas.draw()
    labels = {t.get_text() for t in ax.get_yticklabels() if t.get_text()}
    assert "0.1%" in labels and "0%" not in labels, labels
    assert plots.SHARES(0.001, 0) == "0.1%" and plots.SHARES(1.0, 0) == "100%"


def test_line_labels_never_overlap():
    close = {k: [record(k, n)] for k, n in [("a", 100), ("b", 101), ("c", 102)]}
    ax = charts.sorted_effort(close).ax
    heights = sorted(t.get_position()[1] for t in by_gid(ax, "line-label"))
    assert all(b - a >= plots.LABEL_GAP - 1e-9 for a, b in itertools.pairwise(heights))


def test_scatter_puts_each_puzzle_at_its_clues_and_effort(results):
    ax = charts.clues_vs_effort(results, "nodes", jitter=0).ax
    points = ax.collections[0].get_offsets()
    assert points.tolist() == [[25, 5000], [30, 300]]


def test_scatter_jitter_stays_within_its_width_and_big_series_go_first():
    many = {"small": [record("s", 1)], "big": [record(str(i), i, clues=20) for i in range(50)]}
    ax = charts.clues_vs_effort(many, jitter=0.3).ax
    big_points = ax.collections[0].get_offsets()
    assert len(big_points) == 50
    assert np.all(np.abs(big_points[:, 0] - 20) <= 0.3 + 1e-9) and len(set(big_points[:, 0])) > 40
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["small", "big"]
    assert ax.collections[0].get_paths()[0] != ax.collections[1].get_paths()[0]  # shapes differ


def test_summary_table_has_a_cell_per_method_and_set_and_the_same_figures_as_text(results):
    by_method = {"naive": {"set a": results["naive"]}, "pruned": {"set a": results["pruned"]}}
    table = charts.SummaryTable(by_method)
    page = table._repr_html_()
    assert page.count("<tr>") == 3 and "set a" in page
    assert "<b>1/2</b> solved" in page  # naive gave up on one of two: in bold
    assert "2/2 solved" in page
    text = repr(table).splitlines()
    assert len(text) == 2 + 2 and text[2].startswith("naive · set a")


def test_a_chart_shows_itself_once_as_a_sharp_png_with_its_title(results):
    chart = charts.sorted_effort(results, title="every puzzle, hardest first")
    assert chart is not None and chart.ax.get_title() == "every puzzle, hardest first"
    data, size = chart._repr_png_()
    assert data.startswith(b"\x89PNG")
    assert int.from_bytes(data[16:20], "big") == 2 * size["width"], "drawn at twice its size"
    assert repr(chart) == "<every puzzle, hardest first>"


def test_without_matplotlib_a_chart_says_so_in_one_line_and_returns_nothing(
    results, monkeypatch, capsys
):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it now fails
    for draw in (charts.nodes_and_time, charts.effort_histogram, charts.heavy_tail):
        assert draw(results) is None
    said = capsys.readouterr().out.splitlines()
    assert len(said) == 3 and len(set(said)) == 1 and "matplotlib" in said[0]
