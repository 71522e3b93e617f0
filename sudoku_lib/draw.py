"""Pictures for the course: boards, clashes, pencil marks, box numbers and search trees.

Every picture uses the palette in `style.py`, so a given, a placed digit or a clash looks the same
in every notebook, and sizes its text from the size of its axes, so it reads on a projector.
Each function draws on the axes it is given (or on a new figure) and returns the axes. Artists
carry a gid ("given", "placed", "highlight", "node", ...) so tests can find what was drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from . import style
from .board import BLANK, Cell, Digit, box_index, geometry, parse
from .errors import SudokuError
from .i18n import _
from .search.pruned import candidates_of
from .trace import SearchTree, TreeNode
from .validate import Conflict, find_conflicts
from .words import cell_name, picture_text, short_cell_name

INCHES_PER_CELL = {4: 0.9, 9: 0.6, 16: 0.48}
DIGIT_SCALE = 0.55  # a digit's height as a share of its cell
BOX_SHADES = ("#f3f4f6", "#dbeafe")  # alternate boxes in the box-number picture
SOLUTION_EDGE = style.PLACED
TREE_EDGE = style.GRID_THIN
TRIED = "#e5e7eb"  # a tree node the search took back
MAX_TREE_NODES = 300  # wider than this, a tree picture is a smear

CandidateMarks = Mapping[Cell, Iterable[Digit]]


def new_axes(size: int, ax: Axes | None, scale: float = 1.0) -> Axes:
    """The axes to draw a size x size board on: the one given, or a square new figure."""
    if ax is not None:
        return ax
    side = INCHES_PER_CELL[size] * size * scale
    _, ax = plt.subplots(figsize=(side, side))
    return ax


def figure_inches(ax: Axes) -> tuple[float, float]:
    """Width and height of the figure the axes sit in (the whole figure, for a subfigure)."""
    figure = ax.get_figure(root=True)
    if figure is None:
        raise SudokuError("these axes belong to no figure, so there is nothing to draw on")
    width, height = figure.get_size_inches()
    return float(width), float(height)


def cell_points(ax: Axes, size: int) -> float:
    """How tall one cell is, in points, so text can be sized to fit it at any figure size."""
    width, height = figure_inches(ax)
    box = ax.get_position()
    return float(min(box.width * width, box.height * height) * 72 / size)


def setup_board_axes(ax: Axes, size: int, labels: bool | str) -> None:
    """Square axes with (0, 0) at the top left: cell (r, c) spans x in [c, c+1], y in [r, r+1].

    `labels=True` numbers rows and columns as people count them, from 1; `labels="index"` shows
    the code's 0-based indices r and c instead (for reading a formula such as the box number).
    """
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_aspect("equal")
    ax.set_facecolor(style.BACKGROUND)
    for spine in ax.spines.values():
        spine.set_visible(False)
    if labels:
        ticks = [i + 0.5 for i in range(size)]
        as_index = labels == "index"
        names = [str(i if as_index else i + 1) for i in range(size)]
        ax.set_xticks(ticks, names)
        ax.set_yticks(ticks, names)
        ax.xaxis.tick_top()
        ax.tick_params(length=0, labelsize=max(9, cell_points(ax, size) * 0.3))
        ax.set_xlabel(picture_text("column index axis" if as_index else "column axis"), fontsize=11)
        ax.xaxis.set_label_position("top")
        ax.set_ylabel(picture_text("row index axis" if as_index else "row axis"), fontsize=11)
    else:
        ax.set_xticks([])
        ax.set_yticks([])


def draw_grid(ax: Axes, size: int) -> None:
    """Thin lines between cells, thick lines between boxes and around the board."""
    box = geometry(size).box
    for i in range(size + 1):
        thick = i % box == 0
        width, colour = (2.6, style.GRID_THICK) if thick else (0.8, style.GRID_THIN)
        ax.plot([i, i], [0, size], color=colour, lw=width, zorder=3, solid_capstyle="projecting")
        ax.plot([0, size], [i, i], color=colour, lw=width, zorder=3, solid_capstyle="projecting")


def fill_cell(ax: Axes, cell: Cell, colour: str, gid: str, zorder: float = 1) -> Rectangle:
    """Paint one cell's background; the patch's xy is (column, row)."""
    r, c = cell
    patch = Rectangle((c, r), 1, 1, facecolor=colour, edgecolor="none", zorder=zorder)
    patch.set_gid(gid)
    ax.add_patch(patch)
    return patch


def write_digit(ax: Axes, cell: Cell, digit: Digit, kind: str, points: float) -> None:
    """A digit in the middle of its cell: a given is near-black bold, a placed one blue."""
    colour = {"given": style.GIVEN, "placed": style.PLACED, "forced": style.FORCED}[kind]
    r, c = cell
    ax.text(
        c + 0.5,
        r + 0.53,
        digit,
        ha="center",
        va="center",
        color=colour,
        fontsize=points * DIGIT_SCALE,
        fontweight="bold" if kind == "given" else "normal",
        zorder=4,
        gid=kind,
    )


def write_candidates(
    ax: Axes, cell: Cell, digits: Iterable[Digit], size: int, points: float
) -> None:
    """Pencil marks: digit k sits in its own spot of a small box x box grid inside the cell."""
    geo = geometry(size)
    r, c = cell
    for digit in digits:
        k = geo.digits.index(digit)
        sub_r, sub_c = divmod(k, geo.box)
        ax.text(
            c + (sub_c + 0.5) / geo.box,
            r + (sub_r + 0.55) / geo.box,
            digit,
            ha="center",
            va="center",
            color=style.CANDIDATE,
            fontsize=points * DIGIT_SCALE / geo.box * 1.15,
            zorder=4,
            gid="candidate",
        )


FRAME_STYLES = {"row": ("solid", 0.06), "column": ("dashed", 0.14), "box": ("dotted", 0.22)}
"""Each kind of unit's clash frame: its line style and how far it sits inside the unit's edge,
so where a column's frame and a box's frame cross, both are still seen."""


def outline_unit(ax: Axes, kind: str, index: int, size: int) -> None:
    """A thick frame around one row, column or box, to show where a clash is; rows, columns and
    boxes are framed in different line styles, each a little inside the one before."""
    box = geometry(size).box
    if kind == "row":
        xy, width, height = (0, index), size, 1
    elif kind == "column":
        xy, width, height = (index, 0), 1, size
    else:
        xy, width, height = (box * (index % box), box * (index // box)), box, box
    line, inset = FRAME_STYLES.get(kind, ("solid", 0.06))
    frame = Rectangle(
        (xy[0] + inset, xy[1] + inset), width - 2 * inset, height - 2 * inset, fill=False,
        edgecolor=style.CONFLICT_MARK, lw=3.5, linestyle=line, zorder=5,
    )  # fmt: skip
    frame.set_gid(f"conflict-{kind}")
    ax.add_patch(frame)


def mark_clash(ax: Axes, cell: Cell) -> None:
    """A small ✕ in the top-right corner of a clashing cell: the clash is shown by a sign, not
    only by the cell's colour."""
    r, c = cell
    ax.plot([c + 0.82], [r + 0.2], marker="X", ms=11, mfc=style.CONFLICT_MARK, mec="white",
            mew=0.8, ls="none", zorder=6, gid="conflict-mark")  # fmt: skip


def draw_board(
    puzzle: object,
    solution: object = None,
    ax: Axes | None = None,
    highlight: Iterable[Cell] | Mapping[Cell, str] = (),
    conflicts: bool | Sequence[Conflict] = False,
    candidates: bool | CandidateMarks = False,
    forced: Iterable[Cell] = (),
    title: str | None = None,
    labels: bool | str = False,
) -> Axes:
    """Draw a board: the puzzle's givens in bold near-black, the digits of `solution` in blue.

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
    made_here = ax is None
    ax = new_axes(size, ax, scale=1.35 if candidates is not False and size == 9 else 1.0)
    setup_board_axes(ax, size, labels)
    points = cell_points(ax, size)
    colours = highlight if isinstance(highlight, Mapping) else dict.fromkeys(highlight, None)
    for cell, colour in colours.items():
        fill_cell(ax, cell, colour or style.CURRENT, "highlight")
    clashes = find_conflicts(filled) if conflicts is True else list(conflicts or [])
    for conflict in clashes:
        for cell in conflict.cells:
            fill_cell(ax, cell, style.CONFLICT, "conflict", zorder=1.5)
            mark_clash(ax, cell)
        outline_unit(ax, conflict.unit, conflict.index, size)
    forced_cells = set(forced)
    for r in range(size):
        for c in range(size):
            if board[r][c] != BLANK:
                write_digit(ax, (r, c), board[r][c], "given", points)
            elif filled[r][c] != BLANK:
                kind = "forced" if (r, c) in forced_cells else "placed"
                write_digit(ax, (r, c), filled[r][c], kind, points)
    marks = candidates_of(filled) if candidates is True else (candidates or {})
    for cell, digits in marks.items():
        if filled[cell[0]][cell[1]] == BLANK:
            write_candidates(ax, cell, digits, size, points)
    draw_grid(ax, size)
    if title:
        ax.set_title(title, fontsize=title_points(ax, title, points), pad=12)
        if made_here:  # leave room for a title of several lines (one line a clash)
            ax.figure.subplots_adjust(top=0.9 - 0.06 * title.count("\n"))
    return ax


def title_points(ax: Axes, title: str, cell: float) -> float:
    """A title's font size: big enough for the back of the room, small enough that its longest
    line fits across the figure (a character is about 0.6 of the font size wide)."""
    longest = max(len(line) for line in title.splitlines())
    fits = figure_inches(ax)[0] * 72 * 0.95 / (0.6 * longest)
    return min(16.0, max(12.0, cell * 0.4), fits)


def draw_conflicts(board: object, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Draw a board with every clash marked: the cells in red, the unit they share framed.

    The title says the first clash in words unless a title is given.
    """
    grid = parse(board)
    clashes = find_conflicts(grid)
    if title is None:
        described = [clash.describe() for clash in clashes]
        title = "\n".join(described) if clashes else picture_text("no clashes")
    return draw_board(grid, ax=ax, conflicts=clashes, title=title)


def draw_box_indices(size: int = 9, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Each cell labelled with its box number, boxes shaded in turn, rows and columns numbered.

    This is the picture the box formula box * (r // box) + c // box is read from.
    """
    geo = geometry(size)
    ax = new_axes(size, ax)
    setup_board_axes(ax, size, labels="index")
    points = cell_points(ax, size)
    for r, c in geo.cells:
        b = box_index(r, c, geo.box)
        band, stack = divmod(b, geo.box)
        fill_cell(ax, (r, c), BOX_SHADES[(band + stack) % 2], "box-shade")
        ax.text(
            c + 0.5,
            r + 0.53,
            str(b),
            ha="center",
            va="center",
            color=style.GIVEN,
            fontsize=points * DIGIT_SCALE * (0.8 if b >= 10 else 1.0),
            zorder=4,
            gid="box-index",
        )
    draw_grid(ax, size)
    if title is None:
        title = f"box = {geo.box}*(r//{geo.box}) + c//{geo.box}"
    ax.set_title(title, fontsize=min(16, max(12, points * 0.4)), pad=12)
    return ax


def tree_layout(root: TreeNode) -> dict[int, tuple[float, float]]:
    """x, y for every node (keyed by id): leaves side by side in search order, a parent centred
    over its children, depth going down."""
    places: dict[int, tuple[float, float]] = {}
    next_leaf = 0.0

    def place(node: TreeNode) -> float:
        nonlocal next_leaf
        if node.children:
            xs = [place(child) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x, next_leaf = next_leaf, next_leaf + 1
        places[id(node)] = (x, -node.depth)
        return x

    place(root)
    return places


def node_style(node: TreeNode) -> tuple[str, str, str]:
    """Fill colour, text colour and gid of a node: solution path blue, dead ends red."""
    if node.cell is None:
        return style.GIVEN, "white", "root"
    if node.on_path:
        return style.PLACED, "white", "solution"
    if node.dead_end is not None and not node.children:
        return style.DEAD_END, "white", "dead-end"
    return TRIED, style.GIVEN, "node"


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


def draw_search_tree(tree: SearchTree, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Draw every choice of a recorded search: each dot is a digit placed, the dots below it the
    choices made after it. The path to the solution is blue, choices that hit a dead end red.
    """
    if tree.size > MAX_TREE_NODES:
        raise SudokuError(
            _(
                "this search tree has {count} nodes; a picture stays readable up to {most}, so "
                "record a smaller search (a 4x4 puzzle, or max_nodes=)"
            ).format(count=f"{tree.size:,}", most=MAX_TREE_NODES)
        )
    nodes = list(tree.root.walk())
    places = tree_layout(tree.root)
    width = max(x for x, _ in places.values()) + 1
    depth = max(node.depth for node in nodes)
    if ax is None:
        _figure, ax = plt.subplots(
            figsize=(max(5.0, 0.6 * width + 2.0) + 3.0, 0.55 * depth + 1.8), layout="constrained"
        )
    for node in nodes:
        x, y = places[id(node)]
        for child in node.children:
            cx, cy = places[id(child)]
            on_path = node.on_path and child.on_path
            ax.plot(
                [x, cx],
                [y, cy],
                color=SOLUTION_EDGE if on_path else TREE_EDGE,
                lw=3 if on_path else 1.2,
                zorder=1,
                gid="solution-edge" if on_path else "edge",
            )
    names = depth_names(nodes)
    for node in nodes:
        x, y = places[id(node)]
        fill, text_colour, gid = node_style(node)
        ax.plot([x], [y], marker=NODE_SHAPES.get(gid, "o"), ms=22, mfc=fill, mec=style.GRID_THICK,
                mew=2.5 if gid == "solution" else 1, ls="none", zorder=2, gid=gid)  # fmt: skip
        if node.digit is not None:
            ax.text(x, y, node.digit, ha="center", va="center_baseline", color=text_colour,
                    fontsize=12, fontweight="bold", zorder=3)  # fmt: skip
        if node.cell is not None and node.depth not in names:  # cells vary at this depth
            r, c = node.cell
            ax.text(x, y - 0.38, short_cell_name(r, c), ha="center", va="top", fontsize=8,
                    color=style.CANDIDATE, zorder=3, gid="cell-label")  # fmt: skip
    ax.set_yticks(
        [0, *(-d for d in sorted(names))],
        [picture_text("tree start"), *(names[d] for d in sorted(names))],
    )
    ax.tick_params(length=0, labelsize=11)
    ax.set_xticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth - 0.6, 0.6)
    ax.legend(handles=tree_legend(), loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=11,
              frameon=False)  # fmt: skip
    if title is None:
        stats = tree.result.stats
        title = picture_text(
            "tree title",
            nodes=stats.nodes,
            dead_ends=len(tree.dead_ends()),
            status=tree.result.status,
        )
    ax.set_title(title, fontsize=13)
    return ax


NODE_SHAPES = {"dead-end": "s", "root": "D"}
"""A dead end is a square, so it is told from a circle by its shape as well as its red."""


def legend_dot(colour: str, text: str, shape: str = "o", edge: float = 1.0) -> Line2D:
    """A legend entry that looks like a node of the tree."""
    return Line2D(
        [], [], marker=shape, ms=12, mfc=colour, mec=style.GRID_THICK, mew=edge, ls="none",
        label=text,
    )  # fmt: skip


def tree_legend() -> list[Line2D]:
    """The search tree's legend, in the language chosen when the tree is drawn."""
    return [
        legend_dot(style.PLACED, picture_text("tree path"), edge=2.5),
        legend_dot(TRIED, picture_text("tree tried")),
        legend_dot(style.DEAD_END, picture_text("tree dead end"), shape="s"),
    ]
