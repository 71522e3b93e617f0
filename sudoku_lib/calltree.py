"""The call tree of a watched run, drawn for the stepper as SVG (no matplotlib: it must work in
a browser's Python too): a node per call, labelled by the choice made just before it. Each
status has its own marker shape as well as its colour (solved: a star, dead end: a cross,
pruned: a hollow square on a dashed edge, raised: a diamond), so the picture reads in grey-scale
and for a colour-blind viewer; the path to each answer is drawn thick once the answer is back.
`sudoku_lib.tree_figures` draws the whole tree on a page with the same layout and markers.
"""

from __future__ import annotations

import bisect
import math
import sys
from html import escape

from . import style
from .watch.tree import CallNode

# marker, face colour, edge colour, size, legend (a key of words.PICTURE_TEXT); every face has
# >= 3:1 contrast on white
MARKERS = {
    "solved": ("*", style.PLACED, style.GRID_THICK, 20, "call solved"),
    "dead end": ("X", "#b91c1c", "#b91c1c", 12, "call dead end"),
    "pruned": ("s", "white", "#4b5563", 9, "call pruned"),
    "raised": ("D", "#c2410c", style.GRID_THICK, 12, "call raised"),
    "open": ("^", "#6b7280", style.GRID_THICK, 12, "call open"),
    "": ("o", "#d1d5db", style.GRID_THICK, 11, "call deeper"),
}
CURRENT_RING = "#111827"


def layout(root: CallNode) -> dict[int, tuple[float, float]]:
    """x, y per node (by id): leaves side by side in call order, parents centred above. Without
    recursion: a watched run may be 500 calls deep."""
    places: dict[int, tuple[float, float]] = {}
    next_leaf = 0.0
    pending: list[tuple[CallNode, int, bool]] = [(root, 0, False)]
    while pending:
        node, depth, children_placed = pending.pop()
        if not node.children:
            places[id(node)] = (next_leaf, -depth)
            next_leaf += 1
        elif children_placed:
            first, last = places[id(node.children[0])][0], places[id(node.children[-1])][0]
            places[id(node)] = ((first + last) / 2, -depth)
        else:
            pending.append((node, depth, True))
            pending.extend((child, depth + 1, False) for child in reversed(node.children))
    return places


SVG_NODE = {  # the same shapes and colours as the picture, drawn by the browser
    "solved": '<polygon points="{star}" fill="{fill}" stroke="#111827"/>',
    "dead end": (
        '<path d="M{x1},{y1}L{x2},{y2}M{x1},{y2}L{x2},{y1}" stroke="{fill}" stroke-width="3"/>'
    ),
    "pruned": '<rect x="{x1}" y="{y1}" width="{w}" height="{w}" fill="white" stroke="{edge}"/>',
}


VIEW_WIDTH = 640
"""Pixels of call tree shown beside the board: with the board, inside JupyterLab's notebook at
1280x800. The tree is cropped around the current call, never the widget widened."""
VIEW_HEIGHT = 400
GAP_X, GAP_Y = 84.0, 56.0  # pixels between neighbouring leaves, and between levels
RADIUS = 7.0
LABEL_SIZE = 12  # px: readable on a projector
LABEL_CHARACTERS = 20


class TreePicture:
    """A call tree drawn a window at a time: laid out once, then each frame draws only the
    calls inside a VIEW_WIDTH x VIEW_HEIGHT window around the current call, found by bisection
    per level, so a frame costs the same at 100 or 100,000 calls."""

    def __init__(self, root: CallNode, gap_x: float = GAP_X) -> None:
        self.gap_x = gap_x  # a whole tree on a page packs leaves closer when labels are short
        self.places = layout(root)
        self.parent: dict[int, CallNode] = {}
        self.levels: dict[int, list[tuple[float, int, CallNode]]] = {}
        self.by_start: list[CallNode] = []
        for node in root.walk():
            x, y = self.places[id(node)]
            self.levels.setdefault(int(-y), []).append((x, len(self.by_start), node))
            self.by_start.append(node)
            for child in node.children:
                self.parent[id(child)] = node
        for level in self.levels.values():
            level.sort(key=lambda item: (item[0], item[1]))
        self.starts = [node.start for node in self.by_start]
        self.calls = {node.call: node for node in self.by_start if node.call is not None}

    def at(self, node: CallNode) -> tuple[float, float]:
        """A node's place in pixels."""
        x, y = self.places[id(node)]
        return x * self.gap_x, -y * GAP_Y

    def focus(self, position: int, current: int | None) -> CallNode:
        """The call to centre on: the current one, else the last begun by this position."""
        if current is not None and current in self.calls:
            return self.calls[current]
        index = max(bisect.bisect_right(self.starts, position) - 1, 0)
        return self.by_start[index]

    def visible(self, left: float, top: float, position: int) -> list[CallNode]:
        """The calls begun by `position` whose places fall in the window (a node's width of
        margin, so an edge into the window is drawn)."""
        shown: list[CallNode] = []
        first, last = int(top // GAP_Y) - 1, int((top + VIEW_HEIGHT) // GAP_Y) + 1
        for depth in range(max(first, 0), last + 1):
            level = self.levels.get(depth, [])
            low = bisect.bisect_left(level, (left / self.gap_x - 1, -1))
            right = (left + VIEW_WIDTH) / self.gap_x + 1
            high = bisect.bisect_right(level, (right, len(self.starts)))
            shown.extend(node for _, _, node in level[low:high] if node.start <= position)
        return shown

    def svg(self, position: int, current: int | None) -> str:
        """The window of the tree around the current call, as SVG."""
        fx, fy = self.at(self.focus(position, current))
        left, top = fx - VIEW_WIDTH / 2, max(fy - VIEW_HEIGHT * 0.6, -GAP_Y / 2)  # callers above
        shown = self.visible(left, top, position)
        edges = [self.edge(node, position) for node in shown if id(node) in self.parent]
        nodes = [self.node(node, position, current) for node in shown]
        box = f"{left:.0f} {top:.0f} {VIEW_WIDTH} {VIEW_HEIGHT}"
        return (
            f'<svg class="sdk-calltree" width="{VIEW_WIDTH}" height="{VIEW_HEIGHT}" '
            f'viewBox="{box}" role="img" aria-label="call tree, around the current call">'
            f"{''.join(edges)}{''.join(nodes)}</svg>"
        )

    def edge(self, node: CallNode, position: int) -> str:
        """The line from a node's caller to it: dashed to a pruned branch, thick and blue on the
        way to an answer once the answer has come back."""
        px, py = self.at(self.parent[id(node)])
        x, y = self.at(node)
        dash = ' stroke-dasharray="4 3"' if node.status == "pruned" else ""
        back = node.on_path and node.end is not None and node.end <= position
        colour, width = (style.PLACED, 3) if back else (style.GRID_THIN, 1.5)
        return (
            f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/>'
        )

    def node(
        self, node: CallNode, position: int, current: int | None, labelled: bool = True
    ) -> str:
        """A node's marker (its status's shape, once known), ring if current, and label."""
        x, y = self.at(node)
        known = node.end if node.known_at is None else node.known_at
        status = node.status if known is not None and known <= position else ""
        shape = marker_svg(status, x, y)
        r = RADIUS
        if node.call is not None and node.call == current:
            ring = f'r="{r * 1.9}" fill="none" stroke="{CURRENT_RING}" stroke-width="2.5"'
            shape += f'<circle cx="{x:.1f}" cy="{y:.1f}" {ring} data-current="{node.call}"/>'
        if status != "pruned" and labelled:
            where = f'x="{x:.1f}" y="{y + r + LABEL_SIZE + 1:.1f}" text-anchor="middle"'
            text = escape(short_label(node.label))
            halo = 'stroke="white" stroke-width="3" paint-order="stroke"'  # edges stay behind it
            shape += f'<text {where} font-size="{LABEL_SIZE}" {halo}>{text}</text>'
        return shape

    def whole(self, current: int | None, labelled: bool) -> tuple[str, float, float]:
        """Every call of a finished run, as SVG from (0, 0): the elements, width and height."""
        done = sys.maxsize  # every status is known
        edges = [self.edge(node, done) for node in self.by_start if id(node) in self.parent]
        marks = [self.node(node, done, current, labelled) for node in self.by_start]
        width = max(x for x, _ in self.places.values()) * self.gap_x
        height = -min(y for _, y in self.places.values()) * GAP_Y
        return "".join(edges + marks), width, height


def marker_svg(status: str, x: float, y: float, r: float = RADIUS) -> str:
    """The marker of a call with this status at (x, y): its shape for solved, dead end and
    pruned, a circle of its colour otherwise."""
    _, fill, edge, _, _ = MARKERS.get(status, MARKERS[""])
    if status not in SVG_NODE:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#111827"/>'
    star = " ".join(
        f"{x + r * 1.4 * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5):.1f},"
        f"{y - r * 1.4 * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5):.1f}"
        for k in range(10)
    )
    return SVG_NODE[status].format(
        star=star, fill=fill, edge=edge, x1=x - r, y1=y - r, x2=x + r, y2=y + r, w=2 * r
    )


def short_label(label: str) -> str:
    """A label cut to LABEL_CHARACTERS, so neighbours do not run into each other."""
    if len(label) <= LABEL_CHARACTERS:
        return label
    return label[: LABEL_CHARACTERS - 1] + "…"
