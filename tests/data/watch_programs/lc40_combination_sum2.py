"""LeetCode 40: each number used once, repeats skipped, a `break` once too large."""


def combination_sum2(candidates: list[int], target: int) -> list[list[int]]:
    candidates = sorted(candidates)
    out: list[list[int]] = []

    def go(start: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(chosen[:])
            return
        for i in range(start, len(candidates)):
            if i > start and candidates[i] == candidates[i - 1]:
                continue
            if candidates[i] > left:
                break
            chosen.append(candidates[i])
            go(i + 1, left - candidates[i], chosen)
            chosen.pop()

    go(0, target, [])
    return out


ENTRY = combination_sum2
ARGS = ([10, 1, 2, 7, 6, 1, 5], 8)


def answers(result: list[list[int]]) -> int:
    return len(result)
