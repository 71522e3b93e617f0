"""The call tree beside a watched run: readable labels, the current call always in the picture,
and a frame that draws the same small window however large the tree (before, every frame drew
the whole tree, and a tree of more than 400 calls was not drawn at all)."""

from __future__ import annotations

import re

from sudoku_lib import watch

VIEW_BOX = re.compile(r'viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"')
CURRENT = re.compile(
    r'<circle cx="(-?[\d.]+)" cy="(-?[\d.]+)" r="[\d.]+" fill="none"[^>]*data-current'
)
SHAPES = re.compile(r"<(circle|polygon|path|rect|text)\b")


class Solution:
    def subsets(self, nums: list[int]) -> list[list[int]]:
        self.res: list[list[int]] = []
        self.dfs(nums, 0, [])
        return self.res

    def dfs(self, nums: list[int], start: int, path: list[int]) -> None:
        self.res.append(path[:])
        for i in range(start, len(nums)):
            path.append(nums[i])
            self.dfs(nums, i + 1, path)
            path.pop()


def queens(n: int) -> list[list[int]]:
    res: list[list[int]] = []
    cols: list[int] = []

    def place(r: int) -> None:
        if r == n:
            res.append(cols[:])
            return
        for c in range(n):
            if any(c == q or abs(c - q) == r - i for i, q in enumerate(cols)):
                continue
            cols.append(c)
            place(r + 1)
            cols.pop()

    place(0)
    return res


def picture(recording, position: int) -> str:  # type: ignore[no-untyped-def]
    recording.goto(position)
    return str(recording.model.frame().board_html)


def current_in_view(svg: str) -> bool:
    box = VIEW_BOX.search(svg)
    ring = CURRENT.search(svg)
    assert box and ring, svg[:300]
    left, top, width, height = map(float, box.groups())
    x, y = map(float, ring.groups())
    return left <= x <= left + width and top <= y <= top + height


def test_the_current_call_is_always_in_the_picture_and_the_picture_fits_the_notebook() -> None:
    recording = watch(queens, 4)
    total = recording.total
    for position in range(1, total):
        svg = picture(recording, position)
        if "data-current" in svg:
            assert current_in_view(svg), position
        assert 'width="640"' in svg  # beside the board, inside the notebook at 1280x800


def test_labels_are_short_and_large_and_objects_go_by_their_class() -> None:
    recording = watch(Solution().subsets, list(range(20, 28)))
    svg = picture(recording, recording.total // 2)
    labels = re.findall(r'<text[^>]*font-size="(\d+)"[^>]*>([^<]*)</text>', svg)
    assert labels
    assert all(int(size) >= 12 and len(text) <= 20 for size, text in labels), labels
    assert "object at 0x" not in recording.model.frame().stack[0]
    assert recording.model.frame().stack[0].startswith("1. subsets(")


def test_a_frame_draws_as_much_at_100_calls_as_at_16_000() -> None:
    small = watch(Solution().subsets, list(range(7)))  # 129 calls
    large = watch(Solution().subsets, list(range(14)))  # 16,385 calls
    assert large.error is None and large.calls > 16_000
    drawn_small = max(len(SHAPES.findall(picture(small, p))) for p in range(1, small.total, 37))
    drawn_large = max(
        len(SHAPES.findall(picture(large, p))) for p in range(1, large.total, large.total // 15)
    )
    assert drawn_large <= 3 * drawn_small, (drawn_small, drawn_large)
    assert current_in_view(picture(large, large.total // 2))  # drawn, around the current call
