"""The fast solver: where each digit may still go in each box, as one 9-bit int per (digit, box).

Why this shape: in pure Python every operation costs about the same, so the fastest solver is the
one that learns the most per operation. The state is `places`, 81 small ints: `places[9*d + k]`
has bit 3*i + j set when digit index d (0 for "1") may still go at row i, column j of box k
(boxes numbered left to right, top down). A box holding one place for a digit has that digit
fixed there. `boxes[k]` marks the cells of box k not fixed yet, and `boxes[9 + k]` those of them
with two digits left (the branching candidates). Copying the state for a branch is copying two
short lists of ints.

Three boxes side by side form a band, three stacked form a stack. The band rule: a digit goes once
in each row of the band and once in each of its boxes, so the (box, row) pairs that still hold it
must contain a permutation, one row per box and one box per row. `ALLOWED[seen]` (a table of 512
entries) keeps the pairs that lie on some permutation inside those still open. That single lookup
does pointing (a box whose places lie in one row clears that row in the other boxes), claiming (a
row whose places lie in one box clears the rest of that box), hidden singles in rows (a row with
one place confines its box to that row, leaving the box one place), and finds the digit with no
way through. The stack rule is the same with columns. A box rule counts the digits of each cell,
for naked singles (a cell with one digit) and empty cells (a contradiction).

Rules run only when something they read has changed: `dirty` is an int with one bit per rule
(27 band rules, 27 stack rules, 9 box rules). A line rule reads only which rows (or columns) of
each box are still open, so a change that leaves those alone does not wake it. A digit left with
one place in a box is fixed there at once (`place`). The search branches on a cell with two
digits, the one with the most open cells around it (box, row and column), and reports each digit
it tries to the tracker like every other method, so max_nodes, counting and stopping work the
same way.

Bit tricks: `x & -x` is the lowest set bit of x; `x & (x - 1)` clears it, so it is 0 exactly when
x holds at most one bit; `bit.bit_length() - 1` is the position of a single bit; and over a list
of masks, `twice |= once & x; once |= x` leaves in `once` the bits set at least once, in `twice`
those set two or more times. Only 9x9 boards are solved here; other sizes go to "classic".
"""

from __future__ import annotations

from itertools import permutations

from ..board import SYMBOLS, Board
from .classic import classic_search
from .tracker import Tracker

Places = list[int]  # places[9*d + k]: where digit d may go in box k (9 bits)
Boxes = list[int]  # boxes[k]: box k's cells not fixed yet; boxes[9 + k]: those with two digits

ALL = 0o777  # the nine cells of a box
BOX_RULES = 54  # rules 0-26 are band rules, 27-53 stack rules, 54-62 box rules
EVERY_RULE = (1 << 63) - 1


def _lines_seen(rows: bool) -> list[int]:
    """For each 9-bit box mask, the 3-bit set of rows (or columns) of the box it touches."""
    line = 0b111 if rows else 0b001001001
    step = 3 if rows else 1
    return [sum(1 << i for i in range(3) if mask & line << step * i) for mask in range(512)]


def _line_cells(rows: bool) -> list[int]:
    """For each 3-bit set of rows (or columns), the 9-bit mask of their cells in a box."""
    line = 0b111 if rows else 0b001001001
    step = 3 if rows else 1
    return [sum(line << step * i for i in range(3) if lines >> i & 1) for lines in range(8)]


def _allowed(seen: int) -> int:
    """The (box, line) pairs, bit 3*box + line, that lie on a permutation inside `seen`."""
    allowed = 0
    for lines in permutations(range(3)):
        pattern = sum(1 << (3 * box + line) for box, line in enumerate(lines))
        if pattern & seen == pattern:
            allowed |= pattern
    return allowed


ROWS_SEEN, COLS_SEEN = _lines_seen(rows=True), _lines_seen(rows=False)
ROW_CELLS, COL_CELLS = _line_cells(rows=True), _line_cells(rows=False)
ALLOWED = [_allowed(seen) for seen in range(512)]


BAND_RULE = [1 << (3 * (j // 9) + j % 9 // 3) for j in range(81)]  # rule 3*d + band
STACK_RULE = [1 << (27 + 3 * (j // 9) + j % 9 % 3) for j in range(81)]  # rule 27 + 3*d + stack
BOX_RULE = [1 << (BOX_RULES + j % 9) for j in range(81)]  # rule 54 + box


def _keep(cells: list[int]) -> list[tuple[int, int, int] | None]:
    """For each `seen` pattern of a line rule, the cells each of its three boxes keeps (None when
    no permutation fits): ALLOWED unpacked, so the rule needs one lookup."""
    return [
        (cells[allowed & 7], cells[allowed >> 3 & 7], cells[allowed >> 6]) if allowed else None
        for allowed in ALLOWED
    ]


def _rules() -> list[tuple]:
    """Each line rule, by number: its three places indices, the lines-seen tables for its three
    boxes (shifted into place), what each box keeps, and the crossing lines' table and rules
    (to tell when a crossing rule must run again)."""
    rows = (ROWS_SEEN, [s << 3 for s in ROWS_SEEN], [s << 6 for s in ROWS_SEEN], _keep(ROW_CELLS))
    cols = (COLS_SEEN, [s << 3 for s in COLS_SEEN], [s << 6 for s in COLS_SEEN], _keep(COL_CELLS))
    bands = [
        (k, k + 1, k + 2, *rows, COLS_SEEN, STACK_RULE)
        for d in range(9)
        for k in range(9 * d, 9 * d + 9, 3)
    ]
    stacks = [
        (k, k + 3, k + 6, *cols, ROWS_SEEN, BAND_RULE)
        for d in range(9)
        for k in range(9 * d, 9 * d + 3)
    ]
    return bands + stacks


RULES = _rules()
IN_BOX = [tuple(range(k, 81, 9)) for k in range(9)]  # the places indices of box k, digit by digit


def fast_search(board: Board, track: Tracker) -> bool:
    """Fill `board` in place; True when the tracker has what it wants (9x9 boards; else classic)."""
    if len(board) != 9:
        return classic_search(board, track)
    places, boxes = [ALL] * 81, [ALL] * 9 + [0] * 9
    for r, row in enumerate(board):
        for c, symbol in enumerate(row):
            if symbol != ".":
                j = 9 * SYMBOLS.index(symbol) + 3 * (r // 3) + c // 3
                bit = 1 << (3 * (r % 3) + c % 3)
                if not places[j] & bit:
                    return False  # an earlier given already took this place
                place(places, boxes, j, bit)
    if not settle(places, boxes, EVERY_RULE):
        return False
    return search(places, boxes, board, track, 0)


def place(places: Places, boxes: Boxes, j: int, bit: int) -> int:
    """Fix digit j // 9 on cell `bit` of box j % 9: the other digits leave the cell.

    A digit left with one place in the box is fixed there in turn. Returns the rules that must
    look again (the line rules then clear the rest of each fixed cell's row and column).
    """
    k = j % 9
    boxes[k] &= ~bit
    x = places[j]
    places[j] = bit
    dirty = BOX_RULE[j]  # the box lost digits; the line rules only if the open lines changed
    if ROWS_SEEN[x] != ROWS_SEEN[bit]:
        dirty |= BAND_RULE[j]
    if COLS_SEEN[x] != COLS_SEEN[bit]:
        dirty |= STACK_RULE[j]
    for e in IN_BOX[k]:
        x = places[e]
        if x & bit and e != j:
            y = x ^ bit
            places[e] = y
            if ROWS_SEEN[x] != ROWS_SEEN[y]:
                dirty |= BAND_RULE[e]
            if COLS_SEEN[x] != COLS_SEEN[y]:
                dirty |= STACK_RULE[e]
            if y and not y & (y - 1):
                dirty |= place(places, boxes, e, y)
    return dirty


def settle(places: Places, boxes: Boxes, dirty: int) -> bool:
    """Run the dirty rules until none is left; False on a contradiction."""
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        rule = low.bit_length() - 1
        if rule >= BOX_RULES:
            found = naked_singles(places, boxes, rule - BOX_RULES)
            if found is None:
                return False
            dirty |= found
            continue
        j0, j1, j2, seen0, seen1, seen2, keep, seen_other, other_rule = RULES[rule]
        x0, x1, x2 = places[j0], places[j1], places[j2]
        kept = keep[seen0[x0] | seen1[x1] | seen2[x2]]
        if kept is None:
            return False  # the digit has no way through these three boxes
        keep0, keep1, keep2 = kept
        # A rule's result passes it again unchanged, so it need not mark itself.
        y = x0 & keep0
        if y != x0:
            places[j0] = y
            dirty |= BOX_RULE[j0]
            if seen_other[x0] != seen_other[y]:
                dirty |= other_rule[j0]
            if not y & (y - 1):
                dirty |= place(places, boxes, j0, y)
        y = x1 & keep1
        if y != x1:
            places[j1] = y
            dirty |= BOX_RULE[j1]
            if seen_other[x1] != seen_other[y]:
                dirty |= other_rule[j1]
            if not y & (y - 1):
                dirty |= place(places, boxes, j1, y)
        y = x2 & keep2
        if y != x2:
            places[j2] = y
            dirty |= BOX_RULE[j2]
            if seen_other[x2] != seen_other[y]:
                dirty |= other_rule[j2]
            if not y & (y - 1):
                dirty |= place(places, boxes, j2, y)
    return True


def naked_singles(places: Places, boxes: Boxes, k: int) -> int | None:
    """Fix the cells of box k left with one digit, and note those with two; None when a cell has
    none. Returns the rules that must look again (0 when nothing changed)."""
    once = twice = thrice = 0
    for x in places[k::9]:
        thrice |= twice & x
        twice |= once & x
        once |= x
    if once != ALL:
        return None  # a cell of this box has no digit left
    open_cells = boxes[k]
    boxes[9 + k] = twice & ~thrice & open_cells
    single = once & ~twice & open_cells
    dirty = 0
    while single:
        bit = single & -single
        single ^= bit
        for j in IN_BOX[k]:
            if places[j] & bit:
                dirty |= place(places, boxes, j, bit)
                break
    return dirty


ROW_OF = [0b111 << 3 * (q // 3) for q in range(9)]  # the cells of position q's row in a box
COL_OF = [0b001001001 << q % 3 for q in range(9)]  # and of its column
BESIDE = [[3 * (k // 3) + s for s in range(3) if s != k % 3] for k in range(9)]  # same band
ABOVE_BELOW = [[3 * b + k % 3 for b in range(3) if b != k // 3] for k in range(9)]  # same stack


def bivalue_cell(places: Places, boxes: Boxes) -> tuple[int, int] | None:
    """A cell with exactly two digits left, as (box, bit), or None when there is none.

    Of those, the one with the most open cells in its box, row and column: fixing it tells
    the most cells something.
    """
    best, most = None, -1
    for k in range(9):
        pairs = boxes[9 + k]
        if not pairs:
            continue
        open_cells = boxes[k]
        (left, right), (up, down) = BESIDE[k], ABOVE_BELOW[k]
        left, right, up, down = boxes[left], boxes[right], boxes[up], boxes[down]
        in_box = open_cells.bit_count()
        while pairs:
            bit = pairs & -pairs
            pairs ^= bit
            q = bit.bit_length() - 1
            row, col = ROW_OF[q], COL_OF[q]
            lines = left & row | (right & row) << 9 | (up & col) << 18 | (down & col) << 27
            score = in_box + lines.bit_count()
            if score > most:
                best, most = (k, bit), score
    return best


def fewest_places(places: Places) -> int:
    """The (digit, box) index with the fewest places among those not fixed; -1 if all are."""
    best, fewest = -1, 10
    for j, x in enumerate(places):
        if x & (x - 1):
            n = x.bit_count()
            if n < fewest:
                best, fewest = j, n
                if n == 2:
                    break
    return best


def choices(places: Places, boxes: Boxes) -> list[tuple[int, int]] | None:
    """What to branch on, as (places index, bit) pairs: the two digits of a bivalue cell if
    there is one, else the places of the digit with the fewest in a box; None when all is fixed."""
    cell = bivalue_cell(places, boxes)
    if cell is not None:
        k, bit = cell
        return [(j, bit) for j in IN_BOX[k] if places[j] & bit]
    j = fewest_places(places)
    if j < 0:
        return None
    x = places[j]
    return [(j, 1 << q) for q in range(9) if x >> q & 1]


def search(places: Places, boxes: Boxes, board: Board, track: Tracker, depth: int) -> bool:
    """Branch on one choice at a time, each on its own copy of the state."""
    options = choices(places, boxes)
    if options is None:
        write_solution(places, board)
        return track.solved(board, depth)
    for j, bit in options:
        d, k = divmod(j, 9)
        q = bit.bit_length() - 1
        r, c, symbol = 3 * (k // 3) + q // 3, 3 * (k % 3) + q % 3, SYMBOLS[d]
        track.tried(r, c, symbol, depth)
        branch, branch_boxes = places[:], boxes[:]
        dirty = place(branch, branch_boxes, j, bit)
        if settle(branch, branch_boxes, dirty) and search(
            branch, branch_boxes, board, track, depth + 1
        ):
            return True
        track.undone(r, c, symbol, depth)
    track.dead_end(None, None, depth, "every choice failed")
    return False


def write_solution(places: Places, board: Board) -> None:
    """Copy the fixed digits onto the board."""
    for j, bit in enumerate(places):
        d, k = divmod(j, 9)
        q = bit.bit_length() - 1
        board[3 * (k // 3) + q // 3][3 * (k % 3) + q % 3] = SYMBOLS[d]
