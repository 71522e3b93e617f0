"""After a run that stops or raises (SystemExit and Ctrl-C too), everything the run changed
that the learner can reach (the arguments, the module globals the code names, mutable
defaults) is put back as before the call, and the words name each; nothing escapes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from sudoku_lib import parse, watch
from sudoku_lib.puzzles import SAMPLE

LEARNER = Path(__file__).parent / "data" / "watch_restore_module.py"


def learner() -> ModuleType:
    """The learner's module, loaded fresh."""
    spec = importlib.util.spec_from_file_location("watch_restore_module", LEARNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_stop_puts_back_a_global_list_and_a_mutable_default() -> None:
    module = learner()
    recording = watch(module.combine, 6, 3, max_steps=40)
    assert recording.error is not None and "max_steps=40" in recording.error
    assert module.ANSWERS == [] and module.combine.__defaults__ == (1, []) and module.found == 0
    assert "ANSWERS" in recording.error and "path (the default of combine)" in recording.error
    assert "found" in recording.error
    assert module.combine(6, 3) == 20 == module.found  # the next plain run starts clean


@pytest.mark.parametrize("how", [SystemExit, KeyboardInterrupt])
def test_system_exit_and_ctrl_c_are_told_in_a_line_and_the_board_put_back(
    how: type[BaseException],
) -> None:
    module = learner()
    board = parse(SAMPLE)
    before = [list(row) for row in board]
    recording = watch(module.fill, board, how)
    assert recording.error is not None and "\n" not in recording.error
    assert f"raised {how.__name__} at line" in recording.error
    assert board == before and module.MEMO == {}
    assert "board" in recording.error and "MEMO" in recording.error


def test_only_what_changed_is_named() -> None:
    module = learner()
    recording = watch(module.fill, parse(SAMPLE), ValueError)
    assert recording.error is not None
    assert "ANSWERS" not in recording.error and "how" not in recording.error.split(":")[-1]


def test_a_long_list_argument_is_copied_within_the_time_limit() -> None:
    def first(items: list[int], i: int = 0) -> int:
        items[i] = -1
        while True:
            i += 1

    items = list(range(5_000_000))
    recording = watch(first, items, max_seconds=1)
    assert recording.error is not None and "max_seconds=1" in recording.error
    assert items[0] == 0 and "items" in recording.error


def test_a_copy_that_takes_the_whole_limit_is_said_and_nothing_runs() -> None:
    ran: list[int] = []

    def touch(items: list[int]) -> None:
        ran.append(1)
        items.clear()

    items = list(range(5_000_000))
    recording = watch(touch, items, max_seconds=0.001)
    assert recording.error is not None and "your function was not run" in recording.error
    assert "max_seconds=0.001" in recording.error and "\n" not in recording.error
    assert ran == [] and len(items) == 5_000_000


def test_what_cannot_be_put_back_is_named() -> None:
    import numpy

    def lock(grid: numpy.ndarray, seen: list[int]) -> None:
        grid[0, 0] = 9
        seen.append(1)
        grid.flags.writeable = False  # the learner's own code makes it read-only
        raise ValueError("stop here")

    grid, seen = numpy.zeros((2, 2), dtype=int), [0]
    recording = watch(lock, grid, seen)
    assert recording.error is not None and "\n" not in recording.error
    assert recording.error.endswith(
        "Put back as they were before the call: seen. "
        "Could not put back (their own code refused): grid."
    )
    assert seen == [0] and grid[0, 0] == 9
