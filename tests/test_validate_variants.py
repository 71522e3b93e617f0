"""The set and bit-mask validators agree with the dict one and with the rule itself.

The rule, by brute force: a board is valid when no two filled cells that share a row, a column or
a box hold the same digit. Boards are drawn at random, sparse and dense, at all three sizes.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_lib import is_valid_sudoku, solve
from sudoku_lib.puzzles import SAMPLE, SAMPLE_INVALID
from sudoku_lib.validate import is_valid_sudoku_bits, is_valid_sudoku_sets

VARIANTS = (is_valid_sudoku, is_valid_sudoku_sets, is_valid_sudoku_bits)
SYMBOLS = {4: "1234", 9: "123456789", 16: "123456789ABCDEFG"}
BOX = {4: 2, 9: 3, 16: 4}


def valid_by_definition(board: list[list[str]]) -> bool:
    """Compare every pair of filled cells: same unit and same digit breaks the rule."""
    size = len(board)
    box = BOX[size]
    filled = [(r, c) for r in range(size) for c in range(size) if board[r][c] != "."]
    for (r1, c1), (r2, c2) in itertools.combinations(filled, 2):
        same_block = r1 // box == r2 // box and c1 // box == c2 // box
        if (r1 == r2 or c1 == c2 or same_block) and board[r1][c1] == board[r2][c2]:
            return False
    return True


@st.composite
def boards(draw):
    """A random board: each cell blank with some chance, else any digit (so clashes are common)."""
    size = draw(st.sampled_from([4, 9, 9, 16]))
    blanks = draw(st.integers(0, 8 * size))  # from crowded (clashes) to sparse (often valid)
    cell = st.sampled_from(["."] * blanks + list(SYMBOLS[size]))
    return [[draw(cell) for _ in range(size)] for _ in range(size)]


@st.composite
def solved_with_changes(draw):
    """The sample's solution with a few cells blanked or overwritten: valid ones are common."""
    solution = solve(SAMPLE).solution
    for _ in range(draw(st.integers(0, 3))):
        r, c = draw(st.integers(0, 8)), draw(st.integers(0, 8))
        solution[r][c] = draw(st.sampled_from(".123456789"))
    return solution


@settings(max_examples=300, deadline=None)
@given(st.one_of(boards(), solved_with_changes()))
def test_every_variant_agrees_with_the_definition(board):
    expected = valid_by_definition(board)
    assert [check(board) for check in VARIANTS] == [expected] * len(VARIANTS)


def test_the_two_standard_examples():
    for check in VARIANTS:
        assert check(SAMPLE) is True
        assert check(SAMPLE_INVALID) is False


def test_the_variants_accept_every_form_the_library_reads():
    as_rows = [list(SAMPLE[i : i + 9]) for i in range(0, 81, 9)]
    for check in VARIANTS:
        assert check(as_rows) is check(SAMPLE) is True


def test_random_boards_cover_both_answers():
    """The generator is only useful if it yields valid and invalid boards alike."""
    answers = set()

    @settings(max_examples=200, deadline=None)
    @given(boards())
    def collect(board):
        answers.add(valid_by_definition(board))

    collect()
    assert answers == {True, False}
