"""LeetCode 90: subsets of a list with repeats, a repeat at the same level skipped."""


def subsets_with_dup(nums: list[int]) -> list[list[int]]:
    nums = sorted(nums)
    res: list[list[int]] = []
    path: list[int] = []

    def dfs(start: int) -> None:
        res.append(list(path))
        for i in range(start, len(nums)):
            if i > start and nums[i] == nums[i - 1]:
                continue
            path.append(nums[i])
            dfs(i + 1)
            path.pop()

    dfs(0)
    return res


ENTRY = subsets_with_dup
ARGS = ([2, 1, 2, 2],)


def answers(result: list[list[int]]) -> int:
    return len(result)
