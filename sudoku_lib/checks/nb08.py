"""Self-checks for notebook 08 (the template everywhere): each exercise returns a list of answers,
checked as a collection (any order), with the failing input, what is missing and what is extra,
and the two mistakes the template invites named in words: an answer found twice (a repeated
branch not pruned) and every answer being one list (the path recorded without a copy)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import template
from .core import Report, not_done

Answer = tuple[Any, ...]


@dataclass(frozen=True)
class Exercise:
    """What a check needs to know about one problem."""

    title: str
    inputs: tuple[str, ...]  # the parameter names, to show the failing input
    solve: Callable[..., template.Search]  # the reference solver (template.py)
    ordered: bool  # does the order inside an answer matter (a permutation) or not (a subset)?
    repeat_hint: str  # what usually makes an answer come out twice


def canonical(answer: Any, ordered: bool) -> Answer:
    """An answer as a comparable tuple: as it is when order matters, else sorted."""
    items = tuple(answer)
    return items if ordered else tuple(sorted(items))


def shown(answers: Sequence[Answer], limit: int = 6) -> str:
    """A few answers as lists, and how many more."""
    text = ", ".join(repr(list(a)) for a in list(answers)[:limit])
    return text + (f" and {len(answers) - limit} more" if len(answers) > limit else "")


def diagnose(exercise: Exercise, got: Any, expected: list[Any]) -> list[str]:
    """What is wrong with `got`, in words (empty when it is right)."""
    if not isinstance(got, list | tuple):
        return [f"expected a list of answers, got {type(got).__name__}: {got!r}"]
    if any(not isinstance(a, list | tuple) for a in got):
        bad = next(a for a in got if not isinstance(a, list | tuple))
        return [f"each answer should be a list, but one is {bad!r}"]
    if len(got) > 1 and all(a is got[0] for a in got):
        return [
            f"all {len(got)} answers are the same list object, now {list(got[0])!r}: you "
            "recorded the path itself, which is emptied again as the search backs up. "
            "Record a copy: `res.append(path[:])`."
        ]
    want = Counter(canonical(a, exercise.ordered) for a in expected)
    have = Counter(canonical(a, exercise.ordered) for a in got)
    twice = sorted(a for a, n in have.items() if n > 1)
    lines = []
    if twice:
        lines.append(f"found more than once: {shown(twice)}. {exercise.repeat_hint}")
    missing = sorted(want - have) if not twice else sorted(set(want) - set(have))
    extra = sorted(set(have) - set(want))
    if missing:
        lines.append(f"missing: {shown(missing)}")
    if extra:
        lines.append(f"should not be there: {shown(extra)}")
    if lines:
        lines.insert(0, f"expected {len(expected)} answers, got {len(got)}")
    return lines


def check_answers(exercise: Exercise, function: Callable[..., Any], cases: list[tuple]) -> Report:
    """Run `function` on each case; report the first wrong one with its input and diagnosis."""
    title = exercise.title
    for args in cases:
        given = ", ".join(f"{n} = {v!r}" for n, v in zip(exercise.inputs, args, strict=True))
        try:
            got = function(*copy.deepcopy(args))
        except NotImplementedError:
            return not_done(title)
        except Exception as error:  # the learner's bug, reported rather than raised
            return Report(
                title,
                "failed",
                [f"✗ {title}({given}): your code raised {type(error).__name__}: {error}"],
            )
        problems = diagnose(exercise, got, exercise.solve(*args).answers)
        if problems:
            return Report(
                title, "failed", [f"✗ {title}({given}):", *(f"    {p}" for p in problems)]
            )
    return Report(title, "passed", [f"✓ {title}: all {len(cases)} cases pass."])


PERMUTE_UNIQUE = Exercise(
    "permute_unique",
    ("nums",),
    template.permutations_unique,
    True,
    "Sort first; then skip nums[i] when it equals nums[i - 1] and nums[i - 1] is not in use: "
    "the same number at the same position grows the same branch.",
)
SUBSETS_WITH_DUP = Exercise(
    "subsets_with_dup",
    ("nums",),
    template.subsets_unique,
    False,
    "Sort first; then, in one call's loop, skip nums[i] when i > start and it equals nums[i - 1].",
)
COMBINATION_SUM = Exercise(
    "combination_sum",
    ("candidates", "target"),
    template.combination_sum,
    False,
    "The same numbers in another order are the same combination: let each call choose only "
    "from `start` on, and pass i (not 0) down so earlier candidates are not chosen again.",
)
COMBINATION_SUM2 = Exercise(
    "combination_sum2",
    ("candidates", "target"),
    template.combination_sum_unique,
    False,
    "Sort first; then, in one call's loop, skip candidates[i] when i > start and it equals "
    "candidates[i - 1]; pass i + 1 down, since each candidate may be used once.",
)
PARTITION = Exercise(
    "partition",
    ("s",),
    template.palindrome_partitions,
    True,
    "Each call should cut only after `start`, and move `start` to where its piece ended.",
)
FIND_SUBSEQUENCES = Exercise(
    "find_subsequences",
    ("nums",),
    template.increasing_subsequences,
    True,
    "Equal numbers later in the list start the same branch again: keep a set of the values "
    "already tried in this call's loop, and skip those.",
)


def check_permute_unique(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 47: every distinct order of nums, which may repeat."""
    cases = [([1, 1, 2],), ([1, 2, 3],), ([2, 2, 1, 1],), ([3, 3, 0, 3],), ([1],)]
    return check_answers(PERMUTE_UNIQUE, function, cases)


def check_subsets_with_dup(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 90: every distinct subset of nums, which may repeat."""
    cases = [([1, 2, 2],), ([0],), ([4, 4, 4, 1, 4],), ([3, 1, 2],)]
    return check_answers(SUBSETS_WITH_DUP, function, cases)


def check_combination_sum(function: Callable[[list[int], int], list[list[int]]]) -> Report:
    """LeetCode 39: candidates (distinct, reusable) adding up to target."""
    cases = [([2, 3, 6, 7], 7), ([2, 3, 5], 8), ([2], 1), ([7, 3, 2], 18)]
    return check_answers(COMBINATION_SUM, function, cases)


def check_combination_sum2(function: Callable[[list[int], int], list[list[int]]]) -> Report:
    """LeetCode 40: candidates (may repeat, each used once) adding up to target."""
    cases = [([10, 1, 2, 7, 6, 1, 5], 8), ([2, 5, 2, 1, 2], 5), ([1, 1, 1, 1], 2), ([3], 2)]
    return check_answers(COMBINATION_SUM2, function, cases)


def check_partition(function: Callable[[str], list[list[str]]]) -> Report:
    """LeetCode 131: every way to cut s into palindromes."""
    cases = [("aab",), ("a",), ("abba",), ("aabaa",), ("abc",)]
    return check_answers(PARTITION, function, cases)


def check_find_subsequences(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 491: distinct non-decreasing subsequences of length at least 2."""
    cases = [([4, 6, 7, 7],), ([4, 4, 3, 2, 1],), ([1, 2, 1, 1],), ([3, 2, 1],)]
    return check_answers(FIND_SUBSEQUENCES, function, cases)
