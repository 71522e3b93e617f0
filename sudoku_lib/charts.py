"""Charts of measured effort: strategies side by side, distributions, heavy tails, clues vs effort.

Every chart takes `results`, a mapping from a series label (a strategy, a pruning step, a puzzle
set) to its list of `measure.Record`s, and draws on an axes it is given or makes. Node counts can
be 0 (propagation alone solved the puzzle), so their axes are "symlog": linear from 0 to 1, then
logarithmic. Times are always positive and drawn in milliseconds on a log axis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import to_hex, to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, MaxNLocator

from .measure import Record, values
from .style import GRID_THIN, STRATEGY_COLOURS

Results = Mapping[str, Sequence[Record]]

LABELS = {
    "nodes": "nodes (digits placed by choice)",
    "seconds": "time per puzzle (ms)",
    "backtracks": "backtracks",
    "forced": "digits forced by propagation",
}
PALE_BLUE = "#bfdbfe"
HATCH = "#374151"  # dark grey stripes read on pale and deep bars alike
OTHER_COLOURS = ("#7c3aed", "#db2777", "#0891b2", "#ca8a04", "#4b5563")


def blend(start: str, end: str, t: float) -> str:
    """The colour a fraction t of the way from start to end."""
    a, b = np.array(to_rgb(start)), np.array(to_rgb(end))
    return to_hex(a + (b - a) * t)


def series_colours(labels: Sequence[str]) -> dict[str, str]:
    """A colour per label: a strategy's own colour from style.py when the label names one;
    other labels (the steps of the pruning ladder) shade from pale blue to pruned blue, so the
    more pruning is on, the deeper the colour."""
    others = [label for label in labels if label not in STRATEGY_COLOURS]
    colours = {label: STRATEGY_COLOURS[label] for label in labels if label in STRATEGY_COLOURS}
    for i, label in enumerate(others):
        t = i / (len(others) - 1) if len(others) > 1 else 1.0
        colours[label] = blend(PALE_BLUE, STRATEGY_COLOURS["pruned"], t)
    return colours


def set_colours(labels: Sequence[str]) -> dict[str, str]:
    """Distinct colours for series that are not strategies (puzzle sets)."""
    return {label: OTHER_COLOURS[i % len(OTHER_COLOURS)] for i, label in enumerate(labels)}


def scaled(records: Sequence[Record], metric: str) -> np.ndarray:
    """A metric's values ready to plot: seconds become milliseconds."""
    data = np.array(values(records, metric), dtype=float)
    return data * 1000 if metric == "seconds" else data


PLAIN_NUMBERS = FuncFormatter(lambda x, _: f"{x:,.3g}" if x < 1 else f"{x:,.0f}")
"""Tick labels a learner reads at a glance: 0, 1, 10, 100, 1,000 rather than powers of ten."""


def set_effort_scale(ax: Axes, metric: str, axis: str = "y") -> None:
    """Log scale for times, symlog (0 included) for counts; labelled with what is measured."""
    scale = ("log", {}) if metric == "seconds" else ("symlog", {"linthresh": 1})
    set_scale = ax.set_yscale if axis == "y" else ax.set_xscale
    set_scale(scale[0], **scale[1])
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PLAIN_NUMBERS)
    target.set_label_text(LABELS.get(metric, metric))


def axes_or_new(ax: Axes | None, size: tuple[float, float] = (8, 4)) -> Axes:
    """The given axes, or a fresh figure's."""
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def effort_bars(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    legend: bool = True,
) -> Axes:
    """Grouped bars: one group per puzzle, one bar per series, on a log scale.

    A search stopped by its node bound is drawn hatched: its true cost is higher than the bar.
    """
    ax = axes_or_new(ax)
    labels = list(results)
    colours = colours or series_colours(labels)
    names = [record.name for record in results[labels[0]]]
    width = 0.8 / len(labels)
    for i, label in enumerate(labels):
        records = results[label]
        x = np.arange(len(records)) + (i - (len(labels) - 1) / 2) * width
        bars = ax.bar(x, scaled(records, metric), width, color=colours[label], label=label)
        for bar, record in zip(bars, records, strict=True):
            if record.gave_up:
                bar.set_hatch("//")
                bar.set_edgecolor(HATCH)
                bar.set_linewidth(0.6)
    ax.set_xticks(np.arange(len(names)), names)
    set_effort_scale(ax, metric)
    ax.grid(axis="y", color=GRID_THIN, alpha=0.4)
    if legend:
        ax.legend(handles=bar_handles(ax, results), fontsize="small", ncols=2)
    return ax


def bar_handles(ax: Axes, results: Results) -> list:
    """The legend entries of a bar chart, plus one for "gave up" when a search hit its bound."""
    handles, _ = ax.get_legend_handles_labels()
    if any(r.gave_up for records in results.values() for r in records):
        handles.append(Patch(facecolor="white", hatch="//", edgecolor=HATCH, label="gave up"))
    return handles


def nodes_and_time(results: Results, colours: Mapping[str, str] | None = None) -> Figure:
    """Nodes and time side by side for the same searches: the two costs of a strategy."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8), layout="constrained")
    effort_bars(results, "nodes", left, colours, legend=False)
    effort_bars(results, "seconds", right, colours, legend=False)
    left.set_title("nodes")
    right.set_title("time")
    handles = bar_handles(left, results)
    fig.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize="small")
    return fig


def effort_bins(data: np.ndarray, metric: str, bins: int) -> np.ndarray:
    """Bin edges evenly spaced on the chart's own scale (log, or symlog with a bin for 0)."""
    top = max(float(data.max()), 1.0)
    if metric == "seconds":
        return np.geomspace(float(data.min()), top, bins + 1)
    return np.concatenate([[0.0], np.geomspace(1, top + 1, bins)])


def effort_histogram(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    bins: int = 20,
    colours: Mapping[str, str] | None = None,
) -> Axes:
    """How effort is spread over a set of puzzles: a histogram on a logarithmic x axis."""
    ax = axes_or_new(ax)
    colours = colours or series_colours(list(results))
    everything = np.concatenate([scaled(records, metric) for records in results.values()])
    edges = effort_bins(everything, metric, bins)
    for label, records in results.items():
        ax.hist(
            scaled(records, metric),
            edges,
            histtype="stepfilled",
            alpha=0.35,
            color=colours[label],
            edgecolor=colours[label],
            linewidth=1.5,
            label=label,
        )
    set_effort_scale(ax, metric, "x")
    ax.set_ylabel("puzzles")
    ax.legend(fontsize="small")
    return ax


def tail_curve(data: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x sorted ascending and, for each, the fraction of puzzles that need at least x."""
    x = np.sort(data)
    at_least = 1 - np.arange(len(x)) / len(x)
    return x, at_least


def heavy_tail(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
) -> Axes:
    """The fraction of puzzles needing at least x (a CCDF), log on both axes.

    A straight-ish line falling slowly on this chart is a heavy tail: rare puzzles cost a lot.
    """
    ax = axes_or_new(ax)
    colours = colours or series_colours(list(results))
    for label, records in results.items():
        x, at_least = tail_curve(scaled(records, metric))
        ax.step(x, at_least, where="post", color=colours[label], linewidth=2, label=label)
    set_effort_scale(ax, metric, "x")
    ax.set_yscale("log")
    ax.set_ylabel("fraction of puzzles needing at least x")
    ax.grid(color=GRID_THIN, alpha=0.4)
    ax.legend(fontsize="small")
    return ax


def sorted_effort(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
) -> Axes:
    """Every puzzle's effort, hardest first: a few tall bars on the left are the heavy tail."""
    ax = axes_or_new(ax)
    colours = colours or series_colours(list(results))
    for label, records in results.items():
        data = np.sort(scaled(records, metric))[::-1]
        ax.plot(np.arange(1, len(data) + 1), data, color=colours[label], linewidth=2, label=label)
    set_effort_scale(ax, metric)
    ax.set_xlabel("puzzles, hardest first")
    ax.grid(color=GRID_THIN, alpha=0.4)
    ax.legend(fontsize="small")
    return ax


def spread(count: int, width: float) -> np.ndarray:
    """Evenly scattered offsets in [-width, width] (a golden-ratio sequence, the same every run)."""
    return ((np.arange(count) * 0.618034) % 1 - 0.5) * 2 * width


def clues_vs_effort(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    jitter: float = 0.3,
) -> Axes:
    """One dot per puzzle: its number of givens against what it cost.

    Clue counts are whole numbers, so dots are spread sideways by up to `jitter` to be seen;
    the biggest series is drawn first, so a small one is never hidden under it.
    """
    ax = axes_or_new(ax)
    colours = colours or set_colours(list(results))
    for label in sorted(results, key=lambda label: -len(results[label])):
        records = results[label]
        clues = np.array(values(records, "clues"), dtype=float) + spread(len(records), jitter)
        ax.scatter(
            clues, scaled(records, metric), s=14, alpha=0.6, color=colours[label], label=label
        )
    set_effort_scale(ax, metric)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("clues (givens)")
    ax.grid(color=GRID_THIN, alpha=0.4)
    handles, labels = ax.get_legend_handles_labels()
    order = [labels.index(label) for label in results]
    ax.legend([handles[i] for i in order], list(results), fontsize="small")
    return ax
