"""The engine: the library's fast solver, written for speed, not to be read by learners.

The course's readable solvers are naive.py, pruned.py and classic.py; this one solves the same
puzzles, reports to the same tracker, and is what `solve()` uses by default. Its look-up tables
are built in fast_tables.py. Its speed figures are in the README's performance section.

The idea: where each digit may still go in each box, as one 9-bit int per (digit, box).
Why this shape: in pure Python every operation costs about the same, so the fastest solver is the
one that learns the most per operation. The state is `places`, 81 small ints: `places[9*d + k]`
has bit 3*i + j set when digit index d (0 for "1") may still go at row i, column j of box k
(boxes numbered left to right, top down). A box holding one place for a digit has that digit
fixed there. `boxes[18 + k]` marks the digits not fixed in box k yet; the box rule keeps
`boxes[k]`, the cells not fixed yet, and `boxes[9 + k]`, those of them with two digits left (the
branching candidates). Copying the state for a branch is copying two short lists of ints.

Three boxes side by side form a band, three stacked form a stack. The band rule: a digit goes once
in each row of the band and once in each of its boxes, so the (box, row) pairs that still hold it
must contain a permutation, one row per box and one box per row. `ALLOWED[seen]` (a table of 512
entries) keeps the pairs that lie on some permutation inside those still open. That single lookup
does pointing (a box whose places lie in one row clears that row in the other boxes), claiming (a
row whose places lie in one box clears the rest of that box), hidden singles in rows (a row with
one place confines its box to that row, leaving the box one place), and finds the digit with no
way through. The stack rule is the same with columns. A box rule counts the digits of each cell,
for naked singles (a cell with one digit) and empty cells (a contradiction); it runs after every
change in its box, so its marks are fresh whenever the search branches.

Rules run only when something they read has changed: `dirty` is an int with one bit per line rule
(27 band rules, 27 stack rules), run in sweeps, and `stale` one with a bit per box whose box rule
must run, which happens when no line rule is left. A line rule reads only which rows (or columns)
of each box are still open, so a change that leaves those alone does not wake it. A digit
left with one place in a box is fixed there at once (`place`, `clear_cell`). The search branches on
a cell with two digits, the one with the most open cells around it (box, row and column) and the
most failures blamed on it so far (`blame`, the one part of the state that all branches share: a
rule that finds no way through marks the cells its digit still had, and a failed try its cell),
trying first the digit with more places left in the box, on a copy of the state (the second digit
gets the state itself). It reports each digit it tries to the tracker like every other method, so
max_nodes, counting and stopping work the same way.

Bit tricks: `x & -x` is the lowest set bit of x; `x & (x - 1)` clears it, so it is 0 exactly when
x holds at most one bit; `bit.bit_length() - 1` is the position of a single bit; and a few masks
folded with `twice |= once & x; once |= x` tell, for every cell at once, which cells two of them
hold. Only 9x9 boards are solved here; other sizes go to "classic".
"""

from __future__ import annotations

from ..board import Board
from .classic import classic_search
from .fast_tables import (
    ALL,
    AROUND,
    BAND_RULE,
    BOX_OF,
    BOX_RULE,
    CELL_NAMES,
    CELLS_OF,
    COL_AT,
    COL_CELLS,
    DIGIT_INDEX,
    EVERY_BOX_RULE,
    EVERY_LINE_RULE,
    GIVEN_AT,
    INDEXES_OF,
    LOSES,
    OPEN_IN_BOX,
    OPEN_PER_COL,
    OPEN_PER_ROW,
    PLACES_SPEC,
    ROW_AT,
    ROW_CELLS,
    RULES_BY_LENGTH,
    SOLUTION_CELL,
    STACK_RULE,
    TOP_BIT,
    UNFIXED,
    WAKES,
)
from .tracker import Tracker

Places = list[int]  # places[9*d + k]: where digit d may go in box k (9 bits)
Boxes = list[int]  # boxes[k]: box k's cells not fixed yet; [9 + k]: those with two digits
# (both as of the box rule's last run); [18 + k]: the digits not fixed in box k yet
Blame = list[int]  # blame[9*k + q]: how often a failure involved cell q of box k


def fast_search(board: Board, track: Tracker, givens: Masks | None = None) -> bool:
    """Fill `board` in place; True when the tracker has what it wants (9x9 boards; else classic).

    `givens` is the board read by `given_masks` when the caller has read it already (`solve`
    does, to refuse clashing givens), so that the board is read once per solve."""
    if len(board) != 9:
        return classic_search(board, track)
    state = propagated_givens(board, givens)
    if state is None:
        return False
    places, boxes, blame = state
    return search(places, boxes, blame, board, track, 0)


def propagated_givens(
    board: Board, givens: Masks | None = None
) -> tuple[Places, Boxes, Blame] | None:
    """The state once the givens of a 9x9 board are placed and every rule has run, before any
    guess (with no blame yet); None when the givens contradict each other. `givens`: the board's
    `given_masks`, if read already."""
    state = placed_givens(board, givens)
    if state is None:
        return None
    places, boxes = state
    blame = [0] * 81
    if not settle(places, boxes, EVERY_LINE_RULE, EVERY_BOX_RULE, blame):
        return None
    return places, boxes, blame


Masks = tuple[list[int], list[int], list[int], list[int], list[int]]
"""What the givens say, as masks: see `given_masks`."""


def given_masks(board: Board) -> Masks | None:
    """One pass over a 9x9 board's givens: per digit index, the rows and the columns holding it
    (9 bits each); per places index, the given's cell (0 if none); per box, its open cells and
    the digits not given in it. None when two givens share a row, a column or a box: this is
    how the engine, and `solve` before any search, find clashing givens."""
    rows, cols, given, open_cells, unfixed = [0] * 9, [0] * 9, [0] * 81, [ALL] * 9, [ALL] * 9
    for r, row in enumerate(board):
        row_bit, at = 1 << r, GIVEN_AT[r]
        for c, symbol in enumerate(row):
            if symbol != ".":
                d = DIGIT_INDEX[symbol]
                k, bit = at[c]
                j = 9 * d + k
                if rows[d] & row_bit or cols[d] >> c & 1 or given[j]:
                    return None
                rows[d] |= row_bit
                cols[d] |= 1 << c
                given[j] = bit
                open_cells[k] ^= bit
                unfixed[k] ^= 1 << d
    return rows, cols, given, open_cells, unfixed


def placed_givens(board: Board, givens: Masks | None = None) -> tuple[Places, Boxes] | None:
    """The state with the givens fixed and the rows and columns they see cleared, built from
    `given_masks` (no rule has run yet); None when givens clash or a digit has no place left in
    a box.

    A digit's places in a box are the box's open cells on the rows and columns still free for
    it: masks, not a given at a time. A digit left with one place in a box is fixed there before
    any rule runs.
    """
    masks = given_masks(board) if givens is None else givens
    if masks is None:
        return None
    rows, cols, given, open_cells, unfixed = masks
    places = [
        given[j]
        or open_cells[k] & ROW_CELLS[~rows[d] >> band & 7] & COL_CELLS[~cols[d] >> stack & 7]
        for d, j, k, band, stack in PLACES_SPEC
    ]
    boxes = open_cells + [0] * 9 + unfixed
    for j, x in enumerate(places):
        if not x & (x - 1):
            if not x:
                return None  # a digit has no place left in a box
            if boxes[BOX_OF[j][0]] >> j // 9 & 1:  # one place, not fixed yet: fix it there
                clear_cell(places, boxes, j, x)
    return places, boxes


def place(places: Places, boxes: Boxes, j: int, bit: int) -> int:
    """Fix digit j // 9 on cell `bit` of box j % 9: the digit leaves its other places in the box
    and the other digits leave the cell. Returns the line rules that must look again (they then
    clear the rest of the cell's row and column); the box's own rule must too, which the caller
    sees to."""
    x = places[j]
    places[j] = bit
    dirty = 0  # the line rules look again only if the digit's open lines changed
    if x & ROW_AT[bit] != x:
        dirty |= BAND_RULE[j]
    if x & COL_AT[bit] != x:
        dirty |= STACK_RULE[j]
    return dirty | clear_cell(places, boxes, j, bit)


def clear_cell(places: Places, boxes: Boxes, j: int, bit: int) -> int:
    """The other digits leave cell `bit` of box j % 9, where digit j // 9 is fixed already
    (places[j] == bit, and whoever made it so has woken the rules that this wakes).

    A digit left with one place in the box is fixed there in turn. Returns the rules that must
    look again: a box's open rows change only when a digit loses the last place of a row, and
    one lookup (LOSES) tells that, the same for columns, and whether one place is left. Only the
    digits not fixed in the box yet can still hold the cell, so only they are looked at. The box's
    open cells are left to its box rule, which the caller has woken.
    """
    k_digits, others, not_digit = BOX_OF[j]
    unfixed = boxes[k_digits] & not_digit
    boxes[k_digits] = unfixed
    loses = LOSES[bit]
    dirty = 0
    for e in others[unfixed]:
        x = places[e]
        if x & bit:
            places[e] = x ^ bit
            what = loses[x]
            if what:
                dirty |= WAKES[e][what]
                if what >= 4:
                    dirty |= clear_cell(places, boxes, e, x ^ bit)
    return dirty


def settle(places: Places, boxes: Boxes, dirty: int, stale: int, blame: Blame) -> bool:
    """Run the dirty line rules, and when none is left the box rules of the `stale` boxes, until
    nothing is left to run; False on a contradiction (and the cells where the failing digit
    still had places take the blame).

    The line rules run in sweeps: each sweep takes the rules dirty at its start, highest first,
    and what they wake waits for the next sweep (rather than always running the highest dirty
    rule next).
    """
    # Locals are the fastest names in a hot loop.
    rules, top, box_rule, fix = RULES_BY_LENGTH, TOP_BIT, BOX_RULE, clear_cell
    sweep = 0
    while True:
        if not sweep:
            if dirty:
                sweep, dirty = dirty, 0
                continue
            if not stale:
                return True
            k = stale.bit_length() - 1
            stale ^= 1 << k
            woken = naked_singles(places, boxes, k)
            if woken is None:
                return False
            if woken:  # it fixed cells of box k, so its counts are out of date
                dirty = woken
                stale |= 1 << k
            continue
        length = sweep.bit_length()  # the highest rule left in the sweep is rule length - 1
        sweep ^= top[length]
        j0, j1, j2, seen0, seen1, seen2, keep, seen_other, other_rule = rules[length]
        x0, x1, x2 = places[j0], places[j1], places[j2]
        kept = keep[seen0[x0] | seen1[x1] | seen2[x2]]
        if not kept:  # () when every place is on a permutation already: nothing to clear
            if kept is None:  # the digit has no way through these three boxes
                for j, x in ((j0, x0), (j1, x1), (j2, x2)):
                    cell = 9 * (j % 9)
                    for q in INDEXES_OF[x]:
                        blame[cell + q] += 1
                return False
            continue
        keep0, keep1, keep2 = kept
        # A rule's result passes it again unchanged, so it need not mark itself.
        # The same four steps for each of the three boxes, written out rather than looped:
        # this is the hottest code of the solver, where a loop would cost more than it reads better.
        y = x0 & keep0
        if y != x0:
            places[j0] = y
            stale |= box_rule[j0]
            if seen_other[x0] != seen_other[y]:
                dirty |= other_rule[j0]
            if not y & (y - 1):
                dirty |= fix(places, boxes, j0, y)
        y = x1 & keep1
        if y != x1:
            places[j1] = y
            stale |= box_rule[j1]
            if seen_other[x1] != seen_other[y]:
                dirty |= other_rule[j1]
            if not y & (y - 1):
                dirty |= fix(places, boxes, j1, y)
        y = x2 & keep2
        if y != x2:
            places[j2] = y
            stale |= box_rule[j2]
            if seen_other[x2] != seen_other[y]:
                dirty |= other_rule[j2]
            if not y & (y - 1):
                dirty |= fix(places, boxes, j2, y)


def naked_singles(places: Places, boxes: Boxes, k: int) -> int | None:
    """Fix the cells of box k left with one digit, and note those with two; None when a cell has
    none. Returns the line rules that must look again (0 when nothing changed).

    Only the digits not fixed in the box are counted: the fixed ones sit on fixed cells. Folding
    their masks gives, for all cells at once, those that one of them holds (`once`: exactly the
    open cells, unless one has no digit left, which the counts tell), those that two hold and
    those that three or more hold.
    """
    unfixed = boxes[18 + k]
    once = twice = more = 0
    for j in UNFIXED[k][unfixed]:
        x = places[j]
        more |= twice & x
        twice |= once & x
        once |= x
    if once.bit_count() != unfixed.bit_count():
        return None  # an open cell of this box has no digit left
    boxes[k] = once
    boxes[9 + k] = twice & ~more
    single = once & ~twice
    dirty = 0
    while single:
        bit = single & -single
        single ^= bit
        for j in UNFIXED[k][boxes[18 + k]]:
            if places[j] & bit:
                dirty |= place(places, boxes, j, bit)
                break
    return dirty


def bivalue_cell(boxes: Boxes, blame: Blame) -> tuple[int, int] | None:
    """A cell with exactly two digits left, as (box, bit), or None when there is none.

    Of those, the one with the most open cells in its box, row and column (fixing it tells the most
    cells something), plus half the failures blamed on it so far: a cell where the search keeps
    failing is where this puzzle is hard, so deciding it early saves work. The open cells of the
    row are counted for all three rows of the box at once (OPEN_PER_ROW of the two boxes beside),
    and those of the column likewise.
    """
    best, most = None, -1
    for k, pairs_at, cell, left, right, up, down in AROUND:
        pairs = boxes[pairs_at]
        if pairs:
            in_box = OPEN_IN_BOX[boxes[k]]
            in_rows = OPEN_PER_ROW[boxes[left]] + OPEN_PER_ROW[boxes[right]]
            in_cols = OPEN_PER_COL[boxes[up]] + OPEN_PER_COL[boxes[down]]
            for bit, row, col, q in CELLS_OF[pairs]:
                score = in_box + (in_rows >> row & 15) + (in_cols >> col & 15) + blame[cell + q]
                if score > most:
                    best, most = (k, bit), score
    return best


def fewest_places(places: Places) -> int:
    """The (digit, box) index with the fewest places among those not fixed (one is not)."""
    best, fewest = -1, 10
    for j, x in enumerate(places):
        if x & (x - 1):
            n = x.bit_count()
            if n < fewest:
                best, fewest = j, n
                if n == 2:
                    break
    return best


def choices(places: Places, boxes: Boxes, blame: Blame) -> list[tuple[int, int]] | None:
    """What to branch on, as (places index, bit) pairs: the two digits of a bivalue cell if
    there is one, else the places of the digit with the fewest in a box; None when all is fixed.

    Of a cell's two digits, the one with more places in the box goes first: fixing it clears
    more, so when it is wrong it tends to fail sooner.
    """
    cell = bivalue_cell(boxes, blame)
    if cell is not None:
        k, bit = cell
        first, second = [(j, bit) for j in UNFIXED[k][boxes[18 + k]] if places[j] & bit]
        if places[second[0]].bit_count() > places[first[0]].bit_count():
            return [second, first]
        return [first, second]
    if not any(boxes[18:]):  # every digit is fixed in every box: solved
        return None
    j = fewest_places(places)
    x = places[j]
    return [(j, 1 << q) for q in range(9) if x >> q & 1]


def search(
    places: Places, boxes: Boxes, blame: Blame, board: Board, track: Tracker, depth: int
) -> bool:
    """Branch on one choice at a time, each on its own copy of the state but the last, which
    may have the state itself (the state is this call's to spend: the caller made it for us).
    A try that fails blames its cell too."""
    options = choices(places, boxes, blame)
    if options is None:
        write_solution(places, board)
        return track.solved(board, depth)
    last = options[-1]
    for option in options:
        j, bit = option
        q = bit.bit_length() - 1
        r, c, symbol = CELL_NAMES[j][q]
        track.tried(r, c, symbol, depth)
        if option is last:
            branch, branch_boxes = places, boxes
        else:
            branch, branch_boxes = places[:], boxes[:]
        dirty = place(branch, branch_boxes, j, bit)
        if settle(branch, branch_boxes, dirty, BOX_RULE[j], blame) and search(
            branch, branch_boxes, blame, board, track, depth + 1
        ):
            return True
        track.undone(r, c, symbol, depth)
        blame[9 * (j % 9) + q] += 1
    return False  # every choice failed: the end of a branch, told by its undos, not a dead end


def write_solution(places: Places, board: Board) -> None:
    """Copy the fixed digits onto the board: each places entry is one cell's bit by now, and
    SOLUTION_CELL turns it into the cell's index in reading order, so the rows are written
    whole."""
    cells = [""] * 81
    for (cell_of, symbol), bit in zip(SOLUTION_CELL, places, strict=True):
        cells[cell_of[bit]] = symbol
    for r, row in enumerate(board):
        row[:] = cells[9 * r : 9 * r + 9]
