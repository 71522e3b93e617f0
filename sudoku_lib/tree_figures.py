"""Matplotlib figures of a watched run, for notebook 08: the whole call tree of a learner's
recursion (`draw_call_tree`), with the markers and layout of `sudoku_lib.calltree`, and the
chart of calls saved by pruning (`draw_pruning_gains`)."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from . import style
from .calltree import CURRENT_RING, MARKERS, layout
from .errors import SudokuError
from .i18n import _
from .template import Gain
from .watch import CallNode, Recording
from .words import number, plural

MAX_CALL_NODES = 400
"""Past this many nodes a tree is a smear: watch a smaller case instead."""
LABELS_UP_TO = 80
"""Nodes are labelled with their choice when the tree has at most this many."""

LABEL_BACKING = {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.9}
"""A white card behind each label, so the edges that cross it do not strike the words out."""


def draw_edges(ax: Axes, nodes: list[CallNode], places: dict[int, tuple[float, float]]) -> None:
    """A line from each call to each of its children; thick blue on the way to a solution."""
    for node in nodes:
        x, y = places[id(node)]
        for child in node.children:
            cx, cy = places[id(child)]
            if child.status == "pruned":
                ax.plot([x, cx], [y, cy], color="#6b7280", lw=1, ls=(0, (3, 2)), zorder=1,
                        gid="pruned-edge")  # fmt: skip
            elif child.on_path:
                ax.plot([x, cx], [y, cy], color=style.PLACED, lw=2.6, zorder=1, gid="path-edge")
            else:
                ax.plot([x, cx], [y, cy], color=style.GRID_THIN, lw=1.1, zorder=1, gid="edge")


def draw_nodes(
    ax: Axes,
    nodes: list[CallNode],
    places: dict[int, tuple[float, float]],
    labels: bool,
    current: int | None,
) -> None:
    """A marker per call by its status, its label below it, a ring around the current call."""
    for node in nodes:
        x, y = places[id(node)]
        marker, face, edge, size, _ = MARKERS.get(node.status, MARKERS[""])
        ax.plot([x], [y], marker=marker, ms=size, mfc=face, mec=edge, mew=1.2, ls="none",
                zorder=2, gid=node.status.replace(" ", "-") or "call")  # fmt: skip
        if node.call is not None and node.call == current:
            ax.plot([x], [y], marker="o", ms=size + 12, mfc="none", mec=CURRENT_RING, mew=2.5,
                    ls="none", zorder=3, gid="current")  # fmt: skip
        if labels and node.status != "pruned":
            ax.text(x, y - 0.22, node.label, ha="center", va="top", fontsize=9,
                    color=style.GIVEN, zorder=3, gid="label", bbox=LABEL_BACKING)  # fmt: skip


def legend(statuses: set[str]) -> list[Line2D]:
    """Legend entries for the statuses present in this tree."""
    return [
        Line2D([], [], marker=m, ms=min(s, 14), mfc=f, mec=e, ls="none", label=_(text))
        for status, (m, f, e, s, text) in MARKERS.items()
        if status in statuses
    ]


def draw_call_tree(
    tree: CallNode | Recording,
    ax: Axes | None = None,
    title: str | None = None,
    current: int | None = None,
) -> Axes:
    """Draw a call tree (or a Recording's): a node per call, marked solved, dead end, pruned.

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
    places = layout(root)
    width = max(x for x, _ in places.values()) + 1
    depth = int(-min(y for _, y in places.values()))
    if ax is None:
        _figure, ax = plt.subplots(
            figsize=(min(16.0, max(6.0, 0.45 * width + 3.5)), 0.8 * depth + 1.6),
            layout="constrained",
        )
    draw_edges(ax, nodes, places)
    draw_nodes(ax, nodes, places, len(nodes) <= LABELS_UP_TO, current)
    ax.set_xticks([])
    levels = range(depth + 1)
    ax.set_yticks([-d for d in levels], [_("depth {depth}").format(depth=d) for d in levels])
    ax.tick_params(length=0, labelsize=10)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlim(-0.8, width - 0.2)
    ax.set_ylim(-depth - 0.7, 0.4)
    ax.legend(handles=legend({n.status for n in nodes}), loc="upper left",
              bbox_to_anchor=(1.0, 1.0), fontsize=10, frameon=False)  # fmt: skip
    calls = sum(1 for n in nodes if n.status != "pruned")
    solved = sum(1 for n in nodes if n.status == "solved")
    said = _("{label}: {calls}, {solved} solved").format(
        label=root.label, calls=plural(calls, "call"), solved=number(solved)
    )
    ax.set_title(title or said,
                 fontsize=12)  # fmt: skip
    return ax


def draw_pruning_gains(gains: Sequence[Gain], ax: Axes | None = None) -> Axes:
    """Calls with and without each problem's pruning, on a log scale: plain bars for without,
    hatched for with, so the two read apart without colour."""
    if ax is None:
        _figure, ax = plt.subplots(figsize=(8, 0.55 * len(gains) + 1.5), layout="constrained")
    names = [f"{g.problem.number} {g.problem.title}" for g in gains]
    ys = range(len(gains))
    edge = style.GRID_THICK
    ax.barh([y + 0.2 for y in ys], [g.calls_unpruned for g in gains], height=0.4,
            color="#9ca3af", edgecolor=edge, label=_("without pruning"))  # fmt: skip
    ax.barh([y - 0.2 for y in ys], [g.calls_pruned for g in gains], height=0.4,
            color=style.PLACED, edgecolor=edge, hatch="//", label=_("with pruning"))  # fmt: skip
    for y, gain in zip(ys, gains, strict=True):
        fewer = _("{ratio}x fewer calls").format(ratio=f"{gain.ratio:.1f}")
        ax.text(gain.calls_unpruned * 1.1, y + 0.2, fewer, va="center",
                fontsize=9)  # fmt: skip
    ax.set_yticks(list(ys), names, fontsize=10)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=max(g.calls_unpruned for g in gains) * 8)  # room for the words
    ax.set_xlabel(_("calls of the recursive function (log scale)"))
    ax.legend(loc="lower right", fontsize=10)
    ax.set_title(_("what each problem's pruning saves, measured"), fontsize=12)
    return ax
