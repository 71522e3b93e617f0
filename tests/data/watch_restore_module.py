"""Learner code whose runs the restore tests stop: a global list of answers, a mutable
default, a board, and calls that raise SystemExit or KeyboardInterrupt part-way."""

ANSWERS: list[list[int]] = []
MEMO: dict[int, int] = {}
found = 0


def combine(n: int, k: int, start: int = 1, path: list[int] = []) -> int:  # noqa: B006
    global found
    if len(path) == k:
        ANSWERS.append(list(path))
        found += 1
        return 1
    found = 0
    for i in range(start, n + 1):
        path.append(i)
        found += combine(n, k, i + 1)
        path.pop()
    return found


def fill(board: list[list[str]], how: type[BaseException]) -> bool:
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == ".":
                board[r][c] = "1"
                MEMO[r * 9 + c] = 1
                if r * 9 + c > 20:
                    raise how("enough")
                return fill(board, how)
    return True
