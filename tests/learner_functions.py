"""Functions written as a learner writes them, shared by the watch tests: test_watch records
them in this process, and test_browser_watch puts the same source into a notebook cell, so both
watch one function and cannot drift apart."""

from __future__ import annotations


def permute(nums, pop=True):
    """LeetCode 46 as a learner writes it: a nested helper, a path, a results list.

    `pop=False` leaves out the un-choose, the mistake `find_missing_undo` must name."""
    res = []

    def backtrack(path, used):
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i]:
                continue
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            if pop:
                path.pop()
            used[i] = False

    backtrack([], [False] * len(nums))
    return res
