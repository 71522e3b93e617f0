"""The measurement charts' drawing, with matplotlib and numpy: strategies side by side,
distributions, heavy tails, clues vs effort. `sudoku_lib.charts` is what notebooks call: it imports
this module only once matplotlib is known to be there, so a browser's Python without it runs on.

Every chart takes `results`, a mapping from a series label (a strategy, a pruning step, a puzzle
set) to its list of `measure.Record`s, and draws on an axes it is given or makes (the histogram,
one panel a series, always makes its own figure). Figures are made without pyplot, so a chart is
shown once, by the `charts.Chart` that holds it, and never again by a backend. Node counts can
be 0 (propagation alone solved the puzzle), so their axes are "symlog": linear from 0 to 1, then
logarithmic. Times are always positive and drawn in milliseconds on a log axis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter

from .measure import Record, Results, values
from .style import EDGE, GRID_THIN, series_colours, set_colours
from .words import picture_text, series_name

LABELED = ("nodes", "seconds", "backtracks", "forced")
"""The metrics whose axis has words of its own ("nodes axis" in PICTURE_TEXT), looked up when a
chart is drawn, so they come in the language chosen then."""
HATCH = "#374151"  # dark grey stripes read on pale and deep bars alike
MARKERS = ("o", "s", "^", "D", "v", "P")  # a shape per series too, for a grey print
LINE_STYLES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (1, 1)))
BAR_HEIGHT = 0.22  # inches per bar in the horizontal bar charts
LABEL_GAP = 0.07  # the least distance, as a share of the axes' height, between two end labels


def scaled(records: Sequence[Record], metric: str) -> np.ndarray:
    """A metric's values ready to plot: seconds become milliseconds."""
    data = np.array(values(records, metric), dtype=float)
    return data * 1000 if metric == "seconds" else data


PLAIN_NUMBERS = FuncFormatter(lambda x, _: f"{x:,.3g}" if x < 1 else f"{x:,.0f}")
SHARES = FuncFormatter(lambda x, _: f"{100 * x:.3g}%")
"""A share as a percentage with its significant digits, so 0.001 reads "0.1%", never "0%"."""
"""Tick labels a learner reads at a glance: 0, 1, 10, 100, 1,000 rather than powers of ten."""


def set_effort_scale(ax: Axes, metric: str, axis: str = "y") -> None:
    """Log scale for times, symlog (0 included) for counts; labelled with what is measured."""
    scale = ("log", {}) if metric == "seconds" else ("symlog", {"linthresh": 1})
    set_scale = ax.set_yscale if axis == "y" else ax.set_xscale
    set_scale(scale[0], **scale[1])
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PLAIN_NUMBERS)
    target.set_label_text(picture_text(f"{metric} axis") if metric in LABELED else metric)


def new_figure(size: tuple[float, float], **layout: Any) -> Figure:
    """A figure of `size` inches that draws with Agg and belongs to no pyplot backend, so the
    notebook shows it once, through the Chart that holds it."""
    figure = Figure(figsize=size, **(layout or {"layout": "constrained"}))
    FigureCanvasAgg(figure)
    return figure


def axes_or_new(ax: Axes | None, size: tuple[float, float] = (8, 4)) -> Axes:
    """The given axes, or a fresh figure's."""
    return ax if ax is not None else new_figure(size).subplots()


def value_text(value: float, metric: str, gave_up: bool) -> str:
    """What a bar says at its end: "4,208", "0", "> 5,000", "12.3 ms"."""
    if metric == "seconds":
        return f"{value:,.1f} ms" if value < 100 else f"{value:,.0f} ms"
    text = f"{value:,.0f}"
    return f"> {text}" if gave_up else text


def bar_rows(puzzles: int, series: int) -> np.ndarray:
    """The y position of each bar, puzzle by puzzle, with a gap row between puzzles."""
    return np.array([[p * (series + 1) + i for i in range(series)] for p in range(puzzles)])


def effort_bars(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    legend: bool = True,
) -> Axes:
    """Horizontal bars, one block per puzzle, one bar per series, on a log scale.

    Every bar is named on the axis (no legend to decode; `legend=False` leaves the names off, for
    a second panel beside a first that has them) and says its value at its end, so a bar of 0,
    which has no length on a log axis, still reads "0". A search stopped by its node bound is
    hatched and says "> n": its true cost is higher than the bar.
    """
    results = {label: records for label, records in results.items() if records}
    labels = list(results)
    names = [record.name for record in results[labels[0]]]
    rows = bar_rows(len(names), len(labels))
    ax = axes_or_new(ax, (6.5, BAR_HEIGHT * rows.size + 1.2))
    colours = colours or series_colours(labels)
    for i, label in enumerate(labels):
        records = results[label]
        data = scaled(records, metric)
        bars = ax.barh(rows[:, i], data, 0.8, color=colours[label], edgecolor=EDGE, lw=0.8,
                       label=series_name(label))  # fmt: skip
        for bar, record, value in zip(bars, records, data, strict=True):
            bar.set_gid("bar")
            if record.gave_up:
                bar.set_hatch("//")
            text = value_text(value, metric, record.gave_up)
            ax.annotate(text, (max(value, 0), bar.get_y() + 0.4), xytext=(3, 0), fontsize=9,
                        textcoords="offset points", va="center", gid="bar-value")  # fmt: skip
    set_effort_scale(ax, metric, "x")
    top = max(float(np.max(scaled(records, metric))) for records in results.values())
    low = min(float(np.min(scaled(records, metric))) for records in results.values())
    ax.set_xlim((low / 2, top * 8) if metric == "seconds" else (0, max(top, 1) * 8))
    if legend:
        shown = [series_name(label) for label in labels]
        ax.set_yticks(rows.ravel(), [shown[i] for _ in names for i in range(len(labels))])
    ax.tick_params(axis="y", length=0, labelleft=legend)
    ax.set_ylim(rows.max() + 0.7, -1.6)
    for p, name in enumerate(names):
        ax.text(0.0, rows[p, 0] - 0.9, name, transform=ax.get_yaxis_transform(), fontsize=10,
                fontweight="bold", va="center", gid="puzzle-name")  # fmt: skip
    ax.grid(axis="x", color=GRID_THIN, alpha=0.4)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    return ax


def nodes_and_time(results: Results, colours: Mapping[str, str] | None = None) -> Figure:
    """Nodes and time side by side for the same searches: the two costs of a strategy (a series
    with no records, such as a learner's solver not written yet, is left out)."""
    results = {label: records for label, records in results.items() if records}
    bars = sum(len(records) for records in results.values()) + len(next(iter(results.values())))
    height = min(7.0, BAR_HEIGHT * bars + 1.4)
    fig = new_figure((11, height), layout=None)
    left, right = fig.subplots(1, 2, sharey=True)
    # fixed margins rather than a layout engine: this chart is drawn often, and a layout
    # engine redraws every label to measure it
    fig.subplots_adjust(left=0.15, right=0.95, top=1 - 0.4 / height, bottom=1.0 / height,
                        wspace=0.12)  # fmt: skip
    effort_bars(results, "nodes", left, colours)
    effort_bars(results, "seconds", right, colours, legend=False)
    left.set_title(picture_text("nodes panel"))
    right.set_title(picture_text("time panel"))
    if any(r.gave_up for records in results.values() for r in records):
        gave_up = Patch(
            facecolor="white", hatch="//", edgecolor=HATCH, label=picture_text("gave up")
        )
        fig.legend(handles=[gave_up], loc="lower center", fontsize="small")
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
    bins: int = 20,
    colours: Mapping[str, str] | None = None,
) -> Figure:
    """How effort is spread over puzzles: one histogram a series, stacked on one log x axis.

    Small multiples rather than overlapping fills: on a washed-out projector, or for a viewer
    who cannot tell the colours apart, each series keeps its own panel, named in words, with
    solid bars that carry their counts.
    """
    fig = new_figure((8, 0.7 + 1.4 * len(results)))
    axes = fig.subplots(len(results), 1, sharex=True, squeeze=False)
    colours = colours or series_colours(list(results))
    everything = np.concatenate([scaled(records, metric) for records in results.values()])
    edges = list(effort_bins(everything, metric, bins))
    for ax, label in zip(axes[:, 0], results, strict=True):
        counts, _, bars = ax.hist(
            scaled(results[label], metric), edges, color=colours[label], edgecolor=EDGE
        )
        ax.bar_label(bars, labels=[f"{n:g}" if n else "" for n in counts], fontsize="small")
        ax.set_ylim(0, max(counts.max(), 1) * 1.3)  # room for the counts above the bars
        ax.yaxis.set_major_locator(MaxNLocator(3, integer=True))
        ax.set_title(series_name(label), loc="left", fontsize="medium", weight="bold", pad=2)
        ax.spines[["top", "right"]].set_visible(False)
        set_effort_scale(ax, metric, "x")
    for ax in axes[:-1, 0]:
        ax.set_xlabel("")
    fig.supylabel(picture_text("puzzles"))
    return fig


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
    ends = []
    for i, (label, records) in enumerate(results.items()):
        x, at_least = tail_curve(scaled(records, metric))
        style = LINE_STYLES[i % len(LINE_STYLES)]
        name = series_name(label)
        ax.step(x, at_least, where="post", color=colours[label], lw=2, ls=style, label=name)
        ends.append((name, at_least[-1], colours[label], style))
    set_effort_scale(ax, metric, "x")
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(SHARES)
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_ylabel(picture_text("share needing"))
    ax.grid(color=GRID_THIN, alpha=0.4)
    label_line_ends(ax, ends)
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
    ends = []
    for i, (label, records) in enumerate(results.items()):
        data = np.sort(scaled(records, metric))[::-1]
        style = LINE_STYLES[i % len(LINE_STYLES)]
        ax.plot(np.arange(1, len(data) + 1), data, color=colours[label], lw=2, ls=style,
                label=series_name(label))  # fmt: skip
        ends.append((series_name(label), data[0], colours[label], style))
    set_effort_scale(ax, metric)
    ax.set_xlabel(picture_text("hardest first"))
    ax.grid(color=GRID_THIN, alpha=0.4)
    label_line_ends(ax, ends)
    return ax


def label_line_ends(ax: Axes, ends: Sequence[tuple[str, float, str, object]]) -> None:
    """Name each line on the chart, just right of the axes at the height where it ends (nudged
    apart so no two names overlap), with a short stroke in the line's colour and style: the
    reader never has to match colours against a legend."""
    ax.figure.canvas.draw_idle()
    to_axes = ax.transData + ax.transAxes.inverted()
    heights = [float(to_axes.transform((ax.get_xlim()[0], y))[1]) for _, y, _, _ in ends]
    order = np.argsort(heights)
    placed: list[float] = []
    for i in order:
        y = min(max(heights[i], 0.0), 1.0)
        if placed and y < placed[-1] + LABEL_GAP:
            y = placed[-1] + LABEL_GAP
        placed.append(y)
        label, _, colour, style = ends[i]
        ax.plot([1.01, 1.05], [y, y], color=colour, lw=2, ls=style, transform=ax.transAxes,
                clip_on=False, gid="end-stroke")  # fmt: skip
        ax.text(1.06, y, label, transform=ax.transAxes, va="center", fontsize=10,
                gid="line-label")  # fmt: skip


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
    shapes = {label: MARKERS[i % len(MARKERS)] for i, label in enumerate(results)}
    for label in sorted(results, key=lambda label: -len(results[label])):
        records = results[label]
        clues = np.array(values(records, "clues"), dtype=float) + spread(len(records), jitter)
        ax.scatter(
            clues,
            scaled(records, metric),
            s=30,
            alpha=0.85,
            color=colours[label],
            marker=shapes[label],
            edgecolors=EDGE,
            linewidths=0.5,
            label=series_name(label),
        )  # a dark rim keeps pale dots visible on a projector
    set_effort_scale(ax, metric)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(picture_text("clues axis"))
    ax.grid(color=GRID_THIN, alpha=0.4)
    handles, labels = ax.get_legend_handles_labels()
    order = [labels.index(label) for label in results]
    ax.legend([handles[i] for i in order], list(results), markerscale=1.5)
    return ax
