"""Permutations in the style of hello-algo's backtracking chapter: state, choices, selected, res."""


def is_solution(state: list[int], choices: list[int]) -> bool:
    return len(state) == len(choices)


def record_solution(state: list[int], res: list[list[int]]) -> None:
    res.append(list(state))


def backtrack(
    state: list[int], choices: list[int], selected: list[bool], res: list[list[int]]
) -> None:
    if is_solution(state, choices):
        record_solution(state, res)
        return
    for i, choice in enumerate(choices):
        if not selected[i]:
            selected[i] = True
            state.append(choice)
            backtrack(state, choices, selected, res)
            selected[i] = False
            state.pop()


def permutations_i(nums: list[int]) -> list[list[int]]:
    res: list[list[int]] = []
    backtrack([], nums, [False] * len(nums), res)
    return res


ENTRY = permutations_i
ARGS = ([1, 2, 3, 4],)


def answers(result: list[list[int]]) -> int:
    return len(result)
