"""Right answers to notebook 08's exercises, written as the notebook's model solutions are (a
search of the learner's own, with the pruning each exercise names): the answers the checks must
pass, beside which tests/test_checks_nb08.py and tests/test_checks_own_wrong_answers.py set the
wrong ones."""

from __future__ import annotations


def permute_unique(nums: list[int]) -> list[list[int]]:
    """LeetCode 47: sort, and skip a number equal to the one before it when that one is unused."""
    nums = sorted(nums)
    res: list[list[int]] = []

    def backtrack(path: list[int], used: list[bool]) -> None:
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i] or (i > 0 and nums[i] == nums[i - 1] and not used[i - 1]):
                continue
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            path.pop()
            used[i] = False

    backtrack([], [False] * len(nums))
    return res


def subsets_with_dup(nums: list[int]) -> list[list[int]]:
    """LeetCode 90: sort, and skip a number equal to the one before it at the same level."""
    nums = sorted(nums)
    res: list[list[int]] = []

    def backtrack(start: int, path: list[int]) -> None:
        res.append(path[:])
        for i in range(start, len(nums)):
            if i > start and nums[i] == nums[i - 1]:
                continue
            path.append(nums[i])
            backtrack(i + 1, path)
            path.pop()

    backtrack(0, [])
    return res


def combination_sum(candidates: list[int], target: int) -> list[list[int]]:
    """LeetCode 39: sorted candidates, i passed down, `break` at the first one too large."""
    candidates = sorted(candidates)
    res: list[list[int]] = []

    def backtrack(start: int, remaining: int, path: list[int]) -> None:
        if remaining == 0:
            res.append(path[:])
            return
        for i in range(start, len(candidates)):
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i, remaining - candidates[i], path)
            path.pop()

    backtrack(0, target, [])
    return res


def combination_sum2(candidates: list[int], target: int) -> list[list[int]]:
    """LeetCode 40: i + 1 passed down, equal candidates skipped at one level, and the `break`."""
    candidates = sorted(candidates)
    res: list[list[int]] = []

    def backtrack(start: int, remaining: int, path: list[int]) -> None:
        if remaining == 0:
            res.append(path[:])
            return
        for i in range(start, len(candidates)):
            if i > start and candidates[i] == candidates[i - 1]:
                continue
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i + 1, remaining - candidates[i], path)
            path.pop()

    backtrack(0, target, [])
    return res


def partition(s: str) -> list[list[str]]:
    """LeetCode 131: cut off a piece only when it is a palindrome."""
    res: list[list[str]] = []

    def backtrack(start: int, path: list[str]) -> None:
        if start == len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if piece != piece[::-1]:
                continue
            path.append(piece)
            backtrack(end, path)
            path.pop()

    backtrack(0, [])
    return res


def find_subsequences(nums: list[int]) -> list[list[int]]:
    """LeetCode 491: no smaller number after a larger, and a set of the values tried per call."""
    res: list[list[int]] = []

    def backtrack(start: int, path: list[int]) -> None:
        if len(path) >= 2:
            res.append(path[:])
        tried: set[int] = set()
        for i in range(start, len(nums)):
            if (path and nums[i] < path[-1]) or nums[i] in tried:
                continue
            tried.add(nums[i])
            path.append(nums[i])
            backtrack(i + 1, path)
            path.pop()

    backtrack(0, [])
    return res
