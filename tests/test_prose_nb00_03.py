"""Notebooks 00-03 say nothing they do not compute or that is not checked here: the figures their
prose states, and no answer to a "Predict, then run" prompt shown before the prompt."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from sudoku_lib import geometry, solve
from sudoku_lib.board import parse
from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE, load_set

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FIRST_FOUR = sorted(NOTEBOOKS.glob("0[0-3]_*.ipynb"))
BIG_NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d{3,}\b")  # 4,208 or 4208; not 7 or 20


def cells(path: Path) -> list[nbformat.NotebookNode]:
    return nbformat.read(path, as_version=4).cells


def text_of(cell: nbformat.NotebookNode) -> str:
    """What a learner reads in a cell: the prose, or the code's printed output."""
    if cell.cell_type == "markdown":
        return cell.source
    parts = [o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.outputs]
    return "".join(parts)


def source_with(path: Path, text: str) -> str:
    found = [cell.source for cell in cells(path) if text in cell.source]
    assert len(found) == 1, text
    return found[0]


def numbers(text: str) -> set[int]:
    return {int(n.replace(",", "")) for n in BIG_NUMBER.findall(text)}


def test_no_predict_answer_is_shown_before_its_prompt():
    """Read the four notebooks in order: a prompt's answer (the big numbers its next code cell
    prints) must not have appeared in any prose or output the learner read before it."""
    read_so_far = ""
    for path in FIRST_FOUR:
        notebook = cells(path)
        for i, cell in enumerate(notebook):
            if cell.cell_type == "markdown" and "Predict, then run" in cell.source:
                answer = next(c for c in notebook[i + 1 :] if c.cell_type == "code")
                shown = numbers(text_of(answer)) & numbers(read_so_far)
                assert not shown, f"{path.name}: {shown} is given away before the prompt"
            read_so_far += text_of(cell)


def test_the_anti_backtracking_first_row_is_as_03_says():
    solution = solve(ANTI_BACKTRACKING).solution
    assert solution is not None
    row = " ".join(solution[0])
    assert f"Its first row's answer is {row}" in source_with(FIRST_FOUR[3], "first row's answer")


def test_the_17_clue_set_has_17_givens_each_as_02_says():
    assert "17 givens each" in source_with(FIRST_FOUR[2], "`17clue_sample`")
    assert {81 - p.count(".") for p in load_set("17clue_sample")} == {17}


def test_every_cell_has_20_peers_8_8_and_4_as_01_and_00_say():
    geo = geometry(9)
    for (r, c), peers in geo.peers.items():
        in_row = sum(i == r for i, _ in peers)
        in_column = sum(j == c for _, j in peers)
        assert (len(peers), in_row, in_column) == (20, 8, 8)
    assert "8 in the row, 8 in the column, and 4 more" in source_with(FIRST_FOUR[1], "always 20")
    assert "the 20 other cells" in source_with(FIRST_FOUR[0], "| peers |")


def test_00s_naive_run_places_far_more_digits_than_blanks():
    puzzle = load_set("easy50")[3]
    assert solve(puzzle, "naive").stats.nodes > 10 * puzzle.count(".")


def naive_digits_placed(puzzle: str) -> int | None:
    """How many digits the textbook search places before its first solution (None: no solution).

    A second, independent count of what `solve(puzzle, "naive").stats.nodes` counts: the same
    order (blanks in reading order, digits 1-9 ascending), with a bitmask per row, column and
    box. When the search reaches the first blank of a band, the rows and boxes from there on hold
    only their givens, so what follows depends on the columns alone: a part that finds no
    solution is counted once per set of column masks and remembered. 03's tens of millions of
    digits are counted in seconds (about 60,000 remembered counts) instead of the library's
    twelve minutes. The tests below it hold the two counts equal where both are quick.
    """
    board = parse(puzzle)
    rows, columns, boxes = [0] * 9, [0] * 9, [0] * 9
    blanks = []
    for r in range(9):
        for c in range(9):
            b = 3 * (r // 3) + c // 3
            if board[r][c] == ".":
                blanks.append((r, c, b))
            else:
                bit = 1 << int(board[r][c])
                rows[r], columns[c], boxes[b] = rows[r] | bit, columns[c] | bit, boxes[b] | bit
    band_starts = {
        i for i, (r, _, _) in enumerate(blanks) if i == 0 or r // 3 != blanks[i - 1][0] // 3
    }
    no_solution_after: dict[tuple[int, tuple[int, ...]], int] = {}
    digits = 0b1111111110  # bits 1-9

    def placed_from(i: int) -> tuple[int, bool]:
        """Digits placed from blank i on, until the first solution or the last try; and
        whether a solution was reached."""
        if i == len(blanks):
            return 0, True
        key = (i, tuple(columns)) if i in band_starts else None
        if key in no_solution_after:
            return no_solution_after[key], False
        r, c, b = blanks[i]
        free = digits & ~(rows[r] | columns[c] | boxes[b])
        placed = 0
        while free:
            bit = free & -free  # the lowest digit left: digits are tried in ascending order
            free ^= bit
            rows[r], columns[c], boxes[b] = rows[r] | bit, columns[c] | bit, boxes[b] | bit
            below, solved = placed_from(i + 1)
            rows[r], columns[c], boxes[b] = rows[r] ^ bit, columns[c] ^ bit, boxes[b] ^ bit
            placed += 1 + below
            if solved:
                return placed, True
        if key is not None:
            no_solution_after[key] = placed
        return placed, False

    placed, solved = placed_from(0)
    return placed if solved else None


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_the_independent_count_agrees_with_the_library_s_naive_search(number):
    puzzle = load_set("easy50")[number - 1]
    assert naive_digits_placed(puzzle) == solve(puzzle, "naive").stats.nodes


def test_the_independent_count_agrees_on_the_sample_and_on_no_solution():
    assert naive_digits_placed(SAMPLE) == solve(SAMPLE, "naive").stats.nodes == 4208
    stuck = "12345678." + "........9" + "." * 63  # row 1, column 9: nothing fits
    assert naive_digits_placed(stuck) is None
    assert solve(stuck, "naive").status == "no solution"


@pytest.mark.slow
def test_03s_count_of_naive_digits_on_the_anti_backtracking_puzzle():
    """The one figure 03 cannot compute in a cell (minutes of search), so it is checked here,
    with the independent count above (about 15 s)."""
    found = re.search(r"NAIVE_NODES = ([\d_]+)", source_with(FIRST_FOUR[3], "NAIVE_NODES ="))
    assert found is not None
    assert naive_digits_placed(ANTI_BACKTRACKING) == int(found[1].replace("_", ""))
