"""`watch` draws a board as what it is: N-Queens boards of any size as a chessboard with
queens (never a Sudoku with box lines, never a table of '#'), a word search's grid as a grid,
its visit mark '#' told as a mark (not an erase, not a digit placed); and iterative code is
told, in a sentence, that no recursion was found."""

from __future__ import annotations

import re

import pytest

from sudoku_lib import set_language, watch
from sudoku_lib.watch import Recording, Write, caption
from tests.data.watch_programs import ha_n_queens, word_search


def last_frame_board(recording: Recording) -> str:
    """The board's table drawn at the last step (the tree beside it left out)."""
    recording.model.goto(recording.total)
    html = str(recording.model.frame().board_html)
    found = re.search(r"<table.*?</table>", html)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize("n", [4, 5, 8, 12])
def test_a_queens_board_is_a_chessboard_with_queens(n: int) -> None:
    recording = watch(place_on, [["#"] * n for _ in range(n)], n)
    assert recording.result is True
    html = last_frame_board(recording)
    assert 'class="sdk-queens"' in html and f'data-n="{n}"' in html
    assert re.sub(r"<[^>]*>", "", html) == "♛" * n  # the cells show queens, nothing else
    assert "sdk-br" not in html and "sdk-bb" not in html  # no Sudoku box lines
    assert "queens placed" in str(recording.model.frame().counters)


def place_on(board: list[list[str]], n: int, row: int = 0) -> bool:
    """N-Queens on a board passed in, '#' for empty as hello-algo writes it."""
    if row == n:
        return True
    for col in range(n):
        if all(board[r][col] != "Q" for r in range(row)) and all(
            board[r][c] != "Q" for r in range(row) for c in range(n) if abs(c - col) == row - r
        ):
            board[row][col] = "Q"
            if place_on(board, n, row + 1):
                return True
            board[row][col] = "#"
    return False


def test_the_hello_algo_board_is_drawn_as_queens_while_it_is_filled() -> None:
    recording = watch(ha_n_queens.backtrack, 0, 6, [["#"] * 6 for _ in range(6)], [], *flags(6))
    model = recording.model
    first = next(i for i, s in enumerate(recording.steps, 1) if isinstance(s, Write))
    model.goto(first)
    html = str(model.frame().board_html)
    assert 'class="sdk-queens" data-n="6"' in html and html.count("♛") == 1


def flags(n: int) -> tuple[list[bool], list[bool], list[bool]]:
    """The three tables of hello-algo's N-Queens, all free."""
    return [False] * n, [False] * (2 * n - 1), [False] * (2 * n - 1)


def test_a_word_grid_is_a_grid_and_its_mark_is_a_mark() -> None:
    grid = [list("ABCE"), list("SFCS"), list("ADEE")]
    recording = watch(word_search.exist, grid, "SEE")
    assert recording.result is True and recording.error is None
    assert recording.placed == 0  # marks and letters put back are no digits placed
    assert "placed" not in repr(recording)
    marks = [s for s in recording.steps if isinstance(s, Write) and s.new == "#"]
    assert marks and all(s.mark and not s.erase for s in marks)
    assert all("erase" not in caption(s) and "mark" in caption(s) for s in marks)
    backs = [s for s in recording.steps if isinstance(s, Write) and s.new != "#"]
    assert all(s.erase and s.mark and "back" in caption(s) for s in backs)
    model = recording.model
    model.goto(recording.steps.index(marks[0]) + 1)
    frame = model.frame()
    assert 'class="sdk-grid"' in frame.board_html and "sdk-br" not in frame.board_html
    assert "placed" not in frame.counters
    assert grid == [list("ABCE"), list("SFCS"), list("ADEE")]


def test_a_sudoku_erase_is_still_an_erase() -> None:
    board = [["."] * 4 for _ in range(4)]

    def try_one(b: list[list[str]], depth: int = 0) -> bool:
        b[0][0] = "1"
        if depth == 0:
            try_one(b, 1)
        b[0][0] = "."
        return False

    recording = watch(try_one, board)
    writes = [s for s in recording.steps if isinstance(s, Write)]
    assert [(s.erase, s.mark) for s in writes] == [(False, False)] * 2 + [(True, False)] * 2
    assert "sdk-n4" in str(recording.model.frame().board_html)


def iterative_queens(n: int) -> int:
    """N-Queens with a stack of its own: no recursion."""
    found = 0
    stack: list[tuple[int, ...]] = [()]
    while stack:
        placed = stack.pop()
        if len(placed) == n:
            found += 1
            continue
        row = len(placed)
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(placed)):
                stack.append((*placed, col))
    return found


def test_iterative_code_is_told_that_no_recursion_was_found() -> None:
    recording = watch(iterative_queens, 5)
    assert recording.result == 10 and recording.error is None
    said = "no recursion found: `watch` steps through recursive functions"
    assert recording.remark == said and said in repr(recording)
    assert recording.goto(0).caption == said
    assert recording.goto(recording.total).caption.endswith(said)


def test_iterative_code_is_told_in_chinese_too() -> None:
    set_language("zh")
    try:
        recording = watch(iterative_queens, 4)
    finally:
        set_language("en")
    assert recording.remark == "没有发现递归：`watch` 逐步演示的是递归函数"


def test_recursive_code_has_no_remark() -> None:
    recording = watch(place_on, [["#"] * 4 for _ in range(4)], 4)
    assert recording.remark is None
