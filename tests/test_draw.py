"""The course's pictures: they draw at every size, and what they mark is what should be marked.

Each test reads the artists back (texts, patches and lines carry a gid) and compares them with an
answer worked out here by brute force, not by the drawing code.
"""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from sudoku_lib import SudokuError, parse, solve, style
from sudoku_lib.draw import (
    draw_board,
    draw_box_indices,
    draw_conflicts,
    draw_search_tree,
)
from sudoku_lib.puzzles import SAMPLE, SAMPLE_INVALID, TREE_4X4
from sudoku_lib.trace import record_tree

FOUR = "1.....3..1.....2"
VARIED = "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6....."
"""A top95 puzzle on which the pruned search branches on different cells at one depth."""
SIXTEEN_ROW = "123456789ABCDEFG"


@pytest.fixture(autouse=True)
def close_figures():
    """Every test starts and ends with no figure open."""
    yield
    plt.close("all")


def texts(ax, gid):
    """{(row, col): text} for the texts with this gid, located by the cell under their centre."""
    return {
        (int(t.get_position()[1]), int(t.get_position()[0])): t.get_text() for t in by_gid(ax, gid)
    }


def by_gid(ax, gid):
    """All artists of the axes with this gid."""
    return [a for a in ax.get_children() if a.get_gid() == gid]


def patch_cells(ax, gid):
    """The cells painted by the rectangles with this gid."""
    return {(int(p.get_y()), int(p.get_x())) for p in by_gid(ax, gid)}


def blanks(board):
    return {(r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == "."}


def sixteen_puzzle():
    """A valid 16x16 board with a few blanks: rows are shifts of one row (a Latin pattern)."""
    shift = [4 * (r % 4) + r // 4 for r in range(16)]
    rows = [SIXTEEN_ROW[s:] + SIXTEEN_ROW[:s] for s in shift]
    return ["." * 3 + row[3:] if r % 5 == 0 else row for r, row in enumerate(rows)]


def same_unit(a, b, size):
    """Brute-force definition: two cells share a row, a column, or a box-sized square block."""
    box = {4: 2, 9: 3, 16: 4}[size]
    same_block = a[0] // box == b[0] // box and a[1] // box == b[1] // box
    return a[0] == b[0] or a[1] == b[1] or same_block


@pytest.mark.parametrize(
    "puzzle", [FOUR, SAMPLE, "".join(sixteen_puzzle())], ids=["4x4", "9x9", "16x16"]
)
def test_givens_bold_and_placed_blue_at_every_size(puzzle):
    board = parse(puzzle)
    solution = solve(board).solution
    ax = draw_board(board, solution)
    givens = {(r, c): d for r, row in enumerate(board) for c, d in enumerate(row) if d != "."}
    assert texts(ax, "given") == givens
    assert texts(ax, "placed") == {cell: solution[cell[0]][cell[1]] for cell in blanks(board)}
    assert all(t.get_fontweight() == "bold" for t in by_gid(ax, "given"))
    assert {t.get_color() for t in by_gid(ax, "placed")} == {style.PLACED}


def test_forced_cells_are_drawn_apart_from_placed_ones():
    board = parse(SAMPLE)
    solution = solve(board).solution
    ax = draw_board(board, solution, forced=[(0, 2), (0, 3)])
    assert set(texts(ax, "forced")) == {(0, 2), (0, 3)}
    assert (0, 2) not in texts(ax, "placed")


def test_highlight_paints_exactly_the_cells_asked_for():
    cells = [(0, 2), (4, 4), (8, 0)]
    ax = draw_board(SAMPLE, highlight=cells)
    assert patch_cells(ax, "highlight") == set(cells)


def test_highlight_mapping_keeps_each_colour():
    ax = draw_board(SAMPLE, highlight={(1, 1): "#ff0000", (2, 2): "#00ff00"})
    colours = {
        (int(p.get_y()), int(p.get_x())): p.get_facecolor()[:3] for p in by_gid(ax, "highlight")
    }
    assert colours == {(1, 1): (1.0, 0.0, 0.0), (2, 2): (0.0, 1.0, 0.0)}


def test_conflicts_mark_every_clashing_cell_and_the_units():
    board = parse(SAMPLE_INVALID)
    filled = [(r, c) for r in range(9) for c in range(9) if board[r][c] != "."]
    clashing = {
        cell
        for a, b in itertools.combinations(filled, 2)
        if board[a[0]][a[1]] == board[b[0]][b[1]] and same_unit(a, b, 9)
        for cell in (a, b)
    }
    ax = draw_conflicts(board)
    assert patch_cells(ax, "conflict") == clashing
    marked = {(int(m.get_ydata()[0]), int(m.get_xdata()[0])) for m in by_gid(ax, "conflict-mark")}
    assert marked == clashing, "every clashing cell carries a cross, not only a colour"
    assert by_gid(ax, "conflict-box"), "the top-left box should be framed"
    assert "two 8s" in ax.get_title()


def test_a_clash_in_a_column_and_a_box_keeps_both_frames_apart():
    board = parse(SAMPLE)
    board[2][0] = "6"  # a second 6 in column 1, in box 1, and in row 3
    ax = draw_conflicts(board)
    frames = {kind: by_gid(ax, f"conflict-{kind}")[0] for kind in ("row", "column", "box")}
    assert len({frame.get_linestyle() for frame in frames.values()}) == 3
    insets = [frames[kind].get_x() - int(frames[kind].get_x()) for kind in ("column", "box")]
    assert insets[0] != insets[1], "overlapping frames sit at different depths"


def test_a_valid_board_has_no_conflict_marks():
    ax = draw_conflicts(SAMPLE)
    assert patch_cells(ax, "conflict") == set()
    assert "valid" in ax.get_title()


@pytest.mark.parametrize("puzzle", [FOUR, SAMPLE], ids=["4x4", "9x9"])
def test_candidates_are_the_digits_no_peer_holds(puzzle):
    board = parse(puzzle)
    size = len(board)
    digits = "123456789"[:size]
    ax = draw_board(board, candidates=True)
    marks: dict[tuple[int, int], set[str]] = {}
    for t in by_gid(ax, "candidate"):
        x, y = t.get_position()
        marks.setdefault((int(y), int(x)), set()).add(t.get_text())
    expected = {}
    for cell in blanks(board):
        seen = {
            board[r][c]
            for r in range(size)
            for c in range(size)
            if (r, c) != cell and same_unit(cell, (r, c), size)
        }
        left = set(digits) - seen
        if left:
            expected[cell] = left
    assert marks == expected


def test_candidates_can_be_given_as_a_mapping():
    ax = draw_board(SAMPLE, candidates={(0, 2): ["1", "2", "4"]})
    assert sorted(t.get_text() for t in by_gid(ax, "candidate")) == ["1", "2", "4"]


@pytest.mark.parametrize("size", [4, 9, 16])
def test_box_indices_label_square_blocks(size):
    ax = draw_box_indices(size)
    labels = texts(ax, "box-index")
    assert len(labels) == size * size
    box = {4: 2, 9: 3, 16: 4}[size]
    for b in range(size):
        cells = [cell for cell, text in labels.items() if text == str(b)]
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        assert len(cells) == size and len(rows) == box and len(cols) == box
    reading_order = [labels[(r, c)] for r in range(0, size, box) for c in range(0, size, box)]
    assert reading_order == [str(b) for b in range(size)], "boxes number left to right, top down"


def node_markers(ax):
    return {gid: len(by_gid(ax, gid)) for gid in ("root", "solution", "node", "dead-end")}


@pytest.mark.parametrize("method", ["naive", "pruned"])
def test_tree_has_one_node_per_digit_placed_by_choice(method):
    tree = record_tree(TREE_4X4, method=method)
    nodes = solve(TREE_4X4, method).stats.nodes
    assert tree.size == nodes == tree.result.stats.nodes
    ax = draw_search_tree(tree)
    assert sum(node_markers(ax).values()) == nodes + 1  # plus the root


def test_tree_of_the_small_puzzle_has_dead_ends_and_a_full_solution_path():
    tree = record_tree(TREE_4X4)
    board = parse(TREE_4X4)
    path = tree.solution_path()
    assert len(path) == len(blanks(board)), "naive: every blank is one choice on the path"
    for node in path:
        r, c = node.cell
        board[r][c] = node.digit
    assert board == tree.result.solution
    ax = draw_search_tree(tree)
    markers = node_markers(ax)
    assert markers["solution"] == len(path)
    assert markers["dead-end"] == len(tree.dead_ends()) >= 3
    shapes = {gid: {m.get_marker() for m in by_gid(ax, gid)} for gid in ("dead-end", "node")}
    assert shapes["dead-end"].isdisjoint(shapes["node"]), "dead ends differ by shape too"
    assert 15 <= tree.size <= 40


def test_every_node_below_the_root_follows_the_rules():
    tree = record_tree(TREE_4X4)

    def check(node, board):
        for child in node.children:
            (r, c), d = child.cell, child.digit
            assert board[r][c] == "."
            assert all(
                board[rr][cc] != d
                for rr in range(4)
                for cc in range(4)
                if (rr, cc) != (r, c) and same_unit((r, c), (rr, cc), 4)
            )
            board[r][c] = d
            check(child, board)
            board[r][c] = "."

    check(tree.root, parse(TREE_4X4))


def test_naive_tree_names_cells_per_level_and_pruned_tree_per_node():
    naive = draw_search_tree(record_tree(TREE_4X4))
    assert not by_gid(naive, "cell-label")
    assert [t.get_text() for t in naive.get_yticklabels()][:2] == ["start", "row 1, column 1"]
    plt.close("all")
    tree = record_tree(VARIED, method="pruned")
    pruned = draw_search_tree(tree)
    depths = {n.depth for n in tree.nodes()}
    varied = {d for d in depths if len({n.cell for n in tree.nodes() if n.depth == d}) > 1}
    expected = sum(1 for n in tree.nodes() if n.depth in varied)
    assert expected > 0
    assert len(by_gid(pruned, "cell-label")) == expected


def test_pruned_tree_records_the_forced_digits():
    tree = record_tree(SAMPLE, method="pruned")
    forced = sum(len(node.forced) for node in tree.root.walk())
    assert forced == tree.result.stats.forced > 0


def test_a_puzzle_with_no_solution_marks_the_root_a_dead_end():
    tree = record_tree("12........3...4.")  # valid givens, but row 1, column 3 has no digit
    assert tree.result.status == "no solution"
    assert tree.root.dead_end is not None
    assert not tree.solution_path()
    draw_search_tree(tree)


def test_a_bounded_tree_stops_at_the_bound():
    tree = record_tree(SAMPLE, max_nodes=50)
    assert tree.result.status == "gave up"
    assert tree.size == 50


def test_a_tree_too_big_to_read_is_refused_with_a_reason():
    tree = record_tree(SAMPLE)
    with pytest.raises(SudokuError, match="4,208 nodes"):
        draw_search_tree(tree)


def test_labels_count_from_one_for_people_and_from_zero_as_indices():
    ax = draw_board(FOUR, labels=True)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3", "4"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["1", "2", "3", "4"]
    plt.close("all")
    ax = draw_board(FOUR, labels="index")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2", "3"]
    assert "from 0" in ax.get_xlabel()


def test_drawing_is_deterministic():
    def picture():
        ax = draw_search_tree(record_tree(TREE_4X4))
        return [(t.get_position(), t.get_text()) for t in ax.texts]

    assert picture() == picture()
