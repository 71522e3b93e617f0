"""The backtracking template beyond Sudoku: notebook 08's problems, solved once, with a `prune`
switch so each problem's pruning can be measured in calls.

Every solver is the same template: a path (the state), the choices at this point, "is the path
a solution? record a copy", "is this choice allowed? if not, prune", choose, explore, un-choose.
With `prune=False` each one checks late instead (only at the leaves, or by throwing duplicates
away at the end), so it finds the same answers and the difference is the calls saved.
A Search counts the calls of the recursive helper, the root call included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .i18n import get_language


@dataclass
class Search:
    """The answers a solver found (in its order) and how many calls it made."""

    answers: list[Any] = field(default_factory=list)
    calls: int = 0


def as_key(answer: Any) -> Any:
    """An answer as something a set can hold, to throw away repeats the unpruned searches find."""
    return tuple(answer)


def unique(answers: list[Any]) -> list[Any]:
    """The answers with repeats removed, first ones kept (what the unpruned searches do last)."""
    seen: set[Any] = set()
    kept = []
    for answer in answers:
        if as_key(answer) not in seen:
            seen.add(as_key(answer))
            kept.append(answer)
    return kept


def permutations(nums: Sequence[int], prune: bool = True) -> Search:
    """LeetCode 46, 全排列: every order of distinct numbers.

    Pruned: a number already on the path is not a choice. Unpruned: pick any number at every
    step and check at the leaf that none repeats (n**n leaves instead of n!).
    """
    found, used = Search(), [False] * len(nums)
    path: list[int] = []

    def explore() -> None:
        found.calls += 1
        if len(path) == len(nums):
            if prune or len(set(path)) == len(path):  # unpruned: checked only here
                found.answers.append(path[:])
            return
        for i, number in enumerate(nums):
            if prune and used[i]:
                continue
            used[i] = True
            path.append(number)  # choose
            explore()  # explore
            path.pop()  # un-choose
            used[i] = False

    explore()
    return found


def permutations_unique(nums: Sequence[int], prune: bool = True) -> Search:
    """LeetCode 47, 全排列 II: every distinct order of numbers that may repeat.

    Sorted, equal numbers sit together; pruned: of equal numbers, only the first unused one may
    be chosen at a position, so each order is built once. Unpruned: build every order of the
    positions and throw the repeats away at the end.
    """
    nums = sorted(nums)
    found, used = Search(), [False] * len(nums)
    path: list[int] = []

    def explore() -> None:
        found.calls += 1
        if len(path) == len(nums):
            found.answers.append(path[:])
            return
        for i, number in enumerate(nums):
            if used[i]:
                continue
            if prune and i > 0 and nums[i] == nums[i - 1] and not used[i - 1]:
                continue  # the same number was just tried at this position
            used[i] = True
            path.append(number)
            explore()
            path.pop()
            used[i] = False

    explore()
    if not prune:
        found.answers = unique(found.answers)
    return found


def subsets(nums: Sequence[int]) -> Search:
    """LeetCode 78, 子集: every subset of distinct numbers. Every node of the tree is an answer,
    so there is nothing to prune: the template with `start` alone builds each subset once."""
    return _subsets(nums, skip_repeats=False)


def subsets_unique(nums: Sequence[int], prune: bool = True) -> Search:
    """LeetCode 90, 子集 II: every distinct subset of numbers that may repeat.

    Sorted; pruned: at one level, a number equal to the one before it is skipped. Unpruned:
    build every subset of the positions and throw the repeats away.
    """
    found = _subsets(sorted(nums), skip_repeats=prune)
    if not prune:
        found.answers = unique(found.answers)
    return found


def _subsets(nums: Sequence[int], skip_repeats: bool) -> Search:
    """The subsets template both problems share; `skip_repeats` is 子集 II's pruning (it needs
    `nums` sorted, so that equal numbers sit together)."""
    found = Search()
    path: list[int] = []

    def explore(start: int) -> None:
        found.calls += 1
        found.answers.append(path[:])
        for i in range(start, len(nums)):
            if skip_repeats and i > start and nums[i] == nums[i - 1]:
                continue
            path.append(nums[i])
            explore(i + 1)
            path.pop()

    explore(0)
    return found


def combination_sum(candidates: Sequence[int], target: int, prune: bool = True) -> Search:
    """LeetCode 39, 组合总和: the sets of candidates (each usable again) that add up to target.

    Sorted; pruned: once a candidate is larger than what remains, so is every later one: break.
    Unpruned: recurse anyway and give up on entry when the remainder has gone negative.
    """
    return _combinations(candidates, target, prune, reuse=True)


def combination_sum_unique(candidates: Sequence[int], target: int, prune: bool = True) -> Search:
    """LeetCode 40, 组合总和 II: each candidate used at most once, no combination twice.

    Pruned: skip a number equal to the one before it at the same level, and break once a number
    is larger than what remains. Unpruned: neither; repeats thrown away at the end.
    """
    found = _combinations(candidates, target, prune, reuse=False)
    if not prune:
        found.answers = unique(found.answers)
    return found


def _combinations(candidates: Sequence[int], target: int, prune: bool, reuse: bool) -> Search:
    """The template both 组合总和 problems share: they differ only in whether a candidate may be
    used again (`reuse`: explore from i, not i + 1) and, when it may not, in skipping repeats."""
    candidates = sorted(candidates)
    found = Search()
    path: list[int] = []

    def explore(start: int, remaining: int) -> None:
        found.calls += 1
        if remaining == 0:
            found.answers.append(path[:])
            return
        if remaining < 0:  # reached only without pruning
            return
        for i in range(start, len(candidates)):
            if prune and not reuse and i > start and candidates[i] == candidates[i - 1]:
                continue
            if prune and candidates[i] > remaining:
                break
            path.append(candidates[i])
            explore(i if reuse else i + 1, remaining - candidates[i])
            path.pop()

    explore(0, target)
    return found


def is_palindrome(text: str) -> bool:
    """Reads the same both ways."""
    return text == text[::-1]


def palindrome_partitions(s: str, prune: bool = True) -> Search:
    """LeetCode 131, 分割回文串: every way to cut s into pieces that are all palindromes.

    The choice is where the next piece ends. Pruned: only a palindrome may be cut off. Unpruned:
    cut anywhere and check the pieces at the leaf (2**(n-1) ways to cut).
    """
    found = Search()
    path: list[str] = []

    def explore(start: int) -> None:
        found.calls += 1
        if start == len(s):
            if prune or all(is_palindrome(piece) for piece in path):
                found.answers.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if prune and not is_palindrome(piece):
                continue
            path.append(piece)
            explore(end)
            path.pop()

    explore(0)
    return found


def increasing_subsequences(nums: Sequence[int], prune: bool = True) -> Search:
    """LeetCode 491, 递增子序列: the distinct non-decreasing subsequences of length 2 or more.

    Not sorted (the order is the problem). Pruned: a number smaller than the path's last is no
    choice, and a value already tried at this level is skipped (a set per level). Unpruned: build
    every subsequence, keep the non-decreasing ones, throw the repeats away.
    """
    found = Search()
    path: list[int] = []

    def explore(start: int) -> None:
        found.calls += 1
        if len(path) >= 2 and (prune or all(a <= b for a, b in pairwise(path))):
            found.answers.append(path[:])
        tried: set[int] = set()
        for i in range(start, len(nums)):
            if prune and ((path and nums[i] < path[-1]) or nums[i] in tried):
                continue
            tried.add(nums[i])
            path.append(nums[i])
            explore(i + 1)
            path.pop()

    explore(0)
    if not prune:
        found.answers = unique(found.answers)
    return found


@dataclass(frozen=True)
class Problem:
    """One of notebook 08's problems: its LeetCode number, names, solver and a case to measure."""

    number: int
    name: str
    chinese: str
    solver: Callable[..., Search]
    case: tuple[Any, ...]

    @property
    def title(self) -> str:
        """The problem's name in the language chosen: in Chinese, LeetCode CN's own title."""
        return self.chinese if get_language() == "zh" else self.name


PROBLEMS = (
    Problem(46, "permutations", "全排列", permutations, ([1, 2, 3, 4, 5],)),
    Problem(47, "permutations II", "全排列 II", permutations_unique, ([1, 1, 2, 2, 2, 3],)),
    Problem(90, "subsets II", "子集 II", subsets_unique, ([1, 2, 2, 2, 3, 3, 4],)),
    Problem(39, "combination sum", "组合总和", combination_sum, ([2, 3, 5, 7], 17)),
    Problem(
        40, "combination sum II", "组合总和 II", combination_sum_unique, ([10, 1, 2, 7, 6, 1, 5], 8)
    ),
    Problem(131, "palindrome partitioning", "分割回文串", palindrome_partitions, ("aabbaab",)),
    Problem(
        491, "increasing subsequences", "递增子序列", increasing_subsequences, ([4, 6, 7, 7, 3, 6],)
    ),
)
"""The problems with a pruning to measure (78 has none: every node of its tree is an answer)."""


@dataclass(frozen=True)
class Gain:
    """Calls with and without one problem's pruning, measured on its case."""

    problem: Problem
    calls_unpruned: int
    calls_pruned: int
    answers: int

    @property
    def ratio(self) -> float:
        """How many times fewer calls the pruning makes."""
        return self.calls_unpruned / self.calls_pruned


def measure_pruning(problems: Sequence[Problem] = PROBLEMS) -> list[Gain]:
    """Run every problem's solver with and without its pruning; both must agree on the answers."""
    gains = []
    for problem in problems:
        pruned = problem.solver(*problem.case, prune=True)
        unpruned = problem.solver(*problem.case, prune=False)
        if sorted(map(as_key, pruned.answers)) != sorted(map(as_key, unpruned.answers)):
            raise AssertionError(f"{problem.name}: pruning changed the answers")
        gains.append(Gain(problem, unpruned.calls, pruned.calls, len(pruned.answers)))
    return gains
