"""LeetCode 78: every node of the tree is an answer."""


def subsets(nums: list[int]) -> list[list[int]]:
    res: list[list[int]] = []

    def dfs(start: int, path: list[int]) -> None:
        res.append(path[:])
        for i in range(start, len(nums)):
            path.append(nums[i])
            dfs(i + 1, path)
            path.pop()

    dfs(0, [])
    return res


ENTRY = subsets
ARGS = ([1, 2, 3, 4],)


def answers(result: list[list[int]]) -> int:
    return len(result)
