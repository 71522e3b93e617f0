"""Issue 17's wrong answers, written as a learner alone wrote them: each fails its check, and the
report names the real mistake (what the check saw the code do), not a guess from the output."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from sudoku_lib import checks, parse, watch
from sudoku_lib.checks import nb08
from sudoku_lib.watch import Write
from tests import learner_wrong_answers as learner

WRONG: list[tuple[Callable[..., Any], Callable[..., Any], list[str]]] = [
    (
        checks.check_string_to_board,
        learner.string_to_board_ints,
        ["differ at [0][0]", "'5', not 5"],
    ),
    (checks.check_is_valid_row, learner.is_valid_row_by_set, ["len(set(digits)) == 9 holds only"]),
    (checks.check_is_valid_board, learner.is_valid_board_digits_only, ["not two equal letters"]),
    (
        checks.check_solve_counting,
        learner.solve_counting_returns_in_loop,
        [
            "on the 4x4 puzzle '......34.12...4.': at move 3 they part",
            "the model takes the 2 at row 1, column 2 back, but your search stopped",
            "a `return` inside the digit loop",
        ],
    ),
    (
        checks.check_solve_counting,
        learner.solve_counting_global,
        ["counted the digits its search placed as it watched: 22", "goes on from the last call"],
    ),
    (
        checks.check_solve_counting,
        learner.solve_counting_never_stops,
        ["at move 34 they part", "The board was full, so the model stopped"],
    ),
    (
        checks.check_count_all,
        learner.count_all_returns_in_loop,
        ["at move 4 they part", "the model places 3 at row 1, column 2", "Add up"],
    ),
    (checks.check_count_queens, learner.count_queens_without_pop, ["queens.pop()"]),
    (
        checks.check_count_queens,
        learner.count_queens_table,
        ["case n = 9", "not looked up in a table"],
    ),
    (checks.check_naked_singles, learner.naked_singles_from_one, ["your cells count from 1"]),
    (checks.check_pruned_solve, learner.pruned_solve_first_blank, ["most_constrained(board)"]),
    (checks.check_pruned_solve, learner.pruned_solve_no_nonlocal, ["`nonlocal count`"]),
    (
        checks.check_median_nodes,
        learner.median_nodes_sorts_in_place,
        ["changed the caller's list `puzzles`"],
    ),
    (checks.check_median_nodes, learner.median_nodes_unsorted, ["sort the counts first"]),
    (checks.check_hardest_for, learner.hardest_for_from_zero, ["every puzzle here needed 0 nodes"]),
    (checks.check_bound_for, learner.bound_for_unsorted, ["in the order the puzzles came"]),
    (checks.check_is_unique, learner.is_unique_counts_far, ["up to 1000 solutions"]),
    (nb08.check_permute_unique, learner.permute_unique_by_set, ["as many as the search with no"]),
    (nb08.check_subsets_with_dup, learner.subsets_with_dup_by_set, ["pruned, it needs 6"]),
    (nb08.check_combination_sum, learner.combination_sum_continue, ["your loop has no `break`"]),
    (nb08.check_combination_sum2, learner.combination_sum2_by_set, ["no pruning at all (62)"]),
    (nb08.check_find_subsequences, learner.find_subsequences_by_set, ["pruned, it needs 12"]),
    (
        nb08.check_partition,
        learner.partition_two_letters_pass,
        ["'ab' in ['a', 'ab'] does not read the same backwards"],
    ),
    (nb08.check_partition, learner.partition_next_cut_from_start, ["do not join back into"]),
]
INTERNAL_WORDS = ("NoAnswer", "NO_ANSWER", "Attempt", "Traceback")


@pytest.mark.parametrize(
    ("check", "wrong", "words"), WRONG, ids=[wrong.__name__ for _, wrong, _ in WRONG]
)
def test_a_wrong_answer_fails_and_its_mistake_is_named(
    check: Callable[..., Any], wrong: Callable[..., Any], words: list[str]
) -> None:
    report = check(wrong)
    text = repr(report)
    assert report.outcome == "failed" and not report, text
    for expected in words:
        assert expected in text, text
    assert not any(word in text for word in INTERNAL_WORDS), text


RIGHT = [
    (checks.check_pruned_solve, learner.pruned_solve_right),
    (nb08.check_combination_sum, learner.combination_sum_break),
]


@pytest.mark.parametrize(("check", "right"), RIGHT, ids=[right.__name__ for _, right in RIGHT])
def test_the_right_answer_beside_them_passes(
    check: Callable[..., Any], right: Callable[..., Any]
) -> None:
    report = check(right)
    assert report.passed and report, repr(report)


PARTINGS = [
    (checks.check_solve_counting, learner.solve_counting_returns_in_loop),
    (checks.check_solve_counting, learner.solve_counting_never_stops),
    (checks.check_count_all, learner.count_all_returns_in_loop),
]


@pytest.mark.parametrize(
    ("check", "wrong"), PARTINGS, ids=[wrong.__name__ for _, wrong in PARTINGS]
)
def test_a_parting_report_gives_a_line_that_opens_the_learner_s_run_at_that_move(
    check: Callable[..., Any], wrong: Callable[..., Any]
) -> None:
    """The line runs as written in the learner's notebook, and its stepper shows the move the
    report names (or, for a search that stopped, its last move, the one before the parting)."""
    text = repr(check(wrong))
    step = int(re.search(r"at move (\d+) they part", text).group(1))
    line = re.search(r"(watch\(\w+, parse\(\"[^\"]+\"\)\)\.goto\(\d+\))", text).group(1)
    recording = eval(line, {"watch": watch, "parse": parse, wrong.__name__: wrong})
    writes = [i + 1 for i, s in enumerate(recording.steps) if isinstance(s, Write)]
    moved = step - 1 if "your search stopped" in text else step
    assert recording.position == writes[moved - 1]
    assert isinstance(recording.steps[recording.position - 1], Write)
