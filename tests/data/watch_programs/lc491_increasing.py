"""LeetCode 491: increasing subsequences, a set per level against repeats."""


def find_subsequences(nums: list[int]) -> list[list[int]]:
    res: list[list[int]] = []
    path: list[int] = []

    def dfs(start: int) -> None:
        if len(path) >= 2:
            res.append(path[:])
        seen: set[int] = set()
        for i in range(start, len(nums)):
            if (path and nums[i] < path[-1]) or nums[i] in seen:
                continue
            seen.add(nums[i])
            path.append(nums[i])
            dfs(i + 1)
            path.pop()

    dfs(0)
    return res


ENTRY = find_subsequences
ARGS = ([4, 6, 7, 7],)


def answers(result: list[list[int]]) -> int:
    return len(result)
