"""Pictures of a watched run, for notebook 08: the whole call tree of a learner's recursion as SVG
(`draw_call_tree`, with the layout and markers of the stepper's `sudoku_lib.calltree`, so it shows
in a browser's Python too), and the chart of calls saved by pruning (`draw_pruning_gains`), a
measurement chart drawn with matplotlib like the others in `sudoku_lib.charts`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .calltree import (
    GAP_X,
    GAP_Y,
    LABEL_SIZE,
    MARKERS,
    RADIUS,
    TreePicture,
    marker_svg,
    short_label,
)
from .charts import Chart, chart_axes, finish, matplotlib_ready
from .errors import SudokuError
from .i18n import _
from .picture import (
    LEGEND_MARK,
    LEGEND_ROW,
    MARGIN,
    TEXT_PX,
    TITLE_PX,
    WIDE,
    Drawing,
    Marker,
    Picture,
    text_width,
    title_lines,
    titles_width,
)
from .template import Gain
from .watch import CallNode, Recording
from .watch.tree import answers_in
from .words import number, picture_text, plural

if TYPE_CHECKING:
    from matplotlib.axes import Axes

MAX_CALL_NODES = 400
"""Past this many nodes a tree is a smear: watch a smaller case instead."""
LABELS_UP_TO = 80
"""Nodes are labelled with their choice when the tree has at most this many."""
MIN_GAP = 40.0
"""Pixels between neighbouring leaves at the least: room for a marker and a short label."""


def call_tree_legend(statuses: set[str]) -> list[tuple[Marker, str]]:
    """One entry a status present in the tree: its marker, as the tree draws it, and its words."""

    def marker(status: str) -> Marker:
        return lambda drawing, x, y: drawing.raw(marker_svg(status, x, y))

    return [
        (marker(status), picture_text(key))
        for status, (*_, key) in MARKERS.items()
        if status in statuses
    ]


def leaf_gap(root: CallNode, labelled: bool) -> float:
    """Pixels between neighbouring leaves: as close as the widest label on a crowded level
    allows (a level of one call, the first, has room for a long name), at most the stepper's."""
    levels: dict[int, list[str]] = {}
    pending = [(root, 0)]
    while pending:
        node, depth = pending.pop()
        if node.status != "pruned":
            levels.setdefault(depth, []).append(short_label(node.label))
        pending.extend((child, depth + 1) for child in node.children)
    crowded = [label for labels in levels.values() if len(labels) > 1 for label in labels]
    widest = max((text_width(label, LABEL_SIZE) for label in crowded), default=0.0)
    return min(GAP_X, max(MIN_GAP, widest + MARGIN)) if labelled else MIN_GAP


def draw_call_tree(
    tree: CallNode | Recording, title: str | None = None, current: int | None = None
) -> Picture:
    """Draw a call tree (or a Recording's): a node per call, marked solved, dead end, pruned,
    each by its shape as well as its colour; depths named at the left, the legend at the top.

    `current` is the number of a call to ring (the stepper's current call).
    """
    root = tree.tree() if isinstance(tree, Recording) else tree
    nodes = list(root.walk())
    if len(nodes) > MAX_CALL_NODES:
        raise SudokuError(
            _(
                "this call tree has {count} nodes; a picture stays readable up to {most}, so "
                "watch a smaller case"
            ).format(count=number(len(nodes)), most=MAX_CALL_NODES)
        )
    if title is None:
        calls = sum(1 for n in nodes if n.status != "pruned")
        solved = answers_in(root)
        title = picture_text(
            "call tree title", name=root.label, calls=plural(calls, "call"), solved=number(solved)
        )
    labelled = len(nodes) <= LABELS_UP_TO
    calls_svg, tree_width, tree_height = TreePicture(root, leaf_gap(root, labelled)).whole(
        current, labelled
    )
    depth = round(tree_height / GAP_Y)
    names = [picture_text("depth", depth=d) for d in range(depth + 1)]
    gutter = max(text_width(name, TEXT_PX) for name in names) + 2 * MARGIN
    lines = title_lines(title)
    drawing = Drawing()
    legend_y = MARGIN + len(lines) * TITLE_PX * 1.35 + 6 + LEGEND_MARK / 2
    legend_right = drawing.legend(call_tree_legend({n.status for n in nodes}), MARGIN, legend_y)
    top = legend_y + LEGEND_ROW + 2 * RADIUS
    left = gutter + 3 * MARGIN  # room for half a label left of the first leaf
    for d, name in enumerate(names):
        drawing.text(gutter - MARGIN, top + d * GAP_Y, name, TEXT_PX, "depth-name", anchor="end")
    drawing.raw(f'<g class="calls" transform="translate({left:.1f} {top:.1f})">{calls_svg}</g>')
    width = max(left + tree_width + 3 * MARGIN, legend_right + MARGIN, titles_width(lines))
    drawing.title(lines, width, MARGIN, centred=width <= WIDE)
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
    names = [f"{g.problem.number} {g.problem.title}" for g in gains]
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
