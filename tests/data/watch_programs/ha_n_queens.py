"""N-Queens as hello-algo's chapter lays it out: a board of '#' and 'Q', three tables of flags."""


def backtrack(
    row: int,
    n: int,
    state: list[list[str]],
    res: list[list[list[str]]],
    cols: list[bool],
    diags1: list[bool],
    diags2: list[bool],
) -> None:
    if row == n:
        res.append([list(line) for line in state])
        return
    for col in range(n):
        d1, d2 = row - col + n - 1, row + col
        if not cols[col] and not diags1[d1] and not diags2[d2]:
            state[row][col] = "Q"
            cols[col] = diags1[d1] = diags2[d2] = True
            backtrack(row + 1, n, state, res, cols, diags1, diags2)
            state[row][col] = "#"
            cols[col] = diags1[d1] = diags2[d2] = False


def n_queens(n: int) -> list[list[list[str]]]:
    state = [["#"] * n for _ in range(n)]
    res: list[list[list[str]]] = []
    backtrack(0, n, state, res, [False] * n, [False] * (2 * n - 1), [False] * (2 * n - 1))
    return res


ENTRY = n_queens
ARGS = (6,)


def answers(result: list[list[list[str]]]) -> int:
    return len(result)
