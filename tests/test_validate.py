"""The validator agrees with the rules stated plainly; the conflict finder points at the clash."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_lib import (
    ConflictError,
    cli,
    count_solutions,
    find_conflicts,
    is_valid_sudoku,
    parse,
    solve,
)
from sudoku_lib.app import Choice, open_choice
from sudoku_lib.cli import main
from sudoku_lib.puzzles import SAMPLE, SAMPLE_INVALID
from sudoku_lib.stepper import StepperModel
from tests.strategies import blank_out, shuffled_grid


def valid_by_definition(board) -> bool:
    """Brute force: no two distinct filled cells that share a row, column or box hold one digit."""
    filled = [(r, c, d) for r, row in enumerate(board) for c, d in enumerate(row) if d != "."]
    box = {4: 2, 9: 3, 16: 4}[len(board)]
    for (r1, c1, d1), (r2, c2, d2) in itertools.combinations(filled, 2):
        same_box = r1 // box == r2 // box and c1 // box == c2 // box
        if d1 == d2 and (r1 == r2 or c1 == c2 or same_box):
            return False
    return True


@st.composite
def boards_maybe_broken(draw):
    """A puzzle cut from a solved grid, with a few cells then overwritten at random."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    board = blank_out(shuffled_grid(3, rng), draw(st.integers(0, 81)), rng)
    for _ in range(draw(st.integers(0, 3))):
        board[rng.randrange(9)][rng.randrange(9)] = rng.choice("123456789.")
    return board


def test_the_two_standard_examples():
    assert is_valid_sudoku(parse(SAMPLE)) is True
    assert is_valid_sudoku(parse(SAMPLE_INVALID)) is False


def test_the_invalid_example_has_two_eights_in_the_top_left_box():
    clashes = [c for c in find_conflicts(SAMPLE_INVALID) if c.unit == "box"]
    assert [(c.digit, c.index, c.cells) for c in clashes] == [("8", 0, ((0, 0), (2, 2)))]
    assert "two 8s in box 1 (top-left)" in str(clashes[0])


@given(boards_maybe_broken())
def test_validator_agrees_with_the_definition(board):
    assert is_valid_sudoku(board) == valid_by_definition(board)
    assert (find_conflicts(board) == []) == valid_by_definition(board)


@given(boards_maybe_broken())
def test_every_conflict_is_a_real_repeat(board):
    for conflict in find_conflicts(board):
        assert len(conflict.cells) >= 2
        assert all(board[r][c] == conflict.digit for r, c in conflict.cells)


def test_empty_board_is_valid_for_every_size():
    for size in (4, 9, 16):
        assert is_valid_sudoku("." * size * size)


def board_with_a_box_clash(size: int, band: int, stack: int) -> str:
    """An empty board but two 1s in one box (0-based band and stack), in different rows and
    columns, so the box is the only unit that clashes."""
    box = {4: 2, 9: 3, 16: 4}[size]
    grid = [["."] * size for _ in range(size)]
    top, left = band * box, stack * box
    grid[top][left] = grid[top + 1][left + 1] = "1"
    return "".join("".join(row) for row in grid)


BOX_CLASHES = [
    (board_with_a_box_clash(16, 2, 1), "two 1s in box 10:"),
    (board_with_a_box_clash(16, 3, 3), "two 1s in box 16:"),
    (board_with_a_box_clash(4, 1, 0), "two 1s in box 3:"),  # bottom-left, no 9x9 name
    (board_with_a_box_clash(9, 2, 0), "two 1s in box 7 (bottom-left):"),
]


@pytest.mark.parametrize(
    ("board", "words"), BOX_CLASHES, ids=["16-box10", "16-box16", "4-box3", "9-box7"]
)
def test_a_box_is_named_as_its_own_board_counts_it(board, words):
    assert [str(clash).split(" row ")[0] for clash in find_conflicts(board)] == [words]


@pytest.mark.parametrize(
    ("board", "words"), BOX_CLASHES, ids=["16-box10", "16-box16", "4-box3", "9-box7"]
)
def test_every_door_refuses_a_box_clash_in_the_same_words(board, words, capsys):
    for refuse in (solve, count_solutions, StepperModel):
        with pytest.raises(ConflictError, match=re.escape(words)):
            refuse(board)
    assert words in open_choice(Choice(source="pasted", text=board)).problem
    assert main(["validate", board]) == cli.NO
    assert words in capsys.readouterr().out
    assert main(["solve", board]) == cli.BAD_INPUT
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
