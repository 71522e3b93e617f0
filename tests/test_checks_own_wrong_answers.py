"""Issue 34's held-out wrong answers (tests/learner_wrong_answers_34.py), four or more for every
exercise of the course: each fails its check, in English and in Chinese, and the report says in
words what the mistake is (or, where the check cannot tell, what to look at first): never only
"expected ... got ...", never an internal word.

The English words each report must hold were read, report by report, before they were written
here; the Chinese run checks that the same reports explain themselves in Chinese."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sudoku_lib import checks, set_language
from sudoku_lib.checks import nb08
from tests import learner_wrong_answers_34 as wrong

CHECKS: dict[str, Callable[..., Any]] = {  # a wrong answer's name starts with its exercise's
    "first_choices": checks.check_first_choices,
    "first_try": checks.check_first_try,
    "box_of": checks.check_box_of,
    "peers": checks.check_peers_of,
    "string_to_board": checks.check_string_to_board,
    "is_valid_row": checks.check_is_valid_row,
    "is_valid_board": checks.check_is_valid_board,
    "find_clash": checks.check_find_clash,
    "is_valid_": checks.check_is_valid,
    "solve_counting": checks.check_solve_counting,
    "count_all": checks.check_count_all,
    "count_queens": checks.check_count_queens,
    "candidates": checks.check_candidates,
    "naked_singles": checks.check_naked_singles,
    "hidden_singles": checks.check_hidden_singles,
    "most_constrained": checks.check_most_constrained,
    "pruned_solve": checks.check_pruned_solve,
    "board_after": checks.check_board_after,
    "first_dead_end": checks.check_first_dead_end,
    "tries_per_depth": checks.check_tries_per_depth,
    "changes": checks.check_cell_changes,
    "predict": checks.check_predict,
    "hardest_share": checks.check_hardest_share,
    "stopped_share": checks.check_stopped_share,
    "count_up_to": checks.check_count_solutions,
    "is_unique": checks.check_is_unique,
    "remove_clue": checks.check_remove_clue,
    "permute_unique": nb08.check_permute_unique,
    "subsets_with_dup": nb08.check_subsets_with_dup,
    "combination_sum2": nb08.check_combination_sum2,
    "combination_sum": nb08.check_combination_sum,
    "partition": nb08.check_partition,
    "find_subsequences": nb08.check_find_subsequences,
}
# What each wrong answer's report must say (in English): a phrase of its "what this may mean",
# "the answer is right, but ..." or refusal line.
WRONG_34 = {
    "board_after_by_stepper": "library's own `Stepper`",
    "board_after_no_return": "your function returned None: is the `return",
    "board_after_no_undo": "the board keeps digits the search had taken",
    "board_after_one_more": "that is the board one step too late: step 0 is",
    "box_of_fixed_three": "the answer is right for 9x9 boards only: use",
    "box_of_from_one": "your box numbers count from 1; in code they",
    "box_of_no_band_width": "each band holds `box` boxes, so the band number",
    "box_of_swapped": "rows and columns are swapped: the band, r //",
    "candidates_as_ints": "the board holds digits as one-character",
    "candidates_box_at_band": "your box is the wrong block of cells: for r =",
    "candidates_no_column": "every extra digit (9) is already in column 2:",
    "candidates_with_blank": "your answer holds '.', the mark of a blank,",
    "changes_one_fewer": "that is the count over the first 18 steps, not",
    "changes_one_more": "that is the count over the first 20 steps, not",
    "changes_writes_only": "that is the number of digits written in the",
    "changes_zero_based": "the question counts rows and columns from 1",
    "combination_sum2_no_skip": "[1, 2, 5] is found more than once. Sort first;",
    "combination_sum2_reuse": "[1, 1, 1, 1, 1, 1, 1, 1] uses 1 more often than",
    "combination_sum2_set": "no function of yours called itself: the answers",
    "combination_sum2_unsorted": "your code is right on these candidates sorted,",
    "combination_sum_continue_again": "your loop has no `break` where it counts: on",
    "combination_sum_no_reuse": "every missing answer uses a candidate more than",
    "combination_sum_no_stop": "your search made 28 calls here, as many as the",
    "combination_sum_unsorted": "your code is right on these candidates sorted,",
    "count_all_by_the_library": "library's own `count_solutions`",
    "count_all_full_is_zero": "a full board is one solution: return 1 when no",
    "count_all_no_undo": "after counting, your code left 11 digits on the",
    "count_all_stops_at_one": "the check watched your search move by move",
    "count_queens_by_the_library": "while it ran, your function called the",
    "count_queens_columns_only": "that is every way with one queen per row and",
    "count_queens_one_diagonal": "two queens on a 2x2 board always attack each",
    "count_queens_table_to_ten": "your function answered n = 9 (352 ways) after",
    "count_up_to_clips": "no answer after",
    "count_up_to_full_is_zero": "you count 0 where there is a solution: does a",
    "count_up_to_library": "library's own `count_solutions`",
    "count_up_to_no_undo": "you count 0 where there is a solution: does a",
    "find_clash_cells_from_one": "your cells count from 1; in code rows and",
    "find_clash_no_box": "this board has two 8s in box 1 (top-left): row",
    "find_clash_stores_first": "both cells are the same: a cell must be",
    "find_clash_true_false": "return two cells, ((r1, c1), (r2, c2)), or None",
    "find_subsequences_dedup_at_end": "your search made 16 calls here, as many as the",
    "find_subsequences_shared_set": "even on [1, 2, 3], with no equal numbers to",
    "find_subsequences_stops_at_two": "every missing answer, such as [4, 6, 7], is",
    "find_subsequences_strict": "every missing answer, such as [4, 6, 7, 7],",
    "first_dead_end_as_list": "your cells are lists, such as [1, 4]: write",
    "first_dead_end_by_stepper": "library's own `Stepper`",
    "first_dead_end_dead_end_not_a_step": "the step is one off: count one step for each",
    "first_dead_end_zero_based": "the cell is counted from 0, as code does: add 1",
    "first_choices_box_at_band": "your box is the wrong block of cells",
    "first_choices_held": "those are the digits the cell's row, column and",
    "first_choices_no_column": "but its column or box holds it already",
    "first_choices_set": "the digits are right, but the search tries them",
    "first_try_box_at_band": "your box is the wrong block of cells: for r =",
    "first_try_largest": "4 is the largest digit that fits there; the",
    "first_try_row_only": "1 is missing from the cell's row, but its",
    "first_try_zero_based": "your row and column count from 0, as Python's",
    "hardest_share_divides_by_zero": "here every puzzle needed 0 nodes, so the total",
    "hardest_share_easiest": "that is the share of the easiest puzzles: sort",
    "hardest_share_no_minimum": "with 5 puzzles, a fraction of 0.05 is less than",
    "hardest_share_percent": "that is a percentage: return the share as a",
    "hidden_singles_cells_as_keys": "the dict runs the other way round: {digit:",
    "hidden_singles_first_only": "every digit you give is right, but '7' is",
    "hidden_singles_le_one": "'9' is missing from this unit, yet fits none of",
    "hidden_singles_naked": "'5' fits in 5 empty cells of this unit (row 5,",
    "is_unique_at_least_one": "this puzzle has two solutions, and your count",
    "is_unique_counts_far": "you ask your count for up to 100 solutions. A",
    "is_unique_library": "library's own `count_solutions`",
    "is_unique_limit_one": "this puzzle has two solutions, yet you said",
    "is_valid_board_box_no_band": "on a board that holds only two 1s, at row 1,",
    "is_valid_board_box_size_3": "this is a 4x4 board: take the size from",
    "is_valid_board_fixed_nine": "this is a 4x4 board: take the size from",
    "is_valid_board_no_boxes": "this board has two 8s in box 1 (top-left): row",
    "is_valid_box_at_band": "your box is the wrong block of cells: for r =",
    "is_valid_fixed_nine": "this is a 4x4 board: take the size from",
    "is_valid_inverted": "your answers are the wrong way round on every",
    "is_valid_no_column": "you said it fits, but a 4 is in column 4",
    "is_valid_row_counts_blanks": "you counted the blanks: two '.' are not a",
    "is_valid_row_neighbours": "your code finds two 5s with only blanks between",
    "is_valid_row_range_8": "your code finds two 5s in the middle of a row,",
    "is_valid_row_returns_early": "your function says True even for rows with two",
    "most_constrained_from_one": "your cells count from 1; in code rows and",
    "most_constrained_last_of_tie": "both cells have as few candidates: on a tie,",
    "most_constrained_most": "your cell has 6 candidates, the expected one 1",
    "most_constrained_skips_zero": "row 1, column 9 has no candidate at all, and",
    "naked_singles_filled_cells_too": "row 1, column 5 already holds a digit: look",
    "naked_singles_places_them": "your function changed the board (row 5, column",
    "naked_singles_sets_as_values": "each value should be the digit itself, '5', not",
    "naked_singles_two_candidates": "row 1, column 4 has more than one candidate (2,",
    "partition_end_short": "no answer at all: does a piece ever reach the",
    "partition_first_last_only": "'abaa' in ['a', 'abaa'] does not read the same",
    "partition_itertools": "no function of yours called itself: the answers",
    "partition_no_pop": "the check watched your calls: a call of",
    "peers_as_list": "some cells are in your list twice (a cell can",
    "peers_box_at_band": "the missing cells are in its box: the box",
    "peers_no_box": "the missing cells are in its box: the box",
    "peers_with_itself": "your answer includes the cell itself, row 1,",
    "permute_unique_itertools": "no function of yours called itself: the answers",
    "permute_unique_no_pop": "the check watched your calls: a call of",
    "permute_unique_seen_forever": "called again with ([1, 1, 2]), your function",
    "permute_unique_unsorted": "[0, 3, 3, 3] is found more than once. Sort",
    "predict_always_deeper": "you answer 'deeper' after every try, but",
    "predict_column_order": "Your first wrong prediction was at step 1: '3",
    "predict_no_box": "Your first wrong prediction was at step 17:",
    "predict_same_digit_again": "after taking back 1, the search does not start",
    "pruned_solve_by_the_library": "library's own `solve`",
    "pruned_solve_first_blank": "your search placed 207,074 digits by choice on",
    "pruned_solve_in_place": "your search wrote its digits on the board it",
    "pruned_solve_wrong_piece": "your search may well be right, but one of its",
    "remove_clue_index_from_one": "the cell after the one asked for was blanked:",
    "remove_clue_inserts": "your new puzzle has 82 characters, not 81:",
    "remove_clue_never": "blanking this cell keeps the puzzle unique, so",
    "remove_clue_no_check": "the cell was blanked although the puzzle then",
    "solve_counting_blanks": "51 is the number of blanks: count every digit",
    "solve_counting_by_the_library": "library's own `solve`",
    "solve_counting_nine_digits": "your code wrote '5' at row 1, column 3, but a",
    "solve_counting_on_a_copy": "the board you were given still has blanks: fill",
    "stopped_share_by_nodes": "read result.status, which says",
    "stopped_share_count": "that is how many puzzles were stopped",
    "stopped_share_default_method": "that is the share the fast search gives up on",
    "stopped_share_divides_by_zero": "return 0.0 for an empty list",
    "stopped_share_solved": "that is the share the search finished",
    "string_to_board_columns": "rows and columns are swapped: the first 9",
    "string_to_board_flat": "you returned one list of 81 cells: cut it into",
    "string_to_board_keeps_zeros": "your board keeps the '0's: a blank must be '.'.",
    "string_to_board_rows_as_strings": "each row is a string: it must be a list of",
    "subsets_with_dup_combinations": "no function of yours called itself: the answers",
    "subsets_with_dup_no_pop": "the check watched your calls: a call of",
    "subsets_with_dup_skip_from_zero": "every missing answer, such as [1, 2, 2], holds",
    "subsets_with_dup_unsorted": "[1, 4] is found more than once. Sort first;",
    "tries_per_depth_by_row": "your keys are rows (or columns) of the board,",
    "tries_per_depth_everything": "you counted more than the tries: keep only the",
    "tries_per_depth_from_one": "your depths count from 1: event.depth is 0 for",
    "tries_per_depth_undos": "those are the take-backs (Undo) at each depth,",
}
INTERNAL_WORDS = ("NoAnswer", "NO_ANSWER", "Attempt", "Traceback")
EXPLAINED = re.compile(
    r"what this may mean: |the answer is right, but |library's own |no answer after "
)
EXPLAINED_ZH = re.compile(r"这可能说明：|答案是对的，但是|库自带|内没有得到答案|还没有答案")
CJK = re.compile(r"[\u4e00-\u9fff]")


def check_of(name: str) -> Callable[..., Any]:
    """The check of the exercise a wrong answer was written for (the longest name that fits)."""
    return max(((p, c) for p, c in CHECKS.items() if name.startswith(p)), key=lambda x: len(x[0]))[
        1
    ]


def answers() -> Iterator[tuple[str, Callable[..., Any]]]:
    for name, function in inspect.getmembers(wrong, callable):
        if name in WRONG_34:
            yield name, function


ANSWERS = dict(answers())


def report_on(name: str) -> Any:
    wrong.PREFIXES_SEEN.clear()  # the one wrong answer that keeps a global set starts afresh
    return check_of(name)(ANSWERS[name])


def test_every_wrong_answer_of_the_module_is_judged_and_every_exercise_has_four():
    written = {
        name
        for name, f in inspect.getmembers(wrong, inspect.isfunction)
        if f.__module__ == wrong.__name__ and not name.startswith("_") and f.__doc__
    } | {"pruned_solve_wrong_piece"}
    assert written - {
        "right_candidates",
        "first_try_right",
        "count_up_to",
        "is_unique_right",
    } == set(WRONG_34)
    per_check: dict[Any, int] = {}
    for name in WRONG_34:
        per_check[check_of(name)] = per_check.get(check_of(name), 0) + 1
    assert set(per_check) == set(CHECKS.values()) and min(per_check.values()) >= 4


@pytest.mark.parametrize("name", sorted(WRONG_34))
def test_a_wrong_answer_fails_and_its_mistake_is_named(name: str) -> None:
    report = report_on(name)
    text = repr(report)
    assert report.outcome == "failed" and not report, text
    assert EXPLAINED.search(text), text
    assert WRONG_34[name] in text, text
    assert not any(word in text for word in INTERNAL_WORDS), text


@pytest.mark.parametrize("name", sorted(WRONG_34))
def test_a_wrong_answer_is_explained_in_chinese_too(name: str) -> None:
    set_language("zh")
    try:
        report = report_on(name)
    finally:
        set_language("en")
    text = repr(report)
    assert report.outcome == "failed", text
    explained = EXPLAINED_ZH.search(text)
    assert explained, text
    assert CJK.search(text[explained.end() :]), text
    assert not any(word in text for word in INTERNAL_WORDS), text
