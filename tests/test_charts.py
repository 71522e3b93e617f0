"""The charts draw what the records say: heights, colours, counts, and the shape of the tail."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_hex, to_rgb

from sudoku_lib import charts
from sudoku_lib.measure import Record
from sudoku_lib.style import STRATEGY_COLOURS


def record(name: str, nodes: int, seconds: float = 0.01, clues: int = 25, status="solved"):
    return Record(name, clues, status, nodes, 0, 0, seconds)


@pytest.fixture
def results() -> dict[str, list[Record]]:
    return {
        "naive": [record("a", 5000, 0.5, status="gave up"), record("b", 300, 0.02, clues=30)],
        "pruned": [record("a", 40, 0.03), record("b", 0, 0.001, clues=30)],
    }


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_bars_have_the_measured_heights_and_strategy_colours(results):
    ax = charts.effort_bars(results, "nodes")
    bars = ax.patches
    assert [bar.get_height() for bar in bars] == [5000, 300, 40, 0]
    assert to_hex(bars[0].get_facecolor()) == STRATEGY_COLOURS["naive"]
    assert to_hex(bars[2].get_facecolor()) == STRATEGY_COLOURS["pruned"]
    assert ax.get_yscale() == "symlog"
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["a", "b"]


def test_a_search_that_gave_up_is_hatched_and_named_in_the_legend(results):
    ax = charts.effort_bars(results, "nodes")
    assert [bar.get_hatch() for bar in ax.patches] == ["//", None, None, None]
    assert "gave up" in [text.get_text() for text in ax.get_legend().get_texts()]


def test_time_is_drawn_in_milliseconds_on_a_log_axis(results):
    ax = charts.effort_bars(results, "seconds")
    assert ax.get_yscale() == "log"
    assert [bar.get_height() for bar in ax.patches] == pytest.approx([500, 20, 30, 1])


def test_nodes_and_time_is_two_panels(results):
    fig = charts.nodes_and_time(results)
    assert [ax.get_title() for ax in fig.axes] == ["nodes", "time"]
    labels = [text.get_text() for text in fig.legends[0].get_texts()]
    assert labels == ["naive", "pruned", "gave up"]


def test_ladder_labels_deepen_towards_pruned_blue():
    colours = charts.series_colours(["naive", "+ sets", "+ fail early", "+ more"])
    assert colours["naive"] == STRATEGY_COLOURS["naive"]
    assert colours["+ more"] == STRATEGY_COLOURS["pruned"]
    assert len(set(colours.values())) == 4
    lightness = [sum(to_rgb(colours[k])) for k in ["+ sets", "+ fail early", "+ more"]]
    assert lightness == sorted(lightness, reverse=True)


def test_histogram_bins_hold_every_value_and_give_zero_its_own_bin(results):
    data = np.array([0.0, 1.0, 7.0, 5000.0])
    edges = charts.effort_bins(data, "nodes", 5)
    counts, _ = np.histogram(data, edges)
    assert counts.sum() == len(data)
    assert list(edges[:2]) == [0, 1] and counts[0] == 1
    assert np.allclose(np.diff(np.log(edges[1:])), np.log(edges[2] / edges[1]))  # even on log x
    ax = charts.effort_histogram(results, "nodes", bins=5)
    assert ax.get_xscale() == "symlog"


def test_tail_curve_falls_from_everyone_to_the_last_puzzle():
    x, at_least = charts.tail_curve(np.array([30.0, 1.0, 1000.0, 2.0]))
    assert list(x) == [1, 2, 30, 1000]
    assert list(at_least) == [1.0, 0.75, 0.5, 0.25]


def test_heavy_tail_and_sorted_effort_draw_one_line_per_series(results):
    assert len(charts.heavy_tail(results).get_lines()) == 2
    lines = charts.sorted_effort(results).get_lines()
    assert list(lines[0].get_ydata()) == [5000, 300]  # hardest first


def test_scatter_puts_each_puzzle_at_its_clues_and_effort(results):
    ax = charts.clues_vs_effort(results, "nodes", jitter=0)
    points = ax.collections[0].get_offsets()
    assert points.tolist() == [[25, 5000], [30, 300]]


def test_scatter_jitter_stays_within_its_width_and_big_series_go_first():
    many = {"small": [record("s", 1)], "big": [record(str(i), i, clues=20) for i in range(50)]}
    ax = charts.clues_vs_effort(many, jitter=0.3)
    big_points = ax.collections[0].get_offsets()
    assert len(big_points) == 50
    assert np.all(np.abs(big_points[:, 0] - 20) <= 0.3 + 1e-9) and len(set(big_points[:, 0])) > 40
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["small", "big"]
