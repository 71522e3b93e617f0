"""LeetCode 39 where every call hands back the growing list of answers."""


def dfs(
    candidates: list[int], target: int, start: int, path: list[int], res: list[list[int]]
) -> list[list[int]]:
    if target == 0:
        res.append(path[:])
        return res
    for i in range(start, len(candidates)):
        if candidates[i] > target:
            continue
        path.append(candidates[i])
        dfs(candidates, target - candidates[i], i, path, res)
        path.pop()
    return res


def combination_sum(candidates: list[int], target: int) -> list[list[int]]:
    return dfs(candidates, target, 0, [], [])


ENTRY = combination_sum
ARGS = ([2, 3, 6, 7], 7)


def answers(result: list[list[int]]) -> int:
    return len(result)
