"""What any check does with an answer it cannot take at face value: one whose own ==, repr, hash
or < hangs or raises, one that equals everything, a huge one, an exit, a changed input; and how a
report shows itself (wherever the check is called) and reads as a truth value."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from sudoku_lib import checks
from sudoku_lib.checks import Case, check_cases, core

ONE = [Case("one", ([3, 1, 2],), 2)]


@pytest.fixture
def quick_judging(monkeypatch: pytest.MonkeyPatch) -> None:
    """Judging an answer stops after a quarter of a second: these answers never finish."""
    monkeypatch.setattr(core, "JUDGING_LIMIT", 0.25)


class HangingEq:
    def __eq__(self, other: object) -> bool:
        while True:
            pass

    __hash__ = object.__hash__


class HangingRepr:
    def __repr__(self) -> str:
        while True:
            pass


class HangingMessage(Exception):
    def __str__(self) -> str:
        while True:
            pass


class BadHash:
    def __hash__(self) -> int:
        raise ValueError("no hash for you")

    def __lt__(self, other: object) -> bool:
        raise ValueError("no order either")


class EqualsEverything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def text(report: object) -> str:
    return repr(report)


@pytest.mark.usefixtures("quick_judging")
@pytest.mark.parametrize(
    "answer",
    [lambda xs: HangingEq(), lambda xs: HangingRepr(), lambda xs: [HangingRepr()]],
    ids=["__eq__", "__repr__", "__repr__ of an item"],
)
def test_an_answer_whose_own_methods_hang_is_reported_within_the_limit(answer: Any) -> None:
    report = check_cases("median", answer, ONE)
    assert not report.passed
    assert "could not be compared or shown" in text(report) or "cannot be shown" in text(report)


@pytest.mark.usefixtures("quick_judging")
def test_an_exception_whose_message_hangs_is_reported_within_the_limit() -> None:
    def median(xs: list[int]) -> int:
        raise HangingMessage

    report = check_cases("median", median, ONE)
    assert report.outcome == "failed"
    assert "could not be compared or shown" in text(report)


def test_items_whose_hash_and_order_raise_give_a_report_not_a_traceback() -> None:
    report = check_cases("peers", lambda xs: [BadHash(), BadHash()], [Case("one", ([1],), [1, 2])])
    assert report.outcome == "failed"
    assert "expected [1, 2]" in text(report)


def test_an_answer_equal_to_everything_fails() -> None:
    report = check_cases("median", lambda xs: EqualsEverything(), ONE)
    assert report.outcome == "failed"
    assert "equals anything" in text(report)


def test_an_answer_holding_an_item_equal_to_everything_fails() -> None:
    cases = [Case("one", (1,), [1, 2])]
    report = check_cases("f", lambda x: [EqualsEverything(), EqualsEverything()], cases)
    assert report.outcome == "failed"
    assert "equals anything" in text(report)


def test_a_million_item_answer_gives_a_short_report() -> None:
    report = check_cases("peers", lambda xs: list(range(1_000_000)), ONE)
    assert report.outcome == "failed"
    assert len(text(report)) < 5_000


@pytest.mark.parametrize("exit_with", [SystemExit, GeneratorExit])
def test_an_exit_from_the_learners_code_is_reported(exit_with: type[BaseException]) -> None:
    def median(xs: list[int]) -> int:
        raise exit_with

    report = check_cases("median", median, ONE)
    assert report.outcome == "failed"
    assert f"raised {exit_with.__name__}" in text(report)


def test_sys_exit_in_the_learners_code_does_not_end_the_check() -> None:
    report = check_cases("median", lambda xs: sys.exit(0), ONE)
    assert "asked Python to stop" in text(report)


def test_a_right_answer_that_sorts_the_callers_list_fails() -> None:
    def median(xs: list[int]) -> int:
        xs.sort()
        return xs[len(xs) // 2]

    report = check_cases("median", median, ONE)
    assert report.outcome == "failed"
    assert "changed the caller's list `xs`" in text(report)
    assert "sorted(xs)" in text(report)


def test_a_missing_nonlocal_is_named_without_an_internal_type() -> None:
    def count_queens(n: int) -> int:
        count = 0

        def place(row: int) -> None:
            if row == n:
                count += 1  # noqa: F823, F841 (the learner's mistake)

        place(n)
        return count

    report = check_cases("count_queens", count_queens, [Case("n = 1", (1,), 1)])
    assert "nonlocal count" in text(report)
    assert "NoAnswer" not in text(report) and "NO_ANSWER" not in text(report)


def test_a_failed_report_is_falsy_and_a_passed_one_truthy() -> None:
    assert not check_cases("median", lambda xs: 0, ONE)
    assert check_cases("median", lambda xs: sorted(xs)[1], ONE)


def test_an_unfinished_exercise_is_falsy() -> None:
    def median_nodes(puzzles: list[str]) -> float:
        raise NotImplementedError

    report = checks.check_median_nodes(median_nodes)
    assert report.outcome == "not done yet" and not report


def shell_running(code: str, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Run one cell in an IPython shell; what the checks displayed after it, in order."""
    from IPython.core.interactiveshell import InteractiveShell

    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", lambda *values: shown.extend(values))
    shell = InteractiveShell.instance()
    try:
        shell.run_cell(code)  # type: ignore[no-untyped-call]
    finally:
        InteractiveShell.clear_instance()
        core._HOOKED.clear()
    return shown


CELL_START = "from sudoku_lib.checks import check_hardest_share\n"


def test_a_report_shows_itself_when_it_is_not_the_cells_last_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cell = CELL_START + "check_hardest_share(lambda records, fraction: -1)\nprint('x')\n"
    shown = shell_running(cell, monkeypatch)
    assert len(shown) == 1 and "✗ share of the hardest" in repr(shown[0])


def test_a_report_that_is_the_cells_last_value_is_shown_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cell = CELL_START + "check_hardest_share(lambda records, fraction: -1)\n"
    shown = shell_running(cell, monkeypatch)
    assert shown == []  # IPython showed it as the cell's value; nothing shows it twice


def test_cases_share_a_total_limit_so_a_check_keeps_to_it() -> None:
    """Each case well inside its own limit, but together past the check's: a later case gets
    only what is left (the capstone once ran 31.8 s against its 20 s)."""
    import time

    def slow_median(xs: list[int]) -> int:
        started = time.thread_time()  # the time limit counts the processor's time, not the wall's
        while time.thread_time() - started < 0.4:
            pass
        return sorted(xs)[1]

    cases = [Case(f"case {i}", ([3, 1, 2],), 2) for i in range(6)]
    report = check_cases("median", slow_median, cases, time_limit=1.0, total_limit=1.0)
    assert report.outcome == "failed" and "no answer after" in text(report), text(report)


def test_a_million_item_answer_is_not_explained_item_by_item() -> None:
    """The recognisers are the library's code, which the time limit does not stop: a huge
    answer is compared and shown in short, and no recogniser walks it (one used to look up
    the units of each of a million "digits", for many minutes)."""
    report = checks.check_candidates(lambda board, r, c: list(range(1_000_000)))
    assert report.outcome == "failed" and len(text(report)) < 5_000
    assert "what this may mean" not in text(report)
