"""LeetCode 79: is the word in the grid; each visited letter marked '#' and put back."""


def exist(board: list[list[str]], word: str) -> bool:
    def dfs(r: int, c: int, k: int) -> bool:
        if k == len(word):
            return True
        if not (0 <= r < len(board) and 0 <= c < len(board[0])) or board[r][c] != word[k]:
            return False
        keep, board[r][c] = board[r][c], "#"
        found = any(dfs(r + dr, c + dc, k + 1) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        board[r][c] = keep
        return found

    return any(dfs(r, c, 0) for r in range(len(board)) for c in range(len(board[0])))


ENTRY = exist
ARGS = ([list("ABCE"), list("SFCS"), list("ADEE"), list("XYZW")], "ABCCED")


def answers(result: bool) -> int:
    return 1 if result else 0
