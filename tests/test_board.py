"""Parsing, formatting and geometry: every accepted form, and a clear error for every bad one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_lib import PuzzleFormatError, box_index, geometry, parse, to_grid_text, to_string
from sudoku_lib.puzzles import SAMPLE
from tests.strategies import puzzles

SAMPLE_ROWS = [list(SAMPLE[r * 9 : r * 9 + 9]) for r in range(9)]


def test_string_and_list_forms_give_the_same_board():
    assert parse(SAMPLE) == SAMPLE_ROWS
    assert parse(SAMPLE_ROWS) == SAMPLE_ROWS


def test_zero_is_a_blank_and_whitespace_between_rows_is_ignored():
    spaced = "\n".join(SAMPLE.replace(".", "0")[r * 9 : r * 9 + 9] for r in range(9))
    assert parse(spaced) == SAMPLE_ROWS


def test_grid_text_round_trips():
    text = to_grid_text(SAMPLE)
    assert "|" in text and "+" in text
    assert parse(text) == SAMPLE_ROWS


@given(puzzles(min_keep=0, max_keep=81))
def test_string_form_round_trips(board):
    assert parse(to_string(board)) == board
    assert parse(to_grid_text(board)) == board


@given(puzzles(box=2, min_keep=0, max_keep=16))
def test_four_by_four_round_trips(board):
    assert parse(to_string(board)) == board and len(board) == 4


def test_sixteen_by_sixteen_reads_letters_in_either_case():
    row = "123456789ABCDEFG"
    text = "".join(row[i:] + row[:i] for i in range(16)).lower()
    board = parse(text)
    assert len(board) == 16 and board[0] == list(row)


def test_parse_copies_instead_of_sharing_rows():
    board = parse(SAMPLE_ROWS)
    board[0][2] = "4"
    assert SAMPLE_ROWS[0][2] == "."


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (SAMPLE[:-1], ["found 80"]),
        (SAMPLE[:2] + "x" + SAMPLE[3:], ["'x'", "row 1, column 3"]),
        (SAMPLE[:40] + "-" + SAMPLE[41:], ["'-'", "row 5, column 5"]),
        (SAMPLE_ROWS[:8], ["found 8"]),
        ([*SAMPLE_ROWS[:3], SAMPLE_ROWS[3][:8], *SAMPLE_ROWS[4:]], ["row 4 has 8 cells"]),
        ([SAMPLE_ROWS[0], [5, *SAMPLE_ROWS[1][1:]], *SAMPLE_ROWS[2:]], ["row 2, column 1", "int"]),
        ([*SAMPLE_ROWS[:8], "123456789"], ["row 9", "list"]),
        (None, ["got None"]),
        (42, ["int"]),
        ("12345678A" * 9, ["'A'", "row 1, column 9"]),
    ],
)
def test_bad_input_names_what_and_where(puzzle, words):
    with pytest.raises(PuzzleFormatError) as caught:
        parse(puzzle)
    for word in words:
        assert word in str(caught.value)


def test_format_error_knows_its_place():
    with pytest.raises(PuzzleFormatError) as caught:
        parse(SAMPLE[:20] + "?" + SAMPLE[21:])
    assert (caught.value.row, caught.value.column) == (3, 3)
    assert isinstance(caught.value, ValueError)


@given(st.integers(0, 8), st.integers(0, 8))
def test_box_formula_matches_band_and_stack(r, c):
    band, stack = r // 3, c // 3
    assert box_index(r, c) == [[0, 1, 2], [3, 4, 5], [6, 7, 8]][band][stack]
    assert (r, c) in geometry(9).boxes[box_index(r, c)]


@pytest.mark.parametrize(("size", "peers"), [(4, 7), (9, 20), (16, 39)])
def test_every_cell_has_the_right_number_of_peers(size, peers):
    geo = geometry(size)
    assert {len(p) for p in geo.peers.values()} == {peers}
    assert len(geo.units) == 3 * size
    assert all(len(unit) == size for unit in geo.units)
