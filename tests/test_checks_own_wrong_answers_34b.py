"""The wrong answers of tests/learner_wrong_answers_34b.py, four or more for each exercise issue 34
rewrote around the search (00's count_blanks, 06's median_nodes, hardest_for and bound_for):
each fails its check, in English and in Chinese, with words that name its mistake; and the
promise 06 makes between its exercises 3 and 5 holds on the lab's easy puzzles.

The English words each report must hold were read, report by report, before they were written
here; the Chinese run checks that the same reports explain themselves in Chinese."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

import pytest

from sudoku_lib import checks, set_language, solve
from sudoku_lib.checks.nb06 import smallest_covering, stopped_share_of
from sudoku_lib.puzzles import load_set
from tests import learner_wrong_answers_34b as wrong

CHECKS: dict[str, Callable[..., Any]] = {  # a wrong answer's name starts with its exercise's
    "count_blanks": checks.check_count_blanks,
    "median_nodes": checks.check_median_nodes,
    "hardest_for": checks.check_hardest_for,
    "bound_for": checks.check_bound_for,
}
WRONG = {  # what each report must say, in English
    "count_blanks_by_the_search": "that is how many digits the naive search placed",
    "count_blanks_counts_givens": "you counted the givens, the filled cells",
    "count_blanks_eighty": "one short on every puzzle, and 80 on the empty board",
    "count_blanks_every_cell": "you counted all 81 cells",
    "count_blanks_nine_is_blank": "your test takes the 9 for a blank",
    "count_blanks_skips_last": "only blank is its last character, your count is 0",
    "median_nodes_backtracks": "that is the median of result.stats.backtracks",
    "median_nodes_bounded": "when a bound of 1000 nodes stops it",
    "median_nodes_by_measure": "library's own `measure`",
    "median_nodes_by_statistics": "library's own `median`",
    "median_nodes_default_solver": "that is the median of the fast search's nodes",
    "median_nodes_floor_division": "the mean of 276 and 559 is 417.5: divide with /",
    "median_nodes_mean": "that is the mean (the average) of the node counts",
    "median_nodes_unsorted": "in the order the puzzles came: sort the counts first",
    "median_nodes_upper_middle": "there are two middle counts: the median is their mean",
    "hardest_for_always_naive": "the hardest puzzle for the naive search: run the one asked",
    "hardest_for_easiest": "that puzzle needed the fewest nodes",
    "hardest_for_fewest_clues": "blanks do not tell what a search costs",
    "hardest_for_from_none": "None cannot be compared with a number of nodes",
    "hardest_for_from_zero": "every puzzle here needed 0 nodes",
    "hardest_for_last_of_tie": "on a tie, keep the first",
    "hardest_for_method_dropped": "the hardest puzzle for the fast search",
    "hardest_for_the_count": "that is a number of nodes: return the name",
    "hardest_for_the_puzzle": "that is the puzzle itself, its 81 characters",
    "bound_for_by_quantiles": "library's own `quantiles`",
    "bound_for_one_further": "that is the next count up",
    "bound_for_plus_one": "one node too many: a puzzle that needs 70 nodes already finishes",
    "bound_for_bounded": "when a bound of 1000 nodes stops it",
    "bound_for_position": "that looks like a position in the sorted counts",
    "bound_for_pruned": "that is the bound the pruned search would need",
    "bound_for_unsorted": "in the order the puzzles came: sort the",
}
EXPLAINED = re.compile(r"what this may mean: |the answer is right, but |library's own ")
EXPLAINED_ZH = re.compile(r"这可能说明：|答案是对的，但是|库自带")
CJK = re.compile(r"[\u4e00-\u9fff]")


def check_of(name: str) -> Callable[..., Any]:
    return next(check for prefix, check in CHECKS.items() if name.startswith(prefix))


def test_every_wrong_answer_is_judged_and_every_exercise_has_four() -> None:
    written = {
        name
        for name, f in inspect.getmembers(wrong, inspect.isfunction)
        if f.__module__ == wrong.__name__ and not name.startswith("_")
    }
    assert written == set(WRONG)
    for prefix in CHECKS:
        assert sum(name.startswith(prefix) for name in WRONG) >= 4, prefix


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_answer_fails_and_its_mistake_is_named(name: str) -> None:
    report = check_of(name)(getattr(wrong, name))
    text = repr(report)
    assert report.outcome == "failed", text
    assert EXPLAINED.search(text), text
    assert WRONG[name] in text, text


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_answer_is_explained_in_chinese_too(name: str) -> None:
    set_language("zh")
    try:
        report = check_of(name)(getattr(wrong, name))
    finally:
        set_language("en")
    text = repr(report)
    assert report.outcome == "failed", text
    explained = EXPLAINED_ZH.search(text)
    assert explained, text
    assert CJK.search(text[explained.end() :]), text


def test_06s_bound_for_nine_in_ten_stops_at_most_one_in_ten_of_the_lab_easy_puzzles() -> None:
    """06's exercise 5 says so of exercise 3's bound, on LAB["easy50"] (every other puzzle of
    easy50), which the naive search finishes without a bound, as its exercises say."""
    easy = load_set("easy50")[::2]
    results = [solve(puzzle, "naive") for puzzle in easy]
    assert all(result.status == "solved" for result in results)
    bound = smallest_covering([result.stats.nodes for result in results], 0.9)
    assert 0 < stopped_share_of(easy, int(bound)) <= 0.1
