"""Notebook 08's checks: right answers pass, a stub is "not done yet", and the typical wrong
answers are each named for what they are."""

from __future__ import annotations

import pytest

from sudoku_lib.checks import nb08
from tests import learner_right_answers as right
from tests.test_template import brute_force


def stub(*args):
    raise NotImplementedError


def text(report):
    return "\n".join(report.lines)


# Typical wrong answers, written as a learner would -------------------------------------------


def permute_no_pruning(nums):
    """47 with 46's code: equal numbers make the same branch twice."""
    res, path, used = [], [], [False] * len(nums)

    def backtrack():
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if not used[i]:
                used[i] = True
                path.append(nums[i])
                backtrack()
                path.pop()
                used[i] = False

    backtrack()
    return res


def permute_no_copy(nums):
    """Records the path itself: every answer is one list, empty at the end."""
    res, path, used = [], [], [False] * len(nums)
    nums = sorted(nums)

    def backtrack():
        if len(path) == len(nums):
            res.append(path)
            return
        for i in range(len(nums)):
            if used[i] or (i > 0 and nums[i] == nums[i - 1] and not used[i - 1]):
                continue
            used[i] = True
            path.append(nums[i])
            backtrack()
            path.pop()
            used[i] = False

    backtrack()
    return res


def subsets_unsorted(nums):
    """90 without sorting: the skip misses equal numbers that are not side by side."""
    res, path = [], []

    def backtrack(start):
        res.append(path[:])
        for i in range(start, len(nums)):
            if i > start and nums[i] == nums[i - 1]:
                continue
            path.append(nums[i])
            backtrack(i + 1)
            path.pop()

    backtrack(0)
    return res


def subsets_leaves_only(nums):
    """Records only full-length paths: most subsets missing."""
    return [sorted(nums)]


def combination_from_zero(candidates, target):
    """39 restarting each loop at 0: the same combination in every order."""
    res, path = [], []

    def backtrack(remaining):
        if remaining == 0:
            res.append(path[:])
            return
        for c in candidates:
            if c <= remaining:
                path.append(c)
                backtrack(remaining - c)
                path.pop()

    backtrack(target)
    return res


def lists(answers):
    return [list(a) for a in answers]


def combination_no_reuse(candidates, target):
    """39 passing i + 1 down: a candidate cannot be used twice, answers go missing."""
    return lists(brute_force("combination sum II", candidates, target))


def combination2_no_skip(candidates, target):
    """40 without skipping equal candidates at one level."""
    res, path = [], []
    candidates = sorted(candidates)

    def backtrack(start, remaining):
        if remaining == 0:
            res.append(path[:])
            return
        for i in range(start, len(candidates)):
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i + 1, remaining - candidates[i])
            path.pop()

    backtrack(0, target)
    return res


def combination2_reuse(candidates, target):
    """40 passing i down: a candidate used more than once."""
    return lists(brute_force("combination sum", candidates, target))


def partition_no_check(s):
    """131 cutting anywhere: pieces that are not palindromes."""
    res, path = [], []

    def backtrack(start):
        if start == len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            path.append(s[start:end])
            backtrack(end)
            path.pop()

    backtrack(0)
    return res


def partition_returns_strings(s):
    """Joins each answer into one string."""
    return ["|".join(p) for p in brute_force("palindromes", s)]


def subsequences_with_repeats(nums):
    """491 without the per-level set: the same subsequence from equal numbers."""
    res, path = [], []

    def backtrack(start):
        if len(path) >= 2:
            res.append(path[:])
        for i in range(start, len(nums)):
            if path and nums[i] < path[-1]:
                continue
            path.append(nums[i])
            backtrack(i + 1)
            path.pop()

    backtrack(0)
    return res


def subsequences_of_length_one(nums):
    """491 recording paths of length 1 too."""
    return [[n] for n in sorted(set(nums))] + lists(brute_force("increasing", nums))


def raises(*args):
    return [][1]


CHECKS = [
    (
        nb08.check_permute_unique,
        right.permute_unique,
        [(permute_no_pruning, "found more than once"), (permute_no_copy, "Record a copy")],
    ),
    (
        nb08.check_subsets_with_dup,
        right.subsets_with_dup,
        [(subsets_unsorted, "found more than once"), (subsets_leaves_only, "missing (expected")],
    ),
    (
        nb08.check_combination_sum,
        right.combination_sum,
        [
            (combination_from_zero, "from `start` on"),
            (combination_no_reuse, "missing (expected, not in your answer): [2, 2, 3]"),
        ],
    ),
    (
        nb08.check_combination_sum2,
        right.combination_sum2,
        [
            (combination2_no_skip, "found more than once"),
            (combination2_reuse, "extra (in your answer"),
        ],
    ),
    (
        nb08.check_partition,
        right.partition,
        [
            (partition_no_check, "extra (in your answer"),
            (partition_returns_strings, "should be a list"),
        ],
    ),
    (
        nb08.check_find_subsequences,
        right.find_subsequences,
        [
            (subsequences_with_repeats, "set of the values"),
            (subsequences_of_length_one, "not expected): [4]; [6]; [7]"),
        ],
    ),
]
IDS = [check.__name__ for check, _, _ in CHECKS]


@pytest.mark.parametrize(("check", "right", "wrongs"), CHECKS, ids=IDS)
def test_a_right_answer_passes(check, right, wrongs):
    report = check(right)
    assert report.passed, text(report)


@pytest.mark.parametrize(("check", "right", "wrongs"), CHECKS, ids=IDS)
def test_a_stub_is_not_done_yet(check, right, wrongs):
    report = check(stub)
    assert report.outcome == "not done yet" and "not done yet" in text(report)


@pytest.mark.parametrize(("check", "right", "wrongs"), CHECKS, ids=IDS)
def test_typical_mistakes_are_named_with_the_failing_input(check, right, wrongs):
    exercise = getattr(nb08, check.__name__.removeprefix("check_").upper())
    title = nb08.problem_of(exercise).title  # LeetCode's name for it, not the function's
    for wrong, words in wrongs:
        report = check(wrong)
        assert report.outcome == "failed", wrong.__name__
        assert report.lines[0].startswith(f"✗ {title}, case ")  # names the exercise and case
        assert f"you called: {wrong.__name__}(" in text(report)  # shows the input
        assert words in text(report), (wrong.__name__, text(report))


@pytest.mark.parametrize(("check", "right", "wrongs"), CHECKS, ids=IDS)
def test_the_librarys_own_solver_is_refused(check, right, wrongs):
    solver = nb08.__dict__[check.__name__.removeprefix("check_").upper()].solve
    report = check(lambda *args: solver(*args).answers)
    assert report.outcome == "failed" and "write it yourself" in text(report)


@pytest.mark.parametrize(("check", "right", "wrongs"), CHECKS, ids=IDS)
def test_an_exception_is_reported_not_raised(check, right, wrongs):
    report = check(raises)
    assert report.outcome == "failed" and "raised IndexError" in text(report)
