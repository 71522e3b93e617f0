"""The course's pictures: they draw at every size, and what they mark is what should be marked.

Each test reads the artists back (texts, patches and lines carry a gid) and compares them with an
answer worked out here by brute force, not by the drawing code.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from sudoku_lib import SudokuError, parse, solve, style
from sudoku_lib.draw import (
    Picture,
    draw_board,
    draw_box_indices,
    draw_conflicts,
    draw_search_tree,
    side_by_side,
)
from sudoku_lib.i18n import set_language
from sudoku_lib.picture import SMALL_PX
from sudoku_lib.puzzles import SAMPLE, SAMPLE_INVALID, TREE_4X4
from sudoku_lib.trace import record_tree

FOUR = "1.....3..1.....2"
VARIED = "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6....."
"""A top95 puzzle on which the pruned search branches on different cells at one depth."""
SIXTEEN_ROW = "123456789ABCDEFG"


def parsed(picture: Picture) -> ET.Element:
    """The picture's SVG as an element tree: it must be well-formed XML."""
    return ET.fromstring(picture.svg)


def by_class(picture: Picture, kind: str) -> list[ET.Element]:
    """Every element of the picture with this class."""
    return [e for e in parsed(picture).iter() if e.get("class") == kind]


def cell_of(element: ET.Element) -> tuple[int, int]:
    return int(element.get("data-row", "")), int(element.get("data-col", ""))


def texts(picture: Picture, kind: str) -> dict[tuple[int, int], str]:
    """{(row, col): text} for the texts of this class."""
    return {cell_of(t): t.text or "" for t in by_class(picture, kind)}


def patch_cells(picture: Picture, kind: str) -> set[tuple[int, int]]:
    """The cells painted by the rectangles of this class."""
    return {cell_of(p) for p in by_class(picture, kind)}


def title(picture: Picture) -> str:
    return "\n".join(t.text or "" for t in by_class(picture, "title"))


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
    picture = draw_board(board, solution)
    givens = {(r, c): d for r, row in enumerate(board) for c, d in enumerate(row) if d != "."}
    assert texts(picture, "given") == givens
    assert texts(picture, "placed") == {cell: solution[cell[0]][cell[1]] for cell in blanks(board)}
    weights = {
        kind: {t.get("font-weight") for t in by_class(picture, kind)}
        for kind in ("given", "placed")
    }
    assert weights["given"] == {"700"} and weights["placed"] == {"400"}, "told apart by weight"
    assert {t.get("fill") for t in by_class(picture, "placed")} == {style.PLACED}
    sizes = [float(t.get("font-size", 0)) for t in parsed(picture).iter() if t.tag.endswith("text")]
    assert min(sizes) >= SMALL_PX, "every word readable on a projector"


def test_forced_cells_are_drawn_apart_from_placed_ones():
    board = parse(SAMPLE)
    solution = solve(board).solution
    picture = draw_board(board, solution, forced=[(0, 2), (0, 3)])
    assert set(texts(picture, "forced")) == {(0, 2), (0, 3)}
    assert (0, 2) not in texts(picture, "placed")


def test_highlight_paints_exactly_the_cells_asked_for():
    cells = [(0, 2), (4, 4), (8, 0)]
    picture = draw_board(SAMPLE, highlight=cells)
    assert patch_cells(picture, "highlight") == set(cells)


def test_highlight_mapping_keeps_each_colour():
    picture = draw_board(SAMPLE, highlight={(1, 1): "#ff0000", (2, 2): "#00ff00"})
    colours = {cell_of(p): p.get("fill") for p in by_class(picture, "highlight")}
    assert colours == {(1, 1): "#ff0000", (2, 2): "#00ff00"}


def test_conflicts_mark_every_clashing_cell_and_the_units():
    board = parse(SAMPLE_INVALID)
    filled = [(r, c) for r in range(9) for c in range(9) if board[r][c] != "."]
    clashing = {
        cell
        for a, b in itertools.combinations(filled, 2)
        if board[a[0]][a[1]] == board[b[0]][b[1]] and same_unit(a, b, 9)
        for cell in (a, b)
    }
    picture = draw_conflicts(board)
    assert patch_cells(picture, "conflict") == clashing
    marked = patch_cells(picture, "conflict-mark")
    assert marked == clashing, "every clashing cell carries a cross, not only a colour"
    assert by_class(picture, "conflict-box"), "the top-left box should be framed"
    assert "two 8s" in title(picture)


def test_a_clash_in_a_column_and_a_box_keeps_both_frames_apart():
    board = parse(SAMPLE)
    board[2][0] = "6"  # a second 6 in column 1, in box 1, and in row 3
    picture = draw_conflicts(board)
    frames = {kind: by_class(picture, f"conflict-{kind}")[0] for kind in ("row", "column", "box")}
    assert len({frame.get("stroke-dasharray") for frame in frames.values()}) == 3
    insets = [float(frames[kind].get("x", 0)) for kind in ("column", "box")]
    assert insets[0] != insets[1], "overlapping frames sit at different depths"


def test_a_valid_board_has_no_conflict_marks():
    picture = draw_conflicts(SAMPLE)
    assert patch_cells(picture, "conflict") == set()
    assert not by_class(picture, "conflict-mark")
    assert "valid" in title(picture)


@pytest.mark.parametrize("puzzle", [FOUR, SAMPLE], ids=["4x4", "9x9"])
def test_candidates_are_the_digits_no_peer_holds(puzzle):
    board = parse(puzzle)
    size = len(board)
    digits = "123456789"[:size]
    picture = draw_board(board, candidates=True)
    marks: dict[tuple[int, int], set[str]] = {}
    for t in by_class(picture, "candidate"):
        marks.setdefault(cell_of(t), set()).add(t.text or "")
        assert float(t.get("font-size", 0)) >= SMALL_PX
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
    picture = draw_board(SAMPLE, candidates={(0, 2): ["1", "2", "4"]})
    assert sorted(t.text or "" for t in by_class(picture, "candidate")) == ["1", "2", "4"]


@pytest.mark.parametrize("size", [4, 9, 16])
def test_box_indices_label_square_blocks(size):
    picture = draw_box_indices(size)
    labels = texts(picture, "box-index")
    assert len(labels) == size * size
    box = {4: 2, 9: 3, 16: 4}[size]
    for b in range(size):
        cells = [cell for cell, text in labels.items() if text == str(b)]
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        assert len(cells) == size and len(rows) == box and len(cols) == box
    reading_order = [labels[(r, c)] for r in range(0, size, box) for c in range(0, size, box)]
    assert reading_order == [str(b) for b in range(size)], "boxes number left to right, top down"


def node_markers(picture):
    """How many of each kind of node the tree has (the legend's samples not counted)."""
    return {kind: len(by_class(picture, kind)) - legend_samples(kind) for kind in NODE_KINDS}


NODE_KINDS = ("root", "solution", "node", "dead-end")


def legend_samples(kind):
    return 0 if kind == "root" else 1


@pytest.mark.parametrize("method", ["naive", "pruned"])
def test_tree_has_one_node_per_digit_placed_by_choice(method):
    tree = record_tree(TREE_4X4, method=method)
    nodes = solve(TREE_4X4, method).stats.nodes
    assert tree.size == nodes == tree.result.stats.nodes
    picture = draw_search_tree(tree)
    assert sum(node_markers(picture).values()) == nodes + 1  # plus the root


def test_tree_of_the_small_puzzle_has_dead_ends_and_a_full_solution_path():
    tree = record_tree(TREE_4X4)
    board = parse(TREE_4X4)
    path = tree.solution_path()
    assert len(path) == len(blanks(board)), "naive: every blank is one choice on the path"
    for node in path:
        r, c = node.cell
        board[r][c] = node.digit
    assert board == tree.result.solution
    picture = draw_search_tree(tree)
    markers = node_markers(picture)
    assert markers["solution"] == len(path)
    assert markers["dead-end"] == len(tree.dead_ends()) >= 3
    shapes = {kind: {m.tag for m in by_class(picture, kind)} for kind in ("dead-end", "node")}
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
    assert not by_class(naive, "cell-label")
    names = [t.text for t in by_class(naive, "depth-name")]
    assert names[:2] == ["start", "row 1, column 1"]
    tree = record_tree(VARIED, method="pruned")
    pruned = draw_search_tree(tree)
    depths = {n.depth for n in tree.nodes()}
    varied = {d for d in depths if len({n.cell for n in tree.nodes() if n.depth == d}) > 1}
    expected = sum(1 for n in tree.nodes() if n.depth in varied)
    assert expected > 0
    assert len(by_class(pruned, "cell-label")) == expected


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
    picture = draw_board(FOUR, labels=True)
    assert [t.text for t in by_class(picture, "label-column")] == ["1", "2", "3", "4"]
    assert [t.text for t in by_class(picture, "label-row")] == ["1", "2", "3", "4"]
    assert [t.text for t in by_class(picture, "axis-row")] == ["row"]
    picture = draw_board(FOUR, labels="index")
    assert [t.text for t in by_class(picture, "label-column")] == ["0", "1", "2", "3"]
    assert "from 0" in (by_class(picture, "axis-column")[0].text or "")


def test_drawing_is_deterministic():
    def picture():
        return draw_search_tree(record_tree(TREE_4X4)).svg

    assert picture() == picture()


@pytest.mark.parametrize("size", [4, 9, 16])
def test_box_lines_are_thick_and_cell_lines_thin(size):
    picture = draw_board("." * size * size)
    thick, thin = by_class(picture, "grid-thick"), by_class(picture, "grid-thin")
    box = {4: 2, 9: 3, 16: 4}[size]
    assert len(thick) == 2 * (box + 1) and len(thin) == 2 * (size + 1 - (box + 1))
    assert min(float(line.get("stroke-width", 0)) for line in thick) >= 2 * max(
        float(line.get("stroke-width", 0)) for line in thin
    )


def test_a_picture_scales_crisply_and_shows_itself_in_a_notebook():
    picture = draw_board(SAMPLE, title="the sample board")
    root = parsed(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert 400 <= width <= 1100 and height > width, "fits a notebook on a 1280x800 projector"
    assert "max-width: none" in (root.get("style") or ""), "scrolls rather than shrink its text"
    assert title(picture) == "the sample board"
    assert picture.svg in picture._repr_html_()
    assert repr(picture) == "<the sample board>"


def test_every_picture_has_a_title_and_no_word_under_twelve_pixels():
    tree = draw_search_tree(record_tree(TREE_4X4))
    for picture in (draw_box_indices(9), draw_conflicts(SAMPLE_INVALID), tree):
        titles = by_class(picture, "title")
        assert titles and all(t.text for t in titles)
        words = [t for t in parsed(picture).iter() if t.tag.endswith("text")]
        sizes = [float(t.get("font-size", 0)) for t in words]
        assert min(sizes) >= SMALL_PX
        assert float(titles[0].get("font-size", 0)) >= 16


def test_side_by_side_shows_each_picture_once_in_one_row():
    small, big = draw_box_indices(4), draw_box_indices(16)
    row = side_by_side(small, big)
    page = row._repr_html_()
    assert page.count("<svg") == 2 and page.index(small.svg) < page.index(big.svg)
    assert "flex-wrap: wrap" in page


def test_a_chinese_title_is_drawn_with_a_font_that_has_chinese():
    set_language("zh")
    try:
        picture = draw_conflicts(SAMPLE_INVALID)
    finally:
        set_language("en")
    words = title(picture)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in words), words
    fonts = parsed(picture).get("font-family", "")
    assert "Noto Sans CJK SC" in fonts and "Microsoft YaHei" in fonts and "PingFang SC" in fonts
    width = float(parsed(picture).get("width", 0))
    chinese = max(sum("\u4e00" <= ch <= "\u9fff" for ch in line) for line in words.splitlines())
    assert width >= chinese * 18, "wide enough for its Chinese title at 18 px a character"


def test_a_chinese_tree_title_names_its_status_in_chinese():
    set_language("zh")
    try:
        picture = draw_search_tree(record_tree(TREE_4X4))
    finally:
        set_language("en")
    assert title(picture).endswith("已解出"), title(picture)
