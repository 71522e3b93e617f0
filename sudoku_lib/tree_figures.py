"""Pictures of a watched run, for notebook 08: the whole call tree of a learner's recursion as SVG
(`draw_call_tree`, with the layout and markers of the stepper's `sudoku_lib.calltree`, so it shows
in a browser's Python too), and the chart of calls saved by pruning (`draw_pruning_gains`), a
measurement chart drawn with matplotlib like the others in `sudoku_lib.charts`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .calltree import GAP_Y, MARKERS, RADIUS, TreePicture, marker_svg
from .charts import Chart, chart_axes, finish, matplotlib_ready
from .errors import SudokuError
from .picture import MARGIN, TEXT_PX, Drawing, Picture, text_width, title_lines, titles_width
from .template import Gain
from .watch import CallNode, Recording
from .words import number, picture_text, plural

if TYPE_CHECKING:
    from matplotlib.axes import Axes

MAX_CALL_NODES = 400
"""Past this many nodes a tree is a smear: watch a smaller case instead."""
LABELS_UP_TO = 80
"""Nodes are labelled with their choice when the tree has at most this many."""
LEGEND_LINE = 26  # pixels from one legend entry to the next


def call_tree_legend(drawing: Drawing, statuses: set[str], left: float, top: float) -> float:
    """One entry a status present in the tree, its marker beside its words; returns the width."""
    widest = 0.0
    entries = [(status, key) for status, (*_, key) in MARKERS.items() if status in statuses]
    for i, (status, key) in enumerate(entries):
        y = top + i * LEGEND_LINE
        drawing.raw(marker_svg(status, left + 9, y, r=RADIUS))
        words = picture_text(key)
        drawing.text(left + 26, y, words, TEXT_PX, "legend", anchor="start")
        widest = max(widest, 26 + text_width(words, TEXT_PX))
    return widest


def draw_call_tree(
    tree: CallNode | Recording, title: str | None = None, current: int | None = None
) -> Picture:
    """Draw a call tree (or a Recording's): a node per call, marked solved, dead end, pruned,
    each by its shape as well as its colour; depths named at the left, a legend at the right.

    `current` is the number of a call to ring (the stepper's current call).
    """
    root = tree.tree() if isinstance(tree, Recording) else tree
    nodes = list(root.walk())
    if len(nodes) > MAX_CALL_NODES:
        raise SudokuError(
            f"this call tree has {number(len(nodes))} nodes; a picture stays readable up to "
            f"{MAX_CALL_NODES}, so watch a smaller case"
        )
    if title is None:
        calls = sum(1 for n in nodes if n.status != "pruned")
        solved = sum(1 for n in nodes if n.status == "solved")
        title = picture_text(
            "call tree title", name=root.label, calls=plural(calls, "call"), solved=number(solved)
        )
    body, tree_width, tree_height = TreePicture(root).whole(current, len(nodes) <= LABELS_UP_TO)
    depth = round(tree_height / GAP_Y)
    names = [picture_text("depth", depth=d) for d in range(depth + 1)]
    gutter = max(text_width(name, TEXT_PX) for name in names) + 2 * MARGIN
    lines = title_lines(title)
    drawing = Drawing()
    top = MARGIN + len(lines) * 24.3 + 6 + 2 * RADIUS
    left = gutter + 2 * MARGIN  # room for half a label left of the first leaf
    for d, name in enumerate(names):
        drawing.text(gutter - MARGIN, top + d * GAP_Y, name, TEXT_PX, "depth-name", anchor="end")
    drawing.raw(f'<g class="calls" transform="translate({left:.1f} {top:.1f})">{body}</g>')
    legend_left = left + tree_width + 6 * MARGIN
    legend = call_tree_legend(drawing, {n.status for n in nodes}, legend_left, top)
    width = max(legend_left + legend + MARGIN, titles_width(lines))
    drawing.title(lines, width, MARGIN)
    height = top + tree_height + 2 * RADIUS + TEXT_PX + MARGIN
    return drawing.picture(width, height, title)


def draw_pruning_gains(gains: Sequence[Gain], ax: Axes | None = None) -> Chart | None:
    """Calls with and without each problem's pruning, on a log scale: plain bars for without,
    hatched for with, so the two read apart without colour. Without matplotlib (a browser's
    Python), says so in one line and draws nothing."""
    if not matplotlib_ready():
        return None
    from . import style

    ax = chart_axes(ax, (8, 0.55 * len(gains) + 1.5))
    names = [f"{g.problem.number} {g.problem.name}" for g in gains]
    ys = range(len(gains))
    edge = style.GRID_THICK
    ax.barh([y + 0.2 for y in ys], [g.calls_unpruned for g in gains], height=0.4,
            color="#9ca3af", edgecolor=edge, label=picture_text("without pruning"))  # fmt: skip
    ax.barh([y - 0.2 for y in ys], [g.calls_pruned for g in gains], height=0.4,
            color=style.PLACED, edgecolor=edge, hatch="//",
            label=picture_text("with pruning"))  # fmt: skip
    for y, gain in zip(ys, gains, strict=True):
        ratio = picture_text("fewer calls", ratio=f"{gain.ratio:.1f}")
        ax.text(gain.calls_unpruned * 1.1, y + 0.2, ratio, va="center", fontsize=9)
    ax.set_yticks(list(ys), names, fontsize=10)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=max(g.calls_unpruned for g in gains) * 8)  # room for the words
    ax.set_xlabel(picture_text("calls axis"))
    ax.legend(loc="lower right", fontsize=10)
    return finish(ax, picture_text("pruning gains title"))
