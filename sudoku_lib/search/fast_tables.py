"""The look-up tables of the fast solver (fast.py), built once at import.

Part of the engine, like fast.py: not meant to be read by learners. Every table answers, by
indexing, a question the solver would otherwise work out with a loop in its hot path. The
numbering they share: `places[9*d + k]` is where digit index d may still go in box k, as 9 bits,
bit 3*i + j for row i, column j of the box (boxes numbered left to right, top down); a 3-bit
"lines" set names rows (or columns) 0-2 of a box.

Line rules (see fast.py): 6*d + 0-2 are digit d's stack rules, 6*d + 3-5 its band rules. Box rule k
is bit k of a separate, small int: the box rules run only when no line rule is left, and keeping
them apart keeps the line rules of digits 1-5 in 30 bits, where Python's int operations are
fastest.
"""

from __future__ import annotations

from itertools import permutations
from typing import NamedTuple, cast

from ..board import SYMBOLS, Digit

ALL = 0o777
"""The nine cells of a box."""
EVERY_LINE_RULE, EVERY_BOX_RULE = (1 << 54) - 1, ALL
OPEN_WEIGHT = 2
"""When choosing a cell to branch on, an open neighbour counts as much as two failures blamed."""

Keep = tuple[int, int, int] | tuple[()] | None
"""What a line rule keeps of its three boxes' places: see `keep_table`."""


def lines_seen(rows: bool) -> list[int]:
    """For each 9-bit box mask, the 3-bit set of rows (or columns) of the box it touches."""
    line = 0b111 if rows else 0b001001001
    step = 3 if rows else 1
    return [sum(1 << i for i in range(3) if mask & line << step * i) for mask in range(512)]


def line_cells(rows: bool) -> list[int]:
    """For each 3-bit set of rows (or columns), the 9-bit mask of their cells in a box."""
    line = 0b111 if rows else 0b001001001
    step = 3 if rows else 1
    return [sum(line << step * i for i in range(3) if lines >> i & 1) for lines in range(8)]


def allowed_pairs(seen: int) -> int:
    """The (box, line) pairs, bit 3*box + line, that lie on a permutation inside `seen`."""
    allowed = 0
    for lines in permutations(range(3)):
        pattern = sum(1 << (3 * box + line) for box, line in enumerate(lines))
        if pattern & seen == pattern:
            allowed |= pattern
    return allowed


ROWS_SEEN, COLS_SEEN = lines_seen(rows=True), lines_seen(rows=False)
ROW_CELLS, COL_CELLS = line_cells(rows=True), line_cells(rows=False)
ALLOWED = [allowed_pairs(seen) for seen in range(512)]

# A sweep runs its line rules highest number first, so a digit's band rules run just before its
# stack rules, which they wake.
BAND_RULE = [1 << (6 * (j // 9) + 3 + j % 9 // 3) for j in range(81)]
STACK_RULE = [1 << (6 * (j // 9) + j % 9 % 3) for j in range(81)]
BOX_RULE = [1 << j % 9 for j in range(81)]


def keep_table(cells: list[int]) -> list[Keep]:
    """For each `seen` pattern of a line rule, the cells each of its three boxes keeps: ALLOWED
    unpacked, so the rule needs one lookup. None when no permutation fits, and () when every
    pair is on one already, so a rule with nothing to clear stops at once.
    Equal entries share one tuple, so the table stays small in the processor's caches."""
    shared = {
        allowed: (cells[allowed & 7], cells[allowed >> 3 & 7], cells[allowed >> 6])
        for allowed in set(ALLOWED) - {0}
    }
    return [() if seen == allowed else shared.get(allowed) for seen, allowed in enumerate(ALLOWED)]


class LineRule(NamedTuple):
    """One band or stack rule of one digit: what `settle` needs to run it.

    j0-j2: the places indices of its three boxes; seen0-seen2: their lines-seen tables, shifted
    so the three or together into one `seen` pattern; keep: the rule's Keep table; seen_other
    and other_rule: the crossing lines' table and rules, to tell when a crossing rule must run
    again. (`settle` reads them as plain tuples, in this order: RULES_BY_LENGTH.)
    """

    j0: int
    j1: int
    j2: int
    seen0: list[int]
    seen1: list[int]
    seen2: list[int]
    keep: list[Keep]
    seen_other: list[int]
    other_rule: list[int]


def line_rules() -> list[LineRule]:
    """Each line rule, by its number."""
    rows = (ROWS_SEEN, [s << 3 for s in ROWS_SEEN], [s << 6 for s in ROWS_SEEN])
    cols = (COLS_SEEN, [s << 3 for s in COLS_SEEN], [s << 6 for s in COLS_SEEN])
    keep_rows, keep_cols = keep_table(ROW_CELLS), keep_table(COL_CELLS)
    rules: list[LineRule] = []
    for d in range(9):
        rules += [
            LineRule(k, k + 3, k + 6, *cols, keep_cols, ROWS_SEEN, BAND_RULE)
            for k in range(9 * d, 9 * d + 3)
        ]
        rules += [
            LineRule(k, k + 1, k + 2, *rows, keep_rows, COLS_SEEN, STACK_RULE)
            for k in range(9 * d, 9 * d + 9, 3)
        ]
    return rules


RULES = line_rules()
RuleTuple = tuple[int, int, int, list[int], list[int], list[int], list[Keep], list[int], list[int]]
# By the bit length of a dirty set: its top rule, and that rule's bit (a lookup, not a shift,
# so no new int is made). The rules as plain tuples: `settle` unpacks one per rule run, and a
# named tuple unpacks measurably slower than a plain one. Entry 0 is never read (a sweep with a
# rule left has bit length 1 or more); it repeats rule 0 so that every entry has one type.
RULES_BY_LENGTH: list[RuleTuple] = [cast(RuleTuple, tuple(rule)) for rule in [RULES[0], *RULES]]
TOP_BIT = [0] + [1 << rule for rule in range(len(RULES))]
UNFIXED = [  # UNFIXED[k][digits]: the places indices in box k of those digits (a 9-bit set),
    # as bytes: walked as quickly as a tuple, and the largest table shrinks by 175 KiB
    [bytes(9 * d + k for d in range(9) if digits >> d & 1) for digits in range(512)]
    for k in range(9)
]


ROW_AT, COL_AT = [0] * 257, [0] * 257  # by a cell's bit: the cells of its row (column) in a box
for _q in range(9):
    ROW_AT[1 << _q], COL_AT[1 << _q] = ROW_CELLS[1 << _q // 3], COL_CELLS[1 << _q % 3]

BOX_OF = [  # by places index: where its box's unfixed digits are kept, the box's UNFIXED
    # table, and the mask that drops its digit
    (18 + j % 9, UNFIXED[j % 9], ~(1 << j // 9))
    for j in range(81)
]


def losses(bit: int) -> list[int]:
    """For each places mask holding cell `bit`, what taking that cell away does, as bits: 1 a row
    of the box loses its last place (the band rule must look again), 2 a column does (the stack
    rule), 4 one place is left (the digit is fixed there)."""
    row, col = ROW_AT[bit], COL_AT[bit]
    return [
        (x & row == bit) | (x & col == bit) << 1 | ((x ^ bit).bit_count() == 1) << 2
        for x in range(512)
    ]


LOSES: list[list[int]] = [[] for _ in range(257)]  # [bit][x]: for a cell's bit, by places mask
for _q in range(9):
    LOSES[1 << _q] = losses(1 << _q)
WAKES = [  # WAKES[j][what]: the line rules that LOSES's answer `what` wakes for places index j
    tuple(BAND_RULE[j] * (what & 1) | STACK_RULE[j] * (what >> 1 & 1) for what in range(8))
    for j in range(81)
]

BESIDE = [[3 * (k // 3) + s for s in range(3) if s != k % 3] for k in range(9)]  # same band
ABOVE_BELOW = [[3 * b + k % 3 for b in range(3) if b != k // 3] for k in range(9)]  # same stack
AROUND = [(k, 9 + k, 9 * k, *BESIDE[k], *ABOVE_BELOW[k]) for k in range(9)]
"""By box: itself, where its two-digit cells are kept, its first blame index, and the two boxes
beside it and the two above and below it."""


def open_per_line(rows: bool) -> list[int]:
    """For each 9-bit box mask, OPEN_WEIGHT times how many of its cells lie on each row (or
    column) of the box, packed four bits a line, so two boxes' counts add up in one `+`."""
    cells = ROW_CELLS if rows else COL_CELLS
    return [
        sum(OPEN_WEIGHT * (mask & cells[1 << i]).bit_count() << 4 * i for i in range(3))
        for mask in range(512)
    ]


OPEN_PER_ROW, OPEN_PER_COL = open_per_line(rows=True), open_per_line(rows=False)
OPEN_IN_BOX = [OPEN_WEIGHT * mask.bit_count() for mask in range(512)]
INDEXES_OF = [tuple(q for q in range(9) if mask >> q & 1) for mask in range(512)]
CELL_SHIFTS = [(1 << q, 4 * (q // 3), 4 * (q % 3), q) for q in range(9)]
CELLS_OF = [  # for each 9-bit mask, its cells as (bit, shifts of its row's and column's count, q)
    tuple(CELL_SHIFTS[q] for q in INDEXES_OF[mask]) for mask in range(512)
]

CELL_NAMES: list[list[tuple[int, int, Digit]]] = [
    # CELL_NAMES[j][q]: (row, column, symbol) of digit j // 9 at cell q of box j % 9
    [(3 * (j % 9 // 3) + q // 3, 3 * (j % 9 % 3) + q % 3, SYMBOLS[j // 9]) for q in range(9)]
    for j in range(81)
]


def solution_cell(j: int) -> tuple[list[int], Digit]:
    """For places index j, once its digit is fixed: the cell's index in reading order (9 * row
    + column), by the cell's bit, and the digit written there."""
    cell_at = [0] * 257
    for q, (r, c, _) in enumerate(CELL_NAMES[j]):
        cell_at[1 << q] = 9 * r + c
    return cell_at, SYMBOLS[j // 9]


SOLUTION_CELL = [solution_cell(j) for j in range(81)]
"""By places index: see `solution_cell`; how the search writes its solution in one pass."""

DIGIT_INDEX = {symbol: d for d, symbol in enumerate(SYMBOLS[:9])}
"""A digit's index: "1" is 0."""
GIVEN_AT = [
    [(3 * (r // 3) + c // 3, 1 << (3 * (r % 3) + c % 3)) for c in range(9)] for r in range(9)
]
"""GIVEN_AT[r][c]: the box of cell (r, c) and the cell's bit in it."""
PLACES_SPEC = [(d, 9 * d + k, k, 3 * (k // 3), 3 * (k % 3)) for d in range(9) for k in range(9)]
"""By places index j: the digit, j, the box, and the shifts that bring the box's band's rows
(and its stack's columns) to the low three bits."""
