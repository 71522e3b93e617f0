"""LeetCode 37 in place: `solve` returns True once the board is full, the board filled."""


class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        self.solve(board)

    def solve(self, board: list[list[str]]) -> bool:
        for r in range(9):
            for c in range(9):
                if board[r][c] != ".":
                    continue
                for d in "123456789":
                    if self.fits(board, r, c, d):
                        board[r][c] = d
                        if self.solve(board):
                            return True
                        board[r][c] = "."
                return False
        return True

    def fits(self, board: list[list[str]], r: int, c: int, d: str) -> bool:
        for i in range(9):
            if board[r][i] == d or board[i][c] == d:
                return False
            if board[3 * (r // 3) + i // 3][3 * (c // 3) + i % 3] == d:
                return False
        return True


SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "".join("." if i % 7 == 0 or i % 5 == 0 else d for i, d in enumerate(SOLVED))
ENTRY = Solution().solveSudoku
ARGS = ([list(PUZZLE[r * 9 : r * 9 + 9]) for r in range(9)],)


def answers(result: None) -> int:
    board = ARGS[0]
    return 1 if all("." not in row for row in board) else 0
