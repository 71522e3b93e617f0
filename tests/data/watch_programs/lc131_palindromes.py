"""LeetCode 131: split a string into palindromes."""


def partition(s: str) -> list[list[str]]:
    res: list[list[str]] = []
    parts: list[str] = []

    def backtrack(start: int) -> None:
        if start == len(s):
            res.append(parts[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if piece != piece[::-1]:
                continue
            parts.append(piece)
            backtrack(end)
            parts.pop()

    backtrack(0)
    return res


ENTRY = partition
ARGS = ("aabaa",)


def answers(result: list[list[str]]) -> int:
    return len(result)
