"""Pictures for the course: boards, clashes, pencil marks, box numbers and search trees, as SVG.

Every picture uses the palette in `style.py`, so a given, a placed digit or a clash looks the same
in every notebook and in the stepper, and is drawn by `picture.Drawing` without matplotlib, so it
shows in a browser's Python too. Each function returns a `Picture` that displays itself; put two
side by side with `side_by_side(a, b)`. Elements carry a class ("given", "placed", "highlight",
"conflict-mark", "node", ...) and cells their 0-based `data-row` and `data-col`, so tests read back
what was drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from . import style
from .board import BLANK, Board, Cell, Digit, box_index, geometry, parse
from .errors import SudokuError
from .picture import (
    LEGEND_MARK,
    LEGEND_ROW,
    MARGIN,
    SMALL_PX,
    TEXT_PX,
    TITLE_PX,
    WIDE,
    Drawing,
    Marker,
    Picture,
    side_by_side,
    text_width,
    title_lines,
    titles_width,
)
from .search.pruned import candidates_of
from .trace import SearchTree, TreeNode
from .validate import Conflict, find_conflicts
from .words import cell_name, picture_text, short_cell_name, status_text

__all__ = [
    "Picture",
    "draw_board",
    "draw_box_indices",
    "draw_conflicts",
    "draw_search_tree",
    "side_by_side",
]

CELL_PX = {4: 64, 9: 52, 16: 38}
"""A cell's side in pixels: a 9x9 board is 468 px, beside a stepper or a second board at 1280."""
CANDIDATE_SCALE = 1.27  # cells grow this much when they hold pencil marks
DIGIT_SCALE = 0.58  # a digit's size as a share of its cell
CANDIDATE_SHARE = 0.6  # a pencil mark's size as a share of its spot (a box-th of the cell)
GUTTER = 52  # room for row and column numbers and their axis name
THICK, THIN = 3.0, 1.0  # line widths between boxes and between cells
BOX_SHADES = ("#f3f4f6", "#dbeafe")  # alternate boxes in the box-number picture
TRIED = "#e5e7eb"  # a tree node the search took back
MAX_TREE_NODES = 300  # wider than this, a tree picture is a smear

CandidateMarks = Mapping[Cell, Iterable[Digit]]


@dataclass(frozen=True)
class Grid:
    """Where a board sits in its picture: its top-left corner and its cell size, in pixels."""

    size: int
    left: float
    top: float
    cell: float

    def corner(self, cell: Cell) -> tuple[float, float]:
        """The top-left pixel of a cell."""
        r, c = cell
        return self.left + c * self.cell, self.top + r * self.cell

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The middle pixel of a cell."""
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2

    @property
    def side(self) -> float:
        return self.size * self.cell


def cell_px(size: int, candidates: bool) -> float:
    """A cell's side: bigger when it holds pencil marks, so each mark stays >= SMALL_PX."""
    if not candidates:
        return CELL_PX[size]
    box = geometry(size).box
    return max(CELL_PX[size] * CANDIDATE_SCALE, box * SMALL_PX / CANDIDATE_SHARE)


def board_frame(
    size: int, cell: float, labels: bool | str, title: str | None
) -> tuple[Drawing, Grid, float, float]:
    """A drawing with the title written and room kept for a size x size board and its labels:
    the drawing, where the board goes, and the picture's width and height."""
    lines = title_lines(title)
    gutter = GUTTER if labels else 0
    side = size * cell
    width = max(side + gutter + 2 * MARGIN, titles_width(lines))
    drawing = Drawing()
    top = drawing.title(lines, width, MARGIN)
    left = (width - side - gutter) / 2 + gutter
    grid = Grid(size, left, top + gutter, cell)
    return drawing, grid, width, grid.top + side + MARGIN


def draw_labels(drawing: Drawing, grid: Grid, labels: bool | str) -> None:
    """Rows and columns numbered as people count them, from 1; `labels="index"` shows the code's
    0-based indices r and c instead (for reading a formula such as the box number)."""
    if not labels:
        return
    as_index = labels == "index"
    px = max(SMALL_PX, min(TEXT_PX + 2, grid.cell * 0.32))
    for i in range(grid.size):
        name = str(i if as_index else i + 1)
        x, y = grid.centre((i, i))
        drawing.text(x, grid.top - 12, name, px, "label-column")
        drawing.text(grid.left - 12, y, name, px, "label-row")
    column = picture_text("column index axis" if as_index else "column axis")
    row = picture_text("row index axis" if as_index else "row axis")
    middle = grid.left + grid.side / 2
    drawing.text(middle, grid.top - 36, column, TEXT_PX, "axis-column", colour=style.CANDIDATE)
    x, y = grid.left - 38, grid.top + grid.side / 2
    drawing.text(x, y, row, TEXT_PX, "axis-row", colour=style.CANDIDATE,
                 transform=f"rotate(-90 {x:.1f} {y:.1f})")  # fmt: skip


def draw_grid(drawing: Drawing, grid: Grid) -> None:
    """Thin lines between cells, then thick lines between boxes and around the board on top."""
    box = geometry(grid.size).box
    for thick in (False, True):
        for i in range(grid.size + 1):
            if (i % box == 0) != thick:
                continue
            width, colour = (THICK, style.GRID_THICK) if thick else (THIN, style.GRID_THIN)
            kind = "grid-thick" if thick else "grid-thin"
            at = i * grid.cell
            for x1, y1, x2, y2 in ((at, 0, at, grid.side), (0, at, grid.side, at)):
                drawing.add(
                    "line", x1=grid.left + x1, y1=grid.top + y1, x2=grid.left + x2,
                    y2=grid.top + y2, stroke=colour, stroke_width=width,
                    stroke_linecap="square", class_=kind,
                )  # fmt: skip


def fill_cell(drawing: Drawing, grid: Grid, cell: Cell, colour: str, kind: str) -> None:
    """Paint one cell's background."""
    x, y = grid.corner(cell)
    drawing.add("rect", x=x, y=y, width=grid.cell, height=grid.cell, fill=colour, class_=kind,
                data_row=cell[0], data_col=cell[1])  # fmt: skip


DIGIT_LOOK = {
    "given": (style.GIVEN, "700"),
    "placed": (style.PLACED, "400"),
    "forced": (style.FORCED, "400"),
}
"""Colour and weight of each kind of digit: a given is bold, so it differs by more than colour."""


def write_digit(drawing: Drawing, grid: Grid, cell: Cell, digit: Digit, kind: str) -> None:
    """A digit in the middle of its cell."""
    colour, weight = DIGIT_LOOK[kind]
    x, y = grid.centre(cell)
    drawing.text(x, y, digit, grid.cell * DIGIT_SCALE, kind, weight=weight, colour=colour,
                 data_row=cell[0], data_col=cell[1])  # fmt: skip


def write_candidates(drawing: Drawing, grid: Grid, cell: Cell, digits: Iterable[Digit]) -> None:
    """Pencil marks: digit k sits in its own spot of a small box x box grid inside the cell."""
    geo = geometry(grid.size)
    spot = grid.cell / geo.box
    x, y = grid.corner(cell)
    for digit in digits:
        sub_r, sub_c = divmod(geo.digits.index(digit), geo.box)
        drawing.text(
            x + (sub_c + 0.5) * spot, y + (sub_r + 0.5) * spot, digit,
            max(SMALL_PX, spot * CANDIDATE_SHARE), "candidate", colour=style.CANDIDATE,
            data_row=cell[0], data_col=cell[1],
        )  # fmt: skip


FRAME_STYLES = {"row": (None, 0.06), "column": ("9 5", 0.14), "box": ("2 5", 0.22)}
"""Each kind of unit's clash frame: its dashes (solid, dashed, dotted) and how far it sits inside
the unit's edge, as a share of a cell, so where a column's frame and a box's frame cross, both
are still seen."""


def outline_unit(drawing: Drawing, grid: Grid, kind: str, index: int) -> None:
    """A thick frame around one row, column or box, to show where a clash is."""
    box = geometry(grid.size).box
    if kind == "row":
        (r, c), rows, columns = (index, 0), 1, grid.size
    elif kind == "column":
        (r, c), rows, columns = (0, index), grid.size, 1
    else:
        (r, c), rows, columns = (box * (index // box), box * (index % box)), box, box
    dashes, share = FRAME_STYLES.get(kind, (None, 0.06))
    inset = share * grid.cell
    x, y = grid.corner((r, c))
    drawing.add(
        "rect", x=x + inset, y=y + inset, width=columns * grid.cell - 2 * inset,
        height=rows * grid.cell - 2 * inset, fill="none", stroke=style.CONFLICT_MARK,
        stroke_width=3.5, stroke_dasharray=dashes,
        stroke_linecap="round" if kind == "box" else None, class_=f"conflict-{kind}",
    )  # fmt: skip


def mark_clash(drawing: Drawing, grid: Grid, cell: Cell) -> None:
    """A small ✕ in the top-right corner of a clashing cell: the clash is shown by a sign, not
    only by the cell's colour."""
    x, y = grid.corner(cell)
    cx, cy, half = x + grid.cell * 0.8, y + grid.cell * 0.2, grid.cell * 0.1
    d = (
        f"M{cx - half:.1f},{cy - half:.1f}L{cx + half:.1f},{cy + half:.1f}"
        f"M{cx - half:.1f},{cy + half:.1f}L{cx + half:.1f},{cy - half:.1f}"
    )
    drawing.add("path", d=d, stroke=style.CONFLICT_MARK, stroke_width=3.0,
                stroke_linecap="round", class_="conflict-mark", data_row=cell[0],
                data_col=cell[1])  # fmt: skip


def draw_board(
    puzzle: object,
    solution: object = None,
    highlight: Iterable[Cell] | Mapping[Cell, str] = (),
    conflicts: bool | Sequence[Conflict] = False,
    candidates: bool | CandidateMarks = False,
    forced: Iterable[Cell] = (),
    title: str | None = None,
    labels: bool | str = False,
) -> Picture:
    """Draw a board: the puzzle's givens bold and near-black, the digits of `solution` in blue.

    `solution` is the filled (or partly filled) board; its digits in cells the puzzle left blank
    are the placed ones (green for cells listed in `forced`). `highlight` paints cells amber (or
    each in its own colour, given a mapping). `conflicts=True` finds the clashes and marks them
    (or pass a list of Conflict). `candidates=True` writes the pencil marks of every empty cell
    (or pass {cell: digits}). `labels=True` numbers rows and columns from 1, as people count;
    `labels="index"` shows the code's 0-based r and c. Each clash is marked three ways: a pale
    fill, a ✕ in the cell, and a frame round the unit (solid for a row, dashed for a column,
    dotted for a box).
    """
    board = parse(puzzle)
    filled = board if solution is None else parse(solution)
    size = len(board)
    cell = cell_px(size, candidates is not False)
    drawing, grid, width, height = board_frame(size, cell, labels, title)
    draw_labels(drawing, grid, labels)
    colours = highlight if isinstance(highlight, Mapping) else dict.fromkeys(highlight, None)
    for spot, colour in colours.items():
        fill_cell(drawing, grid, spot, colour or style.CURRENT, "highlight")
    clashes = find_conflicts(filled) if conflicts is True else list(conflicts or [])
    for clash in clashes:
        for spot in clash.cells:
            fill_cell(drawing, grid, spot, style.CONFLICT, "conflict")
    draw_grid(drawing, grid)
    write_digits(drawing, grid, board, filled, set(forced))
    marks = candidates_of(filled) if candidates is True else (candidates or {})
    for spot, digits in marks.items():
        if filled[spot[0]][spot[1]] == BLANK:
            write_candidates(drawing, grid, spot, digits)
    for clash in clashes:
        outline_unit(drawing, grid, clash.unit, clash.index)
        for spot in clash.cells:
            mark_clash(drawing, grid, spot)
    return drawing.picture(width, height, title or picture_text("board picture", size=size))


def write_digits(
    drawing: Drawing, grid: Grid, board: Board, filled: Board, forced: set[Cell]
) -> None:
    """Every digit: the puzzle's as givens, the rest of `filled` as placed or forced."""
    for r in range(grid.size):
        for c in range(grid.size):
            if board[r][c] != BLANK:
                write_digit(drawing, grid, (r, c), board[r][c], "given")
            elif filled[r][c] != BLANK:
                kind = "forced" if (r, c) in forced else "placed"
                write_digit(drawing, grid, (r, c), filled[r][c], kind)


def draw_conflicts(board: object, title: str | None = None) -> Picture:
    """Draw a board with every clash marked: the cells shaded and crossed, the unit framed.

    The title says each clash in words, one a line, unless a title is given.
    """
    grid = parse(board)
    clashes = find_conflicts(grid)
    if title is None:
        described = [clash.describe() for clash in clashes]
        title = "\n".join(described) if clashes else picture_text("no clashes")
    return draw_board(grid, conflicts=clashes, title=title)


def draw_box_indices(size: int = 9, title: str | None = None) -> Picture:
    """Each cell labelled with its box number, boxes shaded in turn, rows and columns numbered
    by their 0-based index. This is the picture the box formula box * (r // box) + c // box is
    read from."""
    geo = geometry(size)
    if title is None:
        title = f"box = {geo.box}*(r//{geo.box}) + c//{geo.box}"
    drawing, grid, width, height = board_frame(size, CELL_PX[size], "index", title)
    draw_labels(drawing, grid, "index")
    for r, c in geo.cells:
        band, stack = divmod(box_index(r, c, geo.box), geo.box)
        fill_cell(drawing, grid, (r, c), BOX_SHADES[(band + stack) % 2], "box-shade")
    draw_grid(drawing, grid)
    for r, c in geo.cells:
        b = box_index(r, c, geo.box)
        x, y = grid.centre((r, c))
        px = grid.cell * DIGIT_SCALE * (0.8 if b >= 10 else 1.0)
        drawing.text(x, y, str(b), px, "box-index", data_row=r, data_col=c)
    return drawing.picture(width, height, title)


def tree_layout(root: TreeNode) -> dict[int, tuple[float, float]]:
    """x, depth for every node (keyed by id): leaves side by side in search order, a parent
    centred over its children."""
    places: dict[int, tuple[float, float]] = {}
    next_leaf = 0.0

    def place(node: TreeNode) -> float:
        nonlocal next_leaf
        if node.children:
            xs = [place(child) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x, next_leaf = next_leaf, next_leaf + 1
        places[id(node)] = (x, node.depth)
        return x

    place(root)
    return places


def node_kind(node: TreeNode) -> str:
    """What a node of the search tree is: the root, on the solution's path, a dead end, or tried."""
    if node.cell is None:
        return "root"
    if node.on_path:
        return "solution"
    if node.dead_end is not None and not node.children:
        return "dead-end"
    return "node"


NODE_LOOK = {
    "root": (style.GIVEN, "white", 1.0),
    "solution": (style.PLACED, "white", 2.5),
    "dead-end": (style.DEAD_END, "white", 1.0),
    "node": (TRIED, style.GIVEN, 1.0),
}
"""Fill, digit colour and outline width of each kind of node: the path blue with a thick edge, a
dead end vermillion and square, so each reads by shape or edge as well as colour."""
TREE_GAP_X, TREE_GAP_Y = 44.0, 62.0  # pixels between neighbouring leaves, and between depths
NODE_R = 14.0


def node_shape(drawing: Drawing, x: float, y: float, kind: str, r: float = NODE_R) -> None:
    """A node's marker: a diamond for the root, a square for a dead end, else a circle."""
    fill, _, edge = NODE_LOOK[kind]
    look: dict[str, str | float] = {
        "fill": fill,
        "stroke": style.GRID_THICK,
        "stroke_width": edge,
        "class_": kind,
    }
    if kind == "dead-end":
        side = r * 1.75
        drawing.add("rect", x=x - side / 2, y=y - side / 2, width=side, height=side, **look)
    elif kind == "root":
        d = r * 1.25
        points = f"{x:.1f},{y - d:.1f} {x + d:.1f},{y:.1f} {x:.1f},{y + d:.1f} {x - d:.1f},{y:.1f}"
        drawing.add("polygon", points=points, **look)
    else:
        drawing.add("circle", cx=x, cy=y, r=r, **look)


def depth_names(nodes: Sequence[TreeNode]) -> dict[int, str]:
    """For each depth where every node fills the same cell (always so for the naive search),
    a label naming that cell, 1-based."""
    cells: dict[int, set[Cell]] = {}
    for node in nodes:
        if node.cell is not None:
            cells.setdefault(node.depth, set()).add(node.cell)
    names = {}
    for depth, found in cells.items():
        if len(found) == 1:
            (r, c) = next(iter(found))
            names[depth] = cell_name(r, c)
    return names


TREE_LEGEND = (("solution", "tree path"), ("node", "tree tried"), ("dead-end", "tree dead end"))


def tree_legend_entries() -> list[tuple[Marker, str]]:
    """The search tree's legend: each kind of node's marker, drawn small, and its words."""

    def marker(kind: str) -> Marker:
        return lambda drawing, x, y: node_shape(drawing, x, y, kind, r=8)

    return [(marker(kind), picture_text(key)) for kind, key in TREE_LEGEND]


def draw_search_tree(tree: SearchTree, title: str | None = None) -> Picture:
    """Draw every choice of a recorded search: each node is a digit placed, the nodes below it
    the choices made after it. The path to the solution is blue, choices that hit a dead end are
    vermillion squares. A depth where every choice fills the same cell is named at the left;
    elsewhere each node is labelled with its cell.
    """
    if tree.size > MAX_TREE_NODES:
        raise SudokuError(
            f"this search tree has {tree.size:,} nodes; a picture stays readable up to "
            f"{MAX_TREE_NODES}, so record a smaller search (a 4x4 puzzle, or max_nodes=)"
        )
    if title is None:
        title = picture_text(
            "tree title",
            nodes=tree.result.stats.nodes,
            dead_ends=len(tree.dead_ends()),
            status=status_text(tree.result.status),
        )
    nodes = list(tree.root.walk())
    places = tree_layout(tree.root)
    names = {0: picture_text("tree start"), **depth_names(nodes)}
    gutter = max(text_width(name, TEXT_PX) for name in names.values()) + 2 * MARGIN
    leaves = max(x for x, _ in places.values()) + 1
    drawing = Drawing()
    lines = title_lines(title)
    tree_right = gutter + leaves * TREE_GAP_X + MARGIN
    legend_y = MARGIN + len(lines) * TITLE_PX * 1.35 + 6 + LEGEND_MARK / 2
    legend_right = drawing.legend(tree_legend_entries(), MARGIN, legend_y)
    width = max(tree_right, legend_right + MARGIN, titles_width(lines))
    drawing.title(lines, width, MARGIN, centred=width <= WIDE)
    top = legend_y + LEGEND_ROW + NODE_R
    for node in nodes:
        x, y = tree_point(places[id(node)], gutter, top)
        for child in node.children:
            cx, cy = tree_point(places[id(child)], gutter, top)
            on_path = node.on_path and child.on_path
            drawing.add("line", x1=x, y1=y, x2=cx, y2=cy,
                        stroke=style.PLACED if on_path else style.GRID_THIN,
                        stroke_width=3.0 if on_path else 1.2,
                        class_="solution-edge" if on_path else "edge")  # fmt: skip
    for depth, name in names.items():
        drawing.text(gutter - MARGIN, top + depth * TREE_GAP_Y, name, TEXT_PX, "depth-name",
                     anchor="end")  # fmt: skip
    for node in nodes:
        draw_tree_node(drawing, node, tree_point(places[id(node)], gutter, top), names)
    depth = max(node.depth for node in nodes)
    height = top + depth * TREE_GAP_Y + NODE_R * 1.4 + SMALL_PX + MARGIN
    return drawing.picture(width, height, title)


def tree_point(place: tuple[float, float], left: float, top: float) -> tuple[float, float]:
    """A node's pixel from its layout place (leaf number, depth)."""
    x, depth = place
    return left + (x + 0.5) * TREE_GAP_X, top + depth * TREE_GAP_Y


def draw_tree_node(
    drawing: Drawing, node: TreeNode, at: tuple[float, float], names: Mapping[int, str]
) -> None:
    """A node's marker, its digit inside, and its cell below when its depth is not named."""
    x, y = at
    kind = node_kind(node)
    node_shape(drawing, x, y, kind)
    if node.digit is not None:
        drawing.text(x, y, node.digit, 15, "node-digit", weight="700", colour=NODE_LOOK[kind][1])
    if node.cell is not None and node.depth not in names:
        r, c = node.cell
        below = y + NODE_R + 2 + SMALL_PX * 0.6
        drawing.text(x, below, short_cell_name(r, c), SMALL_PX, "cell-label",
                     colour=style.CANDIDATE)  # fmt: skip
