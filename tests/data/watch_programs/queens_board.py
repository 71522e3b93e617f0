"""LeetCode 51 on a board of '.' and 'Q' lists; every call returns the growing result."""


def solve_n_queens(n: int) -> list[list[str]]:
    board = [["."] * n for _ in range(n)]
    return place(board, 0, [])


def safe(board: list[list[str]], row: int, col: int) -> bool:
    n = len(board)
    for r in range(row):
        for c in (col, col - (row - r), col + (row - r)):
            if 0 <= c < n and board[r][c] == "Q":
                return False
    return True


def place(board: list[list[str]], row: int, res: list[list[str]]) -> list[list[str]]:
    if row == len(board):
        res.append(["".join(r) for r in board])
        return res
    for col in range(len(board)):
        if safe(board, row, col):
            board[row][col] = "Q"
            place(board, row + 1, res)
            board[row][col] = "."
    return res


ENTRY = solve_n_queens
ARGS = (4,)


def answers(result: list[list[str]]) -> int:
    return len(result)
