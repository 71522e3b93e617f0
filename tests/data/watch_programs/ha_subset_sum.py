"""Subset sum with repeats allowed, hello-algo style: a start index prunes duplicate orders."""


def backtrack(
    state: list[int], target: int, choices: list[int], start: int, res: list[list[int]]
) -> None:
    if target == 0:
        res.append(list(state))
        return
    for i in range(start, len(choices)):
        if target - choices[i] < 0:
            break
        state.append(choices[i])
        backtrack(state, target - choices[i], choices, i, res)
        state.pop()


def subset_sum_i(nums: list[int], target: int) -> list[list[int]]:
    state: list[int] = []
    nums.sort()
    res: list[list[int]] = []
    backtrack(state, target, nums, 0, res)
    return res


ENTRY = subset_sum_i
ARGS = ([3, 4, 5], 9)


def answers(result: list[list[int]]) -> int:
    return len(result)
