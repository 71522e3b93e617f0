"""Balanced brackets where each call returns a new list of the strings found below it."""


def brackets(opened: int, closed: int, n: int, prefix: str) -> list[str]:
    if closed == n:
        return [prefix]
    found: list[str] = []
    if opened < n:
        found += brackets(opened + 1, closed, n, prefix + "(")
    if closed < opened:
        found += brackets(opened, closed + 1, n, prefix + ")")
    return found


ENTRY = brackets
ARGS = (0, 0, 4, "")


def answers(result: list[str]) -> int:
    return len(result)
