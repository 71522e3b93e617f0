"""Wrong answers to the exercises issue 34 rewrote around the search: notebook 00's
`count_blanks` (the least work any search must do) and notebook 06's `median_nodes`,
`hardest_for` and `bound_for` (measurements of the learner's own searches). Each is written the
way a learner writes it, with one mistake named in its docstring; tests/test_checks_own_wrong_
answers_34b.py runs them through the checks in English and in Chinese."""

from __future__ import annotations

import math
import statistics

from sudoku_lib import solve
from sudoku_lib.measure import measure, values

# notebook 00, exercise 1 ------------------------------------------------------------------------


def count_blanks_counts_givens(puzzle: str) -> int:
    """The givens counted, the exercise of old."""
    return sum(1 for ch in puzzle if ch != ".")


def count_blanks_eighty(puzzle: str) -> int:
    """80 cells taken for 81: 80 minus the givens."""
    return 80 - sum(ch != "." for ch in puzzle)


def count_blanks_skips_last(puzzle: str) -> int:
    """A loop that stops one character early."""
    count = 0
    for i in range(80):
        if puzzle[i] == ".":
            count += 1
    return count


def count_blanks_nine_is_blank(puzzle: str) -> int:
    """A digit test that leaves out the 9: a 9 counts as a blank."""
    return sum(1 for ch in puzzle if ch not in "12345678")


def count_blanks_by_the_search(puzzle: str) -> int:
    """What the naive search placed, taken for the least any search must place."""
    return solve(puzzle, "naive").stats.nodes


def count_blanks_every_cell(puzzle: str) -> int:
    """All the cells."""
    return len(puzzle)


# notebook 06, exercise 1 ------------------------------------------------------------------------


def _naive_counts(puzzles: list[str]) -> list[int]:
    return [solve(p, "naive").stats.nodes for p in puzzles]


def median_nodes_by_statistics(puzzles: list[str]) -> float:
    """Python's own median."""
    return statistics.median(_naive_counts(puzzles))


def median_nodes_mean(puzzles: list[str]) -> float:
    """The mean, which the tail drags up."""
    counts = _naive_counts(puzzles)
    return sum(counts) / len(counts)


def median_nodes_upper_middle(puzzles: list[str]) -> float:
    """len // 2 for every count, even or odd."""
    return sorted(_naive_counts(puzzles))[len(puzzles) // 2]


def median_nodes_floor_division(puzzles: list[str]) -> float:
    """// for the mean of the middle two."""
    counts = sorted(_naive_counts(puzzles))
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) // 2


def median_nodes_unsorted(puzzles: list[str]) -> float:
    """The middle of the counts as the puzzles came."""
    counts = _naive_counts(puzzles)
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def median_nodes_default_solver(puzzles: list[str]) -> float:
    """solve(p) with its default method, the fast solver."""
    counts = sorted(solve(p).stats.nodes for p in puzzles)
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def median_nodes_backtracks(puzzles: list[str]) -> float:
    """The backtracks counted for the nodes."""
    counts = sorted(solve(p, "naive").stats.backtracks for p in puzzles)
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def median_nodes_bounded(puzzles: list[str]) -> float:
    """The bound of section 3 kept: the counts stop at 1,000."""
    counts = sorted(solve(p, "naive", max_nodes=1000).stats.nodes for p in puzzles)
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def median_nodes_by_measure(puzzles: list[str]) -> float:
    """The library's measure does the searching."""
    counts = sorted(values(measure({str(i): p for i, p in enumerate(puzzles)}, "naive")))
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


# notebook 06, exercise 2 ------------------------------------------------------------------------


def hardest_for_from_none(puzzles: dict[str, str], method: str) -> str:
    """best = None, most = None, and `nodes > most` on the first puzzle."""
    best, most = None, None
    for name, puzzle in puzzles.items():
        nodes = solve(puzzle, method).stats.nodes
        if nodes > most:  # type: ignore[operator]
            best, most = name, nodes
    return best  # type: ignore[return-value]


def hardest_for_from_zero(puzzles: dict[str, str], method: str) -> str | None:
    """The most so far starts at 0: a set where every puzzle needs 0 nodes has no answer."""
    best, most = None, 0
    for name, puzzle in puzzles.items():
        nodes = solve(puzzle, method).stats.nodes
        if nodes > most:
            best, most = name, nodes
    return best


def hardest_for_last_of_tie(puzzles: dict[str, str], method: str) -> str:
    """`>=`: a tie goes to the later puzzle."""
    best, most = "", -1
    for name, puzzle in puzzles.items():
        nodes = solve(puzzle, method).stats.nodes
        if nodes >= most:
            best, most = name, nodes
    return best


def hardest_for_easiest(puzzles: dict[str, str], method: str) -> str:
    """min for max."""
    return min(puzzles, key=lambda name: solve(puzzles[name], method).stats.nodes)


def hardest_for_method_dropped(puzzles: dict[str, str], method: str) -> str:
    """solve(puzzle) with the method forgotten: the fast solver's hardest."""
    return max(puzzles, key=lambda name: solve(puzzles[name]).stats.nodes)


def hardest_for_always_naive(puzzles: dict[str, str], method: str) -> str:
    """The naive search written in, whatever method is asked for."""
    return max(puzzles, key=lambda name: solve(puzzles[name], "naive").stats.nodes)


def hardest_for_fewest_clues(puzzles: dict[str, str], method: str) -> str:
    """Guessed from the clues: the most blanks must be the hardest."""
    return max(puzzles, key=lambda name: puzzles[name].count("."))


def hardest_for_the_puzzle(puzzles: dict[str, str], method: str) -> str:
    """The puzzle string, not its name."""
    return max(puzzles.values(), key=lambda puzzle: solve(puzzle, method).stats.nodes)


def hardest_for_the_count(puzzles: dict[str, str], method: str) -> int:
    """The most nodes, not the name of the puzzle."""
    return max(solve(puzzle, method).stats.nodes for puzzle in puzzles.values())


# notebook 06, exercise 3 ------------------------------------------------------------------------


def bound_for_one_further(puzzles: list[str], fraction: float) -> int:
    """`>` where `>=` was meant: the next count up."""
    counts = sorted(_naive_counts(puzzles))
    for i, nodes in enumerate(counts):
        if (i + 1) / len(counts) > fraction:
            return nodes
    return counts[-1]


def bound_for_bounded(puzzles: list[str], fraction: float) -> int:
    """A search bounded at 1,000 nodes, for fear of a long one."""
    counts = sorted(solve(p, "naive", max_nodes=1000).stats.nodes for p in puzzles)
    return counts[math.ceil(fraction * len(counts)) - 1]


def bound_for_position(puzzles: list[str], fraction: float) -> int:
    """The position in the sorted counts, not the count there."""
    return math.ceil(fraction * len(puzzles)) - 1


def bound_for_unsorted(puzzles: list[str], fraction: float) -> int:
    """The counts in the order the puzzles came."""
    counts = _naive_counts(puzzles)
    return counts[max(0, math.ceil(fraction * len(counts)) - 1)]


def bound_for_plus_one(puzzles: list[str], fraction: float) -> int:
    """One node more, for fear the search stops on the bound itself."""
    counts = sorted(_naive_counts(puzzles))
    return counts[math.ceil(fraction * len(counts)) - 1] + 1


def bound_for_pruned(puzzles: list[str], fraction: float) -> int:
    """The pruned search measured, not the naive one."""
    counts = sorted(solve(p, "pruned").stats.nodes for p in puzzles)
    return counts[math.ceil(fraction * len(counts)) - 1]


def bound_for_by_quantiles(puzzles: list[str], fraction: float) -> float:
    """Python's quantiles, a percentile between the counts."""
    counts = _naive_counts(puzzles)
    if fraction >= 1:
        return max(counts)
    return statistics.quantiles(counts, n=100)[round(fraction * 100) - 1]
