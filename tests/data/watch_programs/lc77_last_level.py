"""LeetCode 77 finishing each combination in a loop at the last level, without a call more:
one call records several answers."""


def combine(n: int, k: int) -> list[list[int]]:
    res: list[list[int]] = []
    path: list[int] = []

    def go(start: int) -> None:
        if len(path) == k - 1:
            for i in range(start, n + 1):
                res.append([*path, i])
            return
        for i in range(start, n + 1):
            path.append(i)
            go(i + 1)
            path.pop()

    go(1)
    return res


ENTRY = combine
ARGS = (5, 3)


def answers(result: list[list[int]]) -> int:
    return len(result)
