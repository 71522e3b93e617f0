"""LeetCode 46 with a `used` table and a nested function."""


def permute(nums: list[int]) -> list[list[int]]:
    res: list[list[int]] = []
    path: list[int] = []
    used = [False] * len(nums)

    def dfs() -> None:
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i]:
                continue
            used[i] = True
            path.append(nums[i])
            dfs()
            path.pop()
            used[i] = False

    dfs()
    return res


ENTRY = permute
ARGS = ([1, 2, 3],)


def answers(result: list[list[int]]) -> int:
    return len(result)
