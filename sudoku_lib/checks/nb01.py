"""Self-checks for notebook 01 (the board): box numbers, peers, and reading a string."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..board import BLANK, box_index, geometry, parse
from ..i18n import N_, _
from ..puzzles import SAMPLE
from ..words import cell_name, check_text, plural
from .core import Attempt, Case, Report, check_cases

# The box formulas a learner typically writes instead of box * (r // box) + c // box, each with
# the key of the words that explain it. A recogniser tries the learner's function on every cell
# and names the formula it agrees with everywhere.
WRONG_BOX_FORMULAS: dict[str, Callable[[int, int, int], int]] = {
    "box from one": lambda r, c, b: b * (r // b) + c // b + 1,
    "box rows and columns swapped": lambda r, c, b: b * (c // b) + r // b,
    "box band not multiplied": lambda r, c, b: r // b + c // b,
    "box precedence": lambda r, c, b: b * r // b + c // b,
    "box size fixed at 3": lambda r, c, b: 3 * (r // 3) + c // 3,
}


def check_box_of(function: Callable[[int, int, int], int]) -> Report:
    """`function(r, c, box)` must give the box number of every cell, for box sizes 3, 2 and 4."""
    cases = [
        Case(
            _("cell (r={r}, c={c}), {cell}, with box={box}").format(
                r=r, c=c, cell=cell_name(r, c), box=box
            ),
            (r, c, box),
            box_index(r, c, box),
        )
        for box in (3, 2, 4)
        for r, c in geometry(box * box).cells
    ]
    return check_cases(
        N_("box of a cell"),
        function,
        cases,
        library=[box_index],
        mistakes=[box_formula],
        name="box_of",
    )


def box_formula(attempt: Attempt) -> str | None:
    """Which typical wrong formula the learner's function agrees with on every cell of this size."""
    box = attempt.case.args[2]
    cells = geometry(box * box).cells
    answers = {cell: attempt.try_call(*cell, box) for cell in cells}
    for key, formula in WRONG_BOX_FORMULAS.items():
        if key == "box size fixed at 3" and box == 3:
            continue
        if all(answers[r, c] == formula(r, c, box) for r, c in cells):
            return check_text(key)
    return None


def check_peers_of(function: Callable[[int, int], object]) -> Report:
    """`function(r, c)` must give the 20 cells that share a row, column or box with (r, c)."""
    picks = [(0, 0), (4, 4), (8, 8), (2, 6), (7, 1), (3, 5)]
    cases = [
        Case(
            _("cell (r={r}, c={c}), {cell}").format(r=r, c=c, cell=cell_name(r, c)),
            (r, c),
            set(geometry(9).peers[(r, c)]),
        )
        for r, c in picks
    ]
    return check_cases(
        N_("peers of a cell"),
        function,
        cases,
        same=lambda got, expected: set(got) == expected and len(list(got)) == len(expected),
        show=lambda cells: plural(len(cells), "cell"),  # the differences are listed below it
        library=[geometry],
        mistakes=[
            cells_as_lists,
            cells_counted_from_one,
            included_itself,
            missed_a_unit,
            repeated_cells,
        ],
        name="peers_of",
    )


def cells_as_lists(attempt: Attempt) -> str | None:
    """Cells written [r, c]: no set holds them, and a list never equals the tuple (r, c)."""
    got = attempt.got
    if not isinstance(got, list | tuple) or not got:
        return None
    if all(isinstance(cell, list) for cell in got):
        return check_text("cells as lists", first=got[0], pair=tuple(got[0]))
    return None


def answer_cells(attempt: Attempt) -> set[tuple[int, int]]:
    """The learner's answer as a set of cells (empty when it is not a collection of pairs)."""
    try:
        return {tuple(cell) for cell in attempt.got}
    except TypeError:
        return set()


def cells_counted_from_one(attempt: Attempt) -> str | None:
    """Every cell one down and one right of a true peer: rows and columns counted from 1."""
    shifted = {(i + 1, j + 1) for i, j in attempt.case.expected}
    return check_text("cells from one") if answer_cells(attempt) == shifted else None


def included_itself(attempt: Attempt) -> str | None:
    """The cell among its own peers."""
    r, c = attempt.case.args
    if (r, c) in answer_cells(attempt):
        return check_text("peers include the cell", cell=cell_name(r, c))
    return None


def missed_a_unit(attempt: Attempt) -> str | None:
    """The missing cells are exactly one unit's (its row, its column, or its box's other four)."""
    r, c = attempt.case.args
    missing = attempt.case.expected - answer_cells(attempt)
    if not missing:
        return None
    top, left = 3 * (r // 3), 3 * (c // 3)
    box = {(i, j) for i in range(top, top + 3) for j in range(left, left + 3)}
    if all(i == r for i, _ in missing):
        return check_text("peers miss", unit=check_text("its row"))
    if all(j == c for _, j in missing):
        return check_text("peers miss", unit=check_text("its column"))
    if missing <= box:
        corner = cell_name(top, left)
        return check_text("peers miss the box", corner=corner, top=top, left=left)
    return None


def repeated_cells(attempt: Attempt) -> str | None:
    """A list that holds some cells twice (those in both the row or column and the box)."""
    got = attempt.got
    if isinstance(got, list | tuple) and len(got) > len(set(map(tuple, got))):
        return check_text("peers repeated")
    return None


def check_string_to_board(function: Callable[[str], object]) -> Report:
    """`function(text)` must turn an 81-character string into the list-of-lists form."""
    with_zeros = SAMPLE.replace(".", "0")
    cases = [
        Case(N_("the sample board"), (SAMPLE,), parse(SAMPLE)),
        Case(N_("zeros for blanks"), (with_zeros,), parse(with_zeros)),
        Case(N_("an empty board"), ("." * 81,), parse("." * 81)),
    ]
    return check_cases(
        N_("string to board"),
        function,
        cases,
        show=show_as_written,
        library=[parse],
        mistakes=[
            digits_as_numbers,
            kept_zeros,
            one_flat_list,
            rows_as_strings,
            wrong_shape,
            transposed,
        ],
        name="string_to_board",
    )


def show_as_written(value: object) -> str:
    """A 9x9 list of lists drawn with each cell exactly as it is (a '0' stays a '0', which the
    course's grid drawing would show as a blank); anything else raises, for the default."""
    if not (
        isinstance(value, list)
        and len(value) == 9
        and all(isinstance(row, list) and len(row) == 9 for row in value)
    ):
        raise TypeError("not a 9x9 list of lists")
    lines = []
    for r, row in enumerate(value):
        if r and r % 3 == 0:
            lines.append("-------+-------+-------")
        cells = [" ".join(str(d) for d in row[i : i + 3]) for i in (0, 3, 6)]
        lines.append(" " + " | ".join(cells))
    return "\n" + "\n".join("        " + line for line in lines)


def wrong_shape(attempt: Attempt) -> str | None:
    """A list of rows, but not 9 rows of 9: the slices are cut at the wrong places."""
    got = attempt.got
    if not (isinstance(got, list) and got and all(isinstance(row, list) for row in got)):
        return None
    lengths = [len(row) for row in got]
    if len(got) == 9 and set(lengths) == {9}:
        return None
    cells = f"{min(lengths)}" if len(set(lengths)) == 1 else f"{min(lengths)} to {max(lengths)}"
    return check_text("board shape", rows=len(got), cells=cells)


def cells_of(value: object) -> Iterable[object]:
    """Every cell of a list of rows (nothing for anything else)."""
    if isinstance(value, list):
        for row in value:
            if isinstance(row, list | str):
                yield from row


def digits_as_numbers(attempt: Attempt) -> str | None:
    """Numbers in the board where one-character strings should be: int(ch) was kept."""
    number = next((cell for cell in cells_of(attempt.got) if isinstance(cell, int)), None)
    return None if number is None else check_text("digits as numbers on a board", number=number)


def kept_zeros(attempt: Attempt) -> str | None:
    """ "0" left in the board where a blank should be "."."""
    return check_text("kept zeros", blank=BLANK) if "0" in cells_of(attempt.got) else None


def rows_as_strings(attempt: Attempt) -> str | None:
    """Nine strings of nine characters instead of nine lists."""
    got = attempt.got
    if isinstance(got, list) and got and all(isinstance(row, str) for row in got):
        return check_text("rows as strings")
    return None


def one_flat_list(attempt: Attempt) -> str | None:
    """The 81 cells in one list, not cut into rows."""
    got = attempt.got
    if isinstance(got, list) and len(got) == 81:
        return check_text("one flat list")
    return None


def transposed(attempt: Attempt) -> str | None:
    """Columns where the rows should be."""
    expected, got = attempt.case.expected, attempt.got
    columns = [list(column) for column in zip(*expected, strict=True)]
    return check_text("board transposed") if got == columns != expected else None
