"""The self-checks of notebooks 04, 06 and 07: they pass right answers, catch typical wrong ones
and name the problem, refuse the library's own functions, and say "not done yet" on a stub.

The right answers are written here the plain way a learner would, independently of the library.
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from sudoku_lib import count_solutions, is_valid_sudoku, parse, solve
from sudoku_lib.board import BLANK, geometry
from sudoku_lib.checks import (
    check_bound_for,
    check_candidates,
    check_count_solutions,
    check_hardest_for,
    check_hidden_singles,
    check_is_unique,
    check_median_nodes,
    check_most_constrained,
    check_naked_singles,
    check_pruned_solve,
    check_remove_clue,
)
from sudoku_lib.checks.nb04 import COMPARED, FEWER_THAN_NAIVE, naive_nodes, unseen_puzzles
from sudoku_lib.checks.nb07 import NO_SOLUTION, TWO_SOLUTIONS
from sudoku_lib.search.collect import find_solutions
from sudoku_lib.search.pruned import candidates_of

ROOT = Path(__file__).resolve().parent.parent


def stub(*args):
    raise NotImplementedError


# --- right answers, the plain way --------------------------------------------------------------

GEO = geometry(9)
UNITS = [list(unit) for unit in (*GEO.rows, *GEO.columns, *GEO.boxes)]


def candidates(board, r, c):
    seen = {board[i][j] for i, j in GEO.peers[(r, c)]}
    return {d for d in GEO.digits if d not in seen}


def naked_singles(board):
    out = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == BLANK:
                fits = candidates(board, r, c)
                if len(fits) == 1:
                    out[(r, c)] = fits.pop()
    return out


def hidden_singles(board, unit):
    out = {}
    placed = {board[r][c] for r, c in unit}
    for d in GEO.digits:
        if d in placed:
            continue
        spots = [(r, c) for r, c in unit if board[r][c] == BLANK and d in candidates(board, r, c)]
        if len(spots) == 1:
            out[d] = spots[0]
    return out


def most_constrained(board):
    empty = [(r, c) for r in range(9) for c in range(9) if board[r][c] == BLANK]
    return min(empty, key=lambda cell: len(candidates(board, *cell)), default=None)


def pruned_solve(board, hidden=True, singles=True):
    """Singles, then the most constrained cell; counts digits placed by choice."""
    board = [row[:] for row in board]
    nodes = 0

    def forced():
        found = naked_singles(board) if singles else {}
        if hidden and not found:
            for unit in UNITS:
                found.update({cell: d for d, cell in hidden_singles(board, unit).items()})
        return found

    def search():
        nonlocal nodes
        filled, alive, singles = [], True, forced()
        while singles and alive:
            for (r, c), d in singles.items():
                if d not in candidates(board, r, c):
                    alive = False
                    break
                board[r][c] = d
                filled.append((r, c))
            singles = forced() if alive else {}
        if alive:
            cell = most_constrained(board)
            if cell is None:
                return True
            for d in sorted(candidates(board, *cell)):
                board[cell[0]][cell[1]] = d
                nodes += 1
                if search():
                    return True
                board[cell[0]][cell[1]] = BLANK
        for r, c in filled:
            board[r][c] = BLANK
        return False

    return (board if search() else None), nodes


def naive_counts(puzzles):
    return [solve(p, "naive").stats.nodes for p in puzzles]


def median_nodes(puzzles):
    xs = sorted(naive_counts(puzzles))
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def hardest_for(puzzles, method):
    names = list(puzzles)
    nodes = [solve(puzzles[name], method).stats.nodes for name in names]
    return names[nodes.index(max(nodes))]


def bound_for(puzzles, fraction):
    xs = sorted(naive_counts(puzzles))
    for i, x in enumerate(xs):
        if (i + 1) / len(xs) >= fraction and (i + 1 == len(xs) or xs[i + 1] != x):
            return x
    return xs[-1]


def count_up_to(puzzle, limit):
    """A right count written by hand, with no library search, as a learner would. Each row,
    column and box keeps the set of its digits as the search goes, so that counting every
    solution of the sample takes about a tenth of a second of CPU under the time limit's hook:
    looking at every peer instead took 0.7 s, which at load 15-20 the wall bound could cut."""
    board = parse(puzzle)
    size = len(board)
    empties = [(r, c) for r in range(size) for c in range(size) if board[r][c] == BLANK]
    geo = geometry(size)
    rows = [set(row) - {BLANK} for row in board]
    columns = [{board[r][c] for r in range(size)} - {BLANK} for c in range(size)]
    boxes = [set() for _ in range(size)]
    for r, c in geo.cells:
        if board[r][c] != BLANK:
            boxes[geo.box_of(r, c)].add(board[r][c])

    def count_from(i, wanted):
        if i == len(empties):
            return 1
        r, c = empties[i]
        box = boxes[geo.box_of(r, c)]
        found = 0
        for d in geo.digits:
            if found < wanted and d not in rows[r] and d not in columns[c] and d not in box:
                board[r][c] = d
                rows[r].add(d)
                columns[c].add(d)
                box.add(d)
                found += count_from(i + 1, wanted - found)
                rows[r].discard(d)
                columns[c].discard(d)
                box.discard(d)
                board[r][c] = BLANK
        return found

    return count_from(0, limit)


def is_unique(puzzle):
    return count_up_to(puzzle, 2) == 1


def remove_clue(puzzle, index):
    fewer = puzzle[:index] + "." + puzzle[index + 1 :]
    return fewer if is_unique(fewer) else puzzle


# --- typical wrong answers ---------------------------------------------------------------------


def candidates_without_box(board, r, c):
    seen = set(board[r]) | {board[i][c] for i in range(9)}
    return {d for d in GEO.digits if d not in seen}


def candidates_as_ints(board, r, c):
    return {int(d) for d in candidates(board, r, c)}


def singles_placed_while_scanning(board):
    out = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == BLANK and len(fits := candidates(board, r, c)) == 1:
                out[(r, c)] = board[r][c] = fits.pop()
    return out


def singles_with_filled_cells(board):
    """Also reports the first filled cell, with its own digit."""
    filled = [(r, c) for r in range(9) for c in range(9) if board[r][c] != BLANK]
    return naked_singles(board) | {cell: board[cell[0]][cell[1]] for cell in filled[:1]}


def hidden_singles_with_placed_digits(board, unit):
    out = hidden_singles(board, unit)
    placed = [(board[r][c], (r, c)) for r, c in unit if board[r][c] != BLANK]
    return out | dict(placed[:1])


def hidden_singles_cells_as_keys(board, unit):
    return {cell: d for d, cell in hidden_singles(board, unit).items()}


def most_candidates(board):
    empty = [(r, c) for r in range(9) for c in range(9) if board[r][c] == BLANK]
    return max(empty, key=lambda cell: len(candidates(board, *cell)), default=None)


def last_of_tie(board):
    empty = [(r, c) for r in range(9) for c in range(9) if board[r][c] == BLANK]
    return min(reversed(empty), key=lambda cell: len(candidates(board, *cell)), default=None)


def first_empty(board):
    return next(((r, c) for r in range(9) for c in range(9) if board[r][c] == BLANK), None)


def solver_without_counting(board):
    return pruned_solve(board)[0], 0


def solver_undoing_success(board):
    board = [row[:] for row in board]
    solution, nodes = pruned_solve(board)
    return (board if solution is not None else None), nodes  # hands back the untouched copy


def solver_without_singles(board):
    """Most constrained first and failing early, but no propagation: too many nodes."""
    return pruned_solve(board, hidden=False, singles=False)


def solver_of_the_library(board):
    return solve(board).solution, 0


def count_all_then_clip(puzzle, limit):
    return min(len(find_solutions(puzzle, 10**9, "fast")), limit)


def count_past_limit(puzzle, limit):
    return count_up_to(puzzle, 1000)


def unique_with_limit_one(puzzle):
    return count_up_to(puzzle, 1) == 1


def unique_at_most_one(puzzle):
    return count_up_to(puzzle, 2) <= 1


def unique_by_the_library(puzzle):
    return count_solutions(puzzle, 2) == 1


def remove_without_asking(puzzle, index):
    return puzzle[:index] + "." + puzzle[index + 1 :]


def remove_from_one(puzzle, index):
    return remove_clue(puzzle, index + 1) if index + 1 < len(puzzle) else puzzle


def median_unsorted(puzzles):
    xs = naive_counts(puzzles)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def median_upper_middle(puzzles):
    return sorted(naive_counts(puzzles))[len(puzzles) // 2]


def hardest_last_on_tie(puzzles, method):
    return sorted(puzzles, key=lambda name: solve(puzzles[name], method).stats.nodes)[-1]


def hardest_count(puzzles, method):
    return max(solve(p, method).stats.nodes for p in puzzles.values())


def bound_one_too_far(puzzles, fraction):
    xs = sorted(naive_counts(puzzles))
    i = min(int(fraction * len(xs)), len(xs) - 1)
    return xs[i]


# (check, right answer, [(wrong answer, words the report must contain), ...])
CHECKS = [
    (check_candidates, candidates, [
        (candidates_without_box, "already in box"),
        (candidates_as_ints, "one-character strings"),
        (lambda b, r, c: candidates_of(b)[(r, c)], "library's own `candidates_of`"),
        (candidates_of, "library's own"),
    ]),
    (check_naked_singles, naked_singles, [
        (singles_placed_while_scanning, "changed the board"),
        (singles_with_filled_cells, "already holds a digit"),
        (lambda b: {}, "missing row"),
        (lambda b: {c: d[0] for c, d in candidates_of(b).items() if len(d) == 1}, "library"),
    ]),
    (check_hidden_singles, hidden_singles, [
        (hidden_singles_with_placed_digits, "only missing digits"),
        (hidden_singles_cells_as_keys, "other way round"),
    ]),
    (check_most_constrained, most_constrained, [
        (most_candidates, "the fewest, not the most"),
        (last_of_tie, "keep the first in reading order"),
        (first_empty, "the fewest, not the most"),
    ]),
    (check_pruned_solve, pruned_solve, [
        (solver_without_counting, "add 1 to your count"),
        (solver_undoing_success, "still has"),
        (solver_of_the_library, "library's own `solve`"),
        (lambda b: pruned_solve(b)[0], "return a pair"),
    ]),
    (check_median_nodes, median_nodes, [
        (median_unsorted, "sort the counts first"),
        (median_upper_middle, "two middle counts"),
        (lambda ps: statistics.mean(naive_counts(ps)), "the mean"),
        (statistics.median, "library's own"),
        (lambda ps: statistics.median(naive_counts(ps)), "library's own `median`"),
    ]),
    (check_hardest_for, hardest_for, [
        (hardest_last_on_tie, "on a tie, keep the first"),
        (hardest_count, "return the name"),
        (lambda ps, m: min(ps, key=lambda n: solve(ps[n], m).stats.nodes), "the fewest nodes"),
    ]),
    (check_bound_for, bound_for, [
        (bound_one_too_far, "the next count up"),
        (lambda ps, f: int(f * len(ps)), "a position in the sorted counts"),
    ]),
    (check_count_solutions, count_up_to, [
        (count_all_then_clip, "library's own"),
        (lambda p, limit: min(count_solutions(p, 10**9), limit), "library's own"),
        (count_past_limit, "went past the limit"),
        (lambda p, limit: min(count_up_to(p, 1), limit), "stopped at the first solution"),
    ]),
    (check_is_unique, is_unique, [
        (unique_with_limit_one, "use limit=2"),
        (unique_at_most_one, "exactly one"),
        (unique_by_the_library, "library's own"),
    ]),
    (check_remove_clue, remove_clue, [
        (remove_without_asking, "ask is_unique first"),
        (remove_from_one, "counts from 0"),
        (lambda p, i: p, "the blank should stay"),
    ]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("check", "right", "wrongs"), CHECKS, ids=lambda x: getattr(x, "__name__", "")
)
def test_check_passes_right_names_each_wrong_answer_and_waits_for_a_stub(check, right, wrongs):
    report = check(right)
    assert report.passed, report
    for wrong, words in wrongs:
        report = check(wrong)
        assert report.outcome == "failed", (wrong, report)
        assert words in repr(report), (words, report)
    assert check(stub).outcome == "not done yet"


def test_count_up_to_must_stop_early_even_without_the_library():
    """A count of every solution, then clipped, written by hand: the time limit stops it on the
    empty 9x9 board and the report says why. It runs under the check's own limit (5 s of CPU,
    15 s by the wall clock), not a shorter one: the earlier cases must still fit at load 15.
    Counting every solution of the sample takes this function about 0.7 s of CPU under the
    time limit's hook, and at load 15 on two cores a process gets about a seventh of a core,
    some 5 s of wall clock. (A 1 s limit, a 3 s wall bound, cut the sample's case there.)"""

    def count_every_one(puzzle, limit):
        return min(count_up_to(puzzle, 10**30), limit)

    report = check_count_solutions(count_every_one)
    assert report.outcome == "failed"
    assert "empty 9x9" in repr(report) and "stop the search as soon as" in repr(report)


def test_a_search_without_propagation_is_right_but_not_pruned_enough():
    report = check_pruned_solve(solver_without_singles)
    assert report.outcome == "failed"
    assert f"at least {FEWER_THAN_NAIVE} times fewer" in repr(report), report


def test_the_capstone_report_sets_the_nodes_against_naive_as_measured():
    report = check_pruned_solve(pruned_solve)
    yours = pruned_solve(parse(unseen_puzzles()[COMPARED]))[1]
    naive = naive_nodes(unseen_puzzles()[COMPARED])
    assert yours * FEWER_THAN_NAIVE <= naive
    assert f"yours {yours} nodes, the naive search {naive:,}" in repr(report)


def test_the_capstone_puzzles_are_unseen_and_what_they_say():
    notebook = (ROOT / "notebooks" / "04_pruning.ipynb").read_text(encoding="utf-8")
    puzzles = unseen_puzzles()
    for name, puzzle in puzzles.items():
        assert puzzle not in notebook, f"{name} is shown in notebook 04"
    assert solve(puzzles["a valid board with no solution"]).status == "no solution"
    assert solve(puzzles["hardest #5"], "pruned").stats.nodes == 0  # singles alone
    assert solve(puzzles["hardest #4"], "pruned").stats.nodes > 0


def test_a_crash_is_reported_not_raised():
    report = check_median_nodes(lambda puzzles: puzzles[10])
    assert report.outcome == "failed" and "IndexError" in repr(report)


def test_the_special_puzzles_are_what_they_say():
    assert is_valid_sudoku(TWO_SOLUTIONS) and count_solutions(TWO_SOLUTIONS, 5) == 2
    assert is_valid_sudoku(NO_SOLUTION) and count_solutions(NO_SOLUTION, 5) == 0
    first, second = find_solutions(TWO_SOLUTIONS, 5)
    differ = [(r, c) for r in range(9) for c in range(9) if first[r][c] != second[r][c]]
    assert len(differ) == 4  # the rectangle of 6s and 7s
    assert {first[r][c] for r, c in differ} == {"6", "7"}
