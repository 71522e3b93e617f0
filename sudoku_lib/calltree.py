"""Pictures of a watched run: the call tree of a learner's recursion, and notebook 08's chart of
calls saved by pruning.

The call tree draws `Recording.tree()`: a node per call, labelled by the choice made just before
it. Each status has its own marker shape as well as its colour (solved: a star, dead end: a
cross, pruned: a hollow square on a dashed edge, raised: a diamond), so the picture reads in
grey-scale and for a colour-blind viewer; the path to each solution is drawn thick.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from . import style
from .errors import SudokuError
from .template import Gain
from .watch import CallNode, Recording
from .words import number, plural

MAX_CALL_NODES = 400
"""Past this many nodes a tree is a smear: watch a smaller case instead."""
LABELS_UP_TO = 80
"""Nodes are labelled with their choice when the tree has at most this many."""

# marker, face colour, edge colour, size, legend text; every face has >= 3:1 contrast on white
MARKERS = {
    "solved": ("*", style.PLACED, style.GRID_THICK, 20, "solved: an answer recorded"),
    "dead end": ("X", "#b91c1c", "#b91c1c", 12, "dead end: nothing found below"),
    "pruned": ("s", "white", "#4b5563", 9, "pruned: a branch skipped"),
    "raised": ("D", "#c2410c", style.GRID_THICK, 12, "raised an exception"),
    "open": ("^", "#6b7280", style.GRID_THICK, 12, "still running when the run stopped"),
    "": ("o", "#d1d5db", style.GRID_THICK, 11, "went deeper"),
}
CURRENT_RING = "#111827"


def layout(root: CallNode) -> dict[int, tuple[float, float]]:
    """x, y per node (by id): leaves side by side in call order, parents centred above."""
    places: dict[int, tuple[float, float]] = {}
    next_leaf = 0.0

    def place(node: CallNode, depth: int) -> float:
        nonlocal next_leaf
        if node.children:
            xs = [place(child, depth + 1) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x, next_leaf = next_leaf, next_leaf + 1
        places[id(node)] = (x, -depth)
        return x

    place(root, 0)
    return places


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
        Line2D([], [], marker=m, ms=min(s, 14), mfc=f, mec=e, ls="none", label=text)
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
            f"this call tree has {number(len(nodes))} nodes; a picture stays readable up to "
            f"{MAX_CALL_NODES}, so watch a smaller case"
        )
    places = layout(root)
    width = max(x for x, _ in places.values()) + 1
    depth = int(-min(y for _, y in places.values()))
    if ax is None:
        _, ax = plt.subplots(
            figsize=(min(16.0, max(6.0, 0.45 * width + 3.5)), 0.8 * depth + 1.6),
            layout="constrained",
        )
    draw_edges(ax, nodes, places)
    draw_nodes(ax, nodes, places, len(nodes) <= LABELS_UP_TO, current)
    ax.set_xticks([])
    ax.set_yticks([-d for d in range(depth + 1)], [f"depth {d}" for d in range(depth + 1)])
    ax.tick_params(length=0, labelsize=10)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlim(-0.8, width - 0.2)
    ax.set_ylim(-depth - 0.7, 0.4)
    ax.legend(handles=legend({n.status for n in nodes}), loc="upper left",
              bbox_to_anchor=(1.0, 1.0), fontsize=10, frameon=False)  # fmt: skip
    calls = sum(1 for n in nodes if n.status != "pruned")
    solved = sum(1 for n in nodes if n.status == "solved")
    ax.set_title(title or f"{root.label}: {plural(calls, 'call')}, {number(solved)} solved",
                 fontsize=12)  # fmt: skip
    return ax


def draw_pruning_gains(gains: Sequence[Gain], ax: Axes | None = None) -> Axes:
    """Calls with and without each problem's pruning, on a log scale: plain bars for without,
    hatched for with, so the two read apart without colour."""
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 0.55 * len(gains) + 1.5), layout="constrained")
    names = [f"{g.problem.number} {g.problem.name}" for g in gains]
    ys = range(len(gains))
    edge = style.GRID_THICK
    ax.barh([y + 0.2 for y in ys], [g.calls_unpruned for g in gains], height=0.4,
            color="#9ca3af", edgecolor=edge, label="without pruning")  # fmt: skip
    ax.barh([y - 0.2 for y in ys], [g.calls_pruned for g in gains], height=0.4,
            color=style.PLACED, edgecolor=edge, hatch="//", label="with pruning")  # fmt: skip
    for y, gain in zip(ys, gains, strict=True):
        ax.text(gain.calls_unpruned * 1.1, y + 0.2, f"{gain.ratio:.1f}x fewer calls", va="center",
                fontsize=9)  # fmt: skip
    ax.set_yticks(list(ys), names, fontsize=10)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=max(g.calls_unpruned for g in gains) * 8)  # room for the words
    ax.set_xlabel("calls of the recursive function (log scale)")
    ax.legend(loc="lower right", fontsize=10)
    ax.set_title("what each problem's pruning saves, measured", fontsize=12)
    return ax


SVG_NODE = {  # the same shapes and colours as the picture, drawn by the browser
    "solved": '<polygon points="{star}" fill="{fill}" stroke="#111827"/>',
    "dead end": (
        '<path d="M{x1},{y1}L{x2},{y2}M{x1},{y2}L{x2},{y1}" stroke="{fill}" stroke-width="3"/>'
    ),
    "pruned": '<rect x="{x1}" y="{y1}" width="{w}" height="{w}" fill="white" stroke="{edge}"/>',
}


def tree_svg(root: CallNode, position: int, current: int | None, scale: float = 28.0) -> str:
    """The call tree as far as a stepper has got (`position` steps), as SVG: cheap enough to
    redraw at every step. Calls not made yet are left out; the current call is ringed."""
    nodes = list(root.walk())
    if len(nodes) > MAX_CALL_NODES:
        return (
            f'<div class="sdk-caption">The call tree has {number(len(nodes))} nodes, too many '
            "to draw at each step: your calls are listed beside it.</div>"
        )
    places = layout(root)
    width = (max(x for x, _ in places.values()) + 1) * scale * 1.7
    height = (1 - min(y for _, y in places.values())) * scale * 1.6 + scale
    shown = [n for n in nodes if n.start <= position]
    parts = []

    def at(node: CallNode) -> tuple[float, float]:
        x, y = places[id(node)]
        return (x + 0.5) * scale * 1.7, (-y + 0.5) * scale * 1.6

    for node in shown:
        x, y = at(node)
        for child in node.children:
            if child.start <= position:
                cx, cy = at(child)
                dash = ' stroke-dasharray="4 3"' if child.status == "pruned" else ""
                colour = (
                    style.PLACED
                    if child.on_path and child.end is not None and child.end <= position
                    else style.GRID_THIN
                )
                parts.append(
                    f'<line x1="{x}" y1="{y}" x2="{cx}" y2="{cy}" stroke="{colour}"{dash}/>'
                )
    for node in shown:
        x, y = at(node)
        known = node.end if node.known_at is None else node.known_at
        done = known is not None and known <= position
        status = node.status if done else ""
        r = scale * 0.22
        _, fill, edge, _, _ = MARKERS.get(status, MARKERS[""])
        if status in SVG_NODE:
            star = " ".join(
                f"{x + r * 1.4 * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5):.1f},"
                f"{y - r * 1.4 * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5):.1f}"
                for k in range(10)
            )
            parts.append(
                SVG_NODE[status].format(
                    star=star, fill=fill, edge=edge, x1=x - r, y1=y - r, x2=x + r, y2=y + r, w=2 * r
                )
            )
        else:
            parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#111827"/>')
        if node.call is not None and node.call == current:
            ring = f'r="{r * 1.9}" fill="none" stroke="{CURRENT_RING}" stroke-width="2.5"'
            parts.append(f'<circle cx="{x}" cy="{y}" {ring} data-current="{node.call}"/>')
        if status != "pruned" and len(nodes) <= LABELS_UP_TO:
            where = f'x="{x}" y="{y + r + 11}" font-size="10" text-anchor="middle"'
            parts.append(f"<text {where}>{escape(node.label)}</text>")
    return (
        f'<svg class="sdk-calltree" width="{width:.0f}" height="{height:.0f}" role="img" '
        f'aria-label="call tree">{"".join(parts)}</svg>'
    )
