"""LeetCode 77 with mutable defaults (`path=[]`, `res=[]`) doing the bookkeeping."""


def combine(
    n: int,
    k: int,
    start: int = 1,
    path: list[int] = [],  # noqa: B006 - the defaults are the bookkeeping, on purpose
    res: list[list[int]] = [],  # noqa: B006
) -> list[list[int]]:
    if len(path) == k:
        res.append(list(path))
        return res
    for i in range(start, n + 1):
        path.append(i)
        combine(n, k, i + 1, path, res)
        path.pop()
    return res


ENTRY = combine
ARGS = (5, 3)


def answers(result: list[list[int]]) -> int:
    return len(result)
