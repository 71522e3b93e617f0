"""LeetCode 52 in a class: the count kept in `self.count`, the columns in three sets."""


class Solution:
    def totalNQueens(self, n: int) -> int:
        self.count = 0
        self.n = n
        self.place(0, set(), set(), set())
        return self.count

    def place(self, row: int, cols: set[int], diag: set[int], anti: set[int]) -> None:
        if row == self.n:
            self.count += 1
            return
        for c in range(self.n):
            if c in cols or row - c in diag or row + c in anti:
                continue
            self.place(row + 1, cols | {c}, diag | {row - c}, anti | {row + c})


ENTRY = Solution().totalNQueens
ARGS = (6,)


def answers(result: int) -> int:
    return result
